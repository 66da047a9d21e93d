import Foundation

/// Ctrl-E in the compose screen: the text goes to `$VISUAL` (else `$EDITOR`, else `vi`) in a private
/// temporary file, as mail clients do it, and what the editor saved comes back.
enum ExternalEditor {
    /// The edited text, or why there is none. Blocks until the editor exits (it owns the terminal then).
    static func edit(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<String, EditorFailure> {
        let command = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        // `$EDITOR` may carry arguments ("code -w", "vim -u NONE"); split on spaces, never through a shell.
        let argv = command.split(separator: " ").map(String.init)
        let folder = FileManager.default.temporaryDirectory
        let file = folder.appendingPathComponent("tern-post-\(UUID().uuidString).txt")
        guard FileManager.default.createFile(atPath: file.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            return .failure(EditorFailure(description: "couldn't write a temporary file in \(folder.path)"))
        }
        // Owner-only, in the temporary folder the system empties; the text itself comes back below.
        defer { try? FileManager.default.removeItem(at: file) }
        var args = (argv + [file.path]).map { strdup($0) } + [nil]
        defer { args.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, argv[0], nil, nil, &args, environ) == 0 else {
            return .failure(EditorFailure(description: "couldn't start \(argv[0]) (set $EDITOR to your editor)"))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        guard status == 0 else { return .failure(EditorFailure(description: "\(argv[0]) exited with an error; the text is unchanged")) }
        do {
            var edited = try String(contentsOf: file, encoding: .utf8)
            // Editors end the file with a line break the user didn't type.
            while edited.hasSuffix("\n") { edited.removeLast() }
            return .success(edited)
        } catch {
            return .failure(EditorFailure(description: "couldn't read the edited text back (\(error.localizedDescription))"))
        }
    }
}

struct EditorFailure: Error, CustomStringConvertible {
    var description: String
}
