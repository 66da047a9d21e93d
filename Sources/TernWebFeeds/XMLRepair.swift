/// Feeds in the wild are often not quite XML: a bare `&` ("Fish & Chips"), a `<` that starts no tag
/// ("more <3"), HTML's named entities (`&nbsp;`) that XML does not define. libxml2, even recovering, drops
/// such text, so before parsing those are made what the author meant: `&amp;`, `&lt;`, and the character's
/// number. CDATA sections, comments and processing instructions are left as they are. Works on the bytes
/// of any ASCII-compatible encoding (the encodings feeds declare); UTF-16 is left alone.
enum XMLRepair {
    static func repair(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.starts(with: [0xFF, 0xFE]), !bytes.starts(with: [0xFE, 0xFF]), !bytes.prefix(4).contains(0) else { return bytes }
        guard bytes.contains(UInt8(ascii: "&")) || bytes.contains(UInt8(ascii: "<")) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var i = 0
        let n = bytes.count
        func starts(_ s: String, at k: Int) -> Bool {
            let u = Array(s.utf8)
            return k + u.count <= n && Array(bytes[k..<(k + u.count)]) == u
        }
        /// Copies up to and including `end`, or to the document's end.
        func copy(through end: String) {
            let u = Array(end.utf8)
            var k = i
            while k < n, !(k + u.count <= n && Array(bytes[k..<(k + u.count)]) == u) { k += 1 }
            let stop = min(n, k + u.count)
            out.append(contentsOf: bytes[i..<stop])
            i = stop
        }
        while i < n {
            let b = bytes[i]
            if b == UInt8(ascii: "<") {
                if starts("<![CDATA[", at: i) { copy(through: "]]>"); continue }
                if starts("<!--", at: i) { copy(through: "-->"); continue }
                if starts("<?", at: i) { copy(through: "?>"); continue }
                let next = i + 1 < n ? bytes[i + 1] : 0
                if isNameStart(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") {
                    out.append(b)
                } else {
                    out.append(contentsOf: Array("&lt;".utf8))
                }
                i += 1
                continue
            }
            if b == UInt8(ascii: "&") {
                let (replacement, consumed) = entity(at: i)
                out.append(contentsOf: replacement)
                i += consumed
                continue
            }
            out.append(b)
            i += 1
        }
        return out

        /// What `&` at `k` becomes, and how many bytes that takes: the reference as it is when XML knows it,
        /// an HTML entity's number in place of its name, else an escaped ampersand.
        func entity(at k: Int) -> ([UInt8], Int) {
            let amp = (Array("&amp;".utf8), 1)
            var j = k + 1
            if j < n, bytes[j] == UInt8(ascii: "#") {
                j += 1
                let hex = j < n && (bytes[j] == UInt8(ascii: "x") || bytes[j] == UInt8(ascii: "X"))
                if hex { j += 1 }
                let digitsStart = j
                while j < n, hex ? isHexDigit(bytes[j]) : isDigit(bytes[j]) { j += 1 }
                return j > digitsStart && j < n && bytes[j] == UInt8(ascii: ";") ? ([UInt8(ascii: "&")], 1) : amp
            }
            while j < n, j - k <= 32, isNameChar(bytes[j]) { j += 1 }
            guard j > k + 1, j < n, bytes[j] == UInt8(ascii: ";") else { return amp }
            let name = String(decoding: bytes[(k + 1)..<j], as: UTF8.self)
            if ["amp", "lt", "gt", "quot", "apos"].contains(name) { return ([UInt8(ascii: "&")], 1) }
            if let code = htmlEntities[name] { return (Array("&#\(code);".utf8), j + 1 - k) }
            return amp
        }
    }


    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    private static func isHexDigit(_ b: UInt8) -> Bool { isDigit(b) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x66) }
    private static func isNameStart(_ b: UInt8) -> Bool { (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == UInt8(ascii: "_") || b == UInt8(ascii: ":") || b >= 0x80 }
    private static func isNameChar(_ b: UInt8) -> Bool { isNameStart(b) || isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") }

    /// HTML's named characters that feeds use without declaring them.
    static let htmlEntities: [String: Int] = [
        "nbsp": 160, "iexcl": 161, "cent": 162, "pound": 163, "yen": 165, "sect": 167, "copy": 169, "laquo": 171,
        "reg": 174, "deg": 176, "plusmn": 177, "micro": 181, "para": 182, "middot": 183, "raquo": 187, "frac12": 189,
        "iquest": 191, "Agrave": 192, "Aacute": 193, "Auml": 196, "Ccedil": 199, "Eacute": 201, "Ouml": 214, "times": 215,
        "Uuml": 220, "szlig": 223, "agrave": 224, "aacute": 225, "acirc": 226, "atilde": 227, "auml": 228, "aring": 229,
        "ccedil": 231, "egrave": 232, "eacute": 233, "ecirc": 234, "euml": 235, "iacute": 237, "iuml": 239, "ntilde": 241,
        "oacute": 243, "ocirc": 244, "ouml": 246, "divide": 247, "oslash": 248, "uacute": 250, "uuml": 252,
        "ndash": 8211, "mdash": 8212, "lsquo": 8216, "rsquo": 8217, "sbquo": 8218, "ldquo": 8220, "rdquo": 8221,
        "bdquo": 8222, "dagger": 8224, "bull": 8226, "hellip": 8230, "prime": 8242, "lsaquo": 8249, "rsaquo": 8250,
        "euro": 8364, "trade": 8482, "larr": 8592, "rarr": 8594, "hearts": 9829, "zwj": 8205, "zwnj": 8204, "shy": 173,
    ]
}
