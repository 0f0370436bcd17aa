internal import ReduxShared

/// A number per type, in ReduxReducers' route table keyed by the type alone: a look-up is a few
/// arithmetic steps and a compare, where a `Dictionary` keyed by `ObjectIdentifier` hashes with
/// SipHash and, in unspecialised code, looks its metadata up (B6, Performance.md).
typealias TypeNumbers = RouteCache<Int>

extension RouteCache where Route == Int {
    /// The number of a type, computed by `compute` the first time.
    mutating func value(for type: Any.Type, compute: (Any.Type) -> Int) -> Int {
        let key = ObjectIdentifier(type)
        if let value = route(action: key, state: key) {
            return value
        }
        let value = compute(type)
        insert(value, action: key, state: key)
        return value
    }
}
