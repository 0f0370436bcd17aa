/// A markdown table with notes under it.
struct Table {
    let title: String
    let header: [String]
    var rows: [[String]] = []
    var notes: [String] = []

    /// The table as markdown: a heading, the table, then the notes as a list.
    func render() -> String {
        var lines = [
            "### \(title)", "", line(header), line(["---"] + Array(repeating: "---:", count: header.count - 1)),
        ]
        lines += rows.map(line)
        if !notes.isEmpty {
            lines.append("")
            lines += notes.map { "- \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func line(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |"
    }
}

/// Formats a number with `decimals` digits after the point, e.g. `format(1234.5, 1)` is "1234.5".
func format(_ value: Double, _ decimals: Int = 1) -> String {
    guard value.isFinite else { return "n/a" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = String(scaled % Int(scale))
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard decimals > 0 else { return sign + String(whole) }
    return sign + String(whole) + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
}

/// Formats a ratio, e.g. "1.02×".
func ratio(_ value: Double) -> String {
    format(value, value < 10 ? 2 : 1) + "×"
}

/// Formats a count with thousands separators, e.g. "1,000,000".
func grouped(_ value: Int) -> String {
    let digits = String(value)
    var result = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return result
}
