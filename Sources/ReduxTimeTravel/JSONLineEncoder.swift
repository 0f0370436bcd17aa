import Foundation
internal import ReduxReducers

/// Writes an `Encodable` value as compact JSON into a byte buffer, streaming: each container
/// writes its elements as they are encoded, with no intermediate tree.
///
/// Foundation's `JSONEncoder` builds a tree of boxed values, then serialises it (~5 µs for a
/// small action); this writes the same JSON (as `JSONDecoder` with default strategies reads it:
/// `Data` as Base64, `URL` as a string, `Date` as its own `Codable` number) in a fraction of that.
/// Containers are closed when a write reaches an outer one, and when the value is done, which is
/// how synthesised and hand-written `encode(to:)` methods use them.
///
/// The encoder keeps the keyed containers it hands out and hands the same ones out again (see
/// ``JSONLineOutput``); it lets go of them when it goes.
///
/// Not thread-safe: its owner serialises the calls (the journal writer holds its lock).
final class JSONLineEncoder {
    /// Where the JSON goes, and the state of the containers writing it.
    let output = JSONLineOutput()

    /// A copy of the JSON written so far.
    var bytes: [UInt8] { output.bytes }

    deinit {
        // The kept containers refer to the output: let go of them, or neither would go.
        output.forgetContainers()
    }

    /// Appends a value's JSON to ``bytes``.
    ///
    /// - Throws: `EncodingError.invalidValue` for a non-finite floating-point number, or what the
    ///   value's `encode(to:)` throws; the bytes written before the error stay (the caller cuts
    ///   them off).
    func encode(_ value: some Encodable) throws {
        try output.encode(value)
    }

    /// Appends a string's JSON to ``bytes``.
    func encodeString(_ string: String) {
        output.writeString(string)
    }
}

/// The bytes a ``JSONLineEncoder`` writes, the containers open in them, and the keyed containers
/// it hands out again.
///
/// A `KeyedEncodingContainer` boxes its container in a class instance, generic over the key type:
/// making one costs three run-time generic-metadata look-ups and an allocation (~1,400
/// instructions, more than the rest of a small action's line). The containers this encoder hands
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
    @exclusivity(unchecked) fileprivate var open: [(closer: UInt8, count: Int)] = []
    /// Whether the value being encoded has written anything yet (an empty `encode(to:)` writes
    /// `{}`, as `JSONEncoder` does).
    @exclusivity(unchecked) fileprivate var wroteValue = false
    /// A number per key type of the kept keyed containers.
    @exclusivity(unchecked) private var keyTypes = TypeNumbers()
    /// The kept keyed containers, by key type number, then depth.
    @exclusivity(unchecked) private var keyedContainers: [[KeptContainer]] = []

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
    fileprivate func writeValue<Value: Encodable>(_ value: Value) throws {
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
    fileprivate func close(to depth: Int) {
        while open.count > depth {
            buffer.append(open.removeLast().closer)
        }
    }

    /// Opens a container after the current position.
    ///
    /// - Returns: Its depth.
    fileprivate func openContainer(_ opener: UInt8, _ closer: UInt8) -> Int {
        buffer.append(opener)
        open.append((closer, 0))
        wroteValue = true
        return open.count - 1
    }

    /// Prepares to write an element of the container at `depth`: closes deeper containers and
    /// writes the comma.
    fileprivate func beginElement(at depth: Int) {
        if open.count > depth + 1 {
            close(to: depth + 1)
        }
        if open[depth].count > 0 {
            buffer.append(UInt8(ascii: ","))
        }
        open[depth].count += 1
    }

    /// How many elements the container at `depth` has.
    fileprivate func count(at depth: Int) -> Int {
        depth < open.count ? open[depth].count : 0
    }

    /// The keyed container at `depth` (just opened) of a value at the top of what is encoded:
    /// the one made for that key type and depth before, or a new one kept for next time.
    fileprivate func keptContainer<Key: CodingKey>(keyedBy _: Key.Type, depth: Int) -> KeyedEncodingContainer<Key> {
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
        fileID.withMemoryRebound(to: UInt8.self, capacity: 1) { start in
            writeEscaped(UnsafeBufferPointer(start: start, count: strlen(fileID)), closes: false)
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

    fileprivate func writeBool(_ value: Bool) {
        writeLiteral(value ? "true" : "false")
    }

    fileprivate func writeNull() {
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
    fileprivate func writeFloat<Number: BinaryFloatingPoint & LosslessStringConvertible>(
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

/// The `Encoder` a value's `encode(to:)` sees.
private struct LineEncoder: Encoder {
    let writer: JSONLineOutput
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy keyType: Key.Type) -> KeyedEncodingContainer<Key> {
        let depth = writer.openContainer(UInt8(ascii: "{"), UInt8(ascii: "}"))
        if codingPath.isEmpty {
            return writer.keptContainer(keyedBy: keyType, depth: depth)
        }
        return KeyedEncodingContainer(KeyedLineContainer<Key>(writer: writer, depth: depth, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let depth = writer.openContainer(UInt8(ascii: "["), UInt8(ascii: "]"))
        return UnkeyedLineContainer(writer: writer, depth: depth, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleLineContainer(writer: writer, codingPath: codingPath)
    }
}

/// Writes one value: what a single-value container and the elements of the others share.
private protocol LineValueWriting {
    var writer: JSONLineOutput { get }
    var codingPath: [any CodingKey] { get }
}

extension LineValueWriting {
    func write<Value: Encodable>(_ value: Value) throws {
        // The common leaves first, by metatype: their own `encode(to:)` would go through a
        // single-value container.
        if Value.self == String.self {
            writer.writeString(value as! String)
        } else if Value.self == Int.self {
            writer.writeInteger(Int64(value as! Int))
        } else if Value.self == Bool.self {
            writer.writeBool(value as! Bool)
        } else if Value.self == Double.self {
            try writer.writeFloat(value as! Double, codingPath: codingPath)
        } else {
            try writer.writeValue(value)
        }
    }
}

private struct SingleLineContainer: SingleValueEncodingContainer, LineValueWriting {
    let writer: JSONLineOutput
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { writer.writeNull() }
    mutating func encode(_ value: Bool) throws { writer.writeBool(value) }
    mutating func encode(_ value: String) throws { writer.writeString(value) }
    mutating func encode(_ value: Double) throws { try writer.writeFloat(value, codingPath: codingPath) }
    mutating func encode(_ value: Float) throws { try writer.writeFloat(value, codingPath: codingPath) }
    mutating func encode(_ value: Int) throws { writer.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int8) throws { writer.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int16) throws { writer.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int32) throws { writer.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int64) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { writer.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { writer.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { writer.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { writer.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { writer.writeUnsigned(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try write(value) }
}

/// A keyed container: its elements are written at its depth. Holds nothing but where it writes,
/// so that one of each key type and depth can be kept and handed out again.
private struct KeyedLineContainer<Key: CodingKey>: KeyedEncodingContainerProtocol, LineValueWriting {
    let writer: JSONLineOutput
    let depth: Int
    let codingPath: [any CodingKey]

    private func key(_ key: Key) {
        writer.beginElement(at: depth)
        writer.writeString(key.stringValue)
        writer.append(UInt8(ascii: ":"))
    }

    mutating func encodeNil(forKey key: Key) throws {
        self.key(key)
        writer.writeNull()
    }

    // The leaves without the generic method's metatype comparisons (the protocol's defaults
    // would call it).
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        self.key(key)
        writer.writeBool(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        self.key(key)
        writer.writeString(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        self.key(key)
        try writer.writeFloat(value, codingPath: codingPath + [key])
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        self.key(key)
        try writer.writeFloat(value, codingPath: codingPath + [key])
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        self.key(key)
        writer.writeInteger(Int64(value))
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws {
        self.key(key)
        writer.writeInteger(Int64(value))
    }

    mutating func encode(_ value: Int16, forKey key: Key) throws {
        self.key(key)
        writer.writeInteger(Int64(value))
    }

    mutating func encode(_ value: Int32, forKey key: Key) throws {
        self.key(key)
        writer.writeInteger(Int64(value))
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        self.key(key)
        writer.writeInteger(value)
    }

    mutating func encode(_ value: UInt, forKey key: Key) throws {
        self.key(key)
        writer.writeUnsigned(UInt64(value))
    }

    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        self.key(key)
        writer.writeUnsigned(UInt64(value))
    }

    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        self.key(key)
        writer.writeUnsigned(UInt64(value))
    }

    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        self.key(key)
        writer.writeUnsigned(UInt64(value))
    }

    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        self.key(key)
        writer.writeUnsigned(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        self.key(key)
        try write(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        self.key(key)
        return LineEncoder(writer: writer, codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        self.key(key)
        return LineEncoder(writer: writer, codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        writer.beginElement(at: depth)
        writer.writeString("super")
        writer.append(UInt8(ascii: ":"))
        return LineEncoder(writer: writer, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        self.key(key)
        return LineEncoder(writer: writer, codingPath: codingPath + [key])
    }
}

/// An unkeyed container: its elements are written at its depth, and counted there (three words,
/// so that the `any UnkeyedEncodingContainer` holding it needs no allocation).
private struct UnkeyedLineContainer: UnkeyedEncodingContainer, LineValueWriting {
    let writer: JSONLineOutput
    let depth: Int
    let codingPath: [any CodingKey]

    var count: Int { writer.count(at: depth) }

    mutating func encodeNil() throws {
        writer.beginElement(at: depth)
        writer.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        writer.beginElement(at: depth)
        writer.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        writer.beginElement(at: depth)
        writer.writeString(value)
    }

    mutating func encode(_ value: Int) throws {
        writer.beginElement(at: depth)
        writer.writeInteger(Int64(value))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        writer.beginElement(at: depth)
        try write(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        writer.beginElement(at: depth)
        return LineEncoder(writer: writer, codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.beginElement(at: depth)
        return LineEncoder(writer: writer, codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        writer.beginElement(at: depth)
        return LineEncoder(writer: writer, codingPath: codingPath)
    }
}
