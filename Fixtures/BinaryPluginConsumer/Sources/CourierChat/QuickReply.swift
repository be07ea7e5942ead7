import Foundation

/// The canned messages a customer can send the courier with one tap.
public enum QuickReply: CaseIterable, Sendable {
    case ringTheBell
    case leaveAtTheDoor
    case callMe

    /// The text of the button and of the message sent.
    public var text: String {
        switch self {
        case .ringTheBell:
            return NSLocalizedString("chat.reply.ring_bell", bundle: .module, comment: "Quick reply: please ring")
        case .leaveAtTheDoor:
            return NSLocalizedString("chat.reply.leave_at_door", bundle: .module, comment: "Quick reply: no contact")
        case .callMe:
            return NSLocalizedString("chat.reply.call_me", bundle: .module, comment: "Quick reply: call on arrival")
        }
    }
}
