import Foundation
import ReduxCore
import ReduxPersistence
internal import ReduxShared

extension Inspector {
    /// Writes the session as one self-contained HTML file: the inspector's page with the data
    /// embedded, which opens offline in any browser (nothing is loaded from the network). The
    /// export is read-only: toggling and moving need the app's reducers, which the server has.
    ///
    /// ```swift
    /// try inspector.writeHTML(to: "session.html")
    /// ```
    ///
    /// Every entry is listed; the states and changes of the first `limit` entries are embedded,
    /// and the page says so when the session is longer. A state is embedded as what its entry
    /// changed in the tree before (a whole tree every 500 entries, further apart when the trees
    /// are large), so the file grows with the entries and their changes, not with the states'
    /// sizes times their number. Each entry is replayed once and its states walked only where it
    /// changed them, so an entry that appends to a long history costs the appended element. A
    /// session of more than a few thousand entries is walked in parts side by side on the
    /// machine's cores (the page is the same however many), after one more replay to find the
    /// state each part starts from.
    ///
    /// - Parameters:
    ///   - path: The file to write: replaced atomically if it is a regular file (through a
    ///     symbolic link, keeping its permissions); a directory, a device or a read-only file is
    ///     refused and left alone.
    ///   - limit: How many entries' states and changes to embed.
    /// - Throws: ``InspectorError`` of kind `.file` when the file cannot be written.
    /// - Complexity: O(*n*) entries, each replayed once (twice for a session walked in parts)
    ///   and walked where it changed the state, plus `==` on the elements of the arrays it
    ///   changed; memory: the page's bytes, the trees, which share their equal parts, and a state
    ///   for each part.
    public func writeHTML(to path: String, embeddingStatesUpTo limit: Int = 20_000) throws(InspectorError) {
        try Self.write(exportedPage(embeddingStatesUpTo: limit).page, to: path, what: "the HTML export")
    }

    /// The page of an HTML export, and how many values its walk of the states reflected
    /// (``ExportWalk/reflected``).
    ///
    /// - Parameter limit: How many entries' states and changes to embed.
    /// - Complexity: O(*n*) entries, each replayed once and walked where it changed the state;
    ///   memory: the page's bytes, the session's trees (which share their equal parts) and one
    ///   batch of values being encoded.
    func exportedPage(embeddingStatesUpTo limit: Int) -> (page: Data, reflected: Int) {
        let (session, reflected) = embeddedSession(embeddingStatesUpTo: limit)
        // The page made around a marker, whose place the session's JSON takes: the page's bytes
        // are written once, the JSON straight into them.
        let marker = #""ReduxInspector: the embedded session""#
        let page = InspectorPage.html(embedding: Array(marker.utf8))
        guard let place = page.range(of: marker) else {
            preconditionFailure("ReduxInspector: the page embeds the data it is given")
        }
        var json = ExportJSON()
        json.append(String(page[..<place.lowerBound]))
        json.append(session)
        json.append(String(page[place.upperBound...]))
        return (json.data, reflected)
    }

    /// Writes a file the inspector makes with the state file's promises
    /// (`StateFile.replaceContents(with:like:)`): atomically, through symbolic links, keeping the
    /// file's permissions, refusing directories, devices and read-only files.
    ///
    /// - Parameters:
    ///   - data: The contents.
    ///   - path: The file.
    ///   - what: What the file is, for the message: "the HTML export".
    /// - Throws: ``InspectorError`` of kind `.file`, saying why and what to do; the file is then
    ///   as it was.
    static func write(_ data: Data, to path: String, what: String) throws(InspectorError) {
        do {
            try StateFile(url: URL(fileURLWithPath: path)).replaceContents(with: data)
        } catch {
            let shown = ShownText.escaped(path)
            let reason =
                switch error {
                case .notAFile(_, let kind): "it is \(kind), not a regular file, so it was left alone. Name a file."
                case .readOnly: "it is read-only, so it was left as it is. Name another file, or make it writable."
                case .brokenLink(_, let target):
                    "it is a symbolic link to \(ShownText.escaped(target)), whose directory does not exist."
                case .unreadable(_, let reason), .unwritable(_, let reason), .corrupt(_, let reason),
                    .journalUnwritable(_, let reason, _):
                    "\(ShownText.escaped(reason)). Nothing was changed there."
                case .newerFormat, .inUse: "\(error)"
                }
            throw InspectorError(.file, "Cannot write \(what) to \(shown): \(reason)")
        }
    }

    /// The data an HTML export embeds, and how many values its walk of the states reflected
    /// (``ExportWalk/reflected``).
    ///
    /// - Complexity: O(*n*) entries, each replayed once and walked where it changed the state.
    func embeddedSession(embeddingStatesUpTo limit: Int) -> (session: EmbeddedSession, reflected: Int) {
        lock.withLock { embeddedSessionLocked(embeddingStatesUpTo: limit) }
    }

    private func embeddedSessionLocked(embeddingStatesUpTo limit: Int) -> (session: EmbeddedSession, reflected: Int) {
        let count = self.count
        let walked = walkStates(count: max(0, min(count, limit)))
        let (interval, checkpoints) = Self.checkpoints(among: walked.trees)
        let trimmed =
            walked.patches.count < count
            ? "This export holds the states of the first \(walked.patches.count) of \(count) actions; open the "
                + "recording with the inspector's server to see the others."
            : nil
        do {
            let session = EmbeddedSession(
                session: SessionSummary(self, interactive: false, exportsTests: false),
                entries: try entries(at: 0..<count), interval: interval, checkpoints: checkpoints,
                patches: walked.patches, changes: walked.changes, trimmed: trimmed)
            return (session, walked.reflected)
        } catch {
            preconditionFailure("ReduxInspector: an index below the count is in the session: \(error)")
        }
    }

    /// How many entries apart an HTML export holds whole trees at least: the page applies at
    /// most this many entries' patches to show a state, more when the trees are large.
    static var exportCheckpointInterval: Int { 500 }

    /// How many tree nodes an HTML export spends on whole trees per entry at most: large trees
    /// are kept further apart, so that the file grows with the entries, whatever the size of
    /// the states.
    static var exportTreeNodesPerEntry: Int { 8 }

    /// The whole trees an export keeps, and how many entries apart they are: a multiple of
    /// ``exportCheckpointInterval``, the least for which the largest tree costs at most
    /// ``exportTreeNodesPerEntry`` nodes per entry.
    ///
    /// - Parameter trees: The trees after every ``exportCheckpointInterval`` entries, the
    ///   first the state the session starts from.
    static func checkpoints(among trees: [StateNode]) -> (interval: Int, trees: [StateNode]) {
        let largest = trees.map(\.nodeCount).max() ?? 0
        let perTree = exportCheckpointInterval * exportTreeNodesPerEntry
        let stride = max(1, (largest + perTree - 1) / perTree)
        return (exportCheckpointInterval * stride, Swift.stride(from: 0, to: trees.count, by: stride).map { trees[$0] })
    }
}
