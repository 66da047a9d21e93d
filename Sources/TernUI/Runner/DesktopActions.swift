import Foundation
import TernTerminal

/// What is done outside the screen, on the user's desktop: a link opened in the browser, a video in a
/// player, text copied to the clipboard. Each says on the status line what came of it, since neither a
/// browser started nor a terminal given OSC 52 says whether it took it.
struct DesktopActions {
    /// How `y` and `Y` copy (`copy` in the config).
    let copyMode: CopyMode
    /// Tern's environment: where it runs (inside tmux, with a display or not).
    var environment = ProcessInfo.processInfo.environment

    /// Carries out `effect`: what the status line says of it, and what goes to the terminal (the clipboard's
    /// sequence). Nil when `effect` is none of these.
    func carry(_ effect: Effect) -> (said: [Effect], toTerminal: [UInt8]?)? {
        switch effect {
        case .openURL(let url):
            switch BrowserLauncher.open(url, environment: environment) {
            case .opened(let program): return ([.say("Opened in \(program)", error: false)], nil)
            // Over ssh there is no browser here: the link goes to the clipboard where the user sits.
            case .noBrowser where copyMode != .off: return copy(url, what: "the link (no browser here)")
            case .noBrowser: return ([.say(BrowserLauncher.noBrowserMessage(url), error: false)], nil)
            case .refused(let why): return ([.say(why, error: true)], nil)
            }
        case .play(let url):
            switch MediaPlayer.play(url) {
            case .playing(let program): return ([.say("Playing in \(program)", error: false)], nil)
            case .noPlayer(let why), .refused(let why): return ([.say(why, error: true)], nil)
            }
        case .copy(let text, let what):
            return copy(text, what: what)
        default:
            return nil
        }
    }

    /// `y`, `Y`: through the terminal (OSC 52), which reaches the user's own clipboard over ssh; inside tmux
    /// through tmux itself too, since tmux drops a program's OSC 52 unless `set-clipboard` is `on` (its
    /// default, `external`, drops it: "Copied" was said and nothing was): `load-buffer -w` makes a buffer
    /// to paste and hands it on to the terminal's clipboard. Or through the command the config names.
    private func copy(_ text: String, what: String) -> (said: [Effect], toTerminal: [UInt8]?) {
        let shown = text.count <= 60 && !text.contains("\n") ? ": " + text : " (\(text.count) characters)"
        switch copyMode {
        case .off:
            return ([.say("Copying is off (copy = \"off\" in the config)" + (shown.hasPrefix(":") ? shown : ""), error: false)], nil)
        case .osc52:
            if environment["TMUX"] != nil, !DetachedProgram.start("tmux", ["load-buffer", "-w", "-"], input: text) {
                return ([.say("Sent \(what) to the terminal's clipboard, but tmux could not be started to take it" + shown, error: true)],
                        Clipboard.osc52(text))
            }
            return ([.say("Copied \(what)" + shown, error: false)], Clipboard.osc52(text))
        case .command(let words):
            guard DetachedProgram.start(words[0], Array(words.dropFirst()), input: text) else {
                return ([.say("Couldn't copy: \(words[0]) could not be started (copy in the config)", error: true)], nil)
            }
            return ([.say("Copied \(what)" + shown, error: false)], nil)
        }
    }
}
