import Foundation

/// A journal line without the call site and time a recorder ends it with (`,"site":…,"time":…`),
/// which differ from run to run: what a test compares with a line written out in full.
///
/// - Parameter line: A journal line.
/// - Returns: The line as it would be without those keys.
public func withoutTrace(_ line: String) -> String {
    var line = line
    for key in [#","time":"#, #","site":""#] {
        if let range = line.range(of: key, options: .backwards) {
            line = line[..<range.lowerBound] + "}"
        }
    }
    return line
}
