public import ReduxCore
public import ReduxStore
public import ReduxTimeTravel

/// Replays a recorded session into a store and fails at the first action after which the state
/// differs from the recorded one, with a field-by-field diff: a recorded journal as a regression
/// test.
///
/// ```swift
/// let journal = try Journal<Desk>(contentsOf: path, actions: deskActions)
/// let store = Store(initialState: Desk(), features: deskFeatures)
/// expectReplay(journal, into: store)
/// ```
///
/// The journal's ``ReduxTimeTravel/Journal/recordedStates`` are the expected states (record with
/// `JournalWriter(path:durability:includesStates: true)` to have one per action); pass `expected`
/// to compare with other states. Entries without an expected state are replayed unchecked.
///
/// - Parameters:
///   - journal: The recorded session.
///   - store: A store built from the features under test, in the recorded session's initial state.
///   - expected: The state after each entry, by the entry's index; by default the recorded ones.
///   - fileID: The file the failure points at; leave the default.
///   - filePath: The file the failure points at; leave the default.
///   - line: The line the failure points at; leave the default.
///   - column: The column the failure points at; leave the default.
/// - Returns: The index of the first entry after which the state differed (or that could not be
///   replayed), or nil if the replay matched.
@discardableResult
public func expectReplay<Root: State>(
    _ journal: Journal<Root>, into store: Store<Root>, expected: [Int: Root]? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Int? {
    let location = TestFailure.Location(fileID, filePath, line, column)
    let reporter = FailureReporter.current
    let expected = expected ?? journal.recordedStates
    if expected.isEmpty {
        reporter.fail(
            "expectReplay: the journal has no recorded states to compare with; record it with "
                + "JournalWriter(path:durability:includesStates: true), or pass `expected`.", at: location)
        return 0
    }
    for (index, entry) in journal.entries.enumerated() {
        do {
            try store.replay(Journal(entries: [entry]))
        } catch {
            reporter.fail("expectReplay: entry \(index + 1) (\(entry.typeName)): \(error)", at: location)
            return index
        }
        guard let expectedState = expected[index] else { continue }
        let actual = store.state
        let diff = StateDiff(expected: expectedState, actual: actual)
        guard diff.isEmpty else {
            reporter.fail(
                FailureMessage.differences(
                    "expectReplay: after entry \(index + 1) of \(journal.entries.count) (\(entry.typeName)), "
                        + "the state differs from the recorded one", diff.differences),
                at: location)
            return index
        }
    }
    return nil
}
