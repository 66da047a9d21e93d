import ArgumentParser
import Foundation
import Logging
import TernImages
import TernModel
import TernHTTP
import TernTerminal

/// `tern`: a terminal reader for Mastodon-API timelines.
@main
struct Tern: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tern",
        abstract: "A terminal feed reader for the fediverse.",
        version: """
            tern \(TernVersion.string)
            pictures: \(ImageCodecs.summary)
            terminal graphics: kitty (Unicode placeholders, through tmux with passthrough), sixel (chafa), \
            iTerm2 (PNG), chafa symbols (truecolor, 256, 16, 8 colours, monochrome)
            """,
        subcommands: [Browse.self, Demo.self, Login.self, Accounts.self, Logout.self, Sync.self, Cache.self],
        defaultSubcommand: Browse.self)

    /// ArgumentParser's own `main`, except that messages pass the sanitizer: an error can carry a server's
    /// words, and those must not reach the terminal as escape sequences.
    static func main() {
        var startup = StartupTimeline()
        HeapTuning.configure()
        // Parsing the arguments takes milliseconds (reflection): meanwhile the other core reads the first
        // screenful of the likeliest command, `tern` on the default account.
        let glance = Browse.mayBrowse(CommandLine.arguments.dropFirst()) ? Task.detached { Browse.glanceAtDefaultHome() } : nil
        do {
            var command = try parseAsRoot()
            startup.mark("arguments")
            if let browse = command as? Browse { try browse.run(glance: glance, startup: startup) } else { try command.run() }
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                let text = PlainText.clean(message) + "\n"
                if code == .success { FileHandle.standardOutput.write(Data(text.utf8)) }
                else { FileHandle.standardError.write(Data(text.utf8)) }
            }
            Foundation.exit(code.rawValue)
        }
    }
}

/// Prints a line of plain output through the sanitizer (it may hold a server's words).
func say(_ text: String, terminator: String = "\n") {
    print(PlainText.clean(text), terminator: terminator)
}

/// Options every browsing command shares.
struct ViewOptions: ParsableArguments {
    @Option(help: "Theme name (a file themes/NAME.toml); default from config.toml, else \"default\".")
    var theme: String?

    @Option(help: "Posts ahead of the view whose pictures load early (config: prefetch_rows, default 10; 0 turns it off).")
    var prefetch: Int?

    @Option(help: "Check for new posts every SECONDS in the background (off by default).")
    var poll: Double?

    @Flag(help: "No streaming connection: new posts come with r or --poll (config: stream = false).")
    var noStream = false

    @Option(help: "How pictures are shown: auto, kitty, sixel, iterm, symbols or off (config: images, default auto).")
    var images: ImagesOption?

    @Flag(help: "Low data: no prefetch; only the selected post's pictures load, the rest show their blurhash (config: low_data).")
    var lowData = false

    @Option(help: "Posts per page requested from the server.")
    var pageSize = 20

    @Option(help: "What goes to the log ($XDG_STATE_HOME/tern/tern.log): trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info
}

/// `--images`: a graphics mode, or auto.
enum ImagesOption: ExpressibleByArgument {
    case auto
    case mode(GraphicsMode)

    init?(argument: String) {
        if argument == "auto" { self = .auto } else if let m = GraphicsMode(rawValue: argument) { self = .mode(m) } else { return nil }
    }

    static var allValueStrings: [String] { ["auto"] + GraphicsMode.allCases.map(\.rawValue) }

    /// The mode asked for; nil for auto.
    var requested: GraphicsMode? {
        if case .mode(let m) = self { return m }
        return nil
    }
}

/// A problem to tell the user in one sentence, without the usage text argument errors get.
struct UserError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
