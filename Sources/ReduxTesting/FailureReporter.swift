#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Decides where the failures of ReduxTesting's assertions go: to Swift Testing or XCTest,
/// whichever runs the test, or to a closure of your own.
///
/// Assertions report to ``current``, a task-local value. By default it is ``automatic``, which
/// records a Swift Testing issue when a Swift Testing test is running and calls `XCTFail`
/// otherwise, so the same helpers work under both frameworks. Bind another reporter for the
/// duration of some work to see failures instead of failing the test, which is how this library
/// tests its own failure messages:
///
/// ```swift
/// let seen = Recorder<TestFailure>()
/// FailureReporter.$current.withValue(FailureReporter { seen.append($0) }) {
///     assertReduce(SetNameReducer(), action: SetName(name: "Ann"), on: UserState(), expected: UserState())
/// }
/// ```
///
/// ``collectFailures(_:)`` does exactly that and returns the failures.
public struct FailureReporter: Sendable {
    private let handler: @Sendable (TestFailure) -> Void

    /// Creates a reporter that hands every failure to a closure.
    ///
    /// - Parameter handler: Called with each failure, on the thread that asserted.
    public init(_ handler: @escaping @Sendable (TestFailure) -> Void) {
        self.handler = handler
    }

    /// Hands a failure to the reporter.
    ///
    /// - Parameter failure: The failure to report.
    func report(_ failure: TestFailure) {
        handler(failure)
    }

    /// The reporter that assertions use: ``automatic`` unless a test binds another one.
    ///
    /// A ``TestStore`` reads it once, when it is created, and keeps it, so failures it notices
    /// later (at `deinit`, say) go to the same place.
    @TaskLocal public static var current = FailureReporter.automatic

    /// Records a Swift Testing issue while a Swift Testing test runs on the current task, and
    /// calls `XCTFail` otherwise.
    public static let automatic = FailureReporter { failure in
        if isSwiftTestingRunning {
            swiftTesting.report(failure)
        } else {
            xcTest.report(failure)
        }
    }

    /// Records a Swift Testing issue at the failure's location.
    ///
    /// Where the toolchain has no Swift Testing module, it calls `XCTFail` instead.
    static let swiftTesting = FailureReporter { failure in
        #if canImport(Testing)
            let location = failure.location
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(
                    fileID: location.fileID, filePath: "\(location.filePath)", line: Int(location.line),
                    column: Int(location.column)))
        #else
            xcTest.report(failure)
        #endif
    }

    /// Calls `XCTFail` with the failure's message, file and line.
    ///
    /// Where the toolchain has no XCTest module, it stops the program with the message instead,
    /// so that a failure is never lost.
    static let xcTest = FailureReporter { failure in
        #if canImport(XCTest)
            XCTFail(failure.message, file: failure.location.filePath, line: failure.location.line)
        #else
            preconditionFailure(failure.description)
        #endif
    }

    /// Whether a Swift Testing test is running on the current task.
    private static var isSwiftTestingRunning: Bool {
        #if canImport(Testing)
            Test.current != nil
        #else
            false
        #endif
    }
}

extension FailureReporter {
    /// Reports a message at a test location; the form every assertion in this library uses.
    ///
    /// - Parameters:
    ///   - message: What went wrong.
    ///   - location: The test line to point at.
    func fail(_ message: String, at location: TestFailure.Location) {
        report(TestFailure(message: message, location: location))
    }
}
