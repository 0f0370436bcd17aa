internal import ReduxCore
internal import ReduxReducers
internal import ReduxShared

/// A first-in first-out queue with amortised O(1) `append` and `popFirst`.
struct WorkQueue<Element> {
    private var storage: [Element?] = []
    private var head = 0

    /// Whether nothing is waiting.
    var isEmpty: Bool { head == storage.count }

    /// Adds an element at the back, moved in (a `StoreWork` copied would go through the value
    /// witnesses of the action it holds).
    mutating func append(_ element: consuming Element) {
        storage.append(consume element)
    }

    /// Removes and returns the element at the front, if any.
    mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        // Moved out, not copied and then overwritten: a `StoreWork` holds an existential, whose
        // copy and destruction go through value witnesses for every queued action.
        let element = storage[head].take()
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: storage.count <= 1024)
            head = 0
        } else if head >= 1024 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
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
    /// cancelled; `tracker` is set when someone awaits the action that started the effect; the
    /// site is the effect's `send` or `update` call, if it made one; `isChange` says whether it
    /// is a change (straight to the reducers) or a follow-up action (through the middleware).
    case effectOutput(any Action, RunningEffect, DispatchTracker?, CallSite?, isChange: Bool)
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
