import ArgumentParser
import Foundation
import TernStore

/// A process that writes to a store as fast as it can, for the crash-safety test to `kill -9`: pages of
/// posts as the engine writes them, and pending actions as a key press journals them. "ack N" goes to
/// stdout only after action N is committed, the moment the screen would show it.
struct StoreWriter: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "store-writer", abstract: "Write to a store until killed.",
                                                    shouldDisplay: false)

    @Option var db: String
    /// Numbers this run's posts and actions after earlier runs'.
    @Option var start = 0

    func run() throws {
        let data = try Store(url: URL(fileURLWithPath: db)).account("crash")
        let home = data.timeline("home")
        var n = start
        while true {
            n += 1
            try home.insert((n * 20 ..< n * 20 + 20).reversed().map(CachedPosts.post), at: .top)
            try data.enqueue(PendingAction(statusID: "s\(n)", kind: n % 2 == 0 ? .favourite : .bookmark, wanted: true,
                                           confirmed: false))
            FileHandle.standardOutput.write(Data("ack \(n)\n".utf8))
        }
    }
}
