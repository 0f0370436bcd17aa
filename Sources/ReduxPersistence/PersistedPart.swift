import Foundation
import MultiRedux
internal import ReduxShared
import ReduxStore

/// A part of the root state declared persistent where its feature was placed
/// (``PersistentFeature/at(_:persistedAs:reading:)``): its name in the file, the version its
/// feature writes, and how to read and write it.
struct PersistedPart<Root>: Sendable {
    /// The part's name in the file.
    let name: String
    /// The version the feature writes.
    let version: Int
    /// The feature, for messages.
    let featureName: String
    /// The part of a state, as one JSON value.
    let encode: @Sendable (Root) throws -> Data
    /// Reads a stored value of a version (migrating an older one) into a change of the root.
    let decode: @Sendable (_ json: Data, _ version: Int) throws -> @Sendable (inout Root) -> Void
    /// Copies the part from one root state into another.
    let copy: @Sendable (_ source: Root, _ destination: inout Root) -> Void
    /// Whether the part is equal in two root states; `false` when its value is not `Equatable`.
    let isUnchanged: @Sendable (_ before: Root, _ after: Root) -> Bool

    init<Feature: PersistentFeature>(
        _: Feature.Type, at keyPath: any WritableKeyPath<Root, Feature.PersistedValue> & Sendable, name: String
    ) {
        self.name = name
        version = Feature.persistedVersion
        featureName = String(describing: Feature.self)
        encode = { root in try encodePart(root[keyPath: keyPath]) }
        decode = { json, version in
            let value =
                version == Feature.persistedVersion
                ? try PartDecoder.decode(Feature.PersistedValue.self, from: json)
                // A copy of its own: the snapshot's value may be a slice of the file's bytes, whose
                // indices do not start at 0, and a migration is the app's code.
                : try Feature.migrate(Data(json), fromVersion: version)
            return { root in root[keyPath: keyPath] = value }
        }
        copy = { source, destination in destination[keyPath: keyPath] = source[keyPath: keyPath] }
        isUnchanged = { before, after in
            repeatCheck(Feature.PersistedValue.self)?(before[keyPath: keyPath], after[keyPath: keyPath]) ?? false
        }
    }
}

/// A part's value as the file keeps it: one JSON value, keys sorted so that saved files diff well.
func encodePart(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(value)
}
