import MultiRedux

/// Loads the notes kept about the screen's contact into the screen: what the screen sends when it
/// appears and when "Reload notes" is tapped.
///
/// It names no screen: the screen's scope that sends it addresses it to that screen
/// (``ContactDetailFeature`` is placed at each screen), and its work belongs to the screen: popping
/// the screen cancels it.
struct LoadNotes: Action, Equatable {}

/// Names the detail's effects, to cancel one in flight. Ids are the screen's own.
enum ContactDetailEffect: Hashable, Sendable {
    /// The load of the screen's notes.
    case notes
}
