/// Why a state file could not be read or written; the description names the file and says what
/// to do. Whatever went wrong, the file was left as it was.
public enum PersistenceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but could not be read (permissions, an I/O error).
    case unreadable(path: String, reason: String)
    /// Something other than a regular file is at the path: `kind` says what ("a directory",
    /// "a character device", …). Nothing is read from or written to it.
    case notAFile(path: String, kind: String)
    /// The file was read but is not a valid state file.
    case corrupt(path: String, reason: String)
    /// The file was written in a newer format than this program reads.
    case newerFormat(path: String, found: Int, supported: Int)
    /// The file may not be written: its permissions do not let this user write it, or it has no
    /// write permission for anyone. It is left as it is.
    case readOnly(path: String)
    /// The path is a symbolic link to `target`, whose directory does not exist; nothing is
    /// created there.
    case brokenLink(path: String, target: String)
    /// The file could not be written; the previous file, if any, is unchanged.
    case unwritable(path: String, reason: String)
    /// An action could not be appended to the file's journal (a full disk, most likely), so the
    /// program stopped after it: `saved` says whether it was saved in the snapshot instead (then
    /// nothing is lost) or is lost (the file holds everything before it, undamaged).
    case journalUnwritable(path: String, reason: String, saved: Bool)
    /// Another process (another run of the program, most likely) is changing the file; see
    /// ``StateFile/withExclusiveAccess(_:)``.
    case inUse(path: String)

    /// The file the error is about.
    public var path: String {
        switch self {
        case .unreadable(let path, _), .notAFile(let path, _), .corrupt(let path, _), .newerFormat(let path, _, _),
            .readOnly(let path), .brokenLink(let path, _), .unwritable(let path, _), .journalUnwritable(let path, _, _),
            .inUse(let path):
            path
        }
    }

    /// What went wrong, the file's path, and what to do.
    ///
    /// Paths and reasons are shown with control and bidirectional formatting characters escaped.
    public var description: String {
        let leftAlone = "The file was left untouched."
        let another = "use another file."
        let shown = ShownText.escaped(path)
        switch self {
        case .unreadable(_, let reason):
            return "cannot read the state file \(shown): \(clause(reason)). \(leftAlone) Check its permissions, or "
                + another
        case .notAFile(_, let kind) where kind == "a directory":
            return "the state file \(shown) is a directory, not a file. Nothing was changed. Name a file, such as "
                + "\(ShownText.escaped(path + "/state.json")), or " + another
        case .notAFile(_, let kind):
            return "the state file \(shown) is \(kind), not a regular file, so it is neither read nor written. "
                + "Nothing was changed. Use a regular file."
        case .corrupt(_, let reason):
            return "the state file \(shown) is corrupt: \(clause(reason)). \(leftAlone) Move it away or delete it to "
                + "start fresh, or " + another
        case .newerFormat(_, let found, let supported):
            return "the state file \(shown) has format version \(found), but this program reads versions up to "
                + "\(supported). \(leftAlone) Use a newer version of the program, or " + another
        case .readOnly:
            return "the state file \(shown) is read-only, so it may not be saved to. \(leftAlone) Make it writable "
                + "(chmod u+w \(shown)) if it is yours to change, or " + another
        case .brokenLink(_, let target):
            let directory = String(target[..<(target.lastIndex(of: "/") ?? target.startIndex)])
            return "the state file \(shown) is a symbolic link to \(ShownText.escaped(target)), whose directory "
                + "\(ShownText.escaped(directory.isEmpty ? "/" : directory)) does not exist. Nothing was changed. "
                + "Create that directory, point the link elsewhere, or " + another
        case .unwritable(_, let reason):
            return "cannot save the state file \(shown): \(clause(reason)). Any earlier file there is unchanged. "
                + "Check that its directory is writable, or " + another
        case .journalUnwritable(_, let reason, saved: true):
            return "cannot append to the journal of the state file \(shown): \(clause(reason)). The program stopped "
                + "there; the last change was kept in memory and saved in the state file itself instead, so nothing "
                + "is lost. Free some disk space before going on."
        case .journalUnwritable(_, let reason, saved: false):
            return "cannot append to the journal of the state file \(shown): \(clause(reason)). The program stopped "
                + "there; the last change was kept in memory but could not be saved in the state file either, so it "
                + "is lost. Every change confirmed before it is saved, and the file is not damaged. Free some disk "
                + "space, then make that change again."
        case .inUse:
            return "the state file \(shown) is in use by another process (another run of the program may still be "
                + "going). \(leftAlone) Finish or quit the other one and try again, or " + another
        }
    }

    /// A reason without its final full stop, escaped, to be embedded in a sentence.
    private func clause(_ reason: String) -> String {
        ShownText.escaped(reason.hasSuffix(".") ? String(reason.dropLast()) : reason)
    }
}
