/// Why an inspector or its server could not do what was asked; the message says what to do.
public struct InspectorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// An entry index outside the session.
        case noSuchEntry
        /// The server was asked to listen on an address other than 127.0.0.1.
        case addressRefused
        /// A socket could not be created, bound or listened on (`errno` in the message).
        case socket
        /// A journal could not be read or written.
        case journal
        /// A file could not be written.
        case file
        /// A range of the session cannot be written as a test (the message says which entry, and
        /// why).
        case testExport
    }

    /// What went wrong.
    public let kind: Kind
    /// A sentence that says what happened and what to do.
    public let message: String

    /// Describes an error.
    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
