import Foundation
import MultiRedux
import ReduxTimeTravel
import Testing

@testable import ReduxInspector

/// A test's deadline and cancel are seen at every step of its set-up, however large the state:
/// the state before the range is encoded element by element, each element followed by a check,
/// never in one step that no check interrupts; the replay to the range checks between its parts.
/// Serialized: the tests read how many lines have been encoded, which every encoding of a
/// ``Line`` counts.
@Suite(.serialized) struct SwiftTestSetUpLimitTests {
    private let setup = SwiftTestSetup(
        features: "[LedgerFeature().at(\\.self)]", initialState: "Ledger()", initialValue: Ledger(), imports: [])

    /// A session of one `Post` that starts from a ledger of `lines` lines: a test of it sets the
    /// store up in that ledger, from an empty one.
    private func largeLedger(lines: Int) async -> Inspector<Ledger> {
        let start = Ledger(lines: (0..<lines).map { Line(amount: $0) })
        let store = Store(initialState: start, features: [LedgerFeature().at(\.self)])
        let recorder = ActionRecorder(store)
        await store.dispatchAndWait(Post(amount: 1))
        recorder.stop()
        return Inspector(journal: recorder.journal, initialState: start) {
            Store(initialState: $0, features: [LedgerFeature().at(\.self)])
        }
    }

    @Test("a cancel during the set-up of a large state is seen before a thousandth of it is encoded")
    func cancelSeenWhileEncoding() async throws {
        let inspector = await largeLedger(lines: 20_000)
        let before = Line.encoded.count

        // Cancelled as soon as the first line has been encoded.
        let error = #expect(throws: InspectorError.self) {
            try inspector.swiftTest(
                from: 0, through: 0, named: "LedgerTests", setup: setup, within: nil,
                until: { Line.encoded.count > before })
        }

        #expect(error?.message.hasPrefix("The test was cancelled while ") == true, "\(String(describing: error))")
        let encoded = Line.encoded.count - before
        // Before, the whole state was encoded at once (20,000 lines) before the next check.
        #expect(encoded < 20, "\(encoded) of 20,000 lines encoded before the cancel was seen")
    }

    @Test("no two checks of the set-up are more than one line's encoding apart")
    func checksBetweenEveryLine() async throws {
        let inspector = await largeLedger(lines: 5_000)
        let before = Line.encoded.count
        let seen = EncodedAtChecks()

        _ = try inspector.swiftTest(
            from: 0, through: 0, named: "LedgerTests", setup: setup, within: nil,
            until: { seen.note(Line.encoded.count - before) })

        #expect(Line.encoded.count - before >= 5_000, "every line is written into the test")
        #expect(seen.largestGap <= 1, "\(seen.largestGap) lines encoded between two checks")
    }

    @Test("the replay to the range checks the limit between its parts")
    func replayChecks() async throws {
        let store = makeDesk(Desk())
        let recorder = ActionRecorder(store)
        for _ in 0..<20_000 {
            await store.dispatchAndWait(Add(amount: 1))
        }
        recorder.stop()
        // No state computed yet but the start: the set-up replays 19,999 entries, 256 at a time.
        let inspector = makeInspector(recorder.journal, checkpointInterval: 256)
        let checks = EncodedAtChecks()

        _ = try inspector.swiftTest(
            from: 19_999, through: 19_999, named: "DeskTests",
            setup: SwiftTestSetup(features: "DeskApp.features", initialState: "Desk()", imports: []), within: nil,
            until: { checks.note(0) })

        // Before, the replay was one step, and the set-up's other checks are a few dozen.
        #expect(checks.count >= 19_999 / 256, "\(checks.count) checks")
    }
}

/// What the checks of a test's limit saw: how many, and the most lines encoded between two.
private final class EncodedAtChecks: @unchecked Sendable {
    private let lock = NSLock()
    private var last = 0
    private var checks = 0
    private var gap = 0

    var count: Int { lock.withLock { checks } }
    var largestGap: Int { lock.withLock { gap } }

    /// Notes a check when `encoded` lines have been encoded; never says stop.
    func note(_ encoded: Int) -> Bool {
        lock.withLock {
            checks += 1
            gap = max(gap, encoded - last)
            last = encoded
            return false
        }
    }
}

/// A ledger of lines, each counting its encodings.
struct Ledger: State, Codable, Equatable {
    var lines: [Line] = []
}

/// A line of a ledger, which counts how often a line is encoded (``encoded``).
struct Line: Codable, Equatable {
    var amount: Int

    /// How many lines have been encoded, by any test.
    static let encoded = Tally()

    init(amount: Int) {
        self.amount = amount
    }

    func encode(to encoder: any Encoder) throws {
        Self.encoded.add()
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(amount, forKey: .amount)
    }
}

/// A count shared between threads.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    var count: Int { lock.withLock { value } }

    func add() {
        lock.withLock { value += 1 }
    }
}

/// Posts a line.
struct Post: Action, Codable, Equatable {
    var amount: Int
}

/// Appends a posted line.
struct LedgerFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: Post, state: inout Ledger) in
            state.lines.append(Line(amount: action.amount))
        }
    }
}
