import MultiRedux
import ReduxTesting
import ReduxUI
import Testing

#if canImport(SwiftUI)
    import SwiftUI
#endif

private struct Item: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
}

private struct Shelf: BindableState, Equatable {
    var items: IdentifiedArrayOf<Item> = []

    static var bindableFields: [AnyKeyPath & Sendable] { [\Shelf.items] }
}

#if canImport(SwiftUI)
    /// What a view binding each row writes: compiled against the Apple SDKs by `.ci/apple-check`.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    private struct ShelfView: View {
        @Bindable var store: ScopedStore<Shelf>

        var body: some View {
            List {
                ForEach($store.items) { $item in
                    TextField("Title", text: $item.title)
                }
            }
        }
    }
#endif

private func shelf() -> IdentifiedArrayOf<Item> {
    [Item(id: 1, title: "a"), Item(id: 2, title: "b"), Item(id: 3, title: "c"), Item(id: 4, title: "d")]
}

/// `IdentifiedArray` as a `MutableCollection`: a row written at its offset, elements moved by the
/// standard algorithms with their ids, and lookups by id right after each.
@Suite struct IdentifiedArrayMutableCollectionTests {
    @Test("an element written at its offset replaces it, keeping its id and place")
    func writeAtOffset() {
        var items = shelf()
        items[1].title = "B"
        #expect(items[id: 2] == Item(id: 2, title: "B"))
        #expect(items.ids == [1, 2, 3, 4])
    }

    @Test("reverse, shuffle and partition move ids with their elements, and lookups by id stay right")
    func standardAlgorithms() {
        var items = shelf()
        items.reverse()
        #expect(items.ids == [4, 3, 2, 1])
        #expect(items.ids.allSatisfy { items.index(id: $0).map { items[$0].id } == $0 })
        var generator = SystemRandomNumberGenerator()
        items.shuffle(using: &generator)
        #expect(Set(items.ids) == [1, 2, 3, 4])
        #expect(items.ids.allSatisfy { items.index(id: $0).map { items[$0].id } == $0 })
        let pivot = items.partition { $0.id.isMultiple(of: 2) }
        #expect(items[..<pivot].allSatisfy { !$0.id.isMultiple(of: 2) })
        #expect(items[pivot...].allSatisfy { $0.id.isMultiple(of: 2) })
        #expect(items.ids.allSatisfy { items.index(id: $0).map { items[$0].id } == $0 })
        #expect(items.ids == items.elements.map(\.id))
    }

    #if os(macOS) || os(Linux)
        @Test("writing an element with another id at an offset stops the program, as an offset out of range does")
        func writingAnotherIDStops() async {
            await #expect(processExitsWith: .failure) {
                var items = shelf()
                items[0] = Item(id: 9, title: "z")
            }
        }
    #endif

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test("a row's binding from ForEach($store.items) writes through the scope: one write of the collection")
    func rowBindingWritesThroughTheScope() {
        let store = Store(
            initialState: Shelf(items: shelf()), issueReporter: .failingTest(), dependencies: .testing()
        ) { container in
            container.addBindingReducer(for: Shelf.self)
        }
        let scope = store.scope(\.self)
        scope.items[2].title = "C"  // what $item.title's binding writes
        #expect(store.state.items[id: 3]?.title == "C")
        #expect(store.state.items.ids == [1, 2, 3, 4])
    }
}
