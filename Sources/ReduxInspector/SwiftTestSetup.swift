public import ReduxCore

/// What a test generated from a recorded session needs that only the app knows, as Swift source:
/// how its store is built, the state its recordings start from, the modules that name its types,
/// and the dependencies its effects run with.
///
/// ```swift
/// let setup = SwiftTestSetup(
///     features: "RockPaperScissorsApp.features", initialState: "AppState()",
///     imports: ["RockPaperScissors"],
///     dependencies: "Dependencies { $0.computer = ComputerOpponent(seed: 7) }")
/// let source = try inspector.swiftTest(from: 3, through: 6, named: "ComputerRoundTests", setup: setup)
/// ```
///
/// The texts are copied into the generated file as they are; the generated test compiles when
/// they do, in a test target that depends on `ReduxTesting` and on the modules of `imports`.
public struct SwiftTestSetup: Sendable {
    /// The app's placed features, as `Store(initialState:features:)` takes them:
    /// `"RockPaperScissorsApp.features"`, `"[CounterFeature().at(\\.counter)]"`.
    public var features: String
    /// A state the test can build, such as `"AppState()"`: the generated test writes the state
    /// before the range as this value changed, from the value it builds (the initialisers'
    /// `initialValue`).
    public var initialState: String
    /// The value `initialState` builds; nil when it is the state the inspected recordings start
    /// from.
    let initialValue: (any State)?
    /// The modules the generated file imports besides `MultiRedux`, `ReduxTesting`, `Testing`
    /// (and `Foundation` when it decodes JSON): the app's, for its types and features.
    public var imports: [String]
    /// The types whose initialisers throw (they check their arguments), as a test names them,
    /// such as `["Lineup"]`: a generated test that writes a value of one with its initialiser
    /// calls it with `try`.
    public var throwingInitializers: Set<String>
    /// Writes the dependencies the test store is given for a range, as Swift source such as
    /// `"Dependencies { $0.computer = ComputerOpponent(seed: 0, playing: [.paper]) }"`, from the
    /// actions the range's effects sent when the session was recorded, in order; nil for none
    /// (each key gives its test value).
    ///
    /// The effects run again in the test: they must hand back what they handed back when the
    /// session was recorded. An effect that drew on something outside the app (a random
    /// source, a server) can be given a dependency that answers what the recording says it
    /// answered: that is what the actions are for.
    public var dependencies: @Sendable (_ sentByEffects: [any Action]) -> String?

    /// Describes how the generated test builds its store, with the same dependencies for every
    /// range.
    ///
    /// - Parameters:
    ///   - features: The app's placed features, as Swift source.
    ///   - initialState: A state the test can build, as Swift source.
    ///   - initialValue: The value `initialState` builds, such as `AppState()`; nil (the
    ///     default) when it is the state every inspected recording starts from. Give it when
    ///     recordings start from whatever the app had (a state loaded from a file).
    ///   - imports: The app's modules.
    ///   - throwingInitializers: The types whose initialisers throw, as a test names them.
    ///   - dependencies: The test store's dependencies, as Swift source; nil for none.
    public init(
        features: String, initialState: String, initialValue: (any State)? = nil, imports: [String],
        throwingInitializers: Set<String> = [], dependencies: String? = nil
    ) {
        self.init(
            features: features, initialState: initialState, initialValue: initialValue, imports: imports,
            throwingInitializers: throwingInitializers
        ) { _ in
            dependencies
        }
    }

    /// Describes how the generated test builds its store, with dependencies written for each
    /// range from what the range's effects sent when the session was recorded.
    ///
    /// ```swift
    /// let setup = SwiftTestSetup(
    ///     features: "RockPaperScissorsApp.features", initialState: "AppState()", initialValue: AppState(),
    ///     imports: ["RockPaperScissors"]
    /// ) { sent in
    ///     let weapons = sent.compactMap { ($0 as? ChooseWeaponAction).map { ".\($0.weapon)" } }
    ///     return "Dependencies { $0.computer = ComputerOpponent(seed: 0, playing: [\(weapons.joined(separator: ", "))]) }"
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - features: The app's placed features, as Swift source.
    ///   - initialState: A state the test can build, as Swift source.
    ///   - initialValue: The value `initialState` builds; nil (the default) when it is the state
    ///     every inspected recording starts from.
    ///   - imports: The app's modules.
    ///   - throwingInitializers: The types whose initialisers throw, as a test names them
    ///     (`["Lineup"]`): the test calls them with `try`.
    ///   - dependencies: Writes the test store's dependencies from the actions the range's
    ///     effects sent, in recorded order; nil for none.
    public init(
        features: String, initialState: String, initialValue: (any State)? = nil, imports: [String],
        throwingInitializers: Set<String> = [],
        dependencies: @escaping @Sendable (_ sentByEffects: [any Action]) -> String?
    ) {
        self.features = features
        self.initialState = initialState
        self.initialValue = initialValue
        self.imports = imports
        self.throwingInitializers = throwingInitializers
        self.dependencies = dependencies
    }
}
