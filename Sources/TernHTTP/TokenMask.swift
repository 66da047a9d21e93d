/// Hides access tokens in text bound for the log: `Bearer …`, `access_token=…` and a JSON
/// `"access_token": "…"` each become `[token]`. Plain scanning rather than regular expressions: the log
/// is written during start-up, and Foundation's regular expressions load ICU (4 ms and megabytes).
package enum TokenMask {
    package static func masked(_ line: String) -> String {
        guard line.utf8.contains(where: { $0 == UInt8(ascii: "B") || $0 == UInt8(ascii: "a") }) else { return line }
        let bytes = Array(line.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if let end = tokenEnd(bytes, at: i) {
                out += Array("[token]".utf8)
                i = end
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Where a token that starts at `i` ends, if one does.
    private static func tokenEnd(_ b: [UInt8], at i: Int) -> Int? {
        if has(b, "Bearer ", at: i) {
            let end = scan(b, from: i + 7) { isTokenByte($0) }
            return end > i + 7 ? end : nil
        }
        if has(b, "access_token=", at: i) {
            let end = scan(b, from: i + 13) { $0 != UInt8(ascii: "&") && !isSpace($0) }
            return end > i + 13 ? end : nil
        }
        if has(b, "\"access_token\"", at: i) {
            var j = scan(b, from: i + 14, while: isSpace)
            guard j < b.count, b[j] == UInt8(ascii: ":") else { return nil }
            j = scan(b, from: j + 1, while: isSpace)
            guard j < b.count, b[j] == UInt8(ascii: "\"") else { return nil }
            let close = scan(b, from: j + 1) { $0 != UInt8(ascii: "\"") }
            return close < b.count ? close + 1 : nil
        }
        return nil
    }

    private static func has(_ b: [UInt8], _ s: StaticString, at i: Int) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i + n <= b.count else { return false }
        return s.withUTF8Buffer { p in (0..<n).allSatisfy { b[i + $0] == p[$0] } }
    }

    private static func scan(_ b: [UInt8], from start: Int, while keep: (UInt8) -> Bool) -> Int {
        var j = start
        while j < b.count, keep(b[j]) { j += 1 }
        return j
    }

    /// The characters of an OAuth bearer token (RFC 6750's b64token).
    private static func isTokenByte(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return "._~+/=-".utf8.contains(c)
        }
    }

    /// Whitespace as regular expressions' `\s` has it in ASCII.
    private static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || (0x09...0x0D).contains(c)
    }
}
