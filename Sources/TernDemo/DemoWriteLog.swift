import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Every write request the demo receives (any method but GET and HEAD), as a JSON line each: method, path,
/// its parameters (query and body, form or JSON; a file's bytes are named, not kept) and its
/// `Idempotency-Key`, if any. Served at
/// `GET /demo/write-log`, so tests and users can see what Tern really sent.
struct DemoWriteLogMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let state: DemoState

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method != .get, request.method != .head, !request.uri.path.hasPrefix("/demo/") else {
            return try await next(request, context)
        }
        var request = request
        // Collected here, the body stays readable to the route (Hummingbird keeps the collected buffer).
        let body = try await request.collectBody(upTo: 64 << 20)
        var parameters: [[String]] = request.uri.queryParameters.map { [String($0.key), String($0.value)] }
        parameters += Self.bodyParameters(Array(buffer: body), contentType: request.headers[.contentType] ?? "")
        var line: [String: Any] = ["method": request.method.rawValue, "path": request.uri.path, "parameters": parameters]
        if let key = request.headers[HTTPField.Name("Idempotency-Key")!] { line["idempotency_key"] = key }
        if let data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) {
            await state.logWrite(String(decoding: data, as: UTF8.self))
        }
        return try await next(request, context)
    }

    /// Name and value pairs of a form, a JSON object (arrays as `key[]`) or a multipart body (a file as its name).
    static func bodyParameters(_ bytes: [UInt8], contentType: String) -> [[String]] {
        if contentType.contains("multipart/form-data") {
            return (MultipartParser.parts(bytes, contentType: contentType) ?? []).map { part in
                [part.name ?? "", part.filename.map { "(file \($0), \(part.body.count) bytes)" } ?? String(decoding: part.body, as: UTF8.self)]
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return (DemoRoutes.pairs(of: text, contentType: contentType) ?? [("(body)", text)]).map { [$0.0, $0.1] }
    }
}

extension DemoState {
    func logWrite(_ line: String) { requestLog.append(line) }
}
