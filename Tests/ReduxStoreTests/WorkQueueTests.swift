import MultiRedux
import Testing

@testable import ReduxStore

/// The store's queue of work: first in first out across its buffer's growth, traded whole between
/// the appending and the running side, and nothing left behind or leaked.
@Suite("WorkQueue")
struct WorkQueueTests {
    /// Records the order in which `.perform` work ran.
    private final class Order {
        var ran: [Int] = []
    }

    /// A unit of work that records `index` when it runs.
    private func work(_ index: Int, into order: Order) -> StoreWork {
        .perform { order.ran.append(index) }
    }

    @Test("work runs in the order it was appended, across growth past the kept capacity")
    func runsInOrderAcrossGrowth() {
        let queue = WorkQueue()
        let order = Order()
        let total = WorkQueue.keptCapacity * 2 + 7
        for index in 0..<total {
            queue.append(work(index, into: order))
        }
        #expect(queue.count == total)
        queue.run { work in
            if case .perform(let body) = work { body() }
        }
        #expect(order.ran == Array(0..<total))
        #expect(queue.isEmpty)
    }

    @Test("a buffer longer than the kept capacity is given back after it has run; a short one is kept")
    func longBuffersAreGivenBack() {
        let queue = WorkQueue()
        let order = Order()
        for index in 0..<10 {
            queue.append(work(index, into: order))
        }
        queue.run { _ in }
        #expect(queue.capacity > 0)
        for index in 0...WorkQueue.keptCapacity {
            queue.append(work(index, into: order))
        }
        queue.run { _ in }
        #expect(queue.capacity == 0)
        // Usable again after giving its buffer back.
        queue.append(work(1, into: order))
        queue.run { work in
            if case .perform(let body) = work { body() }
        }
        #expect(order.ran == [1])
    }

    @Test("trading exchanges the queued work of two queues")
    func tradeExchangesWork() {
        let appending = WorkQueue()
        let running = WorkQueue()
        let order = Order()
        for index in 0..<3 {
            appending.append(work(index, into: order))
        }
        running.trade(with: appending)
        #expect(appending.isEmpty)
        #expect(running.count == 3)
        appending.append(work(3, into: order))
        running.run { work in
            if case .perform(let body) = work { body() }
        }
        appending.run { work in
            if case .perform(let body) = work { body() }
        }
        #expect(order.ran == [0, 1, 2, 3])
    }

    @Test("work still queued when the queue goes away is released, not leaked")
    func queuedWorkIsReleased() {
        final class Payload {}
        weak var released: Payload?
        do {
            let queue = WorkQueue()
            let payload = Payload()
            released = payload
            queue.append(.perform { _ = payload })
        }
        #expect(released == nil)
    }

    @Test("a unit of work takes at most one cache line on a 64-bit platform, and no unit straddles two")
    func unitFitsOneCacheLine() {
        if MemoryLayout<Int>.size == 8 {
            #expect(MemoryLayout<StoreWork>.stride <= 64)
            #expect(64 % MemoryLayout<StoreWork>.stride == 0)
        }
    }
}
