import Foundation
import Testing

@testable import ReduxTimeTravel

/// Values of every shape `Codable` offers, with the exact bytes a journal line holds for each:
/// the encoder's output must stay byte-for-byte what earlier versions wrote.
enum EncoderSamples {
    struct Empty: Codable {}

    struct Wrapper: Codable {
        var value: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    /// Writes nothing at all.
    struct Silent: Encodable, Sendable {
        func encode(to encoder: any Encoder) throws {}
    }

    enum Shape: Codable {
        case dot
        case circle(radius: Double)
        case polygon([Int], named: String?)
    }

    enum Raw: UInt8, Codable { case low = 0, high = 200 }
    enum Named: String, Codable { case first, second = "zweite" }

    struct Inner: Codable {
        var flag: Bool
        var list: [Int]
    }

    struct Everything: Codable {
        var text: String
        var int: Int
        var int8: Int8
        var int16: Int16
        var int32: Int32
        var int64: Int64
        var uint: UInt
        var uint8: UInt8
        var uint16: UInt16
        var uint32: UInt32
        var uint64: UInt64
        var double: Double
        var float: Float
        var bool: Bool
        var optional: String?
        var missing: Int?
        var raw: Raw
        var named: Named
        var inner: Inner
        var shapes: [Shape]
        var nested: [[Inner?]]
    }

    /// Uses the containers out of the usual order: a nested container, then the outer one again.
    struct HandWritten: Encodable, Sendable {
        enum Keys: String, CodingKey { case a, b, c, d, e }
        func encode(to encoder: any Encoder) throws {
            var outer = encoder.container(keyedBy: Keys.self)
            try outer.encode(1, forKey: .a)
            var inner = outer.nestedContainer(keyedBy: Keys.self, forKey: .b)
            try inner.encode("x", forKey: .c)
            var list = inner.nestedUnkeyedContainer(forKey: .d)
            try list.encode(true)
            try list.encodeNil()
            var deeper = list.nestedContainer(keyedBy: Keys.self)
            try deeper.encode(2.5, forKey: .e)
            var deepList = list.nestedUnkeyedContainer()
            try deepList.encode(Int8(-3))
            try outer.encode("back", forKey: .c)
            try outer.encodeNil(forKey: .d)
            let superEncoder = outer.superEncoder()
            var superContainer = superEncoder.singleValueContainer()
            try superContainer.encode(UInt16(7))
            let keyedSuper = outer.superEncoder(forKey: .e)
            var keyedSuperList = keyedSuper.unkeyedContainer()
            try keyedSuperList.encode(Empty())
            try keyedSuperList.encode(Silent())
        }
    }

    /// The cases: a name, the value, and the bytes.
    static let cases: [(name: String, value: any Encodable & Sendable, json: String)] = [
        ("empty struct", Empty(), #"{}"#),
        ("silent", Silent(), #"{}"#),
        ("wrapper", Wrapper(value: "w"), #""w""#),
        ("string", "plain", #""plain""#),
        (
            "escapes",
            "quote \" backslash \\ slash / newline \n return \r tab \t bell \u{7} nul \u{0} us \u{1F} del \u{7F}",
            #""quote \" backslash \\ slash / newline \n return \r tab \t bell \u0007 nul \u0000 us \u001f del \#u{7F}""#
        ),
        ("unicode", "é 🎲 日本 \u{2028}", "\"é 🎲 日本 \u{2028}\""),
        ("long string", String(repeating: "abcdefgh", count: 40), "\"\(String(repeating: "abcdefgh", count: 40))\""),
        ("int max", Int.max, "9223372036854775807"),
        ("int min", Int.min, "-9223372036854775808"),
        ("zero", 0, "0"),
        ("uint64 max", UInt64.max, "18446744073709551615"),
        ("int8 min", Int8.min, "-128"),
        (
            "doubles",
            [
                0.1, -0.0, 1.0, 100.0, 1e300, -2.5e-10, 1e16, 123456789.125, .leastNonzeroMagnitude,
                .greatestFiniteMagnitude,
            ],
            "[0.1,-0,1,100,1e+300,-2.5e-10,1e+16,123456789.125,5e-324,1.7976931348623157e+308]"
        ),
        ("floats", [Float(1.5), 0.1, 0, 3e38, .leastNonzeroMagnitude], "[1.5,0.1,0,3e+38,1e-45]"),
        ("bools and nil", [true, false, nil] as [Bool?], "[true,false,null]"),
        ("empty array", [Int](), "[]"),
        ("nested arrays", [[1, 2], [], [3]], "[[1,2],[],[3]]"),
        ("int-keyed dictionary", [7: [1.5]], #"{"7":[1.5]}"#),
        ("string-keyed dictionary", ["k\"": ["v"]], #"{"k\"":["v"]}"#),
        (
            "shapes", [Shape.dot, .circle(radius: 2.5), .polygon([1, 2], named: nil), .polygon([], named: "e")],
            #"[{"dot":{}},{"circle":{"radius":2.5}},{"polygon":{"_0":[1,2]}},{"polygon":{"_0":[],"named":"e"}}]"#
        ),
        ("raw enums", [Raw.low, .high], "[0,200]"),
        ("string enums", [Named.first, .second], #"["first","zweite"]"#),
        ("data", Data([0, 1, 2, 254, 255]), #""AAEC/v8=""#),
        ("url", URL(string: "https://example.com/a?b=c")!, #""https://example.com/a?b=c""#),
        ("date", Date(timeIntervalSinceReferenceDate: 12.25), "12.25"),
        ("decimal", Decimal(string: "12.345")!, "12.345"),
        (
            "hand-written", HandWritten(),
            #"{"a":1,"b":{"c":"x","d":[true,null,{"e":2.5},[-3]]},"c":"back","d":null,"super":7,"e":[{},{}]}"#
        ),
        (
            "everything",
            Everything(
                text: "t", int: -1, int8: -8, int16: -16, int32: -32, int64: -64, uint: 1, uint8: 8, uint16: 16,
                uint32: 32, uint64: 64, double: 0.5, float: 0.25, bool: true, optional: "o", missing: nil, raw: .high,
                named: .second, inner: Inner(flag: false, list: [1]),
                shapes: [.circle(radius: 1)], nested: [[nil, Inner(flag: true, list: [])], []]),
            #"{"text":"t","int":-1,"int8":-8,"int16":-16,"int32":-32,"int64":-64,"uint":1,"uint8":8,"uint16":16,"#
                + #""uint32":32,"uint64":64,"double":0.5,"float":0.25,"bool":true,"optional":"o","raw":200,"#
                + #""named":"zweite","inner":{"flag":false,"list":[1]},"shapes":[{"circle":{"radius":1}}],"#
                + #""nested":[[null,{"flag":true,"list":[]}],[]]}"#
        ),
    ]
}

@Suite struct JSONLineEncoderTests {
    @Test("every value kind is written as earlier versions wrote it", arguments: EncoderSamples.cases.indices)
    func bytesAreUnchanged(index: Int) throws {
        let sample = EncoderSamples.cases[index]
        let encoder = JSONLineEncoder()
        try encoder.encode(sample.value)
        #expect(String(decoding: encoder.bytes, as: UTF8.self) == sample.json, "\(sample.name)")
    }

    @Test("values encoded one after another are each complete, and reusing the encoder changes nothing")
    func encodesRepeatedly() throws {
        let encoder = JSONLineEncoder()
        var expected = ""
        for _ in 0..<3 {
            for sample in EncoderSamples.cases {
                try encoder.encode(sample.value)
                encoder.output.append(UInt8(ascii: "\n"))
                expected += sample.json + "\n"
            }
        }
        #expect(String(decoding: encoder.bytes, as: UTF8.self) == expected)
    }

    @Test("every string of one to three bytes, escaped or not, reads back with JSONDecoder")
    func stringsRoundTrip() throws {
        var samples: [String] = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        samples += ["é", "€", "🎲", "\u{2028}", "a\"b", "\\\\", "x\u{0}y", String(repeating: "\n", count: 40)]
        for sample in samples {
            let encoder = JSONLineEncoder()
            try encoder.encode(sample)
            #expect(try JSONDecoder().decode(String.self, from: Data(encoder.bytes)) == sample)
        }
    }

    @Test("integers of every width, at their limits, read back with JSONDecoder")
    func integersRoundTrip() throws {
        func check<Number: FixedWidthInteger & Codable>(_: Number.Type) throws {
            for value in [Number.min, Number.max, 0, 1, Number.max / 10, Number.min / 10] {
                let encoder = JSONLineEncoder()
                try encoder.encode([value])
                #expect(String(decoding: encoder.bytes, as: UTF8.self) == "[\(value)]")
                #expect(try JSONDecoder().decode([Number].self, from: Data(encoder.bytes)) == [value])
            }
        }
        try check(Int.self)
        try check(Int8.self)
        try check(Int16.self)
        try check(Int32.self)
        try check(Int64.self)
        try check(UInt.self)
        try check(UInt8.self)
        try check(UInt16.self)
        try check(UInt32.self)
        try check(UInt64.self)
    }

    @Test("a non-finite number is an error, and the encoder is usable after it")
    func nonFiniteThrows() throws {
        let encoder = JSONLineEncoder()
        #expect(throws: EncodingError.self) { try encoder.encode(["a": [1.0, .nan]]) }
        encoder.output.removeAll()
        try encoder.encode(EncoderSamples.HandWritten())
        let expected = EncoderSamples.cases.first { $0.name == "hand-written" }?.json
        #expect(String(decoding: encoder.bytes, as: UTF8.self) == expected)
    }
}
