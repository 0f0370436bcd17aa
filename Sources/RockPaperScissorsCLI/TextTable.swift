import ReduxPersistence

/// Lays out rows of text in aligned columns, with a heading row and a rule under it.
///
/// Columns are measured in terminal columns (``TerminalText/width(_:)``), so wide characters
/// and emoji stay aligned, and cells are shown with control and bidirectional formatting
/// characters escaped. Given a width, the table narrows its shrinkable columns, cutting their
/// cells with "…", until it fits.
struct TextTable {
    /// How a column aligns its cells.
    enum Alignment {
        case left
        case right
    }

    var headings: [String]
    var alignments: [Alignment]
    /// The narrowest each column may become when the table must fit a width; `nil` for a column
    /// that is never narrowed. By default no column is.
    var minimumWidths: [Int?] = []
    /// The rows, each with one cell per column.
    var rows: [[String]] = []

    /// The columns the table takes when it is not narrowed.
    var width: Int {
        columnWidths(fitting: nil).reduce(0, +) + 2 * max(0, headings.count - 1)
    }

    /// The columns the table takes when narrowed to fit a width: more than `width` when its
    /// columns cannot be narrowed enough.
    func width(fitting width: Int) -> Int {
        columnWidths(fitting: width).reduce(0, +) + 2 * max(0, headings.count - 1)
    }

    /// The heading, a rule of dashes, then the rows, two spaces between columns, no trailing
    /// spaces; narrowed to fit `width` when one is given.
    ///
    /// - Complexity: O(*r* × *c*) for *r* rows and *c* columns, plus O(*c* × *w*) to narrow it
    ///   to a width *w*.
    func render(fitting width: Int? = nil) -> [String] {
        let widths = columnWidths(fitting: width)
        let rule = widths.map { String(repeating: "-", count: $0) }
        return ([headings.map(ShownText.escaped), rule] + rows.map { $0.map(ShownText.escaped) }).map { cells in
            let padded = cells.indices.map { column in
                TerminalText.padded(
                    TerminalText.truncated(cells[column], toWidth: widths[column]), to: widths[column],
                    right: alignments[column] == .right)
            }
            return trimmingTrailingSpaces(padded.joined(separator: "  "))
        }
    }

    /// Each column's width: its widest cell, then, to fit `width`, the widest shrinkable column
    /// narrowed one column at a time while it is above its minimum.
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

    private func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " {
            line.removeLast()
        }
        return line
    }
}

extension TextTable {
    /// Lays out label-value pairs with the values aligned, fitting a width when one is given.
    ///
    /// A value too long for its line is wrapped onto lines indented to the value column. When
    /// the labels leave the values less than 20 columns, each value goes on the lines after its
    /// label instead, indented by two spaces.
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
///
/// Labels are measured in terminal columns and shown escaped, like ``TextTable`` cells.
struct BarChart {
    var bars: [(label: String, value: Int)]
    /// The length of the longest bar.
    var width = 24

    /// The narrowest bar the chart shrinks to before it cuts labels.
    private static let minimumBarWidth = 8
    /// The narrowest a label is cut to.
    private static let minimumLabelWidth = 6

    /// The chart as lines.
    ///
    /// A positive value always gets at least one `#`, so no non-zero count looks like zero.
    /// Given a width, the bars get shorter (down to 8 columns) and then the labels are cut
    /// (down to 6) until each line fits.
    ///
    /// - Complexity: O(*n* × `width`) for *n* bars.
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
