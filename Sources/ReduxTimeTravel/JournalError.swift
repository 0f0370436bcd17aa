/// Why a journal could not be read, written or replayed; the message says what to do.
public struct JournalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The file could not be opened, read or written (`errno` in the message).
        case fileAccess
        /// The first line is not a MultiRedux journal header.
        case notAJournal
        /// The journal was written by a format version this version cannot read.
        case unknownVersion(Int)
        /// A complete line in the journal cannot be read: the file is damaged.
        case damagedLine(Int)
        /// A line names an action type the reader was not given.
        case unregisteredAction(String)
        /// Replay met an entry that was recorded as not replayable.
        case notReplayable(sequence: Int)
    }

    /// What went wrong.
    public let kind: Kind
    /// A sentence that names the file (and line) and says what to do.
    public let message: String

    /// Describes an error.
    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
