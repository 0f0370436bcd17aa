/// A collection whose elements are found by id (what a scoped store reaches rows and stack elements
/// through).
///
/// ``IdentifiedArray`` (a list whose elements carry their ids) and ``StackState`` (a navigation path
/// that hands out the ids itself) conform. A scoped store reads and writes one element through
/// ``subscript(id:)``, so a row keeps its identity while rows are inserted, removed or moved:
///
/// ```swift
/// state.todos[id: todo.id]?.isComplete = true
/// ```
public protocol IdentifiedCollection<ID, Element>: RandomAccessCollection where Index == Int {
    /// What names an element.
    associatedtype ID: Hashable & Sendable

    /// The ids, in the collection's order: `ids[i]` is the id of the element at offset `i`.
    var ids: [ID] { get }

    /// The element with an id; setting nil removes it, setting a value replaces the element with
    /// that id (or appends it when absent).
    ///
    /// A conforming type may narrow what setting does (``StackState`` grows only by `append`, so
    /// setting a value for an id it does not hold does nothing) and says so.
    ///
    /// - Parameter id: The id of the element.
    subscript(id id: ID) -> Element? { get set }
}

extension IdentifiedCollection {
    /// Changes the element with an id in place; does nothing when no element has it (a write to a
    /// row or screen that is gone).
    mutating func modify(id: ID, _ change: (inout Element) -> Void) {
        guard var element = self[id: id] else { return }
        change(&element)
        self[id: id] = element
    }
}

extension Optional {
    /// Changes the wrapped value in place; does nothing when there is none (a write to a presented
    /// child that was dismissed).
    mutating func modifyIfPresent(_ change: (inout Wrapped) -> Void) {
        guard var value = self else { return }
        change(&value)
        self = value
    }
}
