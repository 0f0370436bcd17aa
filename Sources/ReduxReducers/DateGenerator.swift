#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Tells a reducer the date: the current one in an app, a fixed one in a test, so a test can spell
/// the date it expects.
///
/// ```swift
/// reducers.addReduceFunction { (provider, _: SaveNote, note: inout Note) in
///     note.savedAt = provider.dependencies.date.now
/// }
/// ```
public struct DateGenerator: Sendable {
    /// Gives the date.
    private let generate: @Sendable () -> Date

    /// A generator that calls `generate` for each date.
    ///
    /// - Parameter generate: Gives the date.
    public init(_ generate: @escaping @Sendable () -> Date) {
        self.generate = generate
    }

    /// The date now, as the generator tells it.
    public var now: Date {
        generate()
    }

    /// The date now, as the generator tells it: `date()` is `date.now`.
    ///
    /// - Returns: The date.
    public func callAsFunction() -> Date {
        generate()
    }

    /// The current date, `Date()`: an app's.
    public static let current = DateGenerator { Date() }

    /// A generator that always gives `date`: a test's.
    ///
    /// - Parameter date: The date it gives.
    /// - Returns: The generator.
    public static func constant(_ date: Date) -> DateGenerator {
        DateGenerator { date }
    }
}

extension Dependencies {
    /// The date: the current one (``DateGenerator/current``) in an app; in a test or a preview,
    /// always 2001-01-01 00:00:00 UTC (`Date(timeIntervalSinceReferenceDate: 0)`). A test sets its
    /// own with `.testing { $0.date = .constant(Date(timeIntervalSince1970: 1_700_000_000)) }`.
    public var date: DateGenerator {
        get { self[dateKey] }
        set { self[dateKey] = newValue }
    }
}

/// The key of ``Dependencies/date``.
private let dateKey = DependencyKey<DateGenerator>(
    live: .current, test: .constant(Date(timeIntervalSinceReferenceDate: 0)), fresh: nil, name: "Dependencies.date")
