public import Foundation
public import MultiRedux

/// A feature whose part of the state can be kept in a ``StateFile`` between runs, under a stable
/// name, with a version.
///
/// ```swift
/// struct SettingsFeature: PersistentFeature {
///     typealias PersistedValue = Settings   // the part of the state it owns, as the file keeps it
///     static let persistedVersion = 2       // version 1 stored the volume as a string
///
///     static func migrate(_ json: Data, fromVersion version: Int) throws -> Settings {
///         let old = try JSONDecoder().decode(SettingsV1.self, from: json)
///         return Settings(volume: Int(old.volume) ?? 5)
///     }
///
///     func injectReducers(container: any ReducerContainer) { … }
/// }
///
/// let store = Store(initialState: AppState(), features: [
///     GameFeature().at(\.game),                                   // not kept
///     SettingsFeature().at(\.settings, persistedAs: "settings"),  // kept
/// ])
/// ```
///
/// The feature owns its part of the state, so it also owns its form on disk: the file stores the
/// part with the version the feature wrote, and a file from an older version is read through
/// ``migrate(_:fromVersion:)``. A file from a newer version is refused, untouched.
public protocol PersistentFeature: SendableFeatureType {
    /// The feature's part of the state, as the file keeps it.
    associatedtype PersistedValue: Codable & Sendable

    /// The version of ``PersistedValue``'s form this feature writes: 1 by default. Raise it when
    /// the form changes, and read the older forms in ``migrate(_:fromVersion:)``.
    static var persistedVersion: Int { get }

    /// Reads the value an older version of the feature wrote.
    ///
    /// - Parameters:
    ///   - json: The value as that version wrote it, one JSON value.
    ///   - version: The version that wrote it, below ``persistedVersion``.
    /// - Returns: The value in today's form.
    /// - Throws: When the old value cannot be read; the file is then reported corrupt and left
    ///   untouched. By default, every older version throws: there is none yet.
    static func migrate(_ json: Data, fromVersion version: Int) throws -> PersistedValue
}

extension PersistentFeature {
    /// Version 1.
    public static var persistedVersion: Int { 1 }

    /// Throws: a feature at version 1 has no older version to read.
    public static func migrate(_ json: Data, fromVersion version: Int) throws -> PersistedValue {
        throw MigrationError(
            "\(Self.self) writes version \(persistedVersion) and has no migration from version \(version); implement "
                + "migrate(_:fromVersion:)")
    }

    /// Places the feature at the part of the root state it owns, and declares that part kept in
    /// the store's state file under `name`.
    ///
    /// ```swift
    /// HistoryFeature().at(\.history, persistedAs: "history")
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: Where the feature's state lives in the root state.
    ///   - name: The part's name in the file: stable across versions of the app (renaming it
    ///     leaves the old value unclaimed, kept in the file, and starts the part fresh).
    ///   - reading: Parts of the root state, owned by other features, that the feature's reducers
    ///     and effects read.
    /// - Returns: The feature and its place, for `Store(initialState:features:)` or `Store.add(_:)`.
    public func at<Root: State>(
        _ keyPath: any WritableKeyPath<Root, PersistedValue> & Sendable, persistedAs name: String,
        reading: (any PartialKeyPath<Root> & Sendable)...
    ) -> PlacedFeature<Root> {
        var placed = PlacedFeature(self, at: keyPath, reading: reading, placing: PersistedValue.self, elements: nil)
        placed.attachments.append(PersistedPart<Root>(Self.self, at: keyPath, name: name))
        return placed
    }
}

/// Why a migration could not read an older value.
struct MigrationError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
