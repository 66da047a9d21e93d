import TernModel

/// What an engine's loop takes: the screen's commands, and the action queue's news.
enum EngineInput: Sendable {
    case command(FeedCommand)
    case actions(ActionQueue.Event)
}

/// The input side of a list engine: commands and the action queue's news, in one ordered stream.
struct EngineInbox: Sendable {
    let inputs: AsyncStream<EngineInput>
    private let continuation: AsyncStream<EngineInput>.Continuation

    init(actions: ActionQueue) {
        let (inputs, continuation) = AsyncStream.makeStream(of: EngineInput.self)
        self.inputs = inputs
        self.continuation = continuation
        actions.feed(continuation) { .actions($0) }
    }

    func send(_ command: FeedCommand) { continuation.yield(.command(command)) }
    func finish() { continuation.finish() }
}
