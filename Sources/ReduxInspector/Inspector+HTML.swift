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
    /// changed in the tree before (a whole tree every 500 entries), so the file grows with the
    /// changes, not with the states' sizes times their number.
    ///
    /// - Parameters:
    ///   - path: The file to write: replaced atomically if it is a regular file (through a
    ///     symbolic link, keeping its permissions); a directory, a device or a read-only file is
    ///     refused and left alone.
    ///   - limit: How many entries' states and changes to embed.
    /// - Throws: ``InspectorError`` of kind `.file` when the file cannot be written.
    /// - Complexity: O(*n*) entries, plus the replay and the walk of `limit` states.
    public func writeHTML(to path: String, embeddingStatesUpTo limit: Int = 20_000) throws(InspectorError) {
        let html = InspectorPage.html(embedding: InspectorPage.encode(embeddedSession(embeddingStatesUpTo: limit)))
        try Self.write(Data(html.utf8), to: path, what: "the HTML export")
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

    /// The data an HTML export embeds.
    func embeddedSession(embeddingStatesUpTo limit: Int) -> EmbeddedSession {
        lock.withLock { embeddedSessionLocked(embeddingStatesUpTo: limit) }
    }

    private func embeddedSessionLocked(embeddingStatesUpTo limit: Int) -> EmbeddedSession {
        let count = self.count
        let embedded = max(0, min(count, limit))
        let interval = Self.exportCheckpointInterval
        var checkpoints: [StateNode] = []
        var patches: [[TreePatch]] = []
        var changes: [[StateChange]] = []
        do {
            var state = try state(after: -1)
            var tree = StateNode(state)
            checkpoints.append(tree)
            for index in 0..<embedded {
                changes.append(try self.changes(at: index))
                let nextState = try self.state(after: index)
                let next = StateNode(nextState, reusing: (state, tree))
                patches.append(TreePatch.patches(from: tree, to: next))
                (state, tree) = (nextState, next)
                if (index + 1) % interval == 0 {
                    checkpoints.append(tree)
                }
            }
            let trimmed =
                embedded < count
                ? "This export holds the states of the first \(embedded) of \(count) actions; open the "
                    + "recording with the inspector's server to see the others."
                : nil
            return EmbeddedSession(
                session: SessionSummary(self, interactive: false, exportsTests: false),
                entries: try entries(at: 0..<count), interval: interval, checkpoints: checkpoints, patches: patches,
                changes: changes, trimmed: trimmed)
        } catch {
            preconditionFailure("ReduxInspector: an index below the count is in the session: \(error)")
        }
    }

    /// How many entries apart an HTML export holds whole trees: the page applies at most this
    /// many entries' patches to show a state.
    static var exportCheckpointInterval: Int { 500 }
}
