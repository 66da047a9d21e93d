import Foundation
import TernDemo
@testable import TernFeed
import TernMastodon
import TernModel
import TernStore
@testable import TernUI
import XCTest

/// Every effect the runner hands to the account's session (`AccountSession.carry`) is carried, none
/// dropped: for each, on real parts (`AccountEffectsRig`), what `carry` says at once, and the proof that
/// it was done, waited for: the answer in the account's mail, the action queue's news, the store file,
/// and the request in the demo's write log.
final class AccountEffectsTests: XCTestCase {
    /// One effect and what proves it carried (each row has at least one proof).
    struct Row {
        var effect: Effect
        /// What `carry` hands back at once, for the runner to perform.
        var says: [Effect]?
        /// An event in the account's mail.
        var mail: ((UIEvent) -> Bool)?
        /// News of the action queue (a like's kin made on the server).
        var action: ((ActionQueue.Event) -> Bool)?
        /// A write request the demo received: its method and the start of its path.
        var wrote: (String, String)?
        /// Something the store file or the queue holds now.
        var holds: (() async throws -> Bool)?
        /// What `carry` hands back, where it is not a fixed list.
        var saysWhere: (([Effect]) -> Bool)?

        var name: String { Self.name(of: effect) }
        static func name(of effect: Effect) -> String { String(String(describing: effect).prefix { $0 != "(" }) }
    }

    func testEveryEffectOfTheAccountIsCarriedAndDone() async throws {
        // Read before the rig is up: a rig left unclosed by a throw takes the test process down with it.
        let listed = try SourceCases.accountArm()
        var config = DemoConfig()
        // Emoji reactions (Akkoma's), on a server that is otherwise Mastodon's; and a filter to change.
        config.quirks = [.pleromaReactions]
        config.filters = [DemoFilter(title: "Spoilers", keyword: "finale", action: "warn")]
        let rig = try await AccountEffectsRig(config)
        rig.session.startWriting()
        do { try await check(rig, listed: listed) } catch {
            try await rig.close()
            throw error
        }
        try await rig.close()
    }

    func check(_ rig: AccountEffectsRig, listed: Set<String>) async throws {
        let rows = try await table(rig)
        let named = Set(rows.map(\.name))
        XCTAssertEqual(listed.subtracting(named).sorted(), [], "the runner hands these to the session, and the table has no row for them")
        XCTAssertEqual(named.subtracting(listed).sorted(), [], "rows for effects the runner does not hand to the session")
        for row in rows {
            try await rig.forget()
            guard let said = rig.session.carry(row.effect) else {
                XCTFail("\(row.name): the runner hands it to the session, and the session does not carry it")
                continue
            }
            XCTAssertTrue(row.says != nil || row.saysWhere != nil || row.mail != nil || row.action != nil || row.wrote != nil
                          || row.holds != nil, "\(row.name): no proof")
            if let says = row.says { XCTAssertEqual(said, says, "\(row.name): what it says at once") }
            if let saysWhere = row.saysWhere { XCTAssertTrue(saysWhere(said), "\(row.name): it said \(said)") }
            if let mail = row.mail {
                let came = try await rig.mail(mail)
                XCTAssertTrue(came, "\(row.name): its answer never came; the mail had \(rig.heard)")
            }
            if let action = row.action {
                let came = try await rig.actionSaid(action)
                XCTAssertTrue(came, "\(row.name): the action queue never said it made it; it said \(rig.actionNews.items.withLock { $0 })")
            }
            if let (method, path) = row.wrote {
                let came = try await rig.wrote(method, path)
                XCTAssertTrue(came, "\(row.name): the demo never received \(method) \(path)")
            }
            if let holds = row.holds {
                let held = try await rig.waitFor { try await holds() }
                XCTAssertTrue(held, "\(row.name): not held in the store")
            }
        }

        // Not the account's: the runner does these itself.
        for effect: Effect in [.repaint, .quit, .copy("x", what: "the text"), .openURL("https://example.org/"), .pop,
                               .switchAccount("bo@two"), .say("Hello", error: false)] {
            XCTAssertNil(rig.session.carry(effect), "\(Row.name(of: effect)) is not the account's")
        }
    }

    /// The table, on ids the demo gives: a post and its author from Home, a poll open to vote in, a post
    /// of the user's, a list, a filter, a follow request, a notification request, a scheduled post.
    func table(_ rig: AccountEffectsRig) async throws -> [Row] {
        let client = rig.client
        var home: [Post] = []
        var maxID: String?
        for _ in 0..<5 {
            let page = try await client.timeline(.home, limit: 40, maxID: maxID)
            home += page.posts
            maxID = page.posts.last?.id
        }
        let post = try XCTUnwrap(home.first { $0.boostedBy == nil && $0.poll == nil && $0.url != nil }, "a plain post in Home")
        let author = post.account
        let poll = try XCTUnwrap(home.first { $0.boostedBy == nil && $0.poll.map { !$0.expired && $0.voted != true && $0.id != nil } == true },
                                 "an open poll in Home")
        let pollID = try XCTUnwrap(poll.poll?.id)
        let hidden = try XCTUnwrap(home.first { $0.statusID != post.statusID && $0.statusID != poll.statusID })
        let mine = try await client.publish(Draft(id: "setup", text: "A post of mine, to edit and delete"), mediaIDs: [],
                                            idempotencyKey: UUID().uuidString)
        let (lists, filters) = (try await client.listInfos(), try await client.filters())
        let (requesters, requests) = (try await client.followRequests(), try await client.notificationRequests())
        let list = try XCTUnwrap(lists.first, "the demo's list")
        let filter = try XCTUnwrap(filters.first, "the filter of the config")
        let requester = try XCTUnwrap(requesters.first, "a follow request")
        let held = try XCTUnwrap(requests.first, "a notification request")
        let later = try await client.schedule(Draft(id: "later", text: "Held for later"), at: Date().addingTimeInterval(2 * 86_400),
                                              mediaIDs: [], idempotencyKey: UUID().uuidString)
        let picture = rig.folder.appendingPathComponent("picture.png")
        let bytes = try DemoServer.samplePicture(width: 40, height: 30, format: "png")
        try bytes.write(to: picture)
        let username = String(author.acct.prefix { $0 != "@" })
        let kept = Draft(id: "new", text: "Kept for later")
        let sent = Draft(id: "new", text: "Sent from the table of effects")
        let report = Report(accountID: author.id, acct: author.acct, statusIDs: [post.statusID])
        let moved = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3 * 86_400).rounded())
        let hiddenEntries = { try rig.hiddenInStore().map { "\($0.kind.rawValue) \($0.target)" } }

        func made(_ change: ServerChange) -> (UIEvent) -> Bool {
            { if case .serverChange(.made(let c, _)) = $0 { return c == change } else { return false } }
        }
        func layer(_ matches: @escaping (LayerMessage) -> Bool) -> (UIEvent) -> Bool {
            { if case .layer(let m) = $0 { return matches(m) } else { return false } }
        }
        func said(_ text: String, error: Bool = false) -> (UIEvent) -> Bool {
            { if case .say(let t, let e) = $0 { return t == text && e == error } else { return false } }
        }
        func saying(_ text: String) -> [Effect] { [.say(text, error: false)] }

        return [
            // Questions for the server (`ServerAsks`).
            Row(effect: .openMention(url: try XCTUnwrap(author.url)), says: saying("Looking up the account…"),
                mail: { if case .layer(.open(.profile(let a))) = $0 { return a.id == author.id } else { return false } }),
            Row(effect: .loadRules, says: [], mail: layer { if case .rules(let r?, .none) = $0 { return !r.isEmpty } else { return false } }),
            Row(effect: .report(report), says: [], mail: said("Reported @\(author.acct) to your server's moderators"),
                wrote: ("POST", "/api/v1/reports")),
            Row(effect: .resolveLink(try XCTUnwrap(post.url)), says: saying("Looking up the link…"),
                mail: { if case .layer(.open(.thread(let root, _))) = $0 { return root == post.statusID } else { return false } }),
            Row(effect: .translate(post), says: [],
                mail: layer { if case .translated(let id, _?, _, .none) = $0 { return id == post.statusID } else { return false } },
                wrote: ("POST", "/api/v1/statuses/\(post.statusID)/translate")),
            Row(effect: .followRequests(about: []), says: saying("Asking the server who wants to follow you…"),
                mail: layer { if case .followRequests(let a, []) = $0 { return a.contains { $0.id == requester.id } } else { return false } }),
            Row(effect: .notificationRequests, says: saying("Asking the server which notifications it holds back…"),
                mail: layer { if case .notificationRequests(_, let r) = $0 { return r.contains { $0.id == held.id } } else { return false } }),
            Row(effect: .setNotificationPolicy(.notFollowing, .filter), says: [],
                mail: said("People you don't follow: held back as requests."), wrote: ("PATCH", "/api/v2/notifications/policy")),
            Row(effect: .listsOf(author), says: saying("Asking the server for your lists…"),
                mail: layer {
                    if case .listMembership(let a, let all, _) = $0 { return a == author && all.contains(list) } else { return false }
                }),
            Row(effect: .listSettings(listID: list.id), says: [],
                mail: layer { if case .listSettings(let l) = $0 { return l == list } else { return false } }),
            Row(effect: .filters, says: saying("Asking the server for your filters…"),
                mail: layer { if case .filters(let f) = $0 { return f.contains { $0.id == filter.id } } else { return false } }),
            Row(effect: .scheduledPosts, says: saying("Asking the server for your scheduled posts…"),
                mail: layer { if case .scheduledPosts(let s) = $0 { return s.contains { $0.id == later.id } } else { return false } }),
            Row(effect: .trendingLinks, says: saying("Asking the server which links are shared most…"),
                mail: layer { if case .trendingLinks(let links) = $0 { return !links.isEmpty } else { return false } }),
            // Work for the account's screens, off the loop.
            Row(effect: .fetchLists, says: [],
                mail: { if case .lists(let l) = $0 { return l.contains(.list(id: list.id, title: list.title)) } else { return false } }),
            Row(effect: .fetchWebFeedLists, says: [], mail: { if case .webFeedLists(let l) = $0 { return l.isEmpty } else { return false } }),
            Row(effect: .markWebFeedsRead("feeds"), says: saying("No web feeds here: there is nothing to mark read.")),
            Row(effect: .loadArticle("item-1"), says: [],
                mail: layer {
                    if case .article(let id, .none, let why) = $0 { return id == "item-1" && why == "no web feeds here" } else { return false }
                }),
            // The rig's store holds no Home yet: what the window lacks is fetched from the demo first, then ranked.
            Row(effect: .loadCatchUp(.lastHours(2)), says: [],
                mail: layer { if case .catchUp(.lastHours(2), let load?, .none) = $0 { return !load.pool.items.isEmpty } else { return false } }),
            // Nothing being fetched: nothing to stop, and nothing said.
            Row(effect: .stopCatchUpFetch, says: []),
            Row(effect: .keepCatchUpChoices(CatchUpChoices(window: .lastHours(4), order: "liked", kinds: [.replies], grouped: true)), says: [],
                holds: {
                    try await rig.store.account(AccountEffectsRig.name).choice(CatchUpChoices.storeName)
                        == "order=liked;kinds=replies;grouped=1;window=4h"
                }),
            Row(effect: .finishCatchUp(newestID: post.id), says: [],
                mail: { if case .say(let text, false) = $0 { return text.hasPrefix("Caught up") } else { return false } },
                holds: { try rig.store.account(AccountEffectsRig.name).timeline(TimelineID.home.storageKey).state().seenID == post.id }),
            Row(effect: .inspectFile(typed: "picture.png", path: picture.path), says: [], mail: layer {
                if case .fileInspected(let f) = $0 { return f.path == picture.path && f.mimeType == "image/png" && f.bytes == bytes.count }
                return false
            }),
            Row(effect: .completePath(rig.folder.path + "/pic"), says: [], mail: layer {
                if case .pathCompleted(_, let completed, _) = $0 { return completed == picture.path } else { return false }
            }),
            Row(effect: .completeWord("@" + username), says: [], mail: layer {
                if case .wordCompletions(let w, let found) = $0 { return w == "@" + username && found.contains("@" + author.acct) }
                return false
            }),
            // Writing: drafts, the outbox.
            Row(effect: .compose(.edit(mine)), says: [], mail: {
                if case .layer(.compose(let d, let context?)) = $0 {
                    return d.id == "edit:\(mine.statusID)" && d.text == "A post of mine, to edit and delete" && context.statusID == mine.statusID
                }
                return false
            }),
            Row(effect: .keepDraft(kept), says: [], mail: { if case .draftSaved(let d) = $0 { return d == kept } else { return false } }),
            Row(effect: .sendPost(sent), says: saying("Sending…"), mail: {
                if case .outbox(.posted(let p, false, false)) = $0 { return p.content.plainText.contains(sent.text) } else { return false }
            }, wrote: ("POST", "/api/v1/statuses")),
            // The action queue: journaled, sent, made.
            Row(effect: .deletePost(mine), says: saying("Deleting…"),
                action: { $0 == .deleted(statusID: mine.statusID) }, wrote: ("DELETE", "/api/v1/statuses/\(mine.statusID)")),
            Row(effect: .vote(poll, choices: [0]), says: [],
                action: { if case .pollCounted(poll.statusID, _) = $0 { return true } else { return false } },
                wrote: ("POST", "/api/v1/polls/\(pollID)/votes")),
            Row(effect: .markPost(.bookmark, post, wanted: true), says: [],
                action: { if case .confirmed(let p) = $0 { return p.statusID == post.statusID && p.bookmarked } else { return false } },
                wrote: ("POST", "/api/v1/statuses/\(post.statusID)/bookmark")),
            Row(effect: .react(post, emoji: "🦀", url: nil, wanted: true), says: [],
                action: { if case .confirmed(let p) = $0 { return p.statusID == post.statusID } else { return false } },
                wrote: ("PUT", "/api/v1/pleroma/statuses/\(post.statusID)/reactions/")),
            Row(effect: .chooseReaction(post), saysWhere: {
                guard case .push(.choice(let title, let items))? = $0.first, $0.count == 1 else { return false }
                return title == "React to @\(author.acct)'s post" && items.contains { $0.label.contains("recent") }
            }),
            Row(effect: .customEmojiReaction(post), says: saying("Asking the server for its custom emoji…"),
                mail: layer { if case .customEmoji(let p, let codes) = $0 { return p == post && !codes.isEmpty } else { return false } }),
            Row(effect: .account(.mute, author, wanted: true, current: false, muteSeconds: 3_600), says: saying("Mute @\(author.acct)…"),
                action: { if case .relationship(author.id, let r) = $0 { return r.muting } else { return false } },
                wrote: ("POST", "/api/v1/accounts/\(author.id)/mute")),
            // Asked after the mute: the server's list has it.
            Row(effect: .silencedPeople, says: saying("Asking the server whom you mute and block…"),
                mail: layer { if case .silenced(let muted, _) = $0 { return muted.contains { $0.id == author.id } } else { return false } }),
            // Here only: the store keeps it.
            Row(effect: .toggleBoosts(author), says: saying("Boosts from @\(author.acct) are hidden (here only)."),
                holds: { try hiddenEntries().contains("boosts \(author.id)") }),
            Row(effect: .hidePost(hidden), says: saying("Hidden. It won't show here again."),
                holds: { try hiddenEntries().contains("status \(hidden.statusID)") }),
            // The change queue: journaled, sent, made once.
            Row(effect: .answerFollowRequest(requester, accept: true), says: [], mail: made(.answerFollowRequest(requester.named, accept: true)),
                wrote: ("POST", "/api/v1/follow_requests/\(requester.id)/authorize")),
            Row(effect: .answerNotificationRequest(held, accept: false), says: [],
                mail: made(.answerNotificationRequest(id: held.id, from: held.account.named, accept: false)),
                wrote: ("POST", "/api/v1/notifications/requests/\(held.id)/dismiss")),
            Row(effect: .setListMember(list, author, true), says: [], mail: made(.listMember(list: list.named, account: author.named, member: true)),
                wrote: ("POST", "/api/v1/lists/\(list.id)/accounts")),
            Row(effect: .changeList(list, .title("Close friends")), says: [], mail: made(.changeList(list.named, .title("Close friends"))),
                wrote: ("PUT", "/api/v1/lists/\(list.id)")),
            Row(effect: .createList(title: "From the table", member: nil), says: [], mail: made(.createList(title: "From the table", member: nil)),
                wrote: ("POST", "/api/v1/lists")),
            Row(effect: .deleteList(list), says: [], mail: made(.deleteList(list.named)), wrote: ("DELETE", "/api/v1/lists/\(list.id)")),
            Row(effect: .changeFilter(filter, .addWord("tablecloth")), says: [], mail: made(.changeFilter(filter.named, .addWord("tablecloth"))),
                wrote: ("POST", "/api/v2/filters/\(filter.id)/keywords")),
            Row(effect: .createFilter(word: "tableware"), says: [], mail: made(.createFilter(word: "tableware")), wrote: ("POST", "/api/v2/filters")),
            Row(effect: .deleteFilter(filter), says: [], mail: made(.deleteFilter(filter.named)), wrote: ("DELETE", "/api/v2/filters/\(filter.id)")),
            Row(effect: .reschedule(later, to: moved), says: [],
                mail: { if case .serverChange(.made(.reschedule(later.id, _), _)) = $0 { return true } else { return false } },
                wrote: ("PUT", "/api/v1/scheduled_statuses/\(later.id)")),
            Row(effect: .cancelScheduled(later), says: [], mail: made(.cancelScheduled(id: later.id)),
                wrote: ("DELETE", "/api/v1/scheduled_statuses/\(later.id)")),
        ]
    }
}
