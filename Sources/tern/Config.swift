import Foundation
import TOMLKit

/// `$XDG_CONFIG_HOME/tern/config.toml`. Every key is optional; command-line options win over it.
///
/// ```toml
/// theme = "default"
/// prefetch_rows = 10        # posts ahead whose pictures load early
/// image_cache_mb = 500      # disk cache for downloaded pictures
/// image_cache_days = 7      # pictures older than this are fetched again
/// ```
struct Config: Decodable {
    var theme: String?
    var prefetchRows: Int?
    var imageCacheMB: Int?
    var imageCacheDays: Double?

    enum CodingKeys: String, CodingKey {
        case theme
        case prefetchRows = "prefetch_rows"
        case imageCacheMB = "image_cache_mb"
        case imageCacheDays = "image_cache_days"
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
