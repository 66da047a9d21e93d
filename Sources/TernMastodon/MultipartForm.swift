import Foundation

/// A `multipart/form-data` body (RFC 7578): text fields and one file, as media uploads need.
struct MultipartForm {
    struct File {
        var field: String
        var filename: String
        var mimeType: String
        var data: Data
    }

    let boundary = "tern-" + UUID().uuidString
    var fields: [(String, String)] = []
    var file: File?

    func encoded() -> Data {
        var out = Data()
        func line(_ s: String) { out.append(contentsOf: Array((s + "\r\n").utf8)) }
        for (name, value) in fields {
            line("--\(boundary)")
            line("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"")
            line("")
            line(value)
        }
        if let file {
            line("--\(boundary)")
            line("Content-Disposition: form-data; name=\"\(Self.quoted(file.field))\"; filename=\"\(Self.quoted(file.filename))\"")
            line("Content-Type: \(file.mimeType)")
            line("")
            out.append(file.data)
            line("")
        }
        line("--\(boundary)--")
        return out
    }

    /// A name inside quotes: quotes and line breaks would end the header, so they are escaped (RFC 7578 4.2).
    private static func quoted(_ s: String) -> String {
        s.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
