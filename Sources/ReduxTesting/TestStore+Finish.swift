import MultiRedux

extension TestStore {
    /// Ends the test: fails if async reducers are still running or their results were never
    /// received.
    ///
    /// ```swift
    /// await store.finish()
    /// await store.finish(timeout: .seconds(5))   // async reducers that timed out earlier get longer
    /// ```
    ///
    /// An async reducer that timed out during an earlier step gets up to `timeout` more to call its
    /// completion; one still running then fails the test. With exhaustivity off, the held results
    /// are applied instead of reported, without assertion, together with the results of any
    /// async reducers they start.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for async reducers still running; by default ``timeout``.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    public func finish(
        timeout: TestTimeout? = nil, isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let location = TestFailure.Location(fileID, filePath, line, column)
        let limit = timeout ?? self.timeout
        let running = await waitForUnsettled(limit)
        reportIssues(during: "the test", at: location)
        reportStillRunning(running, "finish() waited \(limit) for async reducer(s) still running:", at: location)
        switch exhaustivity {
        case .on:
            reportUnreceived(
                held.removeAll(), "The test finished with", hint: "assert each with `receive`", at: location)
        case .off:
            // Applying a result may start further async reducers; apply theirs too.
            while case let remaining = held.removeAll(), !remaining.isEmpty {
                await apply(remaining, during: "finish()", timeout: limit, at: location)
            }
            reportIssues(during: "finish()", at: location)
        }
        // Each was reported above or by the step that timed out in it; deinit need not again.
        unsettled.removeAll()
    }

    /// Lets held results through without asserting what they change, oldest first.
    ///
    /// - Parameters:
    ///   - results: The results to apply.
    ///   - step: The step applying them, for a timeout failure.
    ///   - timeout: How long to wait for the async reducers each one starts; nil for ``timeout``.
    ///   - location: Where a timeout failure points.
    func apply(
        _ results: [any Action], during step: String, timeout: TestTimeout?,
        at location: TestFailure.Location, isolation: isolated (any Actor)? = #isolation
    ) async {
        for result in results {
            await dispatch(result, describedAs: describeInFlight(result), during: step, timeout: timeout, at: location)
        }
        expectedState = store.state
    }

    /// Fails when results were never received, listing them.
    ///
    /// - Parameters:
    ///   - results: The results never received.
    ///   - opening: The start of the message: "The test finished with".
    ///   - hint: What to do about them.
    ///   - location: Where the failure points.
    func reportUnreceived(
        _ results: [any Action], _ opening: String, hint: String, at location: TestFailure.Location
    ) {
        guard !results.isEmpty else { return }
        reporter.fail(
            "\(opening) \(results.count) async reducer result(s) never received; \(hint), "
                + "or set `exhaustivity = .off`:\n" + FailureMessage.list(results.map(describeHeld)),
            at: location)
    }
}
