import MultiRedux
import ReduxCore
import ReduxShared
import ReduxTimeTravel
import TestHelpers

/// A shop whose catalogue looks items up through a dependency: what the effect time-travel tests
/// record and replay.
struct Shop: State, Codable, Equatable {
    var catalog = Catalog()
}

struct Catalog: State, Codable, Equatable {
    /// The items asked for, by `Fetch`'s synchronous part.
    var requested: [Int] = []
    /// What the look-ups found, by the effect's update.
    var found: [Int] = []
    /// What the follow-up `Found` actions announced.
    var announced: [Int] = []
}

/// Looks an item up: the reducer notes the request; its effect calls the client, updates the
/// state and sends `Found`.
struct Fetch: Action, Codable, Equatable {
    var item: Int
}

/// The follow-up action a `Fetch` effect sends.
struct Found: Action, Codable, Equatable {
    var value: Int
}

/// Its effect sends a `Fetch`: a cause two effects away from the look-up.
struct Restock: Action, Codable, Equatable {
    var item: Int
}

/// The look-up client, a dependency.
struct LookupClient: Sendable {
    var fetch: @Sendable (Int) async -> Int
}

private let lookupKey = DependencyKey(live: LookupClient(fetch: { $0 }), test: LookupClient(fetch: { $0 }))

extension Dependencies {
    var lookup: LookupClient {
        get { self[lookupKey] }
        set { self[lookupKey] = newValue }
    }
}

/// A look-up client that counts its calls (and can hold them at a gate).
final class CountingLookup: Sendable {
    private let count = LockedValue(0)
    private let gate: AsyncGate?

    init(gate: AsyncGate? = nil) {
        self.gate = gate
    }

    /// How many look-ups were made.
    var calls: Int { count.withLock { $0 } }

    var client: LookupClient {
        LookupClient { [count, gate] item in
            count.withLock { $0 += 1 }
            await gate?.wait()
            return item * 10
        }
    }
}

struct FetchReducer: AsyncActionReducer {
    func reduce(provider: any ReducerProvider, action: Fetch, state: inout Catalog) -> Effect<Catalog> {
        state.requested.append(action.item)
        let lookup = provider.dependencies.lookup
        return .run { effect in
            let value = await lookup.fetch(action.item)
            effect.update { $0.found.append(value) }
            effect.send(Found(value: value))
        }
    }
}

struct RestockReducer: AsyncActionReducer {
    func reduce(provider: any ReducerProvider, action: Restock, state: inout Catalog) -> Effect<Catalog> {
        .run { effect in effect.send(Fetch(item: action.item)) }
    }
}

struct CatalogFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: FetchReducer())
        container.addReducer(reducer: RestockReducer())
        container.addReduceFunction { (_, action: Found, state: inout Catalog) in
            state.announced.append(action.value)
        }
    }
}

/// A shop store whose look-ups go to `lookup`.
func makeShop(_ lookup: CountingLookup, issueReporter: IssueReporter = .ignoring) -> Store<Shop> {
    Store(
        initialState: Shop(), features: [CatalogFeature().at(\.catalog)], issueReporter: issueReporter,
        dependencies: Dependencies { $0.lookup = lookup.client })
}
