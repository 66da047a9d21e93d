import Foundation
import TernModel

// Wire types of threads, profiles, relationships, notifications and markers. As tolerant as the status
// types: a missing or odd field costs that field, never the entity.

struct ContextWire: Decodable {
    var ancestors: [StatusWire]
    var descendants: [StatusWire]
    var skipped: Int

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let a: LossyArray<StatusWire>? = c.lenient(AnyKey("ancestors"))
        let d: LossyArray<StatusWire>? = c.lenient(AnyKey("descendants"))
        ancestors = a?.elements ?? []
        descendants = d?.elements ?? []
        skipped = (a?.skipped ?? 0) + (d?.skipped ?? 0)
    }
}

/// An account with everything its profile shows.
struct ProfileWire: Decodable {
    var account: AccountWire
    var note: String
    var fields: [FieldWire]
    var followers: Int
    var following: Int
    var posts: Int
    var createdAt: Date?
    var locked: Bool
    var bot: Bool

    struct FieldWire: Decodable {
        var name: String
        var value: String
        var verified: Bool

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            name = c.lenient(AnyKey("name")) ?? ""
            value = c.lenient(AnyKey("value")) ?? ""
            verified = (c.lenient(AnyKey("verified_at")) as String?) != nil
        }
    }

    init(from decoder: Decoder) throws {
        account = try AccountWire(from: decoder)
        let c = try decoder.container(keyedBy: AnyKey.self)
        note = c.lenient(AnyKey("note")) ?? ""
        fields = (c.lenient(AnyKey("fields")) as LossyArray<FieldWire>?)?.elements ?? []
        followers = c.count(AnyKey("followers_count"))
        following = c.count(AnyKey("following_count"))
        posts = c.count(AnyKey("statuses_count"))
        createdAt = c.date(AnyKey("created_at"))
        locked = c.lenient(AnyKey("locked")) ?? false
        bot = c.lenient(AnyKey("bot")) ?? false
    }

    func profile() throws(MastodonError) -> Profile {
        try Profile(account: PostMapping.account(account), note: HTMLText.styledText(fromHTML: note),
                fields: fields.map { f throws(MastodonError) in
                    Profile.Field(name: f.name, value: try HTMLText.styledText(fromHTML: f.value), verified: f.verified)
                },
                followers: followers, following: following, posts: posts, createdAt: createdAt, locked: locked, bot: bot)
    }
}

struct RelationshipWire: Decodable {
    var id: String?
    var following: Bool
    var followedBy: Bool
    var requested: Bool
    var muting: Bool
    var blocking: Bool
    var requestedBy: Bool

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        id = c.idString(AnyKey("id"))
        following = c.lenient(AnyKey("following")) ?? false
        followedBy = c.lenient(AnyKey("followed_by")) ?? false
        requested = c.lenient(AnyKey("requested")) ?? false
        muting = c.lenient(AnyKey("muting")) ?? false
        blocking = c.lenient(AnyKey("blocking")) ?? false
        requestedBy = c.lenient(AnyKey("requested_by")) ?? false
    }

    var relationship: Relationship {
        Relationship(following: following, followedBy: followedBy, requested: requested, muting: muting, blocking: blocking,
                     requestedBy: requestedBy)
    }
}

/// One notification of `/api/v1/notifications`.
struct NotificationWire: Decodable {
    var id: String
    var type: String
    var createdAt: Date?
    var groupKey: String?
    var account: AccountWire?
    var status: StatusWire?

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.idString(AnyKey("id")) else {
            throw DecodingError.keyNotFound(AnyKey("id"), .init(codingPath: c.codingPath, debugDescription: "notification without id"))
        }
        // A notification is never read as anything else: without its type it is not one.
        guard let type: String = c.lenient(AnyKey("type")) else {
            throw DecodingError.keyNotFound(AnyKey("type"), .init(codingPath: c.codingPath, debugDescription: "notification without type"))
        }
        self.id = id
        self.type = type
        createdAt = c.date(AnyKey("created_at"))
        groupKey = c.lenient(AnyKey("group_key"))
        account = c.lenient(AnyKey("account"))
        status = c.lenient(AnyKey("status"))
    }
}

/// `/api/v2/notifications`: groups that refer to accounts and statuses sent once beside them.
struct GroupedNotificationsWire: Decodable {
    struct Group: Decodable {
        var key: String
        var type: String
        var count: Int
        var newestID: String
        var oldestID: String?
        var latestAt: Date?
        var sampleAccountIDs: [String]
        var statusID: String?

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            guard let key: String = c.lenient(AnyKey("group_key")), let type: String = c.lenient(AnyKey("type")),
                  let newest = c.idString(AnyKey("most_recent_notification_id")) else {
                throw DecodingError.keyNotFound(AnyKey("group_key"), .init(codingPath: c.codingPath, debugDescription: "incomplete group"))
            }
            self.key = key
            self.type = type
            newestID = newest
            count = c.count(AnyKey("notifications_count"))
            oldestID = c.idString(AnyKey("page_min_id"))
            latestAt = c.date(AnyKey("latest_page_notification_at"))
            sampleAccountIDs = c.lenient(AnyKey("sample_account_ids")) ?? []
            statusID = c.idString(AnyKey("status_id"))
        }
    }

    var groups: [Group]
    var accounts: [AccountWire]
    var statuses: [StatusWire]
    var skipped: Int

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let groups: LossyArray<Group> = c.lenient(AnyKey("notification_groups")) else {
            throw DecodingError.keyNotFound(AnyKey("notification_groups"),
                                            .init(codingPath: c.codingPath, debugDescription: "not grouped notifications"))
        }
        self.groups = groups.elements
        skipped = groups.skipped
        accounts = (c.lenient(AnyKey("accounts")) as LossyArray<AccountWire>?)?.elements ?? []
        statuses = (c.lenient(AnyKey("statuses")) as LossyArray<StatusWire>?)?.elements ?? []
    }
}

/// `GET /api/v1/markers`: `{"home": {"last_read_id": …}, "notifications": {…}}`, or `{}` before any was saved.
struct MarkersWire: Decodable {
    var lastRead: [String: String] = [:]

    private struct Marker: Decodable {
        var lastReadID: String?
        init(from decoder: Decoder) throws {
            lastReadID = try decoder.container(keyedBy: AnyKey.self).idString(AnyKey("last_read_id"))
        }
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        for key in c.allKeys {
            if let id = (c.lenient(key) as Marker?)?.lastReadID { lastRead[key.stringValue] = id }
        }
    }
}
