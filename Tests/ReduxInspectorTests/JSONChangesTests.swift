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
}
