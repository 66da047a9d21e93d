import Foundation
import HTTPTypes
import Logging
import TernHTTP
import WSClient

extension MastodonClient {
    /// One streaming connection: connects to `url` (`ws://` or `wss://`, the path added here), writes
    /// every message `outbound` yields (subscribe, unsubscribe), and hands each text message to
    /// `received`. Returns when the server closes the connection; throws when it can't be made or breaks.
    public func stream(at url: String, outbound: AsyncStream<String>, connected: @escaping @Sendable () -> Void,
                       received: @escaping @Sendable (String) -> Void, logger: Logger) async throws {
        var headers = HTTPFields()
        headers[.userAgent] = HTTPFetch.userAgent
        var query = ""
        if let token {
            headers[.authorization] = "Bearer \(token)"
            // GoToSocial and Akkoma take the token from the query rather than the header.
            query = "?access_token=" + Self.escaped(token)
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
