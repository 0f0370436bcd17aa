import MultiRedux
import ReduxInspector
import ReduxTimeTravel

/// A tiny app of two features (a counter, a catalog whose look-ups run an effect) that the
/// inspector tests record and inspect.
struct Desk: State, Codable, Equatable {
    var counter = Counter()
    var catalog = Catalog()
}

struct Counter: Codable, Equatable {
    var total = 0
    var log: [String] = []
    var mode = Mode.idle
}

enum Mode: Codable, Equatable {
    case idle
    case busy(reason: String)
}

struct Catalog: Codable, Equatable {
    /// The items asked for, by `Fetch`'s synchronous part.
    var requested: [Int] = []
    /// What the look-ups found, by the effect's update.
    var found: [Int] = []
    /// What the follow-up `Found` actions announced.
    var announced: [Int] = []
}

struct Add: Action, Codable, Equatable {
    var amount: Int
}

struct Note: Action, Codable, Equatable {
    var text: String
}

struct Busy: Action, Codable, Equatable {
    var reason: String?
}

/// Looks an item up: the reducer notes the request; its effect updates the state and sends
/// `Found`.
struct Fetch: Action, Codable, Equatable {
    var item: Int
}

/// The follow-up action a `Fetch` effect sends.
struct Found: Action, Codable, Equatable {
    var value: Int
}

struct CounterFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: Add, state: inout Counter) in
            state.total += action.amount
        }
        container.addReduceFunction { (_, action: Note, state: inout Counter) in
            state.log.append(action.text)
        }
        container.addReduceFunction { (_, action: Busy, state: inout Counter) in
            state.mode = action.reason.map { .busy(reason: $0) } ?? .idle
        }
    }
}

struct FetchReducer: AsyncActionReducer {
    func reduce(provider: any ReducerProvider, action: Fetch, state: inout Catalog) -> Effect<Catalog> {
        state.requested.append(action.item)
        return .run { effect in
            let value = action.item * 10
            effect.update { $0.found.append(value) }
            effect.send(Found(value: value))
        }
    }
}

struct CatalogFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: FetchReducer())
        container.addReduceFunction { (_, action: Found, state: inout Catalog) in
            state.announced.append(action.value)
        }
    }
}

/// A desk store starting from a state.
@Sendable func makeDesk(_ state: Desk) -> Store<Desk> {
    Store(initialState: state, features: [CounterFeature().at(\.counter), CatalogFeature().at(\.catalog)])
}

/// Records a session of ten actions, the effects' updates and follow-ups among them:
///
/// ```
///  0 Add(1)   1 Note("a")   2 Fetch(1)   3 asyncResult   4 Found(10)   5 Add(2)
///  6 Fetch(2)   7 asyncResult   8 Found(20)   9 Busy("saving")   10 Add(3)
/// ```
func recordSession() async -> Journal<Desk> {
    let store = makeDesk(Desk())
    let recorder = ActionRecorder(store)
    await store.dispatchAndWait(Add(amount: 1))
    await store.dispatchAndWait(Note(text: "a"))
    await store.dispatchAndWait(Fetch(item: 1))
    await store.dispatchAndWait(Add(amount: 2))
    await store.dispatchAndWait(Fetch(item: 2))
    await store.dispatchAndWait(Busy(reason: "saving"))
    await store.dispatchAndWait(Add(amount: 3))
    recorder.stop()
    return recorder.journal
}

/// An inspector of a recorded session.
func makeInspector(_ journal: Journal<Desk>, checkpointInterval: Int = 3) -> Inspector<Desk> {
    Inspector(journal: journal, initialState: Desk(), checkpointInterval: checkpointInterval, makeStore: makeDesk)
}

/// The state a fresh store reaches replaying some entries.
func replayed(_ entries: some Sequence<JournalEntry<Desk>>) throws -> Desk {
    let store = makeDesk(Desk())
    try store.replay(Journal(entries: Array(entries)))
    return store.state
}
