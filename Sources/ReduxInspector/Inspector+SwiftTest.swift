import Dispatch
import ReduxCore
internal import ReduxShared
import ReduxTimeTravel

extension Inspector {
    /// A Swift Testing test, as source, that plays a range of the session on a `TestStore` of
    /// the app's features and asserts that each entry changes the state as it did when recorded.
    ///
    /// ```swift
    /// let source = try inspector.swiftTest(from: 3, through: 4, named: "ComputerRoundTests", setup: setup)
    /// ```
    /// ```swift
    /// @Suite struct ComputerRoundTests {
    ///     @Test("the recorded entries 3 through 4 change the state as they did")
    ///     func recordedEntries() async throws {
    ///         let store = TestStore(
    ///             initialState: AppState(), features: RockPaperScissorsApp.features,
    ///             dependencies: Dependencies { $0.computer = ComputerOpponent(seed: 7) })
    ///
    ///         await store.send(ChooseWeaponAction(weapon: .rock)) {
    ///             try set(&$0, "/game/phase", #"{"awaitingPlayer2":{"player1":"rock"}}"#)
    ///         }
    ///         // #4: sent by the effect that #3 started.
    ///         await store.receive(ChooseWeaponAction.self) {
    ///             try set(&$0, "/game/phase", #"{"finished":{"player1":"rock","player2":"paper"}}"#)
    ///             try set(&$0, "/scoreHistory/rounds/-", …)   // the round, pretty-printed
    ///         }
    ///         await store.finish()
    ///     }
    /// }
    /// ```
    ///
    /// The store starts in the state before the range, written as `setup.initialState` changed
    /// (from `setup.initialValue`, the value it builds, when the recording starts elsewhere). An
    /// action the app dispatched is a `send`; what an effect started in the range handed back (a
    /// follow-up action, by its type, or an update) is a `receive`, in the recorded order. Each
    /// step's closure writes the change the entry made. A `Codable` state's changes are set at JSON
    /// Pointers, with the `set` function the generated file ends with (a pointer ending in `/-`
    /// appends to an array): that compiles whatever the state's properties allow, such as a
    /// `private(set)` field, and makes again only the values a pointer goes through, so a step
    /// costs what it changed, not the state (a struct on the way is decoded from its old fields,
    /// an array's element set in place). Any other state is changed field by field, `$0.path = value`
    /// where the value is a Swift literal, else the value decoded from its JSON (the file then ends
    /// with a small `decoded` function). Actions are written with their memberwise initialisers, or
    /// decoded from JSON. The comparison is ReduxTesting's, exhaustive. Entries toggled off are left
    /// out; the session as edited is what the test plays.
    ///
    /// **Effects run again** in the test, with the dependencies `setup.dependencies` writes from
    /// the actions the range's effects sent: the test passes when they hand back what they handed
    /// back when the session was recorded (give the test dependencies that answer as the
    /// recording says they did, such as a computer player that plays the recorded moves).
    /// A follow-up action whose effect started before the range is sent as recorded. When the
    /// app sent an action while an effect of the range was still to hand something back, the
    /// test switches exhaustivity off (the effect may deliver before that send) and checks the
    /// fields each step changes; what effects of the range hand back after it is applied
    /// without assertion at `finish()`.
    ///
    /// - Parameters:
    ///   - first: The first entry of the range, from 0.
    ///   - last: The last entry of the range, from `first` to ``count`` - 1.
    ///   - suiteName: The name of the generated suite, an identifier that starts with a letter and is
    ///     not a keyword, such as `ComputerRoundTests`.
    ///   - setup: What only the app knows: its features, initial state, modules and the test's
    ///     dependencies, as Swift source.
    /// - Returns: The source of a Swift file that `swift format` leaves as it is.
    /// - Throws: ``InspectorError`` of kind `.noSuchEntry` for a range outside the session;
    ///   `.testExport` when the range cannot be written as a test that passes: the root state is
    ///   not `Equatable`, a value is neither a literal nor `Codable`, an entry no longer applies
    ///   cleanly after an edit, or the range starts with the update of an effect started before it.
    /// - Complexity: O(*n*) entries from `first` to the end of the session, the replay to `first`
    ///   (from the checkpoint before it) and through the range, the state before the range
    ///   written once, and for each entry the parts of the state it changed.
    public func swiftTest(
        from first: Int, through last: Int, named suiteName: String, setup: SwiftTestSetup
    ) throws(InspectorError) -> String {
        try swiftTest(from: first, through: last, named: suiteName, setup: setup, within: nil)
    }

    /// ``swiftTest(from:through:named:setup:)``, given up with ``InspectorError`` of kind
    /// `.testExport` once it has taken `seconds` (nil: no limit), or as soon as `isStopped` says so
    /// (a job the user cancelled): checked throughout, the set-up included (the entries described,
    /// the replay to the range, the state before it written: each part walked, each element
    /// encoded and checked), before each entry and inside each walk of a state.
    func swiftTest(
        from first: Int, through last: Int, named suiteName: String, setup: SwiftTestSetup, within seconds: Double?,
        until isStopped: @escaping () -> Bool = { false }
    ) throws(InspectorError) -> String {
        let limit = WorkLimit(seconds: seconds, isStopped: isStopped)
        let settingUp = "while setting the store up, before #\(first)"
        try limit.check(settingUp)
        lock.lock()
        defer { lock.unlock() }
        guard first <= last else {
            throw InspectorError(.noSuchEntry, "The range \(first) through \(last) is empty; give first <= last.")
        }
        try check(first)
        try check(last)
        // The entries from the range on (those after it, for what the range's effects handed back
        // later), described a thousand at a time, each time checking the limit.
        var entries: [InspectedEntry] = []
        for start in stride(from: first, to: count, by: 1_000) {
            try limit.check(settingUp)
            entries += try self.entries(at: start..<min(count, start + 1_000))
        }
        let range = entries[0...(last - first)]
        guard SwiftSource.isTypeName(suiteName) else {
            throw InspectorError(
                .testExport,
                "The suite's name, \(SwiftSource.stringLiteral(suiteName)), cannot name a Swift type: give letters, "
                    + "digits and _, starting with a letter, and not a keyword (such as RecordedSessionTests).")
        }
        let initial: Root
        switch setup.initialValue {
        case nil: initial = initialState
        case let value as Root: initial = value
        case let value?:
            throw InspectorError(
                .testExport,
                "The setup's initial value is a \(type(of: value)), not a \(Root.self): give the value its "
                    + "initialState builds.")
        }
        guard initial is any Equatable else {
            throw InspectorError(
                .testExport,
                "\(Root.self) is not Equatable: the generated test compares whole states. Make it Equatable.")
        }
        // The last entry each effect started in the range handed back.
        var lastOutput: [Int: Int] = [:]
        for entry in entries where !entry.isSkipped {
            if let cause = entry.causes.first, (first...last).contains(cause) {
                lastOutput[cause] = entry.index
            }
        }
        // What the range's effects sent, for the dependencies that make them send it again.
        let sentByEffects = range.compactMap { entry -> (any Action)? in
            guard !entry.isSkipped, let cause = entry.causes.first, (first...last).contains(cause),
                case .action(let action) = recording.entries[entry.recordedIndex]
            else { return nil }
            return action
        }
        var writer = SwiftTestWriter(
            setup: setup, dependencies: setup.dependencies(sentByEffects), suiteName: suiteName, range: first...last,
            limit: limit)
        try limit.check(settingUp)
        var before = try state(applyingFirst: first) { () throws(InspectorError) in try limit.check(settingUp) }
        try writer.setUp(from: initial, to: before)
        for entry in range {
            try limit.check("at #\(entry.index)")
            guard !entry.isSkipped else {
                writer.skip(entry.index)
                continue
            }
            if let problem = entry.problem {
                throw InspectorError(.testExport, "Entry #\(entry.index) cannot be part of a test: \(problem)")
            }
            let after = try state(after: entry.index)
            let recorded = recording.entries[entry.recordedIndex]
            try write(
                recorded, entry, in: first...last, to: &writer, before: before, after: after, waiting: lastOutput)
            before = after
        }
        if lastOutput.values.contains(where: { $0 > last }) {
            writer.leaveEffectOutput()
        }
        return writer.text
    }

    /// Writes one entry's step.
    private func write(
        _ recorded: JournalEntry<Root>, _ entry: InspectedEntry, in range: ClosedRange<Int>,
        to writer: inout SwiftTestWriter, before: Root, after: Root, waiting lastOutput: [Int: Int]
    ) throws(InspectorError) {
        let cause = entry.causes.first
        switch recorded {
        case .action(let action):
            if let cause, range.contains(cause) {
                try writer.receive(
                    SwiftSource.typeName(type(of: action)), at: entry.index,
                    comment: "sent by the effect that #\(cause) started.", before: before, after: after)
                return
            }
            if lastOutput.contains(where: { $0.key < entry.index && $0.value > entry.index }) {
                writer.checkChangedFieldsOnly()
            }
            try writer.send(
                action, at: entry.index,
                comment: cause.map { "sent by the effect that #\($0) started, before the range: sent as recorded." },
                before: before, after: after)
        case .asyncResult:
            guard let cause, range.contains(cause) else {
                let start = cause.map { "#\($0), where the effect started" } ?? "before it"
                throw InspectorError(
                    .testExport,
                    "Entry #\(entry.index) is an update from an effect started before the range, which the test "
                        + "cannot run: start the range at \(start).")
            }
            try writer.receive(
                nil, at: entry.index, comment: "the update from the effect that #\(cause) started.", before: before,
                after: after)
        case .notReplayable(let typeName):
            throw InspectorError(
                .testExport, "Entry #\(entry.index) (\(typeName)) was recorded as not replayable: choose another range."
            )
        }
    }
}
