#if canImport(SwiftUI)
    internal import ReduxUI
    public import SwiftUI

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    extension NavigationLink where Destination == Never {
        /// A link that pushes a screen's state onto the stack of the `NavigationStack` around it,
        /// whose path is a store's stack (`NavigationStack(path: $store.stack(\.path))`): a row
        /// that opens its detail, with the look of a link.
        ///
        /// ```swift
        /// NavigationLink(pushing: ContactDetail(contact: store.state)) {
        ///     Text(store.name)
        /// }
        /// ```
        ///
        /// A tap is the stack's binding write that pushes the state, as a reducer's
        /// `state.path.append(…)` would; the stack's destination shows it
        /// (`.navigationDestination(for: StackElementID.self)`, whose id is the link's while the
        /// screen is on the stack and scopes the pushed screen). The state must be the stack's
        /// element type (for a stack of several kinds of screens, the enum's case): another is
        /// reported as misuse and pushes nothing.
        ///
        /// - Parameters:
        ///   - state: The screen's state.
        ///   - label: What the link shows.
        public init<Element: Sendable>(pushing state: Element, @ViewBuilder label: () -> Label) {
            self.init(value: StackElementID(pushing: state), label: label)
        }
    }
#endif
