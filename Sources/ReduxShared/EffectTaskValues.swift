internal import ReduxAtomics

/// What an effect's task carries for the code its work calls: the dependencies of the store that
/// started it, set by the store around the work and read by `Dependencies.current` in the reducers'
/// layer, which alone knows their type.
///
/// Set where the task is made, so an effect pays no look-up of its store's type to find them.
package enum EffectTaskValues {
    /// The running store's dependencies, as that store's sink holds them (a `Dependencies`).
    @TaskLocal package static var dependencies: (any Sendable)?

    /// Set, once and for good, before the process first binds ``dependencies`` to a value.
    ///
    /// A word, not a `Bool`: a static `Bool` would be a data race; an atomic word is read with a load.
    nonisolated(unsafe) private static let everBound = redux_atomic_word_create(0)

    /// Whether ``dependencies`` may be bound to a value anywhere in the process: false until some
    /// code called ``noteBinding()``. Lets a store whose effects carry nothing skip reading the
    /// task-local value where it makes each task (an app's store, when no store and no code binds
    /// dependencies), which costs a look-up and a copy of the value.
    package static var mayBeBound: Bool {
        redux_atomic_word_load(everBound) != 0
    }

    /// Notes that ``dependencies`` is about to be bound to a value. Call before binding it: a task
    /// that inherits the binding then also sees the note.
    package static func noteBinding() {
        if redux_atomic_word_load(everBound) == 0 {
            redux_atomic_word_store(everBound, 1)
        }
    }
}
