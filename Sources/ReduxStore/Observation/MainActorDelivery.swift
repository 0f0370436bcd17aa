import Dispatch
internal import ReduxCore
internal import ReduxShared

#if canImport(Darwin)
    import Darwin
#endif

/// What a store keeps of a main-actor delivery: what ``Store/deliverPendingOnMainActor()`` empties,
/// without keeping the delivery alive.
struct WeakDelivery {
    weak var delivery: (any PendingDelivery)?

    init(_ delivery: any PendingDelivery) {
        self.delivery = delivery
    }
}

/// A delivery whose pending values the main actor can take now.
protocol PendingDelivery: AnyObject, Sendable {
    /// Delivers what the mailbox holds now, in order, instead of in the main actor's next turn.
    @MainActor func deliverPending()
}

/// Hands the values of one observation to a closure on the main actor, in the store's order:
/// at once when the store notifies on the main actor's queue, otherwise in the next turn of the
/// main actor; never a value older than one already handed over.
///
/// The store notifies one value at a time, in the order it applied the actions, on whichever
/// thread applied them. Each value goes into a mailbox; the main actor empties the mailbox in
/// order, so a value notified later is always delivered later, whichever thread notified it and
/// however the hops to the main actor interleave. A value equal to the last one delivered
/// (`Equatable` selections) is skipped, so the first value, read when the observation starts,
/// is not delivered twice.
///
/// - Note: `@unchecked Sendable`: `mailbox`, `isScheduled` and `isCancelled` are guarded by
///   `lock`; `last` and `isDelivering` are only touched on the main actor (``drain()`` and
///   ``deliverFirst(_:)`` are `@MainActor`).
final class MainActorDelivery<Selected: Sendable>: PendingDelivery, @unchecked Sendable {
    private let lock = Lock()
    private var mailbox: [Selected] = []
    /// Whether a hop to the main actor is on its way to empty the mailbox.
    private var isScheduled = false
    private var isCancelled = false
    private let isRepeat: ((Selected, Selected) -> Bool)?
    private let onChange: @MainActor (Selected) -> Void
    /// The last value delivered; main actor only.
    private var last: Selected?
    /// Whether the main actor is delivering now (an `onChange` that dispatches on the main
    /// thread notifies again from inside it); main actor only.
    private var isDelivering = false

    /// Starts a delivery on the main actor.
    ///
    /// - Parameters:
    ///   - isRepeat: Whether two values are the same (for `Equatable` selections); nil delivers
    ///     every value.
    ///   - onChange: What receives the values.
    @MainActor
    init(isRepeat: ((Selected, Selected) -> Bool)?, onChange: @escaping @MainActor (Selected) -> Void) {
        self.isRepeat = isRepeat
        self.onChange = onChange
    }

    /// Delivers the first value, read when the observation starts, before `observe` returns.
    @MainActor
    func deliverFirst(_ value: Selected) {
        deliver(value)
    }

    /// Takes a value the store notified, on the thread that applied the action, and delivers it
    /// on the main actor: now when this code runs on the main actor, else in its next turn.
    func receive(_ value: Selected) {
        lock.lock()
        guard !isCancelled else {
            lock.unlock()
            return
        }
        mailbox.append(value)
        if MainQueue.isCurrent {
            lock.unlock()
            MainActor.assumeIsolated { drain() }
            return
        }
        guard !isScheduled else {
            lock.unlock()
            return
        }
        isScheduled = true
        lock.unlock()
        Task { @MainActor in self.drain() }
    }

    /// Ends the delivery: nothing in the mailbox or notified later is delivered. Any thread.
    func cancel() {
        lock.withLock {
            isCancelled = true
            mailbox = []
        }
    }

    @MainActor
    func deliverPending() {
        // One lock hold when nothing waits: a binding's read asks before every write (B10).
        guard lock.withLock({ !mailbox.isEmpty }) else { return }
        drain()
    }

    /// Delivers what the mailbox holds, oldest first, until it stays empty.
    @MainActor
    private func drain() {
        // A value notified while delivering (an `onChange` that dispatched) waits for this loop,
        // behind the values taken before it.
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        while true {
            let batch = lock.withLock { () -> [Selected] in
                isScheduled = false
                defer { mailbox = [] }
                return mailbox
            }
            guard !batch.isEmpty else { return }
            for value in batch where !lock.withLock({ isCancelled }) {
                deliver(value)
            }
        }
    }

    @MainActor
    private func deliver(_ value: Selected) {
        if let isRepeat, let last, isRepeat(last, value) { return }
        if isRepeat != nil {
            last = value
        }
        onChange(value)
    }
}

/// Whether code runs on the main actor's executor, asked without trapping.
///
/// The main actor runs its work on the main dispatch queue. That queue is the main thread in an
/// app (UIKit, AppKit, SwiftUI); in a program whose `main` is `async`, Dispatch parks the main
/// thread and drains the main queue on a thread of its own, so the thread alone does not tell.
/// The queue does: a key set on the main queue is visible to everything that runs on it.
enum MainQueue {
    /// Set on the main queue the first time it is read.
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the calling code runs on the main queue (or, on Apple platforms, the main
    /// thread, which the main queue owns).
    static var isCurrent: Bool {
        if DispatchQueue.getSpecific(key: key) == true {
            return true
        }
        #if canImport(Darwin)
            return pthread_main_np() != 0
        #else
            return false
        #endif
    }
}
