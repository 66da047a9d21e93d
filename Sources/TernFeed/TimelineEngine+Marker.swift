import Foundation
import TernMastodon
import TernModel

/// The home timeline's read position, shared with other clients through the server's markers: read at
/// start (where it is newer than any post Tern has seen at the top, another client read further, and it
/// wins over the local position once its post is loaded; the local one stays otherwise), written when the
/// user has moved (at most every 10 s) and on the way out; and the mark a catch-up read offline held for
/// it (`CatchUpServerMarker`), sent at start.
extension TimelineEngine {
    static let markerInterval: TimeInterval = 10

    func fetchMarker() async {
        defer { markerFetched = true }
        // A catch-up read while offline left its mark for the server: it goes first, so the marker read
        // below is the one it made.
        do { try await CatchUpServerMarker.sendHeld(client: client, data: data) } catch {
            logger.info("the catch-up's read mark could not be sent: kept for the next start", metadata: ["error": "\(error)"])
        }
        do {
            guard let id = try await client.marker("home") else { return }
            // Tern's own marker is never newer than what it has seen (it sends the post at the top of the
            // view), and after a kill it may be older than the place kept: only another client's reading
            // further moves the list there.
            if newestSeen.map({ ServerID.isNewer(id, than: $0) }) ?? true { pendingMarker = id } else { markerSent = id }
            adoptServerReadMark(id)
            emit()
        } catch {
            // Servers without markers (Pixelfed) answer 404: the local position is all there is.
            logger.info("no home marker from the server", metadata: ["error": "\(error)"])
        }
    }

    /// Once the marker's post is in the window, it is where the list opens (the UI keeps its place once
    /// the user has moved).
    func adoptMarkerIfLoaded() {
        guard let id = pendingMarker, window.posts.contains(where: { $0.id == id }) else { return }
        pendingMarker = nil
        markerSent = id
        if savedPosition?.anchorID != id { savedPosition = SavedPosition(anchorID: id, offset: 0) }
    }

    /// The marker only ever moves to newer posts: reading down Home (older posts at the top of the view), or a
    /// view left behind a catch-up's "done reading", moved another client's marker back (a new user saw the
    /// server's marker go from the window's newest post to an older one after `x`).
    func pushMarker(force: Bool) async {
        guard timeline == .home, !forcedOffline, markerFetched, pendingMarker == nil, let anchor = readAnchor,
              markerSent.map({ ServerID.isNewer(anchor, than: $0) }) ?? true,
              force || Date().timeIntervalSince(lastMarkerPush) >= Self.markerInterval else { return }
        let before = markerSent
        markerSent = anchor
        lastMarkerPush = Date()
        do { try await client.saveMarker("home", lastReadID: anchor) } catch {
            markerSent = before
            logger.info("couldn't save the home marker", metadata: ["error": "\(error)"])
        }
    }

    /// On quit: the last position goes out, but a server that doesn't answer can't hold the quit up.
    func pushMarkerBeforeLeaving() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await self.markerPush?.value
                await self.pushMarker(force: true)
            }
            group.addTask { try? await Task.sleep(for: .seconds(2)) }  // the limit: cancelled once the push is done
            await group.next()
            group.cancelAll()
        }
    }
}
