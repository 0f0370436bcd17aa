import Foundation

/// The JSON of an HTML export (an ``EmbeddedSession``), written into the page's bytes piece by
/// piece: what `JSONEncoder` writes for the whole session, without its tree of every value of a
/// long session in memory at once.
///
/// Each entry, patch list, change list and tree is encoded by `JSONEncoder` in small batches and
/// appended; a `<` in the data is written `\u003c`, which means the same inside a JSON string, so
/// that nothing in the data can end the page's `<script>` element early.
struct ExportJSON {
    /// The bytes written so far.
    private(set) var data = Data()
    private let encoder = JSONEncoder()

    /// How many values `JSONEncoder` encodes at once: few enough that its tree of them stays
    /// small, enough that its cost per call does not show.
    private static let batch = 256

    /// Appends the JSON of a session: the same object as `JSONEncoder` writes for it.
    ///
    /// - Parameter session: The data of an export.
    /// - Complexity: O(size of the JSON); memory beyond the bytes: that of `batch` values.
    mutating func append(_ session: EmbeddedSession) {
        append("{\"session\":")
        appendEncoded(session.session)
        append(",\"entries\":")
        appendArray(session.entries)
        append(",\"interval\":\(session.interval),\"checkpoints\":")
        appendArray(session.checkpoints, batch: 1)
        append(",\"patches\":")
        appendArray(session.patches)
        append(",\"changes\":")
        appendArray(session.changes)
        if let trimmed = session.trimmed {
            append(",\"trimmed\":")
            appendEncoded(trimmed)
        }
        append("}")
    }

    /// Appends text as it is.
    mutating func append(_ text: String) {
        data.append(contentsOf: Array(text.utf8))
    }

    /// Appends a JSON array of values, encoded `batch` at a time.
    private mutating func appendArray<Element: Encodable>(_ values: [Element], batch: Int = Self.batch) {
        append("[")
        var start = values.startIndex
        while start < values.endIndex {
            let end = min(values.endIndex, start + batch)
            let encoded = encode(Array(values[start..<end]))
            // The batch's elements: its JSON without the brackets.
            if start > values.startIndex {
                append(",")
            }
            appendEscaping(encoded.dropFirst().dropLast())
            start = end
        }
        append("]")
    }

    private mutating func appendEncoded(_ value: some Encodable) {
        appendEscaping(encode(value))
    }

    private func encode(_ value: some Encodable) -> Data {
        do {
            return try encoder.encode(value)
        } catch {
            preconditionFailure("ReduxInspector: the inspector's own types encode: \(error)")
        }
    }

    /// Appends JSON, each `<` written `\u003c` (which JSON has only inside strings).
    private mutating func appendEscaping(_ json: Data) {
        var rest = json[...]
        while let less = rest.firstIndex(of: UInt8(ascii: "<")) {
            data.append(rest[..<less])
            data.append(contentsOf: Self.escapedLess)
            rest = rest[rest.index(after: less)...]
        }
        data.append(rest)
    }

    private static let escapedLess = Array("\\u003c".utf8)
}
