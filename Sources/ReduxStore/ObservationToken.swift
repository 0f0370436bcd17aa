internal import ReduxCore

/// Keeps a closure observation alive; cancelling it, or letting it go, ends the observation.
///
/// ```swift
/// let token = store.observe(select: \.settings) { settings in print(settings) }
/// // … later, or when `token` is deallocated:
/// token.cancel()
/// ```
public final class ObservationToken: Sendable {
    private let onCancel: LockedValue<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = LockedValue(onCancel)
    }

    deinit {
        cancel()
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
