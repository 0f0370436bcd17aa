#if canImport(Observation)
    import Foundation
    import MultiRedux
    import ReduxTimeTravel
    import ReduxUI
    import TestHelpers
    import Testing

    private struct Person: Equatable, Codable, Sendable {
        var name = "Ada"
        var phone = "555"
        var age = 36
    }

    /// A card that lists its person and the person's name and phone: `$store.person.name` is a
    /// write of the name.
    private struct Card: BindableState, Equatable, Codable {
        var person = Person()
        var note = ""

        static var bindableFields: [AnyKeyPath & Sendable] {
            [\Card.person, \Card.person.name, \Card.person.phone, \Card.note]
        }
    }

    private struct CardFeature: LogicFeature {
        func injectReducers(container: any ReducerContainer) {
            container.addBindingReducer(for: Card.self)
        }
    }

    /// A change another thread makes to the person while a view writes its name.
    private struct RenumberOnTheSide: Action {}

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    private func makeCardStore(seen: Recorder<BindingAction<Card>>) -> Store<Card> {
        Store(
            initialState: Card(), features: [CardFeature().at(\.self)],
            middleware: [
                Middleware { action, _ in
                    if let write = action as? BindingAction<Card> { seen.append(write) }
                    return action
                }
            ], issueReporter: .failingTest())
    }

    /// A binding composed from a member's (SwiftUI's `$store.person.name`, which writes the whole
    /// person) is sent as a write of the field the state lists inside the member.
    @Suite @MainActor struct MemberFieldWriteTests {
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("$store.person.name writes the name, as the state lists it, not the whole person")
        func writesTheListedField() {
            let seen = Recorder<BindingAction<Card>>()
            let store = makeCardStore(seen: seen)
            let card = store.scope(\.self)
            card.person.name = "Grace"  // what the binding `$store.person.name` does: the person, its name changed
            #expect(seen.all == [BindingAction<Card>.set(\.person.name, "Grace")])
            #expect(store.state.person == Person(name: "Grace"))
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("the name is written into the person as it is when the write is applied: a change made meanwhile stays")
        func keepsAChangeMadeMeanwhile() throws {
            let seen = Recorder<BindingAction<Card>>()
            let store = makeCardStore(seen: seen)
            let card = store.scope(\.self)
            var person = card.person  // the binding reads the person…
            // …another thread changes the phone, which the scope shows at the main actor's next turn…
            DispatchQueue.global().sync { store.dispatch(BindingAction<Card>.set(\.person.phone, "556")) }
            person.name = "Grace"
            card.person = person  // …and the binding writes the person it read, its name changed
            #expect(store.state.person == Person(name: "Grace", phone: "556"))
            let journaled = try JSONEncoder().encode(try #require(seen.all.last))
            #expect(String(decoding: journaled, as: UTF8.self).contains("\"Grace\""))
            #expect(!String(decoding: journaled, as: UTF8.self).contains("age"))  // the name alone
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a change to a field the state does not list inside the member is a write of the whole member")
        func unlistedFieldWritesTheMember() {
            let seen = Recorder<BindingAction<Card>>()
            let store = makeCardStore(seen: seen)
            let card = store.scope(\.self)
            card.person.age = 37
            #expect(seen.all == [BindingAction<Card>.set(\.person, Person(age: 37))])
            #expect(store.state.person.age == 37)
        }
    }
#endif
