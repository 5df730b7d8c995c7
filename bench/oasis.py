#!/usr/bin/python3
"""oasis.py — Oasis's evaluation (Tables 3-9) on a program written for it
(issue 18).

bench/oasis/v2.c is the new version of bench/oasis/v1.c (bench/oasis/v2.patch
between them): a 24-byte record validated byte by byte, as Oasis's Listing 1,
then handled by code the patch rewrites, with 5 input-dependent bugs (lines
marked "bug N": 4 assertions and a division) behind the validation.
bench/oasis/seeds/ holds 3 valid records that trigger none of them.

Configurations (each run once, for --time seconds, default 10):
  dfs            concolic DFS (the last constraint first), no seeds
  gen            generational search, no seeds
  gen+seeds      generational search from the seeds
  gen+seeds+new  ... and --changed v2.patch (Oasis's order: dangerous and new,
                 dangerous, new, the rest), with --changed's default queue:
                 the lowest-ranked constraint of any run first (new code of
                 every run first)
  gen+seeds+new/fifo  ... each run's constraints all before the next run's,
                 as Oasis's Listing 2 (--concolic-queue fifo)
  pending+seeds+new  the forking engine (pending mode) from the seeds with
                 --changed and --search nurs:new (pending states revived by the
                 same weight)
Reported per configuration (OUTDIR/paths.jsonl, one line per path; a
concolic run is one path): the bugs found within the first --iterations
paths (default 300) and within the whole run (equal time), the path at which
each bug was first found, the share of those first paths that pass the
validation (exit status other than 1), and for concolic runs the share of
the negations whose constraint came from new code (Oasis's Table 8/9), for
the forking engine the share of its forks at branches of new code (each
fork makes one path; whole run: stats forks_new / forks); runs per second. One JSON object per configuration, then one with the ratios.

usage: oasis.py [--symx BUILD/frontends/llvm/symx-llvm] [--time S] [--iterations N]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PROG = os.path.join(HERE, "oasis", "v2.c")
PATCH = os.path.join(HERE, "oasis", "v2.patch")
SEEDS = os.path.join(HERE, "oasis", "seeds")

CONFIGS = [
    ("dfs", ["--mode", "concolic", "--concolic-search", "dfs"], False),
    ("gen", ["--mode", "concolic"], False),
    ("gen+seeds", ["--mode", "concolic"], True),
    ("gen+seeds+new", ["--mode", "concolic", "--changed", PATCH], True),
    ("gen+seeds+new/fifo", ["--mode", "concolic", "--changed", PATCH, "--concolic-queue", "fifo"], True),
    ("pending+seeds+new", ["--mode", "pending", "--changed", PATCH, "--search", "nurs:new",
                           "--pending-search", "weighted"], True),
]


def bug_lines():
    bugs = {}
    for i, ln in enumerate(open(PROG)):
        m = re.search(r"bug (\d)", ln)
        if m:
            bugs["v2.c:%d" % (i + 1)] = int(m.group(1))
    return bugs


def run(a, name, args, seeds):
    out = tempfile.mkdtemp(prefix="oasis-%s-" % re.sub(r"\W", "_", name))
    cmd = [a.symx, "--quiet", "-I" + os.path.join(ROOT, "include"), "--max-time", "%ds" % a.time,
           "--output-dir", out, "--seed-input", "input"] + args
    if seeds:
        cmd += ["--seed-dir", SEEDS]
    p = subprocess.run(cmd + [PROG], capture_output=True, timeout=a.time * 4 + 120)
    if p.returncode not in (0, 1, 3):
        sys.exit("oasis.py: %s failed (%d): %s" % (" ".join(cmd), p.returncode, p.stderr.decode()[-600:]))
    paths = [json.loads(ln) for ln in open(os.path.join(out, "paths.jsonl"))]
    stats = json.load(open(os.path.join(out, "stats.json")))
    subprocess.run(["rm", "-rf", out])
    return paths, stats


def measure(a, name, args, seeds, bugs):
    paths, stats = run(a, name, args, seeds)
    first = {}
    for i, p in enumerate(paths):
        b = bugs.get(p.get("loc")) if p.get("reason") == "error" else None
        if b and b not in first:
            first[b] = i + 1
    head = paths[:a.iterations]
    neg = [p["run"] for p in head if p.get("run", {}).get("parent")]
    wall = stats.get("wall_s") or a.time
    eng = stats.get("engine", {})
    if not neg and eng.get("forks"):  # the forking engine: paths made at new-code branches
        new_share = round(eng.get("forks_new", 0) / eng["forks"], 3)
    else:
        new_share = round(sum(1 for r in neg if r["tags"] & 1) / len(neg), 3) if neg else None
    return {
        "config": name,
        "paths": len(paths),
        "bugs_in_iterations": sorted(b for b, i in first.items() if i <= a.iterations),
        "bugs_in_time": sorted(first),
        "first_path_of_bug": {str(b): i for b, i in sorted(first.items())},
        "valid_share": round(sum(1 for p in head if p.get("exit") != 1) / max(1, len(head)), 3),
        "new_share": new_share,
        "paths_per_s": round(len(paths) / wall, 1),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", default=os.path.join(ROOT, "build", "frontends", "llvm", "symx-llvm"))
    ap.add_argument("--time", type=int, default=10)
    ap.add_argument("--iterations", type=int, default=300)
    a = ap.parse_args()
    bugs = bug_lines()
    if len(bugs) != 5:
        sys.exit("oasis.py: %s: expected 5 lines marked 'bug N', found %d" % (PROG, len(bugs)))
    res = {}
    for name, args, seeds in CONFIGS:
        r = measure(a, name, args, seeds, bugs)
        res[name] = r
        print(json.dumps(r), flush=True)
    full = res["gen+seeds+new"]
    ratios = {"ratios": {
        "bugs_full_vs_%s" % k: "%d/%d" % (len(full["bugs_in_iterations"]), len(v["bugs_in_iterations"]))
        for k, v in res.items() if k != "gen+seeds+new"}}
    last = lambda r: max(r["first_path_of_bug"].values()) if len(r["first_path_of_bug"]) == 5 else None
    ls = last(res["gen+seeds"])
    for k in ("gen+seeds+new", "gen+seeds+new/fifo", "pending+seeds+new"):
        lk = last(res[k])
        ratios["ratios"]["paths_to_all_bugs_gen+seeds_vs_" + k] = round(ls / lk, 2) if lk and ls else None
    print(json.dumps(ratios))


if __name__ == "__main__":
    main()
