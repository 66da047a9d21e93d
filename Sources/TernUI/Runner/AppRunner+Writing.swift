import Foundation
import TernFeed
import TernMastodon
import TernModel
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

/// The compose screen's effects: drafts, sending, `$EDITOR`, deleting, and what the outbox reports.
extension AppRunner {
    /// Hears the outbox and loads what the server takes in a post (the stored answer first, offline too).
    func startWriting() {
        let mailbox = session.mail, store = sources.data, client = sources.client
        let online = !sources.offline
        if online, me.id.isEmpty {
            Task.detached {
                do { mailbox.post(.me(try await client.verifyCredentials())) } catch let error as MastodonError where error.serverUnreachable {
                    // Offline (the status line says so): asked again at the next start.
                } catch {
                    mailbox.post(.say("Couldn't ask the server who you are (editing and deleting need it): \(error)", isError: false))
                }
            }
        }
        if let outbox = writing?.outbox {
            Task.detached {
                await outbox.subscribe { mailbox.post(.outbox($0)) }
                await outbox.start()
            }
        }
        if let changes = writing?.changes {
            Task.detached {
                await changes.subscribe { mailbox.post(.serverChange($0)) }
                await changes.start()
            }
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
                mailbox.post(.say("Couldn't ask the server for its post limits: \((error as? MastodonError)?.description ?? "\(error)")", isError: false))
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

    /// Opens the compose screen with the draft kept for this target, else a fresh one.
    func compose(_ target: ComposeTarget) {
        guard writing != nil else { return show("Writing needs a fediverse account: `tern login <server>` adds one.", error: true) }
        let mailbox = session.mail, drafts = self.drafts, client = sources.client, online = !sources.offline
        let me = self.me.acct, sending = session.sending
        Task.detached {
            await sending?.value
            let kept: [Draft]
            do { kept = try await drafts.drafts() } catch {
                mailbox.post(.say("Couldn't read the drafts: \(error)", isError: true))
                kept = []
            }
            func keptOr(_ id: String, _ fresh: () async -> Draft) async -> Draft {
                if let d = kept.first(where: { $0.id == id }) { return d }
                return await fresh()
            }
            switch target {
            case .new:
                let d = await keptOr("new") { Draft(id: "new") }
                mailbox.post(.compose(d, context: nil))
            case .reply(let post):
                let d = await keptOr("reply:\(post.statusID)") { Draft.reply(to: post, me: me) }
                mailbox.post(.compose(d, context: post))
            case .quote(let post):
                let d = await keptOr("quote:\(post.statusID)") { Draft.quote(of: post) }
                mailbox.post(.compose(d, context: post))
            case .edit(let post):
                let d = await keptOr("edit:\(post.statusID)") {
                    // The text as written (not the server's HTML); offline, the text as shown.
                    var text = post.content.plainText, spoiler = post.spoilerText
                    if online {
                        do { let source = try await client.source(statusID: post.statusID); (text, spoiler) = (source.text, source.spoiler) }
                        catch { mailbox.post(.say("Editing the text as shown: the server's copy is unavailable (\(error)).", isError: false)) }
                    }
                    return Draft.edit(of: post, text: text, spoiler: spoiler, now: Date())
                }
                mailbox.post(.compose(d, context: post))
            }
        }
    }

    /// The draft goes to the outbox once its last keystrokes are on disk (so no late write brings it back).
    func send(_ draft: Draft) {
        guard let outbox = writing?.outbox else { return }
        let mailbox = session.mail, drafts = self.drafts, log = self.log
        show(draft.editingID != nil ? "Saving the edit…" : "Sending…", error: false)
        let before = session.sending
        session.sending = Task.detached {
            await before?.value
            await drafts.flush()
            do { try await outbox.send(draft) } catch {
                log.error("a post could not be put in the outbox; it is still a draft", metadata: ["error": "\(error)"])
                mailbox.post(.say("Couldn't put the post in the outbox: \(error). It is still a draft.", isError: true))
            }
        }
    }

    /// Ctrl-E: the terminal goes to the editor until it exits; the text comes back to the compose screen.
    func editExternally(_ text: String) {
        screen.suspend()
        let result = ExternalEditor.edit(text)
        screen.resume(mouse: mouse)
        takeBackPictures()
        switch result {
        case .success(let edited): perform(stack.updateTop(ComposeLayer.self) { $0.replaceText(edited) })
        case .failure(let why): show(why.description, error: true)
        }
    }

    /// Through the action queue, as durable as a like: the post leaves the lists at once and the server is
    /// told in this run or the next; a refusal brings it back and says why.
    func delete(_ post: Post) {
        sources.actions.delete(post)
        show(sources.offline ? "Deleting: the server is told when Tern is online." : "Deleting…", error: false)
    }

    func vote(_ post: Post, choices: [Int]) {
        sources.actions.vote(post, choices: choices)
        // Online the poll itself says "your vote is on its way" until the server counts it ("Vote counted.")
        // or refuses it (said with why): a "Voting…" here outlived a vote that was undone.
        if sources.offline { show("Voted: the server is told when Tern is online.", error: false) }
    }

    func react(_ post: Post, _ emoji: String, url: String?, wanted: Bool) {
        sources.actions.react(emoji, url: url, on: post, wanted: wanted)
        if wanted { session.recentReactions = Array(([emoji] + session.recentReactions.filter { $0 != emoji }).prefix(8)) }
        guard sources.offline else { return }
        show("\(wanted ? "Reacted" : "Reaction taken back"): the server is told when Tern is online.", error: false)
    }

    func hear(_ event: Outbox.Event) {
        dirty = true
        switch event {
        case .changed(let posts, let waiting):
            // Posts that wait for the server (offline, or it stopped answering) were announced as being sent:
            // said when the waiting starts and when a post joins it.
            if waiting, !posts.isEmpty, !outgoing.waiting || posts.count > outgoing.posts.count {
                show("Queued: \(posts.count == 1 ? "it" : "\(posts.count) posts") will be sent when the server can be reached.", error: false)
            }
            session.showOutgoing(posts, waiting: waiting)
        case .posted(let post, let edit, let quoteAsked):
            if quoteAsked, post.quote == nil {
                // Sent under both names a server may read; an answer without it means the server took neither.
                show("Posted, but without the quote: this server doesn't take quote posts.", error: true)
            } else if quoteAsked, post.quote?.state == .pending {
                show("Posted. The quote shows once its author allows it.", error: false)
            } else {
                show(edit ? "Edit saved." : "Posted.", error: false)
            }
            session.posted(post)
        case .scheduled(let held):
            show("Scheduled for \(Self.when(held.scheduledAt)) (x → Yours → Scheduled posts).", error: false)
        case .refused(let why), .inDoubt(let why):
            show(why, error: true)
        }
    }

    // MARK: Mute, block, hide

    func act(_ kind: PendingAction.Kind, on account: Account, wanted: Bool, current: Bool, muteSeconds: Int?) {
        let verb = kind.verb(wanting: wanted)
        sources.actions.set(kind, accountID: account.id, to: wanted, current: current, muteSeconds: muteSeconds, account: account)
        show("\(verb.capitalizedFirst) @\(account.acct)…", error: false)
    }

    /// Asks the server whom the user mutes and blocks, off the UI loop; the answer comes through the mailbox.
    func fetchSilenced() {
        askServer("Asking the server whom you mute and block…", failed: "Couldn't list whom you mute and block", { client in
            async let muted = client.silenced(.mute)
            async let blocked = client.silenced(.block)
            return (try await muted, try await blocked)
        }, answer: { [.layer(.silenced(muted: $0.0, blocked: $0.1))] })
    }

    /// A menu of the people muted and blocked; choosing one lifts it, journaled and sent like a like.
    static func silencedChoice(muted: [Account], blocked: [Account]) -> [Effect] {
        guard !muted.isEmpty || !blocked.isEmpty else { return [.say("You mute and block no one.", error: false)] }
        let items = muted.map { Choice(label: "Unmute @\($0.acct)", effects: [.account(.mute, $0, wanted: false, current: true, muteSeconds: nil)]) }
            + blocked.map { Choice(label: "Unblock @\($0.acct)", effects: [.account(.block, $0, wanted: false, current: true, muteSeconds: nil)]) }
        return [.push(.choice(title: "Muted \(muted.count), blocked \(blocked.count): Enter lifts one", items: items))]
    }

    func toggleBoosts(_ account: Account) {
        let hidden = sources.actions.hidesBoosts(of: account.id)
        sources.actions.hide(HiddenEntry(kind: .boosts, target: account.id), !hidden)
        show(hidden ? "Boosts from @\(account.acct) are shown again." : "Boosts from @\(account.acct) are hidden (here only).", error: false)
    }

    func hide(_ post: Post) {
        sources.actions.hide(HiddenEntry(kind: .status, target: post.statusID))
        show("Hidden. It won't show here again.", error: false)
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
