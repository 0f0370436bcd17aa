/// One entry of an inspected session, as the action list shows it.
///
/// Indices are positions in the session as edited (after moves); `recordedIndex` is where the
/// entry was in the recording.
public struct InspectedEntry: Sendable, Equatable, Codable {
    /// The entry's position in the session as edited, from 0.
    public var index: Int
    /// The entry's position in the recording, from 0.
    public var recordedIndex: Int
    /// The type name the journal gives it: `Feature.Action` for an action a feature records, the
    /// module-qualified type name for another action, `asyncResult` for an async reducer's result.
    public var typeName: String
    /// The action on one line, such as `Fetch(item: 1)`, or the async reducer that produced the
    /// result.
    public var summary: String
    /// The chain of entries that caused this one, nearest first (the entry whose reducer started
    /// the effect that handed this one back, then its own cause…), as indices in the session as
    /// edited; empty for an entry the app dispatched itself.
    public var causes: [Int]
    /// Whether the entry is toggled off: the states after it are computed without it.
    public var isSkipped: Bool
    /// Why the entry no longer applies cleanly after the session was edited (its cause is
    /// skipped or comes after it, or it is a recorded async result that sets a whole recorded
    /// state), or why it cannot be applied at all; nil when it applies as recorded.
    public var problem: String?
    /// Where the entry was sent, `Module/File.swift:42` (``ReduxTimeTravel/Journal/sites``); nil when the
    /// recording does not say.
    public var site: String?
    /// When the entry was applied, in milliseconds since 1970 (``ReduxTimeTravel/Journal/times``); nil when the
    /// recording does not say.
    public var time: Double?
}
