import Foundation
import TernTerminal

/// What a terminal would read in the bytes: kitty's graphics commands, and the placeholder cells with
/// the foreground colour each was drawn in.
struct TerminalOutput {
    var commands: [(keys: [String: String], payload: String)] = []
    var cells: [(fg: Int?, marks: [Int])] = []

    init(_ bytes: [UInt8]) {
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var i = 0, fg: Int? = nil
        while i < scalars.count {
            let s = scalars[i]
            if s == "\u{1B}", i + 1 < scalars.count {
                if scalars[i + 1] == "_" {
                    var j = i + 2, body = ""
                    while j + 1 < scalars.count, !(scalars[j] == "\u{1B}" && scalars[j + 1] == "\\") { body.unicodeScalars.append(scalars[j]); j += 1 }
                    if body.hasPrefix("G") {
                        let parts = body.dropFirst().split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
                        var keys: [String: String] = [:]
                        for kv in parts[0].split(separator: ",") {
                            let p = kv.split(separator: "=", maxSplits: 1)
                            if p.count == 2 { keys[String(p[0])] = String(p[1]) }
                        }
                        commands.append((keys, parts.count > 1 ? String(parts[1]) : ""))
                    }
                    i = j + 2
                    continue
                }
                if scalars[i + 1] == "[" {
                    var j = i + 2, params = ""
                    while j < scalars.count, !(0x40...0x7E).contains(scalars[j].value) { params.unicodeScalars.append(scalars[j]); j += 1 }
                    if j < scalars.count, scalars[j] == "m" {
                        let n = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                        var k = 0
                        while k < n.count {
                            if n[k] == 38, k + 2 < n.count, n[k + 1] == 5 { fg = n[k + 2]; k += 3 }
                            else if n[k] == 38, k + 4 < n.count, n[k + 1] == 2 { fg = n[k + 2] << 16 | n[k + 3] << 8 | n[k + 4]; k += 5 }
                            else { if n[k] == 0 || n[k] == 39 { fg = nil }; k += 1 }
                        }
                    }
                    i = j + 1
                    continue
                }
                i += 2
                continue
            }
            if s == KittyGraphics.placeholder {
                var marks: [Int] = []
                var j = i + 1
                while j < scalars.count, let n = KittyGraphics.number(of: scalars[j]) { marks.append(n); j += 1 }
                cells.append((fg, marks))
                i = j
                continue
            }
            i += 1
        }
    }
}

