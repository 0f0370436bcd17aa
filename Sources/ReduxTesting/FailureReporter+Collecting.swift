import ReduxCore
internal import ReduxShared

/// Runs some work with a reporter that collects failures instead of failing the test, and
/// returns them.
///
/// Use it to test a helper of your own built on ReduxTesting, or to show that a wrong
/// expectation fails with the message you want:
///
/// ```swift
/// let failures = collectFailures {
///     assertReduce(SetNameReducer(), action: SetName(name: "Ann"), on: UserState()) { $0.name = "Anne" }
/// }
/// #expect(failures.first?.message.contains(#"name: "Anne" → "Ann""#) == true)
/// ```
///
/// A ``TestStore`` created inside `body` keeps reporting to the collector after `body` returns
/// (at its `deinit`, for instance); those later failures are not in the returned array.
///
/// - Parameter body: The work whose failures to collect.
/// - Returns: The failures reported while `body` ran, in order.
/// - Throws: What `body` throws.
public func collectFailures(_ body: () throws -> Void) rethrows -> [TestFailure] {
    let collected = LockedValue<[TestFailure]>([])
    try FailureReporter.$current.withValue(FailureReporter { failure in collected.withLock { $0.append(failure) } }) {
        try body()
    }
    return collected.withLock { $0 }
}

/// Runs some asynchronous work with a reporter that collects failures instead of failing the
/// test, and returns them.
///
/// ```swift
/// let failures = await collectFailures {
///     let store = TestStore(initialState: AppState(), features: [UserFeature().at(\.user)])
///     await store.send(SetName(name: "Ann"))   // the change is not described
/// }
/// #expect(failures.count == 1)
/// ```
///
/// - Parameters:
///   - isolation: The actor the work runs on; the caller's, by default.
///   - body: The work whose failures to collect.
/// - Returns: The failures reported while `body` ran, in order.
/// - Throws: What `body` throws.
public func collectFailures(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Void
) async rethrows -> [TestFailure] {
    let collected = LockedValue<[TestFailure]>([])
    try await FailureReporter.$current.withValue(
        FailureReporter { failure in collected.withLock { $0.append(failure) } }
    ) {
        try await body()
    }
    return collected.withLock { $0 }
}
