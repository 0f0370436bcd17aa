import MultiRedux

/// One routing question asked of a container (an action type on a state type) and the failure
/// messages that explain a wrong answer.
struct RoutingQuery {
    let routes: ReducerRoutes
    let actionType: Any.Type
    let stateType: Any.Type
    /// Whether the answer came from the types alone, which cannot see existential registrations.
    let judgedFromType: Bool

    private var actionName: String { ValueDescription.name(of: actionType) }
    private var stateName: String { ValueDescription.name(of: stateType) }

    /// Fails unless the reducers that run are exactly the expected types, in order.
    func check(_ actual: [RegisteredReducer], against expected: [Any.Type], at location: TestFailure.Location) {
        let matches =
            actual.count == expected.count && zip(actual, expected).allSatisfy { $0.reducerType == $1 }
        guard !matches else { return }
        FailureReporter.current.fail(
            "Reducers for \(actionName) on \(stateName) are \(Self.names(actual.map(\.reducerType))), "
                + "expected \(Self.names(expected)).\n" + context,
            at: location)
    }

    /// Fails when no reducer runs.
    func checkHandled(_ actual: [RegisteredReducer], at location: TestFailure.Location) {
        guard actual.isEmpty else { return }
        FailureReporter.current.fail("No reducer handles \(actionName) on \(stateName).\n" + context, at: location)
    }

    /// What is registered around the question: on the state type, for the action type elsewhere,
    /// and for existentials the type form could not judge.
    var context: String {
        let all = routes.registrations
        let onState = all.filter { $0.stateType == stateType }
        var text = "Registered on \(stateName):\n" + FailureMessage.list(onState.map(\.description))
        let elsewhere = all.filter { $0.actionType == actionType && $0.stateType != stateType }
        if !elsewhere.isEmpty {
            text +=
                "\n\(actionName) is registered on other states:\n" + FailureMessage.list(elsewhere.map(\.description))
        }
        let unjudged = onState.filter { !($0.actionType is any Action.Type) }
        if judgedFromType && !unjudged.isEmpty {
            text +=
                "\nRegistered for protocol existentials, which a type cannot be matched against "
                + "(assert with a sample action value to include them):\n"
                + FailureMessage.list(unjudged.map(\.description))
        }
        return text
    }

    /// For example `[SetNameReducer, AuditReducer]`.
    static func names(_ types: [Any.Type]) -> String {
        "[" + types.map(ValueDescription.name(of:)).joined(separator: ", ") + "]"
    }
}
