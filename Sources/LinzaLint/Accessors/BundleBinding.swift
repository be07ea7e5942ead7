import LinzaSources

/// Moves a call that names another module's bundle (`MastodonLocalization.bundle`,
/// `Bundle(for: X.self)`) to that module: at run time it reads that module's tables, so it
/// is checked against them, not against the tables of the module whose file makes it.
///
/// Whose bundle a reference names, first match wins:
/// - `X.bundle`: the configured module named `X` (or named by `X`'s first component, a
///   module-qualified path); else the module whose sources give type `X` a static `bundle`.
/// - `Bundle(for: X.self)`: the module whose sources declare class `X`.
///
/// A declaration in the calling module keeps the call there (SwiftGen's private
/// `BundleToken`, declared in every module that has generated code); a name declared in
/// several other modules, or in none, names no module Linza can tell, and the call stays
/// too, as a call with `.main` or an unknown bundle always does.
enum BundleBinding {
    /// `modules` (in configuration order, named by `names`; nil for an unnamed one) with
    /// each call naming another module's bundle moved there (`MovedUsages`).
    static func resolve(_ modules: [[ScannedSource]], names: [String?]) -> [[ScannedSource]] {
        guard modules.count > 1,
            modules.contains(where: { $0.contains { $0.usages.contains { $0.bundle != nil } } })
        else { return modules }
        let index = Declarations(modules, names: names)
        var result = modules
        var moved = MovedUsages(moduleCount: modules.count)
        for (module, sources) in modules.enumerated() {
            for (position, source) in sources.enumerated() where source.usages.contains(where: { $0.bundle != nil }) {
                var elsewhere: [Int: [LocalizationUsage]] = [:]
                var kept: [LocalizationUsage] = []
                for usage in source.usages {
                    if let bundle = usage.bundle, let home = index.home(of: bundle, calledFrom: module), home != module
                    {
                        elsewhere[home, default: []].append(usage)
                    } else {
                        kept.append(usage)
                    }
                }
                guard !elsewhere.isEmpty else { continue }
                result[module][position].usages = kept
                for (home, usages) in elsewhere.sorted(by: { $0.key < $1.key }) {
                    moved.move(usages, of: source, to: home)
                }
            }
        }
        return moved.appended(to: result)
    }

    /// Which modules name or declare what a bundle reference can name.
    private struct Declarations {
        /// A module's name -> its index; the first of two modules of one name.
        var modulesByName: [String: Int] = [:]
        /// A class's simple name -> the modules declaring it.
        var classes: [String: Set<Int>] = [:]
        /// A type's simple name -> the modules giving it a static `bundle`.
        var providers: [String: Set<Int>] = [:]

        init(_ modules: [[ScannedSource]], names: [String?]) {
            for (module, name) in names.enumerated() {
                if let name, modulesByName[name] == nil { modulesByName[name] = module }
            }
            for (module, sources) in modules.enumerated() {
                for source in sources {
                    for name in source.declaredClasses { classes[name, default: []].insert(module) }
                    for name in source.bundleProviders { providers[name, default: []].insert(module) }
                }
            }
        }

        /// The module whose tables a call in `caller` naming `bundle` reads; nil when Linza
        /// cannot tell.
        func home(of bundle: BundleReference, calledFrom caller: Int) -> Int? {
            let components = bundle.path.split(separator: ".").map(String.init)
            guard let last = components.last else { return nil }
            switch bundle {
            case .provided:
                if let module = modulesByName[bundle.path] ?? modulesByName[components[0]] { return module }
                return unique(providers[last], caller: caller)
            case .holding:
                return unique(classes[last], caller: caller)
            }
        }

        /// The caller when it is among `modules`, else the only one.
        private func unique(_ modules: Set<Int>?, caller: Int) -> Int? {
            guard let modules else { return nil }
            if modules.contains(caller) { return caller }
            return modules.count == 1 ? modules.first : nil
        }
    }
}
