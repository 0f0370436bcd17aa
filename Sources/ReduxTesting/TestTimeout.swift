import Dispatch

/// How long a ``TestStore`` step waits for async reducers to deliver their change before it
/// fails: `.seconds(1)`, `.milliseconds(200)`, or `.never`.
///
/// ```swift
/// store.timeout = .milliseconds(200)
/// await store.send(LoadProfile(id: 7), timeout: .seconds(5)) { $0.user.isLoading = true }
/// ```
///
/// Two timeouts are equal when they are equally long: `.seconds(1) == .milliseconds(1000)`.
public struct TestTimeout: Sendable, Hashable, CustomStringConvertible {
    /// The limit; nil waits for as long as it takes.
    let nanoseconds: UInt64?

    private init(nanoseconds: UInt64?) {
        self.nanoseconds = nanoseconds
    }

    /// A limit in seconds, such as `.seconds(1)` or `.seconds(0.5)`.
    ///
    /// - Parameter seconds: How many seconds; a negative value counts as zero.
    /// - Returns: The timeout.
    public static func seconds(_ seconds: Double) -> TestTimeout {
        TestTimeout(nanoseconds: UInt64(exactly: (max(0, seconds) * 1e9).rounded()) ?? .max)
    }

    /// A limit in milliseconds, such as `.milliseconds(200)`.
    ///
    /// - Parameter milliseconds: How many milliseconds; a negative value counts as zero.
    /// - Returns: The timeout.
    public static func milliseconds(_ milliseconds: Int) -> TestTimeout {
        let (product, overflow) = UInt64(max(0, milliseconds)).multipliedReportingOverflow(by: 1_000_000)
        return TestTimeout(nanoseconds: overflow ? .max : product)
    }

    /// No limit: a step waits for its async reducers for as long as they take, and an async
    /// reducer that never delivers hangs the test.
    public static let never = TestTimeout(nanoseconds: nil)

    /// The timeout a new ``TestStore`` starts with: one second, unless a scope sets another.
    ///
    /// A task-local value, so that one test, or a whole suite through the
    /// `.testStoreTimeout(_:)` trait, can give every `TestStore` it makes more time, on a slow or
    /// busy machine for instance, without touching each store:
    ///
    /// ```swift
    /// TestTimeout.$standard.withValue(.seconds(10)) {
    ///     let store = TestStore(initialState: AppState(), features: [UserFeature().at(\.user)])
    ///     #expect(store.timeout == .seconds(10))
    /// }
    /// ```
    @TaskLocal public static var standard: TestTimeout = .seconds(1)

    /// The limit as a failure message writes it: `1 s`, `1.5 s`, `200 ms`, `never`.
    public var description: String {
        guard let nanoseconds else { return "never" }
        if nanoseconds % 1_000_000 == 0 && nanoseconds < 1_000_000_000 {
            return "\(nanoseconds / 1_000_000) ms"
        }
        if nanoseconds % 1_000_000_000 == 0 {
            return "\(nanoseconds / 1_000_000_000) s"
        }
        if nanoseconds % 1_000_000 == 0 {
            return "\(Double(nanoseconds / 1_000_000) / 1000) s"
        }
        return "\(nanoseconds) ns"
    }

    /// The moment this long from now; nil for ``never``.
    var deadlineFromNow: DispatchTime? {
        guard let nanoseconds else { return nil }
        let now = DispatchTime.now().uptimeNanoseconds
        let (deadline, overflow) = now.addingReportingOverflow(nanoseconds)
        return overflow ? .distantFuture : DispatchTime(uptimeNanoseconds: deadline)
    }
}
