import Foundation
import ReduxCore

extension Inspector {
    /// Writes the session as one self-contained HTML file: the inspector's page with the data
    /// embedded, which opens offline in any browser (nothing is loaded from the network). The
    /// export is read-only: toggling and moving need the app's reducers, which the server has.
    ///
    /// ```swift
    /// try inspector.writeHTML(to: "session.html")
    /// ```
    ///
    /// Every entry is listed; the states and changes of the first `limit` entries are embedded
    /// (each state is a whole tree), and the page says so when the session is longer.
    ///
    /// - Parameters:
    ///   - path: The file to write (replaced if it exists).
    ///   - limit: How many entries' states and changes to embed.
    /// - Throws: ``InspectorError`` of kind `.file` when the file cannot be written.
    /// - Complexity: O(*n*) entries, plus the replay and the walk of `limit` states.
    public func writeHTML(to path: String, embeddingStatesUpTo limit: Int = 2_000) throws(InspectorError) {
        let html = InspectorPage.html(embedding: InspectorPage.encode(embeddedSession(embeddingStatesUpTo: limit)))
        do {
            try Data(html.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw InspectorError(.file, "Cannot write the HTML export to \(path): \(error.localizedDescription)")
        }
    }

    /// The data an HTML export embeds.
    func embeddedSession(embeddingStatesUpTo limit: Int) -> EmbeddedSession {
        lock.withLock { embeddedSessionLocked(embeddingStatesUpTo: limit) }
    }

    private func embeddedSessionLocked(embeddingStatesUpTo limit: Int) -> EmbeddedSession {
        let count = self.count
        let embedded = max(0, min(count, limit))
        var states: [StateNode] = []
        var changes: [[StateChange]] = []
        do {
            for index in 0..<embedded {
                changes.append(try self.changes(at: index))
                states.append(try stateTree(after: index))
            }
            let trimmed =
                embedded < count
                ? "This export holds the states of the first \(embedded) of \(count) actions; open the "
                    + "recording with the inspector's server to see the others."
                : nil
            return EmbeddedSession(
                session: SessionSummary(self, interactive: false, exportsTests: false),
                entries: try entries(at: 0..<count), states: states,
                changes: changes, trimmed: trimmed)
        } catch {
            preconditionFailure("ReduxInspector: an index below the count is in the session: \(error)")
        }
    }
}
