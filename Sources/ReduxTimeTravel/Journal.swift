public import ReduxCore
public import ReduxStore

/// The actions a store applied, in its serial order: what replay and step back work from.
///
/// ```swift
/// let recorder = ActionRecorder(store)
/// store.dispatch(Increment())
/// let journal = recorder.journal   // one entry: the Increment
/// ```
///
/// Entry `i` (from 0) has sequence number `i + 1` in a journal file.
public struct Journal<Root: State>: Sendable {
    /// The applied actions, oldest first.
    public var entries: [JournalEntry<Root>]
    /// What reading the journal from a file noticed without refusing it, such as a torn last line
    /// that was dropped; empty for a recorded journal.
    public var notes: [String]
    /// The state after each entry, by the entry's index, where the journal recorded it: a file
    /// written with `JournalWriter(path:durability:includesStates:)` has one per line, and every
    /// async result carries its own. What a recorded-session test compares the replay with.
    public var recordedStates: [Int: Root]
    /// Which action caused which: for each entry an effect handed back (an async result or a
    /// follow-up action), by the entry's index, the index of the entry whose reducer started the
    /// effect.
    ///
    /// ```swift
    /// store.dispatch(LoadTodos())          // entry 0; its reducer starts an effect
    /// // the effect's update is entry 1, its follow-up TodosLoaded entry 2
    /// #expect(recorder.journal.causes == [1: 0, 2: 0])
    /// ```
    ///
    /// An entry that is missing was dispatched from outside an effect, or by an effect started
    /// before recording began (or by an action a new branch discarded).
    public var causes: [Int: Int]
    /// Where each entry was sent, by the entry's index: `Module/File.swift:42`, the `#fileID` and
    /// `#line` of its `dispatch` (or of its effect's `send` or `update`; for an `async` reducer's
    /// result, of the action that started it). Missing where unknown, for example an action
    /// dispatched through an `ActionDispatcher` that keeps no sites, or a journal written before
    /// sites were.
    public var sites: [Int: String]
    /// When each entry was applied, by the entry's index: milliseconds since 1970, by the system
    /// clock when recording started plus a monotonic clock since, so they never decrease within
    /// one recording. Missing in a journal written before times were.
    public var times: [Int: Double]

    /// A journal of the given entries.
    ///
    /// - Parameters:
    ///   - entries: The applied actions, oldest first.
    ///   - notes: What reading noticed.
    ///   - recordedStates: The state after some entries, by index.
    ///   - causes: The entry that caused each effect's output, by index.
    ///   - sites: Where each entry was sent, by index.
    ///   - times: When each entry was applied, by index.
    public init(
        entries: [JournalEntry<Root>] = [], notes: [String] = [], recordedStates: [Int: Root] = [:],
        causes: [Int: Int] = [:], sites: [Int: String] = [:], times: [Int: Double] = [:]
    ) {
        self.entries = entries
        self.notes = notes
        self.recordedStates = recordedStates
        self.causes = causes
        self.sites = sites
        self.times = times
    }
}

extension Journal {
    /// This journal followed by another recorded right after it (the same store, a new recorder):
    /// the other's entries, and everything kept by their index, moved past this one's.
    ///
    /// - Complexity: O(*n* + *m*) entries; ``append(_:)`` on a journal held once is O(*m*).
    package func appending(_ later: Journal<Root>) -> Journal<Root> {
        var joined = self
        joined.append(later)
        return joined
    }

    /// Appends a journal recorded right after this one (the same store, a new recorder): its
    /// entries, and everything kept by their index, moved past this one's.
    ///
    /// A loop per table, not a generic helper: code generic over the value type asks the runtime
    /// for the metadata of a `(key, value)` tuple at each element, which cost more than the rest
    /// of closing a persisted store (B8, Performance.md).
    ///
    /// - Complexity: O(*m*) entries of `later`, when this journal's storage is not shared.
    package mutating func append(_ later: Journal<Root>) {
        let offset = entries.count
        entries += later.entries
        notes += later.notes
        for (index, state) in later.recordedStates {
            recordedStates[index + offset] = state
        }
        for (index, cause) in later.causes {
            causes[index + offset] = cause + offset
        }
        sites.reserveCapacity(sites.count + later.sites.count)
        for (index, site) in later.sites {
            sites[index + offset] = site
        }
        times.reserveCapacity(times.count + later.times.count)
        for (index, time) in later.times {
            times[index + offset] = time
        }
    }
}

extension Store {
    /// Applies a journal's entries to the store, one at a time, in order: each action passes the
    /// reducers (not the middleware: it was recorded after them) and reaches the observers; an
    /// async reducer's recorded result sets the state it led to, and the async reducers the
    /// replayed actions start deliver nothing.
    ///
    /// ```swift
    /// let replayed = Store(initialState: Counter(), features: [CounterFeature().at(\.self)])
    /// try replayed.replay(journal)
    /// ```
    ///
    /// A store built from the same features and initial state as the recorded one goes through
    /// the same states. Nothing is applied if any entry is not replayable.
    ///
    /// - Parameter journal: The journal to apply.
    /// - Throws: ``JournalError`` of kind `.notReplayable`, naming the first such entry.
    /// - Complexity: O(*n*) entries, each costing a dispatch without middleware.
    public func replay(_ journal: Journal<Root>) throws(JournalError) {
        if let index = journal.entries.firstIndex(where: { !$0.isReplayable }) {
            throw JournalError(
                .notReplayable(sequence: index + 1),
                "Journal entry \(index + 1) (\(journal.entries[index].typeName)) was recorded as not replayable; "
                    + "make the action type Codable and register it with the reader to replay it.")
        }
        replayPassing(journal)
    }

    /// Applies a journal's entries like ``replay(_:)``, passing over those recorded as not
    /// replayable: what a state file's restore needs, where refusing a journal would make the
    /// user's file unusable for want of entries it can never get back.
    ///
    /// - Parameter journal: The journal to apply.
    package func replayPassing(_ journal: Journal<Root>) {
        // Runs of actions go to the store in one piece of work each.
        var run: [any Action] = []
        for entry in journal.entries {
            switch entry {
            case .action(let action):
                run.append(action)
            case .asyncResult(let reducer, let state):
                recordingSeam.applyRecorded(run[...])
                run.removeAll(keepingCapacity: true)
                recordingSeam.applyRecordedResult(
                    state, recordingAs: ReplayedResult(reducerName: reducer, resultType: Root.self))
            case .notReplayable: break
            }
        }
        recordingSeam.applyRecorded(run[...])
    }
}
