import ReduxPersistence
import RockPaperScissors

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

    /// The column headings.
    var headings: [String]
    /// The alignment of each column.
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
    ///
    /// - Parameter width: The columns available.
    /// - Returns: The table's width after narrowing.
    func width(fitting width: Int) -> Int {
        columnWidths(fitting: width).reduce(0, +) + 2 * max(0, headings.count - 1)
    }

    /// The table as lines, two spaces between columns, no trailing spaces.
    ///
    /// - Parameter width: The columns available, or `nil` to use as many as the cells need.
    /// - Returns: The heading, a rule of dashes, then the rows.
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
    ///
    /// - Parameters:
    ///   - pairs: The labels and values, in order.
    ///   - width: The columns available, or `nil` for no limit.
    /// - Returns: The lines.
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
