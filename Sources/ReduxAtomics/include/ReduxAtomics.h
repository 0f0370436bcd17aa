// Atomic words for MultiRedux, from C11's <stdatomic.h>: available at the package's declared
// minimums on every platform (Swift's Synchronization module needs macOS 15 / iOS 18), and with no
// package dependency. Functions are `static inline`, so Swift inlines them like its own code.
//
// Internal to the package: ReduxShared's `AtomicWord` is the one user (Docs/Decisions/0024).

#ifndef REDUX_ATOMICS_H
#define REDUX_ATOMICS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/// A pointer-sized integer that threads read and write atomically. Lives at a fixed address (the
/// Swift side allocates it), because an atomic must not move while threads use it.
typedef struct redux_atomic_word {
    _Atomic(intptr_t) value;
} redux_atomic_word;

/// Sets the value before any other thread can see the word.
static inline void redux_atomic_word_init(redux_atomic_word *word, intptr_t value) {
    atomic_init(&word->value, value);
}

/// Reads the value; what the thread that stored it wrote before is visible after (acquire).
static inline intptr_t redux_atomic_word_load(redux_atomic_word *word) {
    return atomic_load_explicit(&word->value, memory_order_acquire);
}

/// Stores a value; what this thread wrote before is visible to a thread that loads it (release).
static inline void redux_atomic_word_store(redux_atomic_word *word, intptr_t value) {
    atomic_store_explicit(&word->value, value, memory_order_release);
}

/// Replaces the value with `desired` if it is `*expected` (acquire and release); otherwise writes
/// the value found to `*expected`. Returns whether it replaced it.
static inline bool redux_atomic_word_compare_exchange(redux_atomic_word *word, intptr_t *expected,
                                                      intptr_t desired) {
    return atomic_compare_exchange_strong_explicit(&word->value, expected, desired, memory_order_acq_rel,
                                                   memory_order_acquire);
}

#endif
