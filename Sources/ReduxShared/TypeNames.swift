/// A type's name as journals write it: `String(reflecting:)`, with Foundation's types named by
/// the module Darwin declares them in (``portableTypeName(_:)``), so that a journal recorded on
/// Linux reads on a Mac and the other way round.
///
/// - Parameter type: The type.
/// - Returns: Its module-qualified name, the same on every platform.
package func journalName(of type: Any.Type) -> String {
    portableTypeName(String(reflecting: type))
}

/// A type name with the modules that declare Foundation's value types on Linux
/// (`FoundationEssentials.Date`, `FoundationInternationalization.…`) replaced by `Foundation`,
/// where Darwin declares them: a name read from a journal of either platform, in one form.
///
/// - Parameter name: A module-qualified type name, as `String(reflecting:)` writes it.
/// - Returns: The name with those module prefixes written `Foundation.`.
/// - Complexity: O(*n*) in the length of `name`.
package func portableTypeName(_ name: String) -> String {
    guard name.utf8.contains(UInt8(ascii: "F")) else { return name }
    var result = ""
    var index = name.startIndex
    while index < name.endIndex {
        let start = index
        guard name[index].isLetter || name[index] == "_" else {
            result.append(name[index])
            name.formIndex(after: &index)
            continue
        }
        while index < name.endIndex, name[index].isLetter || name[index].isNumber || name[index] == "_" {
            name.formIndex(after: &index)
        }
        let word = name[start..<index]
        let isModule = index < name.endIndex && name[index] == "."
        result +=
            isModule && (word == "FoundationEssentials" || word == "FoundationInternationalization")
            ? "Foundation" : word
    }
    return result
}

/// A type's name without its module: ``journalName(of:)`` less the first component
/// (`MyApp.Outer.Inner` → `Outer.Inner`), and less the `(unknown context at $…).` the runtime
/// writes for a private type, whose address changes from one run to the next.
package func unqualifiedName(of type: Any.Type) -> String {
    var name = ""
    var rest = Substring(journalName(of: type))
    while let open = rest.firstIndex(of: "(") {
        let context = rest[open...]
        guard context.hasPrefix("(unknown context at $"), let close = context.firstIndex(of: ")") else {
            name += rest[...open]
            rest = rest[rest.index(after: open)...]
            continue
        }
        name += rest[..<open]
        rest = context[context.index(after: close)...].drop { $0 == "." }
    }
    name += rest
    guard let dot = name.firstIndex(of: "."), !name[..<dot].contains("<") else { return name }
    return String(name[name.index(after: dot)...])
}

/// A reducer's type name as a test writes it: an async reduce function (`addAsyncReduceFunction`)
/// is registered as an internal type, which tests name `AsyncReduceFunction<Action, State>`.
///
/// - Parameter name: The reducer type's name, as `String(describing:)` or a shortened form gives it.
/// - Returns: The name with the internal type's spelled the way a test can write it.
package func publicReducerName(_ name: String) -> String {
    let registered = "EffectFunctionReducer<"
    guard name.hasPrefix(registered) else { return name }
    return "AsyncReduceFunction<" + name.dropFirst(registered.count)
}

/// A reducer type's name as a test writes it (``publicReducerName(_:)``).
///
/// - Parameter type: The reducer's type.
/// - Returns: Its name.
package func publicReducerName(of type: Any.Type) -> String {
    publicReducerName(String(describing: type))
}
