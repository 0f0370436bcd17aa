public import Foundation
import ReduxReducers

extension UUID {
    /// The id a test store's UUID generator makes `intValue`th, counting from zero: `UUID(0)` is
    /// `00000000-0000-0000-0000-000000000000`, `UUID(1)` ends in `…001`. What a test expects of
    /// a state its reducers gave ids (`Dependencies.uuid`), as TCA's tests write it.
    ///
    /// ```swift
    /// await store.send(.addMeal("Pasta")) { $0.meals = [Meal(id: UUID(0), name: "Pasta")] }
    /// ```
    ///
    /// - Parameter intValue: The id's place in the sequence, from 0.
    public init(_ intValue: Int) {
        self.init(counting: UInt64(truncatingIfNeeded: intValue))
    }
}
