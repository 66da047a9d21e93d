import Foundation

/// `~` in a path the user typed, as their shell reads it: `$HOME` (Foundation's expansion uses the
/// password database's home, which for an account such as `nobody` is /nonexistent while data files
/// follow `$HOME`), `~name` that user's home.
package enum HomePath {
    package static func expand(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard path.hasPrefix("~") else { return path }
        let rest = path.dropFirst()
        let name = rest.prefix { $0 != "/" }
        let home: String
        if name.isEmpty {
            home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        } else {
            guard let entry = getpwnam(String(name)), let dir = entry.pointee.pw_dir else { return path }
            home = String(cString: dir)
        }
        let tail = rest.dropFirst(name.count)
        return tail.isEmpty ? home : (home.hasSuffix("/") ? String(home.dropLast()) : home) + tail
    }
}
