import ReduxCore
internal import ReduxShared

extension Journal {
    /// Writes the journal to a new journal file, line for line as a recorder writing to a
    /// ``JournalWriter`` would have: the header, then one line per entry, numbered from 1, with
    /// its cause, site and time where ``causes``, ``sites`` and ``times`` have them;
    /// ``Journal/init(contentsOf:actions:)`` reads it back.
    ///
    /// The lines carry no state after each action (``recordedStates`` is left out, but every
    /// async result carries its own); an entry read as not replayable is written so again.
    ///
    /// - Parameters:
    ///   - path: The file to create; it must not exist (an existing journal would be appended to).
    ///   - name: The journal name of an action type (`Store.recordedName(of:)`), nil for the
    ///     type's `String(reflecting:)`.
    /// - Throws: ``JournalError`` of kind `.fileAccess` when the file cannot be written.
    /// - Complexity: O(*n*) entries, each encoded once.
    package func write(to path: String, naming name: @escaping (Any.Type) -> String?) throws(JournalError) {
        let writer = try JournalWriter(path: path, durability: .buffered)
        writer.nameActions(by: name)
        for (index, entry) in entries.enumerated() {
            let sequence = index + 1
            let cause = causes[index].map { $0 + 1 }
            let trace = LineTrace(siteText: sites[index], time: times[index])
            switch entry {
            case .action(let unanswered as UnansweredAction):
                // Read without its payload: written as a line a reader passes over.
                writer.append(notReplayable: unanswered.typeName, sequence: sequence, cause: cause, trace: trace)
            case .action(let action):
                _ = writer.append(
                    action: action, sequence: sequence, cause: cause, after: nil as UnsafePointer<Root>?, trace: trace)
            case .asyncResult(let reducer, let state):
                _ = withUnsafePointer(to: state) { after in
                    writer.append(resultOf: reducer, sequence: sequence, cause: cause, after: after, trace: trace)
                }
            case .notReplayable(let typeName):
                writer.append(notReplayable: typeName, sequence: sequence, cause: cause, trace: trace)
            }
        }
        writer.flush()
        if let error = writer.writeError {
            throw error
        }
    }
}
