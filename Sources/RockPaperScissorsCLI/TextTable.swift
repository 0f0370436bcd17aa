/// Lays out rows of text in aligned columns, with a heading row and a rule under it.
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
    /// The rows, each with one cell per column.
    var rows: [[String]] = []

    /// The table as lines, two spaces between columns, no trailing spaces.
    ///
    /// - Returns: The heading, a rule of dashes, then the rows.
    /// - Complexity: O(*r* × *c*) for *r* rows and *c* columns.
    func render() -> [String] {
        let widths = headings.indices.map { column in
            ([headings] + rows).map { $0[column].count }.max() ?? 0
        }
        let rule = widths.map { String(repeating: "-", count: $0) }
        return ([headings, rule] + rows).map { cells in
            let padded = cells.indices.map { column in
                pad(cells[column], to: widths[column], alignment: alignments[column])
            }
            return trimmingTrailingSpaces(padded.joined(separator: "  "))
        }
    }

    private func pad(_ text: String, to width: Int, alignment: Alignment) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return alignment == .left ? text + padding : padding + text
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
    /// Lays out label-value pairs with the values aligned.
    ///
    /// - Parameter pairs: The labels and values, in order.
    /// - Returns: One line per pair.
    static func keyValueLines(_ pairs: [(String, String)]) -> [String] {
        let width = pairs.map(\.0.count).max() ?? 0
        return pairs.map { label, value in
            label + String(repeating: " ", count: width - label.count) + "  " + value
        }
    }
}
