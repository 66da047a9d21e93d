import TernModel

/// What an engine's loop takes: its own commands, the action queue's news, and the session's posts' and
/// people's.
enum EngineInput<Command: Sendable>: Sendable {
    case command(Command)
    case actions(ActionQueue.Event)
    case posts(SessionPosts.News)
    case people(SessionPeople.News)
}

/// The input side of a list engine: its commands, the action queue's news and the session's posts' (and,
/// for a list that shows people, the session's people's), in one ordered stream.
struct EngineInbox<Command: Sendable>: Sendable {
    let inputs: AsyncStream<EngineInput<Command>>
    private let continuation: AsyncStream<EngineInput<Command>>.Continuation

    init(actions: ActionQueue, posts: SessionPosts, people: SessionPeople? = nil) {
        let (inputs, continuation) = AsyncStream.makeStream(of: EngineInput<Command>.self)
        self.inputs = inputs
        self.continuation = continuation
        actions.feed(continuation) { .actions($0) }
        posts.feed(continuation) { .posts($0) }
        people?.feed(continuation) { .people($0) }
    }

    func send(_ command: Command) { continuation.yield(.command(command)) }
    func finish() { continuation.finish() }
}
