import Foundation
import ReduxCore
import ReduxShared
import TestHelpers
import Testing

/// The framework's one lock: exclusion across threads, and re-entry when it is recursive.
@Suite struct LockTests {
    /// A counter that only the lock keeps consistent.
    final class Counter: @unchecked Sendable {
        let lock: Lock
        var value = 0

        init(_ lock: Lock) {
            self.lock = lock
        }
    }

    @Test("threads that increment under the lock lose no increment", arguments: [false, true])
    func exclusion(recursive: Bool) async {
        let counter = Counter(Lock(recursive: recursive))
        let bodies: [@Sendable () -> Void] = (0..<4).map { _ in
            {
                for _ in 0..<10_000 {
                    counter.lock.withLock { counter.value += 1 }
                }
            }
        }

        #expect(await runOnThreads(bodies))
        #expect(counter.lock.withLock { counter.value } == 40_000)
    }

    @Test("a recursive lock may be taken again by the thread that holds it")
    func reentry() {
        let lock = Lock(recursive: true)

        let inner = lock.withLock { lock.withLock { 42 } }

        #expect(inner == 42)
    }
}
