public import ReduxCore
internal import ReduxReducers
internal import ReduxShared
import ReduxStore

/// One applied action in a ``Journal``.
///
/// A recorder keeps what each applied action needs to be applied again: the action itself, or,
/// for the result of an async reducer (a change to the state, not a value), the whole state it
/// led to.
public enum JournalEntry<Root: State>: Sendable {
    /// An action the app dispatched (or a middleware added), as the reducers saw it.
    case action(any Action)
    /// The result of an async reducer: the state after it was applied. Replay sets this state
    /// instead of running the async reducer again.
    indirect case asyncResult(reducer: String, state: Root)
    /// An action read from a journal file that cannot be applied again: it was not `Codable`
    /// when it was recorded, or its state was not.
    case notReplayable(typeName: String)

    /// The name the journal file gives the entry: the action's type, or `asyncResult`.
    public var typeName: String {
        switch self {
        case .action(let action): (action as? UnansweredAction)?.typeName ?? journalName(of: type(of: action))
        case .asyncResult: JournalEntry.asyncResultName
        case .notReplayable(let typeName): typeName
        }
    }

    /// Whether replay can apply the entry.
    public var isReplayable: Bool {
        if case .notReplayable = self { return false }
        return true
    }

    /// The type name of an async reducer's result in a journal file.
    package static var asyncResultName: String { "asyncResult" }
}

/// An async result a replay applied from a journal, as a recorder of the replaying store records
/// it: a result (``AsyncResultCarrier``) of the root, named by the reducer the journal gives.
struct ReplayedResult: Action, AsyncResultCarrier {
    /// The reducer name the journal gives.
    let reducerName: String
    /// The root state's type: a replayed result sets the whole state.
    let resultType: Any.Type

    var slot: ObjectIdentifier { ObjectIdentifier(resultType) }
    var reducerType: Any.Type { ReplayedResult.self }
}
