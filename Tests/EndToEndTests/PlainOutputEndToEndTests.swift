import Foundation
import TernDemo
import XCTest

/// `tern --plain`, and `tern` whose output is a pipe or whose terminal is `dumb`: the newest posts as
/// plain text, readable by a screen reader or `less`, with no drawing characters and no escapes.
final class PlainOutputEndToEndTests: XCTestCase {
    func testPostsArePrintedAsPlainTextToAPipeAndOnADumbTerminal() async throws {
        let tern = try TmuxSession.ternBinary()
        var config = DemoConfig()
        config.newPostInterval = nil
        let server = try await DemoServer.start(config)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-e2e-plain-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let accounts = home.appendingPathComponent("config/tern/accounts")
        try FileManager.default.createDirectory(at: accounts, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = accounts.appendingPathComponent("ada@one.example.json")
        try #"{"name":"ada@one.example","server":"\#(server.baseURL)","token":"t","accountID":"1"}"#.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        try "ada@one.example\n".write(to: accounts.appendingPathComponent("default"), atomically: true, encoding: .utf8)
        let environment = ["HOME": home.path, "XDG_CONFIG_HOME": "\(home.path)/config", "XDG_DATA_HOME": "\(home.path)/data",
                           "XDG_STATE_HOME": "\(home.path)/state", "XDG_CACHE_HOME": "\(home.path)/cache", "LANG": "C.UTF-8",
                           "TERM": "xterm-256color", "COLUMNS": "72"]

        func printed(_ arguments: [String]) throws -> (status: Int32, out: String) {
            let p = Process()
            p.executableURL = tern
            p.arguments = arguments
            p.environment = environment
            let out = Pipe()
            p.standardOutput = out
            p.standardError = FileHandle.nullDevice
            try p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return (p.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        func isDrawing(_ s: Unicode.Scalar) -> Bool { (0x2500...0x25FF).contains(s.value) || (0x2190...0x21FF).contains(s.value) }

        // Asked for, and a pipe without asking: the same plain posts, newest first.
        for arguments in [["--plain"], []] {
            let (status, out) = try printed(arguments)
            XCTAssertEqual(status, 0, out)
            XCTAssertTrue(out.hasPrefix("Sol Novak (@user32), "), "newest first, named in words:\n\(out.prefix(400))")
            XCTAssertTrue(out.contains("Path corner keyboard paper lake."), out)
            XCTAssertTrue(out.contains("[Picture: Generated picture of concentric coloured rings]"), "alt text for a picture:\n\(out.prefix(600))")
            XCTAssertTrue(out.contains(" replies, ") && out.contains(" likes"), "counts in words")
            XCTAssertFalse(out.unicodeScalars.contains { $0.value == 0x1B || isDrawing($0) }, "no escapes or drawing characters:\n\(out.prefix(600))")
            let lines = out.components(separatedBy: "\n")
            let long = lines.filter { $0.count > 72 }
            XCTAssertTrue(long.allSatisfy { $0.contains("://") }, "wrapped at COLUMNS, only addresses beyond it: \(long)")
        }
        // Offline, from what the first runs cached.
        await server.stop()
        let (status, cached) = try printed(["--plain", "--offline"])
        XCTAssertEqual(status, 0)
        XCTAssertTrue(cached.contains("Path corner keyboard paper lake."), cached)

        // A terminal that can't draw a screen gets the same text, not an error.
        let env = environment.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let tmux = try TmuxSession(command: "env \(env) TERM=dumb \(tern.path) --offline; echo exit $?; sleep 30")
        defer { tmux.close() }
        let dumb = tmux.wait { $0.contains("exit 0") }
        XCTAssertTrue(dumb.ok && dumb.screen.contains("likes"), "TERM=dumb prints posts:\n\(dumb.screen)")
    }
}
