import MultiRedux
import ReduxReducers
import ReduxTimeTravel

/// One routing question asked of a store's container (an action on a state type) and the
/// failure messages that explain a wrong answer.
struct RoutingQuery<Substate> {
    /// The container the store routes through.
    let container: any ReducerContainer
    let actionType: Any.Type
    let stateType: Substate.Type
    /// Whether the answer comes from the types alone, which cannot see existential registrations.
    let isTypeForm: Bool

    private var actionName: String { ValueDescription.name(of: actionType) }
    private var stateName: String { ValueDescription.name(of: stateType) }
    private var registry: ReducerRegistry? { container as? ReducerRegistry }

    /// Every registration of the container, in order; empty for a container that is not a
    /// `ReducerRegistry`, which cannot be asked.
    private var registrations: [RegisteredReducer] { registry?.slots.registeredReducers ?? [] }

    /// Where registrations on the state type are filed (its type, or each place a feature holds
    /// in the root state), in the order of their first registration; one place when there is none.
    /// A container that is not a `ReducerRegistry` cannot be asked: one place.
    private var places: [ObjectIdentifier] {
        let places = registry?.slots.slots { $0.stateType == stateType } ?? []
        return places.isEmpty ? [ObjectIdentifier(stateType)] : places
    }

    /// Fails unless the reducers that run at every place of the state type are exactly the
    /// expected types, in order.
    ///
    /// - Parameters:
    ///   - expected: The reducer types.
    ///   - location: Where a failure points.
    ///   - reducersAt: The reducers that run at a place; the registry is nil for a container that
    ///     is not a `ReducerRegistry`.
    /// - Returns: The reducers that run, place after place.
    func check(
        against expected: [Any.Type], at location: TestFailure.Location,
        reducersAt: (ReducerRegistry?, ObjectIdentifier) -> [RegisteredReducer]
    ) -> [RegisteredReducer] {
        let places = self.places
        let found = places.map { reducersAt(registry, $0) }
        if let wrong = found.first(where: { !Self.matches($0, expected) }) {
            let placeNote = places.count > 1 ? " (at one of its \(places.count) places)" : ""
            FailureReporter.current.fail(
                "Reducers for \(actionName) on \(stateName)\(placeNote) are \(typeNames(wrong.map(\.reducerType))), "
                    + "expected \(typeNames(expected)).\n" + context,
                at: location)
        }
        return found.flatMap { $0 }
    }

    /// The type-form answer for an action value, for a container that cannot route a value.
    func typeFormReducers(_ action: any Action) -> [RegisteredReducer] {
        func reducers<ActionType: Action>(_: ActionType) -> [RegisteredReducer] {
            container.reducers(handling: ActionType.self, on: stateType)
        }
        return reducers(action)
    }

    private static func matches(_ actual: [RegisteredReducer], _ expected: [Any.Type]) -> Bool {
        actual.count == expected.count && zip(actual, expected).allSatisfy { $0.reducerType == registeredType($1) }
    }

    /// What is registered around the question: on the state type, for the action type elsewhere,
    /// and for existentials the type form could not judge.
    private var context: String {
        let all = registrations
        let onState = all.filter { $0.stateType == stateType }
        var text = "Registered on \(stateName):\n" + FailureMessage.list(onState.map(\.description))
        let elsewhere = all.filter { $0.actionType == actionType && $0.stateType != stateType }
        if !elsewhere.isEmpty {
            text +=
                "\n\(actionName) is registered on other states:\n" + FailureMessage.list(elsewhere.map(\.description))
        }
        let unjudged = onState.filter { !($0.actionType is any Action.Type) }
        if isTypeForm && !unjudged.isEmpty {
            text +=
                "\nRegistered for protocol existentials, which a type cannot be matched against "
                + "(assert with a sample action value to include them):\n"
                + FailureMessage.list(unjudged.map(\.description))
        }
        return text
    }

}

/// For example `[SetNameReducer, AuditReducer]`.
func typeNames(_ types: [Any.Type]) -> String {
    "[" + types.map(testName(ofReducer:)).joined(separator: ", ") + "]"
}
