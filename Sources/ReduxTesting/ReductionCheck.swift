import ReduxTimeTravel

/// The comparison every reducer assertion ends with: the state a reduction produced against the
/// state the test expected, reported as a field-by-field diff.
struct ReductionCheck {
    /// What reduced, for the headline: `SetNameReducer`, `The reduce function`, `Features [UserFeature]`.
    let subject: String
    /// The type of the action that was reduced.
    let actionType: Any.Type
    /// Where a failure points.
    let location: TestFailure.Location

    /// Fails when the actual state is not the expected state changed by `update`.
    ///
    /// - Parameters:
    ///   - actual: The state the reduction produced.
    ///   - expected: The expected state before `update`.
    ///   - update: Changes a copy of `expected` into the state the test expects.
    /// - Returns: `actual`, so assertions can hand it back to the test.
    func verify<Value: Equatable>(
        actual: Value, expected: Value, update: (inout Value) throws -> Void
    ) -> Value {
        var expected = expected
        do {
            try update(&expected)
        } catch {
            FailureReporter.current.fail(
                "\(subject) reduced \(ValueDescription.name(of: actionType)) on \(Value.self): the closure "
                    + "describing the expected state threw \(error)",
                at: location)
            return actual
        }
        if actual != expected {
            FailureReporter.current.fail(
                FailureMessage.stateMismatch(
                    "\(subject) reduced \(ValueDescription.name(of: actionType)) on \(Value.self) to an unexpected state",
                    expected: expected, actual: actual),
                at: location)
        }
        return actual
    }
}
