internal import ReduxCore

/// A random number generator that many tasks may share: the system's, or a seeded one whose
/// sequence repeats for equal seeds.
///
/// A class, so that every copy of a store's ``Dependencies`` draws from the one sequence. Use it
/// like any generator:
///
/// ```swift
/// var random = effect.dependencies.random
/// let roll = Int.random(in: 1...6, using: &random)
/// ```
///
/// - Note: `@unchecked Sendable`: the seeded state is only read and written under `lock`.
public final class RandomSource: RandomNumberGenerator, @unchecked Sendable {
    private let lock = Lock()
    /// SplitMix64's state; nil for the system generator.
    private var state: UInt64?

    /// The system's generator (`SystemRandomNumberGenerator`).
    public init() {
        state = nil
    }

    /// A generator whose sequence is fixed by its seed (SplitMix64).
    ///
    /// - Parameter seed: Any value; equal seeds give equal sequences.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        guard var z = state else {
            var system = SystemRandomNumberGenerator()
            return system.next()
        }
        z &+= 0x9E37_79B9_7F4A_7C15
        state = z
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
