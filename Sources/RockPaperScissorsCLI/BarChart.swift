import ReduxPersistence
import RockPaperScissors

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
    /// The bars, top to bottom.
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
    /// - Parameter available: The columns a line may take, or `nil` for no limit.
    /// - Returns: One line per bar.
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
