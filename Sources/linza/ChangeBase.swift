import LinzaKit

/// The lines the change under review adds or rewrites (`ChangedLines`), which the
/// github-actions and markdown reports show first: the working tree compared with where the
/// branch left its base (`git merge-base BASE HEAD`). The base is `--changed-since`, else, in a
/// pull request's workflow, `origin/$GITHUB_BASE_REF` (the branch it merges into, which
/// actions/checkout names so).
enum ChangeBase {
    /// The changed lines; nil when no base is named, or when git cannot tell them (a folder
    /// outside git, a base this clone does not have, a shallow clone), which is said once on
    /// standard error: the reports then order findings by severity alone.
    static func changedLines(since explicit: String?, environment: [String: String], folder: String) -> ChangedLines? {
        let base: String, named: String
        if let explicit {
            (base, named) = (explicit, "--changed-since \(explicit)")
        } else if let branch = environment["GITHUB_BASE_REF"], !branch.isEmpty {
            (base, named) = ("origin/" + branch, "the pull request (against origin/\(branch))")
        } else {
            return nil
        }
        do {
            return try read(base: base, folder: folder)
        } catch {
            Output.error(
                "linza: cannot tell which lines \(named) changes: \(error.message); "
                    + "findings are ordered by severity instead")
            return nil
        }
    }

    /// `git diff --unified=0` from the merge base of `base` and HEAD to the working tree.
    private static func read(base: String, folder: String) throws(Git.Failure) -> ChangedLines {
        guard !base.hasPrefix("-"), !base.isEmpty else { throw Git.Failure(message: "'\(base)' is not a revision") }
        guard let repository = Path.repositoryRoot(of: folder) else {
            throw Git.Failure(message: "\(Path.printable(folder)) is not in a git repository")
        }
        do {
            _ = try Git.run(
                ["-C", repository, "rev-parse", "--verify", "--quiet", base + "^{commit}"], silencingErrors: true)
        } catch {
            throw Git.Failure(message: "this clone has no commit '\(base)'" + shallowHint(repository))
        }
        let mergeBase: String
        do {
            let output = try Git.run(["-C", repository, "merge-base", base, "HEAD"], silencingErrors: true)
            mergeBase = String(decoding: output, as: UTF8.self).trimmingTrailingNewlines
        } catch {
            throw Git.Failure(
                message: "'\(base)' and HEAD have no common commit in this clone" + shallowHint(repository))
        }
        let diff = try Git.run([
            "-C", repository, "-c", "core.quotePath=false", "diff", "--unified=0", "--no-color", "--no-ext-diff",
            "--no-textconv", "--find-renames", "--no-relative", "--ignore-submodules=all", "--src-prefix=a/",
            "--dst-prefix=b/", mergeBase, "--",
        ])
        return ChangedLines(diff: diff, repository: repository)
    }

    /// What to do about a shallow clone, when this is one.
    private static func shallowHint(_ repository: String) -> String {
        let answer = try? Git.run(["-C", repository, "rev-parse", "--is-shallow-repository"], silencingErrors: true)
        guard let answer, String(decoding: answer, as: UTF8.self).hasPrefix("true") else { return "" }
        return " (a shallow clone: give actions/checkout fetch-depth: 0, or fetch the base branch)"
    }
}

extension String {
    /// Without the line breaks git ends its answers with.
    fileprivate var trimmingTrailingNewlines: String {
        var text = self
        while text.last?.isNewline == true { text.removeLast() }
        return text
    }
}
