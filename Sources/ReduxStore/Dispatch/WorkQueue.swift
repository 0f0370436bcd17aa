internal import ReduxAtomics
internal import ReduxCore
internal import ReduxReducers
internal import ReduxShared

/// A store's queued work, first in first out: what other threads (and the store's own reducers,
/// middleware and observers) queue while the store is busy, until the draining thread takes it.
///
/// A store keeps two, and they trade buffers (``trade(with:)``): the one threads append to under
/// the store's `queueLock`, and the one the draining thread runs, holding no lock. Work is moved
/// in and moved out, never copied: copying a `StoreWork` goes through its action's value witnesses.
/// The buffer is kept between batches, up to ``keptCapacity``, so that a steady stream of queued
/// work allocates and faults in no memory. It is aligned to a cache line, and a unit of work is at
/// most one line long on 64-bit platforms (what a unit can derive, such as an effect's tracker, it
/// does not carry), so no unit straddles two lines. The buffer is read only, never written, by the
/// thread that runs it: the work another core wrote travels to the draining core once.
///
/// - Note: Not thread-safe: the store guards the appending queue with `queueLock`, and only the
///   draining thread touches the other.
final class WorkQueue {
    /// How long a queue is long: a thread other than the draining one whose work makes the
    /// queue this long waits for the draining thread to take it, at most ``longestWait``.
    static let longLength = 4096

    /// How many units of work a queue keeps room for after it has been run: twice
    /// ``longLength``, for the work several threads queue at once before they wait (up to
    /// about 600 kilobytes). A longer buffer is given back.
    static let keptCapacity = 2 * longLength

    /// The longest a dispatching thread waits for the draining thread to take a long queue, in
    /// nanoseconds (2 ms): then it goes on with its work queued.
    static let longestWait: UInt64 = 2_000_000

    /// The most queued actions the draining thread applies in one hold of the store lock: it
    /// releases the lock at least this often, where a thread reading the state can take it.
    static let longestHold = 64

    /// The buffer: `count` initialised units from its start.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<StoreWork>?
    /// How many units of work the buffer has room for.
    @exclusivity(unchecked) private(set) var capacity = 0
    /// How many units of work are queued.
    @exclusivity(unchecked) private(set) var count = 0

    deinit {
        if let base {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    /// Whether nothing is queued.
    var isEmpty: Bool { count == 0 }

    /// Adds work at the back, moved in.
    func append(_ work: consuming StoreWork) {
        if count == capacity {
            grow()
        }
        (base.unsafelyUnwrapped + count).initialize(to: consume work)
        count += 1
    }

    /// Doubles the buffer, moving the queued work across.
    @inline(never)
    private func grow() {
        let newCapacity = max(64, capacity * 2)
        let newBase = UnsafeMutableRawPointer.allocate(
            byteCount: newCapacity * MemoryLayout<StoreWork>.stride, alignment: 64
        ).bindMemory(to: StoreWork.self, capacity: newCapacity)
        if let base {
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
    }

    /// Exchanges this queue's work and buffer with another's.
    func trade(with other: WorkQueue) {
        swap(&base, &other.base)
        swap(&capacity, &other.capacity)
        swap(&count, &other.count)
    }

    /// Calls `body` with each unit of work in order, moved out, then leaves the queue empty,
    /// keeping its buffer if it is at most ``keptCapacity`` long.
    ///
    /// `body` must not touch this queue.
    func run(_ body: (consuming StoreWork) -> Void) {
        guard let base else { return }
        let end = count
        var index = 0
        while index < end {
            // The work a few units ahead, fetched now: written on the core that queued it, it
            // arrives while the work before it runs.
            redux_prefetch(base + min(index + 4, end - 1))
            body((base + index).move())
            index += 1
        }
        count = 0
        if capacity > Self.keptCapacity {
            base.deallocate()
            self.base = nil
            capacity = 0
        }
    }
}

/// A unit of work the store does in its serial order.
///
/// Not generic over the store's state: in the store's unspecialised generic code, a generic enum
/// and its queue would cost a runtime metadata look-up on every dispatch.
enum StoreWork {
    /// Apply an action; `tracker` is set when someone awaits it; the site is where it was sent.
    case action(any Action, DispatchTracker?, CallSite?)
    /// Apply what an effect handed back (a change or a follow-up action), unless the effect was
    /// cancelled; the site is the effect's `send` or `update` call, if it made one; `isChange`
    /// says whether it is a change (straight to the reducers) or a follow-up action (through the
    /// middleware). The awaited dispatch it counts for, if any, is the effect's `tracker`.
    case effectOutput(any Action, RunningEffect, CallSite?, isChange: Bool)
    /// Run a closure in order with the actions (attaching a subscriber, for instance).
    case perform(() -> Void)
}

/// Whether a thread is applying a store's work, and whether work waits for it: the store's
/// `drainState` word, changed atomically.
///
/// A dispatch to an idle store claims it with one compare-and-exchange (`idle` to `draining`) and
/// gives it back with another, taking no lock. Work for a busy store is queued under `queueLock`,
/// which first turns `draining` into `queued`: the draining thread then cannot give the store back
/// without taking the queue, so nothing queued is left behind. Only the draining thread turns
/// `queued` back into `draining`, holding `queueLock`, when it takes the queue. So the queue is
/// empty whenever the word is not `queued`.
enum DrainState {
    /// No thread is applying the store's work.
    static let idle = 0
    /// A thread is applying the store's work, and nothing is queued.
    static let draining = 1
    /// A thread is applying the store's work, and work is queued for it.
    static let queued = 2
}
