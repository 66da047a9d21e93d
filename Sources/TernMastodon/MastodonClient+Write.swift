import Foundation
import NIOHTTP1
import TernModel

/// A picture or video the server has taken; `ready` once it finished processing (its URL is known).
package struct UploadedMedia: Sendable, Equatable {
    package var id: String
    package var ready: Bool
    package var description: String?
}

/// A post's text as its author wrote it (not the HTML the server made of it), for editing.
package struct StatusSource: Sendable, Equatable {
    package var text: String
    package var spoiler: String
}

/// Writing: posts, edits, deletions, media, and what the server accepts.
extension MastodonClient {
    /// What the server accepts in a post: `/api/v2/instance`, else v1's `configuration` or Pleroma's
    /// and Akkoma's `max_toot_chars`.
    package func postingLimits() async throws -> PostingLimits {
        do {
            let (data, _) = try await send(url: endpoint("/api/v2/instance"), method: .GET)
            return try InstanceWire.limits(fromJSON: data)
        } catch MastodonError.http(status: 404, _) {
            let (data, _) = try await send(url: endpoint("/api/v1/instance"), method: .GET)
            return try InstanceWire.limits(fromJSON: data)
        }
    }

    /// Publishes a draft (`mediaIDs` are its uploaded attachments, in order). The same `idempotencyKey`
    /// sent twice makes one post: the server answers a repeat with the post it already made.
    package func publish(_ draft: Draft, mediaIDs: [String], idempotencyKey: String) async throws -> Post {
        var form = Self.form(for: draft, mediaIDs: mediaIDs)
        form.append(("visibility", draft.visibility.rawValue))
        if let reply = draft.inReplyToID { form.append(("in_reply_to_id", reply)) }
        if let quoted = draft.quotedStatusID {
            // Mastodon 4.5's name, and the older one of Akkoma, Pleroma and Fedibird: each server reads its own.
            form.append(("quoted_status_id", quoted))
            form.append(("quote_id", quoted))
        }
        if let policy = draft.quotePolicy { form.append(("quote_approval_policy", policy.rawValue)) }
        let (data, _) = try await send(url: endpoint("/api/v1/statuses"), method: .POST, form: form,
                                       headers: [("Idempotency-Key", idempotencyKey)])
        return try MastodonDecoder.post(fromJSON: data, origin: origin)
    }

    /// Replaces a post's text, warning, media and poll (`PUT /api/v1/statuses/:id`); the server keeps
    /// the earlier version in the post's history.
    package func edit(statusID: String, to draft: Draft, mediaIDs: [String]) async throws -> Post {
        var form = Self.form(for: draft, mediaIDs: mediaIDs)
        for (id, a) in zip(mediaIDs, draft.attachments) {
            form.append(("media_attributes[][id]", id))
            form.append(("media_attributes[][description]", a.description))
        }
        let (data, _) = try await send(url: endpoint("/api/v1/statuses/\(Self.escaped(statusID))"), method: .PUT, form: form)
        return try MastodonDecoder.post(fromJSON: data, origin: origin)
    }

    static func form(for draft: Draft, mediaIDs: [String]) -> [(String, String)] {
        var form: [(String, String)] = [("status", draft.text)]
        if !draft.spoiler.isEmpty { form.append(("spoiler_text", draft.spoiler)) }
        if draft.sensitive || !draft.spoiler.isEmpty { form.append(("sensitive", "true")) }
        if let language = draft.language, !language.isEmpty { form.append(("language", language)) }
        for id in mediaIDs { form.append(("media_ids[]", id)) }
        // With pictures too, the server says no (the compose screen says it first): never dropped here.
        if let poll = draft.poll {
            for option in poll.options where !option.isEmpty { form.append(("poll[options][]", option)) }
            form.append(("poll[expires_in]", String(poll.expiresIn)))
            if poll.multiple { form.append(("poll[multiple]", "true")) }
        }
        return form
    }

    /// The text of one's own post as written, for editing it.
    package func source(statusID: String) async throws -> StatusSource {
        let (data, _) = try await send(url: endpoint("/api/v1/statuses/\(Self.escaped(statusID))/source"), method: .GET)
        struct Wire: Decodable {
            var text: String?
            var spoilerText: String?
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            let w = try decoder.decode(Wire.self, from: data)
            return StatusSource(text: w.text ?? "", spoiler: w.spoilerText ?? "")
        } catch { throw MastodonError.invalidResponse(MastodonDecoder.describe(error, data)) }
    }

    /// Deletes one's own post.
    package func delete(statusID: String) async throws {
        _ = try await send(url: endpoint("/api/v1/statuses/\(Self.escaped(statusID))"), method: .DELETE)
    }

    /// Uploads a file (`/api/v2/media`, which may answer 202 while the server still processes it; servers
    /// without it get `/api/v1/media`).
    package func upload(_ data: Data, filename: String, mimeType: String, description: String) async throws -> UploadedMedia {
        var form = MultipartForm()
        if !description.isEmpty { form.fields.append(("description", description)) }
        form.file = .init(field: "file", filename: filename, mimeType: mimeType, data: data)
        // A slow uplink over ssh: at least 15 s, and as long as 64 KB/s would take.
        let deadline = Duration.seconds(max(15, data.count / 65_536))
        do {
            let (body, _) = try await send(url: endpoint("/api/v2/media"), method: .POST, body: .multipart(form), deadline: deadline)
            return try Self.media(fromJSON: body, origin: origin)
        } catch MastodonError.http(status: 404, _) {
            let (body, _) = try await send(url: endpoint("/api/v1/media"), method: .POST, body: .multipart(form), deadline: deadline)
            return try Self.media(fromJSON: body, origin: origin)
        }
    }

    /// An upload as the server has it now (206 and no URL while it is processing).
    package func media(id: String) async throws -> UploadedMedia {
        let (data, _) = try await send(url: endpoint("/api/v1/media/\(Self.escaped(id))"), method: .GET)
        return try Self.media(fromJSON: data, origin: origin)
    }

    package static func media(fromJSON data: Data, origin: WireOrigin? = nil) throws -> UploadedMedia {
        let wire = try MastodonDecoder.decode(MediaWire.self, data, origin)
        return UploadedMedia(id: wire.id, ready: wire.url != nil, description: wire.description)
    }
}

extension MastodonDecoder {
    /// What an instance description (v2, v1, or Pleroma's) says a post may hold.
    package static func postingLimits(fromJSON data: Data) throws -> PostingLimits { try InstanceWire.limits(fromJSON: data) }
}

/// The parts of an instance description that limit posts.
enum InstanceWire {
    /// The name in "4.3.0 (compatible; GoToSocial 0.17)", as servers imitating Mastodon's API write their
    /// version; nil for a bare version (Mastodon's own).
    static func software(fromVersion version: String) -> String? {
        guard let start = version.range(of: "(compatible; ")?.upperBound else { return nil }
        let name = version[start...].prefix { $0 != ")" && $0 != " " }
        return name.isEmpty ? nil : String(name)
    }

    static func limits(fromJSON data: Data) throws -> PostingLimits {
        // Broken JSON and JSON of another shape (a changed API) are told apart.
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: data) } catch {
            throw MastodonError.invalidResponse(MastodonDecoder.describe(
                DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not JSON", underlyingError: error)), data))
        }
        guard let object = parsed as? [String: Any] else {
            throw MastodonError.invalidResponse("JSON of an unexpected shape (\(data.count) bytes): not a JSON object")
        }
        func int(_ value: Any?) -> Int? { (value as? NSNumber)?.intValue ?? (value as? String).flatMap { Int($0) } }
        var limits = PostingLimits()
        let configuration = object["configuration"] as? [String: Any]
        let statuses = configuration?["statuses"] as? [String: Any]
        let media = configuration?["media_attachments"] as? [String: Any]
        let polls = configuration?["polls"] as? [String: Any] ?? object["poll_limits"] as? [String: Any]
        if let n = int(statuses?["max_characters"]) ?? int(object["max_toot_chars"]), n > 0 { limits.maxCharacters = n }
        if let n = int(statuses?["characters_reserved_per_url"]), n >= 0 { limits.charactersReservedPerURL = n }
        if let n = int(statuses?["max_media_attachments"]), n >= 0 { limits.maxMediaAttachments = n }
        if let n = int(media?["image_size_limit"]) ?? int(object["upload_limit"]), n > 0 { limits.imageSizeLimit = n }
        if let n = int(media?["video_size_limit"]) ?? int(object["upload_limit"]), n > 0 { limits.videoSizeLimit = n }
        if let n = int(media?["description_limit"]) ?? int(object["description_limit"]), n > 0 { limits.descriptionLimit = n }
        let types = media?["supported_mime_types"] as? [String] ?? []
        limits.supportedMimeTypes = types.contains("application/octet-stream") ? [] : types
        if let n = int(polls?["max_options"]) { limits.pollMaxOptions = max(0, n) }
        // Quote policies came with Mastodon's API version 7; Akkoma, GoToSocial and older Mastodon say none.
        limits.quotePolicies = (int((object["api_versions"] as? [String: Any])?["mastodon"]) ?? 0) >= 7
        limits.software = (object["version"] as? String).flatMap(software(fromVersion:))
        if let n = int(polls?["max_characters_per_option"]) ?? int(polls?["max_option_chars"]), n > 0 {
            limits.pollMaxCharactersPerOption = n
        }
        return limits
    }
}

/// A file's type from its first bytes, for uploads: the name may lie, the bytes don't.
package enum MediaSniffer {
    package static func mimeType(of data: Data) -> String? {
        let b = [UInt8](data.prefix(16))
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + bytes.count && Array(b[offset..<(offset + bytes.count)]) == bytes
        }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if starts(Array("GIF8".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if starts(Array("RIFF".utf8)), starts(Array("WAVE".utf8), at: 8) { return "audio/wav" }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return "video/webm" }
        if starts(Array("OggS".utf8)) { return "audio/ogg" }
        if starts(Array("ID3".utf8)) || starts([0xFF, 0xFB]) { return "audio/mpeg" }
        if starts(Array("ftyp".utf8), at: 4) {
            let brand = String(decoding: b[8..<min(12, b.count)], as: UTF8.self)
            switch brand {
            case "avif": return "image/avif"
            case "heic", "heix", "mif1": return "image/heic"
            case "qt  ": return "video/quicktime"
            default: return "video/mp4"
            }
        }
        return nil
    }
}

extension MastodonClient {
    /// What the server says it runs (the instance description's `version`, v2's else v1's), and whether its
    /// streaming health check answers: nil where there is none (GoToSocial streams without one). For `tern doctor`.
    package func software() async throws -> (version: String, streamingHealthy: Bool?) {
        let data: Data
        do {
            (data, _) = try await send(url: endpoint("/api/v2/instance"), method: .GET)
        } catch MastodonError.http(status: 404, _) {
            (data, _) = try await send(url: endpoint("/api/v1/instance"), method: .GET)
        }
        struct Instance: Decodable { var version: String? }
        let version: String
        do { version = try MastodonDecoder.decode(Instance.self, data, origin).version ?? "not said" } catch { version = "unreadable (\(error))" }
        let healthy: Bool?
        do {
            _ = try await send(url: endpoint("/api/v1/streaming/health"), method: .GET)
            healthy = true
        } catch MastodonError.http(status: 404, _) {
            healthy = nil
        } catch {
            healthy = false
        }
        return (version, healthy)
    }
}
