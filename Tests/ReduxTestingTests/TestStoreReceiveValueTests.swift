import Foundation
import MultiRedux
import ReduxTesting
import Testing

private struct Login: State, Equatable {
    var user: String?
}

private struct SubmitLogin: Action { var name: String }

/// The delegate action the log-in feature sends; its value is what a parent acts on.
private struct LoggedIn: Action, Equatable {
    var user: String
    var isAdmin: Bool
}

private struct Greeted: Action, Equatable {}

/// Logs in with an effect that sets the user, then says so twice: who logged in, and a greeting.
private struct LoginFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (_, action: SubmitLogin, _: inout Login) -> Effect<Login> in
            .run { effect in
                effect.update { $0.user = action.name }
                // The feature mistakes every user for an administrator: what a value check catches.
                effect.send(LoggedIn(user: action.name, isAdmin: true))
                effect.send(Greeted())
            }
        }
    }
}

/// `receive` of an action's value, part of it, or a predicate: what a delegate action carried.
@Suite(.testStoreTimeout(.seconds(120))) struct TestStoreReceiveValueTests {
    private func loggedInStore(exhaustivity: Exhaustivity = .on) async -> TestStore<Login> {
        let store = TestStore(
            initialState: Login(), features: [LoginFeature().at(\.self)], exhaustivity: exhaustivity)
        await store.send(SubmitLogin(name: "ada"))
        await store.receive(Login.self) { $0.user = "ada" }
        return store
    }

    @Test("receiving the action's value passes when the effect sent that value")
    func equalValuePasses() async {
        let failures = await collectFailures {
            let store = await loggedInStore()
            await store.receive(LoggedIn(user: "ada", isAdmin: true))
            await store.receive(Greeted())
            await store.finish()
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("a delegate action with other values fails once, showing the differing field, and is applied as the app does")
    func differentValueFailsWithDiff() async {
        let failures = await collectFailures {
            let store = await loggedInStore()
            await store.receive(LoggedIn(user: "ada", isAdmin: false))
            // The received action was applied, so the next step is judged on its own and passes.
            await store.receive(Greeted.self)
            await store.finish()
        }
        #expect(failures.count == 1)
        let message = failures.first?.message ?? ""
        #expect(message.contains("receive(LoggedIn(user: \"ada\", isAdmin: false))"))
        let differences = message.split(separator: "\n").dropFirst()
        #expect(differences.map { String($0.drop { $0 == " " }) } == ["isAdmin: false → true"], "\(message)")
    }

    @Test("with exhaustivity on, a value received out of order fails; with it off, older ones are skipped")
    func orderAndExhaustivity() async {
        let strict = await collectFailures {
            let store = await loggedInStore()
            // LoggedIn, skipped, fails; it is applied as the app would, then Greeted as asked.
            await store.receive(Greeted())
            await store.finish()
        }
        #expect(strict.count == 1)
        #expect(strict.first?.message.contains("the oldest held result does not match") == true)

        let lenient = await collectFailures {
            let store = await loggedInStore(exhaustivity: .off)
            await store.receive(Greeted())
            #expect(store.skipped.count == 1)
            await store.finish()
        }
        #expect(lenient.map(\.message) == [])
    }

    @Test("with exhaustivity off, a wrong value is still a failure that shows the difference")
    func wrongValueWithExhaustivityOff() async {
        let failures = await collectFailures {
            let store = await loggedInStore(exhaustivity: .off)
            await store.receive(LoggedIn(user: "bob", isAdmin: true), timeout: .milliseconds(200))
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("user") == true)
        #expect(failures.first?.message.contains("\"bob\"") == true)
    }

    @Test("a key path into the action checks that part alone")
    func keyPathChecksPart() async {
        let passing = await collectFailures {
            let store = await loggedInStore()
            await store.receive(\LoggedIn.user, "ada")
            await store.receive(Greeted())
            await store.finish()
        }
        #expect(passing.map(\.message) == [])

        let failing = await collectFailures {
            let store = await loggedInStore()
            await store.receive(\LoggedIn.isAdmin, false)  // fails, and LoggedIn is applied as the app would
            await store.receive(Greeted.self)
            await store.finish()
        }
        #expect(failing.count == 1)
        #expect(failing.first?.message.contains("the part of the action received differs") == true)
        // The step names the key path as the test wrote it.
        #expect(failing.first?.message.contains(#"receive(\LoggedIn.isAdmin, false)"#) == true)
    }

    @Test("a predicate over the action decides, and a refused action is named in the failure")
    func predicateDecides() async {
        let passing = await collectFailures {
            let store = await loggedInStore()
            await store.receive(LoggedIn.self, where: { $0.user == "ada" })
            await store.receive(Greeted.self, where: { _ in true })
            await store.finish()
        }
        #expect(passing.map(\.message) == [])

        let failing = await collectFailures {
            let store = await loggedInStore()
            await store.receive(LoggedIn.self, where: { !$0.isAdmin })  // fails, and LoggedIn is applied
            await store.receive(Greeted.self)
            await store.finish()
        }
        #expect(failing.count == 1)
        #expect(failing.first?.message.contains("LoggedIn(user: \"ada\", isAdmin: true)") == true)
    }
}
