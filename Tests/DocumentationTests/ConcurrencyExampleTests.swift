import MultiRedux
import TestHelpers
import Testing

// MARK: Docs/MultiRedux.docc/Articles/Concurrency.md

/// Stands for a view: it lives on the main actor.
@MainActor final class GreetingView {
    var text = ""
}

@Suite struct ConcurrencyExampleTests {
    @Test("an observation on the main actor updates a main-actor view, whichever thread dispatched")
    @MainActor func observerOnTheMainActor() async {
        let store = makeStore()
        let view = GreetingView()
        var updated: CheckedContinuation<Void, Never>?
        let greeting = store.observe(select: \.user.userName, on: MainActor.self) { name in
            view.text = "Hello, \(name)"  // main-actor state, set on the main actor
            if name == "Ada" { updated?.resume() }
        }
        #expect(view.text == "Hello, ")  // the first value, before observe returned

        // The main actor waits here while another thread dispatches: the change comes after.
        let finished = await runOnThreads([{ store.dispatch(SetUsernameAction(newUsername: "Ada")) }])
        #expect(finished)
        if view.text != "Hello, Ada" {
            await withCheckedContinuation { updated = $0 }
        }
        #expect(view.text == "Hello, Ada")
        greeting.cancel()
    }
}
