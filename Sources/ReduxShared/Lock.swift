internal import ReduxAtomics

#if canImport(Darwin)
    import Darwin
    import os
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

/// A mutual-exclusion lock available on every platform the package supports (unlike
/// `Synchronization.Mutex`, which needs macOS 15 / iOS 18): on Darwin an `os_unfair_lock`, the
/// lock Apple recommends and fast Swift libraries use, and a pthread mutex where the lock is
/// recursive (which `os_unfair_lock` cannot be) and on Linux.
///
/// The thread that takes the lock releases it (`os_unfair_lock` traps otherwise).
///
/// - Note: `@unchecked Sendable` because the lock itself is the synchronisation; it lives in its
///   own allocation so that it never moves.
package final class Lock: @unchecked Sendable {
    /// The bytes each lock's word takes: a whole cache line (128 bytes covers the lines of
    /// Apple's processors, and the pairs of 64-byte lines x86 fetches together), so that two locks
    /// taken on different cores never share one.
    private static let lineSize = 128

    #if canImport(Darwin)
        /// The lock when it is not recursive; nil otherwise.
        private let unfair: os_unfair_lock_t?
        /// The lock when it is recursive; nil otherwise.
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>?
    #elseif os(Linux)
        /// The lock when it is recursive; nil otherwise.
        private let futex: UnsafeMutablePointer<redux_lock>?
        /// The lock when it is not recursive; nil otherwise.
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>?
    #else
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    /// Creates a lock.
    ///
    /// - Parameter recursive: Whether the thread that holds the lock may take it again.
    package init(recursive: Bool = false) {
        #if canImport(Darwin)
            guard recursive else {
                let unfair = UnsafeMutableRawPointer.allocate(byteCount: Self.lineSize, alignment: Self.lineSize)
                    .bindMemory(to: os_unfair_lock.self, capacity: 1)
                unfair.initialize(to: os_unfair_lock())
                self.unfair = unfair
                mutex = nil
                return
            }
            unfair = nil
        #elseif os(Linux)
            guard !recursive else {
                futex = redux_lock_create()
                mutex = nil
                return
            }
            futex = nil
        #endif
        let mutex = UnsafeMutableRawPointer.allocate(byteCount: Self.lineSize, alignment: Self.lineSize)
            .bindMemory(to: pthread_mutex_t.self, capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive {
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        }
        let result = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(result == 0, "ReduxCore: pthread_mutex_init failed with \(result)")
        self.mutex = mutex
    }

    deinit {
        #if canImport(Darwin)
            if let unfair {
                unfair.deinitialize(count: 1)
                unfair.deallocate()
            }
            if let mutex {
                pthread_mutex_destroy(mutex)
                mutex.deallocate()
            }
        #elseif os(Linux)
            if let futex {
                redux_lock_destroy(futex)
            }
            if let mutex {
                pthread_mutex_destroy(mutex)
                mutex.deallocate()
            }
        #else
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        #endif
    }

    /// Takes the lock, waiting for it if another thread holds it.
    package func lock() {
        #if canImport(Darwin)
            if let unfair {
                os_unfair_lock_lock(unfair)
            } else {
                pthread_mutex_lock(mutex!)
            }
        #elseif os(Linux)
            if let futex {
                redux_lock_lock(futex)
            } else {
                pthread_mutex_lock(mutex!)
            }
        #else
            pthread_mutex_lock(mutex)
        #endif
    }

    /// Releases the lock.
    package func unlock() {
        #if canImport(Darwin)
            if let unfair {
                os_unfair_lock_unlock(unfair)
            } else {
                pthread_mutex_unlock(mutex!)
            }
        #elseif os(Linux)
            if let futex {
                redux_lock_unlock(futex)
            } else {
                pthread_mutex_unlock(mutex!)
            }
        #else
            pthread_mutex_unlock(mutex)
        #endif
    }

    /// Runs a closure while holding the lock.
    ///
    /// - Parameter body: The work to do under the lock.
    /// - Returns: What `body` returns.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
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
