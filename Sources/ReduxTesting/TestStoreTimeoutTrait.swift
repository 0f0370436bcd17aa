#if canImport(Testing) && compiler(>=6.1)
    public import Testing

    /// A Swift Testing trait that sets ``TestTimeout/standard`` for a test, or for every test of
    /// a suite: each ``TestStore`` made there starts with that timeout.
    ///
    /// ```swift
    /// @Suite(.testStoreTimeout(.seconds(10)))  // this suite's machine is slow
    /// struct ProfileFlowTests { … }
    /// ```
    public struct TestStoreTimeoutTrait: SuiteTrait, TestTrait, TestScoping {
        /// The timeout the stores start with.
        let timeout: TestTimeout

        /// Applies to every test of a suite, nested suites included.
        public var isRecursive: Bool { true }

        /// Runs a test with ``TestTimeout/standard`` set to the trait's timeout.
        ///
        /// - Parameters:
        ///   - test: The test.
        ///   - testCase: The test case, for a parameterised test.
        ///   - function: The test itself.
        /// - Throws: What the test throws.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            try await TestTimeout.$standard.withValue(timeout) {
                try await function()
            }
        }
    }

    extension Trait where Self == TestStoreTimeoutTrait {
        /// Gives every ``TestStore`` made in the test or suite this timeout to start with.
        ///
        /// - Parameter timeout: How long `send`, `receive` and `finish` wait for async reducers.
        /// - Returns: The trait.
        public static func testStoreTimeout(_ timeout: TestTimeout) -> Self {
            TestStoreTimeoutTrait(timeout: timeout)
        }
    }
#endif
