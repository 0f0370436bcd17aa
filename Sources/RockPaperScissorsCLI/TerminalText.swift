import RockPaperScissors

/// Measures, cuts and wraps text by the columns it takes on a terminal: two for East Asian wide
/// characters (`李`) and emoji (`🎸`), none for combining marks, formatting and ANSI colour codes.
///
/// ```swift
/// TerminalText.width("Zoë 🎸")                 // 6
/// TerminalText.truncated("李小龍 and friends", toWidth: 8)   // "李小龍 …"
/// ```
enum TerminalText {
    /// The columns the text (one line) takes; ANSI escape sequences (`ESC [ … m`) take none.
    static func width(_ text: String) -> Int {
        var width = 0
        var escape = EscapeScanner()
        for character in text where !escape.skips(character) {
            width += self.width(of: character)
        }
        return width
    }

    static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.properties.isEmojiPresentation || (scalars.count > 1 && scalars.contains("\u{FE0F}")) {
            return 2
        }
        if [.nonspacingMark, .enclosingMark, .format, .control].contains(first.properties.generalCategory) {
            return 0
        }
        return first.value >= 0x1100 && wideRanges.contains { $0.contains(first.value) } ? 2 : 1
    }

    /// The East Asian Wide and Fullwidth ranges of Unicode 15, emoji aside.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1AFF0...0x1B2FF,
        0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// Plain text cut to fit a width (at least 1), ending in "…" when cut.
    static func truncated(_ text: String, toWidth width: Int) -> String {
        guard self.width(text) > width else { return text }
        var kept = ""
        var used = 0
        for character in text {
            let columns = self.width(of: character)
            guard used + columns <= width - 1 else { break }
            kept.append(character)
            used += columns
        }
        return withoutTrailingSpaces(kept) + "…"
    }

    static func withoutTrailingSpaces(_ text: some StringProtocol) -> String {
        String(text[..<(text.lastIndex { $0 != " " }.map(text.index(after:)) ?? text.startIndex)])
    }

    /// The text padded with spaces to a width, on the left when aligned `right`.
    static func padded(_ text: String, to width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - self.width(text)))
        return right ? padding + text : text + padding
    }

    /// A line broken into lines that fit a width, at the last space that fits where there is one;
    /// continuation lines start with `indent`. Escape sequences take no room and are never split.
    static func wrapped(_ line: String, toWidth width: Int, indent: String = "") -> [String] {
        guard width > 0, self.width(line) > width else { return [line] }
        var lines: [String] = []
        var rest = Substring(line)
        var prefix = ""
        while !rest.isEmpty {
            let room = max(1, width - self.width(prefix))
            if self.width(String(rest)) <= room {
                lines.append(prefix + rest)
                break
            }
            let (head, tail) = split(rest, room: room)
            lines.append(prefix + head)
            rest = tail.drop { $0 == " " }
            prefix = indent
        }
        return lines
    }

    /// The longest beginning of `text` that fits `room`, at a space if one fits, and the rest.
    private static func split(_ text: Substring, room: Int) -> (String, Substring) {
        var used = 0
        var lastSpace: Substring.Index?
        var index = text.startIndex
        var escape = EscapeScanner()
        while index < text.endIndex {
            let character = text[index]
            if !escape.skips(character) {
                let columns = width(of: character)
                if used + columns > room {
                    break
                }
                if character == " " {
                    lastSpace = index
                }
                used += columns
            }
            index = text.index(after: index)
        }
        if index == text.startIndex {
            index = text.index(after: index)
        }
        let cut = (index < text.endIndex && text[index] != " ") ? (lastSpace ?? index) : index
        return (withoutTrailingSpaces(text[..<cut]), text[cut...])
    }

    /// Follows ANSI escape sequences (`ESC [ … m`) through a text, character by character.
    private struct EscapeScanner {
        private var inEscape = false

        mutating func skips(_ character: Character) -> Bool {
            if inEscape {
                if let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value), scalar != "[" {
                    inEscape = false
                }
                return true
            }
            inEscape = character == "\u{1B}"
            return inEscape
        }
    }
}

extension RoundResult {
    /// The classic shout with the winner named: `PLAYER 1 WINS!` for the default names,
    /// `COMPUTER WINS!`, `ANN WINS!`; `DRAW!`.
    func shout(naming name: (Player) -> String) -> String {
        switch self {
        case .player1Wins: "\(name(.one).uppercased()) WINS!"
        case .player2Wins: "\(name(.two).uppercased()) WINS!"
        case .draw: message.rawValue
        }
    }
}

/// ANSI colours for the output: only on a terminal that understands them (`TERM` is not `dumb`)
/// and without a `NO_COLOR` (<https://no-color.org>).
struct TextStyle: Sendable {
    let isEnabled: Bool

    init(console: any Console, environment: [String: String]) {
        isEnabled =
            console.isOutputTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    func bold(_ text: String) -> String { wrap(text, code: "1") }

    /// A result in its colour, the winner named in the classic shout: `PLAYER 1 WINS!` for the
    /// default names, `COMPUTER WINS!`, `ANN WINS!`.
    func message(for result: RoundResult, naming name: (Player) -> String) -> String {
        let colour =
            switch result {
            case .player1Wins: "1;32"
            case .player2Wins: "1;31"
            case .draw: "1;33"
            }
        return wrap(result.shout(naming: name), code: colour)
    }

    private func wrap(_ text: String, code: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
