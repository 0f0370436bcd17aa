import Foundation
import MultiRedux
import ReduxTimeTravel
import TestHelpers
import Testing

/// An action whose payload uses every shape `Codable` offers, to check the journal's own JSON
/// writer against `JSONDecoder`.
struct Rich: Action, Codable, Equatable {
    enum Shape: Codable, Equatable {
        case dot
        case circle(radius: Double)
        case polygon([Int], named: String?)
    }

    struct Inner: Codable, Equatable {
        var flag: Bool
        var tags: Set<String>
    }

    var text: String
    var numbers: [Int64]
    var ratio: Double
    var small: Float
    var unsigned: UInt8
    var optional: String?
    var missing: Int?
    var shapes: [Shape]
    var byName: [String: Inner]
    var byNumber: [Int: [Double]]
    var data: Data
    var url: URL
    var date: Date
    var nested: [[Inner?]]
}

/// Handled nowhere: the test only writes and reads it.
struct RichFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: Rich, _: inout Desk) in }
    }
}

@Suite struct JournalPayloadTests {
    static let samples: [Rich] = [
        Rich(
            text: "quote \" backslash \\ newline \n tab \t bell \u{7} é 🎲", numbers: [0, -1, .max, .min],
            ratio: 0.1, small: 1.5, unsigned: 255, optional: "x", missing: nil,
            shapes: [.dot, .circle(radius: 2.5), .polygon([1, 2, 3], named: nil), .polygon([], named: "empty")],
            byName: ["a": Rich.Inner(flag: true, tags: ["x", "y"]), "": Rich.Inner(flag: false, tags: [])],
            byNumber: [3: [1e300, -2.5e-10], -7: []], data: Data([0, 1, 2, 254, 255]),
            url: URL(string: "https://example.com/a?b=c")!, date: Date(timeIntervalSinceReferenceDate: 12.25),
            nested: [[nil, Rich.Inner(flag: true, tags: ["z"])], []]),
        Rich(
            text: "", numbers: [], ratio: -0.0, small: 0, unsigned: 0, optional: nil, missing: nil, shapes: [],
            byName: [:], byNumber: [:], data: Data(), url: URL(fileURLWithPath: "/tmp/a b"),
            date: Date(timeIntervalSinceReferenceDate: -1), nested: []),
    ]

    @Test("payloads of every Codable shape read back equal to what was recorded", arguments: samples.indices)
    func payloadRoundTrips(index: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("rich.journal").path
        let store = Store(initialState: Desk(), features: [RichFeature().at(\.self)], issueReporter: .ignoring)
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
        store.dispatch(Self.samples[index])
        recorder.stop()
        let read = try Journal<Desk>(contentsOf: path, actions: RecordableActions([Rich.self]))
        guard case .action(let action) = try #require(read.entries.first) else {
            Issue.record("expected an action entry")
            return
        }
        #expect(action as? Rich == Self.samples[index])
    }

    @Test("a payload that cannot be JSON is marked not replayable, and the lines around it stay readable")
    func invalidPayloadIsMarked() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("rich.journal").path
        var infinite = Self.samples[1]
        infinite.ratio = .infinity
        let store = Store(initialState: Desk(), features: [RichFeature().at(\.self)], issueReporter: .ignoring)
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
        store.dispatch(Self.samples[0])
        store.dispatch(infinite)
        store.dispatch(Self.samples[1])
        recorder.stop()
        let read = try Journal<Desk>(contentsOf: path, actions: RecordableActions([Rich.self]))
        #expect(read.entries.map { $0.isReplayable } == [true, false, true])
    }
}
