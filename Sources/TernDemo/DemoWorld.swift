import TernModel
import Foundation
import TernImages

/// A demo account, before it is written to the wire.
struct DemoAccount: Sendable {
    var id: String
    var username: String
    /// Accounts of another (pretend) server: they appear in the federated timeline, not the local one.
    var domain: String?
    var acct: String { domain.map { "\(username)@\($0)" } ?? username }
    var displayName: String
    var note: String
}

/// One attachment of a demo post.
struct DemoMedia: Sendable {
    var id: String
    var spec: ImageSpec
    var blurhash: String
    var description: String
    /// A file the demo user uploaded, served as it came (nil for the generated pictures).
    var upload: DemoUpload? = nil
    /// The demo's moving picture (`DemoAnimation`), whose still `spec` describes.
    var moves = false
}

/// A file uploaded through `/api/v2/media`, processed (given a URL) at `readyAt`.
struct DemoUpload: Sendable {
    var bytes: [UInt8]
    var mimeType: String
    var readyAt: Date
}

/// One demo status. Favourite and bookmark state lives in `DemoState`, not here.
struct DemoPost: Sendable {
    var id: UInt64
    var authorIndex: Int
    var createdAt: Date
    var html: String
    var spoilerText: String
    var sensitive: Bool
    var language: String
    var media: [DemoMedia]
    var mentions: [Int]
    var tags: [String]
    var inReplyTo: (id: UInt64, author: Int)?
    var repliesCount: Int
    var boostsCount: Int
    var favouritesCount: Int
    /// For a boost: the id of the boosted post; the boost itself carries no content.
    var boostOf: UInt64?
    /// When the author last edited it.
    var editedAt: Date? = nil
    var visibility = "public"
    /// The demo user's own posts: the text as written (for `/source` and edits) and the poll.
    var source: String? = nil
    var poll: DemoPoll? = nil
    /// A quote of another post: Mastodon's state of it, and the post.
    var quote: (state: String, of: UInt64)? = nil
}

struct DemoPoll: Sendable {
    var options: [String]
    var expiresAt: Date
    var multiple: Bool
    /// Votes per option, and how many people voted (more than one vote each in a multiple-choice poll).
    var votes: [Int] = []
    var voters = 0
    /// The demo user's choices; nil until they vote.
    var ownVotes: [Int]? = nil
}

/// Generates the demo instance's accounts and posts from a seed: same seed, same world.
struct DemoWorld: Sendable {
    static let firstID: UInt64 = 113_500_000_000_000_000
    static let idStep: UInt64 = 65_536

    let seed: UInt64
    let host: String
    var accounts: [DemoAccount]

    init(seed: UInt64, accountCount: Int, host: String) {
        self.seed = seed
        self.host = host
        var rng = SeededRandom.derived(seed, 0xACC)
        let first = ["Ada", "Bo", "Chen", "Dana", "Eli", "Fatima", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lena",
                     "Mo", "Nia", "Oskar", "Pia", "Quinn", "Rui", "Sol", "Tove"]
        let last = ["Park", "Okafor", "Lindqvist", "Moreau", "Tanaka", "Silva", "Novak", "Haddad", "Berg", "Costa"]
        let specials = ["山田 花子", "Zoë 🌿 Photos", "李 小龙", "Birdwatcher 🐦", "∂ata nerd", "Ω mega"]
        var yours = ""
        accounts = (0..<max(2, accountCount)).map { i in
            var display: String
            if i % 7 == 3 { display = specials[(i / 7) % specials.count] }
            else if i == 13 { display = "Mallory \u{1B}]0;pwned\u{07}\u{1B}[31mRed\u{202E}txet" }
            else {
                let (given, family) = (rng.pick(first), rng.pick(last))
                display = "\(given) \(family)"
                // Nobody else bears the user's own name: a conversation read as Ada answering Ada. The next
                // family name instead, so the draws (and every other account's name) stay as they were.
                if i > 0, display == yours { display = "\(given) \(last[(last.firstIndex(of: family)! + 1) % last.count])" }
            }
            if i == 0 { yours = display }
            let username = i == 0 ? "you" : "user\(i)"
            return DemoAccount(id: String(100_000 + i), username: username, domain: i % 5 == 4 ? "fedi.example" : nil,
                               displayName: display, note: "<p>Demo account number \(i).</p>")
        }
    }

    func postID(_ index: Int) -> UInt64 { Self.firstID + UInt64(index) * Self.idStep }

    func index(of id: UInt64) -> Int? {
        guard id >= Self.firstID, (id - Self.firstID) % Self.idStep == 0 else { return nil }
        return Int((id - Self.firstID) / Self.idStep)
    }

    /// Post number `index` (0 is the oldest), created at `date`.
    func makePost(_ index: Int, at date: Date) -> DemoPost {
        var rng = SeededRandom.derived(seed, UInt64(index) + 1)
        let author = 1 + Int.random(in: 0..<(accounts.count - 1), using: &rng)
        let id = postID(index)
        // Some entries boost an earlier post.
        if index > 20, rng.chance(0.12) {
            let target = Int.random(in: max(0, index - 200)..<index, using: &rng)
            return DemoPost(id: id, authorIndex: author, createdAt: date, html: "", spoilerText: "", sensitive: false,
                            language: "en", media: [], mentions: [], tags: [], inReplyTo: nil, repliesCount: 0,
                            boostsCount: 0, favouritesCount: 0, boostOf: postID(target))
        }
        let text = DemoText(host: host)
        var paragraphs: [String] = []
        var tags: [String] = []
        var mentions: [Int] = []
        var language = "en"
        let kind = Int.random(in: 0..<100, using: &rng)
        if kind < 12 {
            language = "ja"
            paragraphs.append(text.escape(rng.pick(DemoText.cjk)) + " " + rng.pick(DemoText.emoji))
        } else if kind < 20 {
            // A very long post: several paragraphs, one with line breaks.
            for _ in 0..<Int.random(in: 4...7, using: &rng) {
                paragraphs.append((0..<4).map { _ in text.escape(text.sentence(&rng, words: Int.random(in: 8...16, using: &rng))) }
                    .joined(separator: " "))
            }
            paragraphs.append("one<br />line<br />at a time")
        } else {
            var p = text.escape(text.sentence(&rng, words: Int.random(in: 5...18, using: &rng)))
            if rng.chance(0.4) { p += " " + rng.pick(DemoText.emoji) }
            paragraphs.append(p)
            if rng.chance(0.4) { paragraphs.append(text.escape(text.sentence(&rng, words: Int.random(in: 4...12, using: &rng)))) }
        }
        if rng.chance(0.3) {
            let m = 1 + Int.random(in: 0..<(accounts.count - 1), using: &rng)
            mentions.append(m)
            let acct = accounts[m]
            paragraphs[0] = text.mention(username: acct.username, url: "https://\(host)/@\(acct.username)") + " " + paragraphs[0]
        }
        if rng.chance(0.25) { paragraphs.append(text.link(rng.pick(DemoText.linkTargets))) }
        if rng.chance(0.45) {
            let count = Int.random(in: 1...3, using: &rng)
            for _ in 0..<count { tags.append(rng.pick(DemoText.hashtags)) }
            tags = Array(Set(tags)).sorted()
            paragraphs.append(tags.map { text.hashtag($0) }.joined(separator: " "))
        }
        if index == 7 {
            paragraphs.insert("Hostile text: \u{1B}[2J\u{1B}[H cleared? \u{202E}desrever\u{202C} \u{9B}31m bell\u{07}", at: 0)
        }
        var spoiler = ""
        var sensitive = false
        if rng.chance(0.07) {
            spoiler = rng.pick(["spoilers for the film", "food, eye contact", "politics", "long post"])
            sensitive = true
        }
        var media: [DemoMedia] = []
        if rng.chance(0.7) {
            let count = rng.chance(0.6) ? 1 : Int.random(in: 2...4, using: &rng)
            for m in 0..<count {
                media.append(makeMedia(postIndex: index, number: m, rng: &rng))
            }
            if rng.chance(0.08) { sensitive = true }
        }
        var reply: (UInt64, Int)?
        if index > 5, rng.chance(0.15) {
            let target = Int.random(in: max(0, index - 50)..<index, using: &rng)
            reply = (postID(target), 1 + target % (accounts.count - 1))
        }
        var post = DemoPost(id: id, authorIndex: author, createdAt: date,
                            html: paragraphs.map { "<p>\($0)</p>" }.joined(), spoilerText: spoiler, sensitive: sensitive,
                            language: language, media: media, mentions: mentions, tags: tags, inReplyTo: reply,
                            repliesCount: Int.random(in: 0...12, using: &rng), boostsCount: Int.random(in: 0...40, using: &rng),
                            favouritesCount: Int.random(in: 0...150, using: &rng), boostOf: nil)
        // A poll on some posts without pictures (as on Mastodon, a post has one or the other), from a
        // generator of its own: the rest of the world stays as it was.
        if index % 5 == 3, media.isEmpty { post.poll = makePoll(index) }
        return post
    }

    /// A poll still open for a day, taking one answer or several.
    func openPoll(_ index: Int, multiple: Bool) -> DemoPoll {
        var poll = makePoll(index)
        poll.multiple = multiple
        poll.expiresAt = Date().addingTimeInterval(86_400)
        let total = poll.votes.reduce(0, +)
        poll.voters = multiple ? max(0, total * 2 / 3) : total
        return poll
    }

    /// A poll that has ended, for the post a poll notification is about.
    func endedPoll(_ index: Int) -> DemoPoll {
        var poll = makePoll(index)
        poll.expiresAt = Date().addingTimeInterval(-3_600)
        return poll
    }

    /// A poll someone else asked: its question's options, votes so far, one in four closed already, one in
    /// three taking several answers.
    private func makePoll(_ index: Int) -> DemoPoll {
        var rng = SeededRandom.derived(seed, 0x9011_0000 + UInt64(index))
        let questions = [["tea", "coffee", "neither"], ["vim", "emacs", "nano", "ed"], ["mornings", "evenings"],
                         ["cats", "dogs", "both", "neither"], ["tabs", "spaces"], ["bus", "bike", "train", "on foot"]]
        let options = rng.pick(questions)
        let multiple = rng.chance(0.33)
        let closed = rng.chance(0.25)
        let expiresAt = Date().addingTimeInterval(closed ? -3_600 : Double(Int.random(in: 1...72, using: &rng)) * 3_600)
        let votes = options.map { _ in Int.random(in: 0...40, using: &rng) }
        let total = votes.reduce(0, +)
        return DemoPoll(options: options, expiresAt: expiresAt, multiple: multiple, votes: votes,
                        voters: multiple ? max(0, total * 2 / 3) : total)
    }

    private func makeMedia(postIndex: Int, number: Int, rng: inout SeededRandom) -> DemoMedia {
        // One post in eleven opens with the moving picture.
        if number == 0, postIndex % 11 == 4 {
            let spec = ImageSpec(seed: 0, width: DemoAnimation.width, height: DemoAnimation.height, format: .png, pattern: .stripes,
                                 photoLike: false)
            return DemoMedia(id: String(postID(postIndex) + 1), spec: spec, blurhash: DemoAnimation.blurhash,
                             description: "A ball rolling across blue stripes (moving)", moves: true)
        }
        let sizes = [(1080, 1080), (1080, 1350), (1920, 1080), (1080, 720), (800, 1200), (1280, 960)]
        let (w, h) = rng.pick(sizes)
        let roll = Int.random(in: 0..<100, using: &rng)
        let format: ImageSpec.Format = roll < 60 ? .jpeg : roll < 85 ? .png : .webp
        let pattern = rng.pick(ImageSpec.Pattern.allCases)
        let spec = ImageSpec(seed: rng.next(), width: w, height: h, format: format, pattern: pattern,
                             photoLike: format == .jpeg && rng.chance(0.5))
        // The hash is taken from a tiny rendition: blurhash keeps only the lowest frequencies anyway.
        var tiny = spec
        tiny.width = max(4, w / 60); tiny.height = max(4, h / 60)
        let hash = Blurhash.encode(rgb: PatternRenderer.render(tiny), width: tiny.width, height: tiny.height)
        let names: [ImageSpec.Pattern: String] = [.rings: "concentric coloured rings", .stripes: "diagonal stripes",
                                                  .tiles: "a grid of coloured tiles", .landscape: "hills under a sun",
                                                  .plasma: "swirling colour"]
        return DemoMedia(id: String(postID(postIndex) + UInt64(number) + 1), spec: spec, blurhash: hash,
                         description: "Generated picture of \(names[pattern]!)")
    }
}
