import ArgumentParser
import Foundation
import TernImages
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
                say("          \(megabytes(stats.fileBytes)), \(stats.posts) posts")
                for t in stats.timelines {
                    say("          \(t.account) \(t.timeline): \(t.entries) posts")
                }
                if stats.pendingActions > 0 {
                    say("          \(stats.pendingActions) actions (likes, follows, list changes…) waiting to be sent")
                }
            } else {
                say("          none yet")
            }
            let images = directoryBytes(paths.imageCache)
            say("Pictures: \(paths.imageCache.path)")
            say("          \(megabytes(images.bytes)), \(images.files) files")
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
            say("Cleared the post and picture caches." + (pending > 0 ? " \(pending) actions (likes, follows, list changes…) are still waiting to be sent." : ""))
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
        guard let size = try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize else { continue }
        total += Int64(size)
        files += 1
    }
    return (total, files)
}
