#!/usr/bin/env python3
"""symx-llvm's time limits reach inside solver calls (issue 13, defect 7b).

limits/factor.c branches on x * y == N (N a 64-bit semiprime), a query no
backend decides within seconds. For each backend and for eager and pending
mode:
  - --max-time 1: the run ends (its query answers UNKNOWN when the run's
    time is up), with solver_timeouts >= 1 and no path behind the branch;
  - --max-solver-time 1 (KLEE's per-query limit, no --max-time): the run
    ends by itself with the query counted in solver_timeouts, and the three
    paths that need no factoring all run.
The only use of time here is a safety net: a run still going after
SAFETY seconds failed to apply its limit.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

from checks import Checks

SAFETY = 120


def run(a, work, tag, extra):
    out = os.path.join(work, tag)
    cmd = [a.symx, "--output-dir", out, "--no-progress", "--quiet", "--write-tests=all"] + \
        extra + [a.program]
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           timeout=SAFETY)
    except subprocess.TimeoutExpired:
        return None, "still running after %d s: %s" % (SAFETY, " ".join(cmd))
    if r.returncode not in (0, 3):  # 3: a limit ended paths, as these runs ask
        return None, "%s exited %d\n%s" % (" ".join(cmd), r.returncode, r.stdout)
    with open(os.path.join(out, "paths.jsonl")) as f:
        paths = [json.loads(l) for l in f if l.strip()]
    with open(os.path.join(out, "stats.json")) as f:
        stats = json.load(f)["engine"]
    return (paths, stats), None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--program", required=True, help="limits/factor.c")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="symx-limits-")
    check = Checks()

    try:
        for solver in ("cadical", "z3"):
            for mode in ("eager", "pending"):
                base = ["--solver", solver, "--mode", mode]
                tag = "%s/%s" % (solver, mode)
                res, err = run(a, work, tag.replace("/", "-") + "-time", base + ["--max-time", "1"])
                check(res is not None, "%s --max-time 1: the run ends%s" % (tag, err and ": " + err or ""))
                if res:
                    paths, stats = res
                    check(stats["solver_timeouts"] >= 1, "%s --max-time 1: solver_timeouts %d >= 1"
                          % (tag, stats["solver_timeouts"]))
                    check(not any("factored" in p["output"] for p in paths),
                          "%s --max-time 1: no path behind the branch" % tag)
                res, err = run(a, work, tag.replace("/", "-") + "-query", base + ["--max-solver-time=1s"])
                check(res is not None, "%s --max-solver-time=1s: the run ends%s"
                      % (tag, err and ": " + err or ""))
                if res:
                    paths, stats = res
                    check(stats["solver_timeouts"] == 1, "%s --max-solver-time=1s: solver_timeouts %d == 1"
                          % (tag, stats["solver_timeouts"]))
                    check(len(paths) == 3 and not any("factored" in p["output"] for p in paths),
                          "%s --max-solver-time=1s: the 3 paths that need no factoring (%d)"
                          % (tag, len(paths)))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    check.exit()


if __name__ == "__main__":
    main()
