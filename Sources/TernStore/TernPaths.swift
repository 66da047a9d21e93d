import Foundation

/// Where Tern keeps its files, following the XDG base directories (docs/ARCHITECTURE.md, "Files on disk").
package struct TernPaths: Sendable {
    package var config: URL
    package var data: URL
    package var cache: URL
    package var state: URL

    /// Reads `XDG_*_HOME`, falling back to the usual defaults under `$HOME`.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
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

    package var imageCache: URL { cache.appendingPathComponent("images") }
    package var store: URL { data.appendingPathComponent("tern.sqlite") }
    package var log: URL { state.appendingPathComponent("tern.log") }
    package var userThemes: URL { config.appendingPathComponent("themes") }
}
