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
/// for previews) the preview value, else the test value. A key with neither a test nor a preview
/// value has nothing offline to give: a test that reads it fails, naming the key, and gets the
/// live value; a preview stops. Give a client a test value whose endpoints are
/// ``unimplemented(_:fileID:line:)``, so that a test fails only if it calls one it did not
/// override. See ``Dependencies/subscript(_:)``.
///
/// A key is a class: its identity is the dependency's, so keep one instance (a `let`).
public final class DependencyKey<Value: Sendable>: Sendable {
    /// The value an app's store uses unless it is overridden.
    let liveValue: Value
    /// The value a test's store uses unless the test overrides it.
    let testValue: Value?
    /// The value a preview's store uses unless the preview overrides it.
    let previewValue: Value?
    /// Where the key is declared, for the message of a missing value.
    let declaration: String
    /// What a test that did not override the key should do, when it is not giving the key a test
    /// value (a key of the framework's own).
    let testAdvice: String?

    /// Declares a dependency.
    ///
    /// - Parameters:
    ///   - live: The value an app's store uses unless it is overridden.
    ///   - test: The value a test's store uses unless the test overrides it: a stub, or a client
    ///     whose endpoints are ``unimplemented(_:fileID:line:)`` (they fail when called). Nil (the
    ///     default) makes reading the dependency in a test a failure that names it; the test then
    ///     gets the preview value, else the live value.
    ///   - preview: The value a preview's store uses unless the preview overrides it: canned data
    ///     that never leaves the device. Nil (the default) gives previews the test value.
    ///   - fileID: Where the key is declared; leave the default.
    ///   - line: Where the key is declared; leave the default.
    public init(live: Value, test: Value? = nil, preview: Value? = nil, fileID: String = #fileID, line: Int = #line) {
        liveValue = live
        testValue = test
        previewValue = preview
        declaration = "\(Value.self) (declared at \(fileID):\(line))"
        testAdvice = nil
    }

    /// Declares one of the framework's own dependencies, named as a test writes it.
    ///
    /// - Parameters:
    ///   - live: The value an app's store uses unless it is overridden.
    ///   - preview: The value a preview's store uses unless the preview overrides it.
    ///   - name: The dependency as a test writes it, such as `Dependencies.clock`.
    ///   - testAdvice: What a test that reads it without an override should do.
    init(live: Value, preview: Value?, name: String, testAdvice: String) {
        liveValue = live
        testValue = nil
        previewValue = preview
        declaration = name
        self.testAdvice = testAdvice
    }
}
