/// A dependency's key: the value an app uses, and the values tests and previews use instead.
///
/// Declare a dependency next to the code that uses it: a key, and a property of ``Dependencies``
/// that reads and writes it, the way SwiftUI's environment values are declared:
///
/// ```swift
/// struct TodoClient: Sendable {
///     var load: @Sendable () async throws -> [String]
/// }
///
/// private let todoClientKey = DependencyKey(
///     live: TodoClient(load: { try await API.shared.todos() }),
///     test: TodoClient(load: { [] }),
///     preview: TodoClient(load: { ["Buy milk", "Write docs"] }))
///
/// extension Dependencies {
///     var todoClient: TodoClient {
///         get { self[todoClientKey] }
///         set { self[todoClientKey] = newValue }
///     }
/// }
/// ```
///
/// Which value a store reads depends on how its ``Dependencies`` were made: an app's give the live
/// value; a test's (a `TestStore`, `Dependencies.testing`) the test value, else the preview value
/// with a failure; a preview's (``Dependencies/preview(_:)``, or any store in a process Xcode runs
/// for previews) the preview value, else the test value. Every key has a value that is not live,
/// so a test or a preview is never handed the live one: declare a test value, a preview value, or
/// both. Give a client a test value whose endpoints are ``unimplemented(_:fileID:line:)``, so that
/// a test fails only if it calls one it did not override. See ``Dependencies/subscript(_:_:)``.
///
/// A key is a class: its identity is the dependency's, so keep one instance (a `let`).
public final class DependencyKey<Value: Sendable>: Sendable {
    /// The value an app's store uses unless it is overridden.
    let liveValue: Value
    /// The value a test's store uses unless the test overrides it; nil when the key has only a
    /// preview value, which a test then gets with a failure.
    let testValue: Value?
    /// The value a preview's store uses unless the preview overrides it: the test value when the
    /// key has no preview value of its own.
    let previewValue: Value
    /// Where the key is declared (or the dependency's name), for the message of a missing value.
    let declaration: String
    /// Makes the test value afresh for each test's dependencies, for a value that keeps state
    /// (a counter): nil for a key whose test value is shared.
    let freshTestValue: (@Sendable () -> Value)?
    /// Declares a dependency that tests replace.
    ///
    /// - Parameters:
    ///   - live: The value an app's store uses unless it is overridden.
    ///   - test: The value a test's store uses unless the test overrides it: a stub, or a client
    ///     whose endpoints are ``unimplemented(_:fileID:line:)`` (they fail when called).
    ///   - preview: The value a preview's store uses unless the preview overrides it: canned data
    ///     that never leaves the device. Nil (the default) gives previews the test value.
    ///   - fileID: Where the key is declared; leave the default.
    ///   - line: Where the key is declared; leave the default.
    public convenience init(
        live: Value, test: Value, preview: Value? = nil, fileID: String = #fileID, line: Int = #line
    ) {
        self.init(
            live: live, test: test, preview: preview ?? test, name: "\(Value.self) (declared at \(fileID):\(line))")
    }

    /// Declares a dependency that previews replace: a test that reads it without overriding it
    /// fails, naming the key and saying what to write, and gets the preview value.
    ///
    /// - Parameters:
    ///   - live: The value an app's store uses unless it is overridden.
    ///   - preview: The value previews use, and tests that did not override the key (with a failure):
    ///     canned data that never leaves the device.
    ///   - fileID: Where the key is declared; leave the default.
    ///   - line: Where the key is declared; leave the default.
    public convenience init(live: Value, preview: Value, fileID: String = #fileID, line: Int = #line) {
        self.init(live: live, test: nil, preview: preview, name: "\(Value.self) (declared at \(fileID):\(line))")
    }

    /// A key with only a live value would leave a test nothing but the live service to read; it is
    /// refused where it is written.
    ///
    /// - Parameters:
    ///   - live: The value an app's store uses.
    ///   - fileID: Where the key is declared.
    ///   - line: Where the key is declared.
    @available(*, unavailable, message: "add a test value: DependencyKey(live: x, test: y), or (live: x, preview: y)")
    public init(live: Value, fileID: String = #fileID, line: Int = #line) {
        fatalError("DependencyKey(live:) is unavailable: give the key a test or a preview value")
    }

    /// Declares a key with a test value, a preview value or both; `name` is the dependency as a
    /// message names it, such as `Dependencies.clock`.
    init(live: Value, test: Value?, preview: Value, name: String) {
        liveValue = live
        testValue = test
        previewValue = preview
        declaration = name
        freshTestValue = nil
    }

    /// Declares one of the framework's own keys, whose test value (also its preview value) is made
    /// afresh by `fresh` for each test's dependencies when `fresh` is not nil.
    init(live: Value, test: Value, fresh: (@Sendable () -> Value)?, name: String) {
        liveValue = live
        testValue = test
        previewValue = test
        declaration = name
        freshTestValue = fresh
    }
}
