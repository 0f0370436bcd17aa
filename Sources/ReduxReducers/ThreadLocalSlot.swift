#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

/// A pointer that each thread sees its own copy of: a pthread thread-specific slot.
///
/// Reading it is cheaper than taking and releasing an uncontended lock (B1, Performance.md), and a
/// thread's slot is private to it, so reading and writing it is never a data race.
struct ThreadLocalSlot: Sendable {
    /// The slot that holds the ``ReductionContext`` whose store is running its app reducer on
    /// this thread, if any.
    static let applyingContext = ThreadLocalSlot()

    private let key: pthread_key_t

    /// Creates a slot, nil on every thread. Keys are a limited process resource: make few.
    private init() {
        var key = pthread_key_t()
        let result = pthread_key_create(&key, nil)
        precondition(result == 0, "ReduxReducers: pthread_key_create failed with \(result)")
        self.key = key
    }

    /// The calling thread's value.
    var value: UnsafeMutableRawPointer? {
        get { pthread_getspecific(key) }
        nonmutating set { pthread_setspecific(key, newValue) }
    }
}
