import MultiRedux

struct Increment: Action {
    var by: Int
}

struct Rename: Action {
    var name: String
}

/// Actions that reset whatever state they reach.
protocol ResetAction: Action {}

struct ResetAll: ResetAction {}
struct ResetCounters: ResetAction {}

/// A class hierarchy of actions: reducers for the base class see subclasses too.
class NavigationAction: Action, @unchecked Sendable {}
final class PushScreen: NavigationAction, @unchecked Sendable {}

struct Counter: Equatable, Sendable {
    var value = 0
    var log: [String] = []
}

struct Profile: Equatable, Sendable {
    var name = ""
}

struct Root: State, Equatable {
    var counter = Counter()
    var profile = Profile()
    var reductions = 0
}

/// Adds to the counter and logs which reducer ran. Written in the in-place form.
struct AddReducer: ActionReducer {
    let tag: String

    func reduce(provider: any ReducerProvider, action: Increment, state: inout Counter) {
        state.value += action.by
        state.log.append(tag)
    }
}

/// Multiplies the counter by ten: run after `AddReducer`, it proves chaining. Written in the
/// value-returning form (VISPER-Redux's).
struct TimesTenReducer: ActionReducerType {
    func reduce(provider: any ReducerProvider, action: Increment, state: Counter) -> Counter {
        var next = state
        next.value *= 10
        next.log.append("x10")
        return next
    }
}

struct ResetReducer: ActionReducer {
    func reduce(provider: any ReducerProvider, action: any ResetAction, state: inout Counter) {
        state = Counter()
    }
}
