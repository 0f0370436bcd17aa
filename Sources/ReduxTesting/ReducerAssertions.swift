import MultiRedux

// Assertions that run one reducer or reduce function on a state and compare the result with
// the expected state. Each comes in two forms: with the expected state as a value, and with a
// closure that changes a copy of the initial state into the expected one (only the fields the
// action should change are written). A failure lists the differing fields:
//
//     SetNameReducer reduced SetName on UserState to an unexpected state (expected → actual):
//       name: "Ann" → "ann"

/// Asserts that a reducer turns a state into the expected state.
///
/// ```swift
/// assertReduce(SetNameReducer(), action: SetName(name: "Ann"), on: UserState(), expected: UserState(name: "Ann"))
/// ```
///
/// - Parameters:
///   - reducer: The reducer to run.
///   - action: The action to hand it.
///   - state: The state before the action.
///   - expected: The state the reducer must return.
///   - provider: The provider handed to the reducer; by default an empty registry.
///   - fileID: The file the failure points at; leave the default.
///   - filePath: The file the failure points at; leave the default.
///   - line: The line the failure points at; leave the default.
///   - column: The column the failure points at; leave the default.
/// - Returns: The state the reducer returned.
@discardableResult
public func assertReduce<Reducer: ActionReducer>(
    _ reducer: Reducer, action: Reducer.ReducerActionType, on state: Reducer.ReducerStateType,
    expected: Reducer.ReducerStateType, provider: any ReducerProvider = ReducerRegistry(),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Reducer.ReducerStateType where Reducer.ReducerStateType: Equatable {
    var actual = state
    reducer.reduce(provider: provider, action: action, state: &actual)
    return ReductionCheck(reducer, action, .init(fileID, filePath, line, column)).verify(
        actual: actual, expected: expected)
}

/// Asserts that a reducer changes a state exactly as the closure describes.
///
/// ```swift
/// assertReduce(SetNameReducer(), action: SetName(name: "Ann"), on: UserState()) { $0.name = "Ann" }
/// ```
///
/// - Parameters:
///   - reducer: The reducer to run.
///   - action: The action to hand it.
///   - state: The state before the action.
///   - provider: The provider handed to the reducer; by default an empty registry.
///   - fileID: The file the failure points at; leave the default.
///   - filePath: The file the failure points at; leave the default.
///   - line: The line the failure points at; leave the default.
///   - column: The column the failure points at; leave the default.
///   - update: Changes a copy of `state` into the state the reducer must return.
/// - Returns: The state the reducer returned.
/// - Throws: What `update` throws.
@discardableResult
public func assertReduce<Reducer: ActionReducer>(
    _ reducer: Reducer, action: Reducer.ReducerActionType, on state: Reducer.ReducerStateType,
    provider: any ReducerProvider = ReducerRegistry(),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ update: (inout Reducer.ReducerStateType) throws -> Void
) rethrows -> Reducer.ReducerStateType where Reducer.ReducerStateType: Equatable {
    var actual = state
    reducer.reduce(provider: provider, action: action, state: &actual)
    return try ReductionCheck(reducer, action, .init(fileID, filePath, line, column))
        .verify(actual: actual, initial: state, update: update)
}

/// Asserts that a reduce function returns the expected state.
///
/// ```swift
/// assertReduce(reduceSetName, action: SetName(name: "Ann"), on: UserState(), expected: UserState(name: "Ann"))
/// ```
///
/// - Parameters:
///   - reduceFunction: The function, as you would pass it to `addReduceFunction(reduceFunction:)`.
///   - action: The action to hand it.
///   - state: The state before the action.
///   - expected: The state the function must return.
///   - provider: The provider handed to the function; by default an empty registry.
///   - fileID: The file the failure points at; leave the default.
///   - filePath: The file the failure points at; leave the default.
///   - line: The line the failure points at; leave the default.
///   - column: The column the failure points at; leave the default.
/// - Returns: The state the function returned.
@discardableResult
public func assertReduce<ActionType, Value: Equatable>(
    _ reduceFunction: (any ReducerProvider, ActionType, Value) -> Value, action: ActionType, on state: Value,
    expected: Value, provider: any ReducerProvider = ReducerRegistry(),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Value {
    let actual = reduceFunction(provider, action, state)
    return ReductionCheck(function: action, .init(fileID, filePath, line, column)).verify(
        actual: actual, expected: expected)
}

/// Asserts that a reduce function changes a state exactly as the closure describes.
///
/// - Parameters:
///   - reduceFunction: The function, as you would pass it to `addReduceFunction(reduceFunction:)`.
///   - action: The action to hand it.
///   - state: The state before the action.
///   - provider: The provider handed to the function; by default an empty registry.
///   - fileID: The file the failure points at; leave the default.
///   - filePath: The file the failure points at; leave the default.
///   - line: The line the failure points at; leave the default.
///   - column: The column the failure points at; leave the default.
///   - update: Changes a copy of `state` into the state the function must return.
/// - Returns: The state the function returned.
/// - Throws: What `update` throws.
@discardableResult
public func assertReduce<ActionType, Value: Equatable>(
    _ reduceFunction: (any ReducerProvider, ActionType, Value) -> Value, action: ActionType, on state: Value,
    provider: any ReducerProvider = ReducerRegistry(),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ update: (inout Value) throws -> Void
) rethrows -> Value {
    let actual = reduceFunction(provider, action, state)
    return try ReductionCheck(function: action, .init(fileID, filePath, line, column))
        .verify(actual: actual, initial: state, update: update)
}

/// Asserts that an in-place reduce function turns a state into the expected state.
///
/// - Parameters:
///   - reduceFunction: The function, as you would pass it to `addReduceFunction(reduceFunction:)`.
///   - action: The action to hand it.
///   - state: The state before the action.
///   - expected: The state the function must leave.
///   - provider: The provider handed to the function; by default an empty registry.
///   - fileID: The file the failure points at; leave the default.
///   - filePath: The file the failure points at; leave the default.
///   - line: The line the failure points at; leave the default.
///   - column: The column the failure points at; leave the default.
/// - Returns: The state the function left.
@discardableResult
public func assertReduce<ActionType, Value: Equatable>(
    _ reduceFunction: (any ReducerProvider, ActionType, inout Value) -> Void, action: ActionType, on state: Value,
    expected: Value, provider: any ReducerProvider = ReducerRegistry(),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Value {
    var actual = state
    reduceFunction(provider, action, &actual)
    return ReductionCheck(function: action, .init(fileID, filePath, line, column)).verify(
        actual: actual, expected: expected)
}

/// Asserts that an in-place reduce function changes a state exactly as the closure describes.
///
/// ```swift
/// assertReduce(increment, action: Increment(by: 1), on: CounterState()) { $0.count = 1 }
/// ```
///
/// - Parameters:
///   - reduceFunction: The function, as you would pass it to `addReduceFunction(reduceFunction:)`.
///   - action: The action to hand it.
///   - state: The state before the action.
///   - provider: The provider handed to the function; by default an empty registry.
///   - fileID: The file the failure points at; leave the default.
///   - filePath: The file the failure points at; leave the default.
///   - line: The line the failure points at; leave the default.
///   - column: The column the failure points at; leave the default.
///   - update: Changes a copy of `state` into the state the function must leave.
/// - Returns: The state the function left.
/// - Throws: What `update` throws.
@discardableResult
public func assertReduce<ActionType, Value: Equatable>(
    _ reduceFunction: (any ReducerProvider, ActionType, inout Value) -> Void, action: ActionType, on state: Value,
    provider: any ReducerProvider = ReducerRegistry(),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ update: (inout Value) throws -> Void
) rethrows -> Value {
    var actual = state
    reduceFunction(provider, action, &actual)
    return try ReductionCheck(function: action, .init(fileID, filePath, line, column))
        .verify(actual: actual, initial: state, update: update)
}

extension ReductionCheck {
    /// A check whose subject is a reducer's type.
    init(_ reducer: Any, _ action: Any, _ location: TestFailure.Location) {
        self.init(
            subject: ValueDescription.name(of: type(of: reducer)), actionType: type(of: action), location: location)
    }

    /// A check whose subject is a reduce function.
    init(function action: Any, _ location: TestFailure.Location) {
        self.init(subject: "The reduce function", actionType: type(of: action), location: location)
    }
}
