public import MultiRedux

#if compiler(>=6.2) && (!canImport(Darwin) || canImport(Swift, _version: 6.2))
    /// What a ``PersistentFeature`` refines: a `LogicFeature` whose type may be used from any
    /// thread (`SendableMetatype`), because a store reads and migrates a persisted part on whatever
    /// thread saves or restores it.
    ///
    /// `SendableMetatype` arrives with Swift 6.2's standard library; with an older one (Xcode 16.4's
    /// Swift 6.1, say) there are no isolated conformances to rule out, and this is `LogicFeature`.
    public typealias SendableFeatureType = LogicFeature & SendableMetatype
#else
    /// What a ``PersistentFeature`` refines: a `LogicFeature`.
    ///
    /// With Swift 6.2's standard library and later, it is a `LogicFeature` whose type may be used
    /// from any thread (`SendableMetatype`); this standard library has no isolated conformances to
    /// rule out.
    public typealias SendableFeatureType = LogicFeature
#endif
