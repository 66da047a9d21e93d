import Foundation

/// The terminal's clipboard (OSC 52): what is written there reaches the clipboard of the machine the user
/// sits at, over ssh and through tmux (with `set-clipboard on`), where no other way to it exists.
package enum Clipboard {
    /// The sequence that sets the clipboard to `text`: base64, so nothing in it can end the sequence early.
    /// BEL ends it: more terminals take it than ST.
    package static func osc52(_ text: String) -> [UInt8] {
        Array("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}".utf8)
    }
}

/// How `y` and `Y` copy (`copy` in the config).
package enum CopyMode: Sendable, Equatable {
    /// Through the terminal (OSC 52).
    case osc52
    /// Not at all: the status line shows what would have been copied.
    case off
    /// A program that takes the text on its input (`wl-copy`, `xclip -selection clipboard`), started
    /// without a shell: its words are its arguments.
    case command([String])

    /// `osc52`, `off`, or a command line; nil for an empty one.
    package init?(_ text: String) {
        switch text {
        case "osc52": self = .osc52
        case "off": self = .off
        default:
            let words = text.split(separator: " ").map(String.init)
            guard !words.isEmpty else { return nil }
            self = .command(words)
        }
    }
}
