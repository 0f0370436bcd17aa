// Atomic words for MultiRedux, from C11's <stdatomic.h>: available at the package's declared
// minimums on every platform (Swift's Synchronization module needs macOS 15 / iOS 18), and with no
// package dependency; beside them, the few other primitives the dispatch path needs (the calling
// thread, giving the processor away, fetching ahead, telling Thread Sanitizer of a hand-over it
// cannot see). Functions are `static inline`, so Swift inlines them like its own code.
//
// Internal to the package (not a product): ReduxReducers and ReduxStore import it, `internal`
// (Docs/Decisions/0024). Called directly, not through a Swift wrapper in another module: Swift does
// not inline a wrapper's call to a C inline function across modules, and the dispatch path pays a
// call per operation then.

#ifndef REDUX_ATOMICS_H
#define REDUX_ATOMICS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#if defined(__APPLE__)
// The headers Darwin's module map names (`pthread.h` and `sched.h` forward to them).
#include <pthread/pthread.h>
#include <pthread/sched.h>
#else
#include <pthread.h>
#include <sched.h>
#endif

/// A pointer-sized integer that threads read and write atomically. Lives at a fixed address (the
/// Swift side allocates it), because an atomic must not move while threads use it.
///
/// `owner` is a second word in the same cache line, for whoever changes `value` to say who they
/// are (the store: the thread that claimed it), at no cost of a line of its own.
typedef struct redux_atomic_word {
    _Atomic(intptr_t) value;
    _Atomic(intptr_t) owner;
} redux_atomic_word;

/// Allocates a word holding `value`, alone in a 128-byte block: threads on different cores change
/// it, and a neighbour in its cache line would travel between them with it. Free it with
/// `redux_atomic_word_destroy` once no thread can use it.
static inline redux_atomic_word *_Nonnull redux_atomic_word_create(intptr_t value) {
    void *memory = NULL;
    if (posix_memalign(&memory, 128, 128) != 0) abort();
    redux_atomic_word *word = memory;
    atomic_init(&word->value, value);
    atomic_init(&word->owner, 0);
    return word;
}

/// Frees a word from `redux_atomic_word_create`.
static inline void redux_atomic_word_destroy(redux_atomic_word *_Nonnull word) {
    free(word);
}

/// Reads the value; what the thread that stored it wrote before is visible after (acquire).
static inline intptr_t redux_atomic_word_load(redux_atomic_word *_Nonnull word) {
    return atomic_load_explicit(&word->value, memory_order_acquire);
}

/// Stores a value; what this thread wrote before is visible to a thread that loads it (release).
static inline void redux_atomic_word_store(redux_atomic_word *_Nonnull word, intptr_t value) {
    atomic_store_explicit(&word->value, value, memory_order_release);
}

/// Replaces the value with `desired` if it is `*expected` (acquire and release); otherwise writes
/// the value found to `*expected`. Returns whether it replaced it.
static inline bool redux_atomic_word_compare_exchange(redux_atomic_word *_Nonnull word,
                                                      intptr_t *_Nonnull expected, intptr_t desired) {
    return atomic_compare_exchange_strong_explicit(&word->value, expected, desired, memory_order_acq_rel,
                                                   memory_order_acquire);
}

/// Records who changed the word last (see `owner`). Relaxed: only the thread that records itself
/// relies on reading its own record back.
static inline void redux_atomic_word_set_owner(redux_atomic_word *_Nonnull word, intptr_t owner) {
    atomic_store_explicit(&word->owner, owner, memory_order_relaxed);
}

/// Reads who changed the word last (see `redux_atomic_word_set_owner`).
static inline intptr_t redux_atomic_word_owner(redux_atomic_word *_Nonnull word) {
    return atomic_load_explicit(&word->owner, memory_order_relaxed);
}

/// A number that tells the calling thread from every other running thread (its `pthread_t`).
static inline intptr_t redux_current_thread(void) {
    return (intptr_t)pthread_self();
}

/// Gives the processor to another thread that is ready to run, if there is one.
static inline void redux_yield(void) {
    sched_yield();
}

/// The calling thread's slot for the reduction context of the store applying an action on it
/// (unretained), or NULL: what `Dependencies.current` reads. A C thread-local: a load and a store
/// per action, where a pthread key costs a call each. Declared inside this inline function, so
/// each module that calls it has a slot of its own: only ReduxReducers may (one slot per
/// process), and no C file defines a variable (valgrind 3.19 cannot read the DWARF 5 that clang
/// writes for one, which `.ci/callgrind-check` needs).
static inline void *_Nullable *_Nonnull redux_reducing_slot(void) {
    static _Thread_local void *slot = NULL;
    return &slot;
}

/// The calling thread's reduction context (see `redux_reducing_slot`).
static inline void *_Nullable redux_reducing(void) {
    return *redux_reducing_slot();
}

/// Sets the calling thread's reduction context (see `redux_reducing_slot`).
static inline void redux_set_reducing(void *_Nullable context) {
    *redux_reducing_slot() = context;
}

/// Asks the processor to fetch the cache line holding `address` ahead of a read; never faults.
static inline void redux_prefetch(const void *_Nonnull address) {
    __builtin_prefetch(address, 0, 3);
}


// Thread Sanitizer's happens-before annotations, for synchronisation it cannot see: a lock whose
// contended hand-over happens in the kernel. Linux's `Synchronization.Mutex` is a
// priority-inheritance futex, which gives the lock to the waiting thread inside the kernel, with
// no atomic in user space for the sanitizer to observe. Darwin's is an `os_unfair_lock`, which the
// sanitizer intercepts, so there they do nothing.
//
// The sanitizer's entry points are weak references: the sanitizer's runtime, linked into a
// sanitized program, defines them; in any other program they are null and each annotation is a
// test of a null pointer. (Clang compiles these inline functions for Swift without the
// sanitizer's feature macro, so `__has_feature(thread_sanitizer)` cannot choose.)
#if defined(__linux__)
extern void __tsan_acquire(void *_Nonnull addr) __attribute__((weak));
extern void __tsan_release(void *_Nonnull addr) __attribute__((weak));
#endif

/// Marks a hand-over for Thread Sanitizer at `address`: with `acquiring`, what the thread that
/// last marked `address` without it did happens before what this thread does next (call it after
/// taking a lock); without, what this thread did so far happens before that (call it before
/// releasing the lock).
static inline void redux_sanitizer_hand_over(const void *_Nonnull address, bool acquiring) {
#if defined(__linux__)
    void (*mark)(void *_Nonnull) = acquiring ? __tsan_acquire : __tsan_release;
    if (mark) mark((void *)address);
#else
    (void)address;
    (void)acquiring;
#endif
}

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

/// A recursive lock on a futex (Linux): a word that says whether the lock is free (0), held (1) or
/// held with a thread that may be waiting (2), the holding thread, and how many times it holds the
/// lock. Taking and releasing a free lock is an atomic exchange each, where glibc's recursive
/// mutex runs its general code; a thread that finds it held sleeps in the kernel until woken.
/// Lives at a fixed address (`redux_lock_create`).
typedef struct redux_lock {
    _Atomic(uint32_t) state;
    /// How many times the holding thread holds the lock: read and written by that thread only.
    uint32_t depth;
    _Atomic(intptr_t) owner;
} redux_lock;

/// Allocates a free lock, alone in a 128-byte block. Free it with `redux_lock_destroy`.
static inline redux_lock *_Nonnull redux_lock_create(void) {
    void *memory = NULL;
    if (posix_memalign(&memory, 128, 128) != 0) abort();
    redux_lock *lock = memory;
    atomic_init(&lock->state, 0);
    lock->depth = 0;
    atomic_init(&lock->owner, 0);
    return lock;
}

/// Frees a lock from `redux_lock_create`; no thread may hold it.
static inline void redux_lock_destroy(redux_lock *_Nonnull lock) {
    free(lock);
}

/// Waits until the lock is free and takes it, marked as maybe waited for.
static inline void redux_lock_wait(redux_lock *_Nonnull lock) {
    while (atomic_exchange_explicit(&lock->state, 2, memory_order_acquire) != 0) {
        syscall(SYS_futex, &lock->state, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
    }
}

/// Takes the lock, again if the calling thread holds it already.
static inline void redux_lock_lock(redux_lock *_Nonnull lock) {
    intptr_t self = (intptr_t)pthread_self();
    // Only this thread ever stores its own id here, so a stale value can never equal it.
    if (atomic_load_explicit(&lock->owner, memory_order_relaxed) == self) {
        lock->depth += 1;
        return;
    }
    uint32_t expected = 0;
    if (!atomic_compare_exchange_strong_explicit(
            &lock->state, &expected, 1, memory_order_acquire, memory_order_relaxed)) {
        redux_lock_wait(lock);
    }
    atomic_store_explicit(&lock->owner, self, memory_order_relaxed);
    lock->depth = 1;
}

/// Releases one hold of the lock; the last one frees it and wakes a waiting thread.
static inline void redux_lock_unlock(redux_lock *_Nonnull lock) {
    lock->depth -= 1;
    if (lock->depth > 0) return;
    atomic_store_explicit(&lock->owner, 0, memory_order_relaxed);
    if (atomic_exchange_explicit(&lock->state, 0, memory_order_release) == 2) {
        syscall(SYS_futex, &lock->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
    }
}
#endif

#endif
