import ArgumentParser
import Foundation

/// `tern`: a terminal reader for Mastodon-API timelines.
@main
struct Tern: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tern",
        abstract: "A terminal feed reader for the fediverse.",
        subcommands: [Browse.self, Demo.self, Login.self, Accounts.self, Logout.self, Sync.self, Cache.self],
        defaultSubcommand: Browse.self)
}

/// Options every browsing command shares.
struct ViewOptions: ParsableArguments {
    @Option(help: "Theme name (a file themes/NAME.toml); default from config.toml, else \"default\".")
    var theme: String?

    @Option(help: "Posts ahead of the view whose pictures load early (config: prefetch_rows, default 10; 0 turns it off).")
    var prefetch: Int?

    @Option(help: "Check for new posts every SECONDS in the background (off by default).")
    var poll: Double?

    @Option(help: "Posts per page requested from the server.")
    var pageSize = 20
}

/// A problem to tell the user in one sentence, without the usage text argument errors get.
struct UserError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
