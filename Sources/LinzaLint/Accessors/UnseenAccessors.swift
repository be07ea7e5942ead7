import LinzaBase
import LinzaConfiguration
import LinzaSources

/// Member reads in code that name a table's keys through a type or property Linza was not
/// told about: `LocalString.common_button_share` for `common.button.share` (a home-made
/// generator), `strings.Conversation_LinkCopied` for `Conversation.LinkCopied`,
/// `[VectorL10n roomTitle]` for `room_title`. Linza cannot count these as uses; the writers
/// find them so that they refuse, and say why, instead of deleting or renaming keys the app
/// reads.
///
/// A name matches a key when both are the same letters and digits, case ignored: the
/// spelling every generator's naming rule keeps.
package struct UnseenAccessors: Sendable {
    /// The reads through one root (the name before the key's part of the path).
    package struct Root: Sendable, Hashable {
        package var name: String
        /// How many member reads name a key.
        package var uses: Int
        /// The keys those reads name.
        package var keys: Set<String>
        /// The first read, and the member path it used (`common_button_share`).
        package var first: Location
        package var firstMember: String
        /// Where the root is declared as a type (`enum LocalString`), when some source does.
        package var declaration: Location?
        /// The first read of each key.
        package var reads: [String: Location] = [:]
        /// Every distinct member read through the root, naming a key or not (what a naming
        /// rule is tried on: `AccessorNamingInference`).
        package var members: Set<String> = []
    }

    /// Roots whose member reads name at least this many keys of two words or more (a
    /// variable's `table.extensions` or `highlight.end` names one-word keys by chance), by
    /// as many members (the plural forms one member reads are one text), and
    package static let minimumKeys = 3
    /// whose distinct members are at least this share keys (`self.title` names a key, but
    /// `self` has many other members): a type's name (`LocalString`, `VectorL10n`)
    package static let minimumShare = 0.5
    /// or, for a lower-case name, which may be any variable (`strings` is an accessor,
    /// `definition` a local value), this share.
    package static let minimumShareOfVariable = 0.8

    /// The roots that look like accessors of `keys`, the most used first.
    package let roots: [Root]

    /// Reads every Swift and Objective-C file of `sources` (paths), leaving out roots in
    /// `knownRoots` (configured accessors, whose paths and Objective-C sends Linza reads).
    package init(sources: [String], keys: some Sequence<String>, knownRoots: Set<String> = []) {
        var byName: [String: [String]] = [:]
        for key in keys {
            let name = AccessorNaming.letters(of: Substring(key))
            if !name.isEmpty { byName[name, default: []].append(key) }
            // The forms of a plural text are read through one member named for their stem
            // (`strings.Chat_Members(n)` for `Chat.Members_one`, `_other`).
            for endings in KeyTransform.knownPluralEndings {
                guard let ending = endings.first(where: { key.hasSuffix($0) && key.count > $0.count }) else { continue }
                let stem = AccessorNaming.letters(of: Substring(key).dropLast(ending.count))
                if !stem.isEmpty, byName[stem]?.contains(key) != true { byName[stem, default: []].append(key) }
            }
        }
        var found: [String: Root] = [:]
        var members: [String: Set<String>] = [:]
        // The members of each root that name a key of two words or more.
        var keyMembers: [String: Set<String>] = [:]
        var declarations: [String: Location] = [:]
        for path in sources {
            guard let bytes = try? FileReader.read(path) else { continue }
            let isSwift = path.hasSuffix(".swift")
            bytes.withUnsafeBufferPointer { buffer in
                let lexed = isSwift ? SwiftLexer.tokenize(buffer) : ObjectiveCLexer.tokenize(buffer)
                let reader = Reader(tokens: lexed.tokens, bytes: buffer, path: path)
                reader.visit(byName: byName) { root, member, keys, offset in
                    // A name `.linza.yml` could not name is no generated type: `$metadata` is a
                    // SwiftUI binding, `$0` a closure's argument.
                    guard !knownRoots.contains(root), ConfigurationLoader.isMemberPath(root) else { return }
                    members[root, default: []].insert(member)
                    guard !keys.isEmpty else { return }
                    if found[root] == nil {
                        found[root] = Root(
                            name: root, uses: 0, keys: [], first: reader.location(of: offset),
                            firstMember: member, declaration: nil)
                    }
                    found[root]!.uses += 1
                    found[root]!.keys.formUnion(keys)
                    if keys.contains(where: Self.hasTwoWords) { keyMembers[root, default: []].insert(member) }
                    for key in keys where found[root]!.reads[key] == nil {
                        found[root]!.reads[key] = reader.location(of: offset)
                    }
                } declaration: { name, offset in
                    if declarations[name] == nil { declarations[name] = reader.location(of: offset) }
                }
            }
        }
        roots = found.values.compactMap { root in
            let matched = (members[root.name] ?? []).count {
                !(byName[AccessorNaming.letters(of: Substring($0))] ?? []).isEmpty
            }
            let share = root.name.first?.isUppercase == true ? Self.minimumShare : Self.minimumShareOfVariable
            guard (keyMembers[root.name]?.count ?? 0) >= Self.minimumKeys,
                Double(matched) >= share * Double(members[root.name]?.count ?? 0)
            else { return nil }
            var root = root
            root.declaration = declarations[root.name]
            root.members = members[root.name] ?? []
            return root
        }.sorted { ($0.uses, $1.name) > ($1.uses, $0.name) }
    }

    /// Whether `key` is two words or more: split at anything but a letter or digit, and
    /// where a lower-case letter meets an upper-case one (`common.share`, `room_title`,
    /// `LinkCopied`; not `cancel`).
    static func hasTwoWords(_ key: String) -> Bool {
        var words = 0
        var inWord = false
        var previousIsLower = false
        for character in key {
            let isWordCharacter = character.isLetter || character.isNumber
            if !isWordCharacter {
                inWord = false
            } else if !inWord || (previousIsLower && character.isUppercase) {
                words += 1
                inWord = true
                if words >= 2 { return true }
            }
            previousIsLower = character.isLowercase
        }
        return false
    }

    /// Every name in the roots of configured accessors (`R.string` gives `R` and `string`):
    /// Linza reads those already.
    package static func knownRoots(_ accessors: [AccessorSet]) -> Set<String> {
        Set(accessors.flatMap { $0.root.split(separator: ".").map(String.init) })
    }

    /// The roots that read `key`.
    package func roots(reading key: String) -> [Root] {
        roots.filter { $0.keys.contains(key) }
    }

    /// Walks one file's tokens for member paths (`A.b.c`, `[A b]`) and type declarations.
    private struct Reader {
        let tokens: [Token]
        let bytes: UnsafeBufferPointer<UInt8>
        let path: String
        let lines: LineIndex

        init(tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, path: String) {
            self.tokens = tokens
            self.bytes = bytes
            self.path = path
            lines = LineIndex(bytes)
        }

        func location(of offset: Int) -> Location {
            let (line, column) = lines.position(of: offset)
            return Location(file: path, line: line, column: column)
        }

        private func text(_ index: Int) -> Substring {
            let token = tokens[index]
            var text = Substring(
                decoding: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)]), as: UTF8.self)
            if text.hasPrefix("`") && text.hasSuffix("`") && text.count >= 2 { text = text.dropFirst().dropLast() }
            return text
        }

        private func isIdentifier(_ index: Int) -> Bool {
            index < tokens.count && tokens[index].kind == .identifier
        }

        /// A `?` or `!` right after the previous token.
        private func isUnwrap(_ index: Int) -> Bool {
            guard index > 0, index < tokens.count, tokens[index].kind == .operatorSymbols else { return false }
            let token = tokens[index]
            guard token.end == token.start + 1, token.start == tokens[index - 1].end else { return false }
            return bytes[Int(token.start)] == UInt8(ascii: "?") || bytes[Int(token.start)] == UInt8(ascii: "!")
        }

        static let declaringWords: Set<Substring> = [
            "enum", "struct", "class", "extension", "protocol", "actor",
            "typealias", "interface", "implementation",
        ]

        /// Calls `read` with each path's root, the member path after it that names keys (or
        /// the first member, naming none), and `declaration` with each declared type name.
        func visit(
            byName: [String: [String]],
            read: (_ root: String, _ member: String, _ keys: [String], _ offset: Int) -> Void,
            declaration: (_ name: String, _ offset: Int) -> Void
        ) {
            var index = 0
            while index < tokens.count {
                defer { index += 1 }
                guard tokens[index].kind == .identifier else {
                    // Objective-C: `[Root member` or `[Root member:`.
                    if tokens[index].kind == .leftBracket, isIdentifier(index + 1), isIdentifier(index + 2) {
                        let member = text(index + 2)
                        read(
                            String(text(index + 1)), String(member), byName[AccessorNaming.letters(of: member)] ?? [],
                            Int(tokens[index + 1].start))
                        index += 2
                    }
                    continue
                }
                let word = text(index)
                if Self.declaringWords.contains(word) {
                    if isIdentifier(index + 1) { declaration(String(text(index + 1)), Int(tokens[index + 1].start)) }
                    continue
                }
                // A path: identifiers joined by periods, or by `?.` (`self.strings?.TextFormat_Bold`).
                var components = [index]
                while true {
                    let period = isUnwrap(index + 1) ? index + 2 : index + 1
                    guard period + 1 < tokens.count, tokens[period].kind == .period, isIdentifier(period + 1) else {
                        break
                    }
                    index = period + 1
                    components.append(index)
                }
                guard components.count >= 2 else { continue }
                // The first root whose following members, joined, name a key (the longest such run).
                var reported = false
                for start in 1..<components.count where !reported {
                    var joined = ""
                    var best: (member: String, keys: [String])?
                    for end in start..<components.count {
                        joined += (end == start ? "" : ".") + text(components[end])
                        if let keys = byName[AccessorNaming.letters(of: Substring(joined))] { best = (joined, keys) }
                    }
                    if let best {
                        read(
                            String(text(components[start - 1])), best.member, best.keys,
                            Int(tokens[components[start - 1]].start))
                        reported = true
                    }
                }
                // Every other member read dilutes its root's share (`self.title` among `self`'s many).
                for position in 1..<components.count where !reported {
                    read(
                        String(text(components[position - 1])), String(text(components[position])), [],
                        Int(tokens[components[position - 1]].start))
                }
            }
        }
    }
}
