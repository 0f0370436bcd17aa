import Foundation
import ReduxCore
internal import ReduxShared
import ReduxStore

extension Journal {
    /// Reads a journal file; never changes the file.
    ///
    /// ```swift
    /// let journal = try Journal<Counter>(contentsOf: path, actions: RecordableActions([Increment.self]))
    /// ```
    ///
    /// A torn last line (a process killed while appending it) is dropped and noted in ``notes``;
    /// everything before it is read. A line that names an earlier sequence number than the line
    /// before starts a branch (the recorded store was moved back, then dispatched): it replaces
    /// the entries from that number on. Lines that say they are not replayable become
    /// ``JournalEntry/notReplayable(typeName:)`` entries.
    ///
    /// - Parameters:
    ///   - path: The journal file.
    ///   - actions: The action types the journal may name.
    /// - Throws: ``JournalError``: the file cannot be read, is not a journal, has a format version
    ///   this version does not read, has a damaged line before the last one (the message names
    ///   the file and the line), or names an action type not in `actions`.
    /// - Complexity: O(size of the file).
    public init(contentsOf path: String, actions: RecordableActions) throws(JournalError) {
        try self.init(reading: JournalReader.contents(of: path), from: path, actions: actions)
    }

    /// Reads a journal from the bytes of a journal file, as ``init(contentsOf:actions:)`` reads the
    /// file (an inspector reads one a browser uploaded).
    ///
    /// - Parameters:
    ///   - contents: The file's bytes.
    ///   - path: What the messages and notes call the file.
    ///   - actions: The action types the journal may name.
    /// - Throws: ``JournalError``, as ``init(contentsOf:actions:)`` does.
    package init(reading contents: [UInt8], from path: String, actions: RecordableActions) throws(JournalError) {
        self.init()
        guard let newline = contents.firstIndex(of: UInt8(ascii: "\n")) else {
            if !contents.isEmpty {
                notes.append("Dropped the torn header of \(path): no action was recorded in it.")
            }
            return
        }
        _ = try JournalReader.checkHeader(contents, path: path)
        let decoder = JSONDecoder()
        decoder.userInfo[JournalReader.actionsKey] = actions
        var passedOver = PassedOverEntries()
        var lineNumber = 1
        var start = newline + 1
        while start < contents.count {
            lineNumber += 1
            guard let end = contents[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                notes.append(
                    "Dropped the torn last line \(lineNumber) of \(path) (a process stopped while appending it); "
                        + "the \(entries.count) actions before it are read.")
                break
            }
            let line: JournalLine<Root>
            do {
                line = try decoder.decode(JournalLine<Root>.self, from: Data(contents[start..<end]))
            } catch let error as JournalError {
                throw JournalError(error.kind, "Line \(lineNumber) of \(path): \(error.message)")
            } catch {
                throw JournalError(
                    .damagedLine(lineNumber),
                    "Line \(lineNumber) of \(path) is damaged (\(error)); the journal cannot be read past it. "
                        + "The file was left as it is; restore it from a copy or cut it before that line.")
            }
            guard line.sequence >= 1, line.sequence <= entries.count + 1 else {
                throw JournalError(
                    .damagedLine(lineNumber),
                    "Line \(lineNumber) of \(path) has sequence number \(line.sequence) after \(entries.count): "
                        + "lines are missing. The file was left as it is.")
            }
            if let cause = line.cause, cause < 1 || cause >= line.sequence {
                throw JournalError(
                    .damagedLine(lineNumber),
                    "Line \(lineNumber) of \(path) names action \(cause) as its cause, which is not before it: the "
                        + "file is damaged. The file was left as it is.")
            }
            if line.sequence <= entries.count {
                dropEntries(from: line.sequence - 1)
            }
            if let cause = line.cause {
                causes[line.sequence - 1] = cause - 1
            }
            if let site = line.site {
                sites[line.sequence - 1] = site
            }
            if let time = line.time {
                times[line.sequence - 1] = time
            }
            entries.append(line.entry)
            if let why = line.whyNotReplayable {
                let typeName = line.entry.typeName
                passedOver.add(typeName == JournalEntry<Root>.asyncResultName ? "an async result" : typeName, why: why)
            }
            if let after = line.after {
                recordedStates[entries.count - 1] = after
            } else if case .asyncResult(_, let state) = line.entry {
                recordedStates[entries.count - 1] = state
            }
            start = end + 1
        }
        if actions.passesOverUnreadable, let note = passedOver.note(in: path) {
            notes.append(note)
        }
    }
}

extension Journal {
    /// Drops the entries from an index on, and what is known about them: a line that starts a
    /// branch replaces them. Only then, so that reading stays O(*n*) when every line has a site
    /// and a time.
    private mutating func dropEntries(from index: Int) {
        entries.removeSubrange(index...)
        recordedStates = recordedStates.filter { $0.key < index }
        causes = causes.filter { $0.key < index }
        sites = sites.filter { $0.key < index }
        times = times.filter { $0.key < index }
    }
}

/// The entries a reader passing over what it cannot replay passed over, counted by what is shown
/// of them and why, in the order first met.
private struct PassedOverEntries {
    private var kinds: [(shown: String, why: String, count: Int)] = []

    mutating func add(_ shown: String, why: String) {
        if let index = kinds.firstIndex(where: { $0.shown == shown && $0.why == why }) {
            kinds[index].count += 1
        } else {
            kinds.append((shown, why, 1))
        }
    }

    /// "Passed over 3 entries of PATH that cannot be replayed: …"; `nil` when there were none.
    func note(in path: String) -> String? {
        guard !kinds.isEmpty else { return nil }
        let total = kinds.reduce(0) { $0 + $1.count }
        let listed = kinds.map { ($0.count == 1 ? $0.shown : "\($0.shown) ×\($0.count)") + " (\($0.why))" }
        return "Passed over \(total) entr\(total == 1 ? "y" : "ies") of \(path) that cannot be replayed: "
            + "\(listed.joined(separator: ", ")). What \(total == 1 ? "it" : "they") changed is not in the restored "
            + "state."
    }
}

/// Reads a journal file's bytes and header.
enum JournalReader {
    /// Where the decoder finds the registered actions.
    static let actionsKey = CodingUserInfoKey(rawValue: "MultiRedux.RecordableActions")!

    /// The whole file; empty if it does not exist.
    static func contents(of path: String) throws(JournalError) -> [UInt8] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw JournalError(.fileAccess, "Cannot read the journal \(path).")
        }
        return [UInt8](data)
    }

    /// Checks the first line, and returns the format version.
    static func checkHeader(_ contents: [UInt8], path: String) throws(JournalError) -> Int {
        let end = contents.firstIndex(of: UInt8(ascii: "\n")) ?? contents.count
        guard let header = try? JSONDecoder().decode(Header.self, from: Data(contents[..<end])),
            header.journal == "MultiRedux"
        else {
            throw JournalError(
                .notAJournal, "\(path) is not a MultiRedux journal (its first line is not a journal header).")
        }
        guard header.version == JournalWriter.formatVersion else {
            throw JournalError(
                .unknownVersion(header.version),
                "\(path) is a journal of format version \(header.version); this version of MultiRedux reads "
                    + "version \(JournalWriter.formatVersion) only. Use the version that wrote it.")
        }
        return header.version
    }

    private struct Header: Decodable {
        let journal: String
        let version: Int
    }
}

/// One line of a journal file, decoded.
struct JournalLine<Root: State>: Decodable {
    let sequence: Int
    let entry: JournalEntry<Root>
    /// The state after the entry, if the line recorded it.
    var after: Root?
    /// The sequence number of the action whose reducer started the effect that handed this entry
    /// back, if the line names one.
    var cause: Int?
    /// Where the entry was sent, `Module/File.swift:42`, if the line says (journals written before
    /// sites were do not).
    var site: String?
    /// When the entry was applied, in milliseconds since 1970, if the line says.
    var time: Double?
    /// Why the entry is ``JournalEntry/notReplayable(typeName:)``, in words, when it is.
    var whyNotReplayable: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JournalLineKey.self)
        sequence = try container.decode(Int.self, forKey: .seq)
        let typeName = try container.decode(String.self, forKey: .type)
        cause = try container.decodeIfPresent(Int.self, forKey: .cause)
        site = try container.decodeIfPresent(String.self, forKey: .site)
        time = try container.decodeIfPresent(Double.self, forKey: .time)
        let actions = decoder.userInfo[JournalReader.actionsKey] as? RecordableActions
        let passesOver = actions?.passesOverUnreadable == true
        if container.contains(.after), let decodable = Root.self as? any Decodable.Type {
            // A state this version no longer decodes is only a shortcut lost when passing over.
            after =
                passesOver
                ? try? Self.decodeState(decodable, container, key: .after)
                : try Self.decodeState(decodable, container, key: .after)
        }
        let isResult = typeName == JournalEntry<Root>.asyncResultName
        if try container.decodeIfPresent(Bool.self, forKey: .replayable) == false {
            entry = .notReplayable(typeName: typeName)
            whyNotReplayable = isResult ? "\(Root.self) is not Codable" : "not Codable when it was recorded"
        } else if isResult {
            let reducer = try container.decode(String.self, forKey: .reducer)
            guard let decodable = Root.self as? any Decodable.Type else {
                entry = .notReplayable(typeName: typeName)
                whyNotReplayable = "\(Root.self) is not Codable"
                return
            }
            do {
                let state = try Self.decodeState(decodable, container, key: .state)
                entry = .asyncResult(reducer: portableTypeName(reducer), state: state)
            } catch {
                guard passesOver else { throw error }
                entry = .notReplayable(typeName: typeName)
                whyNotReplayable = "its state does not decode in this version"
            }
        } else {
            guard let decode = actions?.decoder(named: typeName) else {
                if passesOver {
                    entry = .notReplayable(typeName: typeName)
                    whyNotReplayable = "no feature here handles it"
                    return
                }
                if actions?.isUnanswered(typeName) == true {
                    // No reducer of the replaying store handles it: replayed, it changes nothing.
                    entry = .action(UnansweredAction(typeName: typeName))
                    return
                }
                throw JournalError(
                    .unregisteredAction(typeName),
                    "\(typeName) is not among the recordable actions; pass it in RecordableActions to read it.")
            }
            do {
                entry = .action(try decode(container))
            } catch {
                guard passesOver else { throw error }
                entry = .notReplayable(typeName: typeName)
                whyNotReplayable = "its payload does not decode in this version"
            }
        }
    }

    private static func decodeState<Decoded: Decodable>(
        _: Decoded.Type, _ container: KeyedDecodingContainer<JournalLineKey>, key: JournalLineKey
    ) throws -> Root {
        // Decoded is Root (the caller cast Root's metatype to get it).
        try container.decode(Decoded.self, forKey: key) as! Root
    }
}
