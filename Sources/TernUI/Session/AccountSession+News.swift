import Foundation
import TernFeed
import TernMastodon
import TernModel

/// What the account's own machinery reports: its outbox, its change queue, its streaming connection. Each
/// moves the account's engines and state here, and hands back what the status line says and what else is
/// to be done, for the runner to perform.
extension AccountSession {
    /// Hears the outbox and the change queue, and loads what the server takes in a post (the stored answer
    /// first, offline too). Not needed for the first frame: the runner starts it after that.
    func startWriting() {
        let mailbox = mail, store = sources.data, client = sources.client
        let online = !sources.offline
        if actionNews == nil {
            let actions = sources.actions
            actionNews = actions.subscribe { [weak actions] event in
                switch event {
                case .relationship, .deleted: mailbox.post(.actionNews(event))
                // A screen holding posts no list's engine publishes (Catch-up) shows the marks as every list does.
                case .changed, .confirmed, .refused:
                    guard let actions else { return }
                    mailbox.post(.layer(.postMarks(overlay: { [weak actions] post in actions?.apply(to: post) ?? post })))
                default: break
                }
            }
        }
        if online, me.id.isEmpty {
            Task.detached {
                do { mailbox.post(.me(try await client.verifyCredentials())) } catch let error as MastodonError where error.serverUnreachable {
                    // Offline (the status line says so): asked again at the next start.
                } catch {
                    mailbox.post(.say("Couldn't ask the server who you are (editing and deleting need it): \(error)", isError: false))
                }
            }
        }
        // Heard from here until the session closes (`deinit`).
        if let outbox = writing?.outbox, outboxNews == nil {
            outboxNews = outbox.subscribe { mailbox.post(.outbox($0)) }
            Task.detached { await outbox.start() }
        }
        if let changes = writing?.changes, changeNews == nil {
            changeNews = changes.subscribe { mailbox.post(.serverChange($0)) }
            Task.detached { await changes.start() }
        }
        Task.detached {
            do { if let kept = try await store.limits() { mailbox.post(.limits(kept)) } } catch {
                mailbox.post(.say("Couldn't read the server's limits from the cache: \(error)", isError: true))
            }
            guard online else { return }
            do {
                let fresh = try await client.postingLimits()
                mailbox.post(.limits(fresh))
                try await store.saveLimits(fresh)
            } catch let error as MastodonError where error.serverUnreachable {
                // Offline (the status line says so): the stored limits, else Mastodon's, stand.
            } catch {
                // Mastodon's defaults (or the stored ones) stand; the server says no again when it sees the post.
                mailbox.post(.say("Couldn't ask the server for its post limits: \(MastodonError.words(for: error))", isError: false))
            }
        }
        Task.detached { [drafts] in
            do {
                let kept = try await drafts.drafts()
                if !kept.isEmpty {
                    mailbox.post(.say("\(kept.count) draft\(kept.count == 1 ? "" : "s") kept: w writes on (or a on the post answered).", isError: false))
                }
            } catch {
                mailbox.post(.say("Couldn't read the drafts: \(error)", isError: true))
            }
        }
    }

    /// A result of work that is the session's own: its lists and trends, its web feeds' lists, who the user
    /// is, a draft saved, what its server takes, its stream's news, edits and deletions (kept), and its
    /// queues' news (heard). What is to be done of it; nil when `event` is none of these (a list of filters
    /// is applied to every list here, and is still the layers' to show as a menu).
    func accept(_ event: UIEvent) -> [Effect]? {
        switch event {
        case .lists(let found): lists = found
        case .trends(let found): trends = found
        case .webFeedLists(let found): webFeedLists = found
        case .me(let account):
            me = (account.id, account.acct)
            sources.me.learnt(account.id)
        case .draftSaved(let d): savedDraft = d
        case .limits(let l): limits = l
        case .changes(let changes): sources.posts.streamed(changes)
        case .live(let news): heard(news)
        case .outbox(let event): return heard(event)
        case .serverChange(let event): return heard(event)
        case .actionNews(let event): return heard(event)
        case .layer(.filters(let filters)):
            // The filters as the server lists them (for their menu, or after a change): every list applies them now.
            sources.actions.useFilters(filters)
            return nil
        default: return nil
        }
        return []
    }

    func heard(_ event: Outbox.Event) -> [Effect] {
        switch event {
        case .changed(let posts, let waiting):
            // Posts that wait for the server (offline, or it stopped answering) were announced as being sent:
            // said when the waiting starts and when a post joins it.
            let said: [Effect] = waiting && !posts.isEmpty && (!outgoing.waiting || posts.count > outgoing.posts.count)
                ? [.say("Queued: \(posts.count == 1 ? "it" : "\(posts.count) posts") will be sent when the server can be reached.", error: false)]
                : []
            showOutgoing(posts, waiting: waiting)
            return said
        case .posted(let post, let edit, let quoteAsked):
            posted(post)
            // Sent under both names a server may read; an answer without the quote means the server took neither.
            if quoteAsked, post.quote == nil { return [.say("Posted, but without the quote: this server doesn't take quote posts.", error: true)] }
            if quoteAsked, post.quote?.state == .pending { return [.say("Posted. The quote shows once its author allows it.", error: false)] }
            return [.say(edit ? "Edit saved." : "Posted.", error: false)]
        case .scheduled(let held):
            return [.say("Scheduled for \(ScheduleTime.written(held.scheduledAt)) (x → Yours → Scheduled posts).", error: false)]
        case .refused(let why), .inDoubt(let why):
            return [.say(why, error: true)]
        }
    }

    /// A relationship the user asked for, or a deletion, said done once the action queue has it so. A reply
    /// deleted takes one off the answered post's count: that post is read again, as the outbox reads it after
    /// a reply made (`SessionPosts.readAnsweredAgain`), so no list keeps "↩ 1" over a thread with no reply left.
    func heard(_ event: ActionQueue.Event) -> [Effect] {
        if case .deleted(let statusID) = event, let answered = awaited.answered(byDeleted: statusID) {
            let client = sources.client
            sources.posts.readAnsweredAgain(answered) { try await client.status(id: $0) }
        }
        return awaited.heard(event).map { [.say($0, error: false)] } ?? []
    }

    /// A change made is said done; the lists' picker reads them again after a change to one, a menu the
    /// change was made from at once is offered again with it in (the filters', the scheduled posts'), and an
    /// answered follow request is the session's people's.
    func heard(_ event: ChangeQueue.Event) -> [Effect] {
        switch event {
        case .made(let change, let atOnce):
            // An answered request is the session's word on that person from now on: every screen showing them
            // hears it (`SessionPeople`).
            if case .answerFollowRequest(let asking, let accept) = change { sources.people.answered(requestFrom: asking.id, accepted: accept) }
            let said: [Effect] = [.say(ChangeWords.done(change), error: false)] + (change.onLists ? [.fetchLists] : [])
            guard atOnce else { return said }
            switch change {
            case .changeFilter, .createFilter, .deleteFilter:
                // The filters listed again, so the next change starts from what the server has.
                asks.ask(failed: "Couldn't list your filters", { try await $0.filters() }, answer: { [.layer(.filters($0))] })
            case .reschedule, .cancelScheduled:
                asks.ask(failed: "Couldn't list your scheduled posts", { try await $0.scheduledPosts() },
                         answer: { left in left.isEmpty ? [] : [.layer(.scheduledPosts(left))] })
            default: break
            }
            return said
        case .refused(_, let why):
            return [.say(why, error: true)]
        case .waiting(let count):
            return [.say(count == 1 ? "A change waits for the server: it is made when the server answers."
                                    : "\(count) changes wait for the server: they are made when it answers.", error: false)]
        }
    }

    /// The streaming connection's state, its catch-up after a break, and its events: edits and deletions to
    /// the session's posts, new posts fetched where they belong, changed filters applied everywhere.
    func heard(_ news: LiveStream.News) {
        switch news {
        case .state(let state):
            switch state {
            case .connecting: liveState = nil
            case .live: liveState = "live"
            case .reconnecting: liveState = "reconnecting…"
            case .polling: liveState = "polling"
            }
        case .catchUp:
            // After a break (or on the polling beat): the same gap-aware fetch as `r`, quietly.
            for engine in timelineEngines { engine.poll() }
            engines[.notifications]?.list.perform(.refresh)
        case .events(let events):
            var newIn: Set<String> = []
            var notified = false
            for event in events {
                switch event {
                case .update(let streams, _): newIn.formUnion(StreamName.names(streams))
                case .notification: notified = true
                case .statusUpdate, .delete: break
                case .filtersChanged: asks.useServerFilters(sources.actions)
                }
            }
            let changes = StreamChange.changes(in: events)
            if !changes.isEmpty { sources.posts.streamed(changes) }
            // New posts are fetched, not inserted from the event: the fetch keeps cursors and gaps right
            // and counts them as "↑ N new" without moving the view, exactly as `r` does.
            for (id, engine) in engines {
                guard case .timeline(let t) = id, let name = StreamName.of(t), newIn.contains(name) else { continue }
                engine.polled?.poll()
            }
            if notified { engines[.notifications]?.list.perform(.refresh) }
        }
    }
}
