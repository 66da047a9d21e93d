import Foundation
import TernModel

/// Tab completion of a file path, as shells do it: to the longest prefix the matching names share, with a
/// `/` after a folder; the names that still match when there is more than one.
enum PathCompletion {
    static func complete(_ typed: String, fileManager: FileManager = .default,
                         environment: [String: String] = ProcessInfo.processInfo.environment) -> (text: String, candidates: [String]) {
        let expanded = HomePath.expand(typed, environment: environment)
        let folder: String, prefix: String
        if typed.isEmpty || expanded.hasSuffix("/") {
            folder = expanded.isEmpty ? fileManager.currentDirectoryPath : expanded
            prefix = ""
        } else {
            folder = (expanded as NSString).deletingLastPathComponent.isEmpty ? "." : (expanded as NSString).deletingLastPathComponent
            prefix = (expanded as NSString).lastPathComponent
        }
        // A folder that isn't there, or can't be listed, offers nothing to complete; choosing a file in it says why.
        guard let names = try? fileManager.contentsOfDirectory(atPath: folder) else { return (typed, []) }
        // Hidden files only when asked for with a dot.
        let matches = names.filter { $0.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted()
        guard let first = matches.first else { return (typed, []) }
        var common = first
        for m in matches.dropFirst() { common = String(common.commonPrefix(with: m)) }
        let typedFolder = typed.isEmpty ? "" : typed.hasSuffix("/") ? typed : String(typed.dropLast(prefix.count))
        var completed = typedFolder + common
        var isFolder: ObjCBool = false
        if matches.count == 1, fileManager.fileExists(atPath: (folder as NSString).appendingPathComponent(common), isDirectory: &isFolder),
           isFolder.boolValue {
            completed += "/"
        }
        return (completed, matches.count > 1 ? matches : [])
    }
}
