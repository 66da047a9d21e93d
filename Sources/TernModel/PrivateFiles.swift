import Foundation

/// Files and folders Tern writes, with modes set explicitly: a user's umask (even 000) never makes a
/// token, a post or a picture of theirs readable by others. Writes go through a temporary file and a
/// rename, so a reader never sees half a file.
package enum PrivateFiles {
    /// Owner-only for files: read and write.
    package static let fileMode: mode_t = 0o600
    /// Owner-only for folders.
    package static let folderMode: mode_t = 0o700

    /// Creates `folder` and any missing parents, owner-only (an existing folder keeps its mode unless
    /// `tighten` says it holds secrets).
    package static func makeFolder(_ folder: URL, tighten: Bool = false) throws {
        let fm = FileManager.default
        if !fm.fileExists(atPath: folder.path) {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: folderMode])
            chmod(folder.path, folderMode)
        } else if tighten {
            chmod(folder.path, folderMode)
        }
    }

    /// Writes `data` to `url` atomically with mode 0600, whatever the umask.
    package static func write(_ data: Data, to url: URL) throws {
        let temp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        guard fd >= 0 else { throw PrivateFileError(path: temp.path, errno: errno) }
        // open() applies the umask only to take bits away; fchmod makes the mode exact.
        fchmod(fd, fileMode)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            try handle.close()
            guard rename(temp.path, url.path) == 0 else { throw PrivateFileError(path: url.path, errno: errno) }
        } catch {
            unlink(temp.path)
            throw error
        }
    }

    /// Creates an empty file owner-only if it does not exist yet (for files another library fills in).
    package static func create(_ url: URL) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_CLOEXEC, fileMode)
        guard fd >= 0 else { throw PrivateFileError(path: url.path, errno: errno) }
        fchmod(fd, fileMode)
        close(fd)
    }
}

/// A file Tern could not write, with the system's reason.
package struct PrivateFileError: Error, CustomStringConvertible {
    package var path: String
    package var errno: Int32
    package var description: String { "cannot write \(path): \(String(cString: strerror(errno)))" }
}
