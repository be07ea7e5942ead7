import LinzaBase
import LinzaSources

/// A wrapper `init` found, with how the code calls it.
package struct WrapperCandidate: Sendable {
    package var wrapper: InferredWrapper
    /// Call sites with a literal key, and with a key Linza cannot read.
    package var literalCalls: Int
    package var dynamicCalls: Int

    /// The configured wrapper that calls this one, forwarding its key (`L10n.tr` calling
    /// `L10n.localizedFormat`), if any.
    package var calledBy: String?

    /// A wrapper worth configuring: called with literal keys at least as often as not,
    /// called by one that is, or called only a few times and never with a literal. Left out,
    /// its own body is the `dynamic_key` finding (blocking `prune` on every table the body
    /// may read: element-x-ios' `SASL10n`, one call, blocked every table), not the calls
    /// that make its keys. One that receives variables everywhere would add a `dynamic_key`
    /// warning per call and check nothing: left out.
    package var isUseful: Bool {
        calledBy != nil || (literalCalls > 0 && literalCalls >= dynamicCalls)
            || (literalCalls == 0 && (1...Self.fewDynamicCalls).contains(dynamicCalls))
    }

    /// How many calls with keys Linza cannot read a wrapper with no literal call may have and
    /// still be configured: each is a `dynamic_key` warning where the key is made.
    static let fewDynamicCalls = 3
}

/// Finds the project's wrappers (wrappers of wrappers too) and counts their call sites.
enum WrapperInference {
    /// Rounds of wrappers of wrappers; deeper chains are rare.
    static let maximumRounds = 3

    /// `declared` are the names Xcode projects list in `LOCALIZED_STRING_MACRO_NAMES`, with
    /// where: each becomes a candidate with its key first, unless a declaration was found
    /// for it (its declaration says more: the table, the value).
    static func candidates(
        sources: [String], builtIn: [LocalizationFunction], declared: [(name: String, location: Location)] = []
    ) -> [WrapperCandidate] {
        let files = sources.compactMap { path in (try? FileReader.read(path)).map { (path, $0) } }
        var found: [InferredWrapper] = []
        // A wrapper may share a built-in's name (`func localizedString(_ key: String)`):
        // only the very same form is known already.
        var known = Set<String>()
        for _ in 0..<maximumRounds {
            let finder = WrapperFinder(known: builtIn + found.map(\.function))
            let new = files.flatMap { finder.wrappers(in: $0.1, path: $0.0) }.filter { candidate in
                !known.contains(candidate.function.name) && !builtIn.contains(candidate.function)
                    && !found.contains { $0.function == candidate.function }
            }
            guard !new.isEmpty else { break }
            // One form per name and key: `var localized` and `func localized()` both read `"k".localized`.
            for wrapper in new
            where !found.contains(where: {
                $0.function.name == wrapper.function.name
                    && $0.function.key == wrapper.function.key
            }) {
                found.append(wrapper)
            }
            known.formUnion(new.map(\.function.name))
        }
        let builtInNames = Set(builtIn.map(\.name))
        for (name, location) in declared
        where !builtInNames.contains(name) && !found.contains(where: { $0.function.name == name }) {
            // Declared where the code cannot be read (a framework, a submodule left out):
            // Xcode's extraction takes the first argument as the key.
            found.append(
                InferredWrapper(
                    function: LocalizationFunction(name: name, key: .position(0)), location: location,
                    wraps: "NSLocalizedString for Xcode (LOCALIZED_STRING_MACRO_NAMES)"))
        }
        guard !found.isEmpty else { return [] }
        // Calls are counted by display name: forms sharing a name need one each.
        let named = LocalizationFunction.distinguishingSharedNames(found.map(\.function))
        for index in found.indices { found[index].function = named[index] }
        let scanner = SourceScanner(
            recognizer: CallRecognizer(
                functions: found.map(\.function) + builtIn,
                defaultTable: "Localizable"))
        var literal: [String: Int] = [:]
        var dynamic: [String: Int] = [:]
        for (path, bytes) in files {
            for usage in scanner.scan(bytes, path: path).usages {
                if usage.key.literal != nil {
                    literal[usage.function, default: 0] += 1
                } else {
                    dynamic[usage.function, default: 0] += 1
                }
            }
        }
        var candidates = found.map { wrapper in
            WrapperCandidate(
                wrapper: wrapper, literalCalls: literal[wrapper.function.displayName] ?? 0,
                dynamicCalls: dynamic[wrapper.function.displayName] ?? 0)
        }
        // Along the chain, link by link.
        var linked = true
        while linked {
            linked = false
            for caller in candidates where caller.isUseful {
                for index in candidates.indices
                where !candidates[index].isUseful
                    && candidates[index].wrapper.function.displayName == caller.wrapper.wraps
                {
                    candidates[index].calledBy = caller.wrapper.function.displayName
                    linked = true
                }
            }
        }
        return candidates
    }
}
