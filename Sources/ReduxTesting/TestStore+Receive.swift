import MultiRedux

extension TestStore {
    /// Lets the oldest held async reducer result (or follow-up action) through and asserts that
    /// the state changed exactly as the closure describes.
    ///
    /// ```swift
    /// await store.send(LoadProfile(id: 7)) { $0.user.isLoading = true }
    /// await store.receive(UserState.self) { $0.user = UserState(name: "User 7", isLoading: false) }
    /// await store.receive(from: LoadBioReducer.self) { $0.user.bio = "Loaded" }
    /// await store.receive(LoadTodos.self) { $0.todos.isLoading = true }   // a follow-up action
    /// ```
    ///
    /// An effect's follow-up actions (`effect.send`) are held too, in the order the effect sent
    /// them among its changes: receive one by its action type, and its reducers run then, as the
    /// app's store would run them, starting the effects they return.
    ///
    /// A result is the change an async reducer delivered for its state (for VISPER's completion
    /// form, a change that replaces the state with the completion's value). It is applied to the
    /// state as it is when received, at the place where the reducer that made it runs, exactly
    /// as the app's store applies it; the closure describes the change from the previous step.
    ///
    /// Name what the result must be: the state type it changes, the async reducer that made it,
    /// both, or neither (any result). With exhaustivity on, results are received in the order
    /// the async reducers delivered them: if the oldest one does not match, the step fails and
    /// nothing is applied. With it off, older results that do not match are applied without
    /// assertion, follow-up actions included, until the one asked for arrives.
    ///
    /// - Parameters:
    ///   - stateType: The state type the result must change, such as `UserState.self`, or the type
    ///     of the follow-up action, such as `LoadTodos.self`; nil for any.
    ///   - reducerType: The async reducer that must have made it; nil for any.
    ///   - timeout: How long to wait for a result from an async reducer that timed out earlier, and
    ///     for the async reducers the result starts; by default ``timeout``.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the previous state into the expected one; by default nothing changes.
    ///     An error it throws is reported as a failure.
    public func receive(
        _ stateType: Any.Type? = nil, from reducerType: Any.Type? = nil, timeout: TestTimeout? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void = { _ in }
    ) async {
        let arguments = [
            stateType.map { ValueDescription.name(of: $0) + ".self" },
            reducerType.map { "from: " + ValueDescription.name(of: $0) + ".self" },
        ]
        await receive(
            "receive(\(arguments.compactMap { $0 }.joined(separator: ", ")))",
            matching: { action in
                guard let result = action as? any AsyncResultCarrier else {
                    // A follow-up action an effect sent: named by its own type.
                    return reducerType == nil && stateType.map { $0 == type(of: action) } ?? true
                }
                return stateType.map { $0 == result.resultType } ?? true
                    && reducerType.map { $0 == result.reducerType } ?? true
            },
            timeout: timeout, update, at: .init(fileID, filePath, line, column))
    }

    /// The async reducer results held back and not yet received, oldest first.
    ///
    /// - Complexity: O(*n*) for *n* held results.
    package var pendingResults: [any Action] {
        held.pending
    }

    private func receive(
        _ step: String, matching: (any Action) -> Bool, timeout: TestTimeout?,
        _ update: (inout Root) throws -> Void, at location: TestFailure.Location,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let limit = timeout ?? self.timeout
        var pending = held.pending
        if exhaustivity == .off {
            // A held follow-up action may lead to the result asked for: apply what is held up to
            // it, in order, until something matches or no follow-up is left.
            while !pending.contains(where: matching),
                let followUp = pending.firstIndex(where: { !($0 is any AsyncResultCarrier) })
            {
                await apply(held.removeFirst(followUp + 1), during: step, timeout: limit, at: location)
                pending = held.pending
            }
        }
        var running: [AwaitedDispatch] = []
        if exhaustivity == .on ? pending.isEmpty : !pending.contains(where: matching) {
            // A result may still come from an async reducer that timed out earlier.
            running = await waitForUnsettled(limit)
            pending = held.pending
        }
        guard !pending.isEmpty else {
            guard running.isEmpty else {
                reportStillRunning(
                    running, "\(step): no async reducer result arrived within \(limit); still running:",
                    at: location)
                return
            }
            reporter.fail(
                "\(step): no async reducer result is waiting. A result is held when an async reducer started by a "
                    + "sent action delivers its change; check that the action reaches that reducer.",
                at: location)
            return
        }
        let candidates = exhaustivity == .on ? pending.prefix(1) : pending[...]
        guard let index = candidates.firstIndex(where: matching) else {
            let problem =
                exhaustivity == .on
                ? "the oldest held result does not match (results are received in the order they were delivered)"
                : "no held result matches"
            reporter.fail(
                "\(step): \(problem). Held results, oldest first:\n"
                    + FailureMessage.list(pending.enumerated().map { "\($0.offset + 1). " + describeHeld($0.element) }),
                at: location)
            return
        }
        var taken = held.removeFirst(index + 1)
        let received = taken.removeLast()
        await apply(taken, during: step, timeout: limit, at: location)
        await dispatch(received, describedAs: describeInFlight(received), during: step, timeout: limit, at: location)
        reportIssues(during: step, at: location)
        assertStateChange(step, update, at: location)
    }
}
