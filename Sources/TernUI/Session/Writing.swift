import TernFeed
import TernStore

/// What writing needs beyond reading: the outbox, and who the user is (whose posts are theirs to edit).
package struct Writing: Sendable {
    package var outbox: Outbox
    /// Changes to lists, filters, requests and scheduled posts.
    package var changes: ChangeQueue
    package var ownAccountID: String
    /// The user's handle as their server writes it (`ada`), never mentioned in their own replies.
    package var ownAcct: String

    package init(outbox: Outbox, changes: ChangeQueue, ownAccountID: String, ownAcct: String) {
        self.outbox = outbox
        self.changes = changes
        self.ownAccountID = ownAccountID
        self.ownAcct = ownAcct
    }
}
