// Starts processes: macOS and Linux only (iOS, tvOS and watchOS have no Process).
#if os(macOS) || os(Linux)
    import Foundation
    import TestHelpers
    import Testing

    // What the compiler tells someone porting ReSwift code, found by type-checking ported snippets
    // against the modules this test was built with.

    /// Type-checks Swift sources against the package's built modules with the `swiftc` on the PATH.
    private enum Compiler {
        /// The folder of ReduxAtomics's module map: the store's modules import that C module, and
        /// a compiler outside SwiftPM is told where it is, as SwiftPM tells its own.
        static let atomicsModuleMap = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ReduxAtomics/include")

        /// Type-checks `source` and returns the compiler's exit status and diagnostics.
        static func typeCheck(_ source: String) async throws -> (status: Int32, output: String) {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("MigrationDiagnostics-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("Ported.swift")
            try source.write(to: file, atomically: true, encoding: .utf8)
            let output = directory.appendingPathComponent("diagnostics.txt")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "swiftc", "-typecheck", "-swift-version", "6",
                "-I", BuildProducts.directory.appendingPathComponent("Modules").path, "-I",
                BuildProducts.directory.path, "-I", atomicsModuleMap.path,
                "-module-cache-path", directory.appendingPathComponent("cache").path, file.path,
            ]
            let handle = try FileHandle(forWritingTo: output)
            process.standardOutput = handle
            process.standardError = handle
            // Wait on a thread of its own, not on one of the few threads of the cooperative pool or
            // of Dispatch's global queues.
            let compiler = UncheckedProcess(process)
            let status = try await onOwnThread { () throws in
                try compiler.value.run()
                compiler.value.waitUntilExit()
                return compiler.value.terminationStatus
            }
            try handle.close()
            return (status, try String(contentsOf: output, encoding: .utf8))
        }
    }

    @Suite struct MigrationDiagnosticsTests {
        @Test("a subscriber still written with ReSwift's newState(state:) is told to rename it to update(state:)")
        func newStateNamesTheFix() async throws {
            let (status, output) = try await Compiler.typeCheck(
                """
                import ReduxCore

                struct CounterState: StateType { var counter = 0 }

                final class PortedLabel: StoreSubscriber {
                    func newState(state: CounterState) {}
                }

                final class RenamedLabel: StoreSubscriber {
                    func update(state: CounterState) {}
                }
                """)
            #expect(status != 0)
            #expect(output.contains("rename ReSwift's newState(state:) to update(state:)"), "\(output)")
            #expect(output.contains("PortedLabel"), "\(output)")
            #expect(!output.contains("RenamedLabel"), "\(output)")
        }

        @Test("dispatch needs no await, at top level or in async code; dispatchAndWait is the one awaiting form")
        func dispatchCallSites() async throws {
            let (status, output) = try await Compiler.typeCheck(
                """
                import MultiRedux

                struct Counter: State { var count = 0 }
                struct Increment: Action {}

                let store = Store(initialState: Counter()) { reducers in
                    reducers.addReduceFunction { (_, _: Increment, state: inout Counter) in state.count += 1 }
                }
                store.dispatch(Increment())
                await store.dispatchAndWait(Increment())

                func fromAsyncCode(_ store: Store<Counter>) async {
                    store.dispatch(Increment())
                    await store.dispatchAndWait(Increment())
                }
                """)
            #expect(status == 0, "\(output)")
            #expect(!output.contains("warning"), "\(output)")
        }

        @Test("a ported `await store.dispatch(x)` is flagged: the compiler says nothing is awaited there")
        func awaitedDispatchIsFlagged() async throws {
            let (_, output) = try await Compiler.typeCheck(
                """
                import MultiRedux

                struct Counter: State { var count = 0 }
                struct Increment: Action {}

                func ported(_ store: Store<Counter>) async {
                    await store.dispatch(Increment())
                }
                """)
            #expect(output.contains("no 'async' operations occur within 'await' expression"), "\(output)")
        }
    }

    /// A process handed to the thread that runs it and waits for it: only that thread uses it then.
    private struct UncheckedProcess: @unchecked Sendable {
        let value: Process

        init(_ value: Process) {
            self.value = value
        }
    }
#endif
