internal import ReduxCore
internal import ReduxShared

/// Keeps a closure observation alive; cancelling it, or letting it go, ends the observation.
///
/// ```swift
/// let token = store.observe(select: \.settings) { settings in print(settings) }
/// // … later, or when `token` is deallocated:
/// token.cancel()
/// ```
///
/// (A token returned by the VISPER-Redux spelling `observableState.subscribe` keeps VISPER's
/// lifetime: letting it go does not end the observation, only cancelling it does.)
public final class ObservationToken: Sendable {
    private let onCancel: LockedValue<(@Sendable () -> Void)?>
    /// Whether letting the token go ends the observation.
    private let cancelsOnRelease: Bool

    init(cancelsOnRelease: Bool = true, onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = LockedValue(onCancel)
        self.cancelsOnRelease = cancelsOnRelease
    }

    deinit {
        if cancelsOnRelease {
            cancel()
        }
    }

    /// Ends the observation. Calling it again does nothing.
    ///
    /// Once this returns on the thread that notifies observers, the closure is not called again.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }
}
