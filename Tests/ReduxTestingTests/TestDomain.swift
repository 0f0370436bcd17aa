import Dispatch
import MultiRedux
import TestHelpers

@testable import ReduxReducers

// A small app for the tests: a counter, a user profile loaded asynchronously, and a theme.

struct CounterState: State, Equatable {
    var count = 0
    var history: [Int] = []
}

struct UserState: State, Equatable {
    var name = ""
    var bio: String?
    var isLoading = false
    var tags: Set<String> = []
}

enum Theme: Equatable {
    case light, dark
}

struct ThemeState: State, Equatable {
    var theme = Theme.light
}

struct AppState: State, Equatable {
    var counter = CounterState()
    var user = UserState()
    var theme = ThemeState()
}

struct Increment: Action {
    var by = 1
}

struct SetName: Action {
    var name: String
}

struct LoadProfile: Action {
    var id: Int
}

struct FetchCount: Action {
    var count: Int
}

struct SetTheme: Action {
    var theme: Theme
}

struct Logout: Action {}

protocol ResetAction: Action {}

struct ResetAll: ResetAction {}

/// Adds to the count and records each new value.
struct IncrementReducer: ActionReducer {
    func reduce(provider: any ReducerProvider, action: Increment, state: inout CounterState) {
        state.count += action.by
        state.history.append(state.count)
    }
}

/// Resets the counter for every `ResetAction`: registered for a protocol existential.
struct ResetCounterReducer: ActionReducer {
    func reduce(provider: any ReducerProvider, action: any ResetAction, state: inout CounterState) {
        state = CounterState()
    }
}

/// Sets the user's name; value-returning.
struct SetNameReducer: ActionReducerType {
    func reduce(provider: any ReducerProvider, action: SetName, state: UserState) -> UserState {
        var state = state
        state.name = action.name
        return state
    }
}

/// Tags the user after a name change; runs after ``SetNameReducer``.
struct TagRenamedReducer: ActionReducer {
    func reduce(provider: any ReducerProvider, action: SetName, state: inout UserState) {
        state.tags.insert("renamed")
    }
}

/// Marks the profile as loading while ``LoadProfileReducer`` works.
struct StartLoadingReducer: ActionReducer {
    func reduce(provider: any ReducerProvider, action: LoadProfile, state: inout UserState) {
        state.isLoading = true
    }
}

/// Loads a profile on another thread and delivers a whole new `UserState`.
struct LoadProfileReducer: AsyncActionReducerType {
    func reduce(
        provider: any ReducerProvider, action: LoadProfile, completion: @escaping @Sendable (UserState) -> Void
    ) {
        let id = action.id
        DispatchQueue.global().async {
            completion(UserState(name: "User \(id)", bio: "Profile \(id)", isLoading: false))
        }
    }
}

/// Fetches a count on another thread.
struct FetchCountReducer: AsyncActionReducerType {
    func reduce(
        provider: any ReducerProvider, action: FetchCount, completion: @escaping @Sendable (CounterState) -> Void
    ) {
        let count = action.count
        DispatchQueue.global().async {
            completion(CounterState(count: count, history: [count]))
        }
    }
}

/// Changes the theme.
struct SetThemeReducer: ActionReducer {
    func reduce(provider: any ReducerProvider, action: SetTheme, state: inout ThemeState) {
        state.theme = action.theme
    }
}

/// A reduce function (value-returning, VISPER style), tested as a `FunctionalReducer`.
@Sendable func decrement(provider: any ReducerProvider, action: Increment, state: CounterState) -> CounterState {
    CounterState(count: state.count - action.by, history: state.history + [state.count - action.by])
}

/// An in-place reduce function.
@Sendable func double(provider: any ReducerProvider, action: Increment, state: inout CounterState) {
    state.count *= 2
}

struct LoadBio: Action {}

/// Loads a bio with `async`/`await` and returns a patch: only `bio` and `isLoading` change, so
/// whatever else changed meanwhile is kept.
struct LoadBioReducer: ConcurrentActionReducer {
    func reduce(provider: any ReducerProvider, action: LoadBio) async -> @Sendable (inout UserState) -> Void {
        await Task.yield()
        return {
            $0.bio = "Loaded bio of \($0.name)"
            $0.isLoading = false
        }
    }
}

struct CounterFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: IncrementReducer())
        container.addReducer(reducer: ResetCounterReducer())
        container.addReducer(reducer: FetchCountReducer())
    }
}

struct UserFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: SetNameReducer())
        container.addReducer(reducer: TagRenamedReducer())
        container.addReducer(reducer: StartLoadingReducer())
        container.addReducer(reducer: LoadProfileReducer())
    }
}

struct ThemeFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: SetThemeReducer())
    }
}

/// Loads the user's bio with the async patch reducer ``LoadBioReducer``; placed at `\.user`
/// beside ``UserFeature``.
struct BioFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: LoadBioReducer())
    }
}

/// Registers the broken ``ForgetfulBioReducer``.
struct ForgetfulBioFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: ForgetfulBioReducer())
    }
}

/// A feature made of a registration closure, for the setups of single tests.
struct Registrations: LogicFeature {
    let register: (any ReducerContainer) -> Void

    func injectReducers(container: any ReducerContainer) {
        register(container)
    }
}

/// The app's features, each at the part of `AppState` it owns.
func allFeatures() -> [PlacedFeature<AppState>] {
    [CounterFeature().at(\.counter), UserFeature().at(\.user), ThemeFeature().at(\.theme)]
}

/// The app reducer of code ported from ReduxSample, for the compatibility initialiser of `TestStore`.
let appReducer: InPlaceAppReducer<AppState> = reduceSubstates(Substate(\.counter), Substate(\.user), Substate(\.theme))

/// A feature that registers a reducer of `ThemeState`: placed at a `UserState`, it cannot reach it.
struct UserAndThemeFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: SetNameReducer())
        container.addReducer(reducer: SetThemeReducer())
    }
}

/// A score, placed twice in a match: at home and away.
struct TeamScore: State, Equatable {
    var goals = 0
}

struct Goal: Action {}

struct GoalReducer: ActionReducer {
    func reduce(provider: any ReducerProvider, action: Goal, state: inout TeamScore) {
        state.goals += 1
    }
}

struct ScoreFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: GoalReducer())
    }
}

struct MatchState: State, Equatable {
    var home = TeamScore()
    var away = TeamScore()
}

/// Switches to the dark theme, in an effect, once a profile has loaded: an async reducer started
/// by an async result (of the user state; any other result starts nothing). (`AsyncReducerResult`
/// is the package's own type, open to these tests but not to apps.)
struct DarkThemeAfterLoadReducer: AsyncActionReducer {
    func reduce(
        provider: any ReducerProvider, action: AsyncReducerResult, state: inout ThemeState
    ) -> Effect<ThemeState> {
        guard action.resultType == UserState.self else { return .none }
        return .run { effect in effect.update { $0 = ThemeState(theme: .dark) } }
    }
}

struct ProfileThemeFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: DarkThemeAfterLoadReducer())
    }
}

/// Loads a profile with `async`/`await` and returns a patch.
struct AwaitProfileReducer: ConcurrentActionReducer {
    func reduce(provider: any ReducerProvider, action: LoadProfile) async -> @Sendable (inout UserState) -> Void {
        await Task.yield()
        let name = "Awaited \(action.id)"
        return { $0.name = name }
    }
}

/// Refreshes the counter and the profile at once.
struct Refresh: Action {
    var id: Int
    var count: Int
}

/// Delivers a count from inside the reduction, so results arrive in the app reducer's order.
struct RefreshCountReducer: AsyncActionReducerType {
    func reduce(
        provider: any ReducerProvider, action: Refresh, completion: @escaping @Sendable (CounterState) -> Void
    ) {
        completion(CounterState(count: action.count, history: [action.count]))
    }
}

/// Delivers a profile from inside the reduction, after ``RefreshCountReducer`` (the store
/// reduces the counter before the user).
struct RefreshProfileReducer: AsyncActionReducerType {
    func reduce(
        provider: any ReducerProvider, action: Refresh, completion: @escaping @Sendable (UserState) -> Void
    ) {
        completion(UserState(name: "User \(action.id)", bio: "Profile \(action.id)"))
    }
}

/// Two async reducers for one action, in two features, whose results arrive in a known order:
/// the counter's first, because the counter is placed before the user.
struct RefreshCountFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: RefreshCountReducer())
    }
}

struct RefreshProfileFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: RefreshProfileReducer())
    }
}

/// The app's features and the two refresh features, placed in the app's order.
func refreshingFeatures() -> [PlacedFeature<AppState>] {
    allFeatures() + [RefreshCountFeature().at(\.counter), RefreshProfileFeature().at(\.user)]
}

/// A broken async reducer: it never calls its completion.
struct ForgetfulBioReducer: AsyncActionReducerType {
    func reduce(
        provider: any ReducerProvider, action: LoadBio, completion: @escaping @Sendable (UserState) -> Void
    ) {}
}

/// A gate that tasks wait for until the test opens it.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters {
            waiter.resume()
        }
        waiters.removeAll()
    }
}

/// Loads a profile with `async`/`await` but returns only once the test opens its gate: slower
/// than any timeout, and able to deliver after one.
struct GatedProfileReducer: ConcurrentActionReducer {
    let gate: Gate

    func reduce(provider: any ReducerProvider, action: LoadProfile) async -> @Sendable (inout UserState) -> Void {
        await gate.wait()
        let name = "Late \(action.id)"
        return { $0.name = name }
    }
}

/// An async reducer started by a profile result whose work never returns, even when cancelled,
/// like a completion that is never called (any other result starts nothing).
struct ForgetfulThemeAfterLoadReducer: AsyncActionReducer {
    func reduce(
        provider: any ReducerProvider, action: AsyncReducerResult, state: inout ThemeState
    ) -> Effect<ThemeState> {
        guard action.resultType == UserState.self else { return .none }
        return .run { _ in await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in } }
    }
}

/// Completions an async reducer handed over instead of calling them, for the test to call late.
final class HeldCompletions: Sendable {
    private let recorder = Recorder<@Sendable (UserState) -> Void>()

    func append(_ completion: @escaping @Sendable (UserState) -> Void) {
        recorder.append(completion)
    }

    /// Calls every completion handed over so far.
    func complete(with state: UserState) {
        for completion in recorder.all {
            completion(state)
        }
    }
}

/// Hands its completion to the test instead of calling it.
struct DeferredBioReducer: AsyncActionReducerType {
    let completions: HeldCompletions

    func reduce(
        provider: any ReducerProvider, action: LoadBio, completion: @escaping @Sendable (UserState) -> Void
    ) {
        completions.append(completion)
    }
}
