import ReduxPersistence

/// Rows of text in aligned columns, under a heading and a rule. Columns are measured in terminal
/// columns (``TerminalText/width(_:)``), cells are escaped, and shrinkable columns are cut with
/// "…" to fit a width.
struct TextTable {
    /// How a column aligns its cells.
    enum Alignment {
        case left
        case right
    }

    var headings: [String]
    var alignments: [Alignment]
    /// The narrowest each column may become to fit a width; `nil` for a column never narrowed.
    var minimumWidths: [Int?] = []
    var rows: [[String]] = []

    /// The columns the table takes, narrowed to fit `width` if given (more when it cannot fit).
    func width(fitting width: Int? = nil) -> Int {
        columnWidths(fitting: width).reduce(0, +) + 2 * max(0, headings.count - 1)
    }

    /// The heading, a rule of dashes, then the rows, two spaces between columns; narrowed to fit
    /// `width` when one is given.
    func render(fitting width: Int? = nil) -> [String] {
        let widths = columnWidths(fitting: width)
        let rule = widths.map { String(repeating: "-", count: $0) }
        return ([headings.map(ShownText.escaped), rule] + rows.map { $0.map(ShownText.escaped) }).map { cells in
            let padded = cells.indices.map { column in
                TerminalText.padded(
                    TerminalText.truncated(cells[column], toWidth: widths[column]), to: widths[column],
                    right: alignments[column] == .right)
            }
            return TerminalText.withoutTrailingSpaces(padded.joined(separator: "  "))
        }
    }

    /// Each column's widest cell; to fit `width`, the widest shrinkable column narrowed, one at a time.
    private func columnWidths(fitting width: Int?) -> [Int] {
        var widths = headings.indices.map { column in
            ([headings] + rows).map { TerminalText.width(ShownText.escaped($0[column])) }.max() ?? 0
        }
        guard let width else { return widths }
        let available = width - 2 * max(0, headings.count - 1)
        while widths.reduce(0, +) > available {
            let candidates = widths.indices.filter { column in
                column < minimumWidths.count && minimumWidths[column].map { widths[column] > $0 } == true
            }
            guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { break }
            widths[widest] -= 1
        }
        return widths
    }
}

extension TextTable {
    /// Label-value pairs with the values aligned, wrapped to fit a width; when the labels leave
    /// under 20 columns, each value goes under its label instead.
    static func keyValueLines(_ pairs: [(String, String)], fitting width: Int? = nil) -> [String] {
        let pairs = pairs.map { (ShownText.escaped($0.0), ShownText.escaped($0.1)) }
        let labelWidth = pairs.map { TerminalText.width($0.0) }.max() ?? 0
        guard let width else {
            return pairs.map { label, value in TerminalText.padded(label, to: labelWidth) + "  " + value }
        }
        let valueColumn = labelWidth + 2
        if width - valueColumn >= 20 {
            let indent = String(repeating: " ", count: valueColumn)
            return pairs.flatMap { label, value in
                TerminalText.wrapped(
                    TerminalText.padded(label, to: labelWidth) + "  " + value, toWidth: width, indent: indent)
            }
        }
        return pairs.flatMap { label, value in
            [TerminalText.truncated(label, toWidth: width)]
                + TerminalText.wrapped("  " + value, toWidth: width, indent: "  ")
        }
    }
}

/// A horizontal bar chart in plain text: one labelled bar of `#` per value, scaled so the
/// largest value fills the width.
///
/// ```
/// Player 1  ########################  6
/// Computer  ################          4
/// Draws     ####                      1
/// ```
struct BarChart {
    var bars: [(label: String, value: Int)]
    /// The length of the longest bar.
    var width = 24

    private static let minimumBarWidth = 8
    private static let minimumLabelWidth = 6

    /// The chart as lines; a positive value gets at least one `#`. Given a width, the bars get
    /// shorter, then the labels are cut, until each line fits.
    func render(fitting available: Int? = nil) -> [String] {
        let largest = bars.map(\.value).max() ?? 0
        let labels = bars.map { ShownText.escaped($0.label) }
        var labelWidth = labels.map(TerminalText.width).max() ?? 0
        var barWidth = width
        if let available {
            let valueWidth = bars.map { String($0.value).count }.max() ?? 0
            let fixed = 4 + valueWidth
            barWidth = max(min(width, Self.minimumBarWidth), min(width, available - fixed - labelWidth))
            labelWidth = min(labelWidth, max(Self.minimumLabelWidth, available - fixed - barWidth))
        }
        return zip(bars, labels).map { bar, label in
            let length =
                largest == 0 ? 0 : max(bar.value > 0 ? 1 : 0, (bar.value * barWidth + largest / 2) / largest)
            let shown = TerminalText.padded(TerminalText.truncated(label, toWidth: labelWidth), to: labelWidth)
            let fill = String(repeating: "#", count: length) + String(repeating: " ", count: barWidth - length)
            return "\(shown)  \(fill)  \(bar.value)"
        }
    }
}
