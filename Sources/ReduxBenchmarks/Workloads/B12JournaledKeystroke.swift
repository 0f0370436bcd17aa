import Foundation
import MultiRedux
import ReduxTimeTravel
import ReduxUI

/// B12 journaled keystroke: a binding write (a keystroke in a search field) to a store recorded to
/// a journal file, in a state of 10 and of 10,000 rows. A field the state lists is journaled as its
/// name and value, so the bytes and the time per keystroke must not grow with the rows; a row's
/// field through a collection the state does not list is journaled as the whole state, as every
/// binding write was before, and grows with them.
///
/// Instruction-count mode (`--count N --param P`): N keystrokes to the listed field of a state of P
/// rows (default 10,000); P + 1 (an odd number), the same keystrokes to row 0's title, journaled as
/// the whole state of P rows. Set-up (the rows, the recorder, the file) is included.
struct JournaledKeystroke: Workload {
    let id = "B12"

    /// The journal file the runs write, removed before and after each use.
    private var path: String { "/tmp/ReduxBenchmarks-B12-\(getpid()).journal" }

    func runTimed(_ options: Options, _ shared: SharedResults) -> [Table] {
        var table = Table(
            title: "B12 a journaled keystroke (a binding write recorded to a journal file)",
            header: ["write", "rows", "median ns", "min ns", "max ns", "bytes per keystroke", "keystrokes"])
        let keystrokes = options.quick ? 2_000 : 20_000
        for wholeState in [false, true] {
            for rows in [10, 10_000] {
                // The whole state of 10,000 rows is about 470 KB a line: fewer keystrokes.
                let count = wholeState && rows > 10 ? (options.quick ? 2 : keystrokes / 100) : keystrokes
                let stats = Sampler().measure { makeRun(rows: rows, wholeState: wholeState, keystrokes: count) }
                let bytes = bytesPerKeystroke(rows: rows, wholeState: wholeState, keystrokes: count)
                table.rows.append([
                    wholeState ? "row 0's title (collection not listed: whole state)" : "query (listed: field)",
                    grouped(rows), format(stats.median), format(stats.min), format(stats.max), grouped(bytes),
                    grouped(count),
                ])
            }
        }
        table.notes = [
            "Each keystroke is a BindingAction (\"coffee\" and \"coffees\" in turn) applied by the binding reducer and "
                + "appended by an ActionRecorder to a buffered JournalWriter; bytes per keystroke are the file's "
                + "growth per line, the line's site and time included."
        ]
        return [table]
    }

    func runCounted(_ options: Options) {
        let parameter = options.parameter ?? 10_000
        let run = makeRun(
            rows: parameter - parameter % 2, wholeState: !parameter.isMultiple(of: 2), keystrokes: options.count ?? 0)
        run.body()
        run.finish()
    }

    /// A store of `rows` rows recorded to a journal file, and `keystrokes` writes.
    private func makeRun(rows: Int, wholeState: Bool, keystrokes: Int) -> Run {
        unlink(path)
        let store = Store(initialState: B12Document(rows: rows), features: [B12DocumentFeature().at(\.self)])
        let recorder = ActionRecorder(store, snapshotInterval: .max, file: try! JournalWriter(path: path))
        return Run(
            operations: keystrokes,
            body: {
                for keystroke in 0..<keystrokes {
                    let text = keystroke.isMultiple(of: 2) ? "coffee" : "coffees"
                    store.dispatch(
                        wholeState
                            ? BindingAction<B12Document>.set(\.rows, id: 0, \B12Row.title, text)
                            : BindingAction<B12Document>.set(\.query, text))
                }
                recorder.stop()
            },
            finish: { unlink(path) })
    }

    /// The journal's growth per keystroke: the file after 2k keystrokes less the file after k, over k.
    private func bytesPerKeystroke(rows: Int, wholeState: Bool, keystrokes: Int) -> Int {
        func size(after count: Int) -> Int {
            let run = makeRun(rows: rows, wholeState: wholeState, keystrokes: count)
            run.body()
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            run.finish()
            return size
        }
        let half = max(1, keystrokes / 2)
        return (size(after: 2 * half) - size(after: half)) / half
    }
}

private struct B12Row: Identifiable, Equatable, Codable, Sendable {
    let id: Int
    var title: String
}

/// A document of rows with a search field: a view binds the query, and each row's title.
private struct B12Document: BindableState, Equatable, Codable {
    var query = ""
    var rows: IdentifiedArrayOf<B12Row>

    init(rows: Int) {
        self.rows = IdentifiedArray((0..<rows).map { B12Row(id: $0, title: "row \($0) of the document") })
    }

    static var bindableFields: [AnyKeyPath & Sendable] { [\B12Document.query, \B12Row.title] }
}

private struct B12DocumentFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addBindingReducer(for: B12Document.self)
    }
}
