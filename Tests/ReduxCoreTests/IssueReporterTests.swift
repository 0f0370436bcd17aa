import Foundation
import ReduxCore
import Testing

/// What the built-in reporters do with each kind of issue.
@Suite struct IssueReporterTests {
    @Test(
        "an unhandled action and an unmatched cancel are mere diagnostics, a not-replayable journal entry a warning, every other kind misuse"
    )
    func severities() {
        let severities = Dictionary(
            uniqueKeysWithValues: ReduxIssue.Kind.allCases.map { ($0, ReduxIssue($0, "m").severity) })

        #expect(severities[.unhandledAction] == .diagnostic)
        #expect(severities[.unmatchedCancel] == .diagnostic)
        #expect(severities[.notReplayable] == .warning)
        #expect(
            ReduxIssue.Kind.allCases.filter { severities[$0] == .misuse }.count == ReduxIssue.Kind.allCases.count - 3)
    }

    @Test("an issue's description names the framework and the kind")
    func description() {
        #expect(
            ReduxIssue(.completionCalledTwice, "Call it once.").description
                == "MultiRedux [completionCalledTwice]: Call it once.")
    }

    #if os(Linux) || os(macOS) || os(Windows)
        @Test("the default reporter drops a diagnostic silently")
        func defaultDropsDiagnostics() async {
            let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                IssueReporter.default.report(ReduxIssue(.unhandledAction, "No reducer for Ping."))
            }
            #expect(result?.standardErrorContent.isEmpty == true)
        }

        @Test("the default reporter stops a debug build on misuse, and logs it in a release build")
        func defaultStopsOnMisuse() async {
            #if DEBUG
                await #expect(processExitsWith: .failure) {
                    IssueReporter.default.report(ReduxIssue(.completionCalledTwice, "Call it once."))
                }
            #else
                let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                    IssueReporter.default.report(ReduxIssue(.completionCalledTwice, "Call it once."))
                }
                #expect(
                    result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }
                        == "MultiRedux [completionCalledTwice]: Call it once.\n")
            #endif
        }

        @Test("the default reporter writes a warning to standard error and goes on, in a debug build too")
        func defaultWritesWarnings() async {
            let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                IssueReporter.default.report(ReduxIssue(.notReplayable, "Tick is not Codable."))
            }
            #expect(
                result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }
                    == "MultiRedux [notReplayable]: Tick is not Codable.\n")
        }

        @Test("the logging reporter writes every issue, diagnostics included, and goes on")
        func loggingWritesEverything() async {
            let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                IssueReporter.logging.report(ReduxIssue(.unhandledAction, "No reducer for Ping."))
                IssueReporter.logging.report(ReduxIssue(.misuse, "Do not."))
            }
            #expect(
                result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }
                    == "MultiRedux [unhandledAction]: No reducer for Ping.\nMultiRedux [misuse]: Do not.\n")
        }
    #endif
}
