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
        // The version alone: the parser builds this configuration for every command, `--help` too, and the
        // picture libraries' versions would open them all. `versionReport` adds them where it is printed.
        version: "tern \(TernVersion.string)",
        subcommands: [Browse.self, Demo.self, Login.self, Accounts.self, Logout.self, Sync.self, CatchUpCommand.self, Feeds.self, Cache.self, Doctor.self],
        defaultSubcommand: Browse.self)

    /// ArgumentParser's own `main`, except that messages pass the sanitizer: an error can carry a server's
    /// words, and those must not reach the terminal as escape sequences.
    static func main() {
        var startup = StartupTimeline()
        HeapTuning.configure()
        let arguments = CommandLine.arguments.dropFirst()
        // The other core reads the first screenful of the likeliest command, `tern` on the default account,
        // while this one parses the arguments (milliseconds of reflection) and starts the log, config and curses.
        let glance = Browse.mayBrowse(arguments) ? Task.detached { Browse.glanceAtDefaultHome() } : nil
        do {
            // `tern` alone, the commonest command, means the default settings: known without the parser, whose
            // reflection is about a third of the time to the first frame.
            if arguments.isEmpty {
                startup.mark("arguments")
                return try Browse.run(.standard, glance: glance, startup: startup)
            }
            if let settings = Browse.flagsAlone(arguments) {
                startup.mark("arguments")
                return try Browse.run(settings, glance: glance, startup: startup)
            }
            if let browse = Browse.parsedAlone(arguments) {
                startup.mark("arguments")
                return try Browse.run(browse.settings, glance: glance, startup: startup)
            }
            var command = try parseAsRoot()
            startup.mark("arguments")
            if let browse = command as? Browse {
                try Browse.run(browse.settings, glance: glance, startup: startup)
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            var message = fullMessage(for: error)
            // The parser answers `--version` (wherever it stands) with the configuration's version.
            if code == .success, message == configuration.version { message = versionReport }
            if !message.isEmpty {
                let text = PlainText.clean(message) + "\n"
                if code == .success { FileHandle.standardOutput.write(Data(text.utf8)) }
                else { FileHandle.standardError.write(Data(text.utf8)) }
            }
            Foundation.exit(code.rawValue)
        }
    }

    /// What `tern --version` prints: the version, the picture libraries found (or which one is missing) and
    /// the terminal graphics modes.
    static var versionReport: String {
        """
        \(configuration.version)
        pictures: \(ImageCodecs.summary)
        terminal graphics: kitty (Unicode placeholders, through tmux with passthrough; placed at the cells in \
        kitty before 0.28 and Konsole), sixel (chafa), iTerm2 (JPEG), chafa symbols (truecolor, 256, 16, 8 colours, monochrome)
        """
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

    // The parser lists the values after the help: the help does not list them again.
    @Option(help: "How pictures are shown (config: images, default auto: the terminal's best).")
    var images: ImagesOption?

    @Option(help: "Colours (config: colors, default auto: from terminfo, COLORTERM and NO_COLOR).")
    var colors: ColorChoice?

    @Flag(help: "Low data: no prefetch; only the selected post's pictures load, the rest show their blurhash (config: low_data).")
    var lowData = false

    @Option(help: "Posts per page requested from the server.")
    var pageSize = ViewSettings.standard.pageSize

    @Option(help: "What goes to the log ($XDG_STATE_HOME/tern/tern.log): trace, debug, info, notice, warning, error, critical.")
    var logLevel = ViewSettings.standard.logLevel

    var settings: ViewSettings {
        ViewSettings(theme: theme, prefetch: prefetch, poll: poll, noStream: noStream, images: images, colors: colors,
                     lowData: lowData, pageSize: pageSize, logLevel: logLevel)
    }
}

extension ImagesOption: ExpressibleByArgument {}
extension ColorChoice: ExpressibleByArgument {}

/// A problem to tell the user in one sentence, without the usage text argument errors get.
struct UserError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
