import Foundation
import ReduxCore
import Testing

/// What `ActionDispatcher` forwards where: the call site of a plain `dispatch(action)` reaches a
/// conformer that keeps sites, and a conformer written for `dispatch(_:)` alone still gets every
/// action.
@Suite struct ActionDispatcherTests {
    struct Ping: Action {}

    /// Keeps sites: implements both requirements.
    final class SiteKeeping: ActionDispatcher, @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [String] = []

        func dispatch(_ action: any Action) {
            lock.withLock { seen.append("\(type(of: action)) (no site)") }
        }

        func dispatch(_ action: any Action, sentFrom fileID: StaticString, line: UInt) {
            lock.withLock { seen.append("\(type(of: action)) from \(fileID):\(line)") }
        }

        var dispatched: [String] { lock.withLock { seen } }
    }

    /// Written as VISPER-Redux's dispatchers are: `dispatch(_:)` only.
    final class Plain: ActionDispatcher, @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        func dispatch(_ action: any Action) {
            lock.withLock { count += 1 }
        }

        var dispatched: Int { lock.withLock { count } }
    }

    @Test("a plain dispatch through the protocol passes the caller's file and line along")
    func callSiteReachesTheConformer() {
        let keeping = SiteKeeping()
        let dispatcher: any ActionDispatcher = keeping

        let line = #line + 1
        dispatcher.dispatch(Ping())

        #expect(keeping.dispatched == ["Ping from ReduxCoreTests/ActionDispatcherTests.swift:\(line)"])
    }

    @Test("a conformer that implements dispatch(_:) alone receives every action, sites dropped")
    func plainConformerReceives() {
        let plain = Plain()
        let dispatcher: any ActionDispatcher = plain

        dispatcher.dispatch(Ping())
        dispatcher.dispatch(Ping(), sentFrom: #fileID, line: #line)
        plain.dispatch(Ping())

        #expect(plain.dispatched == 3)
    }

    @Test("a method reference names the requirement, which keeps no site")
    func methodReference() {
        let keeping = SiteKeeping()
        let send: (any Action) -> Void = keeping.dispatch

        send(Ping())

        #expect(keeping.dispatched == ["Ping (no site)"])
    }
}
