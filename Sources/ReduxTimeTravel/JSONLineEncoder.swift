import Foundation
internal import ReduxReducers

/// Writes an `Encodable` value as compact JSON into a byte buffer, streaming: each container
/// writes its elements as they are encoded, with no intermediate tree.
///
/// Foundation's `JSONEncoder` builds a tree of boxed values, then serialises it; this writes the
/// same JSON (as `JSONDecoder` with default strategies reads it:
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
