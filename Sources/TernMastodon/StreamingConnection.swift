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
        let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 20, additionalHeaders: headers,
                                                         autoPing: .enabled(timePeriod: .seconds(30)))
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
