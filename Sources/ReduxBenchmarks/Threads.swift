import Foundation

/// A plain pthread mutex, for the naive baseline and the B5 floor (the benchmark keeps its own so
/// that it needs nothing from the framework but its public API).
///
/// - Note: `@unchecked Sendable`: the mutex is the synchronisation; it lives in its own allocation.
final class Mutex: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` while holding the mutex.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// Runs `body(index)` on `count` new threads at once and returns when all have finished.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    final class Job: Sendable {
        let index: Int
        let body: @Sendable (Int) -> Void
        init(index: Int, body: @escaping @Sendable (Int) -> Void) {
            self.index = index
            self.body = body
        }
    }
    #if canImport(Darwin)
        var threads: [pthread_t?] = Array(repeating: nil, count: count)
    #else
        var threads: [pthread_t] = Array(repeating: 0, count: count)
    #endif
    for index in 0..<count {
        let job = Unmanaged.passRetained(Job(index: index, body: body)).toOpaque()
        let result = pthread_create(
            &threads[index], nil,
            { raw in
                #if canImport(Darwin)
                    let job = Unmanaged<Job>.fromOpaque(raw).takeRetainedValue()
                #else
                    let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
                #endif
                job.body(job.index)
                return nil
            }, job)
        precondition(result == 0, "ReduxBenchmarks: pthread_create failed with \(result)")
    }
    for thread in threads {
        #if canImport(Darwin)
            pthread_join(thread!, nil)
        #else
            pthread_join(thread, nil)
        #endif
    }
}
