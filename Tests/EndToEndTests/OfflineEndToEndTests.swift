import Foundation
import XCTest

/// Reading offline: browse a server, quit, lose the server, start again: the same posts come back
/// at once from the store, with the same thumbnails from the disk cache.
final class OfflineEndToEndTests: XCTestCase {
    func testTheSamePostsAndThumbnailsComeBackWithTheServerGone() throws {
        let tern = try TmuxSession.ternBinary().path
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-offline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try "any-token\n".write(to: home.appendingPathComponent("token"), atomically: true, encoding: .utf8)
        let env = "XDG_CONFIG_HOME=\(home.path)/config XDG_CACHE_HOME=\(home.path)/cache XDG_DATA_HOME=\(home.path)/data"

        let (server, address) = try TmuxSession.demoServer(tern)
        defer { server.close() }
        let browse = "env \(env) \(tern) --server \(address) --token-file \(home.path)/token"

        // Online: the newest posts and their thumbnails.
        let online = try TmuxSession(command: browse)
        defer { online.close() }
        XCTAssertTrue(online.wait { $0.contains("Path corner keyboard paper lake.") }.ok, online.screen())
        let first = online.waitSettled(quiet: 1.5, colours: true).screen
        XCTAssertTrue(first.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) }, "no thumbnails:\n\(first)")
        try online.send("q")
        online.close()
        server.close()

        // The server is gone; the store and the disk cache are all there is.
        let offline = try TmuxSession(command: browse)
        defer { offline.close() }
        let cached = offline.wait(timeout: 5) { $0.contains("Path corner keyboard paper lake.") }
        XCTAssertTrue(cached.ok, "the cached posts did not show at once:\n\(cached.screen)")
        XCTAssertTrue(offline.wait { $0.split(separator: "\n").last?.contains("offline") == true }.ok,
                      "the status line should say offline:\n\(offline.screen())")
        let second = offline.waitSettled(quiet: 1.5, colours: true).screen
        XCTAssertEqual(listArea(withoutAges: second), listArea(withoutAges: first),
                       "posts or thumbnails differ from the online run")
    }

    /// The list's lines (no title or status line), with the right-aligned ages ("5m") taken out: a
    /// minute may pass between the two runs.
    private func listArea(withoutAges screen: String) -> [String] {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst().dropLast(2).map {
            $0.replacingOccurrences(of: #"\d+[smhdw](\u{1B}\[[0-9;]*m)*\s*$"#, with: "", options: .regularExpression)
        }
    }
}
