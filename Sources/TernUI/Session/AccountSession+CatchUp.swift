import Foundation
import TernFeed
import TernModel

/// Catch-up's work for its screen, off the loop: the window read from the store (with the keyword filters
/// and followed hashtags asked of the server unless offline), and done reading.
extension AccountSession {
    /// Reads the window and hands it to the Catch-up screen (`LayerMessage.catchUp`).
    func loadCatchUp(_ window: CatchUpWindow) {
        let data = sources.data, client = sources.offline ? nil : sources.client, mail = self.mail, log = self.log, me = sources.me.id
        let actions = sources.actions
        Task.detached {
            do {
                let load = try await CatchUpLoad.load(data: data, window: window, client: client, ownAccountID: me, logger: log)
                mail.post(.layer(.catchUp(window, load, failure: nil)))
                // The marks still waiting for the server (a like made offline, one from the last run) on its posts.
                mail.post(.layer(.postMarks(overlay: { actions.apply(to: $0) })))
            } catch {
                log.error("catch-up: the store could not be read", metadata: ["error": "\(error)"])
                mail.post(.layer(.catchUp(window, nil, failure: "\(error)")))
            }
        }
    }

    /// `x`: the read mark (in the store and in Home's list, whose next saved place keeps it), the last
    /// catch-up and, online, the server's home marker move to the window's newest post.
    func finishCatchUp(_ newestID: String) -> [Effect] {
        let data = sources.data, client = sources.client, offline = sources.offline, mail = self.mail
        let home: TimelineEngine? = if case .timeline(let e)? = engines[.timeline(.home)] { e } else { nil }
        Task.detached {
            do { try await CatchUpReader(data: data).finish(newestID: newestID) } catch {
                mail.post(.say("Couldn't move the read mark: \(error)", isError: true))
                return
            }
            home?.send(.caughtUp(newestID))
            if !offline, let said = await CatchUpServerMarker.move(to: newestID, client: client) {
                mail.post(.say("Caught up here. \(said)", isError: true))
                return
            }
            mail.post(.say(offline ? "Caught up: the read mark is at the newest post of the window (here; the server is not told offline)."
                                   : "Caught up: the read mark is at the newest post of the window.", isError: false))
        }
        return []
    }
}
