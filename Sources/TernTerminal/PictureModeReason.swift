import TernModel

extension TerminalProbe {
    /// Which fact decided the picture mode, in words, for `tern doctor`: what was asked for, the terminal's
    /// answer (or its silence), `TERM`, the environment that names an iTerm2-picture terminal, or tmux in
    /// the way. `requested` is the mode config.toml asked for (nil: auto). Pure.
    package static func reason(for result: Result, requested: GraphicsMode?, environment: [String: String]) -> String {
        let term = environment["TERM"] ?? ""
        let asked = "images = \"\(requested?.rawValue ?? "auto")\" in config.toml"
        let inTmux = result.tmux == .passthrough ? " (through tmux's passthrough)" : ""
        switch (result.mode, requested) {
        case (.off, _), (.symbols, .symbols?): return asked
        case (.kitty, _): return "the terminal answered kitty's graphics query\(inTmux)"
        case (.sixel, _): return "the terminal lists sixel graphics in its device attributes (DA1)"
        case (.iterm, _):
            let names = ["TERM_PROGRAM", "LC_TERMINAL", "KONSOLE_VERSION"].first { environment[$0] != nil }
                .map { $0 == "KONSOLE_VERSION" ? "KONSOLE_VERSION is set" : "\($0)=\(environment[$0]!)" } ?? "the environment"
            return "\(names): a terminal that draws iTerm2 pictures"
        case (.symbols, _):
            let but = requested.map { _ in asked + ", but " } ?? ""
            if term.isEmpty || term == "dumb" || term == "linux" {
                return but + (term.isEmpty ? "TERM is not set" : "TERM=\(term)") + ": a terminal that draws no pictures, not asked"
            }
            if let note = result.note { return but + note.replacingOccurrences(of: "Pictures as symbols: ", with: "") }
            if !result.answers.complete {
                return but + "no pixel reply: the terminal did not answer the queries in time (no device attributes)"
            }
            switch result.tmux {
            case .blocked: return but + "inside tmux, which lets no pictures through (allow-passthrough is off: tmux set -g allow-passthrough on)"
            case .passthrough where result.answers.sixel:
                return but + "inside tmux, sixel pictures don't survive its redraws, and the terminal outside didn't answer kitty's query"
            default:
                return but + "no pixel reply: the terminal answered, but not kitty's query, and lists no sixel graphics;"
                    + " nothing in the environment names an iTerm2-picture terminal"
            }
        }
    }
}
