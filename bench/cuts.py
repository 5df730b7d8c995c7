#!/usr/bin/python3
"""cuts.py — Converse's cuts (issue 19; thesis Tables 5.2, 5.7-5.9, A.1).

Programs: the six toys of bench/cuts/*.c, written from the thesis's
descriptions (double_loop, loop_switch: its Figures 3.1 and 3.5), and with
--real the real programs of bench/real_programs.py already built under
--real-work (PROG.bc). Each runs under every --cut mode (0 = none, 2
keypath, 3 keypath-once, 4 depth, 5 loop, 5kN loop with the bound N
(--max-loop-iterations N; mode 5 is N = 1), adaptive; MODE+full: then
the original seeded by its tests, --cut-then-full, in the same time;
MODE+fresh: then the original afresh, unseeded) in pending and eager
mode, with the solver chain's caches (branch and counterexample cache) on
and off, each run under the same --max-time, counted in the process's CPU
time (--clock cpu, the default: a shared machine's load does not change
what a run gets; wall_s is then that CPU time, elapsed_s the wall time). The tests of every run (all
of them: --write-tests=all) are replayed on the original program
(symx-llvm --replay-ktest-dir; with adaptive also its earlier rounds'
tests, OUTDIR/round-N), which reports the coverage of the original.

Per (program, mode, caches) a report object ("report": true; also a line
on stderr): each cut mode's coverage as % of mode 0, the modes below 75%,
and per adaptive variant whether it noticed (raised a bound: stats.json's
cuts.raises_stall, coverage stalled with the loop cut, or raises_end, a
run ended with loops cut and time left); "unnoticed" when a mode is below
75% and no adaptive run raised anything. The summary counts them.

Per run (one JSON object per line): wall time and solver queries of the
exploration (stats.json: solver_queries, the engine's backend_queries),
instructions run, paths, tests, LLVM instructions covered on the
original; then per (program, mode, caches) and cut mode the ratios to mode
0 of the same group: speedup (mode 0's time / its time; none when mode 0
ran under 5 ms), queries and instructions (its / mode 0's) and coverage of
the original as % of mode 0's; last one summary object.

The toys' runs are repeated (--repeat, default 3) and the least wall time
kept: their counts are deterministic, their milliseconds are not. A real
program's runs are time-limited, so their coverage varies with the
machine and the random searcher's seed: each runs --real-reps times
(default 1; --rng-seed 1, 2, ...) and the run with the median coverage is kept (all coverages in orig_covered_runs).

usage: cuts.py [--symx BUILD/frontends/llvm/symx-llvm] [--time S] [--only NAME]
               [--modes 0,2,...] [--engine-modes pending,eager] [--caches 1,0]
               [--repeat N] [--real] [--real-time S] [--real-work DIR] [--real-reps N]
               [--clock cpu|wall] [--search NAME]

--search is symx-llvm's searcher for every run (default random-path,
symx-llvm's own); the thesis's setting is time-limited depth-first
search (dfs).
"""
import argparse
import glob
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TOYS = ["double_loop", "loop_switch", "double_cond", "get_sign", "simple_switch", "add_ints"]
CUTS = {"0": "none", "2": "keypath", "3": "keypath-once", "4": "depth", "5": "loop",
        "adaptive": "adaptive"}
sys.path.insert(0, HERE)
import real_programs  # noqa: E402

# bench/real_programs.py's programs: bitcode under the work directory, arguments
REAL = {name: (os.path.join(r["pkg"] + "-*", r["product"] + ".bc"), r["args"])
        for name, r in real_programs.PROGRAMS.items()}


def toy_bitcode(a, name, work):
    bc = os.path.join(work, name + ".bc")
    subprocess.run(["clang-14", "-emit-llvm", "-c", "-g", "-O0", "-Xclang", "-disable-O0-optnone",
                    "-I" + os.path.join(ROOT, "include"), os.path.join(HERE, "cuts", name + ".c"),
                    "-o", bc], check=True)
    return bc


def replay(a, bc, prog_args, od, libc):
    """Coverage of the original: (lines, total lines, instructions, total)."""
    dirs = []  # adaptive rounds' and --cut-then-full's tests are in subdirectories
    for d in [od] + sorted(glob.glob(os.path.join(od, "round-*"))) + glob.glob(os.path.join(od, "cut")):
        dirs += ["--replay-ktest-dir", d]
    p = subprocess.run([a.symx, "--no-progress", "--libc", libc] + dirs + [bc] + prog_args,
                       capture_output=True, text=True, errors="replace", timeout=3600)
    m = re.search(r"coverage (\d+)/(\d+) lines, (\d+)/(\d+) LLVM instructions", p.stderr)
    if not m:
        raise SystemExit("replay failed: %s" % p.stderr[-800:])
    return [int(x) for x in m.groups()]


def one_run(a, prog, bc, prog_args, libc, cut, mode, caches, seconds, work, repeat):
    """The run's figures; the wall time the least of --repeat runs (the
    runs are deterministic: only the time varies, with the machine's load)."""
    walls = []
    for k in range(repeat):
        r = explore_once(a, prog, bc, prog_args, libc, cut, mode, caches, seconds, work, k)
        walls.append(r["wall_s"])
    r["wall_s"] = min(walls)
    return r


def median_run(a, prog, bc, prog_args, libc, cut, mode, caches, seconds, work, reps):
    """A time-limited run repeated, with --rng-seed 1, 2, ... (the default
    searcher is random): the one with the median coverage."""
    rs = sorted((explore_once(a, prog, bc, prog_args, libc, cut, mode, caches, seconds, work, k,
                              ["--rng-seed", str(k + 1)])
                 for k in range(reps)), key=lambda r: r["orig_covered_instructions"])
    r = rs[len(rs) // 2]
    r["orig_covered_runs"] = [x["orig_covered_instructions"] for x in rs]
    return r


# cut-spec suffixes whose run is two (a cut run, then the original's:
# --cut-then-full), and each one's --cut-seeds
THEN_FULL = {"+full": "cover", "+fullall": "all", "+fresh": "none"}


def cut_args(cut):
    """symx-llvm's arguments for a cut spec: 0, 2-5, adaptive or 5kN, and
    any of them but 0 with +full (--cut-then-full: the cut run's tests
    whose path covered new code seed a run of the original, the two sharing
    the time half and half; +fullall: every test seeds it, --cut-seeds all;
    +fresh: none does, the original is explored afresh, --cut-seeds none),
    +defer (--cut-defer: a cut forks, the uncut side kept pending) or +sym
    (--cut-policy symbolic: a cut returns a fresh value); adaptive+global:
    one bound for all loops (--cut-adapt global, as adaptive alone);
    adaptive+loop: a bound per loop (--cut-adapt loop)."""
    for suffix, seeds in THEN_FULL.items():
        if cut.endswith(suffix) and cut != "0" + suffix:
            return cut_args(cut[:-len(suffix)]) + ["--cut-then-full", "--cut-seeds", seeds]
    if cut.endswith("+defer") and cut != "0+defer":
        return cut_args(cut[:-6]) + ["--cut-defer"]
    if cut.endswith("+global") and cut.startswith("adaptive"):
        return cut_args(cut[:-7]) + ["--cut-adapt", "global"]
    if cut.endswith("+loop") and cut.startswith("adaptive"):
        return cut_args(cut[:-5]) + ["--cut-adapt", "loop"]
    if cut.endswith("+sym") and cut != "0+sym":
        return cut_args(cut[:-4]) + ["--cut-policy", "symbolic"]
    m = re.fullmatch(r"5k(\d+)", cut)
    if m:
        return ["--cut", "loop", "--max-loop-iterations", m.group(1)]
    if cut not in CUTS:
        raise SystemExit("unknown cut mode %r (one of %s, 5kN)" % (cut, ", ".join(CUTS)))
    return ["--cut", CUTS[cut]]


def explore_once(a, prog, bc, prog_args, libc, cut, mode, caches, seconds, work, k, extra=()):
    od = os.path.join(work, "o-%s-%s-%s-%d-%d" % (prog, cut, mode, caches, k))
    cmd = [a.symx, "--quiet", "--no-progress", "--libc", libc, "--mode", mode,
           "--max-time", "%ds" % seconds, "--time-clock", a.clock, "--write-tests=all", "--output-dir", od,
           "--search", a.search, "--use-branch-cache=%s" % ("true" if caches else "false"),
           "--use-cex-cache=%s" % ("true" if caches else "false")] + list(extra) + cut_args(cut) + [bc] + prog_args
    # a CPU-time budget takes as long in wall time as the machine's load
    # makes it: no wall limit then
    before, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                       timeout=None if a.clock == "cpu" else seconds * 4 + 120)
    after, elapsed = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic() - t0
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if p.returncode not in (0, 1, 3):
        raise SystemExit("symx-llvm failed (%d): %s\n%s" % (p.returncode, " ".join(cmd), p.stderr[-800:]))
    st = json.load(open(os.path.join(od, "stats.json")))
    cov = replay(a, bc, prog_args, od, libc)
    cuts = st.get("cuts", {})  # adaptive: its raises, what it noticed
    two = cut.endswith(tuple(THEN_FULL))  # a cut run, then the original's
    return {"program": prog, "cut": cut, "mode": mode, "search": a.search, "caches": caches, "limit_s": seconds,
            # the time the limit counted: CPU time with --clock cpu (the
            # default). stats.json's is its last exploration's: with +full,
            # the run of the original; then the process's (loading too)
            "wall_s": round(cpu if a.clock == "cpu" else elapsed, 3) if two
            else st["cpu_s"] if a.clock == "cpu" else st["wall_s"],
            "elapsed_s": round(elapsed, 3) if two else st["wall_s"],
            "solver_queries": st["solver_queries"],
            "backend_queries": st["engine"].get("backend_queries", 0), "paths": st["paths"],
            "instructions": st["instructions"],
            "tests": st["tests"], "orig_covered_instructions": cov[2], "orig_total_instructions": cov[3],
            "orig_covered_lines": cov[0], "orig_total_lines": cov[1],
            "cut_rounds": cuts.get("rounds", 0), "cut_raises_stall": cuts.get("raises_stall", 0),
            "cut_raises_end": cuts.get("raises_end", 0),
            "cut_loops_raised": sum(1 for l in cuts.get("loops", []) if l["raises_stall"] + l["raises_end"])
            if cuts.get("adapt") == "loop" else None}


def ratios(rows):
    """Each run against mode 0 of its (program, mode, caches) group."""
    base = {(r["program"], r["mode"], r["caches"]): r for r in rows if r["cut"] == "0"}
    out = []
    for r in rows:
        b = base.get((r["program"], r["mode"], r["caches"]))
        if not b or r["cut"] == "0":
            continue
        out.append({"program": r["program"], "cut": r["cut"], "mode": r["mode"], "caches": r["caches"],
                    # times under 5 ms are too coarse (stats.json has ms) for a ratio
                    "speedup": round(b["wall_s"] / r["wall_s"], 2)
                    if r["wall_s"] > 0 and b["wall_s"] >= 0.005 else None,
                    "instructions_ratio": round(r["instructions"] / b["instructions"], 3)
                    if b["instructions"] else None,
                    "queries_ratio": round(r["solver_queries"] / b["solver_queries"], 3)
                    if b["solver_queries"] else None,
                    "coverage_pct_of_mode0": round(100.0 * r["orig_covered_instructions"]
                                                   / b["orig_covered_instructions"], 1)
                    if b["orig_covered_instructions"] else None})
    return out


LOSS = 75.0  # % of mode 0: a mode below it lost coverage (the bar)


def reports(rows, rat):
    """Per (program, mode, caches): each cut mode's coverage as % of mode
    0, the modes below LOSS, and whether each adaptive variant noticed:
    it raised a bound (stats.json cuts: raises_stall, coverage stopped
    growing with the loop cut; raises_end, a run ended with loops cut and
    time left). unnoticed: a mode below LOSS while an adaptive run of the
    group raised nothing (or no adaptive run in the group)."""
    out = []
    for key in sorted({(r["program"], r["mode"], r["caches"]) for r in rat}):
        rs = [r for r in rat if (r["program"], r["mode"], r["caches"]) == key]
        pct = {r["cut"]: r["coverage_pct_of_mode0"] for r in rs}
        below = sorted(c for c, p in pct.items() if p is not None and p < LOSS)
        ada = {r["cut"]: {"coverage_pct": pct.get(r["cut"]), "raises_stall": r["cut_raises_stall"],
                          "raises_end": r["cut_raises_end"], "loops_raised": r["cut_loops_raised"],
                          "noticed": r["cut_raises_stall"] + r["cut_raises_end"] > 0}
               for r in rows if (r["program"], r["mode"], r["caches"]) == key and r["cut"].startswith("adaptive")}
        out.append({"report": True, "program": key[0], "mode": key[1], "caches": key[2],
                    "coverage_pct_of_mode0": pct, "below_%d" % LOSS: below, "adaptive": ada,
                    "unnoticed": bool(below) and not any(v["noticed"] for v in ada.values())})
    return out


def summary(rat):
    """Per cut mode: mean coverage % of mode 0, runs at >= 100%, median speedup."""
    s = {}
    for cut in sorted({r["cut"] for r in rat}, key=lambda c: (c not in CUTS, c)):
        rs = [r for r in rat if r["cut"] == cut and r["coverage_pct_of_mode0"] is not None]
        if not rs:
            continue
        sp = sorted(r["speedup"] for r in rs if r["speedup"] is not None)
        s[cut] = {"runs": len(rs),
                  "mean_coverage_pct": round(sum(r["coverage_pct_of_mode0"] for r in rs) / len(rs), 1),
                  "runs_at_least_mode0": sum(r["coverage_pct_of_mode0"] >= 100 for r in rs),
                  "min_coverage_pct": min(r["coverage_pct_of_mode0"] for r in rs),
                  "median_speedup": sp[len(sp) // 2] if sp else None}
    return s


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", default=os.path.join(ROOT, "build", "frontends", "llvm", "symx-llvm"))
    ap.add_argument("--time", type=int, default=10, help="limit per toy run (s)")
    ap.add_argument("--only", action="append", help="a program (repeatable)")
    ap.add_argument("--modes", default="0,2,3,4,5,adaptive")
    ap.add_argument("--engine-modes", default="pending,eager")
    ap.add_argument("--caches", default="1,0")
    ap.add_argument("--repeat", type=int, default=3, help="runs per configuration (least time)")
    ap.add_argument("--real", action="store_true", help="also the real programs built under --real-work (bench/real_programs.py's)")
    ap.add_argument("--real-time", type=int, default=60)
    ap.add_argument("--real-work", default=os.path.join(ROOT, ".deps", "real"),
                    help="bench/real_programs.py's --work")
    ap.add_argument("--real-reps", type=int, default=1, help="runs per real configuration (median)")
    ap.add_argument("--search", default="random-path",
                    help="symx-llvm's --search for every run (the thesis's: dfs)")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="what --max-time and wall_s count (cpu: the machine's load does not matter)")
    a = ap.parse_args()
    cuts = a.modes.split(",")
    for c in cuts:
        cut_args(c)  # an unknown mode fails before any run
    if "0" not in cuts:
        cuts.insert(0, "0")
    rows = []
    with tempfile.TemporaryDirectory() as work:
        progs = [(t, toy_bitcode(a, t, work), [], "min", a.time) for t in TOYS
                 if not a.only or t in a.only]
        if a.real:
            for name, (pat, args) in REAL.items():
                bcs = glob.glob(os.path.join(a.real_work, pat))
                if bcs and (not a.only or name in a.only):
                    progs.append((name, bcs[0], args, "full", a.real_time))
        for prog, bc, args, libc, seconds in progs:
            for mode in a.engine_modes.split(","):
                for caches in [int(c) for c in a.caches.split(",")]:
                    for cut in cuts:
                        if libc == "min":
                            r = one_run(a, prog, bc, args, libc, cut, mode, caches, seconds, work,
                                        max(1, a.repeat))
                        else:
                            r = median_run(a, prog, bc, args, libc, cut, mode, caches, seconds, work,
                                           max(1, a.real_reps))
                        rows.append(r)
                        print(json.dumps(r), flush=True)
    rat = ratios(rows)
    for r in rat:
        print(json.dumps(dict(r, ratio=True)))
    rep = reports(rows, rat)
    for r in rep:
        print(json.dumps(r))
        sys.stderr.write("%s %s caches %d: %s%s\n" % (
            r["program"], r["mode"], r["caches"],
            ", ".join("%s %s%%%s" % (c, p, " (below %d%%)" % LOSS if p is not None and p < LOSS else "")
                      for c, p in r["coverage_pct_of_mode0"].items()),
            "".join("; %s raised %d (stall %d, run end %d)%s" % (
                c, v["raises_stall"] + v["raises_end"], v["raises_stall"], v["raises_end"],
                "" if v["noticed"] else ", noticed nothing") for c, v in r["adaptive"].items())
            + ("; a loss below %d%% went unnoticed" % LOSS if r["unnoticed"] else "")))
    print(json.dumps({"summary": summary(rat), "limit_s": a.time,
                      "unnoticed_losses": sum(r["unnoticed"] for r in rep),
                      "command": " ".join(["bench/cuts.py"] + sys.argv[1:])}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
