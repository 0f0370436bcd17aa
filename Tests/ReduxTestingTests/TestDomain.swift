import Dispatch
import MultiRedux
import TestHelpers

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
struct IncrementReducer: InPlaceActionReducer {
    func reduce(provider: any ReducerProvider, action: Increment, state: inout CounterState) {
        state.count += action.by
        state.history.append(state.count)
    }
}

/// Resets the counter for every `ResetAction`: registered for a protocol existential.
struct ResetCounterReducer: InPlaceActionReducer {
    func reduce(provider: any ReducerProvider, action: any ResetAction, state: inout CounterState) {
        state = CounterState()
    }
}

/// Sets the user's name; value-returning.
struct SetNameReducer: ActionReducer {
    func reduce(provider: any ReducerProvider, action: SetName, state: UserState) -> UserState {
        var state = state
        state.name = action.name
        return state
    }
}

/// Tags the user after a name change; runs after ``SetNameReducer``.
struct TagRenamedReducer: InPlaceActionReducer {
    func reduce(provider: any ReducerProvider, action: SetName, state: inout UserState) {
        state.tags.insert("renamed")
    }
}

/// Marks the profile as loading while ``LoadProfileReducer`` works.
struct StartLoadingReducer: InPlaceActionReducer {
    func reduce(provider: any ReducerProvider, action: LoadProfile, state: inout UserState) {
        state.isLoading = true
    }
}

/// Loads a profile on another thread and delivers a whole new `UserState`.
struct LoadProfileReducer: AsyncActionReducer {
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
struct FetchCountReducer: AsyncActionReducer {
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
struct SetThemeReducer: InPlaceActionReducer {
    func reduce(provider: any ReducerProvider, action: SetTheme, state: inout ThemeState) {
        state.theme = action.theme
    }
}

/// A reduce function, for the function forms of the assertions.
@Sendable func decrement(provider: any ReducerProvider, action: Increment, state: CounterState) -> CounterState {
    CounterState(count: state.count - action.by, history: state.history + [state.count - action.by])
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

func allFeatures() -> [any LogicFeature] {
    [CounterFeature(), UserFeature(), ThemeFeature()]
}

let appReducer: InPlaceAppReducer<AppState> = reduceSubstates(Substate(\.counter), Substate(\.user), Substate(\.theme))

/// The same app reducer with the theme forgotten: `SetThemeReducer` can never run.
let appReducerWithoutTheme: InPlaceAppReducer<AppState> = reduceSubstates(Substate(\.counter), Substate(\.user))

/// The value-returning form, VISPER style.
let valueAppReducer: AppReducer<AppState> = { provider, action, state in
    AppState(
        counter: provider.reduce(action, state.counter), user: provider.reduce(action, state.user),
        theme: provider.reduce(action, state.theme))
}

/// Switches to the dark theme, on another thread, once a profile has loaded: an async reducer
/// started by an async result.
struct DarkThemeAfterLoadReducer: AsyncActionReducer {
    func reduce(
        provider: any ReducerProvider, action: AsyncReducerResultAction<UserState>,
        completion: @escaping @Sendable (ThemeState) -> Void
    ) {
        DispatchQueue.global().async {
            completion(ThemeState(theme: .dark))
        }
    }
}

struct ProfileThemeFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: DarkThemeAfterLoadReducer())
    }
}

/// Loads a profile with `async`/`await`; introspection names it, not its adapter.
struct AwaitProfileReducer: ConcurrentActionReducer {
    func reduce(provider: any ReducerProvider, action: LoadProfile) async -> UserState {
        await Task.yield()
        return UserState(name: "Awaited \(action.id)")
    }
}

/// Refreshes the counter and the profile at once.
struct Refresh: Action {
    var id: Int
    var count: Int
}

/// Delivers a count from inside the reduction, so results arrive in the app reducer's order.
struct RefreshCountReducer: AsyncActionReducer {
    func reduce(
        provider: any ReducerProvider, action: Refresh, completion: @escaping @Sendable (CounterState) -> Void
    ) {
        completion(CounterState(count: action.count, history: [action.count]))
    }
}

/// Delivers a profile from inside the reduction, after ``RefreshCountReducer`` (the app reducer
/// reduces the counter before the user).
struct RefreshProfileReducer: AsyncActionReducer {
    func reduce(
        provider: any ReducerProvider, action: Refresh, completion: @escaping @Sendable (UserState) -> Void
    ) {
        completion(UserState(name: "User \(action.id)", bio: "Profile \(action.id)"))
    }
}

/// Two async reducers for one action, whose results arrive in a known order: the counter's first.
struct RefreshFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: RefreshCountReducer())
        container.addReducer(reducer: RefreshProfileReducer())
    }
}

struct LoadBio: Action {}

/// A broken async reducer: it never calls its completion.
struct ForgetfulBioReducer: AsyncActionReducer {
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

    func reduce(provider: any ReducerProvider, action: LoadProfile) async -> UserState {
        await gate.wait()
        return UserState(name: "Late \(action.id)")
    }
}

/// An async reducer started by a profile result that never calls its completion.
struct ForgetfulThemeAfterLoadReducer: AsyncActionReducer {
    func reduce(
        provider: any ReducerProvider, action: AsyncReducerResultAction<UserState>,
        completion: @escaping @Sendable (ThemeState) -> Void
    ) {}
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
struct DeferredBioReducer: AsyncActionReducer {
    let completions: HeldCompletions

    func reduce(
        provider: any ReducerProvider, action: LoadBio, completion: @escaping @Sendable (UserState) -> Void
    ) {
        completions.append(completion)
    }
}
