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

    /// Started while the server is away (issue 35): "Nothing here yet" and "offline" stayed until `r`, the
    /// stream was never tried again, and every stored notification counted as unread. Without a key, the
    /// posts come, the stream goes live, and the unread count is the one a start with the server there shows.
    func testAStartWithTheServerAwayRecoversByItselfWhenItComesBack() throws {
        let tern = try TmuxSession.ternBinary().path
        let (server, address) = try TmuxSession.demoServer(tern, flags: "--unreachable-for 6")
        defer { server.close() }
        func browse() throws -> (TmuxSession, URL) {
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-away-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            try "any-token\n".write(to: home.appendingPathComponent("token"), atomically: true, encoding: .utf8)
            let env = "XDG_CONFIG_HOME=\(home.path)/config XDG_CACHE_HOME=\(home.path)/cache XDG_DATA_HOME=\(home.path)/data "
                + "XDG_STATE_HOME=\(home.path)/state"
            return (try TmuxSession(command: "env \(env) \(tern) --server \(address) --token-file \(home.path)/token"), home)
        }
        let (away, home) = try browse()
        defer { away.close(); try? FileManager.default.removeItem(at: home) }
        let offline = away.wait(timeout: 5) { $0.split(separator: "\n").last?.contains("offline") == true }
        XCTAssertTrue(offline.ok, "the server is away, and the status line should say so:\n\(offline.screen)")
        XCTAssertTrue(offline.screen.contains("nothing cached yet, trying again"), offline.screen)
        func unread(_ screen: String) -> String? {
            guard let line = screen.split(separator: "\n").last, let r = line.range(of: #"✉ \d+"#, options: .regularExpression) else { return nil }
            return String(line[r])
        }
        let back = away.waitSettled(timeout: 40) { s in
            s.contains("Path corner keyboard paper lake.") && s.split(separator: "\n").last?.contains("live") == true && unread(s) != nil
        }
        XCTAssertTrue(back.ok, "no posts, or not live, without a key once the server was back:\n\(back.screen)")

        let (there, otherHome) = try browse()
        defer { there.close(); try? FileManager.default.removeItem(at: otherHome) }
        // Settled: the count is read once the first screen has stopped changing (it is drawn as the pages arrive).
        let fresh = there.waitSettled { unread($0) != nil && $0.contains("Path corner keyboard paper lake.") }
        XCTAssertTrue(fresh.ok, fresh.screen)
        XCTAssertEqual(unread(back.screen), unread(fresh.screen), "the unread count after coming back differs from a start with the server there")
    }

}
