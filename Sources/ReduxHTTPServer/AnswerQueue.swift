/// The requests waiting for a responder, and which one runs next: a state machine with no
/// threads, tested as such (``Responders`` runs it).
///
/// Fair under floods: a cheap request is taken before any expensive one, and at most
/// `expensiveAtOnce` expensive ones run at once, so a responder is always free for a cheap
/// request; the expensive ones are taken from each client in turn, so one client's flood does not
/// starve another's request. Bounded: a client may have `waitingPerClient` expensive requests
/// waiting, and all of them `waitingInAll`; past either, ``enqueue(_:client:cost:)`` refuses (the
/// server answers 503 with `Retry-After`). Cheap requests are not refused: they are answered as
/// fast as they arrive, and the server's connection limit bounds them.
///
/// ```swift
/// var queue = AnswerQueue<String>(limits: .init(waitingPerClient: 2, waitingInAll: 8, expensiveAtOnce: 1))
/// queue.enqueue("search", client: "flood", cost: .expensive)   // true
/// queue.enqueue("page", client: "page", cost: .cheap)          // true
/// queue.next()                                                 // ("page", .cheap): cheap first
/// ```
struct AnswerQueue<Job> {
    /// The bounds of the queue.
    struct Limits: Equatable, Sendable {
        /// How many expensive requests of one client may wait.
        var waitingPerClient: Int
        /// How many expensive requests may wait in all.
        var waitingInAll: Int
        /// How many expensive requests are answered at once.
        var expensiveAtOnce: Int
    }

    let limits: Limits
    /// The cheap requests, in arrival order.
    private var cheap: [(client: String, job: Job)] = []
    private var cheapStart = 0
    /// The expensive requests, by client, each in arrival order.
    private var expensive: [String: [Job]] = [:]
    /// The clients with expensive requests waiting, in the order they are served.
    private var turns: [String] = []
    /// How many expensive requests of each client wait.
    private var waitingByClient: [String: Int] = [:]
    /// How many expensive requests wait.
    private(set) var waiting = 0
    /// How many expensive requests are being answered.
    private(set) var runningExpensive = 0

    /// An empty queue.
    init(limits: Limits) {
        self.limits = limits
    }

    /// Adds a request: a cheap one always, an expensive one unless its client or the queue has as
    /// many expensive ones waiting as it may.
    ///
    /// - Returns: Whether it was added.
    @discardableResult
    mutating func enqueue(_ job: Job, client: String, cost: HTTPCost) -> Bool {
        guard cost == .expensive else {
            cheap.append((client, job))
            return true
        }
        let ofClient = waitingByClient[client, default: 0]
        guard ofClient < limits.waitingPerClient, waiting < limits.waitingInAll else { return false }
        waitingByClient[client] = ofClient + 1
        waiting += 1
        if expensive[client, default: []].isEmpty {
            turns.append(client)
        }
        expensive[client, default: []].append(job)
        return true
    }

    /// Takes the request to answer next: the oldest cheap one, else, while fewer than
    /// `expensiveAtOnce` expensive ones run, the oldest expensive one of the client whose turn it
    /// is; nil when none may run now. An expensive one taken counts as running until
    /// ``finished(_:)``.
    mutating func next() -> (job: Job, cost: HTTPCost)? {
        if cheapStart < cheap.count {
            let job = cheap[cheapStart].job
            cheapStart += 1
            if cheapStart == cheap.count {
                cheap.removeAll(keepingCapacity: true)
                cheapStart = 0
            }
            return (job, .cheap)
        }
        guard runningExpensive < limits.expensiveAtOnce, !turns.isEmpty else { return nil }
        let client = turns.removeFirst()
        var jobs = expensive[client, default: []]
        let job = jobs.removeFirst()
        if jobs.isEmpty {
            expensive[client] = nil
        } else {
            expensive[client] = jobs
            turns.append(client)
        }
        leave(client)
        runningExpensive += 1
        return (job, .expensive)
    }

    /// Notes that a request taken by ``next()`` has been answered.
    mutating func finished(_ cost: HTTPCost) {
        if cost == .expensive {
            runningExpensive -= 1
        }
    }

    /// Drops every waiting request.
    mutating func removeAll() {
        cheap.removeAll()
        cheapStart = 0
        expensive.removeAll()
        turns.removeAll()
        waitingByClient.removeAll()
        waiting = 0
    }

    private mutating func leave(_ client: String) {
        waiting -= 1
        let left = waitingByClient[client, default: 1] - 1
        waitingByClient[client] = left == 0 ? nil : left
    }
}
