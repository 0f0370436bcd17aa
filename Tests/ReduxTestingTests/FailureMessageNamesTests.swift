import Foundation
import MultiRedux
import ReduxTesting
import TestHelpers
import Testing

private struct Tap: Action {}
private struct Stop: Action {}
private struct Taps: State, Equatable { var count = 0 }
private struct Board: State, Equatable { var taps = Taps() }

private enum TapEffect { case count, other }

/// Counts a tap in an effect that waits for its gate; `Stop` cancels work that is not running.
private struct TapFeature: LogicFeature {
    let gate: AsyncGate

    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (_, _: Tap, _: inout Taps) -> Effect<Taps> in
            .run(id: TapEffect.count) { [gate] effect in
                await gate.wait()
                effect.update { $0.count += 1 }
            }
        }
        container.addAsyncReduceFunction { (_, _: Stop, _: inout Taps) -> Effect<Taps> in
            .merge(.cancel(id: TapEffect.other), .cancel(at: \Board.taps.count))
        }
    }
}

/// The failure messages of routing, cancels and exhaustivity name only what a test can write:
/// no type internal to the framework appears in them.
@Suite(timeLimit(minutes: 3)) struct FailureMessageNamesTests {
    /// The names of the framework's types that are not public: compound names (two capitals or
    /// more), which read as a type rather than a word.
    private static let internalTypeNames: [String] = {
        let modules = [
            "ReduxCore", "ReduxShared", "ReduxReducers", "ReduxStore", "ReduxFeatures", "ReduxTimeTravel",
            "ReduxTesting",
        ]
        let declaration = try! NSRegularExpression(
            pattern:
                #"^\s*(?!public|open)(?:(?:final|private|fileprivate|internal|package|indirect)\s+)*(?:struct|class|enum|actor|protocol)\s+([A-Z][A-Za-z0-9]*)"#,
            options: [.anchorsMatchLines])
        var names = Set<String>()
        for module in modules {
            let folder = packageRoot.appendingPathComponent("Sources/\(module)")
            let files =
                FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            for file in files {
                let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                let range = NSRange(text.startIndex..., in: text)
                for match in declaration.matches(in: text, range: range) {
                    let name = String(text[Range(match.range(at: 1), in: text)!])
                    if name.filter(\.isUppercase).count >= 2 { names.insert(name) }
                }
            }
        }
        return names.sorted()
    }()

    private func internalNames(in messages: [String]) -> [String] {
        messages.flatMap { message in
            Self.internalTypeNames.filter { name in
                message.range(of: #"\b\#(name)\b"#, options: .regularExpression) != nil
            }.map { "\($0) in: \(message)" }
        }
    }

    @Test("the scan knows the framework's internal types, the registered async reduce function's among them")
    func scanFindsInternalTypes() {
        #expect(Self.internalTypeNames.contains("EffectFunctionReducer"))
        #expect(Self.internalTypeNames.contains("RunningEffect"))
        #expect(!Self.internalTypeNames.contains("TestStore"))
    }

    @Test("a routing failure names async reduce functions as a test writes them")
    func routingFailure() {
        let routes = ReducerRoutes(initialState: Board(), features: [TapFeature(gate: AsyncGate()).at(\.taps)])
        let failures = collectFailures {
            routes.assertReducers(handling: Tap.self, on: Taps.self, are: [])
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("AsyncReduceFunction<Tap, Taps>") == true)
        #expect(internalNames(in: failures.map(\.message)) == [])
    }

    @Test("cancels that match nothing, misplaced cancels and work left running are reported in public names")
    func cancelAndExhaustivityFailures() async {
        let gate = AsyncGate()
        let issues = IssueCollector()
        let store = Store(
            initialState: Board(), features: [TapFeature(gate: gate).at(\.taps)], issueReporter: issues.reporter)
        store.dispatch(Stop())
        let failures = await collectFailures {
            let testStore = TestStore(initialState: Board(), features: [TapFeature(gate: gate).at(\.taps)])
            await testStore.send(Tap())
            await testStore.send(Stop())
            await testStore.finish(timeout: .milliseconds(100))
        }
        gate.open()
        let messages = issues.issues.map(\.message) + failures.map(\.message)
        #expect(issues.kinds.contains(.unmatchedCancel))
        #expect(issues.kinds.contains(.misuse))
        #expect(!failures.isEmpty)
        #expect(internalNames(in: messages) == [])
    }
}
