import MultiRedux
import ReduxShared
import Testing

@testable import ReduxReducers

/// Routing at the reducers' layer, without a store: the route table, the registry's generation,
/// where an async reducer's change lands, and the exact-type check steps use.
@Suite struct RouteTableTests {
    /// Distinct type pairs for the route table: the metatypes of arrays of arrays of `Int`.
    private static func keys(_ count: Int) -> [ObjectIdentifier] {
        var keys: [ObjectIdentifier] = []
        var type: Any.Type = Int.self
        for _ in 0..<count {
            keys.append(ObjectIdentifier(type))
            type = nested(type)
        }
        return keys
    }

    private static func nested(_ type: Any.Type) -> Any.Type {
        func wrap<T>(_: T.Type) -> Any.Type { [T].self }
        return _openExistential(type, do: wrap)
    }

    @Test("the route table finds every pair it holds after growing, misses the others, and forgets on removeAll")
    func routeTableGrowsAndForgets() {
        let keys = Self.keys(40)
        var table = RouteCache<Int>()
        for (index, action) in keys.enumerated() {
            table.insert(index, action: action, state: keys[0])
        }
        // 40 pairs in a table that starts with 16 slots and keeps a quarter of them filled.
        for (index, action) in keys.enumerated() {
            #expect(table.route(action: action, state: keys[0]) == index)
        }
        #expect(table.route(action: keys[0], state: keys[1]) == nil, "same action, another state")
        table.removeAll()
        #expect(keys.allSatisfy { table.route(action: $0, state: keys[0]) == nil })
    }

    @Test("each registration and each removal publishes a new generation; reducing does not")
    func generationFollowsRegistrations() {
        let registry = ReducerRegistry()
        let start = registry.generation
        registry.addReducer(reducer: AddReducer(tag: "a"))
        let afterAdd = registry.generation
        var counter = Counter()
        registry.reduce(Increment(by: 1), &counter)
        #expect(afterAdd > start)
        #expect(registry.generation == afterAdd)

        let slot = ObjectIdentifier(Profile.self)
        registry.addReducer(AddReducer(tag: "b"), slot: ObjectIdentifier(Counter.self), owner: Profile.self)
        let afterSecond = registry.generation
        let removal = registry.removeReducers(slot: ObjectIdentifier(Counter.self), owner: Profile.self)
        #expect(removal.removedAny && !removal.slotIsEmpty)
        #expect(registry.generation > afterSecond)
        let none = registry.removeReducers(slot: slot, owner: Profile.self)
        #expect(!none.removedAny && none.slotIsEmpty, "nothing registered there")
    }

    @Test("an async reducer's change lands in its own slot only, even where the state type is the same")
    func changeLandsInItsOwnSlot() {
        let registry = ReducerRegistry()
        let mine = ObjectIdentifier(AddReducer.self)
        let other = ObjectIdentifier(Profile.self)
        let change = AsyncReducerResult(slot: mine, reducerType: AddReducer.self) { (counter: inout Counter) in
            counter.value += 5
        }

        var inMine = Counter()
        var inOther = Counter()
        registry.reduce(change, &inMine, slot: mine)
        registry.reduce(change, &inOther, slot: other)

        #expect(inMine.value == 5)
        #expect(inOther.value == 0)
    }

    @Test("the exact-type check passes a value stored as the type it asks for, and nothing else")
    func exactTypeCheck() {
        var seen: [String] = []
        let actions: [any Action] = [Increment(by: 2), Rename(name: "x"), PushScreen()]
        for action in actions {
            withExactCast(action, to: Increment.self) { seen.append("increment \($0.by)") }
            withExactCast(action, to: NavigationAction.self) { _ in seen.append("navigation") }
            withExactCast(action, to: PushScreen.self) { _ in seen.append("push") }
        }
        // A PushScreen stored as itself is not a NavigationAction to an exact check; the registry's
        // cast (`exactCast`) is what sees subclasses.
        #expect(seen == ["increment 2", "push"])
    }
}
