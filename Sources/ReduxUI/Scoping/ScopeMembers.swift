#if canImport(Observation)
    internal import ReduxShared

    /// What a scope's readers have read so far, each with how to tell whether a new part changed
    /// it: the bookkeeping behind "a view reading a scope is invalidated only by changes to what it
    /// read".
    ///
    /// Each thing read (a member, the whole part, whether an optional child is there, a
    /// collection's ids) gets a slot the first time; the scope registers Observation access under
    /// the slot's number, and when a new part arrives it announces a change for the slots whose
    /// check says so. A pure value: tested without Observation or a store.
    struct ScopeMembers<Part> {
        /// What a slot stands for.
        enum Key: Hashable {
            /// A member, by its key path from the part (`\.query`), or the whole part (`\.self`).
            case member(AnyKeyPath)
            /// Whether the optional child at a key path is there.
            case presence(AnyKeyPath)
            /// Whether the element with an id is in the collection at a key path.
            case element(AnyKeyPath, AnyHashable)
            /// The ids, in order, of the collection at a key path.
            case ids(AnyKeyPath)
            case caseOf(AnyKeyPath)
        }

        /// Whether a slot's value differs between an old and a new part.
        typealias Check = (_ old: Part, _ new: Part) -> Bool

        private var slots: [Key: Int] = [:]
        private var checks: [Check] = []

        /// The number of slots.
        var count: Int { checks.count }

        /// The slot of a key, made with a check the first time.
        ///
        /// - Returns: The slot's number.
        mutating func slot(_ key: Key, check: () -> Check) -> Int {
            if let slot = slots[key] { return slot }
            let slot = checks.count
            slots[key] = slot
            checks.append(check())
            return slot
        }

        /// The slot of a member, whose check compares the member's values when they are
        /// `Equatable` and otherwise says it changed.
        mutating func slot<Member>(member keyPath: KeyPath<Part, Member>) -> Int {
            slot(.member(keyPath)) {
                guard let isSame = repeatCheck(Member.self) else { return { _, _ in true } }
                return { old, new in !isSame(old[keyPath: keyPath], new[keyPath: keyPath]) }
            }
        }

        /// The check of whether the optional at a key path went from nil to a value or back.
        static func presence<Child>(_ keyPath: KeyPath<Part, Child?>) -> Check {
            { old, new in (old[keyPath: keyPath] == nil) != (new[keyPath: keyPath] == nil) }
        }

        /// The check of whether the element with an id came or went.
        /// Whether an optional enum changed which case it is, or between a case and nil.
        static func caseOf<Destination>(_ keyPath: KeyPath<Part, Destination?>) -> Check {
            { old, new in
                let (before, after) = (old[keyPath: keyPath], new[keyPath: keyPath])
                guard let before, let after else { return (before == nil) != (after == nil) }
                return CaseMatch.label(of: before) != CaseMatch.label(of: after)
            }
        }

        /// Whether an enum changed which case it is.
        static func caseOf<Value>(value keyPath: KeyPath<Part, Value>) -> Check {
            { old, new in CaseMatch.label(of: old[keyPath: keyPath]) != CaseMatch.label(of: new[keyPath: keyPath]) }
        }

        static func element<Elements: IdentifiedCollection>(
            _ keyPath: KeyPath<Part, Elements>, id: Elements.ID
        ) -> Check {
            { old, new in (old[keyPath: keyPath][id: id] == nil) != (new[keyPath: keyPath][id: id] == nil) }
        }

        /// The check of whether a collection's ids changed (an element added, removed or moved).
        static func ids<Elements: IdentifiedCollection>(_ keyPath: KeyPath<Part, Elements>) -> Check {
            { old, new in old[keyPath: keyPath].ids != new[keyPath: keyPath].ids }
        }

        /// The slots whose values differ between two parts, in slot order.
        func changed(from old: Part, to new: Part) -> [Int] {
            checks.indices.filter { checks[$0](old, new) }
        }
    }
#endif
