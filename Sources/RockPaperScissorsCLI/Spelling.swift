/// Finds the word someone probably meant, for "did you mean …?" hints.
///
/// ```swift
/// Spelling.closest(to: "plya", among: ["play", "history", "stats"])   // "play"
/// Spelling.closest(to: "dance", among: ["play", "history", "stats"])  // nil
/// ```
enum Spelling {
    /// The candidate closest to a mistyped word: the only one it begins (two letters or more), or
    /// the only nearest within one edit (two for words over four letters); case ignored.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let typed = word.lowercased()
        guard !typed.isEmpty, typed.count <= 40 else { return nil }
        if typed.count >= 2 {
            let extensions = candidates.filter { $0.lowercased().hasPrefix(typed) }
            if extensions.count == 1 {
                return extensions[0]
            }
        }
        let allowed = typed.count <= 4 ? 1 : 2
        let scored = candidates.map { (candidate: $0, distance: distance(typed, $0.lowercased())) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= allowed else { return nil }
        return scored.filter { $0.distance == best.distance }.count == 1 ? best.candidate : nil
    }

    /// The end of an error about an unknown word: "; use one of: a, b." or, when one is close to
    /// what was typed, "; did you mean 'a'? Use one of: a, b."
    static func choices(for word: String, among candidates: [String]) -> String {
        let list = candidates.joined(separator: ", ")
        return closest(to: word, among: candidates).map { "; did you mean '\($0)'? Use one of: \(list)." }
            ?? "; use one of: \(list)."
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// neighbours.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
