import MultiRedux
internal import ReduxShared
import ReduxTimeTravel

extension TestStore {
    /// Waits for the oldest change or follow-up action an effect handed back, lets it through, and
    /// asserts that the state changed exactly as the closure describes.
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
    /// Effects run while the test goes on: when nothing is held yet, `receive` waits (at most the
    /// timeout) for an effect to hand something back, whoever started the effect. It fails at
    /// once when nothing is held and no effect is running, and after the timeout naming each
    /// effect still running.
    ///
    /// Name what the result must be: the state type it changes, the async reducer that made it,
    /// both, or neither (any result). With exhaustivity on, results are received in the order
    /// the effects handed them back: if the oldest one does not match, the step fails and
    /// nothing is applied. With it off, older results that do not match are applied without
    /// assertion (and listed in ``skipped``), follow-up actions included, until the one asked for
    /// arrives.
    ///
    /// - Parameters:
    ///   - stateType: The state type the result must change, such as `UserState.self`, or the type
    ///     of the follow-up action, such as `LoadTodos.self`; nil for any.
    ///   - reducerType: The async reducer that must have made it; nil for any.
    ///   - timeout: How long to wait for an effect to hand something back; by default ``timeout``.
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

    /// Waits for the oldest follow-up action an effect sent, checks that it equals `expected`, lets
    /// it through (its reducers run), and asserts the state change as ``receive(_:from:timeout:isolation:fileID:filePath:line:column:_:)``
    /// does.
    ///
    /// ```swift
    /// await store.send(SubmitLogin(name: "ada")) { $0.isLoggingIn = true }
    /// await store.receive(LoginState.self) { $0.user = "ada"; $0.isLoggingIn = false }
    /// await store.receive(LoggedIn(user: "ada"))   // the delegate action, value and all
    /// ```
    ///
    /// With exhaustivity on, the oldest held result must be this action: one of its type with other
    /// values fails with the difference, field by field, and nothing is applied. With it off, held
    /// results before the first equal action are applied without assertion, as for a type.
    ///
    /// - Parameters:
    ///   - expected: The action the effect must have sent.
    ///   - timeout: How long to wait for an effect to hand something back; by default ``timeout``.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the previous state into the expected one; by default nothing changes.
    public func receive<A: Action & Equatable>(
        _ expected: A, timeout: TestTimeout? = nil, isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void = { _ in }
    ) async {
        let step = "receive(\(ValueDescription.action(expected)))"
        await receive(
            step, matching: { ($0 as? A) == expected },
            explaining: { held in
                (held as? A).map {
                    FailureMessage.stateMismatch(
                        "\(step): the action received differs", expected: expected, actual: $0)
                }
            },
            timeout: timeout, update, at: .init(fileID, filePath, line, column))
    }

    /// Waits for the oldest follow-up action of type `A` an effect sent, checks it with `predicate`,
    /// lets it through, and asserts the state change: for a part of an action, or an enum action's
    /// case.
    ///
    /// ```swift
    /// await store.receive(LoggedIn.self, where: { $0.user.hasPrefix("a") })
    /// await store.receive(LoginAction.self, where: { if case .delegate(.loggedIn) = $0 { true } else { false } })
    /// ```
    ///
    /// With exhaustivity on, the oldest held result must be an `A` the predicate accepts; with it
    /// off, held results before the first such action are applied without assertion.
    ///
    /// - Parameters:
    ///   - type: The action's type.
    ///   - predicate: Whether the action is the one expected.
    ///   - timeout: How long to wait for an effect to hand something back; by default ``timeout``.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the previous state into the expected one; by default nothing changes.
    public func receive<A: Action>(
        _ type: A.Type, where predicate: (A) -> Bool, timeout: TestTimeout? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void = { _ in }
    ) async {
        let step = "receive(\(ValueDescription.name(of: A.self)).self, where: …)"
        await receive(
            step, matching: { ($0 as? A).map(predicate) ?? false },
            explaining: { held in
                (held as? A).map {
                    "\(step): the predicate refused the action received, \(ValueDescription.action($0))"
                }
            },
            timeout: timeout, update, at: .init(fileID, filePath, line, column))
    }

    /// Waits for the oldest follow-up action of the key path's action type an effect sent, checks
    /// that the value at the key path equals `value`, lets it through, and asserts the state change.
    ///
    /// ```swift
    /// await store.receive(\LoggedIn.user, "ada")
    /// ```
    ///
    /// With exhaustivity on, the oldest held result must be such an action; one with another value
    /// there fails with the difference. With it off, held results before the first matching action
    /// are applied without assertion.
    ///
    /// - Parameters:
    ///   - field: The part of the action to check.
    ///   - value: What the part must be.
    ///   - timeout: How long to wait for an effect to hand something back; by default ``timeout``.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the previous state into the expected one; by default nothing changes.
    public func receive<A: Action, Value: Equatable>(
        _ field: KeyPath<A, Value>, _ value: Value, timeout: TestTimeout? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void = { _ in }
    ) async {
        let step = "receive(\(field), \(ValueDescription.of(value)))"
        await receive(
            step, matching: { ($0 as? A).map { $0[keyPath: field] == value } ?? false },
            explaining: { held in
                (held as? A).map {
                    FailureMessage.stateMismatch(
                        "\(step): the part of the action received differs", expected: value,
                        actual: $0[keyPath: field])
                }
            },
            timeout: timeout, update, at: .init(fileID, filePath, line, column))
    }

    /// The effect results and follow-up actions held back and not yet received, oldest first.
    ///
    /// - Complexity: O(*n*) for *n* held results.
    package var pendingResults: [any Action] {
        held.pending
    }

    /// The steps every `receive` takes: waits for a held result that `matching` accepts, fails
    /// (explained by `explaining` for a result of the asked type) when none arrives or an older one
    /// was skipped, applies it as the app would, and asserts the change.
    func receive(
        _ step: String, matching: (any Action) -> Bool, explaining: (any Action) -> String? = { _ in nil },
        timeout: TestTimeout?,
        _ update: (inout Root) throws -> Void, at location: TestFailure.Location,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let limit = timeout ?? self.timeout
        let deadline = limit.deadlineFromNow
        hasFinished = false
        let isFollowUp: (any Action) -> Bool = { !($0 is any AsyncResultCarrier) }
        var pending: [any Action]
        while true {
            _ = await wait(until: deadline) {
                let pending = held.pending
                let receivable =
                    exhaustivity == .on
                    ? !pending.isEmpty : pending.contains(where: matching) || pending.contains(where: isFollowUp)
                return receivable || store.testingSeam.runningEffects.isEmpty
            }
            pending = held.pending
            // Exhaustivity off: a held follow-up action may lead to what is asked for: apply what
            // is held up to it, in order, and look again.
            guard exhaustivity == .off, !pending.contains(where: matching),
                let followUp = pending.firstIndex(where: isFollowUp)
            else { break }
            await skip(held.removeFirst(followUp + 1), during: step, timeout: limit, at: location)
        }
        guard exhaustivity == .on ? !pending.isEmpty : pending.contains(where: matching) else {
            if let explanation = pending.lazy.compactMap(explaining).last, effectsInFlight.isEmpty {
                reporter.fail(explanation, at: location)
            } else {
                reportNothingToReceive(step, held: pending, within: limit, at: location)
            }
            return
        }
        let match = pending.firstIndex(where: matching)
        if exhaustivity == .on && match != 0 {
            reporter.fail(
                explaining(pending[0])
                    ?? "\(step): the oldest held result does not match (results are received in the order they "
                    + "were delivered). Held results, oldest first:\n"
                    + FailureMessage.list(pending.enumerated().map { "\($0.offset + 1). " + describeHeld($0.element) }),
                at: location)
        }
        // One mistake, one failure: the store goes on as the app would, so the next step is judged on its
        // own. With nothing that matches (exhaustivity on), the oldest held result is what was received.
        guard let match else {
            await apply(held.removeFirst(1), during: step, timeout: limit, at: location)
            reportIssues(during: step, at: location, receivedFollowUp: !(pending[0] is any AsyncResultCarrier))
            return
        }
        var taken = held.removeFirst(match + 1)
        let taking = taken.removeLast()
        let received = taking.action
        if exhaustivity == .off {
            await skip(taken, during: step, timeout: limit, at: location)
        } else {
            // Results the test skipped, already failed for: applied as the app would, unjudged.
            await apply(taken, during: step, timeout: limit, at: location)
        }
        await apply(
            received, describedAs: describeInFlight(received), during: step, timeout: limit, at: location,
            address: taking.address)
        reportIssues(during: step, at: location, receivedFollowUp: !(received is any AsyncResultCarrier))
        assertStateChange(step, update, at: location)
    }

    /// Fails a `receive` that found nothing to receive: effects still running did not deliver in
    /// time, or nothing is running that could deliver.
    private func reportNothingToReceive(
        _ step: String, held pending: [any Action], within limit: TestTimeout, at location: TestFailure.Location
    ) {
        let running = effectsInFlight
        if !running.isEmpty {
            reporter.fail(
                "\(step): nothing arrived within \(limit); effect(s) still running:\n" + FailureMessage.list(running)
                    + "\n" + Self.timeoutAdvice,
                at: location)
        } else if pending.isEmpty {
            reporter.fail(
                "\(step): nothing is waiting to be received, and no effect is running that could send it. A result "
                    + "or follow-up action is held when an effect hands it back; check that an action started that "
                    + "effect (its reducer is registered where the action reaches it).",
                at: location)
        } else {
            reporter.fail(
                "\(step): no held result matches, and no effect is running that could send one. Held results, "
                    + "oldest first:\n"
                    + FailureMessage.list(pending.enumerated().map { "\($0.offset + 1). " + describeHeld($0.element) }),
                at: location)
        }
    }

    /// Lets held results through without asserting them, noting each in ``skipped``.
    func skip(
        _ results: [HeldResult], during step: String, timeout: TestTimeout, at location: TestFailure.Location,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        guard !results.isEmpty else { return }
        skipped += results.map { "\(step) applied \(describeHeld($0.action))" }
        await apply(results, during: step, timeout: timeout, at: location)
    }
}
