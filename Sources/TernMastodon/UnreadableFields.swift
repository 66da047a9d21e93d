import Foundation
import Logging
import Synchronization

/// Fields a server sent that Tern could not read (there, but of another type or shape than expected) and
/// so took as missing: counted per server and field, and logged the first time each is seen. Lenient
/// decoding keeps one odd field from costing a whole post; this keeps it from hiding a server's API change.
/// A missing or null field is no loss (servers leave fields out) and is not counted.
package final class UnreadableFields: Sendable {
    private let logger: Logger
    /// "host field" → how many times it was unreadable.
    private let tally = Mutex<[String: Int]>([:])

    package init(logger: Logger = Logger(label: "tern.wire")) {
        self.logger = logger
    }

    /// How many times each field of each server could not be read, keyed "host field".
    package var counts: [String: Int] { tally.withLock { $0 } }

    /// `wanted` and `why` are worded only for the first: a server that sends a field wrongly sends it so in
    /// every post of every page.
    func note(host: String, field: String, wanted: @autoclosure () -> String, why: @autoclosure () -> String) {
        let key = host + " " + field
        let first = tally.withLock { counts in
            counts[key, default: 0] += 1
            return counts[key] == 1
        }
        guard first else { return }
        logger.warning("a field the server sent could not be read and was taken as missing (further ones are counted, not logged)",
                       metadata: ["server": "\(host)", "field": "\(field)", "wanted": "\(wanted())", "why": "\(why())"])
    }
}

/// Which server a body came from, for the decoder (in its `userInfo`): where lenient decoding reports
/// what it turned into nil.
package struct WireOrigin: Sendable {
    package var host: String
    package var unreadable: UnreadableFields

    package init(host: String, unreadable: UnreadableFields) {
        self.host = host
        self.unreadable = unreadable
    }

    /// A server's host as the log names it: with its port when it has one.
    package init(server: URL, unreadable: UnreadableFields) {
        let host = server.host ?? server.absoluteString
        self.init(host: server.port.map { "\(host):\($0)" } ?? host, unreadable: unreadable)
    }

    static let key = CodingUserInfoKey(rawValue: "tern.wireOrigin")!

    /// A JSON decoder that reports to `origin` (nil: to nobody, as in tests of the wire types alone).
    static func decoder(_ origin: WireOrigin?) -> JSONDecoder {
        let decoder = JSONDecoder()
        if let origin { decoder.userInfo[key] = origin }
        return decoder
    }
}

extension KeyedDecodingContainer {
    /// The value when it is there and well typed, else nil: one odd field never costs the whole post. One
    /// that is there but unreadable is reported to the body's `WireOrigin`.
    func lenient<T: Decodable>(_ key: Key) -> T? {
        do { return try decodeIfPresent(T.self, forKey: key) } catch {
            reportUnreadable(key, wanted: "\(T.self)", why: DecodingTrouble.describe(error, below: codingPath.count + 1))
            return nil
        }
    }

    /// The value when it is there and of this type, else nil, reporting nothing: for one of several forms
    /// a field may take, where only the failure of all of them is a loss.
    func attempt<T: Decodable>(_ key: Key) -> T? {
        (try? decodeIfPresent(T.self, forKey: key)) ?? nil
    }

    /// Counts and logs (once per field and server) a field that is there but could not be read. Only on
    /// this path is the decoder asked for its `userInfo`: reading a well-formed body costs nothing more.
    func reportUnreadable(_ key: Key, wanted: @autoclosure () -> String, why: @autoclosure () -> String) {
        // No decoder for the key (it is gone): nothing was there to lose.
        guard let decoder = try? superDecoder(forKey: key), let origin = decoder.userInfo[WireOrigin.key] as? WireOrigin else { return }
        // Array positions vary from body to body; the field is the same one.
        let field = (codingPath + [key as CodingKey]).filter { $0.intValue == nil }.map(\.stringValue).joined(separator: ".")
        origin.unreadable.note(host: origin.host, field: field, wanted: wanted(), why: why())
    }
}

/// A decoding error in a line: where in the entry, and what was wrong.
enum DecodingTrouble {
    /// `below`: how many leading steps of the error's path to leave out (those naming the entry itself).
    static func describe(_ error: Error, below: Int = 1) -> String {
        func path(_ c: DecodingError.Context) -> String {
            let p = c.codingPath.dropFirst(below).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return p.isEmpty ? "" : p + ": "
        }
        switch error {
        case DecodingError.keyNotFound(let key, let c): return "\(path(c))no \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c), DecodingError.dataCorrupted(let c):
            return path(c) + c.debugDescription
        default: return "\(error)"
        }
    }
}
