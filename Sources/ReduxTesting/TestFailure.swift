/// A failed expectation of a ReduxTesting assertion: what went wrong and which test line made it.
///
/// Every assertion in this library reports its failures as a `TestFailure` to the current
/// ``FailureReporter``, which hands it to Swift Testing or XCTest, or collects it. Only the
/// library creates failures:
///
/// ```swift
/// let failures = collectFailures {
///     assertReduce(SetNameReducer(), action: SetName(name: "Ann"), on: UserState(), expected: UserState())
/// }
/// #expect(failures.first?.message.contains("name: \"\" → \"Ann\"") == true)
/// ```
public struct TestFailure: Sendable, CustomStringConvertible {
    /// Where in the test source a failure is reported.
    public struct Location: Sendable, CustomStringConvertible {
        /// The file as `Module/File.swift`, from `#fileID`.
        public let fileID: String
        /// The full path of the file, from `#filePath`; XCTest reports against it.
        public let filePath: StaticString
        /// The line, from `#line`, counting from 1.
        public let line: UInt
        /// The column, from `#column`, counting from 1.
        public let column: UInt

        /// Describes a place in a test file.
        ///
        /// - Parameters:
        ///   - fileID: The file as `Module/File.swift`.
        ///   - filePath: The full path of the file.
        ///   - line: The line, counting from 1.
        ///   - column: The column, counting from 1.
        init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
            self.fileID = fileID
            self.filePath = filePath
            self.line = line
            self.column = column
        }

        /// For example `ReduxTestingTests/TestStoreTests.swift:42:9`.
        public var description: String { "\(fileID):\(line):\(column)" }
    }

    /// What went wrong, written for the person reading the test log; it may span several lines.
    public let message: String
    /// The test line the failure points at.
    public let location: Location

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - message: What went wrong.
    ///   - location: The test line the failure points at.
    init(message: String, location: Location) {
        self.message = message
        self.location = location
    }

    /// The location followed by the message.
    public var description: String { "\(location): \(message)" }
}
