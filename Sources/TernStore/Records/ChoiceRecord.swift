import GRDB

/// A choice of the user's on a screen, kept for the next run (`AccountData.choice`): Catch-up's order, kinds,
/// grouping and window, as a line of text its owner reads.
struct ChoiceRecord: StoreRecord, PersistableRecord {
    static let databaseTableName = "choice"

    var account: String
    var name: String
    var value: String
}
