import Foundation
import HTTPTypes
import Logging
import TernHTTP
import WSClient

/// Where a streaming connection carries the token.
package enum StreamingToken: Sendable, Equatable {
    /// `Authorization` and `Sec-WebSocket-Protocol`, which Mastodon, GoToSocial and Akkoma read: the
    /// token stays out of the address, which proxies and server logs keep.
    case headers
    /// `Authorization` and the `access_token` query parameter, for a server that refused the upgrade
    /// without it (or refused the unknown protocol).
    case query
}

extension MastodonClient {
    /// Whether a streaming connection failed because the server answered and would not upgrade (no
    /// streaming there, or not with this token), rather than because it could not be reached.
    package static func streamingRefused(_ error: Error) -> Bool {
        (error as? WebSocketClientError) == .webSocketUpgradeFailed
    }

    static let pingEvery: Duration = .seconds(10)

    /// One streaming connection: connects to `url` (`ws://` or `wss://`, the path added here), writes
    /// every message `outbound` yields (subscribe, unsubscribe), and hands each text message to
    /// `received`. Returns when the server closes the connection; throws when it can't be made or breaks
    /// (`WebSocketClientError.webSocketUpgradeFailed` when the server answered but would not stream).
    package func stream(at url: String, token place: StreamingToken = .headers, outbound: AsyncStream<String>,
                       connected: @escaping @Sendable () -> Void,
                       received: @escaping @Sendable (String) -> Void, logger: Logger) async throws {
        var headers = HTTPFields()
        headers[.userAgent] = HTTPFetch.userAgent
        var query = ""
        if let token {
            headers[.authorization] = "Bearer \(token)"
            switch place {
            case .headers: headers[.secWebSocketProtocol] = token
            case .query: query = "?access_token=" + Self.escaped(token)
            }
        }
        let address = url.trimmingSuffix("/") + "/api/v1/streaming" + query
        // A ping every 10 s, and the connection closed when the next is due with no answer to the last: a server
        // that stopped answering (frozen, or its network gone without a reset) is found within 10–20 s, and
        // the status line leaves `live` (at 30 s a new user read `live` for 45 s over a frozen server).
        let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 20, additionalHeaders: headers,
                                                         autoPing: .enabled(timePeriod: Self.pingEvery))
        try await WebSocketClient.connect(url: address, configuration: configuration, logger: logger) { inbound, writer, _ in
            connected()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await message in outbound { try await writer.write(.text(message)) }
                }
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    if case .text(let text) = message { received(text) }
                }
                group.cancelAll()
            }
        }
    }
}
