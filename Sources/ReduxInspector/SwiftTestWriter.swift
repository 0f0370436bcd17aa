import ReduxCore

/// Writes the text of a generated test step by step: the store set up in the state before the
/// range, a `send` or `receive` per entry with the change it made, `finish()`.
///
/// Lines are written as `swift format` leaves them (4-space indentation, at most
/// ``SwiftSource/lineLength`` columns but for JSON that cannot be broken), so that a generated
/// file is lint-clean as it is.
struct SwiftTestWriter {
    private let setup: SwiftTestSetup
    private let dependencies: String?
    private let suiteName: String
    private let range: ClosedRange<Int>
    private var setUpLines: [String] = []
    private var steps: [String] = []
    private var decodesJSON = false
    private var setsJSON = false
    /// Whether a step calls an initialiser that throws (``SwiftTestSetup/throwingInitializers``).
    private var callsThrowing = false
    /// When writing must stop (a deadline, a cancel), checked inside every walk of a state.
    private let limit: WorkLimit
    /// Why the test checks only the fields each step changes, if it does.
    private var nonExhaustiveReason: [String]?
    /// Whether effects started in the range hand back something after it.
    private var leavesEffectOutput = false

    /// Starts a test.
    ///
    /// - Parameters:
    ///   - setup: What the app says about its store.
    ///   - dependencies: The test store's dependencies for this range, as Swift source.
    ///   - suiteName: The suite's name, an identifier.
    ///   - range: The positions of the entries, for the names and comments.
    ///   - limit: When writing must stop (a deadline, a cancel), checked inside every walk of a state.
    init(
        setup: SwiftTestSetup, dependencies: String?, suiteName: String, range: ClosedRange<Int>,
        limit: WorkLimit = .none
    ) {
        self.limit = limit
        self.setup = setup
        self.dependencies = dependencies
        self.suiteName = suiteName
        self.range = range
    }

    /// Sets the store up in `start`, written as the initial state changed field by field.
    mutating func setUp(from initial: Any, to start: Any) throws(InspectorError) {
        let state = try StateAssignments(from: initial, to: start, root: "state", indentation: 8, limit: limit)
        if let place = state.unwritable {
            throw Self.unwritable(place, "the state before #\(range.lowerBound)")
        }
        decodesJSON = decodesJSON || state.decodesJSON
        setsJSON = setsJSON || state.setsJSON
        var arguments = ["initialState: " + (state.statements.isEmpty ? setup.initialState : "state")]
        arguments.append("features: " + setup.features)
        if let dependencies {
            arguments.append("dependencies: " + dependencies)
        }
        if !state.statements.isEmpty {
            setUpLines = ["        var state = " + setup.initialState] + state.statements.flatMap { $0 }
        }
        setUpLines += Self.call("        let store = TestStore(", arguments)
    }

    /// A `send` of an action: what the app dispatched, or what an effect started before the
    /// range sent (`comment` says so).
    mutating func send(
        _ action: any Action, at position: Int, comment: String?, before: Any, after: Any
    ) throws(InspectorError) {
        var lines = comment.map { ["        // #\(position): " + $0] } ?? []
        let expression = SwiftSource.expression(action, throwing: setup.throwingInitializers)
        var argument = expression?.text
        callsThrowing = callsThrowing || expression?.throws == true
        if argument.map({ "        await store.send(\($0)) {".count > SwiftSource.lineLength }) ?? true {
            guard let json = SwiftSource.json(action), let typeName = SwiftSource.typeName(type(of: action)) else {
                guard let argument else {
                    throw InspectorError(
                        .testExport,
                        "Entry #\(position) (\(type(of: action))) cannot be written as Swift: its value is not "
                            + "written with a memberwise initialiser and it is not Codable. Make it Codable, or "
                            + "choose a range without it.")
                }
                try step(lines + ["        await store.send(\(argument))"], position, before: before, after: after)
                return
            }
            lines += StateAssignments.decoding(json, as: typeName, into: "let action\(position)", indentation: 8)
            decodesJSON = true
            argument = "action\(position)"
        }
        try step(lines + ["        await store.send(\(argument ?? ""))"], position, before: before, after: after)
    }

    /// A `receive` of what an effect handed back: a follow-up action of a type (`typeName`), or
    /// an update (`typeName` nil).
    mutating func receive(
        _ typeName: String?, at position: Int, comment: String, before: Any, after: Any
    ) throws(InspectorError) {
        let call = "        await store.receive" + (typeName.map { "(\($0).self)" } ?? "")
        try step(["        // #\(position): " + comment, call], position, before: before, after: after)
    }

    /// A comment in place of an entry toggled off in the inspector.
    mutating func skip(_ position: Int) {
        steps.append("        // #\(position) is toggled off in the inspector: left out.")
    }

    /// Switches exhaustivity off: the app sent an action while an effect of the range was still
    /// to hand something back, which it may hand back before the test sends that action.
    mutating func checkChangedFieldsOnly() {
        nonExhaustiveReason = [
            "        // The app sent actions while effects were still to hand something back: the test receives",
            "        // what they hand back in the recorded order and checks the fields each step changes.",
            "        store.exhaustivity = .off",
        ]
    }

    /// Notes that effects started in the range hand back something after it.
    mutating func leaveEffectOutput() {
        leavesEffectOutput = true
    }

    /// The generated file.
    var text: String {
        let entries =
            range.count == 1
            ? "entry \(range.lowerBound)" : "entries \(range.lowerBound) through \(range.upperBound)"
        let imports = Set(
            ["MultiRedux", "ReduxTesting", "Testing"] + setup.imports + (decodesJSON || setsJSON ? ["Foundation"] : []))
        var lines = ["// Generated by ReduxInspector from \(entries) of a recorded session.", ""]
        lines += imports.sorted().map { "import " + $0 }
        lines += [
            "",
            "@Suite struct \(suiteName) {",
            "    @Test(\"the recorded \(entries) \(range.count == 1 ? "changes the state as it" : "change the state as they") did\")",
            "    func recordedEntries() async\(decodesJSON || setsJSON || callsThrowing ? " throws" : "") {",
        ]
        lines += setUpLines + (nonExhaustiveReason ?? []) + [""] + steps
        if leavesEffectOutput && nonExhaustiveReason == nil {
            lines += [
                "        // What effects of this range handed back after it is applied without assertion.",
                "        store.exhaustivity = .off",
            ]
        }
        lines += ["        await store.finish()", "    }", "}"]
        if decodesJSON {
            lines += [
                "",
                "/// Decodes a value the inspector wrote as JSON, for a value no Swift literal spells.",
                "private func decoded<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {",
                "    try JSONDecoder().decode(type, from: Data(json.utf8))",
                "}",
            ]
        }
        if setsJSON {
            lines += [""] + JSONChanges.setFunction
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Appends a step: its lines, the last one the call, followed by the closure that describes
    /// the change (none when nothing changed).
    private mutating func step(_ lines: [String], _ position: Int, before: Any, after: Any) throws(InspectorError) {
        let change = try StateAssignments(from: before, to: after, root: "$0", indentation: 12, limit: limit)
        if let place = change.unwritable {
            throw Self.unwritable(place, "the change #\(position) made")
        }
        decodesJSON = decodesJSON || change.decodesJSON
        setsJSON = setsJSON || change.setsJSON
        guard !change.statements.isEmpty else {
            steps += lines
            return
        }
        steps += lines.dropLast() + [lines[lines.count - 1] + " {"] + change.statements.flatMap { $0 } + ["        }"]
    }

    /// A call whose arguments are packed on as few lines as fit, as `swift format` packs them.
    private static func call(_ opening: String, _ arguments: [String]) -> [String] {
        let oneLine = opening + arguments.joined(separator: ", ") + ")"
        guard oneLine.count > SwiftSource.lineLength else { return [oneLine] }
        let margin = String(repeating: " ", count: opening.prefix { $0 == " " }.count + 4)
        var lines = [opening]
        var line = ""
        for (index, argument) in arguments.enumerated() {
            let piece = argument + (index == arguments.count - 1 ? ")" : ",")
            if !line.isEmpty, margin.count + line.count + 1 + piece.count > SwiftSource.lineLength {
                lines.append(margin + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + piece
        }
        return lines + [margin + line]
    }

    private static func unwritable(_ place: String, _ what: String) -> InspectorError {
        InspectorError(
            .testExport,
            "\(what.prefix(1).uppercased() + what.dropFirst()) cannot be written as Swift: the value at \(place) is "
                + "neither a literal nor Codable (with JSON that decodes back to it). Make its type Codable, or "
                + "choose another range.")
    }
}
