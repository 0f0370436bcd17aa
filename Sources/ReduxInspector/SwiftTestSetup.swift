/// What a test generated from a recorded session needs that only the app knows, as Swift source:
/// how its store is built, the state its recordings start from, the modules that name its types.
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
public struct SwiftTestSetup: Sendable, Equatable {
    /// The app's placed features, as `Store(initialState:features:)` takes them:
    /// `"RockPaperScissorsApp.features"`, `"[CounterFeature().at(\\.counter)]"`.
    public var features: String
    /// The state the inspected recordings start from (the inspector's initial state), such as
    /// `"AppState()"`: the generated test writes the state before the range as this value
    /// changed field by field.
    public var initialState: String
    /// The modules the generated file imports besides `MultiRedux`, `ReduxTesting`, `Testing`
    /// (and `Foundation` when it decodes JSON): the app's, for its types and features.
    public var imports: [String]
    /// The dependencies the test store is given, such as
    /// `"Dependencies { $0.computer = ComputerOpponent(seed: 7) }"`; nil for none (each key
    /// gives its test value). The effects run again in the test: they must hand back what they
    /// handed back when the session was recorded.
    public var dependencies: String?

    /// Describes how the generated test builds its store.
    ///
    /// - Parameters:
    ///   - features: The app's placed features, as Swift source.
    ///   - initialState: The state the recordings start from, as Swift source.
    ///   - imports: The app's modules.
    ///   - dependencies: The test store's dependencies, as Swift source; nil for none.
    public init(features: String, initialState: String, imports: [String], dependencies: String? = nil) {
        self.features = features
        self.initialState = initialState
        self.imports = imports
        self.dependencies = dependencies
    }
}
