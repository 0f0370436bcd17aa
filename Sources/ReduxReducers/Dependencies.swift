package import ReduxCore

/// Declares a dependency: its type, the value an app uses, and the value tests use.
///
/// Declare a dependency next to the code that uses it, and give ``Dependencies`` a property for
/// it, the way SwiftUI's environment values are declared:
///
/// ```swift
/// struct TodoClient: Sendable {
///     var load: @Sendable () async throws -> [Todo]
/// }
///
/// private enum TodoClientKey: DependencyKey {
///     static let liveValue = TodoClient(load: { try await API.shared.todos() })
///     static let testValue: TodoClient? = nil   // a test must override it
/// }
///
/// extension Dependencies {
///     var todoClient: TodoClient {
///         get { self[TodoClientKey.self] }
///         set { self[TodoClientKey.self] = newValue }
///     }
/// }
/// ```
public protocol DependencyKey {
    /// The dependency's type.
    associatedtype Value: Sendable
    /// The value a store uses unless it is overridden. Declare it with `static let` so that it is
    /// made once.
    static var liveValue: Value { get }
    /// The value a test store uses unless the test overrides it; nil (the default) makes reading
    /// it in a test a failure that names the key.
    static var testValue: Value? { get }
}

extension DependencyKey {
    /// No test value: a test that reads the dependency must override it.
    public static var testValue: Value? { nil }
}

/// The dependencies of a store: API clients, a clock, a random source, your own; read by effects
/// (`effect.dependencies`) and reducers (`provider.dependencies`).
///
/// A store uses each key's live value unless it is overridden when the store is made, for the
/// whole app, a test or a preview:
///
/// ```swift
/// let store = Store(
///     initialState: AppState(), features: features,
///     dependencies: Dependencies { $0.todoClient = TodoClient(load: { [Todo(title: "Preview")] }) })
/// ```
///
/// In a test store, a key that was not overridden gives its test value; one with no test value is
/// reported as ``ReduxIssue/Kind/missingDependency`` (a test failure) naming it, and gives its live
/// value.
public struct Dependencies: Sendable {
    /// The overridden values, by key type.
    private var values: [ObjectIdentifier: any Sendable] = [:]
    /// Whether keys that were not overridden give their test values.
    package var isTesting = false
    /// Where a missing test value is reported.
    package var issueReporter = IssueReporter.default

    /// Dependencies that all have their live values.
    public init() {}

    /// Dependencies with some values overridden.
    ///
    /// - Parameter override: Sets the values to override: `{ $0.clock = TestClock() }`.
    public init(_ override: (inout Dependencies) -> Void) {
        override(&self)
    }

    /// The value of a dependency: overridden, or else the key's live (or, in a test, test) value.
    ///
    /// - Parameter key: The dependency's key type.
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            if let value = values[ObjectIdentifier(key)] {
                // Sound: the setter stores only `Key.Value`s under `Key`.
                return value as! Key.Value
            }
            guard isTesting else { return Key.liveValue }
            if let testValue = Key.testValue {
                return testValue
            }
            issueReporter.report(
                ReduxIssue(
                    .missingDependency,
                    "A test read the dependency \(Key.self), which it did not override and which has no test value; "
                        + "override it where the test store is made (dependencies: { $0[\(Key.self).self] = … }) or "
                        + "give \(Key.self) a testValue."))
            return Key.liveValue
        }
        set {
            values[ObjectIdentifier(key)] = newValue
        }
    }
}

extension ReducerProvider {
    /// The dependencies of the store running the reducer; outside a store, every key's live value.
    public var dependencies: Dependencies {
        (self as? ReductionContext)?.dependencies ?? Dependencies()
    }
}

// MARK: Built-in dependencies

extension Dependencies {
    /// The source of random numbers: the system's by default; seed it for reproducible runs.
    ///
    /// ```swift
    /// var random = effect.dependencies.random
    /// let weapon = Weapon.allCases.randomElement(using: &random)
    /// ```
    ///
    /// Its test value is a generator seeded with 0.
    public var random: RandomSource {
        get { self[RandomSourceKey.self] }
        set { self[RandomSourceKey.self] = newValue }
    }

    /// The clock effects sleep on: `ContinuousClock` by default. Debounce and timeouts go through
    /// it, so a test can use a clock it controls. It has no test value.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    public var clock: any Clock<Duration> {
        get { self[ClockKey.self] }
        set { self[ClockKey.self] = newValue }
    }
}

private enum RandomSourceKey: DependencyKey {
    static var liveValue: RandomSource { RandomSource() }
    static var testValue: RandomSource? { RandomSource(seed: 0) }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private enum ClockKey: DependencyKey {
    static let liveValue: any Clock<Duration> = ContinuousClock()
}
