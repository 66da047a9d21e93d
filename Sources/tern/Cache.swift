import ArgumentParser
import Foundation
import TernImages
import TernModel
import TernStore

/// `tern cache`: what the caches hold, and `tern cache clear` to empty them.
struct Cache: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show the size of the post and picture caches.",
        subcommands: [Show.self, Clear.self], defaultSubcommand: Show.self)

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show sizes (the default).")

        func run() throws {
            let paths = TernPaths()
            // Read-only, without the store's lock: it works beside a running Tern, which holds it.
            let stats: StoreStats?
            do { stats = try Store.stats(readingOnly: paths.store) } catch { throw UserError("\(error)") }
            say("Posts:    \(paths.store.path)")
            if let stats {
                say("          \(megabytes(stats.fileBytes)), \(Counted.words(stats.posts, "post"))")
                let feeds: [WebFeedSubscription]
                do { feeds = try FeedsData.listed(store: paths.store).feeds } catch {
                    feeds = []
                    say("          (the web feeds' names could not be read: \(error))")
                }
                for t in stats.timelines {
                    say("          \(Self.name(t, feeds: feeds)): \(Counted.words(t.entries, "post"))")
                }
                if stats.pendingActions > 0 {
                    say("          \(Counted.words(stats.pendingActions, "action")) (likes, follows, list changes…) waiting to be sent")
                }
                if stats.unsentMarkers > 0 {
                    say("          \(Counted.words(stats.unsentMarkers, "read mark")) waiting to be sent to the server")
                }
            } else {
                say("          none yet")
            }
            let images = directoryBytes(paths.imageCache)
            say("Pictures: \(paths.imageCache.path)")
            say("          \(megabytes(images.bytes)), \(Counted.words(images.files, "file"))")
        }

        /// A timeline as a person names it: an account's by the account, the web feeds' by what they are.
        static func name(_ t: StoreStats.Timeline, feeds: [WebFeedSubscription]) -> String {
            guard t.account == FeedsData.account else { return "\(t.account) \(t.timeline)" }
            if t.timeline.hasPrefix("feed:"), let feed = feeds.first(where: { "feed:\($0.id)" == t.timeline }) { return "web feed \(feed.name)" }
            if t.timeline.hasPrefix("tag:") { return "web feeds tagged \(t.timeline.dropFirst(4))" }
            if t.timeline.hasPrefix("feed:") { return "a web feed no longer followed" }
            return "all web feeds"
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear", abstract: "Empty the post and picture caches (actions waiting to be sent are kept).")

        func run() throws {
            let paths = TernPaths()
            let store: Store
            do { store = try Store(url: paths.store) } catch { throw UserError("\(error)") }
            try store.clear()
            let disk = try DiskCache(directory: paths.imageCache)
            waitFor { await disk.clear() }
            let pending = try store.stats().pendingActions
            say("Cleared the post and picture caches." + (pending > 0 ? " \(Counted.words(pending, "action")) (likes, follows, list changes…) "
                + (pending == 1 ? "is" : "are") + " still waiting to be sent." : ""))
        }
    }

    static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}

private func megabytes(_ bytes: Int64) -> String { Cache.megabytes(bytes) }

/// The bytes and files under a folder (the picture cache), for `tern cache` and `tern doctor`.
func directoryBytes(_ url: URL) -> (bytes: Int64, files: Int) {
    guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.fileSizeKey]) else { return (0, 0) }
    var total: Int64 = 0, files = 0
    for case let file as URL in walker {
        // A file gone between the listing and this (a running Tern evicts) is no longer there to count.
        guard let size = try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize else { continue }
        total += Int64(size)
        files += 1
    }
    return (total, files)
}
