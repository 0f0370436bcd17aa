import MultiRedux
import ReduxCore

// Assertions that reduce an action through everything some features register, on one state or
// on a composite state through its app reducer, and compare the result with the expected state.
// The features are injected into a new `ReducerRegistry`; no store is involved, so async
// reducers cannot deliver a result here: they are reported as failures (test them with
// `TestStore`).

/// Asserts that the reducers of some features turn a state into the expected state.
///
/// ```swift
/// assertReduce(
///     features: [UserFeature(), CounterFeature()], action: SetName(name: "Ann"), on: AppState(),
///     appReducer: appReducer, expected: AppState(user: UserState(name: "Ann")))
/// ```
///
/// - Parameters:
///   - features: The features whose reducers run, injected in this order.
///   - action: The action to reduce.
///   - state: The state before the action.
///   - appReducer: Reduces the state through the features' registry; by default only the state
///     itself (`rootAppReducer()`), so reducers registered on `Value` run.
///   - expected: The state the reduction must produce.
///   - fileID: The file the failure points at; leave the default.
///   - filePath: The file the failure points at; leave the default.
///   - line: The line the failure points at; leave the default.
///   - column: The column the failure points at; leave the default.
/// - Returns: The state the reduction produced.
@discardableResult
public func assertReduce<Value: Equatable & Sendable>(
    features: [any LogicFeature], action: any Action, on state: Value,
    appReducer: InPlaceAppReducer<Value> = { provider, action, state in provider.reduce(action, &state) }, expected: Value,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Value {
    let check = ReductionCheck(features: features, action, .init(fileID, filePath, line, column))
    let actual = check.reduce(through: features, action, state, appReducer)
    return check.verify(actual: actual, expected: expected)
}

/// Asserts that the reducers of some features change a state exactly as the closure describes.
///
/// ```swift
/// assertReduce(features: [UserFeature()], action: SetName(name: "Ann"), on: AppState(), appReducer: appReducer) {
///     $0.user.name = "Ann"
/// }
/// ```
///
/// - Parameters:
///   - features: The features whose reducers run, injected in this order.
///   - action: The action to reduce.
///   - state: The state before the action.
///   - appReducer: Reduces the state through the features' registry; by default only the state
///     itself (`rootAppReducer()`).
///   - fileID: The file the failure points at; leave the default.
///   - filePath: The file the failure points at; leave the default.
///   - line: The line the failure points at; leave the default.
///   - column: The column the failure points at; leave the default.
///   - update: Changes a copy of `state` into the state the reduction must produce.
/// - Returns: The state the reduction produced.
/// - Throws: What `update` throws.
@discardableResult
public func assertReduce<Value: Equatable & Sendable>(
    features: [any LogicFeature], action: any Action, on state: Value,
    appReducer: InPlaceAppReducer<Value> = { provider, action, state in provider.reduce(action, &state) },
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ update: (inout Value) throws -> Void
) rethrows -> Value {
    let check = ReductionCheck(features: features, action, .init(fileID, filePath, line, column))
    let actual = check.reduce(through: features, action, state, appReducer)
    return try check.verify(actual: actual, initial: state, update: update)
}

/// Asserts that the reducers of some features, run by a value-returning app reducer, turn a
/// state into the expected state.
///
/// - Parameters:
///   - features: The features whose reducers run, injected in this order.
///   - action: The action to reduce.
///   - state: The state before the action.
///   - appReducer: The app's value-returning app reducer.
///   - expected: The state the reduction must produce.
///   - fileID: The file the failure points at; leave the default.
///   - filePath: The file the failure points at; leave the default.
///   - line: The line the failure points at; leave the default.
///   - column: The column the failure points at; leave the default.
/// - Returns: The state the reduction produced.
@discardableResult
public func assertReduce<Value: Equatable & Sendable>(
    features: [any LogicFeature], action: any Action, on state: Value, appReducer: @escaping AppReducer<Value>,
    expected: Value,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Value {
    assertReduce(
        features: features, action: action, on: state,
        appReducer: inPlace(appReducer), expected: expected,
        fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that the reducers of some features, run by a value-returning app reducer, change a
/// state exactly as the closure describes.
///
/// - Parameters:
///   - features: The features whose reducers run, injected in this order.
///   - action: The action to reduce.
///   - state: The state before the action.
///   - appReducer: The app's value-returning app reducer.
///   - fileID: The file the failure points at; leave the default.
///   - filePath: The file the failure points at; leave the default.
///   - line: The line the failure points at; leave the default.
///   - column: The column the failure points at; leave the default.
///   - update: Changes a copy of `state` into the state the reduction must produce.
/// - Returns: The state the reduction produced.
/// - Throws: What `update` throws.
@discardableResult
public func assertReduce<Value: Equatable & Sendable>(
    features: [any LogicFeature], action: any Action, on state: Value, appReducer: @escaping AppReducer<Value>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ update: (inout Value) throws -> Void
) rethrows -> Value {
    try assertReduce(
        features: features, action: action, on: state,
        appReducer: inPlace(appReducer),
        fileID: fileID, filePath: filePath, line: line, column: column, update)
}

extension ReductionCheck {
    /// A check whose subject is a list of features.
    init(features: [any LogicFeature], _ action: any Action, _ location: TestFailure.Location) {
        self.init(
            subject: "Features " + RoutingQuery.names(features.map { type(of: $0) }), actionType: type(of: action),
            location: location)
    }

    /// Injects the features into a new registry and reduces a copy of the state through it,
    /// reporting what the registry reports (an async reducer run outside a store) as failures.
    func reduce<Value>(
        through features: [any LogicFeature], _ action: any Action, _ state: Value,
        _ appReducer: InPlaceAppReducer<Value>
    ) -> Value {
        let issues = LockedValue<[ReduxIssue]>([])
        let registry = ReducerRegistry(issueReporter: IssueReporter { issue in issues.withLock { $0.append(issue) } })
        for feature in features {
            feature.injectReducers(container: registry)
        }
        var actual = state
        appReducer(registry, action, &actual)
        for issue in issues.withLock({ $0 }) {
            FailureReporter.current.fail(
                "\(subject) reported an issue while reducing \(type(of: action)): \(issue.description)", at: location)
        }
        return actual
    }
}
