import Foundation
import MultiRedux
import ReduxTesting
import TestHelpers
import Testing

/// A value that takes its id and date from the running store, as TCA's models do.
private struct Jotting: Equatable {
    var id: UUID
    var savedAt: Date

    init() {
        id = Dependencies.current.uuid()
        savedAt = Dependencies.current.date.now
    }

    init(id: UUID, savedAt: Date) {
        self.id = id
        self.savedAt = savedAt
    }
}

private struct Notebook: State, Equatable {
    var jottings: [Jotting] = []
}

private enum NotebookAction: Action {
    case add
    case addLater
}

private struct Jot: Action {}

private struct NotebookFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (provider, _: Jot, book: inout Notebook) in
            book.jottings.append(Jotting(id: provider.dependencies.uuid(), savedAt: provider.dependencies.date.now))
        }
        container.addAsyncReduceFunction {
            (_, action: NotebookAction, book: inout Notebook) -> Effect<Notebook> in
            switch action {
            case .add:
                book.jottings.append(Jotting())
                return .none
            case .addLater:
                return .run { effect in
                    let note = Jotting()
                    effect.update { $0.jottings.append(note) }
                }
            }
        }
    }
}

private func uuid(_ count: Int) -> UUID {
    UUID(uuidString: "00000000-0000-0000-0000-\(String(String(count, radix: 16)).leftPadded(to: 12))")!
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

/// The built-in `uuid` and `date` dependencies: counting ids and a fixed date in tests, afresh for
/// each test store; random ids and the current date in an app.
@Suite(.testStoreTimeout(.seconds(120))) struct IdAndDateDependenciesTests {
    private let fixed = Date(timeIntervalSinceReferenceDate: 0)

    @Test("in a test store ids count up from zero and the date is 2001-01-01, in reducers and effects alike")
    func countingIdsAndFixedDate() async {
        let store = FeatureTestStore(
            initialState: Notebook(), features: [NotebookFeature().at(\.self)], actions: NotebookAction.self)
        await store.send(.add) { $0.jottings = [Jotting(id: uuid(0), savedAt: fixed)] }
        await store.send(.add) { $0.jottings.append(Jotting(id: uuid(1), savedAt: fixed)) }
        await store.send(.addLater)
        await store.receive(Notebook.self) { $0.jottings.append(Jotting(id: uuid(2), savedAt: fixed)) }
        await store.finish()
    }

    @Test("a test store's initial state is made with the store's values: its ids come first, the steps' follow")
    func initialStateReadsTheStoresValues() async {
        let store = FeatureTestStore(
            initialState: Notebook(jottings: [Jotting()]), features: [NotebookFeature().at(\.self)],
            actions: NotebookAction.self)
        #expect(store.state.jottings == [Jotting(id: uuid(0), savedAt: fixed)])
        await store.send(.add) { $0.jottings.append(Jotting(id: uuid(1), savedAt: fixed)) }
    }

    @Test("code run with a store's dependencies reads them as the current ones, and live ones outside")
    func withCurrent() {
        let dependencies = Dependencies { $0.uuid = UUIDGenerator { uuid(7) } }
        #expect(dependencies.withCurrent { Jotting().id } == uuid(7))
        #expect(Jotting().id != uuid(7))
    }

    @Test("each test store starts its ids at zero, whatever ran before it")
    func eachStoreStartsAfresh() async {
        for _ in 0..<2 {
            let store = TestStore(initialState: Notebook(), features: [NotebookFeature().at(\.self)])
            await store.send(NotebookAction.add) { $0.jottings = [Jotting(id: uuid(0), savedAt: fixed)] }
        }
    }

    @Test("a test overrides the generators: a date of its own, ids from its own sequence")
    func overrides() async {
        let later = Date(timeIntervalSince1970: 1_700_000_000)
        let store = TestStore(
            initialState: Notebook(), features: [NotebookFeature().at(\.self)],
            dependencies: .testing {
                $0.date = .constant(later)
                $0.uuid = UUIDGenerator { uuid(41) }
            })
        await store.send(NotebookAction.add) { $0.jottings = [Jotting(id: uuid(41), savedAt: later)] }
        await store.send(Jot()) { $0.jottings.append(Jotting(id: uuid(41), savedAt: later)) }
    }

    @Test("an app's store makes random ids and reads the current date")
    func liveValues() {
        let store = Store(initialState: Notebook(), features: [NotebookFeature().at(\.self)])
        let before = Date()
        store.dispatch(NotebookAction.add)
        store.dispatch(NotebookAction.add)
        let jottings = store.state.jottings
        #expect(jottings.count == 2)
        #expect(jottings[0].id != jottings[1].id)
        #expect(!jottings.map(\.id).contains(uuid(0)))
        #expect(jottings.allSatisfy { $0.savedAt >= before && $0.savedAt <= Date() })
    }

    @Test("the incrementing generator spells its ids as a test writes them")
    func incrementingSpelling() {
        let generate = UUIDGenerator.incrementing
        #expect(generate().uuidString == "00000000-0000-0000-0000-000000000000")
        #expect(generate().uuidString == "00000000-0000-0000-0000-000000000001")
        for _ in 2..<256 { _ = generate() }
        #expect(generate().uuidString == "00000000-0000-0000-0000-000000000100")
    }

    @Test("UUID(n) is the n-th id a test store's generator makes, counting from zero")
    func uuidOfACount() {
        let generate = UUIDGenerator.incrementing
        for count in 0..<300 {
            #expect(generate() == UUID(count))
        }
        #expect(UUID(0).uuidString == "00000000-0000-0000-0000-000000000000")
        #expect(UUID(255) == uuid(255))
    }
}
