/// The comparison every reducer assertion ends with: the state a reduction produced against the
/// state the test expected, reported as a field-by-field diff.
struct ReductionCheck {
    /// What reduced, for the headline: `SetNameReducer`, `the reduce function`, `features [UserFeature]`.
    let subject: String
    /// The type of the action that was reduced.
    let actionType: Any.Type
    /// Where a failure points.
    let location: TestFailure.Location

    /// Fails when the actual state is not the expected one.
    ///
    /// - Parameters:
    ///   - actual: The state the reduction produced.
    ///   - expected: The state the test expected.
    /// - Returns: `actual`, so assertions can hand it back to the test.
    func verify<Value: Equatable>(actual: Value, expected: Value) -> Value {
        if actual != expected {
            FailureReporter.current.fail(
                FailureMessage.stateMismatch(
                    "\(subject) reduced \(ValueDescription.name(of: actionType)) on \(Value.self) to an unexpected state",
                    expected: expected, actual: actual),
                at: location)
        }
        return actual
    }

    /// Fails when the actual state is not the initial state changed by `update`.
    ///
    /// - Parameters:
    ///   - actual: The state the reduction produced.
    ///   - initial: The state before the reduction.
    ///   - update: Changes a copy of `initial` into the expected state.
    /// - Returns: `actual`.
    /// - Throws: What `update` throws; nothing is compared then.
    func verify<Value: Equatable>(
        actual: Value, initial: Value, update: (inout Value) throws -> Void
    ) rethrows -> Value {
        var expected = initial
        try update(&expected)
        return verify(actual: actual, expected: expected)
    }
}
