import MultiRedux

extension TestStore {
    /// Asserts a change of the state made outside a step: by another store that shares a value, by
    /// a dependency, by code the test ran itself. Judged as a step's change is, then the actual
    /// state is the base of the next step.
    ///
    /// ```swift
    /// plannerStore.dispatch(AddMeal(name: "Pasta"))   // the calendar screen's store
    /// store.assert { $0.meals = ["Pasta"] }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the state as of the last step into the expected one.
    public func assert(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void
    ) {
        assertStateChange("assert", update, at: TestFailure.Location(fileID, filePath, line, column))
    }

    /// Runs steps with another exhaustivity, then restores the store's: a part of a test that
    /// checks only what it describes, inside a test that checks everything.
    ///
    /// ```swift
    /// await store.withExhaustivity(.off) {
    ///     await store.send(StartTimer())
    ///     await store.receive(Tick.self)   // the timer's own state is not this test's concern
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - exhaustivity: The exhaustivity of the steps `body` takes.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - body: The steps.
    /// - Returns: What `body` returns.
    public func withExhaustivity<Result>(
        _ exhaustivity: Exhaustivity, isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        let outer = self.exhaustivity
        self.exhaustivity = exhaustivity
        defer { self.exhaustivity = outer }
        return try await body()
    }
}
