import Foundation
import TernFeed
import TernModel
import TernTerminal

/// `C` on a list of the account: Catch-up, the posts of Home since the read mark (or the last hours, or
/// since the last catch-up), ranked, from the store. The window is read off the loop (`Effect.loadCatchUp`,
/// answered by `LayerMessage.catchUp`); switching order, kinds, grouping, the links several shared or one
/// author only sorts and filters what was read (`CatchUpPool.view`). A post row takes every key a list's
/// post takes, with the same effects (`FeedLayer.postAction`), its marks going straight to the action
/// queue (`Effect.markPost`: a list's engine may not hold the post); the screen's own keys are letters
/// the lists leave free (`s`, `W`, `z`, `S`, `P`, the digits) and `x`. A row shows its post as the session
/// last said it: from any list's snapshot, and with the marks waiting for the server
/// (`LayerMessage.postMarks`). Esc steps back through what was opened here, then to the list as `C` left it; while the window is
/// being fetched (`LayerMessage.catchUpFetching`, its progress on the status line) Esc stops the fetch instead.
struct CatchUpLayer: Layer {
    typealias Row = CatchUpRow

    /// Where the screen was, to come back to with Esc.
    struct Place: Equatable {
        var listing: CatchUpRow.Listing
        var author: AuthorGroup?
        var selectedID: String?
        var top: Int
    }

    private(set) var window: CatchUpWindow = .sinceReadMark
    /// The user picked the window (`W`), or it stood in for an empty one: it is not changed for them.
    private var windowChosen = false
    /// Why the window shown is not the one asked for, said in the header.
    private(set) var stoodIn: String?
    /// What stands in for an empty window since the read mark.
    static let emptyMarkFallback: CatchUpWindow = .lastHours(24)
    /// The window as read; nil while it is on its way (or could not be read: `failure`).
    private(set) var loaded: CatchUpLoad?
    private(set) var failure: String?
    /// How far the fetch of what the store lacked has got, while it runs (Esc stops it: `stopping`).
    private(set) var fetching: CatchUpFetch.Progress?
    private(set) var stopping = false
    /// The reader went down to the last post of the whole window (every post listed one by one, no kinds or
    /// author chosen): leaving then is done reading, as `x` is.
    private(set) var readToTheEnd = false
    /// Stand-outs first: a catch-up is for what drew attention, and `s` goes through the rest.
    private(set) var order: any CatchUpOrdering = StandOutOrder()
    /// The kinds shown (all when empty), toggled with `1`–`6`.
    private(set) var kinds: Set<CatchUpKind> = []
    private(set) var grouped = false
    /// The authors whose group is unfolded.
    private(set) var unfolded: Set<String> = []
    private(set) var listing: CatchUpRow.Listing = .posts
    /// The one author whose posts are shown (chosen among the most active), else nil.
    private(set) var author: AuthorGroup?
    /// Where Esc goes back to, the last first.
    private(set) var placesBack: [Place] = []
    private(set) var rows: [Row] = []
    /// How many posts the view holds (with the kinds and author chosen).
    private(set) var postCount = 0
    private(set) var selected = 0
    /// The first row in view.
    private(set) var top = 0
    /// The session's newest word on a post, by status id, where it differs from what was read: a list's
    /// snapshot (`bases`), with the marks waiting for the server on it.
    private(set) var copies: [String: Post] = [:]
    private var bases: [String: Post] = [:]
    /// The window was read, and these accounts' marks waiting for their server (nil: the session's own) are
    /// not yet on all of its posts.
    private var unmarked: Set<String?> = []
    /// The statuses liked, saved or boosted from this screen (`Effect.markPost`), whose marks it follows.
    private var markedHere: Set<String> = []
    /// Where each status is among the pool's items.
    private var positions: [String: Int] = [:]

    /// The row to select once the window is read again (`r`).
    private var reselect: String?
    /// The window came empty while the server was away: it is fetched again once the server answers (a new
    /// user's screen stayed empty after the server came back).
    private var emptyWhileAway = false
    /// The window the user picked with `W`, kept for the next `C`.
    private var pickedWindow: CatchUpWindow?
    /// Across every account open (`C` from the inbox): each account's window comes on its own
    /// (`LayerMessage.catchUpOf`) and the screen shows them merged once all have (`CatchUpLoad.merging`);
    /// a post's marks go to its account (`Effect.asAccount`), as does done reading, each account to its own
    /// newest post.
    private(set) var across = false
    private var parts = AcrossParts()

    /// `choices`: what the last Catch-up was left showing (`CatchUpChoices`), which it opens on.
    init(_ choices: CatchUpChoices? = nil, across: Bool = false) {
        self.across = across
        guard let choices else { return }
        if let picked = choices.window { (window, windowChosen, pickedWindow) = (picked, true, picked) }
        (order, kinds, grouped) = (CatchUpOrders.named(choices.order) ?? order, choices.kinds, choices.grouped)
    }

    var choices: CatchUpChoices { CatchUpChoices(window: pickedWindow, order: order.name, kinds: kinds, grouped: grouped) }

    var isOverlay: Bool { false }

    /// Asks for the window.
    var load: Effect { across ? .loadCatchUpAcross(window) : .loadCatchUp(window) }

    /// The kinds in the order of their digits: `1` is originals … `6` followed hashtags.
    static let kindKeys: [CatchUpKind] = CatchUpKind.allCases

    /// What the screen's keys do, said when a key of the lists' is pressed that has no use here.
    static let keysWords = "Catch-up: j/k move · Enter opens · f/b/B/a/c/v/p/o/y as on a list · s order · 1–6 kinds · "
        + "W window · z by author · S shared links · P active authors · x done reading · r again · Esc back"

    /// Its own keys, first in `?`'s help (a post row's are the lists', below them).
    static let helpLines = [
        "Catch-up's own keys (a post takes the lists' below):",
        "s                   the next order: newest, stand-outs, liked, boosted, replied",
        "1–6                 only some kinds: originals, replies, quotes, boosts, pictures, followed hashtags",
        "W                   the next window: since the read mark, the last 1–24 hours, since the last catch-up",
        "z                   one row per author (Enter unfolds it)",
        "S                   the links two or more shared (Enter: their posts; o opens it)",
        "P                   the most active authors (Enter: only theirs; P or Esc: all again)",
        "x                   done reading: the read mark moves to the window's newest post",
        "r                   fetch and read the window again",
        "Esc                 back a step, then to the list",
    ]

    var selectedRow: Row? { rows.indices.contains(selected) ? rows[selected] : nil }

    /// A row's item with the session's newest copy of its post.
    func shown(_ item: CatchUpItem) -> CatchUpItem {
        guard let copy = copies[item.id] else { return item }
        var shown = item
        shown.post = copy
        return shown
    }

    var selectedPost: Post? {
        if case .post(let item)? = selectedRow { return shown(item).post }
        return nil
    }

    mutating func receive(_ message: LayerMessage, _ env: LayerEnv) -> [Effect]? {
        switch message {
        case .catchUpFetching(let window, let progress, let account):
            guard window == self.window else { return [] }
            fetching = across ? parts.fetched(progress, by: account ?? env.activeAccount) : progress
            return []
        case .catchUpOf(let account, let among, let window, let load, let failure):
            guard across, window == self.window,
                  let all = parts.arrived(account, among: among, window: window, load, failure) else { return [] }
            return receive(.catchUp(window, all.load, failure: all.failure), env)
        case .catchUp(let window, let load, let failure):
            // An answer for a window the user has since stepped past (`W` pressed twice): the next one is coming.
            guard window == self.window else { return [] }
            // The cache's window while the rest is fetched: shown, the fetch going on; the window read after it follows.
            let provisional = load?.provisional == true
            // Nothing since the read mark, on the window the user did not choose: Home marks read what it shows,
            // so a reader fresh from it (a fresh demo too) would always open on nothing. The last day instead,
            // said so, rather than an empty screen or a read mark made up.
            if !provisional, window == .sinceReadMark, !windowChosen, failure == nil, let load, load.pool.items.isEmpty, load.pool.leftOut.total == 0 {
                self.window = Self.emptyMarkFallback
                windowChosen = true
                stoodIn = (load.unfetched ? "Nothing since the read mark in the cache, and nothing newer could be fetched"
                                          : "Nothing came in since the read mark (Home marks read what it shows)")
                    + ": here is \(Self.emptyMarkFallback.words). W picks another window."
                (fetching, stopping) = (nil, false)
                return [self.load]
            }
            // A window read again (the fetch's, or `r`) keeps the post the reader moved to; one who has not moved
            // stays on the first row, the new ranking's top.
            let keeping = reselect ?? (loaded != nil && selected > 0 ? selectedRow?.id : nil)
            (loaded, self.failure, copies, bases) = (load, failure, [:], [:])
            if !provisional { (fetching, stopping) = (nil, false) }
            unmarked = across ? Set(load?.accounts ?? []) : [nil]
            emptyWhileAway = !provisional && env.offline && failure == nil && load?.pool.items.isEmpty == true
            readToTheEnd = false
            positions = Dictionary((load?.pool.items ?? []).enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
            rebuild(keeping: keeping)
            reselect = nil
            return []
        case .snapshot(let snapshot):
            // A list's snapshot is of the session whose screens these are: across accounts, its posts are that account's.
            take(snapshot.rows.compactMap(\.post), of: across ? env.activeAccount : nil)
            return nil
        case .postMarks(let overlay, let account):
            guard let items = loaded?.pool.items else { return nil }
            // Across accounts, each account's marks go on its own posts only.
            let whose = across ? account ?? env.activeAccount : nil
            // Once a window is read, all of its posts (the marks still waiting from before); then only the posts
            // marked from here, shown marked, or that a list said something of: any other mark is made on a list,
            // whose snapshot brings it (all 5,000 took 38 ms a press in a debug build, on the loop).
            let ids = unmarked.remove(whose) != nil ? items.map(\.id) : Array(markedHere.union(bases.keys).union(copies.keys))
            for id in ids {
                guard let at = positions[id], whose == nil || items[at].account == whose else { continue }
                let item = items[at], base = bases[item.id], marked = overlay(base ?? item.post)
                // The marks alone are compared: a whole post's equality, 5,000 times a press, is the text's too.
                copies[item.id] = base == nil && Self.sameMarks(marked, item.post) ? nil : marked
            }
            return nil
        default:
            return nil
        }
    }

    private static func sameMarks(_ a: Post, _ b: Post) -> Bool {
        a.favourited == b.favourited && a.bookmarked == b.bookmarked && a.boosted == b.boosted && a.pending == b.pending
            && a.favouritesCount == b.favouritesCount && a.boostsCount == b.boostsCount && a.reactions == b.reactions
    }

    /// A list's posts as its engine published them: the ones this screen shows take their text, counts and
    /// marks (a like made in a thread opened from here, its rollback, a count read since).
    private mutating func take(_ posts: [Post], of account: String?) {
        guard let items = loaded?.pool.items, !posts.isEmpty else { return }
        for copy in posts {
            guard let at = positions[account.map { CatchUpItem.key($0, copy.statusID) } ?? copy.statusID] else { continue }
            let item = items[at]
            // The list's own marks waiting for the server are the session's word here too.
            var shown = item.post.showing(copy)
            shown.pending = copy.pending
            bases[item.id] = shown
            copies[item.id] = shown == item.post ? nil : shown
        }
    }

    /// The server answers again after an empty window came while it was away: the window is fetched again.
    mutating func settle(_ env: LayerEnv) -> [Effect] {
        guard emptyWhileAway, !env.offline else { return [] }
        emptyWhileAway = false
        return readAgain()
    }

    /// The window fetched and read again (`r`, or the server back), the selection kept on its post where it
    /// is still there.
    private mutating func readAgain() -> [Effect] {
        // What is shown stays until the window comes again (`r` blanked the list being read).
        (reselect, fetching, stopping, parts) = (selected > 0 ? selectedRow?.id : nil, nil, false, AcrossParts())
        return [load]
    }

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        switch key {
        case .character("s"):
            order = CatchUpOrders.after(order)
            rebuild(keeping: nil)
            return []
        case .character(let c) where (1...Self.kindKeys.count).contains(c.wholeNumberValue ?? 0):
            let kind = Self.kindKeys[(c.wholeNumberValue ?? 1) - 1]
            if kinds.contains(kind) { kinds.remove(kind) } else { kinds.insert(kind) }
            rebuild(keeping: nil)
            return []
        case .character("W"):
            window = window.next
            (windowChosen, stoodIn, pickedWindow) = (true, nil, window)
            (loaded, failure, rows, postCount, selected, top, placesBack, listing, author) = (nil, nil, [], 0, 0, 0, [], .posts, nil)
            (fetching, stopping, parts) = (nil, false, AcrossParts())
            return [load]
        case .character("z"):
            grouped.toggle()
            rebuild(keeping: selectedGroupOrAuthor)
            return []
        case .character("S"):
            if listing == .links { return back() }
            return show(.links, author: author)
        case .character("P"):
            if listing == .authors || author != nil { return back() }
            return show(.authors, author: nil)
        case .character("x"):
            guard let pool = loaded?.pool, let finish = finishing else { return [.say("Nothing in this window to mark read.", error: false)] }
            // The kinds or the author chosen hide some of the window, which done reading marks read too.
            let unseen = pool.items.count - postCount
            guard unseen > 0 else { return finish }
            return [.push(.confirm(question: "Mark all \(Counted.words(pool.items.count, "post")) of the window read, "
                                       + "\(unseen) of them not shown (the kinds or author chosen)?",
                                   yes: finish))]
        case .mouse(let event):
            if event.button == .wheelDown { move(by: 3, env) } else if event.button == .wheelUp { move(by: -3, env) }
            return []
        case .paste, .other, .focus, .resize:
            return []
        default:
            break
        }
        guard let action = env.keymap.action(for: key) else { return [.say(Self.keysWords, error: false)] }
        // While the window is fetched or read there is nothing to move over: said, not a dead key (with a slow
        // server a new user pressed j and Enter to no effect).
        if loaded == nil, [.lineDown, .lineUp, .pageDown, .pageUp, .top, .bottom, .open].contains(action) {
            return [.say(failure != nil ? "Catch-up could not be read: r tries again, Esc goes back."
                         : fetching != nil ? "Still fetching \(window.words): Esc stops and shows what is there."
                         : "Catch-up is still being read.", error: false)]
        }
        switch action {
        case .lineDown: move(by: 1, env)
        case .lineUp: move(by: -1, env)
        case .pageDown: move(by: max(1, bodyHeight(env) - 1), env)
        case .pageUp: move(by: -max(1, bodyHeight(env) - 1), env)
        case .top: move(by: -selected, env)
        case .bottom: move(by: rows.count - 1 - selected, env)
        case .open: return open()
        case .back where fetching != nil && loaded == nil:
            // The fetch stops and what the store holds is ranked; the next Esc goes back.
            stopping = true
            return stopFetching
        case .back:
            // With the cache's window shown while the fetch runs, Esc is as ever; leaving stops the fetch.
            let effects = back()
            return fetching != nil && effects.contains(.pop) ? stopFetching + effects : effects
        case .refresh: return readAgain()
        case .quit: return fetching == nil ? leave() : stopFetching + [.pop]
        case .help: return [.push(.screenHelp(Self.helpLines))]
        case .redraw: return []
        case .compose: return [.compose(.new)]
        case .like, .save, .boost, .react, .vote, .translate, .reply, .quote, .edit, .delete, .links, .copyLink, .copyText:
            guard let post = selectedPost else { return [.say(notAPost, error: false)] }
            let account = selectedAccount
            let effects = FeedLayer.postAction(action, on: .post(post), env) { kind, post, wanted in
                let mark = Effect.markPost(kind, post, wanted: wanted)
                return account.map { .asAccount($0, [mark]) } ?? mark
            }
            if [.like, .save, .boost].contains(action), case .post(let item)? = selectedRow { markedHere.insert(item.id) }
            return effects
        case .reveal:
            guard let post = selectedPost else { return [.say(notAPost, error: false)] }
            return [.toggleWarning(OpenedWarnings.key(.post(post)))]
        case .viewImage:
            guard let post = selectedPost else { return [.say(notAPost, error: false)] }
            return FeedLayer.viewLarge(post, attachment: nil, env)
        case .openLink:
            if case .link(let link)? = selectedRow { return [.openURL(link.card?.url ?? link.url)] }
            guard let post = selectedPost else { return [.say(notAPost, error: false)] }
            return FeedLayer.openLink(post, text: nil)
        case .profile:
            switch selectedRow {
            case .group(let group, _)?, .author(let group)?: return FeedLayer.profile(of: group.author, post: nil)
            default:
                guard let post = selectedPost else { return [.say(notAPost, error: false)] }
                return FeedLayer.profile(of: post.account, post: post)
            }
        default: return [.say(Self.keysWords, error: false)]
        }
        return []
    }

    /// What a post's key says on a row that is not a post.
    private var notAPost: String {
        switch selectedRow {
        case .link?: return "This is a link: Enter lists the posts that shared it, o opens it."
        case .group?, .author?: return "This is an author: Enter shows their posts."
        default: return loaded == nil ? "Catch-up is still being read." : "No post here."
        }
    }

    /// Enter: a post opens its thread; an author's row unfolds (or folds) their posts, or (among the most
    /// active) shows only theirs; a link lists the posts that shared it.
    private mutating func open() -> [Effect] {
        switch selectedRow {
        case .post(let item)?: return [.push(.feed(FeedLayer.thread(of: shown(item).post)))]
        case .group(let group, let isUnfolded)?:
            if isUnfolded { unfolded.remove(group.id) } else { unfolded.insert(group.id) }
            rebuild(keeping: selectedRow?.id)
            return []
        case .author(let group)?:
            // Their posts stand in for the authors' list: Esc goes back to where `P` was pressed.
            let before = placesBack
            _ = show(.posts, author: group)
            placesBack = before
            return []
        case .link(let link)?: return show(.linkPosts(link), author: author)
        case nil:
            return [.say(loaded == nil ? "Catch-up is still being read." : "Nothing to open: no posts in this window.", error: false)]
        }
    }

    /// Lists `listing` (of `author`'s posts only, when given), keeping where the screen was for Esc.
    private mutating func show(_ listing: CatchUpRow.Listing, author: AuthorGroup?) -> [Effect] {
        guard loaded != nil else { return [.say("Catch-up is still being read.", error: false)] }
        placesBack.append(place)
        (self.listing, self.author) = (listing, author)
        rebuild(keeping: nil)
        if rows.isEmpty, listing == .links { return [.say("No link was shared by two or more people in this view.", error: false)] }
        return []
    }

    /// Esc: back to the place before the last `S`, `P` or link opened; from the first, back to the list.
    private mutating func back() -> [Effect] {
        // By author, inside an author's unfolded posts (or on their row): Esc folds them first, as a tree does.
        if grouped, listing == .posts, let author = unfoldedAuthorAtSelection {
            unfolded.remove(author)
            rebuild(keeping: "author:" + author)
            return []
        }
        guard let place = placesBack.popLast() else { return leave() }
        (listing, author) = (place.listing, place.author)
        rebuild(keeping: place.selectedID)
        top = min(place.top, selected)
        return []
    }

    /// The author whose unfolded posts the selection is in, or whose unfolded row it is on.
    private var unfoldedAuthorAtSelection: String? {
        switch selectedRow {
        case .group(let group, true)?: return group.id
        case .post(let item)? where unfolded.contains(item.authorKey): return item.authorKey
        default: return nil
        }
    }

    /// Leaving: done reading too when the reader went down to the window's last post.
    private func leave() -> [Effect] {
        guard readToTheEnd, let finish = finishing else { return [.pop] }
        return finish + [.pop]
    }

    /// Done reading: the read mark to the window's newest post; across accounts, each account's to its own.
    /// Nil when the window holds no post.
    private var finishing: [Effect]? {
        guard let load = loaded else { return nil }
        if !across { return load.pool.newestID.map { [.finishCatchUp(newestID: $0)] } }
        let each = load.accounts.compactMap { a in load.pool.newestByAccount[a].map { Effect.asAccount(a, [.finishCatchUp(newestID: $0)]) } }
        return each.isEmpty ? nil : each
    }

    /// Esc while the window is fetched: every account asked stops.
    private var stopFetching: [Effect] {
        across ? parts.fetching.map { .asAccount($0, [.stopCatchUpFetch]) } : [.stopCatchUpFetch]
    }

    /// The account of the row selected, across accounts: what it acts on belongs there.
    var selectedAccount: String? {
        guard across else { return nil }
        switch selectedRow {
        case .post(let item)?: return item.account
        case .group(let group, _)?, .author(let group)?: return group.items.first?.account
        case .link?, nil: return nil
        }
    }

    private var place: Place { Place(listing: listing, author: author, selectedID: selectedRow?.id, top: top) }

    /// The author row to stay on when grouping is turned on or off: the selected post's author, or theirs.
    private var selectedGroupOrAuthor: String? {
        switch selectedRow {
        case .post(let item)?: return grouped ? "author:" + item.authorKey : "post:" + item.id
        case .group(let group, _)?: return grouped ? "author:" + group.id : group.items.first.map { "post:" + $0.id }
        default: return selectedRow?.id
        }
    }

    /// The rows made again from the pool for the order, kinds, author and grouping chosen; the selection
    /// stays on the row `keeping` names where it is still there, else goes to the first.
    private mutating func rebuild(keeping id: String?) {
        guard let pool = loaded?.pool else { (rows, postCount, selected, top) = ([], 0, 0, 0); return }
        let view = pool.view(order: order, kinds: kinds, author: author?.id)
        postCount = view.items.count
        rows = CatchUpRow.rows(of: view, listing, grouped: grouped && listing == .posts, unfolded: unfolded)
        selected = id.flatMap { id in rows.firstIndex { $0.id == id } } ?? 0
        if id == nil { top = 0 }
        top = min(top, selected)
    }

    private mutating func move(by delta: Int, _ env: LayerEnv) {
        guard !rows.isEmpty else { return }
        selected = max(0, min(rows.count - 1, selected + delta))
        let height = bodyHeight(env)
        if selected < top { top = selected } else if selected >= top + height { top = selected - height + 1 }
        if listing == .posts, !grouped, kinds.isEmpty, author == nil, !rows.isEmpty, selected == rows.count - 1 { readToTheEnd = true }
    }
}
