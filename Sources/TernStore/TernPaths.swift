import Foundation

/// Where Tern keeps its files, following the XDG base directories (docs/ARCHITECTURE.md, "Files on disk").
public struct TernPaths: Sendable {
    public var config: URL
    public var data: URL
    public var cache: URL
    public var state: URL

    /// Reads `XDG_*_HOME`, falling back to the usual defaults under `$HOME`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory())
        func base(_ key: String, _ fallback: String) -> URL {
            if let v = environment[key], v.hasPrefix("/") { return URL(fileURLWithPath: v) }
            return home.appendingPathComponent(fallback)
        }
        config = base("XDG_CONFIG_HOME", ".config").appendingPathComponent("tern")
        data = base("XDG_DATA_HOME", ".local/share").appendingPathComponent("tern")
        cache = base("XDG_CACHE_HOME", ".cache").appendingPathComponent("tern")
        state = base("XDG_STATE_HOME", ".local/state").appendingPathComponent("tern")
    }

    public var imageCache: URL { cache.appendingPathComponent("images") }
    public var store: URL { data.appendingPathComponent("tern.sqlite") }
    public var log: URL { state.appendingPathComponent("tern.log") }
    public var userThemes: URL { config.appendingPathComponent("themes") }
}
