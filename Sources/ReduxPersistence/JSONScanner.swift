import Foundation

/// Reads the structure of a JSON text without building its values: where each member of an
/// object starts and ends. A state file's parts are handed to their decoders as the bytes the file
/// holds; `JSONSerialization` would build every value, and each part would then be written back to
/// JSON to be decoded again (Docs/Decisions/0024).
///
/// It checks RFC 8259's grammar as it goes (objects, arrays, strings and their escapes, numbers,
/// the three literals), so the texts it accepts are valid JSON; strings are checked for UTF-8 by
/// the caller, once, when ``sawNonASCII`` says a string held other bytes. It is stricter than
/// `JSONSerialization` (which, for one, accepts a comma before a closing bracket): what it refuses,
/// its caller reads in full.
struct JSONScanner {
    /// The text is not valid JSON (or nests deeper than ``maximumDepth``).
    struct Invalid: Error {}

    /// How deeply arrays and objects may nest, as `JSONSerialization` limits it.
    static let maximumDepth = 512

    private let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    private(set) var position = 0
    /// Whether a string held a byte outside ASCII.
    private(set) var sawNonASCII = false
    private var depth = 0

    /// A scanner at `position` in `bytes` (by default their start), which must outlive it.
    init(_ bytes: UnsafeRawBufferPointer, at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// Whether only white space is left.
    mutating func isAtEnd() -> Bool {
        skipSpace()
        return position == bytes.count
    }

    /// Whether the next value (after white space) is an object.
    mutating func isAtObject() -> Bool {
        skipSpace()
        return position < bytes.count && bytes[position] == UInt8(ascii: "{")
    }

    /// Reads the `{` that opens an object.
    mutating func readObjectStart() throws(Invalid) {
        try expect(UInt8(ascii: "{"))
    }

    /// Reads the next member's key and its `:`, or the `}` that closes the object (then nil).
    ///
    /// - Parameter first: Whether no member of this object was read yet (no `,` comes before it).
    mutating func readKey(first: Bool) throws(Invalid) -> String? {
        skipSpace()
        guard position < bytes.count else { throw Invalid() }
        if bytes[position] == UInt8(ascii: "}") {
            position += 1
            return nil
        }
        if !first {
            try expect(UInt8(ascii: ","))
            skipSpace()
        }
        let key = try readString()
        try expect(UInt8(ascii: ":"))
        return key
    }

    /// Reads a string and returns its value.
    mutating func readString() throws(Invalid) -> String {
        skipSpace()
        let start = position
        let escaped = try skipString()
        let inner = UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<(position - 1)])
        guard escaped else { return String(decoding: inner, as: UTF8.self) }
        // Escapes are rare in keys: the decoder's reading of the literal is the reference.
        let literal = Data(UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        guard let value = try? JSONDecoder().decode(String.self, from: literal) else { throw Invalid() }
        return value
    }

    /// Reads a number and returns it as an integer; nil when it is a number with no exact `Int`
    /// value (not an error: the caller decides).
    mutating func readInteger() throws(Invalid) -> Int? {
        skipSpace()
        guard position < bytes.count,
            bytes[position] == UInt8(ascii: "-") || Self.isDigit(bytes[position])
        else { throw Invalid() }
        let start = position
        try skipNumber()
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if let integer = Int(text) { return integer }
        return Double(text).flatMap { Int(exactly: $0) }
    }

    /// Reads any value, checking it, and returns where its text lies.
    mutating func skipValue() throws(Invalid) -> Range<Int> {
        skipSpace()
        guard position < bytes.count else { throw Invalid() }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"):
            try nest()
            position += 1
            var first = true
            while try readKey(first: first) != nil {
                first = false
                _ = try skipValue()
            }
            depth -= 1
        case UInt8(ascii: "["):
            try nest()
            position += 1
            skipSpace()
            if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
                position += 1
            } else {
                while true {
                    _ = try skipValue()
                    skipSpace()
                    guard position < bytes.count else { throw Invalid() }
                    let byte = bytes[position]
                    position += 1
                    if byte == UInt8(ascii: "]") { break }
                    guard byte == UInt8(ascii: ",") else { throw Invalid() }
                }
            }
            depth -= 1
        case UInt8(ascii: "\""):
            _ = try skipString()
        case UInt8(ascii: "t"):
            try skipLiteral("true")
        case UInt8(ascii: "f"):
            try skipLiteral("false")
        case UInt8(ascii: "n"):
            try skipLiteral("null")
        default:
            try skipNumber()
        }
        return start..<position
    }

    // MARK: Pieces

    private mutating func nest() throws(Invalid) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw Invalid() }
    }

    private mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws(Invalid) {
        skipSpace()
        guard position < bytes.count, bytes[position] == byte else { throw Invalid() }
        position += 1
    }

    /// Skips a string at `position`, its quotes included.
    ///
    /// - Returns: Whether it held an escape.
    private mutating func skipString() throws(Invalid) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw Invalid() }
        position += 1
        var escaped = false
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return escaped
            case UInt8(ascii: "\\"):
                escaped = true
                guard position < bytes.count else { throw Invalid() }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                case UInt8(ascii: "u"):
                    for _ in 0..<4 {
                        guard position < bytes.count, Self.isHexDigit(bytes[position]) else { throw Invalid() }
                        position += 1
                    }
                default:
                    throw Invalid()
                }
            case 0..<0x20:
                throw Invalid()
            case 0x80...:
                sawNonASCII = true
            default:
                break
            }
        }
        throw Invalid()
    }

    private mutating func skipLiteral(_ literal: StaticString) throws(Invalid) {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw Invalid() }
        for offset in 0..<count where bytes[position + offset] != literal.utf8Start[offset] {
            throw Invalid()
        }
        position += count
    }

    /// Skips `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func skipNumber() throws(Invalid) {
        if position < bytes.count && bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, Self.isDigit(bytes[position]) else { throw Invalid() }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            skipDigits()
        }
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, Self.isDigit(bytes[position]) else { throw Invalid() }
            skipDigits()
        }
        if position < bytes.count && (bytes[position] | 0x20) == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"))
            {
                position += 1
            }
            guard position < bytes.count, Self.isDigit(bytes[position]) else { throw Invalid() }
            skipDigits()
        }
    }

    private mutating func skipDigits() {
        while position < bytes.count && Self.isDigit(bytes[position]) { position += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }

    /// Whether `bytes` are valid UTF-8: read once, without making a string of them.
    ///
    /// - Complexity: O(*n*), no allocation.
    static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
