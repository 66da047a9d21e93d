/// SplitMix64: a small, fast generator whose whole output follows from its seed, so the demo world is the
/// same on every run and every machine, and a failing random test runs again from the seed it prints.
package struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A generator for one sub-stream (post N, image N), independent of how much the parent drew.
    package static func derived(_ seed: UInt64, _ salt: UInt64) -> SeededRandom {
        var mixer = SeededRandom(seed: seed ^ (salt &* 0xD1B5_4A32_D192_ED03))
        _ = mixer.next()
        return mixer
    }

    package mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    package mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
}
