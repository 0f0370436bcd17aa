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
public struct StackElementID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByIntegerLiteral
{
    /// The number the stack gave the element.
    public let rawValue: Int

    /// Creates the id with a number.
    ///
    /// - Parameter rawValue: The number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Creates the id with a number written as a literal.
    ///
    /// - Parameter value: The number.
    public init(integerLiteral value: Int) {
        rawValue = value
    }

    /// Decodes an id from a bare integer.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: What decoding an `Int` throws.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
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

    /// The number after a hash sign, as in `#2`.
    public var description: String {
        "#\(rawValue)"
    }
}
