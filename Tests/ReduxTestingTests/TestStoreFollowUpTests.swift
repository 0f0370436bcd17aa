import Foundation
import MultiRedux
import ReduxTesting
import Testing

struct Account: State, Equatable {
    var user: String?
    var isSigningIn = false
}

struct Inbox: State, Equatable {
    var messages: [String] = []
    var isLoading = false
}

struct Mailbox: State, Equatable {
    var account = Account()
    var inbox = Inbox()
}

struct SignIn: Action {
    var user: String
}

struct FetchMail: Action {}

/// Signs in with an effect that updates the account, then sends `FetchMail`.
struct AccountFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (_, action: SignIn, state: inout Account) -> Effect<Account> in
            state.isSigningIn = true
            return .run { effect in
                effect.update {
                    $0.user = action.user
                    $0.isSigningIn = false
                }
                effect.send(FetchMail())
            }
        }
    }
}

/// Fetches the mail of the signed-in user, which it reads from the account.
struct InboxFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (provider, _: FetchMail, state: inout Inbox) -> Effect<Inbox> in
            state.isLoading = true
            return .run { effect in
                let user = provider.read(Account.self)?.user ?? "nobody"
                effect.update {
                    $0.messages = ["Welcome, \(user)"]
                    $0.isLoading = false
                }
            }
        }
    }
}

@Suite(.testStoreTimeout(.seconds(120))) struct TestStoreFollowUpTests {
    private func makeStore() -> TestStore<Mailbox> {
        TestStore(
            initialState: Mailbox(),
            features: [AccountFeature().at(\.account), InboxFeature().at(\.inbox, reading: \.account)])
    }

    @Test("an effect's follow-up action is held in order with its changes, and received by its type")
    func followUpReceivedInOrder() async {
        let failures = await collectFailures {
            let store = makeStore()
            await store.send(SignIn(user: "ada")) { $0.account.isSigningIn = true }
            await store.receive(Account.self) {
                $0.account = Account(user: "ada", isSigningIn: false)
            }
            await store.receive(FetchMail.self) { $0.inbox.isLoading = true }
            await store.receive(Inbox.self) {
                $0.inbox = Inbox(messages: ["Welcome, ada"], isLoading: false)
            }
            await store.finish()
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("receiving the follow-up before the change the effect handed back first fails, naming both")
    func followUpOutOfOrderFails() async {
        let failures = await collectFailures {
            let store = makeStore()
            await store.send(SignIn(user: "ada")) { $0.account.isSigningIn = true }
            await store.receive(FetchMail.self) { $0.inbox.isLoading = true }
            store.exhaustivity = .off
            await store.finish()
        }
        #expect(failures.count == 1)
        let message = failures.first?.message ?? ""
        #expect(message.hasPrefix("receive(FetchMail.self): the oldest held result does not match"))
        #expect(failures.first?.message.contains("FetchMail()") == true)
    }

    @Test("finish fails for a follow-up action that was not received")
    func unreceivedFollowUpFails() async {
        let failures = await collectFailures {
            let store = makeStore()
            await store.send(SignIn(user: "ada")) { $0.account.isSigningIn = true }
            await store.receive(Account.self) { $0.account = Account(user: "ada", isSigningIn: false) }
            await store.finish()
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("FetchMail()") == true)
    }

    @Test("with exhaustivity off, the changes and follow-ups before the one received are applied, not lost")
    func nonExhaustiveAppliesFollowUps() async {
        let failures = await collectFailures {
            let store = makeStore()
            store.exhaustivity = .off
            await store.send(SignIn(user: "bo"))
            await store.receive(Inbox.self) { $0.inbox.messages = ["Welcome, bo"] }
            #expect(store.state.account.user == "bo")
            #expect(store.state.inbox == Inbox(messages: ["Welcome, bo"], isLoading: false))
            await store.finish()
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("a feature tested alone receives the delegate action its effect sends for a parent the test did not place")
    func delegateActionReceivedAlone() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Account(), features: [AccountFeature().at(\.self)])
            await store.send(SignIn(user: "ada")) { $0.isSigningIn = true }
            await store.receive(Account.self) { $0 = Account(user: "ada", isSigningIn: false) }
            await store.receive(FetchMail.self)  // for the inbox, which this test does not place
            await store.finish()
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("a delegate action the test does not receive still fails, at finish")
    func delegateActionNotReceivedFails() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Account(), features: [AccountFeature().at(\.self)])
            await store.send(SignIn(user: "ada")) { $0.isSigningIn = true }
            await store.receive(Account.self) { $0 = Account(user: "ada", isSigningIn: false) }
            await store.finish()
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("FetchMail()") == true)
    }

    @Test("an action the test sends that no reducer handles still fails the step")
    func sentUnhandledActionFails() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Account(), features: [AccountFeature().at(\.self)])
            await store.send(FetchMail())
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("No reducer handled FetchMail") == true)
    }
}
