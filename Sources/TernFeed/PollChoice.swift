/// A vote as the journal keeps it (`PendingAction.detail`): the poll's id and the options chosen, by
/// index, as "ID 0,2". The id first: a poll id holds no spaces on any server seen.
struct PollChoice: Equatable {
    var pollID: String
    var choices: [Int]

    init(pollID: String, choices: [Int]) {
        self.pollID = pollID
        self.choices = choices
    }

    init?(detail: String?) {
        guard let parts = detail?.split(separator: " "), parts.count == 2 else { return nil }
        let choices = parts[1].split(separator: ",").compactMap { Int($0) }
        guard !choices.isEmpty else { return nil }
        self.init(pollID: String(parts[0]), choices: choices)
    }

    var detail: String { pollID + " " + choices.map(String.init).joined(separator: ",") }
}
