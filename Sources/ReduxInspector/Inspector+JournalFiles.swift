import Foundation
import ReduxCore
internal import ReduxShared
import ReduxStore
import ReduxTimeTravel

extension Inspector {
    /// The session as edited (``editedJournal``) as the bytes of a journal file, written by
    /// `JournalWriter` as a recording would be, whose header carries the state the session
    /// starts from when the state is `Codable` (as a ``SessionRecording``'s does): the export the
    /// page downloads, which ``openJournalFile(_:)``, `rps inspect` and
    /// `Journal(contentsOf:actions:)` read back. Exporting what was opened gives the same bytes.
    ///
    /// - Throws: ``InspectorError`` of kind `.journal` when the temporary file the writer needs
    ///   cannot be written or the start state cannot be encoded (the message says why).
    /// - Complexity: O(*n*) entries.
    public func journalFile() throws(InspectorError) -> [UInt8] {
        let (journal, start) = lock.withLock { (editedJournal, initialState) }
        return try Self.fileBytes(of: journal, startingFrom: start) { [namingStore] type in
            namingStore.recordingSeam.recordedName(of: type)
        }
    }

    /// A journal as the bytes of a journal file, with the start state in its header when the
    /// state is `Encodable`.
    static func fileBytes(
        of journal: Journal<Root>, startingFrom start: Root, naming name: @escaping (Any.Type) -> String?
    ) throws(InspectorError) -> [UInt8] {
        let journalBytes = try fileBytes(of: journal, naming: name)
        guard let encodable = start as? any Encodable else { return journalBytes }
        let state: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]  // the same bytes every time, dictionaries included
            state = try encoder.encode(encodable)
        } catch {
            throw InspectorError(.journal, "Cannot encode the state the session started from: \(error).")
        }
        // The journal's header, `{"journal":"MultiRedux","version":1}`, with the start state added.
        let headerEnd = journalBytes.firstIndex(of: UInt8(ascii: "\n")) ?? journalBytes.endIndex
        return journalBytes[..<(headerEnd - 1)] + Array(",\"start\":".utf8) + state + Array("}".utf8)
            + journalBytes[headerEnd...]
    }

    /// The start state a journal file's header carries: nil when it carries none (a
    /// recorder's journal) or the state is not `Decodable`.
    ///
    /// - Throws: ``InspectorError`` of kind `.journal` when the header's start is not a state of
    ///   this app.
    static func start(in contents: [UInt8], from path: String) throws(InspectorError) -> Root? {
        guard let type = Root.self as? any Decodable.Type else { return nil }
        let header = Data(contents.prefix { $0 != UInt8(ascii: "\n") })
        func decode<Value: Decodable>(_: Value.Type) throws -> Root? {
            try JSONDecoder().decode(StartHeader<Value>.self, from: header).start as? Root
        }
        do {
            return try decode(type)
        } catch {
            throw InspectorError(
                .journal,
                "\(path) does not start from a state of this app (its first line holds a start state that cannot "
                    + "be read: \(error)). Open a journal this app recorded.")
        }
    }

    /// The header line's start state, if it has one.
    private struct StartHeader<Value: Decodable>: Decodable {
        let start: Value?
    }

    /// A journal as the bytes of a journal file, written by `JournalWriter` in a private
    /// temporary directory and read back.
    ///
    /// - Parameters:
    ///   - journal: The journal.
    ///   - name: The journal name of an action type (`Store.recordedName(of:)`).
    /// - Throws: ``InspectorError`` of kind `.journal` when the temporary file cannot be written.
    static func fileBytes(
        of journal: Journal<Root>, naming name: @escaping (Any.Type) -> String?
    ) throws(InspectorError) -> [UInt8] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("multiredux-inspector-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw InspectorError(.journal, "Cannot create a temporary directory to write the journal in: \(error).")
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("session.journal").path
        do {
            try journal.write(to: path, naming: name)
        } catch {
            throw InspectorError(.journal, "Cannot write the journal: \(error.message)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InspectorError(.journal, "Cannot read back the journal written to \(path).")
        }
        return [UInt8](data)
    }

    /// Opens the bytes of a journal file (one the page uploaded) in place of the session: the
    /// actions it names are read as the app's features record them (`RecordableActions` of a
    /// store of the app); the edits and computed states are dropped. The session starts from the
    /// state the file's header carries (an export of this page, a ``SessionRecording``); a
    /// journal that carries none (an `ActionRecorder`'s) is replayed from the session's current
    /// start state, and ``notes`` says so.
    ///
    /// - Parameter contents: The bytes of a journal file.
    /// - Throws: ``InspectorError`` of kind `.journal` when they are not a journal this app can
    ///   read (empty, no header line, another format, actions or a start state of another app);
    ///   the session is left as it was.
    /// - Complexity: O(size of the file).
    public func openJournalFile(_ contents: [UInt8]) throws(InspectorError) {
        let what = "the uploaded journal"
        guard !contents.isEmpty else {
            throw InspectorError(
                .journal,
                "The uploaded file is empty: choose a journal file (the page's Export journal, or a recording).")
        }
        guard contents.contains(UInt8(ascii: "\n")) else {
            throw InspectorError(
                .journal,
                "The uploaded file is not a MultiRedux journal: it has no complete first line. Choose a journal file "
                    + "(the page's Export journal, or a recording).")
        }
        var journal: Journal<Root>
        do {
            journal = try Journal(reading: contents, from: what, actions: RecordableActions(namingStore))
        } catch {
            throw InspectorError(.journal, error.message)
        }
        let start = try Self.start(in: contents, from: what)
        lock.withLock {
            if start == nil {
                journal.notes.append(
                    "The uploaded journal carries no start state (an ActionRecorder's journal): it is replayed from "
                        + "the state the session before it started from, which may not be where it was recorded.")
            }
            open(journal, from: start ?? initialState)
        }
    }
}
