public import ReduxCore

/// The follow-up action that dismisses the screen, row or child whose feature sent it: what
/// ``Effect/dismiss`` and ``EffectContext/dismiss(fileID:line:)`` send.
///
/// A feature placed at each element of a collection (`forEach`) or at an optional child
/// (`ifLet`) dismisses itself, however it is shown, with no delegate action for the parent to
/// handle: the store pops a stack from the element, removes a row, or sets the child to nil, and
/// the child's effects end with it. A test receives it as any follow-up action:
///
/// ```swift
/// await store.receive(Dismissal()) { $0.path.pop(from: screen) }
/// ```
///
/// It is addressed to the element the dismissing work belongs to. One addressed to no element
/// dismisses the root: sent by a feature placed at the store's root (a screen's feature tested
/// alone, its screen the root state) or dispatched by hand, it cancels the store's running work,
/// as the screen's would be when it left, and leaves the state as it is; the test receives it like
/// any follow-up. One sent by a feature placed at a fixed part of the state, which nothing can
/// dismiss, is reported as misuse and dropped. A `Dismissal` addressed to an element that is gone
/// dismisses nothing.
public struct Dismissal: Action, Equatable {
    /// Creates the action; send it with ``Effect/dismiss`` rather than by hand.
    public init() {}
}
