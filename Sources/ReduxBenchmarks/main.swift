// ReduxBenchmarks: the workloads B1–B8 of BENCHMARKS.md, B9 (the inspector), B10 (a row of a SwiftUI list), B11
// (a feature at each element) and B12 (a journaled keystroke). See Docs/Performance.md.

import Foundation

let usage = """
    Usage: ReduxBenchmarks [--quick] [--only B1 ...] [--count N [--variant V] [--param P]]

      (no flags)    every workload: one warm-up and five timed repetitions per row, markdown tables
      --quick       small counts, for a smoke test (a few seconds, also in a debug build)
      --only ID     run only this workload (B1…B12); repeat or separate with commas for several
      --count N     instruction-count mode, for valgrind --tool=callgrind: for each selected
                    workload, set up one run of variant V with parameter P and do N operations
                    once, without reading the clock. Operations are dispatches (B1–B4: N
                    dispatches to one store; B5: N dispatches split over P threads; B7: N
                    effects). Set-up is included: take the difference of two counts to get
                    instructions per dispatch.
      --variant V   floor | store | store-manual | naive (default: store)
      --param P     B1: ignored; B2: N reducers (default 1000); B3: n rounds (default 1,000,000);
                    B4: subscribers (10 or 1010, default 1010); B5: threads (default 2);
                    B6: 0 unrecorded, 1 recorded to memory (default), 2 to a file (buffered),
                    3 to a file (a write per action), 4 replay from memory, 5 read a file and
                    replay, 6 jumps in a 10k-action journal, 7 jumps in a 1M-action one,
                    8 the set-up of 4 alone (recording the journal);
                    B7: 1 start and land, dispatchAndWait each (default), 2 the same under an id,
                    3 start and land, dispatch each and wait at the end, 4 start waiting effects and
                    cancel each by an action, 5 the same, cancelled by removing their feature;
                    B8: 1 dispatches with the settings persisted, buffered (default), 2 the same, a write
                    per action, 3 opening a file whose journal holds N actions;
                    B9: 0 opening a journal of N actions in the inspector (default), 1 the HTML
                    export of a game of N rounds;
                    B10: rows, even (default 1000): N binding writes to one row of that many
                    observed rows; rows + 1 (1001, 10001, 100001): N dispatches of a change no
                    scope reads, in a list of that many;
                    B11: 0 a plain dispatch to a feature at a part, 1 a dispatch to one of 100 screens
                    of a feature at each (default), 2 a plain dispatch in that store;
                    B12: N binding writes recorded to a journal file, to a field of a state of P rows
                    (default 10000); P + 1: to a row's field, journaled as the whole state of P rows
    """

let workloads: [any Workload] = [
    DispatchSmall(), ReducerCount(), StateSize(), Subscribers(), Concurrent(), TimeTravel(), Effects(), Persisted(),
    InspectorOpen(), RowWrite(), ElementDispatch(), JournaledKeystroke(),
]

/// Writes a line to standard error.
func printError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

/// Prints the problem and the usage to standard error and exits with status 2.
func fail(_ message: String) -> Never {
    printError("ReduxBenchmarks: \(message)\n\n\(usage)")
    exit(2)
}

/// Reads the command line.
func parseOptions(_ arguments: [String], workloadIDs: Set<String>) -> Options {
    var options = Options()
    var remaining = arguments[...]
    func value(for flag: String) -> String {
        guard let value = remaining.popFirst() else { fail("\(flag) needs a value") }
        return value
    }
    func number(for flag: String) -> Int {
        let text = value(for: flag).filter { $0 != "," && $0 != "_" }
        guard let number = Int(text), number >= 0 else { fail("\(flag) needs a whole number") }
        return number
    }
    while let argument = remaining.popFirst() {
        switch argument {
        case "--quick": options.quick = true
        case "--only": options.only.formUnion(value(for: argument).split(separator: ",").map { $0.uppercased() })
        case "--count": options.count = number(for: argument)
        case "--param": options.parameter = number(for: argument)
        case "--variant":
            let name = value(for: argument)
            guard let variant = Variant(rawValue: name) else { fail("unknown variant \(name)") }
            options.variant = variant
        case "--help", "-h":
            print(usage)
            exit(0)
        default: fail("unknown argument \(argument)")
        }
    }
    if let unknown = options.only.subtracting(workloadIDs).first { fail("unknown workload \(unknown)") }
    return options
}

let options = parseOptions(Array(CommandLine.arguments.dropFirst()), workloadIDs: Set(workloads.map(\.id)))
let selected = workloads.filter { options.only.isEmpty || options.only.contains($0.id) }

if options.count != nil {
    for workload in selected {
        if let tabled = workload as? any TableWorkload, !tabled.variants.contains(options.variant) {
            fail("\(workload.id) has no variant \(options.variant.rawValue)")
        }
        workload.runCounted(options)
    }
    exit(0)
}

let shared = SharedResults()
#if DEBUG
    print("> Debug build: timings are meaningless; use swift run -c release ReduxBenchmarks.\n")
#endif
for workload in selected {
    for table in workload.runTimed(options, shared) {
        print(table.render())
    }
}
for failure in shared.failures {
    printError("ReduxBenchmarks: FAILED \(failure)")
}
exit(shared.failures.isEmpty ? 0 : 1)
