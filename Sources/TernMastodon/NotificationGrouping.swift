import Foundation
import TernModel

/// Turns either notifications API into the reader's groups. Grouped servers (`/api/v2/notifications`)
/// are taken at their word; for the others, likes and boosts of one post, and follows, on the same day
/// are put together the way Mastodon groups them, and everything else stands alone.
enum NotificationGrouping {
    static func groups(_ wire: GroupedNotificationsWire) throws(MastodonError) -> [NotificationGroup] {
        let accounts = Dictionary(wire.accounts.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let statuses = Dictionary(wire.statuses.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return try wire.groups.map { g throws(MastodonError) in
            let sample = g.sampleAccountIDs.compactMap { accounts[$0] }.map { PostMapping.account($0) }
            return NotificationGroup(
                id: g.key, kind: NotificationKind(wire: g.type), accounts: sample, count: g.count, newestID: g.newestID,
                oldestID: g.oldestID ?? g.newestID, latestAt: g.latestAt ?? Date(timeIntervalSince1970: 0),
                post: try g.statusID.flatMap { statuses[$0] }.map(PostMapping.post))
        }
    }

    /// Groups a page of single notifications, keeping the order of each group's newest member.
    static func groups(_ notifications: [NotificationWire]) throws(MastodonError) -> [NotificationGroup] {
        var order: [String] = []
        var byKey: [String: NotificationGroup] = [:]
        for n in notifications {
            let kind = NotificationKind(wire: n.type)
            let key = localKey(n, kind)
            let account = n.account.map { PostMapping.account($0) }
            if var g = byKey[key] {
                if let account, !g.accounts.contains(where: { $0.id == account.id }), g.accounts.count < 8 {
                    g.accounts.append(account)
                }
                g.count += 1
                if ServerID.isNewer(g.oldestID, than: n.id) { g.oldestID = n.id }
                byKey[key] = g
            } else {
                order.append(key)
                byKey[key] = NotificationGroup(id: key, kind: kind, accounts: account.map { [$0] } ?? [], count: 1,
                                               newestID: n.id, oldestID: n.id,
                                               latestAt: n.createdAt ?? Date(timeIntervalSince1970: 0),
                                               post: try n.status.map(PostMapping.post))
            }
        }
        return order.compactMap { byKey[$0] }
    }

    private static func localKey(_ n: NotificationWire, _ kind: NotificationKind) -> String {
        // A server's own group key is used when it has one that groups (Mastodon 4.3+ sends them in v1 too).
        if let key = n.groupKey, !key.isEmpty, !key.hasPrefix("ungrouped-") { return key }
        let day = Int((n.createdAt ?? Date(timeIntervalSince1970: 0)).timeIntervalSince1970 / 86_400)
        switch kind {
        case .favourite, .reblog:
            if let status = n.status { return "\(n.type)-\(status.id)-\(day)" }
        case .follow:
            return "follow-\(day)"
        default: break
        }
        return "ungrouped-\(n.id)"
    }
}

extension MastodonDecoder {
    /// A notifications body of either API: grouped (`{"notification_groups": …}`) or a plain array.
    package static func notifications(fromJSON data: Data, origin: WireOrigin? = nil) throws -> (groups: [NotificationGroup], skipped: Int) {
        // An object is the grouped API's answer, and what is wrong with it is said of it: reading it as the
        // plain list too would only say that it is not a list.
        if startsWith("{", data) {
            let grouped = try decode(GroupedNotificationsWire.self, data, origin)
            return (try NotificationGrouping.groups(grouped), grouped.skipped)
        }
        let list = try decode(LossyArray<NotificationWire>.self, data, origin)
        return (try NotificationGrouping.groups(list.elements), list.skipped)
    }

    /// A thread around a status: what it answers (oldest first) and the replies under it.
    package static func context(fromJSON data: Data, origin: WireOrigin? = nil) throws -> (ancestors: [Post], descendants: [Post]) {
        let wire = try decode(ContextWire.self, data, origin)
        return (try wire.ancestors.map(PostMapping.post), try wire.descendants.map(PostMapping.post))
    }

    package static func profile(fromJSON data: Data, origin: WireOrigin? = nil) throws -> Profile {
        try decode(ProfileWire.self, data, origin).profile()
    }

    /// A relationship, alone or as the one element of the array `accounts/relationships` answers with.
    package static func relationship(fromJSON data: Data, origin: WireOrigin? = nil) throws -> Relationship {
        if startsWith("[", data) {
            let list = try decode(LossyArray<RelationshipWire>.self, data, origin)
            guard let first = list.elements.first else { throw MastodonError.invalidResponse("no relationship in the answer") }
            return first.relationship
        }
        return try decode(RelationshipWire.self, data, origin).relationship
    }
}
