import ArgumentParser
import Foundation

/// `tern`: a terminal reader for Mastodon-API timelines.
@main
struct Tern: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tern",
        abstract: "A terminal feed reader for the fediverse.",
        subcommands: [Browse.self, Demo.self],
        defaultSubcommand: Browse.self)
}

/// Options every browsing command shares.
struct ViewOptions: ParsableArguments {
    @Option(help: "Theme name (a file themes/NAME.toml).")
    var theme = "default"

    @Option(help: "Posts per page requested from the server.")
    var pageSize = 20
}
