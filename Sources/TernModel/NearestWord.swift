/// The known word a mistyped one was probably meant to be: for settings and `[keys]` action names alike,
/// so `likes` gets "did you mean like?" wherever it is written.
package enum NearestWord {
    /// The known word at most two letters away from `word` (the nearest), or nil.
    package static func nearest(to word: String, among known: [String]) -> String? {
        known.map { ($0, distance($0, word)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }

    /// Letters to change, add or remove to make one word the other.
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var next = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            row = next
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
