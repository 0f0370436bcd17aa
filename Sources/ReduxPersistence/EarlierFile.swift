import Foundation

/// A state file in the form an app wrote before it kept its state with ReduxPersistence, read
/// into parts, so that the app's users keep what they had.
///
/// ```swift
/// let persistence = try file.persist(store, readingEarlierFormat: { data in
///     let old = try JSONDecoder().decode(OldSaveFile.self, from: data)
///     var earlier = EarlierFile()
///     try earlier.set(old.settings, for: SettingsFeature.self, as: "settings")
///     return earlier
/// })
/// ```
///
/// The first save writes the file in ReduxPersistence's form.
public struct EarlierFile: Sendable {
    /// The generation of the journal that goes on from the file (see ``StateFile``): 0, unless the
    /// app kept journals named as ``StateFile`` names them.
    public var journalGeneration: Int
    /// Each part by name, as today's version of its feature writes it.
    var parts: [String: PartsSnapshot.Part] = [:]

    /// An earlier file with no parts yet.
    ///
    /// - Parameter journalGeneration: The generation of the journal that goes on from the file.
    public init(journalGeneration: Int = 0) {
        self.journalGeneration = journalGeneration
    }

    /// Gives a part its value, in the form the feature that claims it writes today.
    ///
    /// - Parameters:
    ///   - value: The part's value.
    ///   - feature: The feature that claims the part.
    ///   - name: The part's name, as the feature is placed with `persistedAs:`.
    /// - Throws: What encoding the value throws.
    public mutating func set<Feature: PersistentFeature>(
        _ value: Feature.PersistedValue, for feature: Feature.Type, as name: String
    ) throws {
        parts[name] = PartsSnapshot.Part(
            version: Feature.persistedVersion, value: try encodePart(value))
    }
}
