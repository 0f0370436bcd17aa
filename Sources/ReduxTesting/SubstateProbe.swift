import MultiRedux
import ReduxCore

/// A reducer provider that runs no reducer and only notes which state types an app reducer asks
/// it to reduce, in order: the sub-states an app reducer actually reaches.
final class SubstateProbe: ReducerProvider {
    private let visited = LockedValue<[Any.Type]>([])

    /// Runs an app reducer against the probe and returns the state types it reduced.
    ///
    /// The app reducer is assumed to reduce the same sub-states whatever the action; the probe
    /// only sees the path it takes for `action`.
    ///
    /// - Parameters:
    ///   - appReducer: The app reducer to observe.
    ///   - state: A root value to run it on; it is not changed.
    ///   - action: The action to hand it.
    /// - Returns: The distinct state types reduced, in the order first reduced.
    static func substateTypes<Root>(
        reducedBy appReducer: InPlaceAppReducer<Root>, from state: Root, for action: any Action
    ) -> [Any.Type] {
        let probe = SubstateProbe()
        var copy = state
        appReducer(probe, action, &copy)
        return probe.visited.withLock { $0 }
    }

    /// Notes the state type and leaves the state as it is.
    ///
    /// - Parameters:
    ///   - action: Ignored.
    ///   - state: Left unchanged.
    func reduce<Substate>(_ action: any Action, _ state: inout Substate) {
        visited.withLock { types in
            if !types.contains(where: { $0 == Substate.self }) {
                types.append(Substate.self)
            }
        }
    }
}

/// The action the type form of the composite assertions hands to the app reducer to discover
/// its sub-states; no reducer is registered for it.
struct SubstateProbeAction: Action {}
