import Foundation
internal import ReduxShared

/// The bytes a ``JSONLineEncoder`` writes, the containers open in them, and the keyed containers
/// it hands out again.
///
/// A `KeyedEncodingContainer` boxes its container in a class instance, generic over the key type:
/// making one costs three run-time generic-metadata look-ups and an allocation, more than the rest
/// of a small action's line (B6, Performance.md). The containers this encoder hands
/// out at the top of a value (empty coding path) differ only in their key type and depth, and
/// hold nothing else, so one of each is made and handed out every time.
///
/// Not thread-safe, hence the unchecked exclusivity: the run-time checks of the class's
/// properties cost more than the writing.
final class JSONLineOutput {
    /// The JSON written so far.
    @exclusivity(unchecked) private var buffer = LineBuffer()
    /// The open containers, innermost last: the byte that closes each, and how many elements it
    /// has.
    @exclusivity(unchecked) var open: [(closer: UInt8, count: Int)] = []
    /// Whether the value being encoded has written anything yet (an empty `encode(to:)` writes
    /// `{}`, as `JSONEncoder` does).
    @exclusivity(unchecked) var wroteValue = false
    /// A number per key type of the kept keyed containers.
    @exclusivity(unchecked) private var keyTypes = TypeNumbers()
    /// The kept keyed containers, by key type number, then depth.
    @exclusivity(unchecked) private var keyedContainers: [[KeptContainer]] = []
    /// The last call site's file written, and its JSON string without the closing quote: an
    /// app's actions mostly come from a few files, whose `#fileID` text lives as long as the
    /// program, so the pointer names it (B6, Performance.md).
    @exclusivity(unchecked) private var lastSiteFile: (fileID: UnsafePointer<CChar>, json: [UInt8])?

    /// A copy of the JSON written so far.
    var bytes: [UInt8] { buffer.array }

    /// How many bytes are written.
    var count: Int { buffer.count }

    /// Drops the bytes after the first `count` (what a failed encoding wrote).
    func truncate(to count: Int) {
        buffer.truncate(to: count)
    }

    /// Drops the first `count` bytes written (what already reached the file).
    func removeFirst(_ count: Int) {
        buffer.removeFirst(count)
    }

    /// Drops every byte written, keeping the allocation.
    func removeAll() {
        buffer.removeAll()
    }

    /// Calls `body` with the bytes written, valid during the call only.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try buffer.withBytes(body)
    }

    /// Appends bytes as they are (an action type's name, already JSON).
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(bytes)
    }

    /// Appends one byte as it is.
    func append(_ byte: UInt8) {
        buffer.append(byte)
    }

    /// Drops the kept containers (which refer to this output).
    func forgetContainers() {
        keyedContainers = []
        keyTypes.removeAll()
    }

    /// Appends a value's JSON to ``bytes``.
    ///
    /// - Throws: What ``JSONLineEncoder/encode(_:)`` throws.
    func encode(_ value: some Encodable) throws {
        let depth = open.count
        do {
            try writeValue(value)
        } catch {
            open.removeSubrange(depth...)
            throw error
        }
    }

    /// Writes a nested value at the current position.
    func writeValue<Value: Encodable>(_ value: Value) throws {
        // Metatype comparisons, not casts: a dynamic cast per value cost more than the writing.
        if Value.self == Data.self {
            writeString((value as! Data).base64EncodedString())
            return
        }
        if Value.self == URL.self {
            writeString((value as! URL).absoluteString)
            return
        }
        if Value.self == Decimal.self {
            writeText((value as! Decimal).description)
            return
        }
        let depth = open.count
        wroteValue = false
        try value.encode(to: LineEncoder(writer: self, codingPath: []))
        close(to: depth)
        if !wroteValue {
            buffer.append(UInt8(ascii: "{"))
            buffer.append(UInt8(ascii: "}"))
        }
        wroteValue = true
    }

    /// Closes the containers deeper than `depth`.
    func close(to depth: Int) {
        while open.count > depth {
            buffer.append(open.removeLast().closer)
        }
    }

    /// Opens a container after the current position.
    ///
    /// - Returns: Its depth.
    func openContainer(_ opener: UInt8, _ closer: UInt8) -> Int {
        buffer.append(opener)
        open.append((closer, 0))
        wroteValue = true
        return open.count - 1
    }

    /// Prepares to write an element of the container at `depth`: closes deeper containers and
    /// writes the comma.
    func beginElement(at depth: Int) {
        if open.count > depth + 1 {
            close(to: depth + 1)
        }
        if open[depth].count > 0 {
            buffer.append(UInt8(ascii: ","))
        }
        open[depth].count += 1
    }

    /// How many elements the container at `depth` has.
    func count(at depth: Int) -> Int {
        depth < open.count ? open[depth].count : 0
    }

    /// The keyed container at `depth` (just opened) of a value at the top of what is encoded:
    /// the one made for that key type and depth before, or a new one kept for next time.
    func keptContainer<Key: CodingKey>(keyedBy _: Key.Type, depth: Int) -> KeyedEncodingContainer<Key> {
        let number = keyTypes.value(for: Key.self) { _ in
            keyedContainers.append([])
            return keyedContainers.count - 1
        }
        if depth >= keyedContainers[number].count {
            keepContainers(keyedBy: Key.self, number: number, through: depth)
        }
        // Every container kept under the number of `Key` was made for `Key` (below).
        return unsafeDowncast(keyedContainers[number][depth], to: KeptContainerOf<KeyedEncodingContainer<Key>>.self)
            .copy()
    }

    /// Makes and keeps the containers of a key type up to `depth`.
    @inline(never)
    private func keepContainers<Key: CodingKey>(keyedBy _: Key.Type, number: Int, through depth: Int) {
        while keyedContainers[number].count <= depth {
            let made = KeyedLineContainer<Key>(writer: self, depth: keyedContainers[number].count, codingPath: [])
            keyedContainers[number].append(KeptContainerOf(KeyedEncodingContainer(made)))
        }
    }

    /// Appends a string's JSON to ``bytes``: quoted, with `"`, `\` and the control characters
    /// escaped.
    func writeString(_ string: String) {
        wroteValue = true
        if string.utf8.withContiguousStorageIfAvailable({ writeEscaped($0) }) == nil {
            var native = string
            native.withUTF8 { writeEscaped($0) }
        }
    }

    /// Appends a call site as a JSON string, `"Module/File.swift:42"`.
    func writeSite(fileID: UnsafePointer<CChar>, line: UInt) {
        wroteValue = true
        if let lastSiteFile, lastSiteFile.fileID == fileID {
            lastSiteFile.json.withUnsafeBufferPointer { buffer.append($0) }
        } else {
            let start = buffer.count
            fileID.withMemoryRebound(to: UInt8.self, capacity: 1) { start in
                writeEscaped(UnsafeBufferPointer(start: start, count: strlen(fileID)), closes: false)
            }
            lastSiteFile = (fileID, buffer.withBytes { Array($0[start...]) })
        }
        buffer.append(UInt8(ascii: ":"))
        buffer.appendDigits(UInt64(line))
        buffer.append(UInt8(ascii: "\""))
    }

    /// Appends a number of milliseconds with three decimals (microseconds), `1718000000123.456`.
    func writeMilliseconds(_ milliseconds: Double) {
        wroteValue = true
        let microseconds = UInt64(max(0, (milliseconds * 1_000).rounded()))
        buffer.appendDigits(microseconds / 1_000)
        buffer.append(UInt8(ascii: "."))
        let fraction = microseconds % 1_000
        buffer.append(UInt8(ascii: "0") + UInt8(fraction / 100))
        buffer.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
        buffer.append(UInt8(ascii: "0") + UInt8(fraction % 10))
    }

    /// Appends UTF-8 text as a JSON string: runs that need no escape are copied whole.
    ///
    /// - Parameter closes: Whether to write the closing quote; false for a caller that adds to
    ///   the string first.
    private func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>, closes: Bool = true) {
        buffer.append(UInt8(ascii: "\""))
        var start = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if start < index {
                buffer.append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
            }
            start = index + 1
            buffer.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): buffer.append(byte)
            case 0x0A: buffer.append(UInt8(ascii: "n"))
            case 0x0D: buffer.append(UInt8(ascii: "r"))
            case 0x09: buffer.append(UInt8(ascii: "t"))
            default:
                buffer.append(UInt8(ascii: "u"))
                buffer.append(UInt8(ascii: "0"))
                buffer.append(UInt8(ascii: "0"))
                buffer.append(Self.hexDigit(byte >> 4))
                buffer.append(Self.hexDigit(byte & 0xF))
            }
        }
        if start < utf8.count {
            buffer.append(UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        if closes {
            buffer.append(UInt8(ascii: "\""))
        }
    }

    /// The lower-case hexadecimal digit of a number below 16.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// Appends text as it is (a number's digits, or JSON).
    func writeText(_ text: String) {
        wroteValue = true
        var text = text
        text.withUTF8 { buffer.append($0) }
    }

    /// Appends ASCII text known when compiling, such as `true` or a journal line's keys.
    func writeLiteral(_ text: StaticString) {
        wroteValue = true
        text.withUTF8Buffer { buffer.append($0) }
    }

    func writeBool(_ value: Bool) {
        writeLiteral(value ? "true" : "false")
    }

    func writeNull() {
        writeLiteral("null")
    }

    /// Appends a signed whole number's digits.
    func writeInteger(_ value: Int64) {
        if value < 0 {
            buffer.append(UInt8(ascii: "-"))
        }
        writeUnsigned(value.magnitude)
    }

    /// Appends a whole number's digits.
    func writeUnsigned(_ value: UInt64) {
        wroteValue = true
        buffer.appendDigits(value)
    }

    /// Appends a floating-point number as `description` writes it, less a trailing `.0`.
    ///
    /// - Throws: `EncodingError.invalidValue` if it is not finite (`codingPath` is worked out
    ///   then only).
    func writeFloat<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: Number, codingPath: @autoclosure () -> [any CodingKey]
    ) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: codingPath(), debugDescription: "\(value) is not valid JSON"))
        }
        wroteValue = true
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        text.withUTF8 { buffer.append($0) }
    }
}

/// A kept keyed container, without its type: what ``JSONLineOutput`` keeps.
private class KeptContainer {}

/// A kept keyed container, generic over the container's whole type (not its key type).
private final class KeptContainerOf<Container>: KeptContainer {
    let container: Container

    init(_ container: Container) {
        self.container = container
    }

    /// A copy of the container. Generic over the container's type, which the copy takes from this
    /// object's class; code generic over the key type would look the metadata of
    /// `KeyedEncodingContainer<Key>` up at run time to copy it. Not inlined,
    /// for the same reason.
    @inline(never)
    func copy() -> Container {
        container
    }
}
