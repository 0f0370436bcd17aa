import MultiRedux
import TestHelpers
import Testing

// MARK: Docs/MultiRedux.docc/Articles/Concurrency.md

/// Stands for a view: it lives on the main actor.
@MainActor final class GreetingView {
    var text = ""
}

@Suite struct ConcurrencyExampleTests {
    @Test("an observation notified on another thread updates a main-actor view")
    @MainActor func observerHopsToTheMainActor() async {
        let store = makeStore()
        let view = GreetingView()
        let greeting = store.observe(select: \.user.userName) { name in
            Task { @MainActor in view.text = "Hello, \(name)" }
        }
        let finished = await runOnThreads([{ store.dispatch(SetUsernameAction(newUsername: "Ada")) }])
        #expect(finished)
        // The observation's tasks run on the main actor once this test yields it.
        for _ in 0..<1_000 where view.text != "Hello, Ada" {
            await Task.yield()
        }
        #expect(view.text == "Hello, Ada")
        greeting.cancel()
    }
}
