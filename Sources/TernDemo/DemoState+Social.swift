import Foundation

/// Threads, notifications, relationships and markers of the demo instance.
extension DemoState {
    /// What a post answers (oldest first) and every reply under it, depth first, siblings oldest first.
    func context(of id: UInt64) -> (ancestors: [DemoPost], descendants: [DemoPost])? {
        guard let post = post(id: id) else { return nil }
        var ancestors: [DemoPost] = []
        var cursor = post.inReplyTo?.id
        while let c = cursor, let parent = self.post(id: c), ancestors.count < 100 {
            ancestors.insert(parent, at: 0)
            cursor = parent.inReplyTo?.id
        }
        var descendants: [DemoPost] = []
        func walk(_ id: UInt64) {
            for child in (childrenOf[id] ?? []).sorted() {
                guard let p = self.post(id: child), descendants.count < 4_000 else { continue }
                descendants.append(p)
                walk(child)
            }
        }
        walk(post.id)
        return (ancestors, descendants)
    }

    // MARK: Notifications

    /// Notifications below `maxID`, newest first, optionally only of some types.
    private func notifications(below maxID: UInt64?, types: Set<String>) -> [DemoNotification] {
        notifications.reversed().filter { n in
            (maxID.map { n.id < $0 } ?? true) && (types.isEmpty || types.contains(n.type))
        }
    }

    /// `/api/v1/notifications`: single notifications, `group_key` included unless the server is too old.
    func notificationPage(maxID: UInt64?, types: Set<String>, limit: Int, base: String) -> [WireNotification] {
        notifications(below: maxID, types: types).prefix(max(1, min(80, limit))).map { n in
            WireNotification(id: wireNotificationID(n.id), type: n.type, createdAt: Self.iso8601(n.createdAt),
                             groupKey: config.quirks.contains(.ungroupedNotifications) ? nil : n.groupKey,
                             account: wireAccount(n.account, base: base), status: n.statusID.flatMap { post(id: $0) }.map { wire($0, base: base) })
        }
    }

    /// `/api/v2/notifications`: up to `limit` groups from the notifications below `maxID`, each with the
    /// accounts and statuses it names listed once beside the groups.
    func groupedPage(maxID: UInt64?, types: Set<String>, limit: Int, base: String) -> WireGroupedNotifications {
        var order: [String] = []
        var members: [String: [DemoNotification]] = [:]
        for n in notifications(below: maxID, types: types) {
            if members[n.groupKey] == nil {
                guard order.count < max(1, min(80, limit)) else { break }
                order.append(n.groupKey)
            }
            members[n.groupKey, default: []].append(n)
        }
        var accountIndexes: [Int] = []
        var statusIDs: [UInt64] = []
        let groups = order.map { key -> WireNotificationGroup in
            let page = members[key]!
            let all = notifications.filter { $0.groupKey == key }
            var sample: [Int] = []
            for n in all.reversed() where !sample.contains(n.account) && sample.count < 8 { sample.append(n.account) }
            for a in sample where !accountIndexes.contains(a) { accountIndexes.append(a) }
            let status = page[0].statusID.flatMap { post(id: $0) != nil ? $0 : nil }
            if let status, !statusIDs.contains(status) { statusIDs.append(status) }
            return WireNotificationGroup(
                groupKey: key, notificationsCount: all.count, type: page[0].type,
                mostRecentNotificationId: wireNotificationID(all.last!.id),
                pageMinId: wireNotificationID(page.last!.id), pageMaxId: wireNotificationID(page[0].id),
                latestPageNotificationAt: Self.iso8601(page[0].createdAt),
                sampleAccountIds: sample.map { world.accounts[$0].id }, statusId: status.map(wireID))
        }
        return WireGroupedNotifications(accounts: accountIndexes.map { wireAccount($0, base: base) },
                                        statuses: statusIDs.compactMap { post(id: $0) }.map { wire($0, base: base) },
                                        notificationGroups: groups)
    }

    nonisolated func wireNotificationID(_ n: UInt64) -> String { wireID(n) }

    func setMarker(_ timeline: String, _ id: UInt64) {
        if timeline == "home" { homeMarker = id } else if timeline == "notifications" { notificationsMarker = id } else { return }
        markerVersion += 1
    }

    func marker(_ timeline: String) -> UInt64? {
        timeline == "home" ? homeMarker : timeline == "notifications" ? notificationsMarker : nil
    }

    // MARK: Relationships

    func relationship(_ index: Int) -> WireRelationship {
        var r = WireRelationship(id: world.accounts[index].id, following: following.contains(index),
                                 followedBy: index % 3 == 0 || acceptedFollowers.contains(index), requested: requested.contains(index))
        r.muting = muted[index].map { until in until.map { $0 > Date() } ?? true } ?? false
        r.blocking = blocked.contains(index)
        r.requestedBy = followRequests.contains(index)
        return r
    }

    /// The accounts muted (whose mute has not run out) or blocked, as `/api/v1/mutes` and `/api/v1/blocks` list them.
    func silencedAccounts(blocks: Bool, base: String) -> [WireAccount] {
        let indices = blocks ? blocked.sorted()
            : muted.filter { _, until in until.map { $0 > Date() } ?? true }.keys.sorted()
        return indices.map { wireAccount($0, base: base) }
    }

    /// A muted or blocked account's posts and boosts leave the timelines (not its own profile).
    func silenced(_ p: DemoPost, in selection: Selection) -> Bool {
        if case .author(let a, _, _) = selection, a == p.authorIndex { return false }
        func gone(_ i: Int) -> Bool {
            blocked.contains(i) || muted[i].map { until in until.map { $0 > Date() } ?? true } ?? false
        }
        return gone(p.authorIndex) || (p.boostOf.flatMap { post(id: $0) }.map { gone($0.authorIndex) } ?? false)
    }

    /// Mutes (for `seconds`, or for good), blocks, or lifts either; logged as "mute 1234" for tests.
    func setRelation(_ verb: String, index: Int, seconds: Int?) -> WireRelationship {
        switch verb {
        case "mute": muted[index] = .some(seconds.flatMap { $0 > 0 ? Date().addingTimeInterval(Double($0)) : nil })
        case "unmute": muted[index] = nil
        case "block":
            blocked.insert(index)
            // Blocking ends a follow, both ways, as on Mastodon.
            following.remove(index)
            requested.remove(index)
        case "unblock": blocked.remove(index)
        default: break
        }
        actionLog.append("\(verb) \(world.accounts[index].id)")
        return relationship(index)
    }

    /// The filters a post matches, as Mastodon writes them into the status.
    func filterResults(_ post: DemoPost) -> [WireFilterResult] {
        let text = post.html.lowercased()
        return filters.compactMap { f in
            if let end = f.expiresAt, end <= Date() { return nil }
            let matched = f.keywords.map(\.word).filter { text.contains($0.lowercased()) }
            guard !matched.isEmpty else { return nil }
            return WireFilterResult(filter: wireFilter(f), keywordMatches: matched, statusMatches: nil)
        }
    }

    func wireFilter(_ f: DemoFilter) -> WireFilter {
        WireFilter(id: "\(f.id)", title: f.title, context: f.contexts, expiresAt: f.expiresAt.map(Self.iso8601),
                   filterAction: f.action, keywords: f.keywords.map { .init(id: "\($0.id)", keyword: $0.word, wholeWord: false) })
    }

    /// Takes a filter in, with ids for it and its words.
    @discardableResult
    func addFilter(_ f: DemoFilter) -> DemoFilter {
        var f = f
        nextFilterID += 1
        f.id = nextFilterID
        f.keywords = f.keywords.map { _ in nextFilterID += 1; return nextFilterID }.enumerated().map { ($0.element, f.keywords[$0.offset].word) }
        filters.append(f)
        return f
    }

    /// Follows or unfollows; locked accounts (every eleventh) get a request instead of a follow.
    func setFollowing(_ follow: Bool, index: Int) -> WireRelationship {
        if follow {
            if index % 11 == 5 { requested.insert(index) } else { following.insert(index) }
        } else {
            following.remove(index)
            requested.remove(index)
        }
        return relationship(index)
    }

    /// The account as its profile shows it: with a bio, fields (one verified) and counts.
    func wireProfile(_ index: Int, base: String) -> WireAccount {
        var a = wireAccount(index, base: base)
        let user = world.accounts[index]
        a.locked = index % 11 == 5
        a.bot = index % 13 == 7
        a.note = shown("<p>Demo account number \(index). Writes about <a href=\"\(base)/tags/photography\" class=\"mention hashtag\">#<span>photography</span></a> "
                       + "and the weather.</p><p>Second paragraph of the bio.</p>", salt: index + 4)
        a.fields = [
            WireField(name: "Website", value: "<a href=\"https://\(user.username).example\" rel=\"me\">\(user.username).example</a>",
                      verifiedAt: index % 2 == 0 ? "2024-05-01T00:00:00.000Z" : nil),
            WireField(name: shown("Pronouns", salt: index + 5), value: "they/them", verifiedAt: nil),
        ]
        return a
    }
}
