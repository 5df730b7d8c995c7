#!/usr/bin/python3
"""fig1_seeds.py — the pending-constraints paper's Figure 1 claim over many
random seeds (issue 16): instructions and time until the assertion of
examples/c/fig1.c fails, with random-path, for symx-llvm in eager and in
pending mode and, when given, KLEE 3.1, each run once per RNG seed 1..N on
the same bitcode (clang-14 -g -O0), stopping at the first assertion failure
and choosing a state at every instruction (symx-llvm --quantum 1, KLEE's
schedule; --quantum 0: symx-llvm's default, a state runs on for a while).

Prints one JSON object per run, then per tool the median, minimum and
maximum of instructions and seconds, runs that did not reach the
assertion, and the ratios of medians (eager / pending, KLEE / pending).

usage: fig1_seeds.py [--symx BUILD/frontends/llvm/symx-llvm] [--klee BIN]
                     [--seeds N] [--time S] [--include DIR] [--quantum Q]
Exit status 0; 1 when a run failed to start or a tool never reached the
assertion within --time.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def symx_run(a, bc, mode, seed, out):
    cmd = [a.symx, "--quiet", "--no-progress", "--mode", mode, "--search", "random-path",
           "--rng-seed", str(seed)] + (["--quantum", str(a.quantum)] if a.quantum else []) + [
           "--exit-on-error-type", "Assert",
           "--write-tests", "none", "--max-time", "%ds" % a.time, "--output-dir", out, bc]
    p = subprocess.run(cmd, capture_output=True, text=True)
    try:
        st = json.load(open(os.path.join(out, "stats.json")))
    except (OSError, ValueError):
        return {"error": "no stats.json (exit %d): %s" % (p.returncode, p.stderr[-300:])}
    return {"found": st["errors"] > 0, "instructions": st["instructions"],
            "seconds": st["wall_s"], "queries": st["solver_queries"]}


def klee_run(a, bc, seed, out):
    cmd = [a.klee, "--output-dir=" + out, "--search=random-path", "--rng-initial-seed=%d" % seed,
           "--exit-on-error-type=Assert", "--write-no-tests", "--max-time=%ds" % a.time, bc]
    p = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r"total instructions = (\d+)", p.stderr)
    if not m:
        return {"error": "no instruction count (exit %d): %s" % (p.returncode, p.stderr[-300:])}
    t = re.search(r"Elapsed: (\d+):(\d+):(\d+)", open(os.path.join(out, "info")).read())
    secs = int(t.group(1)) * 3600 + int(t.group(2)) * 60 + int(t.group(3)) if t else None
    return {"found": "ASSERTION FAIL" in p.stderr, "instructions": int(m.group(1)),
            "seconds": secs}


def summary(tool, runs):
    ok = [r for r in runs if r.get("found")]
    s = {"tool": tool, "runs": len(runs), "not_found": len(runs) - len(ok)}
    for k in ("instructions", "seconds"):
        v = [r[k] for r in ok if r.get(k) is not None]
        if v:
            s[k] = {"median": statistics.median(v), "min": min(v), "max": max(v)}
    return s


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--symx", default=os.path.join(ROOT, "build", "frontends", "llvm",
                                                   "symx-llvm"))
    ap.add_argument("--klee")
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--time", type=int, default=300)
    ap.add_argument("--include", default=os.path.join(ROOT, "include"))
    ap.add_argument("--quantum", type=int, default=1,
                    help="symx-llvm's --quantum (1: KLEE's schedule; 0: symx-llvm's default)")
    a = ap.parse_args()
    tools = ["eager", "pending"] + (["klee"] if a.klee else [])
    if a.klee and not (os.path.isfile(a.klee) and os.access(a.klee, os.X_OK)):
        print(json.dumps({"tool": "klee", "error": "%s: not an executable; left out" % a.klee}))
        tools.remove("klee")
    tmp = tempfile.mkdtemp(prefix="fig1-seeds-")
    bc = os.path.join(tmp, "fig1.bc")
    subprocess.run(["clang-14", "-c", "-emit-llvm", "-g", "-O0", "-I", a.include,
                    os.path.join(ROOT, "examples", "c", "fig1.c"), "-o", bc], check=True)
    runs, bad = {t: [] for t in tools}, False
    for seed in range(1, a.seeds + 1):
        for tool in tools:
            out = os.path.join(tmp, "%s-%d" % (tool, seed))
            r = klee_run(a, bc, seed, out) if tool == "klee" else symx_run(a, bc, tool, seed, out)
            shutil.rmtree(out, ignore_errors=True)
            r.update(tool=tool, seed=seed)
            print(json.dumps(r), flush=True)
            bad |= "error" in r
            runs[tool].append(r)
    sums = {t: summary(t, runs[t]) for t in tools}
    for t in tools:
        print(json.dumps(sums[t]))
        bad |= sums[t]["not_found"] > 0
    med = {t: sums[t].get("instructions", {}).get("median") for t in tools}
    if med.get("pending"):
        print(json.dumps({"ratio_instructions_median": {
            "%s/pending" % t: round(med[t] / med["pending"], 2) for t in tools
            if t != "pending" and med.get(t)}}))
    shutil.rmtree(tmp, ignore_errors=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
