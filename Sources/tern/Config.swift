import Foundation
import TernImages
import TernModel
import TernStore
import TernTerminal
import TernUI
import TOMLKit

/// `$XDG_CONFIG_HOME/tern/config.toml`. Every key is optional; command-line options win over it.
///
/// ```toml
/// theme = "default"
/// prefetch_rows = 10        # posts ahead whose pictures load early
/// image_cache_mb = 500      # disk cache for downloaded pictures
/// image_cache_days = 7      # pictures older than this are fetched again
/// cache_days = 30           # cached posts older than this are pruned (saved and liked ones stay)
/// cache_posts = 5000        # at most this many cached posts per timeline
/// mouse = true              # wheel scrolls, clicks select and open (xterm SGR mouse reporting)
/// stream = true             # live updates over the server's streaming API
/// confirm_boost = false     # B asks before boosting
/// images = "auto"           # auto, kitty, sixel, iterm, symbols or off
/// colors = "auto"           # auto, truecolor, 256, 16, 8 or mono
/// thumbnail_height = 8      # rows of a thumbnail (default: from the window's width)
/// thumbnail_width = 28      # widest thumbnail in columns (default: a 16:9 picture at that height)
/// avatars = true            # small avatars beside names
/// low_data = false          # fetch only the selected post's pictures; blurhash for the rest
/// low_data_servers = ["slow.example"]   # low data for these servers only
/// layout = "auto"           # auto (two panes from 160 columns), single or split
/// copy = "osc52"            # y / Y copy a post's link / text through the terminal (works over ssh); off; or a command: "wl-copy"
/// alerts = "desktop"        # a mention, direct message or follow while the terminal is not focused: desktop notification, bell or off
/// hyperlinks = "auto"       # links, mentions and hashtags clickable (OSC 8): auto (terminals known to take them), on or off
///
/// [alerts]                  # or one way per kind (instead of alerts = "..."); kinds left out are "desktop"
/// mention = "desktop"
/// direct = "desktop"
/// follow = "bell"
///
/// [keys]                    # any action on other keys: a key name or a list of them
/// like = "l"
/// next = ["j", "down", "ctrl-n"]
/// ```
struct Config: Decodable {
    var theme: String?
    var prefetchRows: Int?
    var imageCacheMB: Int?
    var imageCacheDays: Double?
    var cacheDays: Double?
    var cachePosts: Int?
    var mouse: Bool?
    var stream: Bool?
    var confirmBoost: Bool?
    var images: String?
    var colors: ColorChoice?
    var thumbnailWidth: Int?
    var thumbnailHeight: Int?
    var avatars: Bool?
    var lowData: Bool?
    var lowDataServers: [String]?
    var layout: PaneLayout?
    var copy: CopyMode?
    var alerts: AlertSettings?
    var hyperlinks: Hyperlinks.Mode?
    /// `[keys]`: action name → key names, with the line each was written on.
    var keys: [(action: String, keys: [String], line: Int?)] = []

    enum CodingKeys: String, CodingKey, CaseIterable {
        case theme
        case prefetchRows = "prefetch_rows"
        case imageCacheMB = "image_cache_mb"
        case imageCacheDays = "image_cache_days"
        case cacheDays = "cache_days"
        case cachePosts = "cache_posts"
        case mouse, keys, stream
        case confirmBoost = "confirm_boost"
        case images, avatars, colors
        case thumbnailWidth = "thumbnail_width"
        case thumbnailHeight = "thumbnail_height"
        case lowData = "low_data"
        case lowDataServers = "low_data_servers"
        case layout, copy, alerts, hyperlinks
    }

    /// `alerts = "bell"`, or `[alerts]` with a mode per kind.
    private static func alerts(_ c: KeyedDecodingContainer<CodingKeys>) throws -> AlertSettings {
        func mode(_ name: String, _ key: String) throws -> TerminalAlert.Mode {
            guard let mode = TerminalAlert.Mode(rawValue: name) else { throw ConfigError(description: "\(key) = \"\(name)\": use desktop, bell or off") }
            return mode
        }
        // A string is one mode for all; anything else must be the table, and says so if it isn't (the string's
        // error is not the one to tell).
        if let name = try? c.decode(String.self, forKey: .alerts) { return AlertSettings(try mode(name, "alerts")) }
        var settings = AlertSettings()
        for (key, name) in try c.decode([String: String].self, forKey: .alerts) {
            guard let kind = AlertSettings.Kind(rawValue: key) else {
                throw ConfigError(description: "[alerts] \(key) is no kind Tern announces; kinds are "
                                  + AlertSettings.Kind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            settings[kind] = try mode(name, "[alerts] \(key)")
        }
        return settings
    }

    /// A `[keys]` value: one key name or a list of them.
    private struct KeyNames: Decodable {
        var names: [String]
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            // Not one name: then a list, whose error is the one told.
            if let one = try? c.decode(String.self) { names = [one] } else { names = try c.decode([String].self) }
        }
    }

    init() {}

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        theme = try c.decodeIfPresent(String.self, forKey: .theme)
        prefetchRows = try c.decodeIfPresent(Int.self, forKey: .prefetchRows)
        imageCacheMB = try c.decodeIfPresent(Int.self, forKey: .imageCacheMB)
        imageCacheDays = try Self.number(c, .imageCacheDays)
        cacheDays = try Self.number(c, .cacheDays)
        cachePosts = try c.decodeIfPresent(Int.self, forKey: .cachePosts)
        mouse = try c.decodeIfPresent(Bool.self, forKey: .mouse)
        stream = try c.decodeIfPresent(Bool.self, forKey: .stream)
        confirmBoost = try c.decodeIfPresent(Bool.self, forKey: .confirmBoost)
        images = try c.decodeIfPresent(String.self, forKey: .images)
        if let images, images != "auto", GraphicsMode(rawValue: images) == nil {
            throw ConfigError(description: "images = \"\(images)\": use auto, kitty, sixel, iterm, symbols or off")
        }
        if c.contains(.alerts) { alerts = try Self.alerts(c) }
        if let name = try c.decodeIfPresent(String.self, forKey: .hyperlinks) {
            guard let mode = Hyperlinks.Mode(rawValue: name) else { throw ConfigError(description: "hyperlinks = \"\(name)\": use auto, on or off") }
            hyperlinks = mode
        }
        if let name = try c.decodeIfPresent(String.self, forKey: .copy) {
            guard let mode = CopyMode(name) else { throw ConfigError(description: "copy = \"\(name)\": use osc52, off or a command") }
            copy = mode
        }
        if let name = try c.decodeIfPresent(String.self, forKey: .layout) {
            guard let layout = PaneLayout(rawValue: name) else {
                throw ConfigError(description: "layout = \"\(name)\": use auto, single or split")
            }
            self.layout = layout
        }
        if let name = try c.decodeIfPresent(String.self, forKey: .colors) {
            guard let choice = ColorChoice(rawValue: name) else {
                throw ConfigError(description: "colors = \"\(name)\": use auto, truecolor, 256, 16, 8 or mono")
            }
            colors = choice
        }
        thumbnailWidth = try c.decodeIfPresent(Int.self, forKey: .thumbnailWidth)
        thumbnailHeight = try c.decodeIfPresent(Int.self, forKey: .thumbnailHeight)
        avatars = try c.decodeIfPresent(Bool.self, forKey: .avatars)
        lowData = try c.decodeIfPresent(Bool.self, forKey: .lowData)
        lowDataServers = try c.decodeIfPresent([String].self, forKey: .lowDataServers)
        keys = try (c.decodeIfPresent([String: KeyNames].self, forKey: .keys) ?? [:])
            .sorted { $0.key < $1.key }.map { ($0.key, $0.value.names, nil) }
    }

    /// The standard keymap with `[keys]` applied; a mistake is an error naming its line.
    func keymap() throws -> Keymap {
        try Keymap.standard.remapped(keys)
    }

    /// The user's config and keys, as every way of reading posts takes them: a mistake in either ends the
    /// command with the file's name and line (`tern --plain` too: running on defaults would hide it).
    static func loadWithKeys(_ paths: TernPaths) throws -> (Config, Keymap) {
        let file = paths.config.appendingPathComponent("config.toml")
        let config = try load(from: file)
        do { return (config, try config.keymap()) } catch { throw UserError("\(file.path): \(error)") }
    }

    /// Where each `[keys]` entry was written, so errors can name the line.
    private mutating func locateKeys(in text: String) {
        keys = keys.map { ($0.action, $0.keys, Self.line(of: $0.action, in: text, section: "keys")) }
    }

    /// TOML tells `7` from `7.0`; a number of days may be written either way.
    private static func number(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Double? {
        guard c.contains(key) else { return nil }
        if let whole = try? c.decode(Int.self, forKey: key) { return Double(whole) }  // else the Double's error is told
        return try c.decode(Double.self, forKey: key)
    }

    /// The picture cache with the configured size and age limits.
    func imageDiskCache(at directory: URL) throws -> DiskCache {
        try DiskCache(directory: directory, capacity: max(1, imageCacheMB ?? 500) << 20, ttl: (imageCacheDays ?? 7) * 86_400)
    }

    /// Low-data mode for a server: on for all, or for the servers listed.
    func lowData(for host: String) -> Bool {
        lowData == true || (lowDataServers ?? []).contains { $0.caseInsensitiveCompare(host) == .orderedSame }
    }

    var retention: RetentionPolicy {
        RetentionPolicy(maxAge: max(1, cacheDays ?? 30) * 86_400, maxPerTimeline: max(100, cachePosts ?? 5_000))
    }

    /// The file's settings; a missing file is an empty config, a broken one is an error that says where.
    /// One that can't be read (a folder in its place, no permission, not UTF-8) is an error too: running on
    /// defaults would hide every setting the user made.
    static func load(from url: URL) throws -> Config {
        let text: String
        do {
            let data = try Data(contentsOf: url)
            guard let utf8 = String(data: data, encoding: .utf8) else {
                let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
                let bad = (lines.firstIndex { String(data: Data($0), encoding: .utf8) == nil } ?? 0) + 1
                throw ConfigError(description: "\(url.path): line \(bad): not UTF-8 text; save the file as UTF-8")
            }
            text = utf8
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return Config()
        } catch let error as ConfigError {
            throw error
        } catch {
            throw ConfigError(description: "\(url.path): can't be read (\(Self.reason(error, at: url)))")
        }
        do {
            var config = try TOMLDecoder().decode(Config.self, from: text)
            config.locateKeys(in: text)
            config.unknown = Self.unknownKeys(in: text)
            return config
        } catch let error as DecodingError {
            throw ConfigError(description: "\(url.path): " + Self.explain(error, in: text))
        } catch let error as TOMLParseError {
            // Not TOML: the line as written and what would be, then the parser's own words.
            let n = error.source.begin.line
            let written = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(n - 1).first
                .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            let key = written.prefix { $0 != "=" }.trimmingCharacters(in: .whitespaces)
            let hint = takes[key].map { "\(key) takes \($0)" } ?? "text goes in quotes, a list in [ ]"
            if let unclosed = Self.unclosedQuote(written) {
                throw ConfigError(description: "\(url.path): line \(n): \(written): a string is not closed: end it with \(unclosed) on the same line")
            }
            throw ConfigError(description: "\(url.path): line \(n): \(written): not readable as TOML (\(hint); \(error.description))")
        } catch let error as ConfigError {
            // Our own checks name the key; the line is found the same way.
            let key = error.description.prefix { $0 != " " }
            let line = Self.line(of: String(key), in: text).map { "line \($0): " } ?? ""
            throw ConfigError(description: "\(url.path): \(line)\(error.description)")
        } catch { throw ConfigError(description: "\(url.path): \(error)") }
    }

    /// Why a file can't be read, in words (Foundation's own message names no cause for a folder).
    static func reason(_ error: Error, at url: URL) -> String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue { return "it is a folder" }
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        if (error as? CocoaError)?.code == .fileReadNoPermission { return "permission denied" }
        return error.localizedDescription
    }

    /// The quote a line's value opens and never closes (`theme = "dark`), or nil.
    static func unclosedQuote(_ line: String) -> Character? {
        guard let eq = line.firstIndex(of: "=") else { return nil }
        let value = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
        guard let quote = value.first, quote == "\"" || quote == "'" else { return nil }
        var escaped = false
        for c in value.dropFirst() {
            if c == quote, !(escaped && quote == "\"") { return nil }
            escaped = c == "\\" && !escaped
        }
        return quote
    }

    /// Top-level settings Tern does not know (a typo would otherwise be silently ignored), with their lines.
    var unknown: [(key: String, line: Int)] = []

    /// What the status line (each in turn), the log and `tern doctor` say about the file though it loaded: settings Tern does not know
    /// (with the one meant, when a known one is a letter or two away), and keys `[keys]` took from other actions.
    var notices: [String] {
        let known = CodingKeys.allCases.map(\.rawValue)
        return unknown.map { u in
            let near = NearestWord.nearest(to: u.key, among: known)
            return "config.toml line \(u.line): \(u.key) is no setting; " + (near.map { "did you mean \($0)?" } ?? "ignored")
        } + Keymap.standard.taken(by: keys).map { "config.toml " + $0 }
    }


    /// What each setting takes, in the words the error gives.
    static let takes: [String: String] = [
        "theme": "a theme's name in quotes, such as \"default\"",
        "prefetch_rows": "a whole number, such as 10", "image_cache_mb": "a whole number of megabytes, such as 500",
        "image_cache_days": "a number of days, such as 7", "cache_days": "a number of days, such as 30",
        "cache_posts": "a whole number, such as 5000", "mouse": "true or false", "stream": "true or false",
        "confirm_boost": "true or false", "images": "\"auto\", \"kitty\", \"sixel\", \"iterm\", \"symbols\" or \"off\"",
        "colors": "\"auto\", \"truecolor\", \"256\", \"16\", \"8\" or \"mono\"",
        "thumbnail_width": "a whole number of columns, such as 28", "thumbnail_height": "a whole number of rows, such as 8",
        "avatars": "true or false", "low_data": "true or false",
        "low_data_servers": "a list of server names, such as [\"slow.example\"]",
        "layout": "\"auto\", \"single\" or \"split\"", "copy": "\"osc52\", \"off\" or a command such as \"wl-copy\"", "alerts": "\"desktop\", \"bell\" or \"off\", or an [alerts] table of mention, direct and follow",
        "hyperlinks": "\"auto\", \"on\" or \"off\"",
        "keys": "a [keys] table: an action = a key name or a list of them, such as like = \"l\"",
    ]

    /// A decoding error as a person reads it: the line, the setting as written, and what it takes.
    static func explain(_ error: DecodingError, in text: String) -> String {
        let path: [CodingKey]
        switch error {
        case .keyNotFound(let key, let c): path = c.codingPath.isEmpty ? [key] : c.codingPath
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): path = c.codingPath
        @unknown default: path = []
        }
        guard let first = path.first?.stringValue else { return "\(error)" }
        if first == "keys", let action = path.dropFirst().first?.stringValue {
            let where_ = line(of: action, in: text, section: "keys").map { "line \($0): " } ?? ""
            return "\(where_)[keys] \(action) = \(written(action, in: text, section: "keys") ?? "?"): "
                + "\(action) takes a key name in quotes or a list of them, such as \(action) = [\"l\", \"ctrl-l\"]"
        }
        let where_ = line(of: first, in: text).map { "line \($0): " } ?? ""
        return "\(where_)\(first) = \(written(first, in: text) ?? "?"): \(first) takes \(takes[first] ?? "another kind of value")"
    }

    /// The line a key is set on (1-based), at the top level or in a `[section]`.
    static func line(of key: String, in text: String, section: String? = nil) -> Int? {
        assignments(in: text).first { $0.section == section && $0.key == key }?.line
    }

    /// The value as the file writes it.
    static func written(_ key: String, in text: String, section: String? = nil) -> String? {
        assignments(in: text).first { $0.section == section && $0.key == key }?.value
    }

    static func unknownKeys(in text: String) -> [(key: String, line: Int)] {
        let known = Set(CodingKeys.allCases.map(\.rawValue))
        return assignments(in: text).filter { $0.section == nil && !known.contains($0.key) }.map { ($0.key, $0.line) }
    }

    /// Every `key = value` line with the table it is in (nil: the top level); comments and lists that go on
    /// over several lines are not parsed any further (TOMLKit reads the file; this only finds lines).
    private static func assignments(in text: String) -> [(section: String?, key: String, value: String, line: Int)] {
        var section: String?
        var out: [(String?, String, String, Int)] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                section = line.dropFirst().prefix { $0 != "]" }.trimmingCharacters(in: .whitespaces)
                continue
            }
            guard !line.hasPrefix("#"), let eq = line.firstIndex(of: "=") else { continue }
            let key = line[..<eq].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            var value = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            // A comment after the value goes; a # inside quotes stays.
            let quoted = value.first.map { $0 == "\"" || $0 == "'" } ?? false
            let end = quoted ? value.dropFirst().firstIndex(of: value.first!).map { value.index(after: $0) } : value.firstIndex(of: "#")
            if let end { value = value[..<end].trimmingCharacters(in: .whitespaces) }
            out.append((section, key, value, i + 1))
        }
        return out
    }
}

struct ConfigError: Error, CustomStringConvertible {
    var description: String
}
