internal import ReduxReducers

/// The effects a store has started and that still run, by place and id: what cancellation by id,
/// by feature and by the store's end looks up.
///
/// Guarded by the store's lock.
struct RunningEffects {
    /// Every running effect, with the order it started in.
    private var started: [RunningEffect: Int] = [:]
    /// How many effects have started: the order of the next one.
    private var startCount = 0
    /// The running effects started under an id, by place and id.
    private var byID: [EffectKey: [RunningEffect]] = [:]

    /// Whether no effect runs.
    var isEmpty: Bool { started.isEmpty }

    /// Every running effect, in no particular order.
    var all: Dictionary<RunningEffect, Int>.Keys { started.keys }

    /// Every running effect, in the order they started.
    ///
    /// - Complexity: O(*n* log *n*) for *n* running effects.
    var inStartOrder: [RunningEffect] {
        started.sorted { $0.value < $1.value }.map(\.key)
    }

    /// Adds a started effect.
    mutating func insert(_ effect: RunningEffect) {
        started[effect] = startCount
        startCount += 1
        if let id = effect.id {
            byID[EffectKey(slot: effect.slot, id: id), default: []].append(effect)
        }
    }

    /// Removes an effect that ended or was cancelled.
    ///
    /// - Complexity: O(*k*) for the *k* effects running under its id.
    mutating func remove(_ effect: RunningEffect) {
        guard started.removeValue(forKey: effect) != nil, let id = effect.id else { return }
        guard let index = byID.index(forKey: EffectKey(slot: effect.slot, id: id)) else { return }
        byID.values[index].removeAll { $0 === effect }
        if byID.values[index].isEmpty {
            byID.remove(at: index)
        }
    }

    /// The effects running under an id at a place.
    func running(id: EffectID, slot: ObjectIdentifier) -> [RunningEffect] {
        byID[EffectKey(slot: slot, id: id)] ?? []
    }

    /// The effects running at a place.
    /// The places where work runs under an id, for a cancel that matched nothing.
    func places(runningID id: EffectID) -> [ObjectIdentifier] {
        byID.keys.filter { $0.id == id }.map(\.slot)
    }

    func running(slot: ObjectIdentifier) -> [RunningEffect] {
        all.filter { $0.slot == slot }
    }
}

/// A cancellation id at a feature's place.
private struct EffectKey: Hashable {
    let slot: ObjectIdentifier
    let id: EffectID
}
