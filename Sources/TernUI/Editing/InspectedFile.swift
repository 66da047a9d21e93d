import Foundation
import TernMastodon

/// What the compose screen needs to know of a file before attaching it: what it is and how big. Read off
/// the UI loop (`Effect.inspectFile`); the answer comes back to the compose screen as a `LayerMessage`.
struct InspectedFile: Equatable, Sendable {
    /// As the user typed it (for messages), and the path it names.
    var typed: String
    var path: String
    /// Nil: not a picture, video or sound file Tern knows.
    var mimeType: String?
    var bytes: Int
    /// Why it could not be read, if it could not.
    var unreadable: String?

    /// Reads the file's first bytes and size. Blocks on the disk: never on the UI loop.
    static func inspect(typed: String, path: String) -> InspectedFile {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return InspectedFile(typed: typed, path: path, mimeType: nil, bytes: 0, unreadable: "Can't read \(path).")
        }
        // Only read from: closing it can lose nothing.
        defer { try? handle.close() }
        let head: Data, bytes: UInt64
        // A size that can't be learned is said: taken for 0, the file would pass every size limit.
        do { head = try handle.read(upToCount: 16) ?? Data(); bytes = try handle.seekToEnd() } catch {
            return InspectedFile(typed: typed, path: path, mimeType: nil, bytes: 0, unreadable: "Can't read \(path): \(error.localizedDescription)")
        }
        return InspectedFile(typed: typed, path: path, mimeType: MediaSniffer.mimeType(of: head), bytes: Int(bytes), unreadable: nil)
    }
}
