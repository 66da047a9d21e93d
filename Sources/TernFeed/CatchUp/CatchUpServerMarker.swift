import Foundation
import TernMastodon
import TernModel
import TernStore

/// Done reading a catch-up moves the server's home marker too, where it has one, and never back from what
/// another client read there: `tern catchup --done` and `x` on the screen share this. Done offline, or
/// when the server could not be told, the mark is held in the store (the `home` marker, unsent) and Home's
/// engine tells the server when it next starts online (`sendHeld`).
package enum CatchUpServerMarker {
    /// Moves the home marker to `newestID` unless the server's is already there or further; nil when done
    /// (or not needed), else why not, in words for the user.
    package static func move(to newestID: String, client: MastodonClient) async -> String? {
        do {
            try await tell(newestID, client: client)
            return nil
        } catch {
            return "The server's home marker was not moved: \(error)"
        }
    }

    /// `move`, or where the server could not be told (or `offline`), the mark held in the store for later.
    /// Nil when told, else what the user is to know.
    package static func moveOrHold(to newestID: String, client: MastodonClient, data: AccountData, offline: Bool) async -> String? {
        if !offline, await move(to: newestID, client: client) == nil { return nil }
        do {
            try await data.saveMarker(heldName, lastReadID: newestID, unsent: true)
            return offline ? "The server's home marker moves when Tern is next online."
                           : "The server could not be told now: its home marker moves when Tern is next online."
        } catch {
            return "The server's home marker was not moved, and could not be kept for later: \(error)"
        }
    }

    /// The mark a catch-up read offline left for the server, told now: the store's copy is marked sent
    /// once the server has it (or already had a newer one).
    package static func sendHeld(client: MastodonClient, data: AccountData) async throws {
        guard let held = try await data.marker(heldName), held.unsent else { return }
        try await tell(held.lastReadID, client: client)
        try await data.saveMarker(heldName, lastReadID: held.lastReadID, unsent: false)
    }

    /// Where the store holds it: the server's own name for the home timeline's marker.
    static let heldName = "home"

    private static func tell(_ newestID: String, client: MastodonClient) async throws {
        if let theirs = try await client.marker("home"), !ServerID.isNewer(newestID, than: theirs) { return }
        try await client.saveMarker("home", lastReadID: newestID)
    }
}
