#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

/// A mutual-exclusion lock over a pthread mutex, available on every platform the package
/// supports (unlike `Synchronization.Mutex`, which needs macOS 15 / iOS 18).
///
/// - Note: `@unchecked Sendable` because the mutex itself is the synchronisation; it lives in
///   its own allocation so that it never moves.
package final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates a lock.
    ///
    /// - Parameter recursive: Whether the thread that holds the lock may take it again.
    package init(recursive: Bool = false) {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive {
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        }
        let result = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(result == 0, "ReduxCore: pthread_mutex_init failed with \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Takes the lock, waiting for it if another thread holds it.
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Releases the lock.
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs a closure while holding the lock.
    ///
    /// - Parameter body: The work to do under the lock.
    /// - Returns: What `body` returns.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A value that is only read and written under its own lock.
///
/// - Note: `@unchecked Sendable` because every access goes through `withLock`.
package final class LockedValue<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    /// Creates the box.
    ///
    /// - Parameter value: The initial value.
    package init(_ value: Value) {
        self.value = value
    }

    /// Reads or changes the value under the lock.
    ///
    /// - Parameter body: Gets the value in place.
    /// - Returns: What `body` returns.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}
