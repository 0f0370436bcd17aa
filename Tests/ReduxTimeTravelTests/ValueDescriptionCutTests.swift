import Testing

@testable import ReduxTimeTravel

/// How a long value is cut in a failure message: whole when it fits, at a field boundary when not.
@Suite struct ValueDescriptionCutTests {
    private struct Meal {
        var name: String
        var minutes: Int
    }

    private struct Plan {
        var meals: [Meal]
    }

    @Test("a value that fits a line is shown whole")
    func fitsWhole() {
        let plan = Plan(meals: [Meal(name: "Pasta", minutes: 20)])
        #expect(ValueDescription.of(plan) == #"Plan(meals: [Meal(name: "Pasta", minutes: 20)])"#)
    }

    @Test("a longer value is cut after its last whole field, with its brackets closed")
    func cutAtAFieldBoundary() {
        let plan = Plan(meals: (1...12).map { Meal(name: "Pasta \($0)", minutes: $0) })
        let text = ValueDescription.of(plan)
        #expect(text.count <= ValueDescription.maximumLength)
        #expect(text.hasPrefix(#"Plan(meals: [Meal(name: "Pasta 1", minutes: 1), "#))
        #expect(text.hasSuffix(", …])"), "\(text)")
        // Never inside a value: every quoted name that starts is finished.
        #expect(text.filter { $0 == "\"" }.count.isMultiple(of: 2), "\(text)")
    }

    @Test("a comma inside a string is not a field boundary")
    func commaInAString() {
        let meal = Meal(name: String(repeating: "salt, pepper, ", count: 20), minutes: 5)
        let text = ValueDescription.of(meal)
        #expect(text.hasSuffix("…\")"), "\(text)")  // cut inside the name, its quote closed
        #expect(!text.hasSuffix(", …)"), "\(text)")
    }

    @Test("a cut inside the first element of a list says the list goes on, and so does what holds the list")
    func cutInsideAnElement() {
        struct Dish { var name: String; var recipe: String }
        struct Week { var dishes: [Dish]; var note: String }
        let recipe = String(repeating: "boil ", count: 40)
        let week = Week(dishes: [Dish(name: "Pasta", recipe: recipe), Dish(name: "Soup", recipe: "")], note: "")
        let text = ValueDescription.of(week)
        #expect(text == #"Week(dishes: [Dish(name: "Pasta", …), …], …)"#)
    }

    @Test("one long string is cut with its quote and brackets closed")
    func longString() {
        let meal = Meal(name: String(repeating: "lasagne ", count: 40), minutes: 5)
        struct Order { var meals: [Meal] }
        let text = ValueDescription.of(Order(meals: [meal]))
        #expect(text.hasSuffix("…\")])"), "\(text)")
        #expect(text.filter { $0 == "\"" }.count.isMultiple(of: 2), "\(text)")
    }
}
