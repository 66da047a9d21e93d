import Foundation
import TernFeed
import TernModel

/// Catch-up's work for its screen, off the loop: the cache's window at once, then what the store lacks for the
/// window fetched (unless offline), its progress told to the screen page by page; then the window read from the
/// store again, unless the fetch found nothing new (with the keyword filters and followed hashtags asked of the
/// server unless offline); and done reading.
extension AccountSession {
    /// Fetches and reads the window and hands it to the Catch-up screen (`LayerMessage.catchUp`). A fetch
    /// for another window still under way is stopped first. For a Catch-up across the accounts `among`
    /// (shown on the session `screen`'s stack): this account's part, named (`LayerMessage.catchUpOf`).
    func loadCatchUp(_ window: CatchUpWindow, across among: [String]? = nil, screen: AccountMail? = nil) {
        catchUpWork?.cancel()
        let sources = self.sources, mail = screen ?? self.mail, log = self.log, me = sources.me.id, actions = sources.actions
        let name = among == nil ? nil : parts.name
        @Sendable func answer(_ load: CatchUpLoad?, _ failure: String?) -> LayerMessage {
            guard let among, let name else { return .catchUp(window, load, failure: failure) }
            return .catchUpOf(account: name, among: among, window, load, failure: failure)
        }
        let home: TimelineEngine? = if case .timeline(let e)? = engines[.timeline(.home)] { e } else { nil }
        catchUpWork = Task.detached {
            var fetched: CatchUpFetch.Outcome?
            var held: CatchUpLoad.Held?
            if !sources.offline {
                mail.post(.layer(.catchUpFetching(window, CatchUpFetch.Progress(), account: name)))
                // What the cache holds first, shown while the rest is fetched (a slow server left the screen
                // blank for seconds); across accounts each account answers once, after its fetch.
                if among == nil {
                    do {
                        let read = try await CatchUpLoad.read(data: sources.data, window: window)
                        var cached = await CatchUpLoad.ranking(read, client: nil, fetched: CatchUpFetch.Outcome(), ownAccountID: me, logger: log)
                        cached.provisional = true
                        mail.post(.layer(answer(cached, nil)))
                        held = read
                    } catch {
                        log.error("catch-up: the cache's window could not be read before the fetch", metadata: ["error": "\(error)"])
                    }
                }
                fetched = await CatchUpFetch.run(sources: sources, window: window) { mail.post(.layer(.catchUpFetching(window, $0, account: name))) }
                // Home shows what came, and pages on from where the fetch left its cursors.
                if (fetched?.progress.posts ?? 0) > 0 { home?.send(.storeFilled) }
            }
            // What was read before the fetch stands when the fetch only asked for newer posts and none came: no
            // post, gap or count in the store changed, so it is ranked again (with the server's filters) rather
            // than read a second time (5,000 posts are a third of a second).
            let unchanged = fetched.map { $0.progress.posts == 0 && $0.progress.pages <= 1 && $0.failure == nil && !$0.stopped } ?? false
            let reuse = unchanged ? held : nil
            // Stopped (Esc) or not, what is held is read: the read below must not be cancelled with the fetch.
            let reading = Task.detached {
                let client = sources.offline || fetched?.failure != nil ? nil : sources.client
                let read: CatchUpLoad.Held
                if let reuse { read = reuse } else { read = try await CatchUpLoad.read(data: sources.data, window: window) }
                return await CatchUpLoad.ranking(read, client: client, fetched: fetched, ownAccountID: me, logger: log)
            }
            do {
                mail.post(.layer(answer(try await reading.value, nil)))
                // The marks still waiting for the server (a like made offline, one from the last run) on its posts.
                mail.post(.layer(.postMarks(overlay: { actions.apply(to: $0) }, account: name)))
            } catch {
                log.error("catch-up: the store could not be read", metadata: ["error": "\(error)"])
                mail.post(.layer(answer(nil, "\(error)")))
            }
        }
    }

    /// What the last run's Catch-up was left showing, read off the loop for the stack's next `C`
    /// (`LayerMessage.catchUpChoices`); a line this Tern can't read is logged and left for the defaults.
    func readCatchUpChoices() {
        let data = sources.data, mail = self.mail, log = self.log
        Task.detached {
            do {
                guard let text = try await data.choice(CatchUpChoices.storeName) else { return }
                guard let kept = CatchUpChoices(text: text) else {
                    log.warning("catch-up: the kept choices could not be read: Catch-up opens as at first", metadata: ["choices": "\(text)"])
                    return
                }
                mail.post(.layer(.catchUpChoices(kept)))
            } catch {
                log.error("catch-up: the kept choices could not be read from the store", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Keeps what a Catch-up screen was left showing for the next run, off the loop.
    func keepCatchUpChoices(_ choices: CatchUpChoices) {
        let data = sources.data, log = self.log
        Task.detached {
            do { try await data.saveChoice(CatchUpChoices.storeName, value: choices.text) } catch {
                log.error("catch-up: the choices could not be kept for the next run", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Esc while the window is fetched: the fetch stops, and what is held is ranked.
    func stopCatchUpFetch() -> [Effect] {
        catchUpWork?.cancel()
        return []
    }

    /// `x`: the read mark (in the store and in Home's list, whose next saved place keeps it), the last
    /// catch-up and the server's home marker (at once online, else when Home is next online) move to the
    /// window's newest post.
    func finishCatchUp(_ newestID: String) -> [Effect] {
        let data = sources.data, client = sources.client, offline = sources.offline, mail = self.mail
        let home: TimelineEngine? = if case .timeline(let e)? = engines[.timeline(.home)] { e } else { nil }
        Task.detached {
            do { try await CatchUpReader(data: data).finish(newestID: newestID) } catch {
                mail.post(.say("Couldn't move the read mark: \(error)", isError: true))
                return
            }
            home?.send(.caughtUp(newestID))
            // Offline, or with the server away, the mark is kept and Home tells the server when next online.
            if let said = await CatchUpServerMarker.moveOrHold(to: newestID, client: client, data: data, offline: offline) {
                mail.post(.say("Caught up: the read mark is at the newest post of the window. \(said)", isError: !offline))
                return
            }
            mail.post(.say("Caught up: the read mark is at the newest post of the window.", isError: false))
        }
        return []
    }
}
