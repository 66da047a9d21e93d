import Foundation
import TernModel

/// One chaos run: the seeded schedule of presses, kills and offline stretches, and the check at the end.
final class ChaosRun {
    enum Op: String, CaseIterable { case like, save, boost, follow, post, reply, edit, delete, vote }

    let user: ChaosUser
    let proxy: FaultProxy
    let api: ChaosServer
    let seed: UInt64
    /// Tern's log, where it says which presses it undid and why.
    let log: URL
    /// The sync probe's log: a line per sync, "failed PATH" for those it failed.
    let syncs: URL
    /// The run's trace: each press on a mark, each kill.
    var presses: URL { syncs.deletingLastPathComponent().appendingPathComponent("presses") }
    private(set) var ledger = ChaosLedger()
    private var random: SeededRandom
    /// The user's own posts the harness has seen on the server (by their markers), newest first.
    private var own: Set<String> = []
    /// Their texts, so that the posts deleted on purpose are known by their markers at the end.
    private var ownText: [String: String] = [:]
    private var ownAccount: (id: String, acct: String)?
    private var done: [Op: Int] = [:]
    /// Presses not made, by why: the screen offered nothing to press on.
    private var skipped: [String: Int] = [:]
    private var kills = 0
    /// Seconds spent on each kind of press (made or not) and on kills with their restarts: where a long run's time goes.
    private var spent: [String: Double] = [:]
    private var offlineStretches = 0
    /// Posts others wrote during the run (the demo's only): new posts by others, some with open polls,
    /// keep coming above the user's own, as on a real home timeline, so that follows and votes stay in reach.
    private let othersPost: (@Sendable (Int) async -> Void)?
    private var othersPosted = 0
    private let start = Date()

    init(user: ChaosUser, proxy: FaultProxy, api: ChaosServer, seed: UInt64, log: URL, syncs: URL,
         othersPost: (@Sendable (Int) async -> Void)? = nil) {
        self.othersPost = othersPost
        self.user = user
        self.proxy = proxy
        self.api = api
        self.seed = seed
        self.log = log
        self.syncs = syncs
        random = SeededRandom(seed: seed)
    }

    /// Presses `ops` times (or until `deadline`), with a kill every `killEvery` presses on average.
    func press(ops: Int, until deadline: Date, killEvery: Int, pauseMs: Int) async throws {
        // Weights: marks most, as people press them most; at least one of each kind in a short run.
        let weighted: [(Op, Int)] = [(.like, 28), (.save, 18), (.boost, 16), (.follow, 9), (.post, 12), (.reply, 9), (.edit, 5), (.delete, 3), (.vote, 3)]
        let bag = weighted.flatMap { Array(repeating: $0.0, count: $0.1) }
        for n in 0..<ops where Date() < deadline {
            if random.chance(1 / Double(max(1, killEvery))) { try killAndRestart() }
            if n == 12 || random.chance(1 / 60) {
                proxy.goOffline(for: Double.random(in: 2...8, using: &random))
                offlineStretches += 1
            }
            if let othersPost, random.chance(1 / 10) {
                let count = Int.random(in: 1...3, using: &random)
                await othersPost(count)
                othersPosted += count
            }
            let op = n < Op.allCases.count ? Op.allCases[n] : random.pick(bag)
            let down = Int.random(in: 0..<6, using: &random)
            let began = Date()
            if let why = try await perform(op, down: down, n: n) {
                skipped[why, default: 0] += 1
                // What the screen showed instead: where a long run's unmade presses go.
                if let miss = user.lastMiss { trace("\(op) not made: \(why): \(miss)") }
            } else { done[op, default: 0] += 1 }
            spent[op.rawValue, default: 0] += Date().timeIntervalSince(began)
            usleep(UInt32.random(in: 20_000...max(20_000, UInt32(pauseMs) * 1000), using: &random))
            if (n + 1) % 500 == 0 {
                print(String(format: "chaos: %d presses, %d kills, %.0f s", n + 1, kills, Date().timeIntervalSince(start)))
                fflush(nil)
            }
        }
        if random.chance(0.5) || kills == 0 { try killAndRestart() }
    }

    /// A line in the run's trace (`presses`, beside Tern's home), for a discrepancy's story: Tern's log
    /// (at debug) says what it made of each press.
    private func trace(_ line: String) {
        let text = String(format: "%.2f ", Date().timeIntervalSince(start)) + ISO8601DateFormatter().string(from: Date()) + " " + line + "\n"
        guard let handle = FileHandle(forWritingAtPath: presses.path) ?? {
            FileManager.default.createFile(atPath: presses.path, contents: nil)
            return FileHandle(forWritingAtPath: presses.path)
        }() else { return }
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try? handle.close()  // a trace line lost at close is no reason to stop a run
    }

    private func killAndRestart() throws {
        trace("kill")
        let began = Date()
        defer { spent["kill", default: 0] += Date().timeIntervalSince(began) }
        ledger.killed()
        guard user.terminal.killHard() else { throw BenchError("tern was not running when it was to be killed") }
        kills += 1
        try archiveLog()
        try user.start()
    }

    /// One press; why not, when the screen offered nothing to press it on.
    private func perform(_ op: Op, down: Int, n: Int) async throws -> String? {
        switch op {
        case .post:
            let marker = "chaos-\(seed)-\(n)-end"
            guard user.write("A post under chaos \(marker)", reply: false) else { return "compose did not open" }
            ledger.sent(marker, inReplyTo: nil)
            return nil
        case .reply:
            guard let (id, _) = user.select(down) else { return "no post selected" }
            let marker = "chaos-\(seed)-\(n)-end"
            guard user.write("A reply under chaos \(marker)", reply: true) else { return "compose did not open" }
            ledger.sent(marker, inReplyTo: id)
            return nil
        case .edit, .delete:
            try await learnOwnPosts()
            guard let id = user.selectOwnNearTop(acct: try await me().acct) else { return "no post of one's own near the top" }
            guard own.contains(id) else { return "the post found is not one the harness wrote" }
            if op == .delete {
                guard let at = user.delete() else { return "no delete question" }
                ledger.deleted(id, at: at)
                own.remove(id)
                return nil
            }
            let marker = "edit-\(seed)-\(n)-end"
            guard user.edit(adding: " " + marker) else { return "the edit did not open" }
            ledger.edited(id, adding: marker)
            return nil
        case .follow:
            let mine = try await me().acct
            guard var selected = user.select(down) else { return "no post selected" }
            // A user following someone picks someone else's post: down past one's own (a run writes many).
            for _ in 0..<20 where selected.shown.isBy(mine) {
                guard let next = user.selectNext() else { return "no post selected" }
                selected = next
            }
            guard !selected.shown.isBy(mine) else { return "only one's own posts in reach" }
            guard let (acct, shown, at) = user.toggleFollow() else { return "no relationship shown" }
            // One's own profile (a post's author line misread): Tern says that's you and sends nothing.
            guard acct != mine else { return "one's own profile" }
            let accountID = try await api.account(named: acct)
            ledger.press(.init(mark: .follow, id: accountID), shown: shown, at: at)
            trace("follow \(accountID) (\(acct)) was \(shown ? "on" : "off")")
            return nil
        case .vote:
            guard user.select(0) != nil else { return "no post selected" }
            guard let (id, choices, at) = user.voteInNextOpenPoll(reach: 30) else { return "no open poll in reach" }
            ledger.voted(id, choices: choices, at: at)
            trace("vote \(id) \(choices)")
            return nil
        case .like, .save, .boost:
            guard let (id, shown) = user.select(down) else { return "no post selected" }
            let (mark, key, was): (ChaosLedger.Mark, String, Bool) = switch op {
            case .like: (.like, "f", shown.liked)
            case .save: (.save, "b", shown.saved)
            default: (.boost, "B", shown.boosted)
            }
            // Pending marks show the wish, and a press on one flips the wish: the same rule.
            ledger.press(.init(mark: mark, id: id), shown: was)
            user.terminal.press(key)
            trace("\(mark) \(id) was \(was ? "on" : "off"): \(shown.footer)")
            return nil
        }
    }

    /// The user, asked of the server once a run.
    private func me() async throws -> (id: String, acct: String) {
        if let ownAccount { return ownAccount }
        let account = try await api.ownAccount()
        ownAccount = account
        return account
    }

    private func learnOwnPosts() async throws {
        for p in try await api.ownPosts(of: try await me().id, containing: "chaos-\(seed)-", pages: 2) {
            own.insert(p.id)
            ownText[p.id] = p.text
        }
        for d in ledger.deletes { own.remove(d.id) }
    }

    struct Report {
        var text: String
        var discrepancies: Int
    }

    /// Waits (up to two minutes, the longest a waiting press is left before its next try, twice) for the
    /// server to hold every last wish; then reports what still differs.
    func settle() async throws -> Report {
        let deadline = Date().addingTimeInterval(120)
        var problems: [Problem] = []
        repeat {
            problems = try await check()
            if problems.isEmpty { break }
            try await Task.sleep(for: .seconds(2))
        } while Date() < deadline
        let (faults, requests) = proxy.counts
        let syncLines = (try? String(contentsOf: syncs, encoding: .utf8))?.split(separator: "\n") ?? []
        let failedSyncs = syncLines.filter { $0.hasPrefix("failed ") }.count
        let pressed = done.values.reduce(0, +)
        let perKind = Op.allCases.map { "\($0.rawValue) \(done[$0] ?? 0)" }.joined(separator: ", ")
        let perFault = NetworkFault.allCases.map { "\($0.rawValue) \(faults[$0] ?? 0)" }.joined(separator: ", ")
        var lines = ["chaos: seed \(seed)"]
        let notMade = skipped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        lines.append("presses: \(pressed) (\(perKind)); not made: \(notMade.isEmpty ? "none" : notMade)")
        lines.append("kills: \(kills), offline stretches: \(offlineStretches), requests through the proxy: \(requests), "
                     + "posts others wrote: \(othersPosted)")
        lines.append("faults: " + perFault)
        lines.append("disk: syncs \(syncLines.count), syncs failed: \(failedSyncs); objects Tern said it undid a press on: "
                     + "\(refusals().count), posts it gave back as drafts: \(postRefusals())")
        lines.append("objects checked: \(ledger.keys.count) marks, \(ledger.sent.count) posts, \(ledger.edits.count) edits, "
                     + "\(ledger.deletes.count) deletes, \(ledger.votes.count) votes")
        let shares = (Op.allCases.map(\.rawValue) + ["kill"]).map { "\($0) " + String(format: "%.0f", spent[$0] ?? 0) }
        lines.append(String(format: "time: %.0f s (", Date().timeIntervalSince(start)) + shares.joined(separator: ", ") + " s)")
        if !logCoversTheRun() {
            problems.append(Problem("Tern's log no longer holds the start of the run (rotated twice): what it said it undid is not all known"))
        }
        lines.append("discrepancies: \(problems.count)")
        for problem in problems {
            lines.append("  " + problem.text)
            if let id = problem.id { lines += story(of: id).map { "    " + $0 } }
        }
        return Report(text: lines.joined(separator: "\n"), discrepancies: problems.count)
    }

    /// A discrepancy, and the object it is about (a status or an account), whose story follows it.
    struct Problem {
        var text: String
        var id: String?
        init(_ text: String, about id: String? = nil) { (self.text, self.id) = (text, id) }
    }

    /// What Tern's log (at debug: each wish, try and answer) and the proxy say of one object, in order,
    /// with the kills: enough to tell, from a CI run's output alone, where a press went.
    private func story(of id: String) -> [String] {
        let said = logLines().filter { $0.contains("on=\(id) ") || $0.hasSuffix("on=\(id)") }.map { line -> String in
            guard let at = ISO8601DateFormatter().date(from: String(line.prefix(20))) else { return "tern: " + line }
            return String(format: "%.0f s tern: ", at.timeIntervalSince(start)) + line.dropFirst(25)
        }
        // The kills near its presses only: a long run has hundreds.
        let pressed = ledger.presses.filter { $0.key.id == id }.flatMap(\.value).map(\.at)
        let near = ledger.kills.filter { kill in pressed.contains { abs(kill.timeIntervalSince($0)) < 30 } }
        let killed = near.isEmpty ? [] : ["kills within 30 s of its presses at "
            + near.map { String(format: "%.1f", $0.timeIntervalSince(start)) }.joined(separator: ", ") + " s"]
        return said + proxy.requests(naming: id, since: start).map { "proxy: " + $0 } + killed
    }

    /// What differs now between the server and the user's last wishes.
    private func check() async throws -> [Problem] {
        var problems: [Problem] = []
        let undone = refusals()
        let deletedOnPurpose = Set(ledger.deletes.map(\.id))
        for key in ledger.keys {
            // A post the user deleted holds no marks any more: nothing to check on it.
            if key.mark != .follow, deletedOnPurpose.contains(key.id), try await !api.exists(key.id) { continue }
            let now: Bool
            switch key.mark {
            case .follow: now = try await api.following(key.id)
            case .like: now = try await api.marks(of: key.id).favourited
            case .save: now = try await api.marks(of: key.id).bookmarked
            case .boost: now = try await api.marks(of: key.id).reblogged
            }
            let allowed = ledger.allowed(key, refusedAfter: undone[key.id])
            if !allowed.contains(now) {
                problems.append(Problem("\(key): server \(now ? "on" : "off"), asked \(ledger.presses[key]!.last!.wanted ? "on" : "off"); "
                                        + ledger.history(key, since: start), about: key.id))
            }
        }
        let me = try await self.me().id
        let own = try await api.ownPosts(of: me, containing: "chaos-\(seed)-")
        let refusedPosts = postRefusals()
        var missing: [String] = []
        for sent in ledger.sent {
            let made = own.filter { $0.text.contains(sent.marker) }
            if made.count > 1 { problems.append(Problem("\(sent.marker): \(made.count) posts (\(made.map(\.id).joined(separator: ", ")))")) }
            if made.count == 1, made[0].inReplyToID != sent.inReplyTo {
                problems.append(Problem("\(sent.marker): answers \(made[0].inReplyToID ?? "nothing"), was written to \(sent.inReplyTo ?? "nothing")"))
            }
            let deleted = ledger.deletes.contains { ownText[$0.id]?.contains(sent.marker) == true }
            if made.isEmpty && !ledger.nearKill(sent.at) && !deleted { missing.append(sent.marker) }
        }
        // Deleted: gone from the server, unless Tern said it undid the delete, or it came just before a kill.
        var gone: Set<String> = []
        for d in ledger.deletes {
            if try await !api.exists(d.id) { gone.insert(d.id); continue }
            if ledger.nearKill(d.at) || undone[d.id].map({ $0 >= d.at.addingTimeInterval(-1) }) == true { continue }
            problems.append(Problem("delete \(d.id) at \(String(format: "%.2f s", d.at.timeIntervalSince(start))): the server still has it", about: d.id))
        }
        // Edited: each post that is still there holds its last edit's words.
        var lastEdit: [String: ChaosLedger.Change] = [:]
        for e in ledger.edits { lastEdit[e.id] = e }
        for (id, e) in lastEdit.sorted(by: { $0.key < $1.key }) where !gone.contains(id) {
            guard try await api.exists(id) else { continue }
            if try await api.content(of: id).contains(e.marker!) || ledger.nearKill(e.at) { continue }
            missing.append("\(e.marker!) (an edit of \(id))")
        }
        // Voted: counted once, for what was chosen (the server refuses a second vote, so once is all it can be),
        // unless Tern said it took the vote back, or it came just before a kill.
        for v in ledger.votes {
            let now = try await api.ownVotes(on: v.id)
            if now == v.choices { continue }
            if now == nil, ledger.nearKill(v.at) || undone[v.id].map({ $0 >= v.at.addingTimeInterval(-1) }) == true { continue }
            problems.append(Problem("vote \(v.id) at \(String(format: "%.2f s", v.at.timeIntervalSince(start))): the server has "
                                    + (now.map { "\($0)" } ?? "no vote") + ", asked \(v.choices)", about: v.id))
        }
        // Tern names no post when it says one went back to the drafts: as many may be missing as it said so.
        if missing.count > refusedPosts {
            problems.append(Problem("\(missing.count) posts or edits never made (\(refusedPosts) refused, said so): " + missing.joined(separator: ", ")))
        }
        return problems
    }

    /// Statuses and accounts Tern said it undid a press on, and when it last said so.
    private func refusals() -> [String: Date] {
        var last: [String: Date] = [:]
        for line in logLines() where line.contains("action rolled back") || line.contains("could not be journaled") {
            guard let on = line.split(separator: " ").first(where: { $0.hasPrefix("on=") })?.dropFirst(3),
                  let at = ISO8601DateFormatter().date(from: String(line.prefix(20))) else { continue }
            last[String(on)] = max(last[String(on)] ?? .distantPast, at)
        }
        return last
    }

    /// Posts and edits Tern said it kept as drafts: refused by the server, or never put in the outbox.
    private func postRefusals() -> Int {
        logLines().filter { $0.contains("post refused; back to drafts") || $0.contains("it is still a draft") }.count
    }

    /// Tern's log as the harness keeps it: Tern keeps one earlier file (`tern.log.1`) when the log passes
    /// 1 MB, which a long run at debug does several times; each Tern's log is moved to the harness's copy
    /// (`tern.log.all`) after its kill, so a run keeps all of it. (Reading only `tern.log` once lost every
    /// undo said before a rotation: 52 discrepancies its own rule excuses; then a second rotation lost 70
    /// minutes of a 100-minute run.)
    private func logLines() -> [Substring] {
        let rotated = URL(fileURLWithPath: log.path + ".1")
        return [archive, rotated, log].flatMap { url -> [Substring] in
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
            return text.split(separator: "\n")
        }
    }

    /// The harness's copy of the logs of the Terns it killed.
    private var archive: URL { URL(fileURLWithPath: log.path + ".all") }

    /// Moves the log of a Tern that was killed to the harness's copy, the rotated part first.
    private func archiveLog() throws {
        let rotated = URL(fileURLWithPath: log.path + ".1")
        var text = Data()
        for url in [rotated, log] where FileManager.default.fileExists(atPath: url.path) {
            text += try Data(contentsOf: url)
            try FileManager.default.removeItem(at: url)
        }
        guard !text.isEmpty else { return }
        if !FileManager.default.fileExists(atPath: archive.path) { FileManager.default.createFile(atPath: archive.path, contents: nil) }
        let handle = try FileHandle(forWritingTo: archive)
        defer { try? handle.close() }  // written already; a close that fails loses nothing
        try handle.seekToEnd()
        try handle.write(contentsOf: text)
    }

    /// Whether Tern's log still holds the whole run: its oldest line is Tern's first start, within the 30 s
    /// the harness gives it to come up. When a second rotation dropped the start, what Tern said it undid
    /// is not all known, and the check can't be trusted.
    func logCoversTheRun() -> Bool {
        guard let first = logLines().first, first.contains("tern: started"),
              let at = ISO8601DateFormatter().date(from: String(first.prefix(20))) else { return false }
        return at <= start.addingTimeInterval(30)
    }
}
