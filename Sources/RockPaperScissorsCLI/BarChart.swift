/// A horizontal bar chart in plain text: one labelled bar of `#` per value, scaled so the
/// largest value fills the width.
///
/// ```
/// Player 1  ########################  6
/// Computer  ################          4
/// Draws     ####                      1
/// ```
struct BarChart {
    /// The bars, top to bottom.
    var bars: [(label: String, value: Int)]
    /// The length of the longest bar.
    var width = 24

    /// The chart as lines.
    ///
    /// A positive value always gets at least one `#`, so no non-zero count looks like zero.
    ///
    /// - Returns: One line per bar.
    /// - Complexity: O(*n* × `width`) for *n* bars.
    func render() -> [String] {
        let largest = bars.map(\.value).max() ?? 0
        let labelWidth = bars.map(\.label.count).max() ?? 0
        return bars.map { bar in
            let length = largest == 0 ? 0 : max(bar.value > 0 ? 1 : 0, (bar.value * width + largest / 2) / largest)
            let label = bar.label + String(repeating: " ", count: labelWidth - bar.label.count)
            let fill = String(repeating: "#", count: length) + String(repeating: " ", count: width - length)
            return "\(label)  \(fill)  \(bar.value)"
        }
    }
}
