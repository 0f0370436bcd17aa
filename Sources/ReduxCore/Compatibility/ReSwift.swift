// ReSwift's names for the core protocols, kept so that its code ports unchanged; Porting.md lists
// them.

/// The name ReSwift gives to ``State``, so code written for ReSwift compiles unchanged.
public typealias StateType = State

/// The English spelling of ``StoreSuscriptor``; the two names are the same protocol.
public typealias StoreSubscriber = StoreSuscriptor

extension StoreSuscriptor {
    /// Never called: it is here so that a subscriber still written with ReSwift's
    /// `newState(state:)` fails to compile with a message that names the fix.
    ///
    /// A class with only `newState(state:)` gives the compiler no `update(state:)` to infer
    /// ``SuscribedState`` from, so it would say no more than "type does not conform to protocol
    /// 'StoreSuscriptor'". This member offers itself as that `update(state:)`, for a `Never`
    /// state, and being unavailable it makes the compiler add: "unavailable instance method
    /// 'update(state:)' was used to satisfy a requirement of protocol 'StoreSuscriptor': rename
    /// ReSwift's newState(state:) to update(state:), which stores call". A subscriber that
    /// implements `update(state:)` never meets it.
    ///
    /// - Parameter state: Unused; there is no value of type `Never`.
    @available(*, unavailable, message: "rename ReSwift's newState(state:) to update(state:), which stores call")
    public func update(state: Never) {}
}
