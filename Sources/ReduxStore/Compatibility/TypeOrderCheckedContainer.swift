internal import ReduxCore
internal import ReduxReducers

/// The container a store around an app reducer hands out as `reducerContainer`: it forwards to
/// the store's own container, and reports, to the store's issue reporter, a registration whose
/// types look swapped
/// (``ActionReducer/swappedTypesIssue``), as VISPER-Redux's `FunctionalReducer<State, Action>`
/// order makes when it is ported as written.
///
/// `Redux` and `ReduxApp` register through it too; a store built from features checks in the
/// containers its features get.
///
/// - Note: `@unchecked Sendable`: `owner` is set once, by the store's initialiser, before the
///   container is handed out; a weak reference is safe to load from any thread.
final class TypeOrderCheckedContainer: ReducerContainer, @unchecked Sendable {
    let base: any ReducerContainer
    /// The store whose issue reporter, as it is at the time, hears of a swapped registration.
    weak var owner: (any IssueReportingStore)?

    init(_ base: any ReducerContainer) {
        self.base = base
    }

    func addReducer<Reducer: ActionReducer>(reducer: Reducer) {
        if let issue = Reducer.swappedTypesIssue {
            (owner?.issueReporter ?? .default).report(issue)
        }
        if let registry = base as? ReducerRegistry {
            // Registered unchecked: the store's reporter has heard of a swap already.
            registry.slots.addReducer(reducer, slot: ObjectIdentifier(Reducer.ReducerStateType.self), owner: nil)
        } else {
            base.addReducer(reducer: reducer)
        }
    }

    func addReducer<Reducer: AsyncActionReducer>(reducer: Reducer) {
        base.addReducer(reducer: reducer)
    }

    func reducers<ActionType, Substate>(
        handling actionType: ActionType.Type, on stateType: Substate.Type
    ) -> [RegisteredReducer] {
        base.reducers(handling: actionType, on: stateType)
    }

    func reduce<Substate>(_ action: any Action, _ state: inout Substate) {
        base.reduce(action, &state)
    }
}

/// A store, seen by what does not know its root type: something with an issue reporter.
protocol IssueReportingStore: AnyObject {
    var issueReporter: IssueReporter { get }
}

extension Store: IssueReportingStore {}
