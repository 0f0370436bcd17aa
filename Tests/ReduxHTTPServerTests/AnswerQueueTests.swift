import Testing

@testable import ReduxHTTPServer

/// The queue of requests waiting for a responder, as a state machine: cheap first, a few
/// expensive at once, clients in turn, bounded per client and in all.
@Suite struct AnswerQueueTests {
    private func queue(perClient: Int = 8, inAll: Int = 16, expensiveAtOnce: Int = 2) -> AnswerQueue<String> {
        AnswerQueue(limits: .init(waitingPerClient: perClient, waitingInAll: inAll, expensiveAtOnce: expensiveAtOnce))
    }

    @Test("a cheap request is taken before every expensive one that arrived earlier")
    func cheapFirst() {
        var queue = queue()
        for number in 1...5 {
            queue.enqueue("search \(number)", client: "flood", cost: .expensive)
        }
        queue.enqueue("page", client: "page", cost: .cheap)

        let first = queue.next()
        let second = queue.next()
        #expect(first?.job == "page")
        #expect(second?.job == "search 1")
    }

    @Test("no more expensive requests run than allowed; a cheap one is still taken, and one finished frees a place")
    func expensiveAtOnce() {
        var queue = queue(expensiveAtOnce: 2)
        for number in 1...4 {
            queue.enqueue("state \(number)", client: "flood", cost: .expensive)
        }
        let taken = [queue.next()?.job, queue.next()?.job, queue.next()?.job]
        #expect(taken == ["state 1", "state 2", nil], "two run: the others wait")

        queue.enqueue("session", client: "page", cost: .cheap)
        let cheap = queue.next()
        #expect(cheap?.job == "session")

        queue.finished(.expensive)
        let freed = queue.next()
        #expect(freed?.job == "state 3")
        #expect(queue.runningExpensive == 2)
    }

    @Test("expensive requests are taken from each client in turn")
    func clientsInTurn() {
        var queue = queue(expensiveAtOnce: 10)
        for number in 1...3 {
            queue.enqueue("flood \(number)", client: "flood", cost: .expensive)
        }
        queue.enqueue("page", client: "page", cost: .expensive)

        var taken: [String] = []
        while let next = queue.next() {
            taken.append(next.job)
        }
        #expect(taken == ["flood 1", "page", "flood 2", "flood 3"])
    }

    @Test("a client may have so many expensive requests waiting, and all of them so many; cheap ones always wait")
    func bounded() {
        var queue = queue(perClient: 3, inAll: 5, expensiveAtOnce: 1)
        let flood = (1...5).map { queue.enqueue("flood \($0)", client: "flood", cost: .expensive) }
        #expect(flood == [true, true, true, false, false])
        let others = [
            queue.enqueue("page 1", client: "page", cost: .expensive),
            queue.enqueue("tool", client: "tool", cost: .expensive),
            queue.enqueue("page 2", client: "page", cost: .expensive),
            queue.enqueue("page 3", client: "page", cost: .cheap),
        ]
        #expect(others == [true, true, false, true], "five expensive wait in all; a cheap one is taken")
        #expect(queue.waiting == 5)

        let taken = [queue.next()?.job, queue.next()?.job]
        #expect(taken == ["page 3", "flood 1"])
        let again = queue.enqueue("page 2", client: "page", cost: .expensive)
        #expect(again, "one was taken: room again")
    }
}
