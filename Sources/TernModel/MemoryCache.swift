/// A least-recently-used map bounded by the bytes of its values: the one LRU of Tern's memory caches
/// (decoded pixels, thumbnails, row layouts).
package struct MemoryCache<Key: Hashable, Value> {
    private var items: [Key: (value: Value, bytes: Int, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    package let budget: Int
    package private(set) var bytes = 0

    package init(budget: Int) { self.budget = budget }

    package mutating func get(_ key: Key) -> Value? {
        // One hash lookup: the use is marked in place.
        guard let i = items.index(forKey: key) else { return nil }
        clock += 1
        items.values[i].lastUse = clock
        return items.values[i].value
    }

    package mutating func set(_ key: Key, _ value: Value, bytes size: Int) {
        guard size <= budget else { return }
        clock += 1
        if let old = items[key] { bytes -= old.bytes }
        items[key] = (value, size, clock)
        bytes += size
        if bytes > budget {
            // Evict the oldest in one pass, down to 3/4 of the budget, rather than one entry per insert.
            for (k, item) in items.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                if bytes <= budget * 3 / 4 { break }
                items[k] = nil
                bytes -= item.bytes
            }
        }
    }

    package mutating func remove(_ key: Key) {
        if let old = items.removeValue(forKey: key) { bytes -= old.bytes }
    }

    package var count: Int { items.count }
}
