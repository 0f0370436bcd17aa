// Spellings from the libraries MultiRedux replaces (ReSwift, ReduxSample, VISPER-Redux), kept so
// that their code ports unchanged. Each is a thin forward to the core API; Docs/Porting.md lists
// them all.

/// The name ReSwift gives to ``State``, so code written for ReSwift compiles unchanged.
public typealias StateType = State

/// The English spelling of ``StoreSuscriptor``; the two names are the same protocol.
public typealias StoreSubscriber = StoreSuscriptor
