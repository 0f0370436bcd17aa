/// The keys of an encoded ``StackState``.
private enum StackStateCodingKeys: String, CodingKey {
    case ids, elements, nextID
}

extension StackState: Encodable where Element: Encodable {
    /// Encodes the ids, the elements and the counter, so a decoded stack never hands out an id again.
    ///
    /// ```json
    /// {"ids": [0, 2], "elements": [{"detail": {…}}, {"settings": {…}}], "nextID": 3}
    /// ```
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What encoding an element throws.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: StackStateCodingKeys.self)
        try container.encode(ids, forKey: .ids)
        try container.encode(entries.elements.map(\.element), forKey: .elements)
        try container.encode(nextID, forKey: .nextID)
    }
}

extension StackState: Decodable where Element: Decodable {
    /// Decodes what ``encode(to:)`` wrote, checking that the stack could have made it.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` when the counter is negative, the numbers of ids and
    ///   elements differ, an id appears twice, or an id is not below the counter (the message says
    ///   which); or what decoding an element throws.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: StackStateCodingKeys.self)
        let ids = try container.decode([StackElementID].self, forKey: .ids)
        let elements = try container.decode([Element].self, forKey: .elements)
        let nextID = try container.decode(Int.self, forKey: .nextID)
        guard nextID >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .nextID, in: container,
                debugDescription: "A StackState's nextID is \(nextID); it counts the ids handed out, from 0.")
        }
        guard ids.count == elements.count else {
            throw DecodingError.dataCorruptedError(
                forKey: .ids, in: container,
                debugDescription: """
                    A StackState has \(ids.count) ids for \(elements.count) elements; each element needs \
                    exactly one id.
                    """)
        }
        self.init()
        self.nextID = nextID
        for (id, element) in zip(ids, elements) {
            guard id.rawValue >= 0, id.rawValue < nextID else {
                throw DecodingError.dataCorruptedError(
                    forKey: .ids, in: container,
                    debugDescription: """
                        A StackState holds the id \(id), which is not in 0..<\(nextID) (nextID is \(nextID)): \
                        a stack hands out ids from 0 upward, so every id it holds is below its nextID.
                        """)
            }
            guard entries.append(Entry(id: id, element: element)).inserted else {
                throw DecodingError.dataCorruptedError(
                    forKey: .ids, in: container,
                    debugDescription: "A StackState holds the id \(id) twice; the ids on a stack must be unique.")
            }
        }
    }
}
