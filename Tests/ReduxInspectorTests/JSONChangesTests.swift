import Foundation
import Testing

@testable import ReduxInspector

/// How a generated test's `set` statements are found between two `Codable` states.
@Suite struct JSONChangesTests {
    struct Card: Codable, Equatable {
        var note: String?
        var count = 1
    }

    /// A card whose note must be written, `null` when there is none, as a hand-written
    /// `Codable` may ask: a `set` of `null`, which leaves the note out, does not decode.
    struct StrictCard: Codable, Equatable {
        enum CodingKeys: CodingKey {
            case note, count
        }

        var note: String?
        var count = 1

        init(note: String?) {
            self.note = note
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard container.contains(.note) else {
                throw DecodingError.keyNotFound(
                    CodingKeys.note, .init(codingPath: [], debugDescription: "a note, or null, is required"))
            }
            note = try container.decode(String?.self, forKey: .note)
            count = try container.decode(Int.self, forKey: .count)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(note, forKey: .note)
            try container.encode(count, forKey: .count)
        }
    }

    /// A history that keeps a total of its own, which its JSON leaves out (decoding adds the
    /// entries up again).
    struct History: Codable, Equatable {
        private(set) var entries: [Int] = []
        private(set) var total = 0

        init(_ entries: [Int] = []) {
            entries.forEach { add($0) }
        }

        mutating func add(_ entry: Int) {
            entries.append(entry)
            total += entry
        }

        private enum CodingKeys: CodingKey {
            case entries
        }

        init(from decoder: any Decoder) throws {
            self.init(try decoder.container(keyedBy: CodingKeys.self).decode([Int].self, forKey: .entries))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(entries, forKey: .entries)
        }
    }

    /// A name whose JSON key is not its stored property's name.
    struct Renamed: Codable, Equatable {
        var name: String

        private enum CodingKeys: String, CodingKey {
            case name = "full_name"
        }
    }

    struct Desk: Codable, Equatable {
        var history = History()
        var renamed = Renamed(name: "Ann")
        var shelves = ["tea": 1]
        var labels = ["a", "b"]
        var counted = Counted()
    }

    /// A value that counts how often it is decoded.
    struct Counted: Codable, Equatable {
        static let decoded = Tally()

        var value = 0

        init() {}

        init(from decoder: any Decoder) throws {
            Self.decoded.add()
            value = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .value)
        }
    }

    private func changes(from before: some Codable, to after: some Codable) -> [JSONChanges.Change]? {
        (try? JSONChanges(from: before, to: after, limit: .none))?.changes
    }

    @Test("a field that becomes nil is set to null, not the whole state again")
    func fieldBecomingNil() {
        #expect(changes(from: Card(note: "tea"), to: Card(note: nil)) == [.init(pointer: "/note", json: "null")])
        #expect(changes(from: Card(note: nil), to: Card(note: "tea")) == [.init(pointer: "/note", json: #""tea""#)])
    }

    @Test("where null does not decode as the absent key, the whole state is set")
    func nullThatDoesNotDecodeAsAbsent() {
        #expect(
            changes(from: StrictCard(note: "tea"), to: StrictCard(note: nil))
                == [.init(pointer: "", json: #"{"count":1,"note":null}"#)])
    }

    @Test("a struct is walked by the fields its Encodable writes: an appended entry, not its own total")
    func fieldsItWrites() {
        var after = Desk()
        after.history.add(5)

        #expect(changes(from: Desk(), to: after) == [.init(pointer: "/history/entries/-", json: "5")])
    }

    @Test("a struct whose JSON keys are not its stored properties is set whole")
    func renamedKeysSetWhole() {
        var after = Desk()
        after.renamed.name = "Bob"

        #expect(changes(from: Desk(), to: after) == [.init(pointer: "/renamed", json: #"{"full_name":"Bob"}"#)])
    }

    @Test("a dictionary's entry that goes is removed with null, and an array's element is set at its index")
    func entriesAndElements() throws {
        var after = Desk()
        after.shelves["tea"] = nil
        after.labels[1] = "c"

        let written = try #require(changes(from: Desk(), to: after))

        #expect(written == [.init(pointer: "/labels/1", json: #""c""#), .init(pointer: "/shelves/tea", json: "null")])
    }

    @Test("set makes again only the values its pointer goes through: the other parts are not decoded")
    func setDecodesOnlyItsWay() throws {
        var after = Desk()
        after.history.add(5)
        let written = try #require(changes(from: Desk(), to: after))
        let before = Counted.decoded.count

        let applied = JSONChanges.applying(try #require(written.first), to: Desk())

        #expect(applied == after)
        #expect(Counted.decoded.count == before, "the part off the pointer was decoded again")
    }
}
