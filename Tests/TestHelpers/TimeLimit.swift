#if canImport(Testing)
    import Testing

    /// Swift Testing's `.timeLimit(.minutes(minutes))` where it exists (Linux, and macOS 13 /
    /// iOS 16 on): a suite that starts processes fails instead of hanging when one never ends.
    ///
    /// The package builds its tests at its own minimum (macOS 10.15, iOS 13), where the time-limit
    /// trait is unavailable; there, the test runs without a limit and says so in its comment.
    ///
    /// - Parameter minutes: The limit.
    /// - Returns: The trait, for `@Suite` or `@Test`.
    public func timeLimit(minutes: Int) -> any SuiteTrait & TestTrait {
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            return TimeLimitTrait.timeLimit(.minutes(minutes))
        }
        return Comment(rawValue: "no time limit: Swift Testing has none before macOS 13 / iOS 16")
    }
#endif
