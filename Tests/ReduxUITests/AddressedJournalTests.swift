import Foundation
import MultiRedux
import ReduxPersistence
import ReduxTimeTravel
import ReduxUI
import TestHelpers
import Testing

/// A counter on each card of a deck, written for one card.
private struct Card: Identifiable, Equatable, Codable, Sendable {
    var id: Int
    var taps = 0
}

private struct Tap: Action, Codable, Equatable {}

private struct CardFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: Tap, card: inout Card) in card.taps += 1 }
    }
}

private struct Deck: State, Equatable, Codable {
    var cards: IdentifiedArrayOf<Card> = [Card(id: 1), Card(id: 2), Card(id: 3)]
    var shuffles = 0
}

private struct Shuffle: Action, Codable, Equatable {}

private struct DeckFeature: PersistentFeature {
    typealias PersistedValue = Deck

    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: Shuffle, deck: inout Deck) in deck.shuffles += 1 }
    }
}

private struct Table: State, Equatable, Codable {
    var deck = Deck()
}

private func makeDeck() -> Store<Deck> {
    Store(initialState: Deck(), features: [DeckFeature().at(\.self), CardFeature().forEach(\.cards)])
}

private func makeTable() -> Store<Table> {
    Store(
        initialState: Table(),
        features: [DeckFeature().at(\.deck, persistedAs: "deck"), CardFeature().forEach(\.deck.cards)])
}

/// Actions addressed to an element in journals: an element's action goes to one element, which
/// the action itself does not name, so the journal keeps the state it left.
@Suite struct AddressedJournalTests {
    @Test("a journal file keeps an addressed action's effect on its element, and a replay restores it")
    func journalReplaysAddressedActions() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("deck.journal").path
        let store = makeDeck()
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
        store.dispatch(Tap(), to: \.cards, id: 2)
        store.dispatch(Shuffle())
        store.dispatch(Tap(), to: \.cards, id: 2)
        store.dispatch(Tap(), to: \.cards, id: 3)
        recorder.stop()
        #expect(store.state.cards.map(\.taps) == [0, 2, 1])

        let replayed = makeDeck()
        let journal = try Journal<Deck>(
            contentsOf: path, actions: RecordableActions(replayed))
        #expect(journal.entries.count == 4)
        try replayed.replay(journal)
        #expect(replayed.state == store.state)
    }

    @Test("moving back and forth through a recorded session shows an addressed action's element as it was")
    func timeTravelShowsAddressedActions() {
        let store = makeDeck()
        let recorder = ActionRecorder(store, snapshotInterval: 2)
        store.dispatch(Tap(), to: \.cards, id: 1)
        store.dispatch(Tap(), to: \.cards, id: 1)
        store.dispatch(Shuffle())
        recorder.move(to: 1)
        #expect(store.state.cards.map(\.taps) == [1, 0, 0])
        recorder.move(to: 3)
        #expect(store.state.cards.map(\.taps) == [2, 0, 0])
        #expect(store.state.shuffles == 1)
        recorder.stop()
    }

    @Test("a state file keeps addressed actions: the next run starts from the elements they changed")
    func stateFileKeepsAddressedActions() throws {
        let directory = try TemporaryDirectory()
        let file = StateFile(url: directory.file("state.json"))
        try file.withExclusiveAccess {
            let store = makeTable()
            let persistence = try file.persist(store)
            store.dispatch(Tap(), to: \.deck.cards, id: 3)
            store.dispatch(Tap(), to: \.deck.cards, id: 3)
            // No close: the next run reads the actions from the journal, as after a crash.
            _ = persistence
        }
        try file.withExclusiveAccess {
            let store = makeTable()
            let persistence = try file.persist(store)
            #expect(store.state.deck.cards.map(\.taps) == [0, 0, 2])
            try persistence.close()
        }
    }
}
