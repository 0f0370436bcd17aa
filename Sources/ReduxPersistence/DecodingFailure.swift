import Foundation

/// Says in words what reading a JSON value found wrong, and where: "the field
/// `rounds[2].player1` is missing" rather than the decoder's description.
///
/// - Parameter error: What decoding threw.
/// - Returns: The reason, for ``PersistenceError/corrupt(path:reason:)``.
func describeDecodingFailure(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .keyNotFound(let key, let context):
        return "the field \(fieldName(context.codingPath + [key])) is missing"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
        guard !context.codingPath.isEmpty else { return "it has the wrong shape (\(context.debugDescription))" }
        return "the field \(fieldName(context.codingPath)) has the wrong type (\(context.debugDescription))"
    case .dataCorrupted(let context):
        guard !context.codingPath.isEmpty else { return "it is not valid JSON (\(context.debugDescription))" }
        return "the field \(fieldName(context.codingPath)) is invalid: \(context.debugDescription)"
    @unknown default:
        return "\(error)"
    }
}

private func fieldName(_ path: [any CodingKey]) -> String {
    let joined = path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
    return joined.hasPrefix(".") ? String(joined.dropFirst()) : joined
}
