import MultiRedux

extension TestStore {
    /// Lets the oldest held async reducer result through, asserting that it carries a
    /// `Substate`, and asserts that the state changed exactly as the closure describes.
    ///
    /// ```swift
    /// await store.send(LoadProfile(id: 7)) { $0.user.isLoading = true }
    /// await store.receive(UserState.self) { $0.user = UserState(name: "Ann", isLoading: false) }
    /// ```
    ///
    /// With exhaustivity on, results are received in the order the async reducers delivered them:
    /// if the oldest one is not a `Substate`, the step fails and nothing is applied. With it off,
    /// older results that do not match are applied without assertion.
    ///
    /// - Parameters:
    ///   - resultType: The state type the result must carry.
    ///   - timeout: How long to wait for a result from an async reducer that timed out earlier, and
    ///     for the async reducers the result starts; by default ``timeout``.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the previous state into the expected one; by default nothing changes.
    public func receive<Substate: Sendable>(
        _ resultType: Substate.Type, timeout: TestTimeout? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void = { _ in }
    ) async {
        await receive(
            "receive(\(ValueDescription.name(of: resultType)).self)",
            matching: { $0 is AsyncReducerResult<Substate> }, timeout: timeout,
            update, at: .init(fileID, filePath, line, column))
    }

    /// Lets the oldest held async reducer result through, asserting that it satisfies a
    /// predicate on the action, and asserts the change it makes.
    ///
    /// ```swift
    /// await store.receive(where: { ($0 as? AsyncReducerResultAction<UserState>)?.newState.name == "Ann" }) {
    ///     $0.user.name = "Ann"
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Must return `true` for the result action.
    ///   - timeout: How long to wait for a result from an async reducer that timed out earlier, and
    ///     for the async reducers the result starts; by default ``timeout``.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the previous state into the expected one; by default nothing changes.
    public func receive(
        where predicate: (any Action) -> Bool, timeout: TestTimeout? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void = { _ in }
    ) async {
        await receive(
            "receive(where:)", matching: predicate, timeout: timeout, update, at: .init(fileID, filePath, line, column))
    }

    /// The async reducer results held back and not yet received, oldest first.
    ///
    /// - Complexity: O(*n*) for *n* held results.
    public var pendingResults: [any Action] {
        held.pending
    }

    private func receive(
        _ step: String, matching: (any Action) -> Bool, timeout: TestTimeout?,
        _ update: (inout Root) throws -> Void, at location: TestFailure.Location,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let limit = timeout ?? self.timeout
        var pending = held.pending
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
                    + "sent action calls its completion; check that the action reaches that reducer.",
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
