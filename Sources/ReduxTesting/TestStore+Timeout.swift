import MultiRedux

extension TestStore {
    /// What every timeout failure tells the reader to do.
    static var timeoutAdvice: String {
        "An async reducer must return its change, or call its completion, exactly once. "
            + "If it only needs more time, pass `timeout:` or set `store.timeout`."
    }

    /// Dispatches an action through the real store and waits until it and every async result it
    /// leads to have been applied, or until the timeout.
    ///
    /// On timeout the step fails, naming the action and the async reducers still running, and
    /// the dispatch is kept in ``unsettled``: `receive` and `finish` wait for it again, and its
    /// result, if it comes, is held like any other.
    ///
    /// - Parameters:
    ///   - action: The action: one the test sends, or a held result the test lets through.
    ///   - description: The action described for the failure.
    ///   - step: The step, for the failure: `send(LoadProfile)`.
    ///   - timeout: How long to wait; nil for ``timeout``.
    ///   - location: Where the failure points.
    func dispatch(
        _ action: any Action, describedAs description: String, during step: String,
        timeout: TestTimeout?, at location: TestFailure.Location,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let limit = timeout ?? self.timeout
        let awaited = AwaitedDispatch(
            ReleasedAction(action: action), describedAs: description, during: step, through: store)
        guard await !awaited.wait(until: limit.deadlineFromNow) else { return }
        unsettled.append(awaited)
        let running = awaited.runningReducers
        let waitingFor =
            running.isEmpty
            ? ["(no async reducer: the store has not finished applying the action itself)"] : running
        reporter.fail(
            "\(step) timed out after \(limit): \(description) is still in flight, waiting for async "
                + "reducer(s) that have not delivered their change:\n" + FailureMessage.list(waitingFor) + "\n"
                + Self.timeoutAdvice + " The test goes on; a result that arrives later is held for `receive`.",
            at: location)
    }

    /// Waits, at most `limit` in all, for the dispatches that timed out earlier to settle.
    ///
    /// - Parameter limit: How long to wait.
    /// - Returns: Those still not settled, oldest first; they stay in ``unsettled``.
    func waitForUnsettled(
        _ limit: TestTimeout, isolation: isolated (any Actor)? = #isolation
    ) async -> [AwaitedDispatch] {
        unsettled.removeAll { $0.isSettled }
        guard !unsettled.isEmpty else { return [] }
        let deadline = limit.deadlineFromNow
        for awaited in unsettled {
            _ = await awaited.wait(until: deadline)
        }
        unsettled.removeAll { $0.isSettled }
        return unsettled
    }

    /// Fails when dispatches are still waiting for async reducers, listing each reducer with
    /// the step that started it.
    ///
    /// - Parameters:
    ///   - running: The dispatches not settled.
    ///   - headline: The first line of the message.
    ///   - location: Where the failure points.
    func reportStillRunning(_ running: [AwaitedDispatch], _ headline: String, at location: TestFailure.Location) {
        guard !running.isEmpty else { return }
        let lines = running.flatMap { awaited in
            let reducers = awaited.runningReducers
            guard !reducers.isEmpty else {
                return ["\(awaited.step): the store has not finished applying \(awaited.action)"]
            }
            return reducers.map { "\($0), started by \(awaited.step)" }
        }
        reporter.fail(headline + "\n" + FailureMessage.list(lines) + "\n" + Self.timeoutAdvice, at: location)
    }
}

/// Describes an action in flight for a timeout failure: a result as `the UserState change from
/// LoadProfileReducer`, any other action by its value.
///
/// - Parameter action: The action.
/// - Returns: One line.
func describeInFlight(_ action: any Action) -> String {
    guard let result = action as? any AsyncResultCarrier else { return ValueDescription.of(action) }
    let resultName = ValueDescription.name(of: result.resultType)
    return "the \(resultName) change from \(ValueDescription.name(of: result.reducerType))"
}
