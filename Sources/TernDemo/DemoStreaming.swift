import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// The streaming API over WebSocket, its health check and the instance description that names it, and
/// `/demo/…` endpoints that make things happen for tests.
extension DemoRoutes {
    func registerStreaming(on router: Router<BasicRequestContext>) {
        router.get("/api/v1/streaming/health") { _, _ in
            guard config.streaming, !config.quirks.contains(.noStreamingHealth) else { return error(.notFound, "Not found") }
            return Response(status: .ok, headers: [.contentType: "text/plain"], body: .init(byteBuffer: ByteBuffer(string: "OK")))
        }
        router.get("/api/v2/instance") { _, _ in
            let b = await base.value
            let streaming = config.advertisedStreamingURL ?? b.replacingOccurrences(of: "http://", with: "ws://")
            let c = config
            // API version 7 (Mastodon 4.5) has quote policies; an imitated server without them says no version.
            let versions: [String: Int] = c.quirks.contains(.noQuotePolicies) ? [:] : ["mastodon": 7]
            return try json(["domain": AnyEncodable(DemoServer.contentHost), "version": AnyEncodable("4.3.0 (compatible; \(c.imitated ?? "Tern") demo)"),
                             "api_versions": AnyEncodable(versions),
                             "configuration": AnyEncodable([
                                "urls": AnyEncodable(["streaming": streaming]),
                                "statuses": AnyEncodable(["max_characters": c.maxCharacters, "max_media_attachments": c.maxMediaAttachments,
                                                          "characters_reserved_per_url": 23]),
                                "media_attachments": AnyEncodable([
                                    "supported_mime_types": AnyEncodable(["image/jpeg", "image/png", "image/gif", "image/webp"]),
                                    "image_size_limit": AnyEncodable(c.imageSizeLimit), "description_limit": AnyEncodable(1_500)]),
                                "polls": AnyEncodable(["max_options": 4, "max_characters_per_option": 50])])])
        }
        router.post("/demo/edit") { _, _ in
            await state.editNewest()
            return Response(status: .noContent)
        }
        router.post("/demo/delete") { _, _ in
            await state.deleteNewest()
            return Response(status: .noContent)
        }
        router.post("/demo/notify") { _, _ in
            await state.notifyFollow()
            return Response(status: .noContent)
        }
        router.get("/demo/stream-subscriptions") { _, _ in
            let count = await state.listeners.values.map(\.streams.count).reduce(0, +)
            return Response(status: .ok, headers: [.contentType: "text/plain"], body: .init(byteBuffer: ByteBuffer(string: "\(count)")))
        }
        router.post("/demo/drop-stream") { _, _ in
            await state.dropListeners()
            return Response(status: .noContent)
        }
    }

    /// Whether a request is a streaming connection the demo takes, and what serves it.
    func upgrade(_ request: HTTPRequest) async -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        guard config.streaming, let path = request.path, path.hasPrefix("/api/v1/streaming"), !path.hasPrefix("/api/v1/streaming/health") else {
            return .dontUpgrade
        }
        // Where the token came: `Sec-WebSocket-Protocol` (which servers echo), the query, or `Authorization`.
        let offered = request.headerFields[.secWebSocketProtocol]
        let query = URLComponents(string: path)?.queryItems?.first { $0.name == "access_token" }?.value
        let bearer = request.headerFields[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        let (token, place) = offered.map { ($0, "protocol") } ?? query.map { ($0, "query") } ?? bearer.map { ($0, "header") } ?? (nil, "none")
        await state.noteStreamToken(place)
        if config.streamingTokenInQueryOnly, query == nil { return .dontUpgrade }
        if !config.acceptAnyToken {
            guard await state.isValid(token: token) else { return .dontUpgrade }
        }
        let state = self.state
        var answer = HTTPFields()
        if let offered { answer[.secWebSocketProtocol] = offered }
        return .upgrade(answer) { inbound, outbound, _ in
            let (events, continuation) = AsyncStream.makeStream(of: String.self)
            let id = await state.addListener(continuation)
            defer { Task { await state.removeListener(id) } }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await event in events { try await outbound.write(.text(event)) }
                }
                group.addTask {
                    for try await message in inbound.messages(maxSize: 1 << 16) {
                        if case .text(let text) = message { await state.listen(id, message: text) }
                    }
                }
                // Either side ending (a drop, or the client leaving) ends the connection.
                try await group.next()
                group.cancelAll()
            }
        }
    }
}

/// Any encodable value, for JSON of mixed shapes.
struct AnyEncodable: Encodable {
    private let encode: (Encoder) throws -> Void
    init<T: Encodable>(_ value: T) { encode = value.encode }
    func encode(to encoder: Encoder) throws { try encode(encoder) }
}
