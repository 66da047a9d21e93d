import Foundation
import TernImages
import TernStore
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
/// ```
struct Config: Decodable {
    var theme: String?
    var prefetchRows: Int?
    var imageCacheMB: Int?
    var imageCacheDays: Double?
    var cacheDays: Double?
    var cachePosts: Int?

    enum CodingKeys: String, CodingKey {
        case theme
        case prefetchRows = "prefetch_rows"
        case imageCacheMB = "image_cache_mb"
        case imageCacheDays = "image_cache_days"
        case cacheDays = "cache_days"
        case cachePosts = "cache_posts"
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

    var retention: RetentionPolicy {
        RetentionPolicy(maxAge: max(1, cacheDays ?? 30) * 86_400, maxPerTimeline: max(100, cachePosts ?? 5_000))
    }

    /// The file's settings; a missing file is an empty config, a broken one is an error that says where.
    static func load(from url: URL) throws -> Config {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return Config() }
        do { return try TOMLDecoder().decode(Config.self, from: text) }
        catch { throw ConfigError(description: "\(url.path): \(error)") }
    }
}

struct ConfigError: Error, CustomStringConvertible {
    var description: String
}
