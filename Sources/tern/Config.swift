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
    /// `[keys]`: action name → key names, with the line each was written on.
    var keys: [(action: String, keys: [String], line: Int?)] = []

    enum CodingKeys: String, CodingKey {
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
    }

    /// A `[keys]` value: one key name or a list of them.
    private struct KeyNames: Decodable {
        var names: [String]
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
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

    /// Where each `[keys]` entry was written, so errors can name the line.
    private mutating func locateKeys(in text: String) {
        var inKeys = false
        var lines: [String: Int] = [:]
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") { inKeys = line.hasPrefix("[keys]"); continue }
            guard inKeys, let eq = line.firstIndex(of: "=") else { continue }
            let name = line[..<eq].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            lines[name] = i + 1
        }
        keys = keys.map { ($0.action, $0.keys, lines[$0.action]) }
    }

    /// TOML tells `7` from `7.0`; a number of days may be written either way.
    private static func number(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Double? {
        guard c.contains(key) else { return nil }
        if let whole = try? c.decode(Int.self, forKey: key) { return Double(whole) }
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
    static func load(from url: URL) throws -> Config {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return Config() }
        do {
            var config = try TOMLDecoder().decode(Config.self, from: text)
            config.locateKeys(in: text)
            return config
        } catch { throw ConfigError(description: "\(url.path): \(error)") }
    }
}

struct ConfigError: Error, CustomStringConvertible {
    var description: String
}
