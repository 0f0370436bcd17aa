/// `==` for `Value` when it is `Equatable`, else nil: selections of `Equatable` values skip
/// repeats, whichever spelling made them; ReduxPersistence tells an unchanged part by it.
package func repeatCheck<Value>(_: Value.Type) -> ((Value, Value) -> Bool)? {
    guard let equatable = Value.self as? any Equatable.Type else { return nil }
    return equatable.repeatCheck(as: Value.self)
}

extension Equatable {
    /// `==`, typed as a comparison of `Value`, which is `Self`.
    fileprivate static func repeatCheck<Value>(as _: Value.Type) -> (Value, Value) -> Bool {
        let check: (Self, Self) -> Bool = { $0 == $1 }
        // Value is Self (the caller opened Value's metatype to get here): the cast is exact.
        return check as! (Value, Value) -> Bool
    }
}
