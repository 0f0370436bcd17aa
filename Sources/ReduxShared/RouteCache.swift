/// Routes per (concrete action type, state type): an open-addressing hash table keyed by the two
/// type pointers. ReduxReducers' registry caches its routes in one, a store's reduction context
/// memoises their steps in another, and ReduxTimeTravel numbers action types with a third.
///
/// A `Dictionary` would hash every look-up with SipHash; this table mixes the pointers with two
/// multiplications and probes linearly, so a hit is a few arithmetic steps and a compare (the
/// measured cost is in Performance.md). Not thread-safe: its owner guards it.
///
/// Inlinable: every user reads it on the dispatch path (ReduxTimeTravel keys a table of its own by
/// action type alone, the same type for both keys, on the recording path).
@usableFromInline
package struct RouteCache<Route> {
    @usableFromInline
    struct Slot {
        @usableFromInline var action: UInt = 0
        @usableFromInline var state: UInt = 0
        @usableFromInline var route: Route?

        @inlinable
        init(action: UInt = 0, state: UInt = 0, route: Route? = nil) {
            self.action = action
            self.state = state
            self.route = route
        }
    }

    @usableFromInline var slots = [Slot](repeating: Slot(), count: 16)
    @usableFromInline var count = 0

    /// Creates an empty table.
    @inlinable
    package init() {}

    /// The route cached for the pair, if any.
    @inlinable @inline(__always)
    package func route(action: ObjectIdentifier, state: ObjectIdentifier) -> Route? {
        let actionKey = UInt(bitPattern: action)
        let stateKey = UInt(bitPattern: state)
        let mask = slots.count - 1
        var index = Self.index(actionKey, stateKey, mask: mask)
        while true {
            let slot = slots[index]
            if slot.action == actionKey && slot.state == stateKey { return slot.route }
            if slot.action == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    /// Caches a route for the pair, which must not be cached yet.
    @inlinable
    package mutating func insert(_ route: Route, action: ObjectIdentifier, state: ObjectIdentifier) {
        if (count + 1) * 4 > slots.count {
            let old = slots
            slots = [Slot](repeating: Slot(), count: old.count * 2)
            count = 0
            for slot in old where slot.action != 0 {
                place(slot)
            }
        }
        place(Slot(action: UInt(bitPattern: action), state: UInt(bitPattern: state), route: route))
    }

    /// Forgets every route.
    @inlinable
    package mutating func removeAll() {
        slots = [Slot](repeating: Slot(), count: 16)
        count = 0
    }

    @inlinable
    mutating func place(_ slot: Slot) {
        let mask = slots.count - 1
        var index = Self.index(slot.action, slot.state, mask: mask)
        while slots[index].action != 0 {
            index = (index + 1) & mask
        }
        slots[index] = slot
        count += 1
    }

    @inlinable
    static func index(_ action: UInt, _ state: UInt, mask: Int) -> Int {
        var mixed = action &* 0x9E37_79B9_7F4A_7C15 ^ state &* 0xC2B2_AE3D_27D4_EB4F
        mixed ^= mixed >> 29
        return Int(truncatingIfNeeded: mixed) & mask
    }
}
