internal import ReduxAtomics

/// A pointer-sized integer that threads read and change without a lock: C11 atomics
/// (`ReduxAtomics`), which exist at the package's declared minimums on every platform, where
/// `Synchronization.Atomic` needs macOS 15 / iOS 18.
///
/// The word lives in an allocation of its own, so that it never moves while threads use it; its
/// owner calls ``deallocate()`` once no thread can reach it any more (a `deinit`).
///
/// Loads acquire and stores release: what a thread wrote before it stored a value is visible to a
/// thread that loads that value.
///
/// - Note: `@unchecked Sendable`: every access to the word is atomic.
package struct AtomicWord: @unchecked Sendable {
    private let word: UnsafeMutablePointer<redux_atomic_word>

    /// Allocates a word holding `value`.
    package init(_ value: Int) {
        word = .allocate(capacity: 1)
        redux_atomic_word_init(word, value)
    }

    /// Frees the word. Call once, when no thread can use it any more.
    package func deallocate() {
        word.deallocate()
    }

    /// The current value.
    @inline(__always)
    package func load() -> Int {
        redux_atomic_word_load(word)
    }

    /// Replaces the value.
    @inline(__always)
    package func store(_ value: Int) {
        redux_atomic_word_store(word, value)
    }

    /// Replaces the value with `desired` if it is `expected`.
    ///
    /// - Returns: Whether it did; when it did not, `found` is the value it held.
    @inline(__always)
    package func compareExchange(expected: Int, desired: Int) -> (exchanged: Bool, found: Int) {
        var found = expected
        let exchanged = redux_atomic_word_compare_exchange(word, &found, desired)
        return (exchanged, found)
    }
}
