import Foundation
import TernModel

/// One Tern process per store. Two would both replay the pending-actions journal and race each other's
/// windows over the same rows; the second is refused with a message naming the first. The lock is an
/// advisory `flock` on a file beside the database, so it goes away with its process, however it ends.
final class StoreLock: Sendable {
    private let fd: Int32

    init(beside database: URL) throws {
        let url = database.appendingPathExtension("lock")
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, PrivateFiles.fileMode)
        guard fd >= 0 else { throw StoreError.unreadable(url.path, String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.read(fd)
            close(fd)
            throw StoreError.inUse(database.path, holder)
        }
        self.fd = fd
        // Who holds it, for the message the next process gives.
        let line = "\(getpid()) \(Self.commandLine())\n"
        ftruncate(fd, 0)
        _ = line.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }

    private static func read(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = pread(fd, &buffer, buffer.count, 0)
        let text = String(decoding: buffer.prefix(max(0, n)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "another process" : "process \(text)"
    }

    private static func commandLine() -> String {
        CommandLine.arguments.prefix(4).joined(separator: " ")
    }
}
