import Foundation
import ReduxUI
import Testing

/// What `IdentifiedArray` promises: lookups by id stay right through every mutation, order is kept,
/// a duplicated id replaces in place, `move` follows SwiftUI's `onMove`, and `Codable` is a plain
/// array whose decoding refuses duplicated ids.
@Suite struct IdentifiedArrayTests {
    struct Row: Identifiable, Hashable, Codable, Sendable, CustomStringConvertible {
        var id: Int
        var value: String

        init(_ id: Int, _ value: String = "") {
            self.id = id
            self.value = value
        }

        var description: String { "\(id):\(value)" }
    }

    /// A mutation, applied both to an identified array and, naively, to a plain array.
    enum Operation: Sendable, CustomStringConvertible {
        case append(Row)
        case insert(Row, at: Int)
        case set(id: Int, Row?)
        case removeID(Int)
        case removeAt(Int)
        case removeOffsets([Int])
        case move([Int], to: Int)
        case sortByValue
        case removeAllWhereIDIsEven
        case filterKeepingValues(String)
        case removeAll

        var description: String {
            switch self {
            case .append(let row): "append(\(row))"
            case .insert(let row, let offset): "insert(\(row), at: \(offset))"
            case .set(let id, let row): "[id: \(id)] = \(row.map(String.init(describing:)) ?? "nil")"
            case .removeID(let id): "remove(id: \(id))"
            case .removeAt(let offset): "remove(at: \(offset))"
            case .removeOffsets(let offsets): "remove(atOffsets: \(offsets))"
            case .move(let offsets, let destination): "move(fromOffsets: \(offsets), toOffset: \(destination))"
            case .sortByValue: "sort(by: value)"
            case .removeAllWhereIDIsEven: "removeAll(where: id is even)"
            case .filterKeepingValues(let value): "filter(value != \(value))"
            case .removeAll: "removeAll()"
            }
        }

        func apply(to array: inout IdentifiedArrayOf<Row>) {
            switch self {
            case .append(let row): array.append(row)
            case .insert(let row, let offset): array.insert(row, at: offset)
            case .set(let id, let row): array[id: id] = row
            case .removeID(let id): array.remove(id: id)
            case .removeAt(let offset): array.remove(at: offset)
            case .removeOffsets(let offsets): array.remove(atOffsets: offsets)
            case .move(let offsets, let destination): array.move(fromOffsets: offsets, toOffset: destination)
            case .sortByValue: array.sort { $0.value < $1.value }
            case .removeAllWhereIDIsEven: array.removeAll { $0.id.isMultiple(of: 2) }
            case .filterKeepingValues(let value): array = array.filter { $0.value != value }
            case .removeAll: array.removeAll()
            }
        }

        /// The same mutation on a plain array, written the obvious way (linear searches).
        func apply(to model: inout [Row]) {
            switch self {
            case .append(let row):
                if let offset = model.firstIndex(where: { $0.id == row.id }) {
                    model[offset] = row
                } else {
                    model.append(row)
                }
            case .insert(let row, let offset):
                if let existing = model.firstIndex(where: { $0.id == row.id }) {
                    model[existing] = row
                } else {
                    model.insert(row, at: offset)
                }
            case .set(let id, let row):
                // The operations table only sets rows under their own id.
                if let row {
                    Operation.append(row).apply(to: &model)
                } else {
                    model.removeAll { $0.id == id }
                }
            case .removeID(let id): model.removeAll { $0.id == id }
            case .removeAt(let offset): model.remove(at: offset)
            case .removeOffsets(let offsets):
                model = model.enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
            case .move(let offsets, let destination): referenceMove(&model, fromOffsets: offsets, toOffset: destination)
            case .sortByValue: model.sort { $0.value < $1.value }
            case .removeAllWhereIDIsEven: model.removeAll { $0.id.isMultiple(of: 2) }
            case .filterKeepingValues(let value): model = model.filter { $0.value != value }
            case .removeAll: model.removeAll()
            }
        }
    }

    /// SwiftUI's `move(fromOffsets:toOffset:)` as it is built: the moved elements below the
    /// destination go to the end of the prefix, those above it to the start of the suffix.
    static func referenceMove<T>(_ array: inout [T], fromOffsets source: [Int], toOffset destination: Int) {
        let moving = Set(source)
        let original = array
        func part(_ offsets: Range<Int>, moved: Bool) -> [T] {
            offsets.filter { moving.contains($0) == moved }.map { original[$0] }
        }
        let prefix = 0..<destination
        let suffix = destination..<original.count
        array = part(prefix, moved: false) + part(prefix, moved: true) + part(suffix, moved: true)
        array += part(suffix, moved: false)
    }

    /// Every way of reading the array agrees with the plain array: elements, ids, each id's offset
    /// and element, and absent ids.
    static func expectMatches(
        _ array: IdentifiedArrayOf<Row>, _ model: [Row], after step: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(array.elements == model, "after \(step)", sourceLocation: sourceLocation)
        #expect(Array(array) == model, "after \(step)", sourceLocation: sourceLocation)
        #expect(array.ids == model.map(\.id), "after \(step)", sourceLocation: sourceLocation)
        #expect(array.count == model.count, "after \(step)", sourceLocation: sourceLocation)
        for (offset, row) in model.enumerated() {
            #expect(array.index(id: row.id) == offset, "\(row.id) after \(step)", sourceLocation: sourceLocation)
            #expect(array[id: row.id] == row, "\(row.id) after \(step)", sourceLocation: sourceLocation)
            #expect(array[offset] == row, "offset \(offset) after \(step)", sourceLocation: sourceLocation)
        }
        for id in -2..<40 where !model.contains(where: { $0.id == id }) {
            #expect(!array.contains(id: id), "\(id) after \(step)", sourceLocation: sourceLocation)
            #expect(array.index(id: id) == nil, "\(id) after \(step)", sourceLocation: sourceLocation)
            #expect(array[id: id] == nil, "\(id) after \(step)", sourceLocation: sourceLocation)
        }
    }

    static let scripts: [[Operation]] = [
        [.append(Row(1, "a")), .append(Row(2, "b")), .append(Row(3, "c")), .append(Row(2, "B")), .removeID(1)],
        [
            .append(Row(1)), .append(Row(2)), .insert(Row(9, "front"), at: 0), .insert(Row(8, "middle"), at: 2),
            .insert(Row(1, "replaced"), at: 0), .removeAt(1), .removeAt(0),
        ],
        [
            .append(Row(1, "d")), .append(Row(2, "c")), .append(Row(3, "b")), .append(Row(4, "a")),
            .removeOffsets([0, 2]), .append(Row(5, "e")), .removeOffsets([2, 2, 0]), .removeOffsets([]),
        ],
        [
            .append(Row(1, "d")), .append(Row(2, "c")), .append(Row(3, "b")), .append(Row(4, "a")),
            .move([0], to: 4), .move([3], to: 0), .move([1, 3], to: 2), .move([0, 1, 2, 3], to: 1), .move([], to: 0),
        ],
        [
            .append(Row(5, "e")), .append(Row(3, "c")), .append(Row(1, "a")), .append(Row(4, "d")), .sortByValue,
            .set(id: 3, nil), .set(id: 3, Row(3, "back")), .set(id: 5, Row(5, "E")), .removeAllWhereIDIsEven,
        ],
        [
            .append(Row(1, "x")), .append(Row(2, "y")), .append(Row(3, "x")), .filterKeepingValues("x"),
            .append(Row(1, "again")), .removeAll, .append(Row(2, "fresh")),
        ],
    ]

    @Test("lookups by id stay right after each step of a script of mutations", arguments: scripts)
    func scriptedMutations(operations: [Operation]) {
        var array = IdentifiedArrayOf<Row>()
        var model: [Row] = []
        for operation in operations {
            operation.apply(to: &array)
            operation.apply(to: &model)
            Self.expectMatches(array, model, after: operation.description)
        }
    }

    /// A small deterministic generator, so a failure can be replayed from its seed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11 ^ state << 7
        }
    }

    static func randomOperation(count: Int, using generator: inout SeededGenerator) -> Operation {
        let id = Int.random(in: 0..<30, using: &generator)
        let row = Row(id, ["a", "b", "c", "d"].randomElement(using: &generator)!)
        let offsets = (0..<Int.random(in: 0...3, using: &generator)).compactMap { _ in
            count == 0 ? nil : Int.random(in: 0..<count, using: &generator)
        }
        switch Int.random(in: 0..<12, using: &generator) {
        case 0, 1: return .append(row)
        case 2: return .insert(row, at: Int.random(in: 0...count, using: &generator))
        case 3: return .set(id: row.id, Bool.random(using: &generator) ? row : nil)
        case 4: return .removeID(row.id)
        case 5: return count == 0 ? .append(row) : .removeAt(Int.random(in: 0..<count, using: &generator))
        case 6: return .removeOffsets(offsets)
        case 7, 8: return .move(offsets, to: Int.random(in: 0...count, using: &generator))
        case 9: return .sortByValue
        case 10: return Bool.random(using: &generator) ? .removeAllWhereIDIsEven : .filterKeepingValues(row.value)
        default: return count > 20 ? .removeAll : .append(row)
        }
    }

    @Test("lookups by id stay right through hundreds of random mutations", arguments: [1, 2, 3, 2024] as [UInt64])
    func randomMutations(seed: UInt64) {
        var generator = SeededGenerator(state: seed)
        var array = IdentifiedArrayOf<Row>()
        var model: [Row] = []
        for step in 0..<400 {
            let operation = Self.randomOperation(count: model.count, using: &generator)
            operation.apply(to: &array)
            operation.apply(to: &model)
            Self.expectMatches(array, model, after: "step \(step), \(operation) (seed \(seed))")
        }
    }

    @Test("move(fromOffsets:toOffset:) equals SwiftUI's for every set of offsets and every destination")
    func moveMatchesReferenceExhaustively() {
        let rows = (0..<5).map { Row($0, "\($0)") }
        for mask in 0..<(1 << rows.count) {
            let offsets = (0..<rows.count).filter { mask & (1 << $0) != 0 }
            for destination in 0...rows.count {
                var array = IdentifiedArrayOf<Row>(rows)
                var model = rows
                array.move(fromOffsets: offsets, toOffset: destination)
                Self.referenceMove(&model, fromOffsets: offsets, toOffset: destination)
                Self.expectMatches(array, model, after: "move(fromOffsets: \(offsets), toOffset: \(destination))")
            }
        }
    }

    @Test("move counts the destination before the move, as onMove does")
    func moveKnownAnswers() {
        var letters = IdentifiedArray(["a", "b", "c", "d"], id: \.self)
        letters.move(fromOffsets: [0], toOffset: 3)
        #expect(letters.elements == ["b", "c", "a", "d"])
        letters.move(fromOffsets: [1, 3], toOffset: 0)
        #expect(letters.elements == ["c", "d", "b", "a"])
        letters.move(fromOffsets: IndexSet([0]), toOffset: 4)
        #expect(letters.elements == ["d", "b", "a", "c"])
        #expect(letters.index(id: "c") == 3)
    }

    @Test("onDelete's IndexSet removes those rows and keeps the lookups right")
    func removeAtIndexSet() {
        var array: IdentifiedArrayOf<Row> = [Row(1), Row(2), Row(3), Row(4), Row(5)]
        array.remove(atOffsets: IndexSet([0, 3]))
        Self.expectMatches(array, [Row(2), Row(3), Row(5)], after: "remove(atOffsets: [0, 3])")
    }

    @Test("a later element with an id already present replaces the earlier one in its place")
    func duplicatesReplaceInPlace() {
        let array = IdentifiedArrayOf<Row>([Row(1, "a"), Row(2, "b"), Row(1, "c")])
        #expect(array.elements == [Row(1, "c"), Row(2, "b")])

        let literal: IdentifiedArrayOf<Row> = [Row(7, "x"), Row(8), Row(7, "y")]
        #expect(literal.elements == [Row(7, "y"), Row(8)])
    }

    @Test("append and insert say whether they added the element and where it is")
    func appendAndInsertResults() {
        var array: IdentifiedArrayOf<Row> = [Row(1), Row(2)]
        #expect(array.append(Row(3)) == (true, 2))
        #expect(array.append(Row(1, "new")) == (false, 0))
        #expect(array.insert(Row(4), at: 1) == (true, 1))
        #expect(array.insert(Row(2, "moved?"), at: 0) == (false, 2))
        #expect(array.elements == [Row(1, "new"), Row(4), Row(2, "moved?"), Row(3)])
    }

    @Test("setting a value under another element's id stores it under its own id")
    func setWithMismatchedID() {
        var array: IdentifiedArrayOf<Row> = [Row(1), Row(2), Row(3)]
        array[id: 2] = Row(9, "nine")
        Self.expectMatches(array, [Row(1), Row(9, "nine"), Row(3)], after: "[id: 2] = 9 (9 absent)")

        array[id: 9] = Row(3, "three")
        Self.expectMatches(array, [Row(1), Row(3, "three")], after: "[id: 9] = 3 (3 present)")

        array[id: 5] = Row(6)
        Self.expectMatches(array, [Row(1), Row(3, "three"), Row(6)], after: "[id: 5] = 6 (both absent)")
    }

    @Test("a throwing sort or removeAll(where:) leaves every element found by its id")
    func throwingClosuresKeepTheIndex() {
        struct Stop: Error {}
        var array = IdentifiedArrayOf<Row>((0..<20).map { Row($0, "\(19 - $0)") })
        var calls = 0
        #expect(throws: Stop.self) {
            try array.sort {
                calls += 1
                if calls == 30 { throw Stop() }
                return $0.value < $1.value
            }
        }
        #expect(Set(array.elements) == Set((0..<20).map { Row($0, "\(19 - $0)") }))
        Self.expectMatches(array, array.elements, after: "a sort that threw")

        let before = array
        #expect(throws: Stop.self) {
            try array.removeAll {
                if $0.id == 10 { throw Stop() }
                return $0.id < 5
            }
        }
        #expect(array == before)
    }

    @Test("filter returns an identified array that finds the kept elements by id")
    func filterKeepsLookups() {
        let array: IdentifiedArrayOf<Row> = [Row(1, "x"), Row(2, "y"), Row(3, "x"), Row(4, "y")]
        let kept: IdentifiedArrayOf<Row> = array.filter { $0.value == "y" }
        Self.expectMatches(kept, [Row(2, "y"), Row(4, "y")], after: "filter")
        Self.expectMatches(array, [Row(1, "x"), Row(2, "y"), Row(3, "x"), Row(4, "y")], after: "filter (original)")
    }

    @Test("elements found by a key path other than id")
    func customKeyPath() {
        struct Setting: Equatable { var key: String; var on: Bool }
        var settings = IdentifiedArray(
            [Setting(key: "wifi", on: true), Setting(key: "bluetooth", on: false)], id: \.key)
        settings[id: "bluetooth"]?.on = true
        #expect(settings.ids == ["wifi", "bluetooth"])
        #expect(settings[id: "bluetooth"] == Setting(key: "bluetooth", on: true))
    }

    @Test("equal arrays have equal ids and elements in order; equal arrays hash alike")
    func equalityAndHashing() {
        let one: IdentifiedArrayOf<Row> = [Row(1, "a"), Row(2, "b")]
        let same = IdentifiedArrayOf<Row>(uncheckedUniqueElements: [Row(1, "a"), Row(2, "b")])
        #expect(one == same)
        #expect(Set([one, same]).count == 1)
        #expect(one != [Row(2, "b"), Row(1, "a")])
        #expect(one != [Row(1, "a"), Row(2, "B")])
        #expect(one != [Row(1, "a")])

        struct Pair: Equatable { var first: Int; var second: Int }
        let byFirst = IdentifiedArray([Pair(first: 1, second: 2)], id: \.first)
        let bySecond = IdentifiedArray([Pair(first: 1, second: 2)], id: \.second)
        #expect(byFirst != bySecond)
    }

    @Test("encodes as a plain JSON array and decodes back to an equal array")
    func codableRoundTrip() throws {
        let array: IdentifiedArrayOf<Row> = [Row(3, "c"), Row(1, "a"), Row(2, "b")]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(array)
        #expect(data == (try encoder.encode([Row(3, "c"), Row(1, "a"), Row(2, "b")])))

        let decoded = try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: data)
        #expect(decoded == array)
        Self.expectMatches(decoded, array.elements, after: "decoding")
    }

    @Test("decoding an array with a duplicated id throws dataCorrupted naming the id")
    func decodingRefusesDuplicates() throws {
        let json = Data(#"[{"id": 1, "value": "a"}, {"id": 2, "value": "b"}, {"id": 1, "value": "c"}]"#.utf8)
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: json)
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(
            context.debugDescription
                == "The elements at offsets 0 and 2 have the same id 1; the ids of an IdentifiedArray must be unique.")
    }

    @Test("describes itself as its elements and mirrors as a collection")
    func descriptionAndMirror() {
        let array: IdentifiedArrayOf<Row> = [Row(1, "a"), Row(2, "b")]
        #expect(array.description == "[1:a, 2:b]")
        let mirror = Mirror(reflecting: array)
        #expect(mirror.displayStyle == .collection)
        #expect(mirror.children.map { $0.value as? Row } == [Row(1, "a"), Row(2, "b")])
    }

    @Test("an array of Sendable elements crosses to another task")
    func sendable() async {
        let array: IdentifiedArrayOf<Row> = [Row(1, "a")]
        let value = await Task.detached { array[id: 1]?.value }.value
        #expect(value == "a")
    }
}
