/// What names one content of a collection: values that hold the same stamp hold the same elements.
///
/// A stamp is only ever shared by copies of one value; a write to a copy whose stamp is shared
/// gives that copy a new stamp first (``ContentRevision/noteWrite(at:)``), and the stamp it left
/// stays held by the copy's ``ContentRevision/base``, so no holder of the old stamp can write in
/// place again.
final class RevisionStamp: Sendable {
    /// The stamp of every empty collection made empty: held here forever, so never written in place.
    static let empty = RevisionStamp()
}

/// Tells a scope what changed in a collection since it last saw it, without comparing elements:
/// nothing, one element, or something it must look for (the O(1) answer behind a keystroke whose
/// cost does not grow with the rows).
///
/// Kept beside the elements and copied with them. Sound as long as every change of the elements
/// is noted: a write of one element (``noteWrite(at:)``), anything else (``noteChange()``).
struct ContentRevision: Sendable {
    /// Names this content.
    private var stamp: RevisionStamp
    /// The stamp this content was written from, while only element writes followed it.
    private var base: RevisionStamp?
    /// The one offset written since `base`, or -1 when several were or the change is of another
    /// kind.
    private var written = -1

    /// The revision of a new collection; the empty ones share a stamp.
    init(isEmpty: Bool) {
        stamp = isEmpty ? RevisionStamp.empty : RevisionStamp()
    }

    /// The stamp to hold, to ask later what changed since this content (``change(since:)``).
    var current: RevisionStamp { stamp }

    /// Notes a write of the element at an offset, the ids staying as they were.
    mutating func noteWrite(at offset: Int) {
        if isKnownUniquelyReferenced(&stamp) {
            if written != offset { written = -1 }
        } else {
            base = stamp
            stamp = RevisionStamp()
            written = offset
        }
    }

    /// Notes any other change: elements added, removed, moved or replaced together.
    mutating func noteChange() {
        if !isKnownUniquelyReferenced(&stamp) {
            base = stamp
            stamp = RevisionStamp()
        }
        written = -1
    }

    /// What changed since the content a stamp names, which the caller holds (so that no value with
    /// that stamp was written in place since the caller took it).
    ///
    /// - Parameter earlier: A stamp from ``current`` of an earlier value, or nil for none.
    /// - Returns: ``Change/none`` for the same content, ``Change/element(at:)`` when only the
    ///   element at an offset was written (the ids are the same), else ``Change/unknown``.
    func change(since earlier: RevisionStamp?) -> Change {
        guard let earlier else { return .unknown }
        if earlier === stamp { return .none }
        if earlier === base, written >= 0 { return .element(at: written) }
        return .unknown
    }

    /// What ``change(since:)`` found.
    enum Change: Equatable {
        /// The same elements.
        case none
        /// Only the element at an offset was written; the ids are the same.
        case element(at: Int)
        /// Anything else, or too little known: compare.
        case unknown
    }

    /// Whether two revisions name the same content.
    func isSame(as other: ContentRevision) -> Bool {
        stamp === other.stamp
    }
}

/// A collection that keeps a ``ContentRevision``: a scope of its elements feeds only the element
/// that changed, or none.
protocol RevisedCollection {
    /// The type of the elements.
    associatedtype RevisedElement

    /// The revision of the current elements.
    var revision: ContentRevision { get }

    /// Hands every element, with its offset, to `body`, in order: how unspecialised generic code
    /// reads every element at the cost of one look-up of the storage's type, not one per element.
    func visitElements(_ body: (_ offset: Int, _ element: RevisedElement) -> Void)
}
