import MultiRedux
import ReduxInspector
import ReduxTimeTravel
import RockPaperScissors

/// The recorded sessions the generated tests of `Generated/` come from, recorded the same way
/// each time (a seeded computer, effects that hand back the same values).
enum Recordings {
    /// The computer's seed in the recorded game and in the generated tests.
    static let seed: UInt64 = 7

    /// What the generated tests of the game need to know about it.
    static let gameSetup = SwiftTestSetup(
        features: "RockPaperScissorsApp.features", initialState: "AppState()", imports: ["RockPaperScissors"],
        dependencies: "Dependencies { $0.computer = ComputerOpponent(seed: \(seed)) }")

    /// What the generated tests of the pantry need to know about it (it lives in their module).
    static let pantrySetup = SwiftTestSetup(features: "PantryApp.features", initialState: "Pantry()", imports: [])

    /// Three rounds against the computer playing the beat-last strategy:
    ///
    /// ```
    /// 0 SeatPlayers   1 rock   2 the computer's reply (a follow-up of 1)
    /// 3 scissors      4 the computer's reply          5 paper      6 the computer's reply
    /// ```
    static func game() async -> Inspector<AppState> {
        let dependencies = Dependencies { $0.computer = ComputerOpponent(seed: seed) }
        let store = RockPaperScissorsApp.makeStore(dependencies: dependencies)
        let recorder = ActionRecorder(store)
        let session = MatchSession(store: store, opponent: .computer, strategy: .beatLast)
        for weapon in [Weapon.rock, .scissors, .paper] {
            await session.choose(weapon)
        }
        recorder.stop()
        return Inspector(journal: recorder.journal, initialState: AppState()) { state in
            RockPaperScissorsApp.makeStore(initialState: state, dependencies: dependencies)
        }
    }

    /// What the generated tests of a game that starts where earlier ones left off need: the
    /// value `AppState()` builds, since the recording does not start there.
    static let laterGameSetup = SwiftTestSetup(
        features: "RockPaperScissorsApp.features", initialState: "AppState()", initialValue: AppState(),
        imports: ["RockPaperScissors"], dependencies: "Dependencies { $0.computer = ComputerOpponent(seed: \(seed)) }")

    /// A game played after the match length was set to 99 and a first game was played, as
    /// `rps play` records one: from the state its file held.
    ///
    /// ```
    /// 0 SeatPlayers   1 paper   2 the computer's reply (a follow-up of 1)
    /// ```
    static func laterGame() async -> Inspector<AppState> {
        let dependencies = Dependencies { $0.computer = ComputerOpponent(seed: seed) }
        let earlier = RockPaperScissorsApp.makeStore(dependencies: dependencies)
        earlier.dispatch(UpdateSettingsAction(change: .bestOf(99)))
        await MatchSession(store: earlier, opponent: .computer, strategy: .beatLast).choose(.rock)
        let start = earlier.state
        let store = RockPaperScissorsApp.makeStore(initialState: start, dependencies: dependencies)
        let recorder = ActionRecorder(store)
        await MatchSession(store: store, opponent: .computer, strategy: .beatLast).choose(.paper)
        recorder.stop()
        return Inspector(journal: recorder.journal, initialState: start) { state in
            RockPaperScissorsApp.makeStore(initialState: state, dependencies: dependencies)
        }
    }

    /// A day at the pantry:
    ///
    /// ```
    /// 0 Take(tea)   1 Note(tea)   2 Restock(tea, 3)   3 its update   4 Delivered (its follow-up)
    /// 5 Take(rice)  6 Close
    /// ```
    /// Names that hide things, written into a test: a control character (U+007F) and
    /// right-to-left overrides in items and a label, and an action named `Tag`.
    ///
    /// ```
    /// 0 Take(te\u{7F}a)   1 Note(\u{202E}gnp.exe)   2 Tag(\u{2066}new\u{2069})
    /// ```
    static func hiddenCharacters() async -> Inspector<Pantry> {
        let store = Store(initialState: Pantry(), features: PantryApp.features)
        let recorder = ActionRecorder(store)
        await store.dispatchAndWait(Take(item: "te\u{7F}a"))
        await store.dispatchAndWait(Note(item: "\u{202E}gnp.exe"))
        await store.dispatchAndWait(Tag(label: "\u{2066}new\u{2069}"))
        recorder.stop()
        return Inspector(journal: recorder.journal, initialState: Pantry()) { state in
            Store(initialState: state, features: PantryApp.features)
        }
    }

    static func pantry() async -> Inspector<Pantry> {
        let store = Store(initialState: Pantry(), features: PantryApp.features)
        let recorder = ActionRecorder(store)
        await store.dispatchAndWait(Take(item: "tea"))
        await store.dispatchAndWait(Note(item: "tea"))
        await store.dispatchAndWait(Restock(item: "tea", count: 3))
        await store.dispatchAndWait(Take(item: "rice"))
        await store.dispatchAndWait(Close(reason: "night"))
        recorder.stop()
        return Inspector(journal: recorder.journal, initialState: Pantry()) { state in
            Store(initialState: state, features: PantryApp.features)
        }
    }

    /// A session written by hand in which the app took tea while the restocking's effect was
    /// still to hand back its update and follow-up (recording such a race would be racy itself):
    ///
    /// ```
    /// 0 Restock(tea, 3)   1 Take(tea)   2 the update (of 0)   3 Delivered (of 0)
    /// ```
    static func pantryRace() -> Inspector<Pantry> {
        var restocked = Pantry()
        restocked.shelves["tea"] = 3
        let journal = Journal<Pantry>(
            entries: [
                .action(Restock(item: "tea", count: 3)), .action(Take(item: "tea")),
                .asyncResult(reducer: "RestockReducer", state: restocked),
                .action(Delivered(delivery: Delivery(item: "tea", count: 3))),
            ],
            causes: [2: 0, 3: 0])
        return Inspector(journal: journal, initialState: Pantry()) { state in
            Store(initialState: state, features: PantryApp.features)
        }
    }
}
