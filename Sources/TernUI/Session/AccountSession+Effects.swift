import Foundation
import TernFeed
import TernMastodon
import TernModel
import TernStore

/// The effects that are the account's: its writes (a post, a like's kin, a change to its lists, filters,
/// requests and scheduled posts), its questions for the server (`ServerAsks`), and the work done off the
/// loop for a screen of its (a file looked at, an article read). What each says at once comes back as
/// effects for the runner to perform; what it finds later comes through the account's mail.
extension AccountSession {
    /// Carries out `effect`, or nil when it is not the account's (a picture, the clipboard, the terminal).
    func carry(_ effect: Effect) -> [Effect]? {
        if let said = asks.carry(effect) { return said }
        switch effect {
        case .compose(let target): return compose(target)
        case .keepDraft(let d): drafts.keep(d); return []
        case .sendPost(let d): return send(d)
        case .deletePost(let post):
            // Through the action queue, as durable as a like: the post leaves the lists at once and the server
            // is told in this run or the next; a refusal brings it back and says why.
            sources.actions.delete(post)
            awaited.awaitDeletion(of: post)
            return [.say(sources.offline ? "Deleting: the server is told when Tern is online." : "Deleting…", error: false)]
        case .vote(let post, let choices):
            sources.actions.vote(post, choices: choices)
            // Online the poll itself says "your vote is on its way" until the server counts it ("Vote counted.")
            // or refuses it (said with why): a "Voting…" here outlived a vote that was undone.
            return sources.offline ? [.say("Voted: the server is told when Tern is online.", error: false)] : []
        case .markPost(let kind, let post, let wanted):
            sources.actions.toggle(kind, of: post, wanted: wanted)
            return []
        case .react(let post, let emoji, let url, let wanted):
            sources.actions.react(emoji, url: url, on: post, wanted: wanted)
            if wanted { recentReactions = Array(([emoji] + recentReactions.filter { $0 != emoji }).prefix(8)) }
            guard sources.offline else { return [] }
            return [.say("\(wanted ? "Reacted" : "Reaction taken back"): the server is told when Tern is online.", error: false)]
        case .chooseReaction(let post): return ReactionChoice.effects(post, recent: recentReactions)
        case .customEmojiReaction(let post):
            let emoji = customEmoji
            return asks.ask("Asking the server for its custom emoji…", failed: "Couldn't list the server's custom emoji",
                            { try await emoji.shortcodes($0) }, answer: { [.layer(.customEmoji(post, $0))] })
        case .account(let kind, let account, let wanted, let current, let seconds):
            sources.actions.set(kind, accountID: account.id, to: wanted, current: current, muteSeconds: seconds, account: account)
            awaited.awaitAccount(kind, account, wanted: wanted)
            return [.say("\(kind.verb(wanting: wanted).capitalizedFirst) @\(account.acct)…", error: false)]
        case .toggleBoosts(let account):
            let hidden = sources.actions.hidesBoosts(of: account.id)
            sources.actions.hide(HiddenEntry(kind: .boosts, target: account.id), !hidden)
            return [.say(hidden ? "Boosts from @\(account.acct) are shown again." : "Boosts from @\(account.acct) are hidden (here only).", error: false)]
        case .hidePost(let post):
            sources.actions.hide(HiddenEntry(kind: .status, target: post.statusID))
            return [.say("Hidden. It won't show here again.", error: false)]
        case .answerFollowRequest(let account, let accept): return submit(.answerFollowRequest(account.named, accept: accept))
        case .answerNotificationRequest(let request, let accept):
            return submit(.answerNotificationRequest(id: request.id, from: request.account.named, accept: accept))
        case .setListMember(let list, let account, let member): return submit(.listMember(list: list.named, account: account.named, member: member))
        case .changeList(let list, let change): return submit(.changeList(list.named, change))
        case .deleteList(let list): return submit(.deleteList(list.named))
        case .createList(let title, let member): return submit(.createList(title: title, member: member?.named))
        case .changeFilter(let filter, let change): return submit(.changeFilter(filter.named, change))
        case .deleteFilter(let filter): return submit(.deleteFilter(filter.named))
        case .createFilter(let word): return submit(.createFilter(word: word))
        case .reschedule(let post, let at): return submit(.reschedule(id: post.id, to: at))
        case .cancelScheduled(let post): return submit(.cancelScheduled(id: post.id))
        case .completeWord(let word): complete(word); return []
        case .fetchLists:
            let fetch = parts.fetchLists, trends = parts.fetchTrends, mail = self.mail
            Task.detached { mail.post(.lists(await fetch())) }
            Task.detached { if let found = await trends() { mail.post(.trends(found)) } }
            return []
        case .fetchWebFeedLists:
            let mail = self.mail
            // No web feeds here: the picker hears that there are none, rather than nothing at all.
            guard let lists = sources.webFeeds?.lists else { mail.post(.webFeedLists([])); return [] }
            Task.detached { mail.post(.webFeedLists(await lists().map { WebFeedList(timeline: $0.0, unread: $0.unread) })) }
            return []
        case .loadArticle(let id): loadArticle(id); return []
        case .loadCatchUp(let window): loadCatchUp(window); return []
        case .keepCatchUpChoices(let choices): keepCatchUpChoices(choices); return []
        case .stopCatchUpFetch: return stopCatchUpFetch()
        case .finishCatchUp(let newestID): return finishCatchUp(newestID)
        case .markWebFeedsRead(let timeline): return markRead(timeline)
        case .inspectFile(let typed, let path):
            let mail = self.mail
            Task.detached { mail.post(.layer(.fileInspected(InspectedFile.inspect(typed: typed, path: path)))) }
            return []
        case .completePath(let typed):
            let mail = self.mail
            Task.detached {
                let (completed, candidates) = PathCompletion.complete(typed)
                mail.post(.layer(.pathCompleted(typed: typed, completed: completed, candidates: candidates)))
            }
            return []
        default:
            return nil
        }
    }

    /// Changes to the user's lists, filters, requests and scheduled posts go through the account's change
    /// queue (journaled, sent by the delivery loop, made once); `heard` says them made.
    func submit(_ change: ServerChange) -> [Effect] {
        guard let changes = writing?.changes else { return [.say("Changes can't be sent from here.", error: true)] }
        Task.detached { await changes.submit(change) }
        return sources.offline ? [.say("\(ChangeWords.done(change)) The server is told when Tern is online.", error: false)] : []
    }

    /// Opens the compose screen with the draft kept for this target, else a fresh one.
    private func compose(_ target: ComposeTarget) -> [Effect] {
        guard writing != nil else { return [.say("Writing needs a fediverse account: `tern login <server>` adds one.", error: true)] }
        let mailbox = mail, drafts = self.drafts, client = sources.client, online = !sources.offline
        let me = self.me.acct, sending = self.sending
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
                mailbox.post(.layer(.compose(d, context: nil)))
            case .reply(let post):
                let d = await keptOr("reply:\(post.statusID)") { Draft.reply(to: post, me: me) }
                mailbox.post(.layer(.compose(d, context: post)))
            case .quote(let post):
                let d = await keptOr("quote:\(post.statusID)") { Draft.quote(of: post) }
                mailbox.post(.layer(.compose(d, context: post)))
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
                mailbox.post(.layer(.compose(d, context: post)))
            }
        }
        return []
    }

    /// The draft goes to the outbox once its last keystrokes are on disk (so no late write brings it back).
    private func send(_ draft: Draft) -> [Effect] {
        guard let outbox = writing?.outbox else { return [] }
        let mailbox = mail, drafts = self.drafts, log = self.log
        let before = sending
        sending = Task.detached {
            await before?.value
            await drafts.flush()
            do { try await outbox.send(draft) } catch {
                log.error("a post could not be put in the outbox; it is still a draft", metadata: ["error": "\(error)"])
                mailbox.post(.say("Couldn't put the post in the outbox: \(error). It is still a draft.", isError: true))
            }
        }
        return [.say(draft.editingID != nil ? "Saving the edit…" : "Sending…", error: false)]
    }

    /// Candidates for a word typed in a post: first the accounts of the posts this account's lists hold in
    /// memory (no waiting), then the server's search, or its custom emoji (asked once per run).
    private func complete(_ word: String) {
        guard let sigil = word.first else { return }
        let typed = String(word.dropFirst()).lowercased()
        let mailbox = mail, client = sources.client
        if sigil == "@" {
            var seen: [String] = []
            for snapshot in feeds.values {
                for row in snapshot.rows {
                    for account in [row.post?.account, row.post?.boostedBy].compactMap({ $0 })
                    where account.acct.lowercased().hasPrefix(typed) && !seen.contains("@" + account.acct) {
                        seen.append("@" + account.acct)
                    }
                }
            }
            if !seen.isEmpty { mailbox.post(.layer(.wordCompletions(word, Array(seen.sorted().prefix(5))))) }
        }
        guard !sources.offline else { return }
        let emoji = customEmoji, logger = log
        Task.detached {
            do {
                let found: [String]
                switch sigil {
                case "@": found = try await client.search(typed, resolve: false, limit: 5, type: "accounts").accounts.map { "@" + $0.acct }
                case "#": found = try await client.search(typed, resolve: false, limit: 5, type: "hashtags").hashtags.map { "#" + $0.name }
                default:
                    let codes = try await emoji.shortcodes(client)
                    found = codes.filter { $0.lowercased().hasPrefix(typed) }.sorted().prefix(8).map { ":\($0):" }
                }
                mailbox.post(.layer(.wordCompletions(word, found)))
            } catch {
                // Completion is a help, not a request of the user's: its failure is logged, not shown.
                logger.info("no completions from the server", metadata: ["word": "\(word)", "error": "\(error)"])
            }
        }
    }

    /// A web feed item's whole text, for the article screen; read now, so the lists showing it say so.
    private func loadArticle(_ id: String) {
        let mail = self.mail
        guard let article = sources.webFeeds?.article else {
            return mail.post(.layer(.article(postID: id, text: nil, failure: "no web feeds here")))
        }
        let lists = webFeedEngines
        Task.detached {
            do {
                let html = try await article(id)
                for e in lists { e.send(.readMarksChanged) }
                mail.post(.layer(.article(postID: id, text: try HTMLText.styledText(fromHTML: html), failure: nil)))
            } catch {
                mail.post(.layer(.article(postID: id, text: nil, failure: "\(error)")))
            }
        }
    }

    private func markRead(_ timeline: String) -> [Effect] {
        guard let markAllRead = sources.webFeeds?.markAllRead else { return [.say("No web feeds here: there is nothing to mark read.", error: false)] }
        let (lists, mail) = (webFeedEngines, self.mail)
        Task.detached {
            do {
                try await markAllRead(timeline)
                for e in lists { e.send(.readMarksChanged) }
                mail.post(.say("All read", isError: false))
            } catch {
                mail.post(.say("Couldn't mark them read: \(error)", isError: true))
            }
        }
        return []
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

extension ListInfo {
    var named: ServerChange.Named { .init(id: id, name: title) }
}

extension FilterInfo {
    var named: ServerChange.Named { .init(id: id, name: title) }
}

extension Account {
    var named: ServerChange.Named { .init(id: id, name: acct) }
}
