import Foundation
import MultiRedux
import TestHelpers
import Testing

// The two "counting concepts" examples of the README, compiled and run. Each namespace holds one
// example as the README shows it; `run()` is the example's last lines, recording what it prints.

/// The README's counter: one state, one action, one reducer, a store, a read.
enum CounterExample {
    struct Counter: State { var count = 0 }
    struct Increment: Action {}

    /// Builds the store, dispatches once and returns what the example prints.
    static func run() -> [Int] {
        let log = Recorder<Int>()
        let store = Store(initialState: Counter()) { reducers in
            reducers.addReduceFunction { (_, _: Increment, state: inout Counter) in state.count += 1 }
        }
        store.dispatch(Increment())
        log.append(store.state.count)
        return log.all
    }
}

/// The README's stand-in for a server.
private func fetchTodos() async -> [String] { ["Buy milk"] }  // stands in for a server

/// The README's app of two features on a composite state, with a loading flow.
enum TwoFeatureExample {
    struct AppState: State { var user = User(), todos: [String] = [] }
    struct User: Sendable { var name = "" }
    struct Rename: Action { var name: String }
    struct AddTodo: Action { var title: String }
    struct LoadTodos: Action {}

    struct UserFeature: LogicFeature {
        func injectReducers(container: any ReducerContainer) {
            container.addReduceFunction { (_, action: Rename, state: inout User) in state.name = action.name }
        }
    }
    struct TodoFeature: LogicFeature {
        func injectReducers(container: any ReducerContainer) {
            container.addReduceFunction { (_, action: AddTodo, state: inout [String]) in state.append(action.title) }
            container.addAsyncReduceFunction { (_, _: LoadTodos, _: inout [String]) -> Effect<[String]> in
                .run { effect in
                    let titles = await fetchTodos()
                    effect.update { $0 += titles }
                    effect.send(AddTodo(title: "Write the docs"))
                }
            }
        }
    }

    /// Builds the store, dispatches to both features, waits for the loading flow and returns what
    /// the example prints.
    static func run() async -> [String] {
        let log = Recorder<String>()
        let store = Store(initialState: AppState(), features: [UserFeature().at(\.user), TodoFeature().at(\.todos)])
        store.dispatch(Rename(name: "Ada"))
        await store.dispatchAndWait(LoadTodos())  // returns once the to-dos and the follow-up have landed
        log.append("\(store.state.user.name): \(store.state.todos)")
        return log.all
    }
}

@Suite struct CountingConceptsTests {
    @Test("the counter counts")
    func counter() {
        #expect(CounterExample.run() == [1])
    }

    @Test("each feature of the two-feature app changes its own part of the state; the loading flow has landed")
    func twoFeatures() async {
        #expect(await TwoFeatureExample.run() == [#"Ada: ["Buy milk", "Write the docs"]"#])
    }

    /// A README block marked `<!-- counting concepts: name, at most N types in M lines -->`.
    struct CountedBlock: CustomTestStringConvertible, Sendable {
        var name: String
        var typeLimit: Int
        var lineLimit: Int
        var lines: [String]

        var testDescription: String { name }
    }

    private static let root = packageRoot

    /// The README's counted blocks, with the limits their marks state.
    static let countedBlocks: [CountedBlock] = {
        let readme = (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        var found: [CountedBlock] = []
        var pending: CountedBlock?
        var current: CountedBlock?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let block = countingMark(line) {
                pending = block
            } else if line == "```swift", let block = pending {
                current = block
                pending = nil
            } else if line == "```", let block = current {
                found.append(block)
                current = nil
            } else if current != nil {
                current?.lines.append(line)
            }
        }
        return found
    }()

    /// The block a `<!-- counting concepts: name, at most N types in M lines -->` line announces.
    private static func countingMark(_ line: String) -> CountedBlock? {
        let prefix = "<!-- counting concepts: "
        guard line.hasPrefix(prefix), line.hasSuffix(" -->") else { return nil }
        let parts = line.dropFirst(prefix.count).dropLast(4).components(separatedBy: ", at most ")
        let limits = parts.last?.split(separator: " ") ?? []
        guard parts.count == 2, limits.count == 5, let types = Int(limits[0]), let lines = Int(limits[3]) else {
            return nil
        }
        return CountedBlock(name: parts[0], typeLimit: types, lineLimit: lines, lines: [])
    }

    /// The public types of the framework modules (compatibility spellings included).
    static let publicTypeNames: Set<String> = {
        let kinds: Set<Substring> = ["class", "struct", "enum", "protocol", "typealias", "actor"]
        var names: Set<String> = []
        for module in ["ReduxCore", "ReduxReducers", "ReduxStore", "ReduxFeatures"] {
            let folder = root.appendingPathComponent("Sources/\(module)")
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for file in files where file.hasSuffix(".swift") {
                let source = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
                for line in source.split(separator: "\n") {
                    let words = line.split(separator: " ").filter { $0 != "final" }
                    guard words.count > 2, words[0] == "public", kinds.contains(words[1]) else { continue }
                    names.insert(String(words[2].prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
                }
            }
        }
        return names
    }()

    @Test("the README shows both counted examples")
    func bothBlocksAreShown() {
        #expect(Self.countedBlocks.map(\.name) == ["counter", "two features"])
        #expect(
            Self.publicTypeNames.isSuperset(of: [
                "State", "Action", "Store", "LogicFeature", "ReducerContainer", "Effect",
            ]))
    }

    @Test("a counted example stays within its budget of public types and lines", arguments: countedBlocks)
    func withinBudget(_ block: CountedBlock) {
        let code = block.lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let words = Set(code.flatMap { $0.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }) })
        let named = Self.publicTypeNames.filter { words.contains(Substring($0)) }
        #expect(code.count <= block.lineLimit, "\(code.count) lines")
        #expect(named.count <= block.typeLimit, "\(named.sorted())")
    }
}
