import Foundation
import TernModel

/// A desktop notification raised through the terminal, or its bell, for something that wants the user
/// while they look elsewhere (`alerts` in the config). Each terminal has its own sequence; one that shows
/// none (or is not known) rings the bell, which tmux and most terminals turn into an alert of their own.
package enum TerminalAlert {
    package enum Mode: String, Sendable, CaseIterable {
        /// A notification where the terminal shows one, else the bell.
        case desktop
        case bell
        case off
    }

    /// The bytes that raise the alert. `terminal`: what it said it is (XTVERSION); `passthrough`: tmux passes
    /// sequences on to it (`allow-passthrough`); inside tmux without it, only the bell gets out.
    package static func bytes(title: String, body: String, mode: Mode, terminal: String?, insideTmux: Bool, passthrough: Bool,
                             environment: [String: String]) -> [UInt8] {
        let bell: [UInt8] = [0x07]
        guard mode == .desktop, !insideTmux || passthrough,
              let sequence = desktop(title: clean(title), body: clean(body), terminal: terminal, environment: environment) else {
            return mode == .off ? [] : bell
        }
        return insideTmux ? TmuxPassthrough.wrap(sequence) : sequence
    }

    /// The terminal's own notification sequence; nil where it is not known to show one.
    static func desktop(title: String, body: String, terminal: String?, environment: [String: String]) -> [UInt8]? {
        let name = (terminal ?? "").lowercased()
        // kitty's own protocol (OSC 99): the title, then the body, as one notification.
        if name.hasPrefix("kitty") {
            return Array("\u{1B}]99;i=1:d=0;\(title)\u{1B}\\\u{1B}]99;i=1:d=1:p=body;\(body)\u{1B}\\".utf8)
        }
        // OSC 9: iTerm2's, taken by WezTerm, foot, Ghostty and Windows Terminal.
        if ["iterm2", "wezterm", "foot", "ghostty", "windows terminal"].contains(where: { name.hasPrefix($0) }) {
            return Array("\u{1B}]9;\(title): \(body)\u{07}".utf8)
        }
        // OSC 777: VTE's (GNOME Terminal, Tilix, …) and urxvt's notify extension.
        if environment["VTE_VERSION"] != nil || (environment["TERM"] ?? "").hasPrefix("rxvt") {
            return Array("\u{1B}]777;notify;\(title);\(body)\u{07}".utf8)
        }
        return nil
    }

    /// Words only: what a server sent passes the sanitizer, and nothing may end the sequence early or
    /// split OSC 777's fields.
    static func clean(_ text: String) -> String {
        String(Sanitizer.clean(text).unicodeScalars.filter { $0.value >= 0x20 && $0 != ";" && $0.value != 0x7F }.prefix(200))
    }
}
