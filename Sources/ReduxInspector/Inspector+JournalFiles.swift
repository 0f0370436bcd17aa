import Foundation
import ReduxStore
import ReduxTimeTravel

extension Inspector {
    /// The session as edited (``editedJournal``) as the bytes of a journal file, written by
    /// `JournalWriter` as a recording would be: the export the page downloads, which
    /// `Journal(contentsOf:actions:)` reads back.
    ///
    /// - Throws: ``InspectorError`` of kind `.journal` when the temporary file the writer needs
    ///   cannot be written (the message says why).
    /// - Complexity: O(*n*) entries.
    public func journalFile() throws(InspectorError) -> [UInt8] {
        try Self.fileBytes(of: editedJournal) { [namingStore] type in namingStore.recordedName(of: type) }
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
    /// store of the app); the edits and computed states are dropped. The journal is taken to
    /// start from the same initial state.
    ///
    /// - Parameter contents: The bytes of a journal file.
    /// - Throws: ``InspectorError`` of kind `.journal` when they are not a journal this app can
    ///   read; the session is left as it was.
    /// - Complexity: O(size of the file).
    public func openJournalFile(_ contents: [UInt8]) throws(InspectorError) {
        let journal: Journal<Root>
        do {
            journal = try Journal(
                reading: contents, from: "the uploaded journal", actions: RecordableActions(namingStore))
        } catch {
            throw InspectorError(.journal, error.message)
        }
        open(journal: journal)
    }
}
