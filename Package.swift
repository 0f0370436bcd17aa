// swift-tools-version:6.1
// 6.1: the oldest Swift whose standard library and SDKs .ci/apple-check reads (Xcode 16.3+); Docs/Decisions/0020.
import PackageDescription

/// Settings shared by every target (the package is in the Swift 6 language mode, so strict
/// concurrency checking is complete everywhere).
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("MemberImportVisibility")
]

// What a user can depend on (Docs/Architecture.md, "Modules a user depends on"): the framework as one
// product, and ReduxCore alone for a module that only declares states and actions. The layers in between
// run only together (an effect needs a store to run it), so they are not products of their own.
var products: [Product] = [
    .library(name: "MultiRedux", targets: ["MultiRedux"]),
    .library(name: "ReduxCore", targets: ["ReduxCore"]),
]

var targets: [Target] = [
    // Atomic words from C11's <stdatomic.h>, which exist at the declared minimums on every platform
    // (Swift's Synchronization needs macOS 15 / iOS 18): not a product either (decision 24).
    .target(name: "ReduxAtomics"),
    // The framework, one module per layer; each imports only the layers above it in this list.
    .target(name: "ReduxCore", swiftSettings: strictSettings),
    // What the layers share and users must not touch (the lock, a dispatch's call site, the route
    // table, what an effect carries to the store that runs it): not a product, so no app can import
    // it (Docs/Architecture.md, decision 23).
    .target(name: "ReduxShared", dependencies: ["ReduxAtomics", "ReduxCore"], swiftSettings: strictSettings),
    .target(
        name: "ReduxReducers", dependencies: ["ReduxAtomics", "ReduxShared", "ReduxCore"], swiftSettings: strictSettings
    ),
    .target(
        name: "ReduxStore", dependencies: ["ReduxAtomics", "ReduxShared", "ReduxCore", "ReduxReducers"],
        swiftSettings: strictSettings),
    .target(
        name: "ReduxFeatures", dependencies: ["ReduxShared", "ReduxCore", "ReduxReducers", "ReduxStore"],
        swiftSettings: strictSettings),
    .target(
        name: "MultiRedux", dependencies: ["ReduxCore", "ReduxReducers", "ReduxStore", "ReduxFeatures"],
        swiftSettings: strictSettings),

    // Helpers shared by the test targets (not a product).
    .target(
        name: "TestHelpers", dependencies: ["ReduxCore", "ReduxTesting"], path: "Tests/TestHelpers",
        swiftSettings: strictSettings),

    // Framework tests mirror the source folders.
    .testTarget(
        name: "ReduxCoreTests", dependencies: ["ReduxShared", "ReduxCore", "TestHelpers"], swiftSettings: strictSettings
    ),
    .testTarget(
        name: "ReduxReducersTests", dependencies: ["ReduxShared", "MultiRedux", "ReduxTesting", "TestHelpers"],
        swiftSettings: strictSettings),
    .testTarget(
        name: "ReduxStoreTests", dependencies: ["ReduxShared", "MultiRedux", "ReduxTesting", "TestHelpers"],
        swiftSettings: strictSettings),
    .testTarget(
        name: "ReduxFeaturesTests", dependencies: ["MultiRedux", "ReduxTesting", "TestHelpers"],
        swiftSettings: strictSettings),
    // The code shown in Docs/, compiled and run.
    .testTarget(
        name: "DocumentationTests",
        dependencies: ["MultiRedux", "ReduxTesting", "ReduxTimeTravel", "TestHelpers", "TodoListExample"],
        swiftSettings: strictSettings),
    // The Porting article's port of ReactComponentKit/Redux's README (its stores and their XCTest
    // tests), compiled and run.
    .testTarget(
        name: "PortingReactComponentKitTests", dependencies: ["MultiRedux", "ReduxTesting", "TestHelpers"],
        path: "Tests/PortingReactComponentKitTests", swiftSettings: strictSettings),
]

// MARK: TodoListExample: the docs' to-do app, its @Observable view model and a SwiftUI screen
// Not a product. The screen is compiled where SwiftUI exists (`#if canImport(SwiftUI)`): .ci/apple-check
// type-checks it for iOS and macOS; on Linux the domain and the model build and DocumentationTests run them.
targets += [
    .target(name: "TodoListExample", dependencies: ["MultiRedux"], swiftSettings: strictSettings)
]

// MARK: MultiReduxUI: the SwiftUI layer (Docs/MultiRedux.docc/Articles/SwiftUIScreens.md), a product an app opts into
// ReduxUI holds what a view shows as plain values and the scoped store, platform-independent and tested on
// Linux; MultiReduxUI re-exports it with MultiRedux and SwiftUI and adds the View extensions, compiled where
// SwiftUI exists (.ci/apple-check type-checks them).
// ReduxUI alone is a product too, for a module that declares a feature's state and actions without views
// (it does not link SwiftUI).
products += [
    .library(name: "MultiReduxUI", targets: ["MultiReduxUI"]),
    .library(name: "ReduxUI", targets: ["ReduxUI"]),
]
targets += [
    .target(name: "ReduxUI", dependencies: ["ReduxShared", "MultiRedux"], swiftSettings: strictSettings),
    .target(name: "MultiReduxUI", dependencies: ["MultiRedux", "ReduxUI"], swiftSettings: strictSettings),
    .testTarget(
        name: "ReduxUITests",
        dependencies: ["ReduxUI", "MultiRedux", "MultiReduxUI", "ReduxTesting", "ReduxTimeTravel", "ReduxPersistence", "TestHelpers"],
        swiftSettings: strictSettings),
]

// MARK: ContactsExample: the SwiftUI guide's Contacts app, a feature per folder (Docs/MultiRedux.docc/Articles/SwiftUIScreens.md)
// Not a product. The views compile where SwiftUI exists (.ci/apple-check type-checks them for iOS and macOS);
// on Linux the features build and ContactsExampleTests drives them through scopes and the TestStore.
targets += [
    .target(name: "ContactsExample", dependencies: ["MultiReduxUI"], swiftSettings: strictSettings),
    .testTarget(
        name: "ContactsExampleTests", dependencies: ["ContactsExample", "MultiReduxUI", "ReduxTesting", "TestHelpers"],
        swiftSettings: strictSettings),
]

// MARK: The tutorial's code (Docs/MultiRedux.docc/Tutorials): the last step of each file, compiled and run
targets += [
    .testTarget(
        name: "TutorialTests",
        dependencies: ["MultiRedux", "MultiReduxUI", "ReduxUI", "ReduxTesting", "ReduxTimeTravel", "ReduxPersistence"],
        swiftSettings: strictSettings)
]

// MARK: ReduxTimeTravel: record, replay and step through a store's actions (uses Foundation)
products += [.library(name: "ReduxTimeTravel", targets: ["ReduxTimeTravel"])]
targets += [
    .target(
        name: "ReduxTimeTravel", dependencies: ["ReduxShared", "ReduxCore", "ReduxReducers", "ReduxStore"],
        swiftSettings: strictSettings),
    .testTarget(
        name: "ReduxTimeTravelTests",
        dependencies: ["ReduxShared", "ReduxTimeTravel", "MultiRedux", "ReduxTesting", "TestHelpers"],
        swiftSettings: strictSettings),
]

// MARK: ReduxTesting: type-directed reducer tests and TestStore
products += [.library(name: "ReduxTesting", targets: ["ReduxTesting"])]
targets += [
    // Links XCTest and Swift Testing from the toolchain; depend on it from test targets only.
    .target(
        name: "ReduxTesting", dependencies: ["ReduxShared", "MultiRedux", "ReduxTimeTravel", "ReduxUI"],
        swiftSettings: strictSettings),
    .testTarget(
        name: "ReduxTestingTests", dependencies: ["ReduxTesting", "ReduxTimeTravel", "TestHelpers"],
        swiftSettings: strictSettings),
]

// MARK: ReduxPersistence: state that survives the process, crash-safe (uses Foundation)
products += [.library(name: "ReduxPersistence", targets: ["ReduxPersistence"])]
targets += [
    .target(
        name: "ReduxPersistence", dependencies: ["ReduxShared", "MultiRedux", "ReduxTimeTravel"],
        swiftSettings: strictSettings),
    .testTarget(
        name: "ReduxPersistenceTests", dependencies: ["ReduxShared", "ReduxPersistence", "TestHelpers"],
        swiftSettings: strictSettings),
]

// MARK: ReduxInspector: a recorded session in the browser, served on 127.0.0.1 or written as one HTML file
products += [.library(name: "ReduxInspector", targets: ["ReduxInspector"])]
targets += [
    // Page/ holds the page as .html, .css and .js files; InspectorPage+Template.swift embeds them
    // (.ci/generate-inspector-page writes it, InspectorPageSourceTests checks it).
    // The HTTP server the inspector serves its page with (sockets, requests, the connection loop):
    // a target of its own, not a product.
    .target(name: "ReduxHTTPServer", dependencies: ["ReduxShared"], swiftSettings: strictSettings),
    .testTarget(name: "ReduxHTTPServerTests", dependencies: ["ReduxHTTPServer"], swiftSettings: strictSettings),
    .target(
        name: "ReduxInspector",
        dependencies: ["ReduxShared", "ReduxHTTPServer", "MultiRedux", "ReduxTimeTravel", "ReduxPersistence"],
        exclude: ["Page"], swiftSettings: strictSettings),
    .testTarget(
        name: "ReduxInspectorTests",
        dependencies: ["ReduxInspector", "MultiRedux", "ReduxTimeTravel", "TestHelpers"],
        swiftSettings: strictSettings),
    // Tests the inspector generated (Generated/, compiled and run here) and the check that the
    // generator still writes them byte for byte.
    .testTarget(
        name: "InspectorExportTests",
        dependencies: ["ReduxInspector", "ReduxTesting", "RockPaperScissors", "MultiRedux", "ReduxTimeTravel"],
        swiftSettings: strictSettings),
]

// MARK: RockPaperScissors (example domain) and the rps command-line game
// Only `rps` is a product: the example library is a target for the game and its tests.
products += [.executable(name: "rps", targets: ["rps"])]

targets += [
    // The example domain: state, actions, the three features, persistence.
    .target(
        name: "RockPaperScissors", dependencies: ["ReduxShared", "MultiRedux", "ReduxTimeTravel", "ReduxPersistence"],
        swiftSettings: strictSettings),
    // The rps command set (argument parsing, commands writing to an injected console), tested in-process.
    .target(
        name: "RockPaperScissorsCLI",
        dependencies: ["MultiRedux", "ReduxPersistence", "ReduxInspector", "RockPaperScissors"],
        swiftSettings: strictSettings),
    // The thin executable: the real terminal and main.swift.
    .executableTarget(name: "rps", dependencies: ["RockPaperScissorsCLI"], swiftSettings: strictSettings),
    .testTarget(
        name: "RockPaperScissorsTests",
        dependencies: ["RockPaperScissors", "ReduxPersistence", "ReduxTesting", "TestHelpers"],
        swiftSettings: strictSettings),
    // Depends on `rps` so the end-to-end tests find the built binary next to the test bundle.
    .testTarget(
        name: "rpsTests",
        dependencies: ["RockPaperScissorsCLI", "ReduxPersistence", "ReduxInspector", "rps", "TestHelpers"],
        swiftSettings: strictSettings),
]

// MARK: ReduxBenchmarks (release build: swift run -c release ReduxBenchmarks)
// A target, not a product: nothing depends on it; `swift run` finds it in the root package.
targets += [
    // The benchmark of BENCHMARKS.md: workloads B1–B6, floor and naive baseline; no dependencies
    // beyond the framework. Docs/Performance.md has the results and how to reproduce them.
    .executableTarget(
        name: "ReduxBenchmarks",
        dependencies: [
            "ReduxShared", "MultiRedux", "ReduxInspector", "ReduxPersistence", "ReduxTimeTravel", "ReduxUI",
        ],
        swiftSettings: strictSettings)
]

// The declared minimums are where every library target type-checks (.ci/apple-check); newer APIs are
// behind @available (Docs/MultiRedux.docc/Articles/Platforms.md).
let package = Package(
    name: "MultiRedux",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: products,
    dependencies: [],
    targets: targets,
    swiftLanguageModes: [.v6]
)
