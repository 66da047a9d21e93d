import Foundation
import TernMastodon
import TernModel

/// Done reading a catch-up moves the server's home marker too, where it has one, and never back from what
/// another client read there: `tern catchup --done` and `x` on the screen share this.
package enum CatchUpServerMarker {
    /// Moves the home marker to `newestID` unless the server's is already there or further; nil when done
    /// (or not needed), else why not, in words for the user.
    package static func move(to newestID: String, client: MastodonClient) async -> String? {
        do {
            if let theirs = try await client.marker("home"), !ServerID.isNewer(newestID, than: theirs) { return nil }
            try await client.saveMarker("home", lastReadID: newestID)
            return nil
        } catch {
            return "The server's home marker was not moved: \(error)"
        }
    }
}
