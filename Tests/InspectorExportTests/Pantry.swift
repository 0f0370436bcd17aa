import MultiRedux

/// A small app of the framework alone, for the generated tests: a pantry whose restocking runs
/// an effect that updates the shelves and sends a follow-up `Delivered`.
struct Pantry: State, Codable, Equatable {
    var shelves = ["rice": 2, "tea": 1]
    var shoppingList: [String] = []
    var deliveriesDue = 0
    var lastDelivery: Delivery?
    var status = Status.open
    var labels: [String] = []
}

/// What a restocking brought.
struct Delivery: Codable, Equatable {
    var item: String
    var count: Int
}

/// Whether the pantry is open.
enum Status: Codable, Equatable {
    case open
    case closed(reason: String)
}

/// Takes one of an item off its shelf.
struct Take: Action, Codable, Equatable {
    var item: String
}

/// Writes an item on the shopping list.
struct Note: Action, Codable, Equatable {
    var item: String
}

/// Orders an item: a delivery is due; the effect fills the shelf and sends `Delivered`.
struct Restock: Action, Codable, Equatable {
    var item: String
    var count: Int
}

/// The follow-up a restocking sends: the item is crossed off the shopping list.
struct Delivered: Action, Codable, Equatable {
    var delivery: Delivery
}

/// Labels the pantry: an action whose name Swift Testing's `Tag` also has, so a generated test
/// names it with its module.
struct Tag: Action, Codable, Equatable {
    var label: String
}

/// Closes the pantry.
struct Close: Action, Codable, Equatable {
    var reason: String
}

struct RestockReducer: AsyncActionReducer {
    func reduce(provider: any ReducerProvider, action: Restock, state: inout Pantry) -> Effect<Pantry> {
        state.deliveriesDue += 1
        return .run { effect in
            effect.update {
                $0.shelves[action.item, default: 0] += action.count
                $0.deliveriesDue -= 1
            }
            effect.send(Delivered(delivery: Delivery(item: action.item, count: action.count)))
        }
    }
}

struct PantryFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: Take, state: inout Pantry) in
            state.shelves[action.item, default: 0] -= 1
        }
        container.addReduceFunction { (_, action: Note, state: inout Pantry) in
            state.shoppingList.append(action.item)
        }
        container.addReducer(reducer: RestockReducer())
        container.addReduceFunction { (_, action: Delivered, state: inout Pantry) in
            state.lastDelivery = action.delivery
            state.shoppingList.removeAll { $0 == action.delivery.item }
        }
        container.addReduceFunction { (_, action: Tag, state: inout Pantry) in
            state.labels.append(action.label)
        }
        container.addReduceFunction { (_, action: Close, state: inout Pantry) in
            state.status = .closed(reason: action.reason)
        }
    }
}

/// The pantry's features, as its app places them.
enum PantryApp {
    static var features: [PlacedFeature<Pantry>] { [PantryFeature().at(\.self)] }
}
