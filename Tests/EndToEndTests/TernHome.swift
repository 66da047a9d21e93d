import Foundation
import XCTest

/// A home of its own for runs of the real binary: the XDG folders in a temporary directory, and the
/// accounts stored there as `tern login` stores them (owner-only files).
struct TernHome {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tern-e2e-home-\(UUID().uuidString)")

    var accounts: URL { url.appendingPathComponent("config/tern/accounts") }

    /// Stores an account on `server`; the first stored is the default. `app`: the app registration a login
    /// made (its client id and secret), which logout revokes the token with.
    func addAccount(_ name: String, server: String, token: String = "t", app: (id: String, secret: String)? = nil,
                    accountID: String = "1") throws {
        try FileManager.default.createDirectory(at: accounts, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = accounts.appendingPathComponent("\(name).json")
        let registration = app.map { #","clientID":"\#($0.id)","clientSecret":"\#($0.secret)""# } ?? ""
        try #"{"name":"\#(name)","server":"\#(server)","token":"\#(token)","accountID":"\#(accountID)"\#(registration)}"#
            .write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let defaultFile = accounts.appendingPathComponent("default")
        if !FileManager.default.fileExists(atPath: defaultFile.path) {
            try "\(name)\n".write(to: defaultFile, atomically: true, encoding: .utf8)
        }
    }

    var environment: [String: String] {
        ["HOME": url.path, "XDG_CONFIG_HOME": "\(url.path)/config", "XDG_DATA_HOME": "\(url.path)/data",
         "XDG_STATE_HOME": "\(url.path)/state", "XDG_CACHE_HOME": "\(url.path)/cache"]
    }

    /// The same, as `env`'s arguments in a shell command.
    var env: String { environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// Runs `tern` with `arguments` in this home (and `extra` environment) to its end: its status, and what
    /// it wrote to standard output (and standard error, with `errors`).
    func run(_ tern: URL, _ arguments: [String], extra: [String: String] = [:], errors: Bool = false) throws -> (status: Int32, out: String) {
        let p = Process()
        p.executableURL = tern
        p.arguments = arguments
        p.environment = environment.merging(extra) { $1 }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = errors ? out : FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Follows each web feed at `urls` with `tern feeds add`, as a user does; a refusal fails the test.
    func follow(_ urls: [String], with tern: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        for url in urls {
            let added = try run(tern, ["feeds", "add", url], extra: ["LANG": "C.UTF-8"], errors: true)
            XCTAssertEqual(added.status, 0, added.out, file: file, line: line)
        }
    }
}
