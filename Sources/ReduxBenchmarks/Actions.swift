import MultiRedux

/// An action that changes exactly one sub-state.
///
/// Its effect lives here, once, so that the store's registered reducers, the hand-written floor
/// and the naive baseline all do exactly the same work and differ only in how they get there.
protocol SubstateAction<Target>: Action {
    /// The sub-state the action changes.
    associatedtype Target

    /// Applies the action to its sub-state.
    func apply(to state: inout Target)
}

// MARK: Game (B1, B4)

struct ChoosePlayer1Weapon: SubstateAction, Codable {
    var weapon: Weapon
    func apply(to state: inout GameState) {
        state.player1Weapon = weapon
        state.turn = .two
        state.message = GameState.prompt(for: .two)
    }
}

struct ChoosePlayer2Weapon: SubstateAction, Codable {
    var weapon: Weapon
    func apply(to state: inout GameState) {
        state.player2Weapon = weapon
    }
}

struct ResolveRound: SubstateAction, Codable {
    func apply(to state: inout GameState) {
        guard let player1 = state.player1Weapon, let player2 = state.player2Weapon else { return }
        let outcome = Outcome(player1, player2)
        state.result = outcome
        state.message = outcome.message
    }
}

struct StartNextRound: SubstateAction, Codable {
    func apply(to state: inout GameState) {
        state = GameState()
    }
}

/// Hands the turn to the other player; every dispatch changes the game (B4).
struct AdvanceTurn: SubstateAction, Codable {
    func apply(to state: inout GameState) {
        state.turn = state.turn.other
    }
}

struct SetMessage: SubstateAction, Codable {
    var text: String
    func apply(to state: inout GameState) {
        state.message = text
    }
}

// MARK: Settings (B1, B5)

struct SetPlayer1Name: SubstateAction, Codable {
    var name: String
    func apply(to state: inout Settings) {
        state.player1Name = name
    }
}

struct SetPlayer2Name: SubstateAction, Codable {
    var name: String
    func apply(to state: inout Settings) {
        state.player2Name = name
    }
}

struct SetBestOf: SubstateAction, Codable {
    var bestOf: Int
    func apply(to state: inout Settings) {
        state.bestOf = bestOf
    }
}

/// The increment action of B5: the final `bestOf` counts the applied dispatches.
struct IncrementBestOf: SubstateAction, Codable {
    func apply(to state: inout Settings) {
        state.bestOf += 1
    }
}

// MARK: History (B3)

struct RecordRound: SubstateAction {
    var round: Round
    func apply(to state: inout ScoreHistory) {
        state.rounds.append(round)
    }
}

// MARK: Distinct types made at run time (B2)

/// The innermost type of the B2 action family.
struct WrapSeed: Action {}

/// `Wrap<WrapSeed>`, `Wrap<Wrap<WrapSeed>>`, …: as many distinct action types as B2 needs, all
/// changing the game the same way.
struct Wrap<Inner: Action>: SubstateAction {
    func apply(to state: inout GameState) {
        state.turn = state.turn.other
    }
}

/// Something that registers one reducer per ``SubstateAction`` type: the store's registry, the
/// naive store, or nothing at all (the floor needs no registration).
protocol SubstateReducerRegistering {
    /// Registers the reducer of an action type.
    func register<Applied: SubstateAction>(_: Applied.Type)
}

extension SubstateReducerRegistering {
    /// Registers one reducer for each of the ten B1 action types.
    func registerDispatchSmallReducers() {
        register(ChoosePlayer1Weapon.self)
        register(ChoosePlayer2Weapon.self)
        register(ResolveRound.self)
        register(StartNextRound.self)
        register(AdvanceTurn.self)
        register(SetMessage.self)
        register(SetPlayer1Name.self)
        register(SetPlayer2Name.self)
        register(SetBestOf.self)
        register(IncrementBestOf.self)
    }

    /// Registers `count` reducers for `count` distinct action types, `Wrap<Inner>`,
    /// `Wrap<Wrap<Inner>>`, …, by generic recursion.
    ///
    /// - Returns: An action of the last (most deeply nested) type registered.
    func registerWrapped<Inner: Action>(_: Inner.Type, count: Int) -> any Action {
        register(Wrap<Inner>.self)
        guard count > 1 else { return Wrap<Inner>() }
        return registerWrapped(Wrap<Inner>.self, count: count - 1)
    }
}

/// The ten actions of B1, in dispatch order: a full round, then settings, then the turn again.
let dispatchSmallActions: [any Action] = [
    ChoosePlayer1Weapon(weapon: .rock),
    ChoosePlayer2Weapon(weapon: .scissors),
    ResolveRound(),
    SetMessage(text: "Next round!"),
    SetPlayer1Name(name: "Ada"),
    SetPlayer2Name(name: "Grace"),
    SetBestOf(bestOf: 5),
    IncrementBestOf(),
    AdvanceTurn(),
    StartNextRound(),
]
