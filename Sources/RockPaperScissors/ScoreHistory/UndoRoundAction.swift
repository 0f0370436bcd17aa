import MultiRedux

/// Takes back the last round of the open match, as if it had not been played (`rps undo`).
///
/// The round leaves the history, and the matches and totals are what they were before it; a
/// match the round had left unfinished by starting a new one is open again. With no open match
/// the action changes nothing: a decided match is over. See
/// ``ScoreHistory/takeBackLastRound()``.
///
/// Like every change it is an action, so a journal records it after the round it takes back and
/// is never rewritten.
public struct UndoRoundAction: Action, Equatable, Codable {
    /// Creates the action.
    public init() {}
}
