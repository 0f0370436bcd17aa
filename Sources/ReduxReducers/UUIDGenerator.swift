internal import ReduxShared

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Makes the ids a reducer gives new values: random in an app, `00000000-…-000000000000`,
/// `…-000000000001` and on in a test, so a test can spell the id it expects.
///
/// ```swift
/// container.addReduceFunction { (provider, _: Jot, book: inout Notebook) in
///     book.jottings.append(Jotting(id: provider.dependencies.uuid(), savedAt: provider.dependencies.date.now))
/// }
/// ```
///
/// A test store starts a fresh sequence for each store it makes, so the first id a test sees is
/// always `UUID(uuidString: "00000000-0000-0000-0000-000000000000")`, the next ends in `…001`. Code a reducer
/// calls reads the same generator through ``Dependencies/current``.
public struct UUIDGenerator: Sendable {
    /// Makes the next id.
    private let generate: @Sendable () -> UUID

    /// A generator that calls `generate` for each id.
    ///
    /// - Parameter generate: Makes the next id.
    public init(_ generate: @escaping @Sendable () -> UUID) {
        self.generate = generate
    }

    /// The next id.
    ///
    /// - Returns: An id from the generator.
    public func callAsFunction() -> UUID {
        generate()
    }

    /// A generator of random ids, `UUID()`: an app's.
    public static let random = UUIDGenerator { UUID() }

    /// A new generator whose ids count up from zero in their last twelve hex digits:
    /// `00000000-0000-0000-0000-000000000000`, then `…-000000000001`: a test's, and a preview's.
    public static var incrementing: UUIDGenerator {
        let next = LockedValue<UInt64>(0)
        return UUIDGenerator {
            let count = next.withLock { count in
                defer { count &+= 1 }
                return count
            }
            return UUID(Int(truncatingIfNeeded: count))
        }
    }
}

extension UUID {
    /// The id a test store's UUID generator (``UUIDGenerator/incrementing``) makes `intValue`th,
    /// counting from zero: `UUID(0)` is `00000000-0000-0000-0000-000000000000`, `UUID(1)` ends in
    /// `…001`. What a test expects of a state its reducers gave ids, as TCA's tests write it.
    ///
    /// ```swift
    /// await store.send(.addMeal("Pasta")) { $0.meals = [Meal(id: UUID(0), name: "Pasta")] }
    /// ```
    ///
    /// - Parameter intValue: The id's place in the sequence, from 0; its last eight bytes,
    ///   big-endian.
    public init(_ intValue: Int) {
        let count = UInt64(truncatingIfNeeded: intValue)
        let byte = { (shift: UInt64) in UInt8(truncatingIfNeeded: count >> shift) }
        self.init(
            uuid: (0, 0, 0, 0, 0, 0, 0, 0, byte(56), byte(48), byte(40), byte(32), byte(24), byte(16), byte(8), byte(0))
        )
    }
}

extension Dependencies {
    /// Makes new ids: random (``UUIDGenerator/random``) in an app; in a test or a preview, counting
    /// up from zero (``UUIDGenerator/incrementing``), afresh for each store a test makes. A test sets
    /// its own with `.testing { $0.uuid = .incrementing }` or any ``UUIDGenerator``.
    public var uuid: UUIDGenerator {
        get { self[uuidKey] }
        set { self[uuidKey] = newValue }
    }
}

/// The key of ``Dependencies/uuid``.
private let uuidKey = DependencyKey<UUIDGenerator>(
    live: .random, test: .incrementing, fresh: { .incrementing }, name: "Dependencies.uuid")
