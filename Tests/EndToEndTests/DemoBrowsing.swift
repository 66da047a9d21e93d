import Foundation
import XCTest

/// The real binary in tmux against a demo server in its own process (started with `flags`), in a home of
/// its own that is removed afterwards, once its first posts are on the screen; `body` gets the session and
/// the server's address. The terminal is `columns`×`rows`.
func browseDemo(flags: String = "", ternFlags: String = "--no-stream --images off", columns: Int = 120, rows: Int = 40,
                _ body: (TmuxSession, String) throws -> Void) throws {
    let tern = try TmuxSession.ternBinary().path
    let (server, address) = try TmuxSession.demoServer(tern, flags: flags)
    defer { server.close() }
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    try "any-token\n".write(to: home.appendingPathComponent("token"), atomically: true, encoding: .utf8)
    let env = "XDG_CONFIG_HOME=\(home.path)/config XDG_CACHE_HOME=\(home.path)/cache XDG_DATA_HOME=\(home.path)/data XDG_STATE_HOME=\(home.path)/state"
    let tmux = try TmuxSession(command: "env \(env) \(tern) --server \(address) --token-file \(home.path)/token \(ternFlags)",
                               columns: columns, rows: rows)
    defer { tmux.close() }
    XCTAssertTrue(tmux.wait { $0.contains("☆") }.ok, tmux.screen())
    try body(tmux, address)
}

/// The first line of the demo's write log (`/demo/write-log`, a JSON line per write: slashes escaped) that
/// contains `text`, waited for up to 10 s: the demo logs a request as it ends, which may be just after Tern
/// heard the answer. Nil when none came.
func demoWriteLogLine(_ address: String, containing text: String) throws -> Substring? {
    let url = try XCTUnwrap(URL(string: "\(address)/demo/write-log"))
    let deadline = Date().addingTimeInterval(10)
    repeat {
        let log = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        if let line = log.split(separator: "\n").first(where: { $0.contains(text) }) { return line }
        usleep(50_000)
    } while Date() < deadline
    return nil
}

extension TmuxSession {
    /// `x`, then "Yours…", then the entry of it named `item`, each by the number the screen gives it.
    func openYours(_ item: String) throws {
        try send("x")
        let menu = wait { $0.contains("Yours: muted and blocked, filters, requests…") }
        XCTAssertTrue(menu.ok, menu.screen)
        let number = try XCTUnwrap(menu.screen.components(separatedBy: "\n").first { $0.contains("Yours:") }?
            .trimmingCharacters(in: .whitespaces).prefix(1))
        try send(String(number))
        let sub = wait { $0.contains(item) }
        XCTAssertTrue(sub.ok, sub.screen)
        let line = try XCTUnwrap(sub.screen.components(separatedBy: "\n").first { $0.contains(item) }?
            .trimmingCharacters(in: .whitespaces).prefix(1))
        try send(String(line))
    }
}
