import Foundation
import MultiRedux
import ReduxTimeTravel
import TestHelpers
import Testing

@testable import ReduxInspector

/// An action whose description waits for the test: a search describing it is held there.
private struct HeldAction: Action, CustomStringConvertible {
    static let started = DispatchSemaphore(value: 0)
    static let gate = DispatchSemaphore(value: 0)

    var description: String {
        Self.started.signal()
        _ = Self.gate.wait(timeout: .now() + 30)
        return "HeldAction"
    }
}

/// What a search found, set on its thread.
private final class SearchResult: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [Int] = []

    var indices: [Int] { lock.withLock { found } }

    func set(_ indices: [Int]) {
        lock.withLock { found = indices }
    }
}

/// A search describes the entries without the inspector's lock, which every other request needs.
@Suite struct SearchLockTests {
    @Test("while a search describes an entry, a request that needs the lock is answered")
    func searchHoldsNoLock() async throws {
        let inspector = Inspector(
            journal: Journal(entries: [.action(HeldAction())]), initialState: Desk(), makeStore: makeDesk)

        let (answered, found) = await onOwnThread {
            let searched = DispatchSemaphore(value: 0)
            let result = SearchResult()
            Thread {
                result.set(inspector.indices(ofType: nil, matching: "held"))
                searched.signal()
            }.start()
            _ = HeldAction.started.wait(timeout: .now() + 30)
            // Before, the search held the lock while it described: this waited for it (given up after 30 s).
            let counted = DispatchSemaphore(value: 0)
            Thread {
                _ = inspector.count
                _ = inspector.typeNames
                counted.signal()
            }.start()
            let answered = counted.wait(timeout: .now() + 30) == .success
            HeldAction.gate.signal()
            _ = searched.wait(timeout: .now() + 30)
            return (answered, result.indices)
        }

        #expect(answered, "the count was answered while the search was held")
        #expect(found == [0])
    }
}
