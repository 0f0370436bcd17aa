/// A query parameter a route cannot use; the message says what to send instead (the route answers
/// it with 400).
struct RefusedParameter: Error {
    /// What was wrong, and what to send: "from= is missing: send the position of …".
    let message: String
}

extension InspectorRoutes {
    /// The most digits a number parameter may have. A session's positions and counts take far
    /// fewer, and numbers this short can be added and subtracted without overflow, so a longer
    /// one is refused before it is read.
    static var digitLimit: Int { 12 }

    /// The whole number a query parameter gives, checked before any arithmetic is done with it.
    ///
    /// ```swift
    /// let first = try Self.number("from", in: query, meaning: "the position of the range's first entry")
    /// ```
    ///
    /// The text must be ASCII digits, at most ``digitLimit`` of them, with a `-` before them for a
    /// negative number: no `+`, spaces, decimals, exponents or other scripts' digits.
    ///
    /// - Parameters:
    ///   - name: The parameter, such as `from`.
    ///   - query: The request's query parameters.
    ///   - lowest: The least value the route takes: 0 for a position or a count, -1 where the
    ///     state the session starts from is one.
    ///   - fallback: The value when the parameter is absent; nil when the route needs it.
    ///   - meaning: What the number says, for the message: "the position of the range's first
    ///     entry".
    /// - Returns: A number from `lowest` to 10^``digitLimit`` - 1.
    /// - Throws: ``RefusedParameter`` when the parameter is absent and needed, is not such a
    ///   number, or is below `lowest`; the message names it and says what to send.
    static func number(
        _ name: String, in query: [String: String], from lowest: Int = 0, default fallback: Int? = nil,
        meaning: String
    ) throws(RefusedParameter) -> Int {
        func refusal(_ problem: String) -> RefusedParameter {
            RefusedParameter(message: "\(problem): send \(meaning), a whole number from \(lowest).")
        }
        guard let text = query[name] else {
            guard let fallback else { throw refusal("\(name)= is missing") }
            return fallback
        }
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        guard !digits.isEmpty, digits.count <= digitLimit,
            digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let value = Int(text)
        else {
            throw refusal("\(name)= is not a whole number of at most \(digitLimit) digits")
        }
        guard value >= lowest else {
            throw refusal("\(name)=\(value) is below \(lowest)")
        }
        return value
    }
}
