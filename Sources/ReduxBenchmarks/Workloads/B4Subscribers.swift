import MultiRedux

/// B4 subscribers: 10 subscribers selecting `game` and, in the second row, 1,000 more selecting
/// `settings` (Equatable, so repeats are skipped); 10,000 dispatches that change only the game.
struct Subscribers: TableWorkload {
    let id = "B4"
    let title = "subscribers: 10 select game, plus 1,000 select settings; only game changes"
    let parameterName = "subscribers"
    let variants: [Variant] = [.floor, .observers, .store]
    let countedParameter = gameSubscriberCount + 1_000

    /// The subscribers whose selection every dispatch changes.
    static let gameSubscriberCount = 10
    private var gameSubscriberCount: Int { Self.gameSubscriberCount }

    func parameters(quick: Bool) -> [Int] {
        [gameSubscriberCount, gameSubscriberCount + 1_000]
    }

    func operations(_ variant: Variant, parameter: Int, quick: Bool) -> Int {
        quick ? 1_000 : 10_000
    }

    func makeRun(_ variant: Variant, parameter: Int, operations: Int) -> Run {
        let game = (0..<gameSubscriberCount).map { _ in CountingSubscriber<GameState>() }
        let settings = (gameSubscriberCount..<max(parameter, gameSubscriberCount)).map { _ in
            CountingSubscriber<Settings>()
        }
        let actions: [any Action] = [AdvanceTurn()]
        let run: Run
        switch variant {
        case .floor:
            let notifier = FloorNotifier(settingsSubscribers: settings, gameSubscribers: game)
            run = FloorRunner(AppState()) { notifier.reduceAndNotify($0, &$1) }
                .makeRun(operations: operations, cycling: actions)
        case .observers:
            let observers = HandWrittenObservers(settingsSubscribers: settings, gameSubscribers: game)
            run = FloorRunner(AppState()) { observers.reduceAndNotify($0, &$1) }
                .makeRun(operations: operations, cycling: actions)
        case .store, .storeHandWritten:
            let store = makeStore(AppState(), form: variant.appReducerForm) { $0.register(AdvanceTurn.self) }
            for subscriber in settings { store.suscribe(subscriber, select: \.settings) }
            for subscriber in game { store.suscribe(subscriber, select: \.game) }
            run = store.makeRun(operations: operations, cycling: actions)
        case .naive:
            preconditionFailure("ReduxBenchmarks: B4 has no \(variant.rawValue) variant")
        }
        return Run(operations: operations) {
            run.body()
            let gameUpdates = game.reduce(0) { $0 + $1.updates }
            let settingsUpdates = settings.reduce(0) { $0 + $1.updates }
            // Every game subscriber saw every dispatch; settings subscribers at most their first value.
            precondition(gameUpdates >= game.count * operations, "ReduxBenchmarks: B4 lost game updates")
            precondition(settingsUpdates <= settings.count, "ReduxBenchmarks: B4 repeated settings updates")
            blackHole(gameUpdates + settingsUpdates)
        }
    }

    func extraNotes(_ options: Options, medians: [Variant: [Int: Double]]) -> [String] {
        let all = gameSubscriberCount + 1_000
        guard let store = medians[.store]?[all], let observers = medians[.observers]?[all] else { return [] }
        return ["Store / hand-written observers at \(grouped(all)) subscribers (median): \(ratio(store / observers))"]
    }
}
