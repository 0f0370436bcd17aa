/// Measures, cuts and wraps text by the columns it takes on a terminal, not by its characters.
///
/// A terminal gives East Asian wide characters (`李`) and emoji (`🎸`) two columns, combining
/// marks and invisible formatting characters none, and ANSI colour codes none. Tables padded by
/// character count would misalign as soon as a name holds one of them.
///
/// ```swift
/// TerminalText.width("Zoë 🎸")                 // 6
/// TerminalText.truncated("李小龍 and friends", toWidth: 8)   // "李小龍 …"
/// ```
enum TerminalText {
    /// The columns the text takes; ANSI escape sequences (`ESC [ … m`) take none.
    ///
    /// - Parameter text: The text, without line breaks.
    /// - Returns: The width in columns.
    /// - Complexity: O(*n*) for *n* characters.
    static func width(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value), scalar != "[" {
                    inEscape = false
                }
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                continue
            }
            width += self.width(of: character)
        }
        return width
    }

    /// The columns one character takes: 0, 1 or 2.
    ///
    /// - Parameter character: A grapheme cluster.
    /// - Returns: 2 for wide and emoji characters, 0 for combining marks and format characters,
    ///   1 otherwise.
    static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.properties.isEmojiPresentation || (scalars.count > 1 && scalars.contains("\u{FE0F}")) {
            return 2
        }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        return isWide(first.value) ? 2 : 1
    }

    /// The East Asian Wide and Fullwidth ranges of Unicode 15 that are not emoji (those are
    /// found by their emoji presentation).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1AFF0...0x1B2FF,
        0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        return wideRanges.contains { $0.contains(value) }
    }

    /// The text cut to fit a width, ending in "…" when cut.
    ///
    /// - Parameters:
    ///   - text: Plain text, without escape sequences.
    ///   - width: The columns available, at least 1.
    /// - Returns: The text, or its longest beginning that fits with the "…".
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
        while kept.last == " " {
            kept.removeLast()
        }
        return kept + "…"
    }

    /// The text padded with spaces to a width.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - width: The columns to fill.
    ///   - right: Whether to pad on the left, aligning the text right.
    /// - Returns: The padded text; unchanged when it is already as wide.
    static func padded(_ text: String, to width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - self.width(text)))
        return right ? padding + text : text + padding
    }

    /// A line broken into lines that fit a width, at spaces where possible.
    ///
    /// A line that fits is returned as it is. Otherwise it is broken at the last space that fits,
    /// the spaces there are dropped, and continuation lines start with `indent`; a word wider than
    /// the room is broken where the room ends. Escape sequences take no room and are never split.
    ///
    /// - Parameters:
    ///   - line: One line, without line breaks.
    ///   - width: The columns available.
    ///   - indent: What continuation lines start with.
    /// - Returns: The lines, each at most `width` wide (unless `indent` alone is not).
    /// - Complexity: O(*n*²) in the worst case for a line of *n* characters; lines are short.
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

    /// The longest beginning of `text` that fits `room`, ending at a space if one fits, and the rest.
    private static func split(_ text: Substring, room: Int) -> (String, Substring) {
        var used = 0
        var lastSpace: Substring.Index?
        var index = text.startIndex
        var inEscape = false
        while index < text.endIndex {
            let character = text[index]
            if inEscape {
                if let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value), scalar != "[" {
                    inEscape = false
                }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
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
        var head = String(text[..<cut])
        while head.last == " " {
            head.removeLast()
        }
        return (head, text[cut...])
    }
}
