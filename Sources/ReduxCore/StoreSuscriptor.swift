/// An object that a store notifies whenever the state it watches changes.
///
/// The name keeps the spelling of the design card this framework started from (ReduxSample's
/// `StoreSuscriptor`), so code written against that card keeps compiling;
/// ``StoreSubscriber`` is the English alias and is interchangeable with it.
///
/// ```swift
/// final class ScoreLabel: StoreSuscriptor {
///     func update(state: ScoreHistory) { print("Wins:", state.wins) }
/// }
/// ```
///
/// Stores hold subscribers weakly: keep a strong reference for as long as you want updates.
/// `update(state:)` runs on the thread that applied the action; hop to the main thread yourself
/// when you touch UI.
public protocol StoreSuscriptor<SuscribedState>: AnyObject {
    /// The type of the value the subscriber receives: the whole state or a selected part of it.
    associatedtype SuscribedState

    /// A name for this subscriber in diagnostics. The default names the type and the instance.
    var identifier: String { get }

    /// Receives the current value.
    ///
    /// Called once when the subscriber subscribes, then after every applied action (or, for a
    /// selection of an `Equatable` value, after every action that changed it).
    ///
    /// - Parameter state: The state, or the part of it that the subscription selected.
    func update(state: SuscribedState)
}

extension StoreSuscriptor {
    /// A name made of the subscriber's type and the address of the instance.
    public var identifier: String {
        "\(type(of: self))@\(String(UInt(bitPattern: ObjectIdentifier(self)), radix: 16))"
    }
}
