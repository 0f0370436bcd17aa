import Foundation
import Testing

@testable import ReduxInspector

/// How a generated test's `set` statements are found between two `Codable` states.
@Suite struct JSONChangesTests {
    struct Card: Codable, Equatable {
        var note: String?
        var count = 1
    }

    /// A card that tells a key set to `null` from one that is absent, as a hand-written
    /// `Decodable` may.
    struct StrictCard: Codable, Equatable {
        var note: String?
        var count = 1

        init(note: String?) {
            self.note = note
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            note = container.contains(.note) ? try container.decode(String?.self, forKey: .note) ?? "(null)" : nil
            count = try container.decode(Int.self, forKey: .count)
        }
    }

    private func changes(from before: some Codable, to after: some Codable) -> [JSONChanges.Change]? {
        var cache = JSONCache()
        return (try? JSONChanges(from: before, to: after, cache: &cache))?.changes
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
                == [.init(pointer: "", json: #"{"count":1}"#)])
    }
}
