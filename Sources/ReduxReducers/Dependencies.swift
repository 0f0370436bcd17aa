package import ReduxCore
package import ReduxShared

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
/// Dependencies made for a test (a `TestStore`'s, `Dependencies.testing`) or a preview
/// (``preview(_:)``, and every store of a process Xcode runs for previews) give a key's test or
/// preview value where it was not overridden: see ``subscript(_:_:)``.
public struct Dependencies: Sendable {
    /// Which of a key's values a read gives when the key was not overridden.
    private enum Context: Sendable {
        /// An app's store: the live value.
        case live
        /// A test's store: the test value; else the preview value, reported as missing.
        case test
        /// A preview's store: the preview value; else the test value.
        case preview
    }

    /// What an override made in an app's context gives a test: the same override run again from
    /// the keys' test values, because it changed part of a value (`Dependencies { $0.client.load = … }`)
    /// and its other parts would be live.
    private final class TestingVariant: Sendable {
        let dependencies: Dependencies

        init(_ dependencies: Dependencies) {
            self.dependencies = dependencies
        }
    }

    /// The overridden values, by key.
    private var values: [ObjectIdentifier: any Sendable] = [:]
    /// A test's values of keys whose test value keeps state, made at the first read: one set per
    /// dependencies made for a test, so each test store starts afresh.
    private var freshValues: FreshValues? = nil
    /// While an override runs, the keys it read without having set them.
    private var overrideReads: LockedValue<Set<ObjectIdentifier>>? = nil
    /// The same overrides made from the test values, when an override in an app's context changed
    /// part of a value; what ``forTesting`` gives.
    private var testingVariant: TestingVariant? = nil
    /// Which values keys that were not overridden give: previews' in a process Xcode runs for
    /// previews, else live ones.
    private var context = Self.processContext
    /// Where a missing test value is reported.
    package var issueReporter = IssueReporter.default
    /// The overridden values that hear about effect work (``EffectWorkObserver``), by key.
    private var workObservers: [ObjectIdentifier: any EffectWorkObserver] = [:]

    /// The context of dependencies made with no mode: previews' in a process Xcode runs for
    /// previews, else live.
    private static var processContext: Context {
        ProcessEnvironment.isRunningForPreviews ? .preview : .live
    }

    /// What a store's effects take from these dependencies: the value their tasks carry for
    /// ``current`` (`EffectTaskValues`), and the values that hear about effect work.
    ///
    /// The carried value is nil when these read as ``current`` reads outside any store (no key
    /// overridden, the process's own mode): an app's store usually has such dependencies, and a
    /// task that carries no value is made and run without the task-local binding's work. The
    /// other fields follow from those two: a testing variant exists only beside an override, fresh
    /// values only in a test's mode.
    package var effectTaskSetup: (carried: (any Sendable)?, workObservers: [any EffectWorkObserver]) {
        let readsAsOutsideAnyStore = values.isEmpty && context == Self.processContext
        return (readsAsOutsideAnyStore ? nil : self, Array(workObservers.values))
    }

    /// Dependencies with the values `override` sets; every other key has its live value (its
    /// preview value when Xcode runs the process for previews).
    ///
    /// An override that changes part of a value (`{ $0.searchClient.query = { _ in [] } }`)
    /// starts from the live value here, and is run a second time from the key's test value for a
    /// test store (a `TestStore`, ``testing(_:)``), so in a test the value's other parts are its test
    /// value's, never live; such an override should only set values.
    ///
    /// - Parameter override: Sets the values to override: `{ $0.todoClient = .preview }`; by
    ///   default none.
    public init(_ override: (inout Dependencies) -> Void = { _ in }) {
        let changedPart = applying(override)
        if context == .live && changedPart {
            testingVariant = TestingVariant(Dependencies(.test, override))
        }
    }

    /// Dependencies in `context` with the values `override` sets; the override reads in that
    /// context, so changing part of a value starts from the context's value, never the live one.
    private init(_ context: Context, _ override: (inout Dependencies) -> Void) {
        self.context = context
        if context == .test { freshValues = FreshValues() }
        applying(override)
    }

    /// Runs an override; returns whether it changed part of any value (read a key, then set it).
    @discardableResult
    private mutating func applying(_ override: (inout Dependencies) -> Void) -> Bool {
        let reads = LockedValue(Set<ObjectIdentifier>())
        overrideReads = reads
        override(&self)
        overrideReads = nil
        return !reads.withLock { $0 }.isDisjoint(with: values.keys)
    }

    /// Dependencies for a preview: a key the preview does not override gives its preview value,
    /// else its test value; never its live value.
    ///
    /// ```swift
    /// struct ContactsPreviews: PreviewProvider {
    ///     static var previews: some View {
    ///         ContactListView(store: Store(initialState: ContactsState(), features: ContactsState.features,
    ///                                      dependencies: .preview()).scope(\.list))
    ///     }
    /// }
    /// ```
    ///
    /// A store Xcode makes for a preview is in this mode even with plain ``init(_:)``
    /// dependencies; this makes the mode explicit, and lets a store in a test or an app show what a
    /// preview shows.
    ///
    /// - Parameter override: Sets the values the preview overrides (a live value too, if the preview
    ///   asks for one); by default none.
    /// - Returns: The dependencies.
    public static func preview(_ override: (inout Dependencies) -> Void = { _ in }) -> Dependencies {
        Dependencies(.preview, override)
    }

    /// Dependencies in test mode, for any store a test makes (a `TestStore` uses this mode on
    /// its own): a key the test does not override gives its test value, and reading one with no
    /// test value is reported as ``ReduxIssue/Kind/missingDependency`` through the store's issue
    /// reporter, naming the key and saying what to write, and gives the key's preview value. A
    /// dependency mistake fails the test and never stops the process, and a test is never given a
    /// live value.
    ///
    /// ```swift
    /// let store = Store(
    ///     initialState: AppState(), features: features, issueReporter: .failingTest(),
    ///     dependencies: .testing { $0.todoClient = .stub(["Buy milk"]) })
    /// ```
    ///
    /// The override runs in test mode: `{ $0.todoClient.load = { ["Stub"] } }` changes part of the
    /// key's test value, never of its live value.
    ///
    /// - Parameter override: Sets the values the test overrides; by default none.
    /// - Returns: The dependencies.
    public static func testing(_ override: (inout Dependencies) -> Void = { _ in }) -> Dependencies {
        Dependencies(.test, override)
    }

    /// These dependencies in test mode (``testing(_:)``): a key the test did not override gives
    /// its test value, and an override that changed part of a value started from its test value.
    /// A `TestStore` and the reducer assertions put the dependencies they are given in this mode.
    package var forTesting: Dependencies {
        var testing = testingVariant?.dependencies ?? self
        testing.context = .test
        testing.freshValues = FreshValues()
        testing.issueReporter = issueReporter
        return testing
    }

    /// Test values made afresh for one test's dependencies, by key.
    private final class FreshValues: Sendable {
        private let values = LockedValue<[ObjectIdentifier: any Sendable]>([:])

        /// The value of `key`, made by `make` at the first read.
        func value<Value>(of key: DependencyKey<Value>, made make: @Sendable () -> Value) -> Value {
            values.withLock { values in
                if let value = values[ObjectIdentifier(key)] {
                    // Sound: only `Value`s are stored under `key`.
                    return value as! Value
                }
                let value = make()
                values[ObjectIdentifier(key)] = value
                return value
            }
        }
    }

    /// The value of a dependency: the value it was overridden with; else, in an app's store, the
    /// key's live value.
    ///
    /// In a test's store (a `TestStore`, `Dependencies.testing`) a key not overridden gives its test
    /// value. A key with no test value is reported as ``ReduxIssue/Kind/missingDependency`` (a test
    /// failure naming the key and saying what to write) and gives its preview value. In a preview's
    /// store a key gives its preview value, else its test value. Every key has one of the two, so a
    /// test or a preview never reaches the live service.
    ///
    /// - Parameters:
    ///   - key: The dependency's key.
    ///   - property: The property of `Dependencies` that reads the key, named in a failure;
    ///     leave the default (in `var searchClient: SearchClient { self[searchClientKey] }` it is
    ///     `searchClient`).
    public subscript<Value>(key: DependencyKey<Value>, property: String = #function) -> Value {
        get {
            if let value = values[ObjectIdentifier(key)] {
                // Sound: the setter stores only `Value`s under `key`.
                return value as! Value
            }
            if let overrideReads {
                overrideReads.withLock { _ = $0.insert(ObjectIdentifier(key)) }
            }
            switch context {
            case .live:
                return key.liveValue
            case .test:
                if let fresh = key.freshTestValue, let freshValues { return freshValues.value(of: key, made: fresh) }
                if let testValue = key.testValue { return testValue }
                if overrideReads == nil {
                    let name = Self.propertyName(property)
                    issueReporter.report(
                        ReduxIssue(
                            .missingDependency,
                            "A test read the dependency \(name.map { "Dependencies.\($0), " } ?? "")\(key.declaration), "
                                + "which it did not override and which has no test value, so it was given the preview "
                                + "value; override it where the test store is made (dependencies: .testing { "
                                + "$0.\(name ?? "…") = … }) or give its DependencyKey a test: value (a client's "
                                + "endpoints can be unimplemented(\"…\"), which fail when called)."))
                }
                return key.previewValue
            case .preview:
                return key.previewValue
            }
        }
        set {
            values[ObjectIdentifier(key)] = newValue
            workObservers[ObjectIdentifier(key)] = newValue as? any EffectWorkObserver
            if var testing = testingVariant?.dependencies {
                testing[key] = newValue
                testingVariant = TestingVariant(testing)
            }
        }
    }
}

extension Dependencies {
    /// The property a key was read through, as `#function` gives it in a property's accessor;
    /// nil when the subscript was called from a function (its name ends with its arguments).
    static func propertyName(_ function: String) -> String? {
        guard let first = function.first, first.isLetter || first == "_",
            function.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return function
    }
}

extension Dependencies {
    /// The dependencies of the store whose reducer or effect is running: for code a reducer or an
    /// effect calls without being handed them, such as a state's initialiser that needs an id or
    /// a date; outside any store, every key's live value.
    ///
    /// ```swift
    /// extension Meal {
    ///     init(name: String) {
    ///         self.init(name: name, plannedAt: Dependencies.current.plannerClock.now)
    ///     }
    /// }
    /// ```
    ///
    /// In a reducer it is the store's that applies the action on this thread (a test store's test
    /// values in a test); in an effect's work, the store's that started it, whatever thread the
    /// work runs on. A reducer itself reads `provider.dependencies`, which is the same.
    ///
    /// - Complexity: O(1): a thread-local read in a reducer, a task-local read in an effect.
    public static var current: Dependencies {
        if let context = ReductionContext.applyingOnThisThread {
            return context.dependencies
        }
        return EffectTaskValues.dependencies as? Dependencies ?? Dependencies()
    }

    /// Runs code with these dependencies as ``current``, outside any store's reducers: a state
    /// made before its store with the store's values. A `TestStore` makes its initial state so,
    /// with its own test values, so an id the initial state's initialiser takes from the UUID
    /// generator is the first the store hands out, and the store's next one follows it.
    ///
    /// ```swift
    /// let form = dependencies.withCurrent { Form(attendees: [Attendee(name: "Blob")]) }
    /// ```
    ///
    /// - Parameter body: The code, which reads ``current``.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func withCurrent<Result>(_ body: () throws -> Result) rethrows -> Result {
        EffectTaskValues.noteBinding()
        return try EffectTaskValues.$dependencies.withValue(self) { try body() }
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
///
/// A structure of two words: as the reducer's `any ReducerProvider` it fits the existential's
/// own storage, where a class instance was allocated for every effect started.
struct PlacedProvider: ReducerProvider, DependencyCarrier, StateReader, Sendable {
    let context: ReductionContext
    let slot: ObjectIdentifier

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
    /// it, so a test can use a clock it controls. Its test value tells the time and fails the
    /// test when it is waited on, saying to give the store a `TestClock` or an `ImmediateClock`
    /// (`.testing { $0.clock = TestClock() }`); previews use a `ContinuousClock`.
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
        return DependencyKey<any Clock<Duration>>(
            live: ContinuousClock(), test: UnimplementedClock(), preview: ContinuousClock(),
            name: "Dependencies.clock")
    }
    return ()
}()

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private var clockKey: DependencyKey<any Clock<Duration>> {
    // Sound: on these systems the storage holds that key.
    clockKeyStorage as! DependencyKey<any Clock<Duration>>
}
