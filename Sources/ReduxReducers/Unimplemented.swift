/// An endpoint of a dependency's test value that the test did not override: calling it throws
/// ``UnimplementedEndpoint``, which the store reports as a ``ReduxIssue/Kind/missingDependency``
/// (a test failure naming the endpoint), whether or not the effect catches it.
///
/// Declare a client's test value with every endpoint unimplemented; a test overrides the ones it
/// expects to be called, and reading the client costs nothing until an endpoint is called:
///
/// ```swift
/// private let searchClientKey = DependencyKey(
///     live: SearchClient(query: { try await API.shared.search($0) }),
///     test: SearchClient(query: unimplemented("SearchClient.query")))
///
/// let store = TestStore(
///     initialState: SearchState(), features: [SearchFeature().at(\.self)],
///     dependencies: .testing { $0.searchClient.query = { _ in ["Pasta"] } })
/// ```
///
/// - Parameters:
///   - endpoint: The endpoint as a test writes it, for the failure: `"SearchClient.query"`.
///   - fileID: Where the endpoint is declared unimplemented; leave the default.
///   - line: Where the endpoint is declared unimplemented; leave the default.
/// - Returns: A function that throws ``UnimplementedEndpoint`` whatever it is given.
public func unimplemented<each Argument, Result>(
    _ endpoint: String, fileID: StaticString = #fileID, line: UInt = #line
) -> @Sendable (repeat each Argument) async throws -> Result {
    let error = UnimplementedEndpoint(endpoint: endpoint, declaration: "\(fileID):\(line)")
    return { (_: repeat each Argument) async throws -> Result in
        throw error
    }
}

/// What an ``unimplemented(_:fileID:line:)`` endpoint throws when it is called.
public struct UnimplementedEndpoint: Error, Sendable, CustomStringConvertible {
    /// The endpoint as a test writes it.
    public let endpoint: String
    /// Where it was declared unimplemented (file and line).
    public let declaration: String
    /// What the test should write to give it a value.
    let advice: String

    /// An endpoint declared at `declaration`, overridden the way `advice` says; by default, through
    /// the property a `Dependencies` extension usually gives the client (`SearchClient.query` is
    /// `$0.searchClient.query`).
    init(endpoint: String, declaration: String, advice: String? = nil) {
        self.endpoint = endpoint
        self.declaration = declaration
        self.advice = advice ?? Self.advice(for: endpoint)
    }

    /// How a test gives `endpoint` a value: `.testing { $0.searchClient.query = { … } }` for
    /// `"SearchClient.query"`.
    private static func advice(for endpoint: String) -> String {
        let parts = endpoint.split(separator: ".")
        guard parts.count == 2, let initial = parts[0].first else {
            return "override it where the test store is made: dependencies: .testing { $0.<client>.<endpoint> = { … } }"
        }
        let client = initial.lowercased() + parts[0].dropFirst()
        return "override it where the test store is made: dependencies: .testing { $0.\(client).\(parts[1]) = { … } } "
            + "(or the name your Dependencies extension gives \(parts[0]))"
    }

    /// Says which endpoint was called and how a test gives it a value.
    public var description: String {
        "\(endpoint) was called, and the test's dependencies leave it unimplemented (declared at \(declaration)); "
            + advice
    }
}
