extension IdentifiedArray: Encodable where Element: Encodable {
    /// Encodes the elements as a plain array, in order.
    ///
    /// ```json
    /// [{"id": 1, "title": "Milk"}, {"id": 2, "title": "Eggs"}]
    /// ```
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What encoding an element throws.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(elements)
    }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
    /// Decodes a plain array of elements, in order, whose ids are unique.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` when two elements have the same id (the message names
    ///   the id and both offsets), or what decoding an element throws.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public init(from decoder: any Decoder) throws {
        let elements = try decoder.singleValueContainer().decode([Element].self)
        var positions: [ID: Int] = [:]
        positions.reserveCapacity(elements.count)
        for (offset, element) in elements.enumerated() {
            if let earlier = positions.updateValue(offset, forKey: element.id) {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription: """
                            The elements at offsets \(earlier) and \(offset) have the same id \
                            \(String(reflecting: element.id)); the ids of an IdentifiedArray must be unique.
                            """))
            }
        }
        self.init(idPath: \Element.id, elements: elements, positions: positions)
    }
}
