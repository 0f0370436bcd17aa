/// Names one element of a navigation stack, stable while it is on the stack, never reused by that
/// stack.
///
/// A ``StackState`` hands out ids from 0 upward as elements are pushed; popping an element does not
/// free its id, so an action sent to a screen that has since been popped never reaches the screen
/// pushed after it. An integer literal makes an id, which a test uses to name an element:
///
/// ```swift
/// #expect(state.path.ids == [0, 2])
/// ```
///
/// Encodes as a bare integer.
///
/// A `NavigationLink(pushing:)` (MultiReduxUI) holds an id of another kind: a request to push a
/// screen's state, which the stack's binding turns into a push when SwiftUI writes it, and which
/// stands for that screen in the binding while it is on the stack. Such an id equals only itself.
public struct StackElementID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByIntegerLiteral
{
    /// The number the stack gave the element; -1 for a link's request to push.
    public let rawValue: Int
    /// The state a link asks to push; nil for an id a stack handed out.
    let link: StackLink?

    /// Creates the id with a number.
    ///
    /// - Parameter rawValue: The number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
        link = nil
    }

    /// Creates the id with a number written as a literal.
    ///
    /// - Parameter value: The number.
    public init(integerLiteral value: Int) {
        rawValue = value
        link = nil
    }

    /// A link's request to push a screen's state onto the stack its binding is given to.
    ///
    /// - Parameter element: The screen's state.
    package init(pushing element: some Sendable) {
        rawValue = -1
        link = StackLink(element: element)
    }

    /// The state a link asks to push; nil for an id a stack handed out.
    var linkedElement: (any Sendable)? { link?.element }

    /// Whether two ids are the same: the same number, and for a link's request the same link.
    ///
    /// - Parameters:
    ///   - lhs: An id.
    ///   - rhs: Another id.
    /// - Returns: `true` when they name the same element.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue == rhs.rawValue && lhs.link === rhs.link
    }

    /// Feeds the number (and a link's identity) to a hasher.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
        if let link { hasher.combine(ObjectIdentifier(link)) }
    }

    /// Decodes an id from a bare integer.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: What decoding an `Int` throws.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
        link = nil
    }

    /// Encodes the id as a bare integer.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What encoding an `Int` throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Whether one id was handed out before another.
    ///
    /// - Parameters:
    ///   - lhs: An id.
    ///   - rhs: Another id.
    /// - Returns: `true` when `lhs` has the smaller number.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The number after a hash sign, as in `#2`; a link's request names the state it pushes.
    public var description: String {
        guard let link else { return "#\(rawValue)" }
        return "#link(\(type(of: link.element)))"
    }
}

/// What a link asks to push, held by reference so that the id stays small and equal only to
/// itself.
final class StackLink: Sendable {
    /// The screen's state.
    let element: any Sendable

    init(element: any Sendable) {
        self.element = element
    }
}
