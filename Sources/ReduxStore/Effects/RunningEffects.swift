internal import ReduxReducers
internal import ReduxShared

/// The effects a store started and that still run, in start order, and those under each id.
///
/// Guarded by the store's lock. An effect knows where the list holds it
/// (`RunningEffect.runningIndex`), so adding and removing one costs no hashing; an effect with an
/// id is also filed under its id and place, for cancellation.
struct RunningEffects {
    /// The effects in start order; nil where one ended. Compacted once the ended ones are more than
    /// half, and emptied whenever none runs.
    private var started: [RunningEffect?] = []
    /// How many entries of `started` are nil.
    private var endedCount = 0
    /// The running effects per id and place.
    private var byID: [EffectKey: [RunningEffect]] = [:]

    /// Whether no effect runs.
    var isEmpty: Bool { started.count == endedCount }

    /// Every running effect, oldest first.
    var all: [RunningEffect] { started.compactMap { $0 } }

    /// Adds an effect that started.
    ///
    /// - Complexity: O(1) amortised, plus a hash of its id if it has one.
    mutating func insert(_ effect: RunningEffect) {
        effect.runningIndex = started.count
        started.append(effect)
        if let id = effect.id {
            byID[EffectKey(slot: effect.slot, id: id), default: []].append(effect)
        }
    }

    /// Removes an effect that ended or was cancelled; nothing if it is not running.
    ///
    /// - Complexity: O(1) amortised, plus a hash of its id if it has one.
    mutating func remove(_ effect: RunningEffect) {
        let index = effect.runningIndex
        guard index >= 0, index < started.count, started[index] === effect else { return }
        effect.runningIndex = -1
        started[index] = nil
        endedCount += 1
        if endedCount == started.count {
            // Every entry is nil: popped one by one, keeping the buffer. `removeAll(keepingCapacity:)`
            // goes through the array's general `replaceSubrange`, which showed in B7 (an effect at a
            // time empties the list at each end).
            while !started.isEmpty { started.removeLast() }
            endedCount = 0
        } else if endedCount > 16 && endedCount * 2 > started.count {
            compact()
        }
        guard let id = effect.id, let index = byID.index(forKey: EffectKey(slot: effect.slot, id: id)) else { return }
        byID.values[index].removeAll { $0 === effect }
        if byID.values[index].isEmpty {
            byID.remove(at: index)
        }
    }

    /// The effects running under an id at a place, oldest first.
    func running(id: EffectID, slot: ObjectIdentifier) -> [RunningEffect] {
        byID[EffectKey(slot: slot, id: id)] ?? []
    }

    /// The places where work under an id runs.
    func places(runningID id: EffectID) -> [ObjectIdentifier] {
        byID.keys.filter { $0.id == id }.map(\.slot)
    }

    /// The effects running at a place, oldest first.
    func running(slot: ObjectIdentifier) -> [RunningEffect] {
        all.filter { $0.slot == slot }
    }

    /// Drops the ended entries, keeping the order.
    private mutating func compact() {
        var running: [RunningEffect?] = []
        running.reserveCapacity(started.count - endedCount)
        for case let effect? in started {
            effect.runningIndex = running.count
            running.append(effect)
        }
        started = running
        endedCount = 0
    }
}

/// An effect id at a place: ids are scoped to the feature that started the work.
private struct EffectKey: Hashable {
    let slot: ObjectIdentifier
    let id: EffectID
}
