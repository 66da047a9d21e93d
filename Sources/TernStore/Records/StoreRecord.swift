import Foundation
import GRDB

/// A row of the store. Its dates are seconds since 1970 in REAL columns, as the first schema wrote them and
/// as pruning and expiry compare them with numbers; GRDB's default would write text, which SQLite sorts
/// after every number (old posts were then never pruned, ended mutes never dropped).
protocol StoreRecord: Codable, FetchableRecord, EncodableRecord {}

extension StoreRecord {
    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy { .timeIntervalSince1970 }
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { .timeIntervalSince1970 }
}
