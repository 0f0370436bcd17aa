/// Why the state file could not be read or written; the description names the file and says
/// what to do.
public enum StateFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but could not be read (permissions, a directory, an I/O error).
    case unreadable(path: String, reason: String)
    /// The file was read but is not a valid state file.
    case corrupt(path: String, reason: String)
    /// The file was written by a newer version of the program.
    case newerFormat(path: String, found: Int, supported: Int)
    /// The file could not be written; the previous file, if any, is unchanged.
    case unwritable(path: String, reason: String)
    /// Another program (a game still running, most likely) is changing the file; see
    /// ``StateFile/withExclusiveAccess(_:)``.
    case inUse(path: String)

    /// The file the error is about.
    public var path: String {
        switch self {
        case .unreadable(let path, _), .corrupt(let path, _), .newerFormat(let path, _, _),
            .unwritable(let path, _), .inUse(let path):
            path
        }
    }

    /// What went wrong, the file's path, and what to do.
    public var description: String {
        let leftAlone = "The file was left untouched."
        let remedy = "Move it away or delete it to start fresh, or use another file with --state-file PATH."
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read the state file \(path): \(clause(reason)). \(leftAlone) Check its permissions, or use "
                + "another file with --state-file PATH."
        case .corrupt(let path, let reason):
            return "the state file \(path) is corrupt: \(clause(reason)). \(leftAlone) \(remedy)"
        case .newerFormat(let path, let found, let supported):
            return "the state file \(path) has format version \(found), but this rps reads versions up to "
                + "\(supported). \(leftAlone) Use a newer rps, or use another file with --state-file PATH."
        case .unwritable(let path, let reason):
            return "cannot save the state file \(path): \(clause(reason)). Any earlier file there is unchanged. Check "
                + "that its directory is writable, or use another file with --state-file PATH."
        case .inUse(let path):
            return "the state file \(path) is in use by another rps (a game may still be running). \(leftAlone) "
                + "Finish or quit the other rps and try again, or use another file with --state-file PATH."
        }
    }

    /// A reason without its final full stop, to be embedded in a sentence.
    private func clause(_ reason: String) -> String {
        reason.hasSuffix(".") ? String(reason.dropLast()) : reason
    }
}
