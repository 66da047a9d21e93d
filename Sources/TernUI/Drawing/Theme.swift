import Foundation
import TernTerminal
import TOMLKit

/// The looks of the screen: one text style per role. Loaded from a TOML theme file (`themes/NAME.toml`,
/// overridable in `$XDG_CONFIG_HOME/tern/themes/`); roles the file leaves out keep their built-in style.
package struct Theme: Sendable, Equatable {
    package enum Role: String, CaseIterable, Sendable {
        case name, acct, time, text, link, mention, hashtag, emphasis, code, boost, warning, counts, liked,
             saved, pending, gutter, title, status, statusError, placeholder, gap, notification, focus, verified,
             readMark
    }

    package var name: String
    package var styles: [Role: TextStyle]

    package subscript(role: Role) -> TextStyle { styles[role] ?? .plain }

    /// The theme compiled in, used when no file is found; `themes/default.toml` describes the same one.
    package static let builtIn = Theme(name: "default", styles: [
        .name: TextStyle(bold: true),
        .acct: TextStyle(foreground: .index(8)),
        .time: TextStyle(foreground: .index(8)),
        .text: TextStyle(),
        .link: TextStyle(foreground: .index(4), underline: true),
        .mention: TextStyle(foreground: .index(6)),
        .hashtag: TextStyle(foreground: .index(5)),
        .emphasis: TextStyle(italic: true),
        .code: TextStyle(foreground: .index(2)),
        .boost: TextStyle(foreground: .index(2)),
        .warning: TextStyle(foreground: .index(3), bold: true),
        .counts: TextStyle(foreground: .index(8)),
        .liked: TextStyle(foreground: .index(3), bold: true),
        .saved: TextStyle(foreground: .index(6), bold: true),
        .pending: TextStyle(foreground: .index(3), dim: true, italic: true),
        .gutter: TextStyle(foreground: .index(4), bold: true),
        .title: TextStyle(reverse: true),
        .status: TextStyle(reverse: true),
        .statusError: TextStyle(foreground: .index(1), bold: true, reverse: true),
        .placeholder: TextStyle(foreground: .index(8)),
        .gap: TextStyle(foreground: .index(3), bold: true),
        .notification: TextStyle(foreground: .index(5), bold: true),
        .focus: TextStyle(foreground: .index(6), bold: true),
        .verified: TextStyle(foreground: .index(2), bold: true),
        .readMark: TextStyle(foreground: .index(1), bold: true),
    ])

    private struct File: Decodable {
        struct Style: Decodable {
            var fg: String?
            var bg: String?
            var bold: Bool?
            var dim: Bool?
            var italic: Bool?
            var underline: Bool?
            var reverse: Bool?
        }
        var name: String?
        var roles: [String: Style]?
    }

    /// Parses a theme file. Unknown roles and bad colours are errors, so a typo doesn't pass silently.
    package static func parse(toml: String) throws -> Theme {
        let file = try TOMLDecoder().decode(File.self, from: toml)
        var theme = Theme.builtIn
        theme.name = file.name ?? "custom"
        for (key, spec) in file.roles ?? [:] {
            guard let role = Role(rawValue: key) else { throw ThemeError(description: "unknown role '\(key)'") }
            func color(_ s: String?) throws -> TerminalColor {
                guard let s else { return .default }
                guard let c = TerminalColor(parsing: s) else { throw ThemeError(description: "bad colour '\(s)' for \(key)") }
                return c
            }
            theme.styles[role] = TextStyle(foreground: try color(spec.fg), background: try color(spec.bg),
                                           bold: spec.bold ?? false, dim: spec.dim ?? false, italic: spec.italic ?? false,
                                           underline: spec.underline ?? false, reverse: spec.reverse ?? false)
        }
        return theme
    }

    /// Finds and loads a theme by name: the user's folder first, then the `themes/` folder that ships with
    /// Tern (next to the executable or above it in a checkout; `PREFIX/share/tern/themes` when installed),
    /// else the built-in theme.
    package static func load(named name: String, userThemes: URL, executable: URL) -> (Theme, warning: String?) {
        var candidates = [userThemes.appendingPathComponent("\(name).toml")]
        var dir = executable.deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(dir.appendingPathComponent("themes/\(name).toml"))
            candidates.append(dir.appendingPathComponent("share/tern/themes/\(name).toml"))
            dir = dir.deletingLastPathComponent()
        }
        for url in candidates where FileManager.default.fileExists(atPath: url.path) {
            let text: String
            do { text = try String(contentsOf: url, encoding: .utf8) } catch {
                return (builtIn, "theme \(url.path) can't be read (\(error.localizedDescription)); using the built-in theme")
            }
            do { return (try parse(toml: text), nil) }
            catch { return (builtIn, "theme \(url.path): \(error); using the built-in theme") }
        }
        return (builtIn, name == "default" ? nil : "theme '\(name)' not found; using the built-in theme")
    }
}

package struct ThemeError: Error, CustomStringConvertible {
    package var description: String
}
