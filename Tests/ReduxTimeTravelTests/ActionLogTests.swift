import MultiRedux
import Testing

@testable import ReduxTimeTravel

/// An action that holds an object, so a test can see when the log lets go of it.
private struct Held: Action {
    final class Token: Sendable {}
    let number: Int
    let token = Token()
}

@Suite struct ActionLogTests {
    /// More than two chunks' worth of actions.
    private let total = 40_000

    @Test("actions appended across chunks are kept in order, by index and in map")
    func keepsOrderAcrossChunks() {
        var log = ActionLog()
        for number in 0..<total {
            log.append(Held(number: number))
        }
        #expect(log.count == total)
        let numbers = log.map { ($0 as? Held)?.number ?? -1 }
        #expect(numbers == Array(0..<total))
        for index in [0, 16_383, 16_384, 32_768, total - 1] {
            #expect((log[index] as? Held)?.number == index)
        }
    }

    @Test("dropping a branch across chunks releases exactly the dropped actions; appending goes on after it")
    func dropsAcrossChunks() {
        var log = ActionLog()
        var tokens: [Held.Token] = []
        for number in 0..<total {
            let action = Held(number: number)
            tokens.append(action.token)
            log.append(action)
        }
        weak let kept = tokens[10_000]
        weak let dropped = tokens[20_000]
        weak let last = tokens[total - 1]
        tokens.removeAll()
        #expect(dropped != nil)

        log.removeSubrange(from: 16_000)
        #expect(log.count == 16_000)
        #expect(kept != nil)
        #expect(dropped == nil && last == nil)
        log.append(Held(number: -5))
        #expect((log[16_000] as? Held)?.number == -5)
        #expect(log.map { ($0 as? Held)?.number ?? 0 }.count == 16_001)

        log.removeAll()
        #expect(log.count == 0 && kept == nil)
        log.append(Held(number: 7))
        #expect((log[0] as? Held)?.number == 7)
    }

    @Test("a log that goes away releases every action it holds")
    func releasesOnDeinit() {
        weak var first: Held.Token?
        weak var middle: Held.Token?
        do {
            var log = ActionLog()
            for number in 0..<20_000 {
                let action = Held(number: number)
                if number == 0 { first = action.token }
                if number == 17_000 { middle = action.token }
                log.append(action)
            }
            #expect(first != nil && middle != nil)
        }
        #expect(first == nil && middle == nil)
    }
}
