import Foundation
import MultiRedux
import ReduxTimeTravel
import TestHelpers
import Testing

@testable import ReduxInspector

/// A test's deadline and cancel cover all its work, the set-up included: the limit is checked
/// inside every walk of a state, so it takes effect within one element of a long history.
@Suite struct SwiftTestLimitTests {
    private let setup = SwiftTestSetup(
        features: "[CounterFeature().at(\\.counter), CatalogFeature().at(\\.catalog)]", initialState: "Desk()",
        imports: ["DeskApp"])

    /// A session of `notes` notes, then one `Add`: a test of the last entry starts from a state
    /// whose log holds every note.
    private func longSession(notes: Int) async -> Inspector<Desk> {
        let store = makeDesk(Desk())
        let recorder = ActionRecorder(store)
        for number in 0..<notes {
            await store.dispatchAndWait(Note(text: "note \(number)"))
        }
        await store.dispatchAndWait(Add(amount: 1))
        recorder.stop()
        return makeInspector(recorder.journal, checkpointInterval: 256)
    }

    /// Counts the checks, and says "stop" from the `stopAt`-th on.
    private final class Checks: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        let stopAt: Int

        init(stopAt: Int = .max) { self.stopAt = stopAt }

        var made: Int { lock.withLock { count } }

        func isStopped() -> Bool {
            lock.withLock {
                count += 1
                return count >= stopAt
            }
        }
    }

    @Test("the set-up of a state with a long history checks the limit at least once per element")
    func setUpChecksThroughout() async throws {
        let inspector = await longSession(notes: 2_000)
        let checks = Checks()

        // Before, the only check was before each entry of the range: one here.
        _ = try inspector.swiftTest(
            from: 2_000, through: 2_000, named: "LongTests", setup: setup, within: nil, until: checks.isStopped)

        #expect(checks.made >= 2_000, "\(checks.made) checks")
    }

    @Test(
        "a cancel at any point of the set-up stops the test there, with no further check",
        arguments: [1, 2, 3, 10, 500, 1_500])
    func cancelDuringSetUp(stopAt: Int) async throws {
        let inspector = await longSession(notes: 2_000)
        let checks = Checks(stopAt: stopAt)

        let error = #expect(throws: InspectorError.self) {
            try inspector.swiftTest(
                from: 2_000, through: 2_000, named: "LongTests", setup: setup, within: nil, until: checks.isStopped)
        }

        #expect(error?.message.hasPrefix("The test was cancelled while ") == true, "\(String(describing: error))")
        #expect(checks.made == stopAt)
    }

    @Test("a deadline that passed stops the set-up, before the first entry")
    func deadlineDuringSetUp() async throws {
        let inspector = await longSession(notes: 200)

        let error = #expect(throws: InspectorError.self) {
            try inspector.swiftTest(from: 200, through: 200, named: "LongTests", setup: setup, within: 0)
        }

        #expect(
            error?.message.hasPrefix(
                "Writing the test took longer than 0 seconds (it stopped while setting the store up")
                == true, "\(String(describing: error))")
    }
}
