/// A small, fast, seedable random number generator: Steele, Lea and Flood's SplitMix64.
///
/// The same seed gives the same sequence on every platform and Swift version, which the
/// standard library's generators do not promise. That makes computer games reproducible:
/// `rps play --seed 7` always plays the same way from the same history. Not for cryptography.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A value in `0..<bound` (a positive bound), every value equally likely.
    ///
    /// Draws that would favour small values are rejected and redrawn, by a rule written out
    /// here so that the result does not depend on the standard library's implementation.
    package mutating func next(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "RockPaperScissors: SplitMix64.next(below:) needs a positive bound")
        let threshold = (0 &- bound) % bound
        while true {
            let value = next()
            if value >= threshold {
                return value % bound
            }
        }
    }

    /// One element of a non-empty array, every element equally likely.
    package mutating func pick<Element>(from elements: [Element]) -> Element {
        elements[Int(next(below: UInt64(elements.count)))]
    }
}
