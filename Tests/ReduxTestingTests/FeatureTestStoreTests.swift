import Foundation
import MultiRedux
import ReduxTesting
import ReduxUI
import Testing

private struct Meal: Equatable, Sendable {
    var name: String
}

private struct Plan: State, Equatable {
    var meals: [Meal] = []
    var note = ""
}

private enum PlanAction: Action, Equatable {
    case addMeal(Meal)
    case renamed(String)
    case noted(String)
    case delegate(Delegate)
    case removeMeal(at: Int)
    case rename(at: Int, to: String)
    indirect case twice(PlanAction)

    enum Delegate: Equatable {
        case planChanged([Meal])
        case cleared
        case removed(count: Int)
    }
}

/// Adds a meal and tells its parent; a note is written, then said to be so.
private struct PlanFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (_, action: PlanAction, plan: inout Plan) -> Effect<Plan> in
            switch action {
            case .addMeal(let meal):
                plan.meals.append(meal)
                return .send(PlanAction.delegate(.planChanged(plan.meals)))
            case .renamed(let note):
                plan.note = note
                return .send(PlanAction.noted(note))
            case .removeMeal(let index):
                plan.meals.remove(at: index)
                return .send(PlanAction.delegate(.removed(count: 1)))
            case .rename(let index, let name):
                plan.meals[index].name = name
                return .none
            case .noted, .delegate, .twice:
                return .none
            }
        }
    }
}

private let pasta = Meal(name: "Pasta")

/// The test store typed on a feature: its cases as steps, and cases matched without their values.
@Suite(.testStoreTimeout(.seconds(120))) struct FeatureTestStoreTests {
    private func makeStore() -> FeatureTestStore<Plan, PlanAction> {
        FeatureTestStore(initialState: Plan(), features: [PlanFeature().at(\.self)], actions: PlanAction.self)
    }

    @Test("steps are the feature's cases: send(.addMeal(pasta)), receive(.delegate(.planChanged([pasta])))")
    func implicitMemberSteps() async {
        let failures = await collectFailures {
            let store = FeatureTestStore(
                initialState: Plan(), features: [PlanFeature().at(\.self)], actions: PlanAction.self)
            await store.send(.addMeal(pasta)) { $0.meals = [pasta] }
            await store.receive(.delegate(.planChanged([pasta])))
            await store.finish()
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("a case is matched without its value, and so is a case nested in a case")
    func caseWithoutValue() async {
        let failures = await collectFailures {
            let store = makeStore()
            await store.send(.addMeal(pasta)) { $0.meals = [pasta] }
            await store.receive(PlanAction.delegate)
            await store.send(.addMeal(pasta)) { $0.meals = [pasta, pasta] }
            await store.receive(PlanAction.delegate, PlanAction.Delegate.planChanged)
            await store.finish()
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("another case never matches, even one whose payload has the same type: one failure, named")
    func otherCaseFails() async {
        let failures = await collectFailures {
            let store = makeStore()
            await store.send(.renamed("Weekdays")) { $0.note = "Weekdays" }
            await store.receive(PlanAction.renamed)  // the effect sent .noted("Weekdays")
            await store.finish()
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("the action received is another case") == true)
        #expect(failures.first?.message.contains(#"PlanAction.noted("Weekdays")"#) == true)
    }

    @Test("a case with one labelled value is matched without it, and so is a nested one; another never")
    func labelledValue() async {
        let matched = await collectFailures {
            let store = makeStore()
            await store.send(.addMeal(pasta)) { $0.meals = [pasta] }
            await store.receive(PlanAction.delegate)
            await store.send(.removeMeal(at: 0)) { $0.meals = [] }
            await store.receive(PlanAction.delegate, PlanAction.Delegate.removed)
            await store.finish()
        }
        #expect(matched.map(\.message) == [])
        let refused = await collectFailures {
            let store = makeStore()
            await store.send(.addMeal(pasta)) { $0.meals = [pasta] }
            await store.receive(PlanAction.delegate, PlanAction.Delegate.removed)  // it was .planChanged
        }
        #expect(refused.count == 1)
        #expect(
            refused.first?.message.hasPrefix("receive(PlanAction case taking Delegate, whose case takes Int)") == true)
    }

    @Test("a case with several values is matched without them")
    func severalValues() async {
        let failures = await collectFailures {
            let store = FeatureTestStore(
                initialState: Plan(meals: [pasta]), features: [PlanFeature().at(\.self)], actions: PlanAction.self
            ) { container in
                container.addAsyncReduceFunction { (_, action: PlanAction, _: inout Plan) -> Effect<Plan> in
                    guard case .noted = action else { return .none }
                    return .send(PlanAction.rename(at: 0, to: "Soup"))
                }
            }
            await store.send(.noted("rename it"))
            await store.receive(PlanAction.rename) { $0.meals = [Meal(name: "Soup")] }
            await store.finish()
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("assert and withExhaustivity are the typed store's own, as the test store's")
    func assertAndExhaustivity() async {
        let failures = await collectFailures {
            let store = makeStore()
            await store.withExhaustivity(.off) {
                await store.send(.addMeal(pasta))  // the meal is not this part's concern
                await store.receive(PlanAction.delegate)
            }
            #expect(store.exhaustivity == .on)
            store.assert { $0.meals = [pasta] }  // nothing changed since the last step
            await store.send(.renamed("Soup")) { $0.note = "Soup" }
            await store.receive(.noted("Soup"))
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("a nested case that differs does not match")
    func otherNestedCaseFails() async {
        let failures = await collectFailures {
            let store = makeStore()
            await store.send(.addMeal(pasta)) { $0.meals = [pasta] }
            await store.receive(PlanAction.delegate, { (_: Void) in PlanAction.Delegate.cleared })
        }
        #expect(failures.count == 1)
    }

    @Test("an indirect case is matched like any other")
    func indirectCase() async {
        let failures = await collectFailures {
            let store = FeatureTestStore(
                initialState: Plan(), features: [PlanFeature().at(\.self)], actions: PlanAction.self
            ) { container in
                container.addAsyncReduceFunction { (_, action: PlanAction, _: inout Plan) -> Effect<Plan> in
                    guard case .noted = action else { return .none }
                    return .send(PlanAction.twice(.noted("again")))
                }
            }
            await store.send(.noted("first"))
            await store.receive(PlanAction.twice)
            await store.finish()
        }
        #expect(failures.map(\.message) == [])
    }
}

private struct Screen: BindableState, Equatable {
    var taps = 0
    var title = ""

    static var bindableFields: [AnyKeyPath & Sendable] { [\Screen.title] }
}

private enum ScreenAction: Action, Equatable {
    case tapped
    case close
}

private struct ScreenFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addBindingReducer(for: Screen.self)
        container.addAsyncReduceFunction { (_, action: ScreenAction, screen: inout Screen) -> Effect<Screen> in
            switch action {
            case .tapped:
                screen.taps += 1
                return .none
            case .close:
                return .dismiss
            }
        }
    }
}

private struct Screens: State, Equatable {
    var path = StackState([Screen(), Screen()])
}

private enum ScreensAction: Action, Equatable {
    case reset
}

@Suite(.testStoreTimeout(.seconds(120))) struct FeatureTestStoreElementTests {
    @Test("a step sent from an element is spelled the same way, on the element's view of the store")
    func elementSteps() async {
        let failures = await collectFailures {
            let store = FeatureTestStore(
                initialState: Screens(), features: [ScreenFeature().forEach(\.path)], actions: ScreensAction.self)
            let second = store.state.path.ids[1]
            let screen = store.scope(\.path, id: second, actions: ScreenAction.self)
            await screen.send(.tapped) { $0.path[id: second]?.taps = 1 }
            await store.finish()
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("a step of another type, a child's binding write or its own action, and the Dismissal it sends")
    func stepsOfOtherTypes() async {
        let failures = await collectFailures {
            let store = FeatureTestStore(
                initialState: Screens(), features: [ScreenFeature().forEach(\.path)], actions: ScreensAction.self)
            let first = store.state.path.ids[0]
            let screen = store.scope(\.path, id: first, actions: ScreenAction.self)
            await screen.send(BindingAction<Screen>.set(\.title, "One")) { $0.path[id: first]?.title = "One" }
            await screen.send(.close)
            await store.receive(Dismissal()) { $0.path.pop(from: first) }
            await store.finish()
        }
        #expect(failures.map(\.message) == [])
    }
}
