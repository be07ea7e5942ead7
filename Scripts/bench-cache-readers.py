#!/usr/bin/env python3
"""Times `status` and `sync --dry-run` of one linza binary on one project, cold and warm:
the median of 3 runs each, wall and CPU (user + system of the process) in milliseconds.

Cold: no cache (its folder emptied before each run; `status` writes it, writers do not).
Warm: `status` after a first `status`; `sync --dry-run` after a `lint` and a `status`, whose
cache it reads. Pass --writers-cache for binaries whose writers take --cache-path (older
ones have no cache for writers: their cold and warm `sync` are the same run).

    Scripts/bench-cache-readers.py .build/release/linza /path/to/App [--writers-cache]
"""
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

binary, app = os.path.abspath(sys.argv[1]), sys.argv[2]
writers_cache = "--writers-cache" in sys.argv[3:]
cache = tempfile.mkdtemp(prefix="linza-bench-cache-")


def run(arguments):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = os.times().elapsed
    subprocess.run([binary] + arguments, cwd=app, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = os.times().elapsed - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median(measure, count=3):
    runs = [measure() for _ in range(count)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def emptied():
    shutil.rmtree(cache, ignore_errors=True)


status = ["status", "--cache-path", cache]
sync = ["sync", "--dry-run"] + (["--cache-path", cache] if writers_cache else [])
results = {}
results["status cold"] = median(lambda: (emptied(), run(status))[1])
run(status)
results["status warm"] = median(lambda: run(status))
results["sync cold"] = median(lambda: (emptied(), run(sync))[1])
emptied()
run(["lint", "--cache-path", cache])
run(status)
results["sync warm"] = median(lambda: run(sync))
emptied()
print(
    os.path.basename(os.path.normpath(app)),
    "  ".join(f"{name} {wall * 1000:.0f}/{cpu * 1000:.0f}" for name, (wall, cpu) in results.items()),
    "(wall/CPU ms; load %.1f)" % os.getloadavg()[0],
)
