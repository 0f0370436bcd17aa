package import ReduxCore
package import ReduxShared

/// A dependency's key: the value an app uses, and the value tests use.
///
/// Declare a dependency next to the code that uses it: a key, and a property of ``Dependencies``
/// that reads and writes it, the way SwiftUI's environment values are declared:
///
/// ```swift
/// struct TodoClient: Sendable {
///     var load: @Sendable () async throws -> [String]
/// }
///
/// private let todoClientKey = DependencyKey(live: TodoClient(load: { try await API.shared.todos() }))
///
/// extension Dependencies {
///     var todoClient: TodoClient {
///         get { self[todoClientKey] }
///         set { self[todoClientKey] = newValue }
///     }
/// }
/// ```
///
/// A key is a class: its identity is the dependency's, so keep one instance (a `let`).
public final class DependencyKey<Value: Sendable>: Sendable {
    /// The value a store uses unless it is overridden.
    let liveValue: Value
    /// The value a test store uses unless the test overrides it.
    let testValue: Value?
    /// Where the key is declared, for the message of a missing test value.
    let declaration: String

    /// Declares a dependency.
    ///
    /// - Parameters:
    ///   - live: The value a store uses unless it is overridden.
    ///   - test: The value a test store uses unless the test overrides it; nil (the default)
    ///     makes reading the dependency in a test a failure that names it.
    ///   - fileID: Where the key is declared; leave the default.
    ///   - line: Where the key is declared; leave the default.
    public init(live: Value, test: Value? = nil, fileID: String = #fileID, line: Int = #line) {
        liveValue = live
        testValue = test
        declaration = "\(Value.self) (declared at \(fileID):\(line))"
    }
}

/// The dependencies of a store: API clients, a clock, your own; read by reducers and features
/// through `provider.dependencies` (an effect captures what it needs when its reducer runs).
///
/// A store uses each key's live value unless it is overridden when the store is made, for the
/// whole app, a test or a preview:
///
/// ```swift
/// let store = Store(
///     initialState: AppState(), features: features,
///     dependencies: Dependencies { $0.todoClient = TodoClient(load: { ["Preview"] }) })
/// ```
///
/// In a test store, a key that was not overridden gives its test value; one with no test value is
/// reported as ``ReduxIssue/Kind/missingDependency`` (a test failure) naming it, and gives its live
/// value.
public struct Dependencies: Sendable {
    /// The overridden values, by key.
    private var values: [ObjectIdentifier: any Sendable] = [:]
    /// Whether keys that were not overridden give their test values.
    package var isTesting = false
    /// Where a missing test value is reported.
    package var issueReporter = IssueReporter.default
    /// The overridden values that hear about effect work (``EffectWorkObserver``), by key.
    package private(set) var workObservers: [ObjectIdentifier: any EffectWorkObserver] = [:]

    /// Dependencies with the values `override` sets; every other key has its live value.
    ///
    /// - Parameter override: Sets the values to override: `{ $0.todoClient = .preview }`; by
    ///   default none.
    public init(_ override: (inout Dependencies) -> Void = { _ in }) {
        override(&self)
    }

    /// The value of a dependency: overridden, or else the key's live (or, in a test, test) value.
    ///
    /// - Parameter key: The dependency's key.
    public subscript<Value>(key: DependencyKey<Value>) -> Value {
        get {
            if let value = values[ObjectIdentifier(key)] {
                // Sound: the setter stores only `Value`s under `key`.
                return value as! Value
            }
            guard isTesting else { return key.liveValue }
            if let testValue = key.testValue {
                return testValue
            }
            issueReporter.report(
                ReduxIssue(
                    .missingDependency,
                    "A test read the dependency \(key.declaration), which it did not override and which has no "
                        + "test value; override it where the test store is made (dependencies: "
                        + "Dependencies { $0.… = … }) or give its DependencyKey a test: value."))
            return key.liveValue
        }
        set {
            values[ObjectIdentifier(key)] = newValue
            workObservers[ObjectIdentifier(key)] = newValue as? any EffectWorkObserver
        }
    }
}

extension ReducerProvider {
    /// The dependencies of the store the reducer (or the feature registering in this container)
    /// belongs to; outside a store, every key's live value.
    ///
    /// An effect captures what it needs when its reducer runs:
    ///
    /// ```swift
    /// let search = provider.dependencies.searchClient
    /// return .run { effect in effect.update { $0.results = try await search(query) } }
    /// ```
    public var dependencies: Dependencies {
        (self as? any DependencyCarrier)?.dependencies ?? Dependencies()
    }
}

/// A provider that knows its store's dependencies: a store's reduction context, a feature's
/// container, an async reducer's provider.
package protocol DependencyCarrier {
    /// The store's dependencies.
    var dependencies: Dependencies { get }
}

extension ReductionContext: DependencyCarrier {}

extension ReducerProvider {
    /// Reads a part of the state another feature owns, which the reducer's feature declared where
    /// it is placed: `TodoFeature().at(\.todos, reading: \.session)`.
    ///
    /// ```swift
    /// container.addReduceFunction { (provider, action: AddTodo, state: inout TodoState) in
    ///     let owner = provider.read(Session.self)?.userName ?? ""
    ///     state.todos.append(Todo(title: action.title, owner: owner))
    /// }
    /// ```
    ///
    /// The part is read by its type, so the feature does not name the root state, and can never
    /// write it. In a reducer it is read as it is at that moment of the action: parts placed
    /// before the reducer's feature already reflect the action; a synchronous reducer reads while
    /// it reduces. An async reducer's effect may keep the provider and read again later, from any
    /// thread, getting the part as the store holds it then.
    ///
    /// - Parameter type: The type of the part to read.
    /// - Returns: The part; nil outside a store, and nil with ``ReduxIssue/Kind/misuse`` reported
    ///   when the placement declared no part of that type.
    public func read<Value>(_ type: Value.Type) -> Value? {
        (self as? any StateReader)?.read(type)
    }
}

/// A provider that can read the parts of the state its feature's placement declared.
protocol StateReader {
    /// A declared part, as the store holds it now.
    func read<Value>(_ type: Value.Type) -> Value?
}

extension ReductionContext: StateReader {
    func read<Value>(_ type: Value.Type) -> Value? {
        guard let readingSlot else { return nil }
        return sink.read(type, slot: readingSlot)
    }
}

/// The provider an async reducer gets: the store's context, bound to the reducer's place, so that
/// its effect can keep it and read declared parts from any thread, later.
final class PlacedProvider: ReducerProvider, DependencyCarrier, StateReader, Sendable {
    let context: ReductionContext
    let slot: ObjectIdentifier

    init(context: ReductionContext, slot: ObjectIdentifier) {
        self.context = context
        self.slot = slot
    }

    func reduce<Substate>(_ action: any Action, _ state: inout Substate) {
        context.reduce(action, &state)
    }

    var dependencies: Dependencies {
        context.dependencies
    }

    func read<Value>(_ type: Value.Type) -> Value? {
        context.sink.read(type, slot: slot)
    }
}

// MARK: Built-in dependencies

extension Dependencies {
    /// The clock effects sleep on: `ContinuousClock` by default. Debounce and timeouts go through
    /// it, so a test can use a clock it controls; it has no test value.
    ///
    /// ```swift
    /// let clock = provider.dependencies.clock
    /// return .run(id: SearchEffect.query, cancelInFlight: true) { effect in
    ///     try await clock.sleep(for: .milliseconds(300))   // debounce
    ///     …
    /// }
    /// ```
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    public var clock: any Clock<Duration> {
        get { self[clockKey] }
        set { self[clockKey] = newValue }
    }
}

/// The key of ``Dependencies/clock``, typed `Any` in a global: a global cannot be `@available`.
private let clockKeyStorage: any Sendable = {
    if #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) {
        return DependencyKey<any Clock<Duration>>(live: ContinuousClock())
    }
    return ()
}()

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private var clockKey: DependencyKey<any Clock<Duration>> {
    // Sound: on these systems the storage holds that key.
    clockKeyStorage as! DependencyKey<any Clock<Duration>>
}
