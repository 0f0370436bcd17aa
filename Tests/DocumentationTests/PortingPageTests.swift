import Foundation
import TestHelpers
import Testing

/// Keeps the Porting article complete (every compatibility spelling listed) and the other pages free
/// of compatibility spellings (they teach the core).
@Suite struct PortingPageTests {
    private static let root = packageRoot

    private static func read(_ path: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    @Test("Porting.md names every public declaration of the compatibility files")
    func everyCompatibilitySpellingIsListed() {
        let declarations = CompatibilitySurface.declarations(root: Self.root)
        #expect(declarations.count >= 50, "the compatibility files were not found under \(Self.root.path)")
        let page = Self.read("Docs/MultiRedux.docc/Articles/Porting.md")
        let missing = declarations.filter { !page.contains($0.key) }
        #expect(missing.isEmpty, "not in the Porting article: \(missing.map(\.description))")
    }

    @Test("declarations are named by their labels, whatever their parameter types")
    func declarationsAreNamedByLabels() {
        let source = """
            /// A public func that is only mentioned.
            public func suscribe<S: StoreSuscriptor>(
                _ subscriber: S, select keyPath: any KeyPath<Root, S.State> & Sendable
            ) {}
            public convenience init(reducer: @escaping @Sendable (_ action: any Action, _ state: Root?) -> Root, state: Root?) {}
            public typealias AppReducer<Root> = @Sendable (any ReducerProvider) -> Root
            public import ReduxCore
            """
        #expect(
            CompatibilitySurface.declarations(in: source).map(\.description) == [
                "func suscribe(_:select:)", "init (reducer:state:)", "typealias AppReducer",
            ])
    }

    /// Names only the compatibility files declare: spellings a page other than Porting.md should
    /// not teach. Member names that are plain words (`value`, `store`, ...) are left out.
    static let compatibilityOnlyNames: Set<String> = {
        var core: Set<String> = []
        for module in CompatibilitySurface.modules {
            for source in CompatibilitySurface.sources(of: module, root: root) where !source.isCompatibility {
                core.formUnion(CompatibilitySurface.declarations(in: source.text).map(\.name))
            }
        }
        let plainWords: Set<String> = ["init", "value", "state", "store", "redux", "map"]
        let names = CompatibilitySurface.declarations(root: root).map(\.name)
        return Set(names).subtracting(core).subtracting(plainWords)
    }()

    /// The identifiers a line of code uses, leaving out argument labels (`reducerContainer:` in a
    /// call names a parameter of whatever is called, not the compatibility property).
    static func names(in line: String) -> [String] {
        var names: [String] = []
        var current = ""
        for character in line + " " {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
                continue
            }
            if !current.isEmpty, character != ":" { names.append(current) }
            current = ""
        }
        return names
    }

    @Test("argument labels are not names a line uses")
    func labelsAreLeftOut() {
        #expect(
            Self.names(in: "TestStore(initialState: AppState(), reducerContainer: container).reducerContainer") == [
                "TestStore", "AppState", "container", "reducerContainer",
            ])
    }

    @Test(
        "pages other than Porting.md show no compatibility spelling in their Swift blocks, outside sections on earlier forms"
    )
    func otherPagesTeachTheCore() throws {
        #expect(Self.compatibilityOnlyNames.isSuperset(of: ["suscribe", "AppReducer", "ReduxApp", "getState"]))
        var findings: [String] = []
        for page in DocumentationPagesTests.pages where page != "Docs/MultiRedux.docc/Articles/Porting.md" {
            let text = Self.read(page)
            for block in SwiftBlockCheck.blocks(in: text, page: page)
            where !Self.isUnderEarlierForms(block.line, in: text) {
                let words = Set(block.lines.map(SwiftBlockCheck.normalize).flatMap(Self.names(in:)))
                let used = words.intersection(Self.compatibilityOnlyNames)
                if !used.isEmpty { findings.append("\(block): \(used.sorted().joined(separator: ", "))") }
            }
        }
        #expect(findings.isEmpty, "compatibility spellings outside Porting.md:\n\(findings.joined(separator: "\n"))")
    }

    /// Whether the line (counting from 1) is in a section headed "Earlier forms…": where a page
    /// shows the compatibility forms on purpose.
    static func isUnderEarlierForms(_ line: Int, in page: String) -> Bool {
        let heading = page.split(separator: "\n", omittingEmptySubsequences: false).prefix(line - 1)
            .last { $0.hasPrefix("## ") || $0.hasPrefix("### ") }
        return heading.map { $0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).hasPrefix("Earlier forms") }
            ?? false
    }
}
