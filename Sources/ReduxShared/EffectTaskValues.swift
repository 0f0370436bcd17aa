/// What an effect's task carries for the code its work calls: the dependencies of the store that
/// started it, set by the store around the work and read by `Dependencies.current` in the reducers'
/// layer, which alone knows their type.
///
/// Set where the task is made, so an effect pays no look-up of its store's type to find them.
package enum EffectTaskValues {
    /// The running store's dependencies, as that store's sink holds them (a `Dependencies`).
    @TaskLocal package static var dependencies: (any Sendable)?
}
