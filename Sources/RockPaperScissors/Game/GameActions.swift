import MultiRedux

/// The player whose turn it is chooses a weapon: the first of a round is player 1's, the second
/// player 2's, which ends it (see ``ChooseWeaponReducer``).
package struct ChooseWeaponAction: Action, Equatable, Codable {
    package var weapon: Weapon

    package init(weapon: Weapon) {
        self.weapon = weapon
    }
}

/// Abandons the round in progress, if any, and waits for player 1; the same players stay seated.
/// The abandoned round is not recorded: only finished rounds reach the score history.
package struct NewRoundAction: Action, Equatable, Codable {
    package init() {}
}

/// Says who plays the rounds that follow, and starts a fresh round. The score history records
/// each round with this lineup, else with the players the settings name: a session that plays
/// someone else than the settings say (`rps play --opponent human`) records who really played.
package struct SeatPlayersAction: Action, Equatable, Codable {
    package var lineup: Lineup

    package init(lineup: Lineup) {
        self.lineup = lineup
    }
}

/// Clears the score history, and the settings too when asked; the round in progress is
/// abandoned, and the players seated by a ``SeatPlayersAction`` get up: the settings name them
/// again.
package struct ResetAction: Action, Equatable, Codable {
    package var includesSettings: Bool

    package init(includesSettings: Bool = false) {
        self.includesSettings = includesSettings
    }
}
