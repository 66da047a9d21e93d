/// OSC 8 hyperlinks (`ESC ] 8 ; params ; URI ESC \` before the text, `ESC ] 8 ; ; ESC \` after): the
/// terminal makes the text clickable, however the line is wrapped or cut. A terminal that doesn't know
/// them mostly ignores them, but not all do (some print the sequence, some the URI), so they are sent only
/// where the terminal is known to take them, or where the user says (`hyperlinks` in the config).
package enum Hyperlinks {
    package enum Mode: String, Sendable, CaseIterable {
        /// Where the terminal is known to take them.
        case auto
        case on
        case off

        /// Whether to send them to `terminal` (what it said it is) in `environment`.
        package func sent(to terminal: String?, environment: [String: String]) -> Bool {
            self == .on || (self == .auto && Hyperlinks.supported(terminal: terminal, environment: environment))
        }
    }

    /// Whether the terminal takes OSC 8: by what it said it is (XTVERSION), else by what its environment
    /// names. tmux keeps and forwards them from 3.4 on; older tmux drops them, so nothing is gained.
    package static func supported(terminal: String?, environment: [String: String]) -> Bool {
        if let name = terminal?.lowercased() {
            for known in ["kitty", "wezterm", "foot", "iterm2", "ghostty", "contour", "rio"] where name.hasPrefix(known) { return true }
            if name.hasPrefix("tmux ") { return atLeast3_4(name.dropFirst(5)) }
        }
        if let vte = environment["VTE_VERSION"].flatMap({ Int($0) }), vte >= 5000 { return true }
        switch environment["TERM_PROGRAM"] {
        case "iTerm.app", "WezTerm", "vscode", "ghostty": return true
        case "tmux": return atLeast3_4(Substring(environment["TERM_PROGRAM_VERSION"] ?? ""))
        default: break
        }
        let term = environment["TERM"] ?? ""
        return ["xterm-kitty", "foot", "wezterm", "xterm-ghostty", "alacritty"].contains { term.hasPrefix($0) }
    }

    /// A tmux version ("3.4", "3.3a", "next-3.5") from 3.4 on.
    private static func atLeast3_4(_ text: Substring) -> Bool {
        let n = text.drop { !$0.isNumber }.prefix { $0.isNumber || $0 == "." }.split(separator: ".").compactMap { Int($0) }
        guard let major = n.first else { return false }
        return (major, n.count > 1 ? n[1] : 0) >= (3, 4)
    }

    /// The longest URI sent: what VTE and kitty take (longer ones are left as plain text).
    static let longestURI = 2083

    /// A URL as OSC 8 carries it: bytes 0x21–0x7E only (anything else, a space or a control byte among
    /// them, would end or break the sequence), the rest percent-encoded; nil when too long.
    static func uri(_ url: String) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(url.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for b in url.utf8 {
            if (0x21...0x7E).contains(b) { out.append(b) } else { out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 0xF)]] }
        }
        return out.isEmpty || out.count > longestURI ? nil : out
    }
}

/// The links of the cells on screen, numbered from 1 (a cell keeps its link's number in `CellLook`): the
/// same URL has the same number from frame to frame, so an unchanged cell compares equal.
struct LinkTable {
    private(set) var uris: [[UInt8]] = []
    private var numbers: [String: UInt32] = [:]

    /// More than this many links since the table was last emptied: it is emptied at the next frame, which
    /// is then sent whole (its cells' numbers would mean other links).
    static let capacity = 4096

    var isFull: Bool { uris.count >= Self.capacity }

    /// The number of a URL's link, made if new; 0 (no link) for one OSC 8 can't carry.
    mutating func number(for url: String) -> UInt32 {
        if let n = numbers[url] { return n }
        guard let uri = Hyperlinks.uri(url), uris.count < CellLook.maxLink else { return 0 }
        uris.append(uri)
        let n = UInt32(uris.count)
        numbers[url] = n
        return n
    }

    func uri(_ number: UInt32) -> [UInt8]? {
        number > 0 && Int(number) <= uris.count ? uris[Int(number) - 1] : nil
    }

    mutating func removeAll() {
        uris.removeAll(keepingCapacity: true)
        numbers.removeAll(keepingCapacity: true)
    }
}
