import Foundation

/// Where a process's resident memory is, from /proc/PID/smaps: each mapping's Rss summed by what it
/// maps (the program's code and data, each shared library, malloc's heap and other anonymous memory).
struct MemoryMap {
    struct Part {
        var name: String
        /// Resident, and of that what only this process holds and has written (its real cost: clean file
        /// pages are shared with the page cache and other processes).
        var kB: Int
        var privateDirtyKB: Int
    }

    /// Biggest first.
    var parts: [Part]
    var totalKB: Int { parts.reduce(0) { $0 + $1.kB } }
    var privateDirtyKB: Int { parts.reduce(0) { $0 + $1.privateDirtyKB } }

    init(pid: pid_t, executable: String) throws {
        let text = try Self.readAll("/proc/\(pid)/smaps")
        let program = URL(fileURLWithPath: executable).resolvingSymlinksInPath().path
        var sums: [String: (rss: Int, dirty: Int)] = [:]
        var current = "other"
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.contains("-"), fields.count >= 5 {
                // A mapping's header: "start-end perms offset dev inode [path]".
                let perms = fields[1]
                let path = fields.count >= 6 ? fields[5...].joined(separator: " ") : ""
                current = Self.part(path: path, writable: perms.contains("w"), executable: perms.contains("x"), program: program)
            } else if first == "Rss:", fields.count >= 2, let kB = Int(fields[1]) {
                sums[current, default: (0, 0)].rss += kB
            } else if first == "Private_Dirty:", fields.count >= 2, let kB = Int(fields[1]) {
                sums[current, default: (0, 0)].dirty += kB
            }
        }
        parts = sums.map { Part(name: $0.key, kB: $0.value.rss, privateDirtyKB: $0.value.dirty) }.filter { $0.kB > 0 }
            .sorted { $0.kB > $1.kB }
    }

    /// The whole file: /proc files report no size, so it is read until the end rather than by its length.
    private static func readAll(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw BenchError("can't read \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = read(fd, &buf, buf.count)
            if n <= 0 { break }
            bytes += buf[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func part(path: String, writable: Bool, executable: Bool, program: String) -> String {
        if path == program { return executable ? "program code" : writable ? "program data" : "program constants" }
        if path == "[heap]" || path.isEmpty { return "heap and other anonymous (malloc, thread stacks)" }
        if path.hasPrefix("[") { return path }
        let file = URL(fileURLWithPath: path).lastPathComponent
        // libfoo.so.1.2.3 → libfoo
        return String(file.split(separator: ".").first ?? Substring(file))
    }

    /// The biggest `count` parts as figures (each with its private, written share), then the totals.
    func figures(top count: Int) -> [Figure] {
        func mb(_ kB: Int) -> Double { Double(kB) / 1024 }
        return top(count).flatMap { [Figure(name: $0.name, value: mb($0.kB), unit: "MB"),
                                     Figure(name: "  of which private, written", value: mb($0.privateDirtyKB), unit: "MB")] }
            + [Figure(name: "total", value: mb(totalKB), unit: "MB"),
               Figure(name: "total private, written", value: mb(privateDirtyKB), unit: "MB")]
    }

    /// The biggest `count` parts, the rest summed as "everything else".
    func top(_ count: Int) -> [Part] {
        guard parts.count > count else { return parts }
        let rest = parts.dropFirst(count)
        return Array(parts.prefix(count)) + [Part(name: "everything else", kB: rest.reduce(0) { $0 + $1.kB },
                                                  privateDirtyKB: rest.reduce(0) { $0 + $1.privateDirtyKB })]
    }
}
