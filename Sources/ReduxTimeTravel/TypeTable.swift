/// A number per type, found by a multiplicative hash in an open-addressing table: a look-up costs
/// a few instructions, where a `Dictionary` keyed by `ObjectIdentifier` hashes with SipHash and,
/// in unspecialised code, looks its metadata up (~100–300). Keys are the types' addresses, 0
/// marking a free slot.
struct TypeTable {
    private var keys = [UInt](repeating: 0, count: 16)
    private var values = [Int](repeating: 0, count: 16)
    private var count = 0

    /// The number of a type, computed by `compute` the first time.
    mutating func value(for type: Any.Type, compute: (Any.Type) -> Int) -> Int {
        let key = UInt(bitPattern: ObjectIdentifier(type))
        let mask = keys.count - 1
        var slot = Self.slot(of: key, mask: mask)
        while keys[slot] != 0 {
            if keys[slot] == key { return values[slot] }
            slot = (slot + 1) & mask
        }
        let value = compute(type)
        keys[slot] = key
        values[slot] = value
        count += 1
        if count * 2 > keys.count { grow() }
        return value
    }

    private static func slot(of key: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    private mutating func grow() {
        let old = zip(keys, values)
        keys = [UInt](repeating: 0, count: keys.count * 2)
        values = [Int](repeating: 0, count: keys.count)
        let mask = keys.count - 1
        for (key, value) in old where key != 0 {
            var slot = Self.slot(of: key, mask: mask)
            while keys[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = key
            values[slot] = value
        }
    }
}
