import Foundation
import Logging
import TernFeed
import TernImages
import TernMastodon
import TernModel
import TernStore
import TernTerminal

/// The runner carrying out what the layers asked for, in the session in scope, and the engines behind
/// its lists.
extension AppRunner {
    // MARK: Effects

    func perform(_ effects: [Effect]) {
        defer { stopClosedScreens(); session.resubscribe() }
        // Any effect changes what is shown, a screen opened from the mailbox too (compose, a looked-up
        // profile), whose push `apply` consumes: drawn now, not at the next key.
        if !effects.isEmpty { dirty = true }
        effectsPerformed += effects.count
        let screenBefore = stack.screenIndex, shownBefore = messagesShown
        defer {
            // A note about the screen that was left ("Posts with pictures" on a profile) goes with it; what
            // went wrong stays its time, and so does a note these effects gave ("Draft kept").
            if stack.screenIndex != screenBefore, messagesShown == shownBefore, message?.isError == false { message = nil }
        }
        for effect in stack.apply(effects) {
            switch effect {
            case .feed(let opening, let command):
                if opening == .inbox { inbox(command) } else if let why = engine(for: opening)?.carry(command) { show(why, error: false) }
                // A screen opened again on a list whose engine runs shows its latest snapshot at once.
                if command == .start, let latest = opening == .inbox ? currentInbox() : session.feeds[opening.id] {
                    perform(stack.receive(.snapshot(latest), env()))
                }
            case .thumbnails(var demand):
                // Two panes want their pictures at once: each pane's latest wants, together.
                if let left = demandFromLeft {
                    paneDemands[left] = demand
                    demand = .merged([paneDemands[true], paneDemands[false]].compactMap { $0 })
                }
                // A large picture on the stack stays loaded whatever the list below does.
                demand.pinned = Set(stack.layers.compactMap { ($0 as? LargeImageLayer)?.image.request })
                feeder.update(demand)
            case .retryImages(let requests):
                feeder.retry(requests)
            case .loadLarge(let request, let blurhash, let aspect):
                feeder.requestLarge(request, blurhash: blurhash, aspect: aspect)
            case .openURL(let url):
                switch BrowserLauncher.open(url) {
                case .opened(let program): show("Opened in \(program)", error: false)
                // Over ssh there is no browser here: the link goes to the clipboard where the user sits.
                case .noBrowser where copyMode != .off: copy(url, what: "the link (no browser here)")
                case .noBrowser: show(BrowserLauncher.noBrowserMessage(url), error: false)
                case .refused(let why): show(why, error: true)
                }
            case .play(let url):
                switch MediaPlayer.play(url) {
                case .playing(let program): show("Playing in \(program)", error: false)
                case .noPlayer(let why), .refused(let why): show(why, error: true)
                }
            case .openMention(let url):
                show("Looking up the account…", error: false)
                let client = sources.client, mail = session.mail
                Task.detached {
                    do { mail.post(.open(.profile(try await client.account(mentionURL: url)))) }
                    catch { mail.post(.say("Couldn't find that account: \((error as? MastodonError)?.description ?? "\(error)")", isError: true)) }
                }
            case .loadRules:
                Self.loadRules(client: sources.client, offline: sources.offline, mail: session.mail)
            case .report(let report):
                Self.file(report, client: sources.client, offline: sources.offline, mail: session.mail)
            case .resolveLink(let link):
                show("Looking up the link…", error: false)
                Self.resolve(link, client: sources.client, offline: sources.offline, mail: session.mail)
            case .translate(let post):
                Self.translate(post.statusID, client: sources.client, offline: sources.offline, mail: session.mail)
            case .loadArticle(let id):
                let mail = session.mail
                guard let article = sources.webFeeds?.article else {
                    mail.post(.layer(.article(postID: id, text: nil, failure: "no web feeds here")))
                    continue
                }
                let lists = webFeedEngines
                Task.detached {
                    do {
                        let html = try await article(id)
                        // Read now: the lists showing it say so.
                        for e in lists { e.send(.readMarksChanged) }
                        mail.post(.layer(.article(postID: id, text: try HTMLText.styledText(fromHTML: html), failure: nil)))
                    } catch {
                        mail.post(.layer(.article(postID: id, text: nil, failure: "\(error)")))
                    }
                }
            case .markWebFeedsRead(let timeline):
                guard let markAllRead = sources.webFeeds?.markAllRead else { continue }
                let (lists, mail) = (webFeedEngines, session.mail)
                Task.detached {
                    do {
                        try await markAllRead(timeline)
                        for e in lists { e.send(.readMarksChanged) }
                        mail.post(.say("All read", isError: false))
                    } catch {
                        mail.post(.say("Couldn't mark them read: \(error)", isError: true))
                    }
                }
            case .fetchWebFeedLists:
                guard let lists = sources.webFeeds?.lists else { continue }
                let mail = session.mail
                Task.detached { mail.post(.webFeedLists(await lists().map { WebFeedList(timeline: $0.0, unread: $0.unread) })) }
            case .fetchLists:
                let fetch = session.parts.fetchLists, trends = session.parts.fetchTrends, mail = session.mail
                Task.detached { mail.post(.lists(await fetch())) }
                Task.detached { if let found = await trends() { mail.post(.trends(found)) } }
            case .switchAccount(let name):
                switchAccount(to: name)
            case .inspectFile(let typed, let path):
                let mail = session.mail
                Task.detached { mail.post(.layer(.fileInspected(InspectedFile.inspect(typed: typed, path: path)))) }
            case .completePath(let typed):
                let mail = session.mail
                Task.detached {
                    let (completed, candidates) = PathCompletion.complete(typed)
                    mail.post(.layer(.pathCompleted(typed: typed, completed: completed, candidates: candidates)))
                }
            case .say(let text, let error):
                show(text, error: error)
            case .unsay(let text):
                if message?.text == text { message = nil; dirty = true }
            case .compose(let target): compose(target)
            case .keepDraft(let d): drafts.keep(d)
            case .sendPost(let d): send(d)
            case .editExternally(let text): editExternally(text)
            case .deletePost(let post): delete(post)
            case .vote(let post, let choices): vote(post, choices: choices)
            case .react(let post, let emoji, let url, let wanted): react(post, emoji, url: url, wanted: wanted)
            case .chooseReaction(let post): perform(ReactionChoice.effects(post, recent: session.recentReactions))
            case .customEmojiReaction(let post):
                let emoji = session.customEmoji
                askServer("Asking the server for its custom emoji…", failed: "Couldn't list the server's custom emoji",
                          { try await emoji.shortcodes($0) }, answer: { [.layer(.customEmoji(post, $0))] })
            case .account(let kind, let account, let wanted, let current, let seconds):
                act(kind, on: account, wanted: wanted, current: current, muteSeconds: seconds)
            case .toggleBoosts(let account): toggleBoosts(account)
            case .hidePost(let post): hide(post)
            case .silencedPeople: fetchSilenced()
            case .followRequests(let about): fetchFollowRequests(about: about)
            case .answerFollowRequest(let account, let accept): answerFollowRequest(account, accept: accept)
            case .notificationRequests: fetchNotificationRequests()
            case .answerNotificationRequest(let request, let accept): answerNotificationRequest(request, accept: accept)
            case .setNotificationPolicy(let sender, let rule): setNotificationPolicy(sender, rule)
            case .listsOf(let account): fetchListMembership(account)
            case .listSettings(let id): fetchListSettings(id)
            case .setListMember(let list, let account, let member): setListMember(list, account, member)
            case .changeList(let list, let change): changeList(list, change)
            case .deleteList(let list): deleteList(list)
            case .createList(let title, let member): createList(title, member: member)
            case .filters: fetchFilters()
            case .changeFilter(let filter, let change): changeFilter(filter, change)
            case .deleteFilter(let filter): deleteFilter(filter)
            case .createFilter(let word): createFilter(word)
            case .completeWord(let word): complete(word)
            case .scheduledPosts: fetchScheduled()
            case .trendingLinks: fetchTrendingLinks()
            case .reschedule(let post, let at): reschedule(post, to: at)
            case .cancelScheduled(let post): cancelScheduled(post)
            case .repaint:
                screen.invalidate()
            case .copy(let text, let what):
                copy(text, what: what)
            case .quit:
                running = false
            case .push, .pop, .switchTimeline, .focusPost, .toggleWarning:
                break
            }
        }
    }

    /// A thread or profile that was closed stops its engine and forgets its rows; opening it again
    /// starts from the store. Timelines keep theirs (each keeps its place), and notifications run on
    /// for the unread count.
    func stopClosedScreens() {
        let open = stack.openScreens
        for (id, engine) in engines {
            switch id {
            case .thread, .profile:
                guard !open.contains(id) else { continue }
                engine.list.stop()
                engines[id] = nil
                // What it posted before it stopped is still in the mail: without its serial it is not taken
                // for the list's latest (it was, and a thread opened again showed that dead engine's last
                // snapshot over the new engine's, whose versions start again).
                session.serials[id] = nil
                session.feeds[id] = nil
                session.lastMessage[id] = nil
                renderer.forget(id)
            case .timeline, .notifications, .inbox:
                continue
            }
        }
    }

    /// The engines of the web feeds' lists open now.
    var webFeedEngines: [TimelineEngine] {
        engines.compactMap { id, engine in
            guard case .timeline(let t) = id, t.isWebFeeds, case .timeline(let e) = engine else { return nil }
            return e
        }
    }

    /// The engine behind a list, made and started the first time it is asked for.
    /// The inbox has none: it is every account's notifications (`inboxSnapshot`).
    func engine(for opening: FeedOpening) -> OpenEngine? {
        if let e = engines[opening.id] { return e }
        nextSerial += 1
        let mail = session.mail, serial = nextSerial, glance = session.glance
        session.serials[opening.id] = serial
        let engine: OpenEngine
        let task: Task<Void, Never>
        switch opening {
        case .timeline(let t):
            let e = TimelineEngine(sources: sources, timeline: t, pageSize: pageSize, glance: glance) {
                mail.post(.snapshot(FeedSnapshot($0), engine: serial))
            }
            session.glance = nil
            if t == .home, !outgoing.posts.isEmpty { e.showOutgoing(outgoing.posts, waiting: outgoing.waiting) }
            engine = .timeline(e)
            task = Task.detached { await e.run() }
        case .thread(let root, let seed):
            let e = ThreadEngine(sources: sources, rootID: root, seed: seed) { mail.post(.snapshot($0, engine: serial)) }
            if !outgoing.posts.isEmpty { e.showOutgoing(outgoing.posts, waiting: outgoing.waiting) }
            engine = .thread(e)
            task = Task.detached { await e.run() }
        case .notifications:
            let e = NotificationsEngine(sources: sources) { mail.post(.snapshot($0, engine: serial)) }
            engine = .notifications(e)
            task = Task.detached { await e.run() }
        case .profile(let account):
            let e = ProfileEngine(sources: sources, account: account, isYou: account.id == session.me.id) { mail.post(.snapshot($0, engine: serial)) }
            engine = .profile(e)
            task = Task.detached { await e.run() }
        case .inbox:
            return nil
        }
        engines[opening.id] = engine
        onEngine(engine, task)
        return engine
    }

    /// `y`, `Y`: through the terminal (OSC 52), which reaches the user's own clipboard over ssh and, with
    /// `set-clipboard on`, through tmux. No terminal says whether it took it: the status line says what was sent.
    func copy(_ text: String, what: String) {
        let shown = text.count <= 60 && !text.contains("\n") ? ": " + text : " (\(text.count) characters)"
        switch copyMode {
        case .off:
            show("Copying is off (copy = \"off\" in the config)" + (shown.hasPrefix(":") ? shown : ""), error: false)
        case .osc52:
            screen.emit(Clipboard.osc52(text))
            show("Copied \(what)" + shown, error: false)
        case .command(let words):
            if DetachedProgram.start(words[0], Array(words.dropFirst()), input: text) { show("Copied \(what)" + shown, error: false) }
            else { show("Couldn't copy: \(words[0]) could not be started (copy in the config)", error: true) }
        }
    }

    /// Asks the server for a post's translation off the loop; the answer (or why there is none) goes to the
    /// translation's layer.
    nonisolated static func translate(_ statusID: String, client: MastodonClient, offline: Bool, mail: AccountMail) {
        guard !offline else {
            mail.post(.layer(.translated(statusID: statusID, nil, failure: "Tern is offline: translating needs the server.")))
            return
        }
        Task.detached {
            do {
                let translation = try await client.translate(statusID: statusID)
                let from = translation.sourceLanguage.map(TranslationLayer.languageName)
                mail.post(.layer(.translated(statusID: statusID, translation, from: from, failure: nil)))
            }
            catch { mail.post(.layer(.translated(statusID: statusID, nil, failure: whyNotTranslated(error)))) }
        }
    }

    /// A pasted link to a post or a profile, on any server: the user's server looks it up (resolving it
    /// there if it never saw it), and the post's thread or the profile opens.
    nonisolated static func resolve(_ link: String, client: MastodonClient, offline: Bool, mail: AccountMail) {
        guard !offline else {
            mail.post(.say("Tern is offline: looking up a link needs the server", isError: true))
            return
        }
        Task.detached {
            do {
                let found = try await client.search(link, resolve: true, limit: 5)
                if let post = found.posts.first { mail.post(.open(FeedLayer.thread(of: post))) }
                else if let account = found.accounts.first { mail.post(.open(.profile(account))) }
                else { mail.post(.say("Your server found no post or profile at that link", isError: true)) }
            } catch {
                mail.post(.say("Couldn't look up the link: \((error as? MastodonError)?.description ?? "\(error)")", isError: true))
            }
        }
    }

    nonisolated static func loadRules(client: MastodonClient, offline: Bool, mail: AccountMail) {
        guard !offline else {
            mail.post(.layer(.rules(nil, failure: "Tern is offline")))
            return
        }
        Task.detached {
            do { mail.post(.layer(.rules(try await client.rules(), failure: nil))) }
            catch { mail.post(.layer(.rules(nil, failure: (error as? MastodonError)?.description ?? "\(error)"))) }
        }
    }

    /// A report goes to the server at once (it is not queued: a report written offline is said not sent).
    nonisolated static func file(_ report: Report, client: MastodonClient, offline: Bool, mail: AccountMail) {
        guard !offline else {
            mail.post(.say("Tern is offline: the report was not sent", isError: true))
            return
        }
        mail.post(.say("Sending the report…", isError: false))
        Task.detached {
            do {
                try await client.report(report)
                mail.post(.say("Reported @\(report.acct) to your server's moderators", isError: false))
            } catch {
                mail.post(.say("The report was not sent: \((error as? MastodonError)?.description ?? "\(error)")", isError: true))
            }
        }
    }

    /// Why a translation did not come, in words for its box.
    nonisolated static func whyNotTranslated(_ error: Error) -> String {
        guard let m = error as? MastodonError else { return "Couldn't translate: \(error)" }
        switch m {
        case .http(404, _), .http(501, _): return "This server can't translate posts: it has no translation service."
        case .http(403, let message): return "The server won't translate this post" + (message.map { ": \($0)" } ?? ".")
        case .http(503, _): return "The server's translation service is not available now; try again later."
        default: return m.serverUnreachable ? "The server can't be reached now: translating needs it." : "Couldn't translate: \(m.description)"
        }
    }
}
