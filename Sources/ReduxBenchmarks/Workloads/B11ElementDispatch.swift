import Foundation
import MultiRedux
import ReduxUI

/// B11 element dispatch: what a feature placed at each element of a stack costs per action,
/// against the same action reduced by a feature placed at a plain part (B1's kind of dispatch).
///
/// - `--param 0`: a plain dispatch, reduced by a feature placed at `\.row`;
/// - `--param 1` (default): a dispatch addressed to one of 100 screens
///   (`store.dispatch(_:to:id:)`), reduced by a feature placed at each screen (`forEach(\.screens)`);
/// - `--param 2`: a plain dispatch of another action in that store: what the placement costs an
///   action addressed to no screen;
/// - `--param 3`: a dispatch addressed to one of 100 screens, reduced by a feature placed at each
///   screen's sheet (`B11SheetFeature().at(\.self).ifLet(\.sheet).forEach(\.screens)`): a placement two levels
///   deep;
/// - `--param 4`: a dispatch addressed to one of 100 screens, reduced by a feature placed at each
///   screen sharing its item with the app's list of 100 items
///   (`forEach(\.screens, sharing: \.item, with: \.items)`), which changes the shared item: what
///   keeping 100 copies equal to their homes costs an action.
///
/// Instruction-count mode (`--count N`): N dispatches, with the set-up.
struct ElementDispatch: Workload {
    let id = "B11"

    /// The runs, by parameter, with what each dispatches.
    private static let runs: [(parameter: Int, label: String)] = [
        (0, "plain dispatch, feature at a part (`at(\\.row)`)"),
        (1, "dispatch to 1 of 100 screens, feature at each (`forEach(\\.screens)`)"),
        (2, "plain dispatch of another action, in the store of row 2"),
        (3, "dispatch to 1 of 100 screens, feature at each screen's sheet (`ifLet(\\.sheet).forEach(\\.screens)`)"),
        (
            4,
            "dispatch to 1 of 100 screens sharing an item each (`forEach(\\.screens, sharing: \\.item, with: \\.items)`)"
        ),
    ]

    func runTimed(_ options: Options, _ shared: SharedResults) -> [Table] {
        var table = Table(
            title: "B11 element dispatch: a feature placed at each of 100 screens, against one placed at a part",
            header: ["dispatch", "median ns", "min ns", "max ns", "dispatches per repetition"])
        let dispatches = options.quick ? 10_000 : 200_000
        for run in Self.runs {
            let stats = Sampler().measure { makeRun(run.parameter, dispatches: dispatches) }
            table.rows.append([
                run.label, format(stats.median), format(stats.min), format(stats.max), grouped(dispatches),
            ])
        }
        table.notes.append(
            "An addressed dispatch queues the action with its address and finds the screen by id; the screen's "
                + "reducers run on it in place. Instructions: .ci/callgrind-check's B11 rows.")
        return [table]
    }

    func runCounted(_ options: Options) {
        let run = makeRun(options.parameter ?? 1, dispatches: options.count ?? 0)
        run.body()
        run.finish()
    }

    /// A store and `dispatches` dispatches of the kind `parameter` names.
    private func makeRun(_ parameter: Int, dispatches: Int) -> Run {
        let initial = B11App(screens: StackState((0..<100).map { B11Screen(taps: $0) }))
        switch parameter {
        case 0:
            let store = Store(initialState: initial, features: [B11ScreenFeature().at(\.row)])
            return Run(
                operations: dispatches,
                body: {
                    for _ in 0..<dispatches { store.dispatch(B11Tap()) }
                },
                finish: { check(store.state.row.taps, dispatches) })
        case 1, 2:
            let store = Store(
                initialState: initial,
                features: [B11ScreenFeature().forEach(\.screens), B11AppFeature().at(\.self)])
            let screen = store.state.screens.ids[50]
            if parameter == 1 {
                return Run(
                    operations: dispatches,
                    body: {
                        for _ in 0..<dispatches { store.dispatch(B11Tap(), to: \.screens, id: screen) }
                    },
                    finish: { check(store.state.screens[id: screen]?.taps ?? 0, 50 + dispatches) })
            }
            return Run(
                operations: dispatches,
                body: {
                    for _ in 0..<dispatches { store.dispatch(B11Count()) }
                },
                finish: { check(store.state.counted, dispatches) })
        case 3:
            let sheeted = B11App(
                screens: StackState((0..<100).map { B11Screen(taps: $0, sheet: B11Sheet(taps: 0)) }))
            let store = Store(
                initialState: sheeted,
                features: [B11SheetFeature().at(\.self).ifLet(\.sheet).forEach(\.screens), B11AppFeature().at(\.self)])
            let screen = store.state.screens.ids[50]
            return Run(
                operations: dispatches,
                body: {
                    for _ in 0..<dispatches { store.dispatch(B11Tap(), to: \.screens, id: screen) }
                },
                finish: { check(store.state.screens[id: screen]?.sheet?.taps ?? 0, dispatches) })
        case 4:
            let store = Store(
                initialState: initial,
                features: [
                    B11ItemFeature().forEach(\.screens, sharing: \.item, with: \.items), B11AppFeature().at(\.self),
                ])
            let screen = store.state.screens.ids[50]
            return Run(
                operations: dispatches,
                body: {
                    for _ in 0..<dispatches { store.dispatch(B11Tap(), to: \.screens, id: screen) }
                },
                finish: { check(store.state.items[id: 50]?.taps ?? 0, dispatches) })
        default:
            fail("B11 has no parameter \(parameter) (0 to 4)")
        }
    }

    /// Stops the benchmark when a run did not do what it counts.
    private func check(_ got: Int, _ expected: Int) {
        guard got != expected else { return }
        printError("ReduxBenchmarks: B11 counted \(got), expected \(expected)")
        exit(1)
    }
}

private struct B11Screen: State {
    var taps: Int
    /// What the screen presents, for the placement two levels deep.
    var sheet: B11Sheet?
    /// The screen's copy of the item of the app's list with its number, for the sharing placement.
    var item: B11Item

    init(taps: Int, sheet: B11Sheet? = nil) {
        self.taps = taps
        self.sheet = sheet
        item = B11Item(id: taps, taps: 0)
    }
}

/// An item of the app's list, which a screen shares.
private struct B11Item: Equatable, Identifiable, Sendable {
    var id: Int
    var taps: Int
}

/// A screen's sheet.
private struct B11Sheet: State {
    var taps: Int
}

private struct B11App: State {
    var row = B11Screen(taps: 0)
    var screens: StackState<B11Screen>
    var counted = 0
    /// The items the screens share, one per screen.
    var items = IdentifiedArray((0..<100).map { B11Item(id: $0, taps: 0) })
}

private struct B11Tap: Action {}
private struct B11Count: Action {}

private struct B11ScreenFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: B11Tap, screen: inout B11Screen) in screen.taps += 1 }
    }
}

private struct B11SheetFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: B11Tap, sheet: inout B11Sheet) in sheet.taps += 1 }
    }
}

private struct B11ItemFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: B11Tap, screen: inout B11Screen) in screen.item.taps += 1 }
    }
}

private struct B11AppFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: B11Count, app: inout B11App) in app.counted += 1 }
    }
}
