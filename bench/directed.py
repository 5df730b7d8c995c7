#!/usr/bin/python3
"""directed.py — how fast searchers reach a target line (issue 17, Otter's
Table 3.1 on synthetic programs shaped like its examples).

Programs (bench/directed/*.c, the target is the line marked '// target'):
  validate.c   a header of eight checks, a rejected input parsed further (Fig 3.1);
  latercall.c  the mknod/quote shape: the target is in the last of four
               calls of a checker, each call forking on every byte it reads;
  deep.c       Otter's Fig 3.3 shape (tests/llvm/ccbse/deep.c): the target's
               function is called for one value only and needs three of six
               bits of another.
ccbse(rp) and mix-ccbse(rp) are Otter's CCBSE(RP) and Mix-CCBSE(RP) (75% of
the instructions forward). --real DIR adds lines of bc 1.07.1 (REAL_TARGETS;
DIR a tree bench/real_programs.py built, --libc full, --sym-stdin 20),
--real-time seconds each (60), --real-seeds seeds (1).
Each program runs under every searcher in pending and eager mode with
--rng-seed 1..5 (one run per seed), stopping at the target or at
--max-time; random-path and nurs:md2u run undirected (directed_revival=0:
pending states revived only when no active one is left); --pending-joint
runs them with libsymx's pending_joint=1 instead (pending states join the
feasible ones in the searcher, revived when it picks them: eager mode's
order; the undirected counterpart of directed_revival); --defaults runs
them with symx-llvm's defaults (directed_revival on: towards a target,
pending states are revived nearest first, also under these). Every
directed configuration runs with the defaults. Reported per
configuration: the median over the seeds of the instructions run until the
target was reached and of the run's wall time (stats.json; a run that did
not reach it counts as infinite), and how many runs reached it. One JSON
object per line, then a table.

usage: directed.py [--symx BUILD/frontends/llvm/symx-llvm] [--time S] [--seeds N]
                   [--search S ...] [--program NAME ...]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SEARCHERS = ["sdse", "sdse-pr", "rr(rp,sdse)", "batch(rr(rp,sdse))", "ccbse(rp)", "mix-ccbse(rp)",
             "ccbse(sdse)", "mix-ccbse(sdse)", "random-path", "nurs:md2u"]
UNDIRECTED = {"random-path", "nurs:md2u"}  # run as KLEE would: no directed revival
MODES = ["pending", "eager"]
# lines of bc 1.07.1 (--real): the start of execute(), which runs parsed code,
# and bc_raise's exponent conversion (the '^' operator)
REAL_TARGETS = ["execute.c:72", "number.c:1215"]


def target_of(src):
    for i, ln in enumerate(open(src)):
        if "// target" in ln:
            return "%s:%d" % (os.path.basename(src), i + 1)
    raise SystemExit("%s: no line marked // target" % src)


def median(xs):
    """Median with None as infinity (None when more than half are)."""
    xs = sorted(xs, key=lambda x: (x is None, x))
    m = xs[(len(xs) - 1) // 2] if len(xs) % 2 else None
    if len(xs) % 2 == 0:
        lo, hi = xs[len(xs) // 2 - 1], xs[len(xs) // 2]
        m = None if lo is None or hi is None else (lo + hi) / 2
    return m


def one_run(a, task, mode, search, seed, work):
    name, bc, target, pre, post, limit = task
    od = os.path.join(work, "o")
    subprocess.run(["rm", "-rf", od])
    p = subprocess.run([a.symx, "--quiet", "--mode", mode, "--search", search, "--rng-seed",
                        str(seed), "--max-time", "%ds" % limit, "--target", target,
                        "--set", "directed_revival=%d" % ((search not in UNDIRECTED or a.defaults)
                                                          and a.revival),
                        "--set", "pending_joint=%d" % (search in UNDIRECTED and a.joint),
                        "--output-dir", od] + pre + [bc] + post, capture_output=True,
                       timeout=limit * 3 + 60)
    # 1: errors found on the way; 3: a limit (or memory) cut the exploration
    if p.returncode not in (0, 1, 3):
        raise SystemExit("symx-llvm failed: %s" % p.stderr.decode()[-500:])
    f = open(os.path.join(od, "targets.txt")).read().split()
    stats = json.load(open(os.path.join(od, "stats.json")))
    reached = f[1] == "reached"
    return (int(f[3]) if reached else None, stats["wall_s"] if reached else None,
            stats["solver_queries"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", default=os.path.join(ROOT, "build", "frontends", "llvm", "symx-llvm"))
    ap.add_argument("--clang", default="clang-14")
    ap.add_argument("--time", type=int, default=10)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--no-directed-revival", dest="revival", action="store_false",
                    help="directed searchers too run with libsymx's directed_revival off")
    ap.add_argument("--pending-joint", dest="joint", action="store_true",
                    help="the undirected searchers with libsymx's pending_joint=1: pending states "
                         "picked by the one searcher with the feasible ones (eager mode's order), "
                         "revived when picked")
    ap.add_argument("--defaults", action="store_true",
                    help="random-path and nurs:md2u with symx-llvm's defaults too: towards a "
                         "target the pending states are revived nearest first (directed_revival)")
    ap.add_argument("--search", action="append", help="only these searchers (repeatable)")
    ap.add_argument("--program", action="append", help="only these programs (repeatable)")
    ap.add_argument("--real", metavar="DIR",
                    help="also bc's lines REAL_TARGETS in DIR (a bc-1.07.1 tree built by "
                         "bench/real_programs.py), --real-time seconds, --real-seeds seeds")
    ap.add_argument("--real-time", type=int, default=60)
    ap.add_argument("--real-seeds", type=int, default=1)
    a = ap.parse_args()
    progs = {"validate": os.path.join(HERE, "directed", "validate.c"),
             "latercall": os.path.join(HERE, "directed", "latercall.c"),
             "deep": os.path.join(ROOT, "tests", "llvm", "ccbse", "deep.c")}
    rows = []
    with tempfile.TemporaryDirectory() as work:
        tasks = []
        for name in a.program or list(progs):
            src = progs[name]
            bc = os.path.join(work, name + ".bc")
            subprocess.run([a.clang, "-emit-llvm", "-c", "-g", "-O0", "-Xclang",
                            "-disable-O0-optnone", "-I" + os.path.join(ROOT, "include"), src, "-o",
                            bc], check=True)
            tasks.append(((name, bc, target_of(src), [], [], a.time), a.seeds))
        for t in REAL_TARGETS if a.real else []:
            tasks.append((("bc " + t, os.path.join(a.real, "bc", "bc.bc"), t, ["--libc", "full"],
                           ["--sym-stdin", "20"], a.real_time), a.real_seeds))
        for task, seeds in tasks:
            for mode in MODES:
                for se in a.search or SEARCHERS:
                    runs = [one_run(a, task, mode, se, s, work) for s in range(1, seeds + 1)]
                    row = {"program": task[0], "mode": mode, "search": se,
                           "reached": sum(r[0] is not None for r in runs), "runs": len(runs),
                           "instructions_median": median([r[0] for r in runs]),
                           "seconds_median": median([r[1] for r in runs]),
                           "queries_median": median([r[2] for r in runs]),
                           "instructions": [r[0] for r in runs]}
                    print(json.dumps(row), flush=True)
                    rows.append(row)
    print("\n| program | mode | search | reached | instructions (median) | s (median) |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        ins = "inf" if r["instructions_median"] is None else "%d" % r["instructions_median"]
        sec = "inf" if r["seconds_median"] is None else "%.3f" % r["seconds_median"]
        print("| %s | %s | %s | %d/%d | %s | %s |" % (r["program"], r["mode"], r["search"],
                                                     r["reached"], r["runs"], ins, sec))
    return 0


if __name__ == "__main__":
    sys.exit(main())
