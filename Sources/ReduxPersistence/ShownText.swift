/// Text that came from outside the program (typed, piped, a file name, a saved name), made safe
/// to print.
///
/// A terminal acts on some characters instead of showing them: an escape sequence pasted into a
/// command line can turn the terminal red, a right-to-left override reorders everything after it.
/// Such characters are shown escaped, `\u{1B}` or `\u{202E}`, so the message says exactly what was
/// typed and the terminal stays as it was. Long input is cut, so a 20,000-character line does not
/// fill the screen.
///
/// ```swift
/// ShownText.quoted("\u{1B}[31mred")          // '\u{1B}[31mred'
/// ShownText.escaped("Ann\u{202E}nnA")        // Ann\u{202E}nnA, shown as typed, not reordered
/// ```
package enum ShownText {
    /// How many characters of input an error message shows before cutting it.
    package static let inputLimit = 40

    /// The text with every character a terminal would act on written as an escape: control
    /// characters (C0, DEL, C1) and the bidirectional formatting characters. Everything else,
    /// wide characters and emoji included, is kept.
    ///
    /// The result holds no such character, so escaping it again changes nothing.
    ///
    /// - Parameter text: The text to show.
    /// - Returns: The text, safe to print.
    /// - Complexity: O(*n*) for *n* Unicode scalars.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isActive) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            case _ where isActive(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                shown += "\\u{" + String(repeating: "0", count: max(0, 2 - hex.count)) + hex + "}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Input for an error message: in single quotes, escaped, and cut after ``inputLimit``
    /// characters with its full length said.
    ///
    /// - Parameters:
    ///   - text: What was typed.
    ///   - limit: How many characters to show at most.
    /// - Returns: `'text'`, or `'the first forty…' (20000 characters)`.
    /// - Complexity: O(*n*) for *n* characters.
    package static func quoted(_ text: String, limit: Int = inputLimit) -> String {
        let count = text.count
        guard count > limit else { return "'\(escaped(text))'" }
        return "'\(escaped(String(text.prefix(limit))))…' (\(count) characters)"
    }

    /// Whether a terminal acts on the character instead of showing it.
    ///
    /// - Parameter scalar: The character.
    /// - Returns: `true` for C0 and C1 controls, DEL, and the bidirectional formatting characters
    ///   (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069).
    package static func isActive(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
