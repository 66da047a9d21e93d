import Foundation
import XCTest

/// The picture libraries are opened when the first picture needs them. Without one, Tern still starts and
/// shows posts, each picture says it is unavailable and, shown large, why; `tern --version` says it too.
final class MissingLibraryEndToEndTests: XCTestCase {
    func testWithoutGiflibPostsShowAndPicturesSayTheyAreUnavailable() throws {
        let tern = try TmuxSession.ternBinary().path
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-nolib-\(UUID().uuidString)")
        let libraries = home.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        // An empty file where the loader looks first: dlopen finds it and fails ("file too short"), as with
        // a broken or missing package.
        try Data().write(to: libraries.appendingPathComponent("libgif.so.7"))
        try "any-token\n".write(to: home.appendingPathComponent("token"), atomically: true, encoding: .utf8)

        let version = try Spawn.run(["env", "LD_LIBRARY_PATH=\(libraries.path)", tern, "--version"], capture: true)
        XCTAssertTrue(version.contains("libgif.so.7 could not be loaded"), version)
        XCTAssertTrue(version.contains("libgif7"), "the package to install is named:\n\(version)")

        // The server has its libraries: the pictures it sends are real, and only the client lacks giflib.
        let (server, address) = try TmuxSession.demoServer(tern)
        defer { server.close() }
        let env = "LD_LIBRARY_PATH=\(libraries.path) XDG_CONFIG_HOME=\(home.path)/config XDG_CACHE_HOME=\(home.path)/cache "
            + "XDG_DATA_HOME=\(home.path)/data XDG_STATE_HOME=\(home.path)/state"
        let client = try TmuxSession(command: "env \(env) \(tern) --server \(address) --token-file \(home.path)/token")
        defer { client.close() }
        XCTAssertTrue(client.wait { $0.contains("Path corner keyboard paper lake.") }.ok, client.screen())
        // In the list, the box is too narrow for more than "image unavailab…"; large (v), it says why.
        let unavailable = client.wait { $0.contains("image unavailab") }
        XCTAssertTrue(unavailable.ok, "no picture said it was unavailable:\n\(unavailable.screen)")
        try client.send("v")
        let why = client.wait { $0.contains("image unavailable: libgif.so.7 could not be loaded") }
        XCTAssertTrue(why.ok, "the large picture does not say which library is missing:\n\(why.screen)")
    }
}
