import MultiRedux

extension TestStore {
    /// Ends the test: waits for the effects still running, then fails for those that did not end
    /// and for what they handed back that was never received.
    ///
    /// ```swift
    /// await store.finish()
    /// await store.finish(timeout: .seconds(5))   // slow effects get longer
    /// ```
    ///
    /// Every effect counts, whoever started it: an action the test sent, one an observer or a
    /// middleware dispatched, a follow-up action. An effect cancelled during the test does not
    /// run any more and is not waited for. Each one still running after `timeout` is named with
    /// the action it started for.
    ///
    /// With exhaustivity off, what is held is applied instead of reported, without assertion,
    /// together with what the effects it starts hand back; effects still running after `timeout`
    /// are listed in ``skipped`` instead of failing the test.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for effects still running; by default ``timeout``.
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
        let deadline = limit.deadlineFromNow
        defer { hasFinished = true }
        switch exhaustivity {
        case .on:
            _ = await wait(until: deadline) { store.testingSeam.runningEffects.isEmpty }
            reportIssues(during: "the test", at: location)
            reportInFlight("finish() waited \(limit) for effect(s) still running:", at: location)
            reportUnreceived(
                held.removeAll(), "The test finished with", hint: "assert each with `receive`", at: location)
        case .off:
            // Applying what is held may start further effects: wait for them and apply theirs too.
            let seam = store.testingSeam
            while await wait(until: deadline, for: { seam.runningEffects.isEmpty || !held.pending.isEmpty }),
                case let remaining = held.removeAll(), !remaining.isEmpty
            {
                await skip(remaining, during: "finish()", timeout: limit, at: location)
            }
            skipped += effectsInFlight.map { "finish() did not wait longer than \(limit) for \($0)" }
            reportIssues(during: "finish()", at: location)
        }
    }

    /// Fails when results were never received, listing them.
    ///
    /// - Parameters:
    ///   - results: The results never received.
    ///   - opening: The start of the message: "The test finished with".
    ///   - hint: What to do about them.
    ///   - location: Where the failure points.
    func reportUnreceived(
        _ results: [HeldResult], _ opening: String, hint: String, at location: TestFailure.Location
    ) {
        guard !results.isEmpty else { return }
        reporter.fail(
            "\(opening) \(results.count) effect result(s) never received; \(hint), "
                + "or set `exhaustivity = .off`:\n" + FailureMessage.list(results.map { describeHeld($0.action) })
                + cancelNote,
            at: location)
    }
}
