// Starts processes: macOS and Linux only (iOS, tvOS and watchOS have no Process).
#if os(macOS) || os(Linux)
    import Foundation
    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif
    import MultiRedux
    import ReduxInspector
    import ReduxTimeTravel
    import RockPaperScissors
    import TestHelpers
    import Testing

    /// `rps inspect` as a player sees it: a scripted game played by the built `rps`, its page served
    /// by `rps inspect` and loaded in headless Chromium, driven through the link the page follows on
    /// load (`#select=…&skip=…&open=…`), the DOM compared with the inspector's own answers.
    ///
    /// Skipped when Chromium is missing, unless `MULTIREDUX_REQUIRE_DOCS_SITE=1` (`.ci/run`), which
    /// fails instead.
    @Suite(.serialized) struct InspectorBrowserTests {
        private let sandbox: TemporaryDirectory
        private let statePath: String

        init() throws {
            sandbox = try TemporaryDirectory()
            statePath = sandbox.file("state.json").path
        }

        @Test("CI has the browser the inspector's page is checked in")
        func browserIsPresent() {
            if Browser.isRequired {
                #expect(Browser.missing == nil, "\(Browser.missing ?? "")")
            }
        }

        @Test(
            "the list shows every round's actions, and selecting one (the slider) shows the state after it",
            .enabled(if: Browser.missing == nil, "\(Browser.missing ?? "")"))
        func listAndSlider() async throws {
            let inspector = try await playedGame()
            try await withServedPage { url in
                let first = try await load(url, "select=0&open=scoreHistory")
                #expect(first.rows.count == inspector.count)
                for (row, entry) in zip(first.rows, try inspector.entries(at: 0..<inspector.count)) {
                    let values = entry.summary.firstIndex(of: "(").map { String(entry.summary[$0...]) } ?? ""
                    // The type without its feature (the details name it whole), then its values.
                    let type = String(entry.typeName.split(separator: ".").last ?? "")
                    #expect(row == Row(index: "#\(entry.index)", type: type, values: values, summary: entry.summary))
                }
                // Each move's weapon is on its row, not only in a tooltip.
                #expect(first.rows.contains { $0.values == "(weapon: .paper)" })
                // The slider at each action: the title names it, the tree shows the rounds after it.
                for index in [0, 2, 5, inspector.count - 1] {
                    let page = try await load(url, "select=\(index)&open=scoreHistory")
                    let rounds = try inspector.state(after: index).scoreHistory.rounds.count
                    #expect(page.title == "#\(index) \(try inspector.entry(at: index).typeName)")
                    #expect(page.value(of: "rounds") == "Array<RecordedRound> (\(rounds))")
                }
            }
        }

        @Test(
            "a search keeps the rows whose type or values hold the text",
            .enabled(if: Browser.missing == nil, "\(Browser.missing ?? "")"))
        func search() async throws {
            let inspector = try await playedGame()
            let expected = try inspector.entries(at: 0..<inspector.count).filter {
                ($0.typeName + " " + $0.summary).lowercased().contains("scissors")
            }
            try await withServedPage { url in
                let page = try await load(url, "search=Scissors")
                #expect(!expected.isEmpty)
                #expect(page.rows.map(\.index) == expected.map { "#\($0.index)" })
            }
        }

        @Test(
            "toggling a round's two moves off recomputes the history totals the page shows",
            .enabled(if: Browser.missing == nil, "\(Browser.missing ?? "")"))
        func toggleRecomputesTotals() async throws {
            let inspector = try await playedGame()
            let last = inspector.count - 1
            let recorded = try inspector.state(after: last).scoreHistory.totals
            // Round 2: player 1's move (entry 3) and the computer's answer to it (entry 4).
            try inspector.toggle(3)
            try inspector.toggle(4)
            let edited = try inspector.state(after: last).scoreHistory.totals
            #expect(edited.rounds == recorded.rounds - 1)

            try await withServedPage { url in
                // What the page's "Toggle them off" does once the user confirms a link's #skip=.
                try await post("api/toggle?index=3", to: url)
                try await post("api/toggle?index=4", to: url)
                let page = try await load(url, "select=\(last)&skip=3,4&open=scoreHistory.totals")
                #expect(page.skippedRows == ["#3", "#4"])
                #expect(page.linkEditQuestion == nil, "nothing left to ask: #3 and #4 are off")
                #expect(page.value(of: "player1Wins") == "\(edited.player1Wins)")
                #expect(page.value(of: "player2Wins") == "\(edited.player2Wins)")
                #expect(page.value(of: "draws") == "\(edited.draws)")
                #expect(page.value(of: "rounds") == "Array<RecordedRound> (\(edited.rounds))")
            }
        }

        @Test(
            "a link's #skip= edits nothing by itself: the page asks, and the session stays as it was",
            .enabled(if: Browser.missing == nil, "\(Browser.missing ?? "")"))
        func linkDoesNotEdit() async throws {
            let inspector = try await playedGame()
            let last = inspector.count - 1
            let recorded = try inspector.state(after: last).scoreHistory.totals

            try await withServedPage { url in
                let page = try await load(url, "select=\(last)&skip=3,4&open=scoreHistory.totals")
                #expect(page.skippedRows == [])
                #expect(page.linkEditQuestion == "This link asks to skip #3, #4.")
                #expect(page.value(of: "rounds") == "Array<RecordedRound> (\(recorded.rounds))")
            }
            #expect(try inspector.state(after: last).scoreHistory.totals == recorded)
        }

        @Test(
            "Export as test shows the test of a range, the one committed in InspectorExportTests, which passes there",
            .enabled(if: Browser.missing == nil, "\(Browser.missing ?? "")"))
        func exportedTestIsTheCommittedOne() async throws {
            _ = try await playedGame()
            // Compiled and run by `swift test` in InspectorExportTests: that it passes is proven there.
            let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("InspectorExportTests/Generated/RecordedSessionTests.swift")
            try await withServedPage { url in
                // Rounds 2 to 4: player 1's moves sent, the computer's (recorded at random) received.
                // What the page's "Write the test" sends once the user clicks (a link's #export=
                // only fills in the range); the page then shows the test written.
                try await post("api/test?from=3&through=8", to: url, expecting: 202)
                try await waitForTest(at: url)
                let page = try await load(url, "export=3-8")
                let exported = try #require(page.exportedTest)
                if ProcessInfo.processInfo.environment["REGENERATE_GOLDEN_FILES"] == "1" {
                    try exported.write(to: committed, atomically: true, encoding: .utf8)
                }
                #expect(exported == (try String(contentsOf: committed, encoding: .utf8)))
                #expect(exported.contains("ComputerOpponent(seed: 0, playing: [.rock, .rock, .scissors])"))
            }
        }

        @Test(
            "screenshots at 1280 and 800 pixels wide are taken at those widths",
            .enabled(if: Browser.missing == nil, "\(Browser.missing ?? "")"))
        func screenshots() async throws {
            _ = try await playedGame()
            // MULTIREDUX_SCREENSHOTS names a directory to keep them in (Docs/MultiRedux.docc/Resources).
            let directory = ProcessInfo.processInfo.environment["MULTIREDUX_SCREENSHOTS"].map {
                URL(fileURLWithPath: $0)
            }
            try await withServedPage { url in
                for width in [1280, 800] {
                    let file = (directory ?? sandbox.url).appendingPathComponent("inspector-\(width).png")
                    let page = url.appendingPathComponent("").absoluteString + "#select=4&open=scoreHistory.totals"
                    try await onOwnThread {
                        try Browser.screenshot(URL(string: page)!, to: file, width: width, height: 760)
                    }
                    let image = try Data(contentsOf: file)
                    #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
                    // The width, big-endian, in the IHDR chunk.
                    #expect(image.count > 24 && image[16..<20].reduce(0) { $0 << 8 | Int($1) } == width)
                }
            }
        }

        @Test(
            "the HTML export of a 400-round game grows with its changes, and shows each state built from patches",
            .enabled(if: Browser.missing == nil, "\(Browser.missing ?? "")"))
        func htmlExportIsLinear() async throws {
            let inspector = await Self.longGame(rounds: 400)
            let file = sandbox.file("game.html")
            // Seconds of work in a debug build: on a thread of its own, not the cooperative pool's.
            try await onOwnThread { try inspector.writeHTML(to: file.path) }
            let last = inspector.count - 1

            // Each state whole, as exports were, took 88 KB per action at 600 actions, and growing.
            let bytesPerAction = try Data(contentsOf: file).count / inspector.count
            #expect(bytesPerAction < 3_000, "\(bytesPerAction) bytes per action")
            // A whole tree every 500 entries, and patches between: 499 and 500 are on either side.
            for index in [499, 500, last] {
                let page = try await onOwnThread {
                    InspectorDOM(
                        html: try Browser.dumpDOM(
                            URL(string: file.absoluteString + "#select=\(index)&open=scoreHistory")!))
                }
                let rounds = try inspector.state(after: index).scoreHistory.rounds.count
                #expect(page.value(of: "rounds") == "Array<RecordedRound> (\(rounds))", "#\(index)")
            }
        }

        // MARK: Helpers

        /// A game of many rounds against the computer, played in-process and recorded.
        static func longGame(rounds: Int) async -> Inspector<AppState> {
            let dependencies = Dependencies { $0.computer = ComputerOpponent(seed: 5) }
            let store = RockPaperScissorsApp.makeStore(dependencies: dependencies)
            let recorder = ActionRecorder(store)
            let session = MatchSession(store: store, opponent: .computer, strategy: .random)
            for round in 0..<rounds {
                await session.choose([Weapon.rock, .paper, .scissors][round % 3])
            }
            recorder.stop()
            return Inspector(journal: recorder.journal, initialState: AppState()) { state in
                RockPaperScissorsApp.makeStore(initialState: state, dependencies: dependencies)
            }
        }

        /// Plays a scripted game of four rounds against the computer with the built `rps`, and opens
        /// what it kept in an inspector, to compare the page with.
        private func playedGame() async throws -> Inspector<AppState> {
            let play = try await RPSBinary.run(
                ["play", "--moves", "r,p,s,r", "--seed", "3", "--state-file", statePath], in: sandbox)
            #expect(play.status == 0, "\(play.errors)")
            let path = sandbox.file(".state.json.session.journal").path
            let recording = try SessionRecording<AppState>(
                reading: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), from: path,
                actions: RecordableActions(RockPaperScissorsApp.makeStore()))
            return Inspector(recording: recording) { RockPaperScissorsApp.makeStore(initialState: $0) }
        }

        /// Runs `rps inspect` while `body` loads its page, then stops it with q.
        private func withServedPage(_ body: (URL) async throws -> Void) async throws {
            let server = try RunningRPS(["inspect", "--state-file", statePath], in: sandbox)
            let output = try await server.waitForOutput("to stop.")
            let address = try #require(
                output.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://127.0.0.1:") })
            do {
                try await body(try #require(URL(string: String(address))))
            } catch {
                try? server.closeInput()
                throw error
            }
            try server.send("q")
            let end = await server.waitForExit()
            #expect(end.status == 0)
            #expect(end.output.hasSuffix("Stopped.\n"))
        }

        /// Waits until the served page's test job is no longer being written (asked every 0.1 s,
        /// for at most a minute).
        private func waitForTest(at url: URL) async throws {
            let status = try #require(URL(string: url.absoluteString + "api/test"))
            for _ in 0..<600 {
                let (data, _) = try await URLSession.shared.data(from: status)
                if !String(decoding: data, as: UTF8.self).contains(#""state":"running""#) { return }
                try await Task.sleep(nanoseconds: 100_000_000)
            }
        }

        /// Sends a POST to the served page's API, from the page's own origin, as its buttons do.
        private func post(_ path: String, to url: URL, expecting expected: Int = 200) async throws {
            var request = URLRequest(url: try #require(URL(string: url.absoluteString + path)))
            request.httpMethod = "POST"
            request.setValue(String(url.absoluteString.dropLast()), forHTTPHeaderField: "Origin")
            let status = try await withCheckedThrowingContinuation { (done: CheckedContinuation<Int, any Error>) in
                URLSession.shared.dataTask(with: request) { _, response, error in
                    if let error {
                        done.resume(throwing: error)
                    } else {
                        done.resume(returning: (response as? HTTPURLResponse)?.statusCode ?? 0)
                    }
                }.resume()
            }
            #expect(status == expected, "POST \(path)")
        }

        /// Loads the page with a link fragment in headless Chromium.
        private func load(_ url: URL, _ fragment: String) async throws -> InspectorDOM {
            let page = try #require(URL(string: url.absoluteString + "#" + fragment))
            return InspectorDOM(html: try await onOwnThread { try Browser.dumpDOM(page) })
        }
    }

    /// A row of the page's action list.
    struct Row: Equatable {
        var index: String
        var type: String
        /// The action's values in short, shown after its type.
        var values: String
        var summary: String
    }

    /// The inspector's page as Chromium left it: the parts the tests read, by the page's markup.
    struct InspectorDOM {
        var html: String

        /// The rows of the action list, in order.
        var rows: [Row] {
            pieces(after: "<div class=\"row").map { row in
                Row(
                    index: Self.text(in: row, after: "<span class=\"index\">") ?? "",
                    type: Self.text(in: row, after: "<span class=\"type\">") ?? "",
                    values: Self.text(in: row, after: "<span class=\"values\">") ?? "",
                    summary: Self.text(in: row, after: "title=\"", until: "\"") ?? "")
            }
        }

        /// The indices of the rows toggled off.
        var skippedRows: [String] {
            // The rest of the row's class attribute: " selected", " skipped"…
            pieces(after: "<div class=\"row").filter { $0.prefix { $0 != "\"" }.contains("skipped") }.compactMap {
                Self.text(in: $0, after: "<span class=\"index\">")
            }
        }

        /// The selected action's title.
        var title: String? {
            Self.text(in: html[...], after: "<h2 id=\"detail-title\">")
        }

        /// What the page asks before applying a link's edits; nil when it asks nothing.
        var linkEditQuestion: String? {
            guard html.contains("<p id=\"link-edit\">") else { return nil }
            return Self.text(in: html[...], after: "<span id=\"link-edit-text\">")
        }

        /// The test the page shows after *Export as test*.
        var exportedTest: String? {
            Self.text(in: html[...], after: "<pre id=\"exported-test\">")
        }

        /// The value the state tree shows for the first field of that name.
        func value(of label: String) -> String? {
            guard let field = html.range(of: "<span class=\"label\">\(label)</span>: ") else { return nil }
            return Self.text(in: html[field.upperBound...], after: ">")
        }

        /// The parts of the page that start with `marker`, each up to the next.
        private func pieces(after marker: String) -> [Substring] {
            html.components(separatedBy: marker).dropFirst().map { $0[...] }
        }

        /// The text after `start`, up to `end` (a tag by default), with the common entities decoded.
        private static func text(in html: Substring, after start: String, until end: String = "<") -> String? {
            guard let open = html.range(of: start) else { return nil }
            let rest = html[open.upperBound...]
            let text = rest[..<(rest.range(of: end)?.lowerBound ?? rest.endIndex)]
            return [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")].reduce(String(text))
            {
                $0.replacingOccurrences(of: $1.0, with: $1.1)
            }
        }
    }
#endif
