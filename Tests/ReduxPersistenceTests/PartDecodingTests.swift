import Foundation
import Testing

@testable import ReduxPersistence

/// A part with every kind of value a `Codable` type writes: what the direct reader must decode
/// exactly as `JSONDecoder` does.
private struct Everything: Codable, Equatable {
    enum Mood: String, Codable { case calm, curious }
    enum Move: Codable, Equatable {
        case rock
        case custom(name: String, weight: Int?)
    }
    struct Round: Codable, Equatable {
        var number: Int
        var moves: [Move]
        var note: String?
    }

    var name: String
    var escaped: String
    var flag: Bool
    var small: Int8
    var large: Int64
    var unsigned: UInt64
    var ratio: Double
    var mood: Mood
    var rounds: [Round]
    var scores: [String: Int]
    var byNumber: [Int: String]
    var nested: [[Int]]
    var missing: Int?
    var present: Int?
    var bytes: Data
    var link: URL
    var when: Date
}

/// A class whose superclass decodes from `super`, as `init(from:)` of a subclass does.
private class Base: Codable {
    var id: Int
    init(id: Int) { self.id = id }
}

private final class Derived: Base, @unchecked Sendable {
    var label: String

    private enum CodingKeys: String, CodingKey { case label }

    init(id: Int, label: String) {
        self.label = label
        super.init(id: id)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decode(String.self, forKey: .label)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(label, forKey: .label)
        try super.encode(to: container.superEncoder())
    }
}

@Suite struct PartDecodingTests {
    private static let everything = Everything(
        name: "Ada", escaped: "a \"quoted\" \\ line\nwith é, 日本 and 🎉", flag: true, small: -128,
        large: Int64.min, unsigned: UInt64.max, ratio: 0.1 + 0.2, mood: .curious,
        rounds: [
            .init(number: 1, moves: [.rock, .custom(name: "lizard", weight: nil)], note: nil),
            .init(number: 2, moves: [.custom(name: "spock", weight: 7)], note: "close"),
        ],
        scores: ["ada": 3, "bob": -1], byNumber: [1: "one", 20: "twenty"], nested: [[], [1, 2], [3]],
        missing: nil, present: 0, bytes: Data([0, 1, 2, 254, 255]), link: URL(string: "https://example.com/a?b=c")!,
        when: Date(timeIntervalSinceReferenceDate: 123_456.75))

    /// The part as the state file writes it.
    private static func json(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }

    @Test("every kind of value decodes directly, equal to JSONDecoder's reading")
    func everythingDecodesDirectly() throws {
        let data = try Self.json(Self.everything)
        let direct = try #require(PartDecoder.decodeDirectly(Everything.self, from: data))
        #expect(direct == Self.everything)
        #expect(direct == (try JSONDecoder().decode(Everything.self, from: data)))
    }

    @Test("a superclass decodes from its super member")
    func superDecoder() throws {
        let data = try Self.json(Derived(id: 4, label: "four"))
        let direct = try #require(PartDecoder.decodeDirectly(Derived.self, from: data))
        #expect(direct.id == 4 && direct.label == "four")
    }

    @Test("a part that is a slice of the file's bytes, with space around it, decodes directly")
    func sliceWithSpace() throws {
        let file = Data("xx  {\"number\": 5, \"moves\": [ {\"rock\": {}} ] }\n ".utf8)
        let slice = file[(file.startIndex + 2)...]
        let round = try #require(PartDecoder.decodeDirectly(Everything.Round.self, from: slice))
        #expect(round == Everything.Round(number: 5, moves: [.rock], note: nil))
    }

    @Test(
        "what the direct reader stops at is read by JSONDecoder: the same value or the same error",
        arguments: [
            "{\"a\": 300}",  // does not fit UInt8
            "{\"a\": 1.0}",  // an integer written with a fraction
            "{\"a\": 1e2}",  // an integer written with an exponent
            "{\"a\": -1}",  // negative for an unsigned type
            "{\"b\": 1}",  // the key is missing
            "{\"a\": \"1\"}",  // a string where a number is expected
            "{\"a\": null}",  // null where a number is expected
            "{\"a\": 1} x",  // text after the value
            "[1]",  // an array where an object is expected
            "{\"a\": 01}",  // a leading zero: not JSON
            "{\"a\": 1,}",  // a comma before the brace: not JSON
            "{\"a\": 1, \"a\": 2}",  // a key written twice
        ])
    func stopsAreJSONDecoders(json: String) {
        struct Small: Codable, Equatable { var a: UInt8 }
        let data = Data(json.utf8)
        let expected = Result { try JSONDecoder().decode(Small.self, from: data) }
        let got = Result { try PartDecoder.decode(Small.self, from: data) }
        switch (expected, got) {
        case (.success(let one), .success(let other)): #expect(one == other)
        case (.failure(let one), .failure(let other)): #expect("\(one)" == "\(other)")
        default: Issue.record("JSONDecoder gave \(expected), the part reader \(got)")
        }
        if json != "{\"a\": 1.0}" && json != "{\"a\": 1e2}" {
            #expect(PartDecoder.decodeDirectly(Small.self, from: data) == nil)
        }
    }

    @Test("Float and Decimal values are read by JSONDecoder, equal to its reading")
    func floatAndDecimal() throws {
        struct Measures: Codable, Equatable {
            var single: Float
            var amount: Decimal
        }
        let data = try Self.json(Measures(single: 3.14159, amount: Decimal(string: "12.345")!))
        #expect(PartDecoder.decodeDirectly(Measures.self, from: data) == nil)
        #expect(try PartDecoder.decode(Measures.self, from: data) == JSONDecoder().decode(Measures.self, from: data))
    }

    @Test("a Double out of range is left to JSONDecoder, which refuses it")
    func doubleOutOfRange() {
        struct Wide: Codable { var value: Double }
        let data = Data("{\"value\": 1e400}".utf8)
        #expect(PartDecoder.decodeDirectly(Wide.self, from: data) == nil)
        #expect(throws: DecodingError.self) { try PartDecoder.decode(Wide.self, from: data) }
    }

    @Test("text in other scripts decodes directly; bytes that are not UTF-8 are refused as JSONDecoder refuses them")
    func utf8() throws {
        struct Named: Codable, Equatable { var name: String }
        let named = try #require(PartDecoder.decodeDirectly(Named.self, from: Data("{\"name\":\"Zoë 日本\"}".utf8)))
        #expect(named.name == "Zoë 日本")

        let invalid = Data([0x7B, 0x22, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D])  // {"name":"\xFF"}
        #expect(PartDecoder.decodeDirectly(Named.self, from: invalid) == nil)
        #expect(throws: DecodingError.self) { try PartDecoder.decode(Named.self, from: invalid) }
    }
}
