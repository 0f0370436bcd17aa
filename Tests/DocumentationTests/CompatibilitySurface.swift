import Foundation

/// The public declarations of the framework's `Compatibility/` folders, read from the source.
///
/// Each declaration is named as the Porting article names it: a function by its name and argument
/// labels (`suscribe(_:select:)`), an initialiser by its labels (`(reducer:state:middleware:)`,
/// written after the type's name in the page), anything else by its name (`StoreType`).
struct CompatibilitySurface {
    /// A public declaration of a compatibility file.
    struct Declaration: Hashable, CustomStringConvertible, Sendable {
        /// `func`, `init`, `var`, `let`, `typealias`, `struct`, `class`, `protocol` or `enum`.
        var kind: String
        /// The name, without generic parameters: `suscribe`, `StoreType`; `init` for initialisers.
        var name: String
        /// For functions and initialisers, the argument labels: `(_:select:)`.
        var labels: String?

        /// How Porting.md must name it.
        var key: String {
            guard let labels else { return name }
            return kind == "init" ? labels : name + labels
        }

        var description: String { "\(kind) \(key)" }
    }

    /// The module folders under `Sources/` whose compatibility files are read.
    static let modules = ["ReduxCore", "ReduxReducers", "ReduxStore", "ReduxFeatures"]

    private static let kinds: Set<String> = [
        "func", "init", "var", "let", "typealias", "struct", "class", "protocol", "enum",
    ]
    private static let modifiers: Set<String> = ["static", "final", "convenience", "mutating", "nonisolated"]

    /// The declarations of one Swift source, in order.
    static func declarations(in source: String) -> [Declaration] {
        var found: [Declaration] = []
        let characters = Array(source)
        var index = 0
        while let start = nextWord("public", in: characters, from: index) {
            index = start + "public".count
            var word = readWord(characters, &index)
            while modifiers.contains(word) {
                word = readWord(characters, &index)
            }
            guard kinds.contains(word) else { continue }
            if word == "init" {
                found.append(Declaration(kind: word, name: word, labels: readLabels(characters, &index)))
                continue
            }
            let name = readWord(characters, &index)
            let labels = word == "func" ? readLabels(characters, &index) : nil
            found.append(Declaration(kind: word, name: name, labels: labels))
        }
        return found
    }

    /// The declarations of every compatibility file under `root/Sources`, module by module.
    static func declarations(root: URL) -> [Declaration] {
        modules.flatMap { module in
            sources(of: module, root: root).filter(\.isCompatibility).flatMap { declarations(in: $0.text) }
        }
    }

    /// A Swift file of a module: its path inside the module folder and its text.
    struct Source {
        var path: String
        var text: String
        /// Whether it is in the module's `Compatibility/` folder.
        var isCompatibility: Bool { path.hasPrefix("Compatibility/") }
    }

    /// Every Swift file of a module, in subfolders too, in path order.
    static func sources(of module: String, root: URL) -> [Source] {
        let folder = root.appendingPathComponent("Sources/\(module)")
        let paths = FileManager.default.subpaths(atPath: folder.path) ?? []
        return paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            Source(
                path: path,
                text: (try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)) ?? "")
        }
    }

    /// The index of the next `word` that stands alone (not part of a longer identifier, not in a
    /// `///` comment line).
    private static func nextWord(_ word: String, in characters: [Character], from start: Int) -> Int? {
        let target = Array(word)
        var index = start
        while index + target.count <= characters.count {
            if Array(characters[index..<index + target.count]) == target,
                index == 0 || !isIdentifier(characters[index - 1]),
                index + target.count == characters.count || !isIdentifier(characters[index + target.count]),
                !isInComment(characters, index)
            {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func isInComment(_ characters: [Character], _ index: Int) -> Bool {
        var lineStart = index
        while lineStart > 0, characters[lineStart - 1] != "\n" { lineStart -= 1 }
        return String(characters[lineStart..<index]).contains("//")
    }

    private static func isIdentifier(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// Skips spaces and reads an identifier (or a backquoted one).
    private static func readWord(_ characters: [Character], _ index: inout Int) -> String {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
        var word = ""
        while index < characters.count, isIdentifier(characters[index]) || characters[index] == "`" {
            if characters[index] != "`" { word.append(characters[index]) }
            index += 1
        }
        return word
    }

    /// Reads an optional generic clause and a parameter clause, and returns its labels: `(_:select:)`.
    private static func readLabels(_ characters: [Character], _ index: inout Int) -> String {
        while index < characters.count, characters[index] != "(" { index += 1 }
        index += 1
        var labels: [String] = []
        var parameter = ""
        var depth = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            if character == "-", index < characters.count, characters[index] == ">" {
                parameter += "->"
                index += 1
                continue
            }
            if "([<".contains(character) {
                depth += 1
            } else if ")]>".contains(character) {
                guard depth > 0 else { break }
                depth -= 1
            } else if character == ",", depth == 0 {
                labels.append(label(parameter))
                parameter = ""
                continue
            }
            parameter.append(character)
        }
        if !parameter.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            labels.append(label(parameter))
        }
        return "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// The argument label of a parameter such as `_ action: any Action` or `select keyPath: …`.
    private static func label(_ parameter: String) -> String {
        let head = parameter.split(separator: ":", maxSplits: 1).first ?? ""
        return head.split(whereSeparator: { $0.isWhitespace }).first.map(String.init) ?? ""
    }
}
