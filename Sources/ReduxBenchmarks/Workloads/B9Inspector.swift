import Foundation
import MultiRedux
import ReduxInspector
import ReduxTimeTravel

/// B9 inspector: a recorded session of B1 actions opened in the inspector and served to its page:
/// what opening costs for 10,000 and 100,000 actions (reading the journal file, the inspector,
/// and the requests the page makes when it loads), a jump to the last action, and a toggle of
/// the first action followed by the last state (everything after it recomputed); and the HTML
/// export of a game of 1,000 and 10,000 rounds (``InspectorExport``).
///
/// Instruction-count mode (`--count N`): opening a journal of N actions and serving the page's
/// first requests; with `--param 1`, the HTML export of a game of N rounds (`.ci/callgrind-check`
/// checks that a round costs as much in a long game as in a short one).
struct InspectorOpen: Workload {
    let id = "B9"

    private var path: String { "/tmp/ReduxBenchmarks-B9-\(getpid()).journal" }

    private var actionTypes: RecordableActions {
        RecordableActions([
            ChoosePlayer1Weapon.self, ChoosePlayer2Weapon.self, ResolveRound.self, SetMessage.self,
            SetPlayer1Name.self, SetPlayer2Name.self, SetBestOf.self, IncrementBestOf.self, AdvanceTurn.self,
            StartNextRound.self,
        ])
    }

    private static func makeB1Store(_ state: AppState) -> Store<AppState> {
        makeStore(state) { $0.registerDispatchSmallReducers() }
    }

    /// Writes a journal file of `actions` B1 actions (before the clock starts).
    private func recordFile(actions: Int) {
        unlink(path)
        let store = Self.makeB1Store(AppState())
        let recorder = ActionRecorder(store, file: try! JournalWriter(path: path, durability: .buffered))
        forEachDispatch(actions, cycling: dispatchSmallActions) { store.dispatch($0) }
        recorder.stop()
    }

    /// An inspector on the journal file, served.
    private func open() -> (Inspector<AppState>, InspectorServer) {
        let journal = try! Journal<AppState>(contentsOf: path, actions: actionTypes)
        let inspector = Inspector(journal: journal, initialState: AppState(), makeStore: Self.makeB1Store)
        return (inspector, try! InspectorServer(inspector))
    }

    /// Opening: the file read, the inspector made, and the page's first requests served.
    private func openRun(actions: Int) -> Run {
        recordFile(actions: actions)
        return Run(
            operations: 1,
            body: {
                let (_, server) = open()
                var bytes = 0
                for target in [
                    "/", "/api/session", "/api/entries?from=0&count=200", "/api/state?index=0", "/api/diff?index=0",
                ] {
                    bytes += get(target, port: server.port)
                }
                server.stop()
                blackHole(bytes)
            },
            finish: { unlink(path) })
    }

    /// A request the page makes after it opened: `requests` against a served inspector.
    private func servedRun(actions: Int, _ requests: [(method: String, target: String)]) -> Run {
        recordFile(actions: actions)
        let (_, server) = open()
        _ = get("/api/session", port: server.port)
        return Run(
            operations: 1,
            body: {
                var bytes = 0
                for request in requests {
                    bytes += get(request.target, port: server.port, method: request.method)
                }
                blackHole(bytes)
            },
            finish: {
                server.stop()
                unlink(path)
            })
    }

    func runTimed(_ options: Options, _ shared: SharedResults) -> [Table] {
        let large = options.quick ? 10_000 : 100_000
        let small = large / 10
        let sampler = Sampler(repetitions: 3)
        var table = Table(
            title: "B9 inspector: a recorded B1 session opened and served to the page",
            header: ["run", "median ms", "min ms", "max ms", "actions"])
        func row(_ label: String, _ actions: Int, _ makeRun: () -> Run) -> Double {
            let stats = sampler.measure(makeRun)
            table.rows.append([
                label, format(stats.median / 1e6), format(stats.min / 1e6), format(stats.max / 1e6), grouped(actions),
            ])
            return stats.median
        }
        let openSmall = row("open: read, inspector, the page's first requests", small) { openRun(actions: small) }
        let openLarge = row("open: read, inspector, the page's first requests", large) { openRun(actions: large) }
        _ = row("jump to the last action (state and diff)", large) {
            servedRun(
                actions: large, [("GET", "/api/state?index=\(large - 1)"), ("GET", "/api/diff?index=\(large - 1)")])
        }
        _ = row("toggle the first action, then the last state", large) {
            servedRun(actions: large, [("POST", "/api/toggle?index=0"), ("GET", "/api/state?index=\(large - 1)")])
        }
        table.notes.append(
            "Opening \(grouped(large)) / \(grouped(small)) actions: \(ratio(openLarge / openSmall)) for "
                + "\(large / small)× the actions. States are computed on demand: opening replays nothing.")
        var exports: [(rounds: Int, nanoseconds: Double, cpuNanoseconds: Double)] = []
        for rounds in options.quick ? [100, 1_000] : [1_000, 10_000] {
            let export = InspectorExport().measure(rounds: rounds)
            let milliseconds = format(export.nanoseconds / 1e6)
            table.rows.append([
                "HTML export of a game of \(grouped(rounds)) rounds (one run)", milliseconds, milliseconds,
                milliseconds, grouped(rounds * 4),
            ])
            table.notes.append(
                "The export of \(grouped(rounds)) rounds: a file of \(format(Double(export.fileBytes) / 1e6)) MB, "
                    + "peak memory \(export.peakBytes.map { format(Double($0) / 1e6) + " MB" } ?? "not measured here"), "
                    + "processor time \(format(export.cpuNanoseconds / 1e6)) ms on all threads."
            )
            exports.append((rounds, export.nanoseconds, export.cpuNanoseconds))
        }
        if let first = exports.first, let last = exports.last {
            table.notes.append(
                "HTML export, \(grouped(last.rounds)) / \(grouped(first.rounds)) rounds: "
                    + "\(ratio(last.nanoseconds / first.nanoseconds)) the time and "
                    + "\(ratio(last.cpuNanoseconds / first.cpuNanoseconds)) the processor time for "
                    + "\(last.rounds / first.rounds)× the rounds.")
        }
        guard let browser = HeadlessBrowser.find() else {
            table.notes.append("Chromium is not installed: the rows of the page opened in a browser are left out.")
            return [table]
        }
        let blank = row("headless Chromium: start, load an empty page", 0) {
            Run(operations: 1, body: { blackHole(browser.dumpDOM("about:blank").count) })
        }
        let page = row("headless Chromium: start, load the page, draw its first rows", large) {
            pageRun(actions: large, in: browser)
        }
        table.notes.append(
            "The browser's share of opening \(grouped(large)) actions (the page's load, requests and first rows, "
                + "less Chromium's start): \(format((page - blank) / 1e6)) ms; with the open row, "
                + "\(format((openLarge + page - blank) / 1e6)) ms from the journal file to the page drawn.")
        return [table]
    }

    /// The page of a served inspector loaded in headless Chromium, checked to have drawn rows.
    private func pageRun(actions: Int, in browser: HeadlessBrowser) -> Run {
        recordFile(actions: actions)
        let (_, server) = open()
        return Run(
            operations: 1,
            body: {
                let dom = browser.dumpDOM("http://127.0.0.1:\(server.port)/")
                precondition(dom.contains("<div class=\"row"), "B9: the page drew no rows")
                blackHole(dom.count)
            },
            finish: {
                server.stop()
                unlink(path)
            })
    }

    func runCounted(_ options: Options) {
        switch options.parameter ?? 0 {
        case 0:
            let run = openRun(actions: options.count ?? 0)
            run.body()
            run.finish()
        case 1:
            InspectorExport().export(rounds: options.count ?? 0)
        default:
            fail("B9 takes --param 0 (opening a journal) or 1 (the HTML export of a game)")
        }
    }
}

/// Sends one HTTP/1.1 request to 127.0.0.1 and reads the response until the server closes the
/// connection.
///
/// - Returns: How many bytes the response held.
private func get(_ target: String, port: UInt16, method: String = "GET") -> Int {
    let socket = socket(AF_INET, streamSocketType, 0)
    precondition(socket >= 0, "B9: socket failed")
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    precondition(connected == 0, "B9: connect failed")
    let length = method == "POST" ? "Content-Length: 0\r\n" : ""
    let request = Array("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(length)\r\n".utf8)
    precondition(write(socket, request, request.count) == request.count, "B9: write failed")
    var total = 0
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = read(socket, &buffer, buffer.count)
        guard count > 0 else { break }
        total += count
    }
    return total
}
