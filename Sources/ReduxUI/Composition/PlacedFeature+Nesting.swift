public import ReduxCore
public import ReduxFeatures

extension PlacedFeature {
    /// Places this feature, as it is placed in its own state, inside each element of a collection
    /// of a larger state: a screen's features, sheet and all, at every screen of a stack.
    ///
    /// A screen's module lists the features that make the screen, placed in the screen's own
    /// state, and its tests run that list with the screen as the root. The app places the same
    /// list at each screen:
    ///
    /// ```swift
    /// static var features: [PlacedFeature<Editor>] {
    ///     [EditorFeature().at(\.self), NoteFormFeature().ifLet(\.destination, case: EditorDestination.note)]
    /// }
    ///
    /// Editor.features.map { $0.forEach(\.path) }
    /// ```
    ///
    /// As for a feature placed at each element (``ReduxFeatures/LogicFeature/forEach(_:)``), an
    /// action sent from an element's scope, or from a scope below it (the screen's sheet, a row of
    /// the screen's list), is addressed to that element; the effects started there send their
    /// changes and follow-up actions back to where they started, and end when what they belong to
    /// leaves, whoever removed it: the sheet, or the screen with its sheet. A ``Dismissal``
    /// dismisses what the dismissing feature is placed at, never the element around it. The parts
    /// a feature was placed `reading`, and a part it was placed `persistedAs`, are not carried into
    /// the element: an element is persisted with the state it is part of.
    ///
    /// - Parameter keyPath: The collection, a key path from the larger state.
    /// - Returns: The placed feature.
    public func forEach<Outer: State, Elements: IdentifiedCollection & Sendable>(
        _ keyPath: any WritableKeyPath<Outer, Elements> & Sendable
    ) -> PlacedFeature<Outer> where Elements.Element == Root {
        nested(at: keyPath, eachLens(keyPath))
    }

    /// Places this feature, as it is placed in its own state, inside each element of a collection
    /// that is one case of the elements' enum: a kind of screen's features at every screen of
    /// that kind.
    ///
    /// ```swift
    /// Detail.features.map { $0.forEach(\.path, case: Screen.detail) }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The collection, a key path from the larger state.
    ///   - embed: The case's constructor: `Screen.detail`.
    /// - Returns: The placed feature.
    public func forEach<Outer: State, Elements: IdentifiedCollection & Sendable>(
        _ keyPath: any WritableKeyPath<Outer, Elements> & Sendable,
        case embed: @escaping @Sendable (Root) -> Elements.Element
    ) -> PlacedFeature<Outer> {
        nested(at: keyPath, caseLens(keyPath, embed))
    }

    /// Places this feature, as it is placed in its own state, inside an optional child of a larger
    /// state: a sheet's features, rows and all, while the sheet is there.
    ///
    /// ```swift
    /// Form.features.map { $0.ifLet(\.addItem) }
    /// ```
    ///
    /// - Parameter keyPath: The optional child, a key path from the larger state.
    /// - Returns: The placed feature.
    public func ifLet<Outer: State>(_ keyPath: any WritableKeyPath<Outer, Root?> & Sendable) -> PlacedFeature<Outer> {
        nested(at: keyPath, childLens(keyPath))
    }

    /// Places this feature, as it is placed in its own state, inside one case of an optional enum
    /// of destinations of a larger state.
    ///
    /// ```swift
    /// Form.features.map { $0.ifLet(\.destination, case: Destination.edit) }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The optional enum, a key path from the larger state.
    ///   - embed: The case's constructor: `Destination.edit`.
    /// - Returns: The placed feature.
    public func ifLet<Outer: State, Destination>(
        _ keyPath: any WritableKeyPath<Outer, Destination?> & Sendable,
        case embed: @escaping @Sendable (Root) -> Destination
    ) -> PlacedFeature<Outer> {
        nested(at: keyPath, destinationLens(keyPath, embed))
    }
}
