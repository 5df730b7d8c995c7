#!/usr/bin/python3
"""real_side_by_side.py — coverage in equal time on real programs (issue 16):
symx-llvm in pending and in eager mode, and KLEE 3.1 when given, each with
the searchers random-path, dfs and nurs:depth, on the same bitcode with the
same arguments for the same time, one run at a time.

Programs are fetched, built and given their arguments by real_programs.py
(PROGRAMS: the pending-constraints paper's Table 1); coverage is counted by
tools/symx-stats.py for both tools' directories (one definition: LLVM
instructions and source lines of the program's own functions).

Prints one JSON object per run, then per program and searcher a markdown
table row: covered instructions (and lines) of KLEE, eager and pending,
pending / KLEE, and the union of pending's and eager's covered instructions
(and lines) from each run's covered-instructions.txt (the paper's combined
bars; in the same unit as covered_instructions, which that file adds up
to). With --plot OUT.png (gnuplot) the coverage over time
of the first program's runs with --plot-search (default random-path).

usage: real_side_by_side.py [--work DIR] [--out DIR] [--time S] [--only NAME]...
          [--search NAME]... [--tool klee|eager|pending]... [--klee BIN] [--symx DIR] [--plot OUT.png]
          [--plot-search NAME] [--report-only] [--seeded] [--reps N] [--clock cpu|wall]
          [--replays N] [--resume] [--save FILE] [--from FILE]...
  --out DIR      runs go to DIR/PROGRAM/TOOL-SEARCH (default WORK/side-by-side);
                 a run's directory is replaced
  --report-only  no runs: the JSON and the table of the directories in --out
  --reps N       N runs of the random searchers (random-path, nurs:depth): the
                 tools' default RNG seed, then seeds 2..N; the table gives the median
                 run's figures [min-max]
  --seeded       every tool seeded with the paper's seed set 1 (bench/seedset.py;
                 --seed-file), runs in DIR-seed1
  --clock cpu    (default) --time is CPU time, so runs beside other work stay
                 equal: symx-llvm --time-clock cpu; KLEE (whose --max-time is
                 wall time) gets SIGINT once its process has used --time of CPU
                 and halts as at --max-time (SIGKILL after max(60 s, --time/5) more CPU time)
  --clock wall   --time is wall time: --max-time for both, KLEE --watchdog
  --resume       runs whose directory has its DIR.run.json, or which a --from file
                 holds, are kept, not run again
  --save FILE    every run's figures (those of --from's files too) written to FILE
                 (JSON lines, gzip'd if it ends in .gz; bench/sbs_results.py), so a
                 table can later be built without the runs' directories
  --from FILE    runs saved by --save join the report (a run in --out replaces a
                 saved one of the same program, searcher, tool and repetition);
                 without --resume it only reports (--report-only)
  --replays N    after each symx run, up to N of its tests (every error, the
                 rest spread over the run; default 20) run natively with
                 symx-replay and must end as symx-llvm said (a seeded run's too)
Exit status 0; 1 when a program could not be fetched or built, a run did not
run (a crash, no statistics), a path met an unsupported feature or a native
replay disagreed.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import real_programs as rp  # noqa: E402
import sbs_results as results  # noqa: E402
import seedset  # noqa: E402


stats = rp.load_module("symx_stats", os.path.join(ROOT, "tools", "symx-stats.py"))

TOOLS = ("klee", "eager", "pending")
SEARCHES = ("random-path", "dfs", "nurs:depth")  # the same names in KLEE 3.1


RANDOM = ("random-path", "nurs:depth")  # searchers that draw random numbers: --reps runs


def run_dir(out, prog, tool, search, rep=1):
    return os.path.join(out, prog, "%s-%s%s" % (tool, search.replace(":", "-"),
                                                 "-r%d" % rep if rep > 1 else ""))


def copy_istats(kd):
    """KLEE's coverage over time: run.istats copied as istats/SECONDS.istats
    (symx-stats reads them; one copied mid-write it says and leaves out)."""
    def watch(t):
        src = os.path.join(kd, "run.istats")
        if os.path.exists(src) and os.path.getsize(src):  # empty until KLEE's first write
            os.makedirs(os.path.join(kd, "istats"), exist_ok=True)
            shutil.copyfile(src, os.path.join(kd, "istats", "%d.istats" % t))
    return watch


def seed_options(a, prog, exe, args, tool, log):
    """--seed-file options of a --seeded run (seed set 1 as this tool's
    .ktest), [] without --seeded, None when no seed could be made (said)."""
    if not a.seeded:
        return []
    # KLEE's template run stops at its first test: on a busy machine its 60 s
    # on make ran out with no path ended, and the watchdog's kill -9 left
    # no test at all (its dump of live states never ran)
    cmd = rp.klee_cmd(a.klee, ["--max-tests=1"]) if tool == "klee" else rp.symx_cmd(a.symx, tool)
    try:
        f = seedset.seed_file(cmd, prog, exe, args, os.path.join(a.out, prog, "seed-" + tool), log)
    except (seedset.SeedError, OSError, subprocess.SubprocessError) as e:
        print(json.dumps({"program": prog, "tool": tool, "error": "seed set 1: %s" % e}), flush=True)
        return None
    return ["--seed-file=" + f] if tool == "klee" else ["--seed-file", f]


def replays(a, exe, d):
    """Up to --replays of a symx run's tests run natively by symx-replay on
    the executable of the same build (real_programs.py's choice: every
    error, the rest spread over the run), each of which must end as
    symx-llvm said."""
    try:
        paths = rp.env.read_paths(d)
    except (OSError, ValueError) as e:
        return {"replayed": 0, "replay_agree": 0, "replay_problems": ["no paths: %s" % e]}
    tests = rp.pick_tests(d, paths, a.replays) if a.replays else []
    agree, problems = rp.replay(a.symx, exe, d, paths, tests)
    return {"replayed": len(tests), "replay_agree": agree, "replay_problems": problems[:10]}


def run_one(a, prog, exe, args, tool, search, log, seed, rep=1):
    """One run into its directory (rep 1: both tools' default RNG seed, 5489;
    rep N > 1: seed N); its facts (exit, wall, peak RSS) saved beside it as
    DIR.run.json for --report-only."""
    d = run_dir(a.out, prog, tool, search, rep)
    if a.resume and (os.path.exists(d + ".run.json") or
                     (prog, search, tool, rep, a.seeded) in a.saved):
        return
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(os.path.dirname(d), exist_ok=True)
    if tool == "klee":
        rng = ["--rng-initial-seed=%d" % rep] if rep > 1 else []
        cmd = rp.klee_cmd(a.klee, ["--search=" + search, "--istats-write-interval=5s"] + rng + seed,
                          a.clock)
        rc, wall, peak, cpu = rp.explore(cmd, exe, args, d, a.time, log, copy_istats(d),
                                         a.time if a.clock == "cpu" else None)
    else:
        rng = ["--rng-seed", str(rep)] if rep > 1 else []
        cmd = rp.symx_cmd(a.symx, tool, ["--search", search] + rng + seed, a.clock)
        rc, wall, peak, cpu = rp.explore(cmd, exe, args, d, a.time, log)
    facts = replays(a, exe, d) if tool != "klee" else {}
    facts.update({"program": prog, "tool": tool, "search": search, "seconds": a.time, "exit": rc,
             "rep": rep,
             "wall_s": round(wall, 1), "cpu_s": round(cpu, 1), "clock": a.clock,
             "peak_rss_mib": round(peak, 1),
             "bitcode": exe + ".bc", "args": args, "seeds": seed[-1:]})
    with open(d + ".run.json", "w") as f:
        json.dump(facts, f)


def covered_set(d):
    """{(function, index): (LLVM instructions, "file:line")} of
    DIR/covered-instructions.txt, or None."""
    try:
        with open(os.path.join(d, "covered-instructions.txt")) as f:
            rows = [ln.rstrip("\n").split("\t") for ln in f if ln.strip()]
        return {(r[0], int(r[1])): (int(r[2]), r[3]) for r in rows}
    except (OSError, ValueError, IndexError):
        return None


def summarize(d):
    """A run's summary (sbs_results' form) from its directory, or None when
    it has no DIR.run.json: its record of facts and symx-stats' figures
    ("error" when it has no statistics), a symx run's profile and covered
    instructions, and coverage over time."""
    try:
        with open(d + ".run.json") as f:
            res = json.load(f)
    except (OSError, ValueError):
        return None
    res["dir"] = d
    s = {"record": res, "profile": None, "series": [], "note": None, "covered": None}
    try:
        fig, series, note, _raw = stats.load(d, res.get("bitcode"))
    except (stats.BadRun, OSError) as e:
        res["error"] = "no statistics: %s" % e
        return s
    for k in ("instructions", "covered_instructions", "total_instructions", "covered_lines",
              "total_lines", "paths", "tests", "errors", "queries"):
        res[k] = fig[k]
    s["series"] = [[round(p[0], 1), p[1], p[2], None if p[3] is None else round(p[3], 1)]
                   for p in series]
    s["note"] = note
    if res["tool"] == "klee" and note == "KLEE, all code":
        # no run.istats (KLEE stopped before it wrote one): run.stats counts
        # its libc too, not the program's own functions: no figure to compare
        res["no_istats"] = res.pop("covered_instructions")
        res.pop("covered_lines")
    if res["tool"] != "klee":
        res["unsupported"] = rp.unsupported(d) if os.path.exists(
            os.path.join(d, "messages.txt")) else []
        cov = covered_set(d)
        s["covered"] = None if cov is None else results.encode_covered(cov)
        s["profile"] = profile(res)
    return s


# where a symx run's time went: (column, stats.json engine key, how shown)
PROFILE = (("instructions/s", None, None), ("solver %", "solver_time_ns", "share"),
           ("queries", "solver_queries", "count"), ("forks", "forks", "count"),
           ("pending made", "pending_created", "count"), ("revived", "revivals_sat", "count"),
           ("fast-sat hits", None, None), ("states max", "states_max", "count"),
           ("memory kills", "pressure_kills", "count"), ("peak MiB", None, None))


def profile(r):
    """A symx run's profile row (PROFILE's columns) from its stats.json."""
    try:
        with open(os.path.join(r["dir"], "stats.json")) as f:
            st = json.load(f)
    except (OSError, ValueError, KeyError):
        return None
    eng, wall = st.get("engine", {}), st.get("wall_s") or 0
    cells = []
    for name, key, how in PROFILE:
        if name == "instructions/s":
            secs = st.get("cpu_s") or wall
            cells.append("%.0fk" % (st.get("instructions", 0) / secs / 1e3) if secs else "-")
        elif name == "fast-sat hits":
            cells.append("{:,}".format(sum(eng.get(k, 0) for k in (
                "fastsat_witness_hits", "fastsat_seed_hits", "fastsat_cex_hits"))))
        elif name == "peak MiB":
            cells.append("%.0f" % r.get("peak_rss_mib", 0))
        elif how == "share":  # the solver's clock is wall time
            cells.append("%.0f%%" % (100 * eng.get(key, 0) / 1e9 / wall) if wall else "-")
        else:
            cells.append("{:,}".format(eng.get(key, 0)))
    return cells


def profile_table(prof):
    """The profiles of the median runs: where the time went, per program,
    searcher and mode (the issue asks for it where pending falls short)."""
    if not prof:
        return
    print("\nwhere symx's time went (median runs; instructions per CPU second, the solver's share "
          "of wall time, pending states made and revived, states killed at the memory cap)\n")
    print("| program | searcher | mode | " + " | ".join(n for n, _, _ in PROFILE) + " |")
    print("|---|---|---|" + "---|" * len(PROFILE))
    for (prog, search, tool), cells in prof:
        print("| %s | %s | %s | %s |" % (prog, search, tool, " | ".join(cells)))


def union(runs, cov):
    """Pending's and eager's covered instructions and lines together."""
    if any(cov.get(t) is None for t in ("pending", "eager")):
        return {"instructions": None, "lines": None,
                "note": "a run without covered-instructions.txt"}
    u = {**cov["pending"], **cov["eager"]}
    return {"instructions": sum(n for n, _ in u.values()),
            "lines": len({loc for _, loc in u.values() if loc != "?"})}


def median_run(runs):
    """Of a configuration's repetitions (RNG seeds), the one with the median
    covered instructions (the lower of two middles), with the spread."""
    good = sorted((r for r in runs if "covered_instructions" in r),
                  key=lambda r: r["covered_instructions"])
    if not good:
        return runs[0]
    m = dict(good[(len(good) - 1) // 2])
    m["reps"] = len(good)
    m["covered_min"], m["covered_max"] = good[0]["covered_instructions"], good[-1]["covered_instructions"]
    return m


def cell(r):
    if r and "no_istats" in r:
        return "no run.istats (all code %d)" % r["no_istats"]
    if not r or "covered_instructions" not in r:
        return "-"
    spread = " [%d-%d]" % (r["covered_min"], r["covered_max"]) if r.get("reps", 1) > 1 else ""
    return "%d (%d)%s" % (r["covered_instructions"], r["covered_lines"], spread)


def replay_cell(reps):
    """Native replays agreeing / replayed over a configuration's runs."""
    done = [r for r in reps if "replayed" in r]
    if not done:
        return "-"
    return "%d/%d" % (sum(r["replay_agree"] for r in done), sum(r["replayed"] for r in done))


def table_row(prog, search, runs, u, replayed):
    k, p = runs.get("klee"), runs.get("pending")
    ratio = "-"
    if k and p and k.get("covered_instructions") and "covered_instructions" in p:
        ratio = "%.2f" % (p["covered_instructions"] / k["covered_instructions"])
    both = "-" if u["instructions"] is None else "%d (%d)" % (u["instructions"], u["lines"])
    # the totals differ: KLEE links its libc and drops functions never called
    totals = "/".join(str(runs[t]["total_instructions"]) if "total_instructions" in runs.get(t, {})
                      else "-" for t in ("pending", "klee"))
    peak = "/".join("%.0f" % runs[t]["peak_rss_mib"] if "peak_rss_mib" in runs.get(t, {})
                    else "-" for t in TOOLS)
    return "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
        prog, search, totals, cell(k), cell(runs.get("eager")), cell(p), ratio, both, peak,
        " / ".join(replayed.get(t, "-") for t in ("eager", "pending")))


HEADER = ("| program | searcher | instructions symx/KLEE | KLEE 3.1 | symx eager | symx pending | "
          "pending/KLEE | pending ∪ eager | peak MiB KLEE/eager/pending | "
          "native replays agreeing eager / pending |\n"
          "|---|---|---|---|---|---|---|---|---|---|")


def gather(a, programs):
    """{key: summary} of the runs of --from's files, then of --out's
    directories (which replace a saved run of the same key, except a run of
    a tool --tool leaves out: its saved summary is used as it is, since
    reading a KLEE run's istats again costs minutes; a saved run whose
    directory is gone stays, and later reps are still read); a --from file
    that cannot be read: said, None."""
    runs = {}
    for path in a.from_ or []:
        try:
            runs.update(results.load(path))
        except (OSError, ValueError, EOFError) as e:
            print("real_side_by_side.py: --from %s: %s" % (path, e), file=sys.stderr)
            return None
    for prog in programs:
        for search in a.search:
            for tool in TOOLS:
                for rep in range(1, 100):
                    if tool not in a.tool and (prog, search, tool, rep, a.seeded) in runs:
                        continue
                    s = summarize(run_dir(a.out, prog, tool, search, rep))
                    if s is None:  # a saved run whose directory is gone: kept
                        if (prog, search, tool, rep, a.seeded) in runs:
                            continue
                        break
                    runs[results.key(s["record"])] = s
    return {k: s for k, s in runs.items() if k[0] in programs and k[1] in a.search
            and k[4] == a.seeded}


def report(a, programs):
    """The JSON per run and the markdown table; False when a run failed."""
    every = gather(a, programs)
    if every is None:
        return False
    ok, rows, prof, medians = True, [], [], set()
    for prog in programs:
        for search in a.search:
            runs, cov, replayed = {}, {}, {}
            for tool in TOOLS:
                reps = [s for k, s in sorted(every.items()) if k[:3] == (prog, search, tool)]
                for s in reps:
                    r = s["record"]
                    print(json.dumps(r, sort_keys=True), flush=True)
                    ok &= "error" not in r and not r.get("unsupported") and not r.get(
                        "replay_problems")
                if not reps:
                    continue
                replayed[tool] = replay_cell([s["record"] for s in reps])
                runs[tool] = median_run([s["record"] for s in reps])
                med = next(s for s in reps if s["record"].get("rep", 1) == runs[tool].get("rep", 1))
                medians.add(results.key(med["record"]))
                cov[tool] = results.decode_covered(med["covered"])
                if med["profile"]:
                    prof.append(((prog, search, tool), med["profile"]))
            if not runs:
                continue
            u = union(runs, cov)
            print(json.dumps({"program": prog, "search": search, "union_pending_eager": u}))
            rows.append(table_row(prog, search, runs, u, replayed))
    if rows:
        print("\ncovered instructions (lines) of the program's own functions as symx-stats "
              "counts them; with several runs (--reps) the median run's, [min-max]\n")
        print(HEADER)
        print("\n".join(rows))
        profile_table(prof)
    if a.save:
        results.save(a.save, every, medians)
    if a.plot and not plot(a, programs[0], every):
        print("real_side_by_side.py: --plot %s: no chart" % a.plot, file=sys.stderr)
        ok = False
    return ok


def cpu_series(s):
    """The run's series over CPU time (--clock cpu: the time its limit
    counted). Runs saved before symx-llvm recorded CPU time get it as wall
    time scaled by the run's CPU/wall, which their legend says."""
    series, rec = s["series"], s["record"]
    if all(len(p) > 3 and p[3] is not None for p in series):
        return series, s["note"]
    scale = rec.get("cpu_s", 0) / rec["wall_s"] if rec.get("wall_s") else 0
    note = "CPU time: wall x %.2f" % scale
    return [p[:3] + [p[0] * scale] for p in series], "; ".join(filter(None, (s["note"], note)))


def plot(a, prog, every):
    """Coverage over time of PROG's first runs with --plot-search, one curve a
    tool, over the clock the runs were limited by."""
    curves, xaxis = [], "cpu" if a.clock == "cpu" else "time"
    for tool in TOOLS:
        s = every.get((prog, a.plot_search, tool, 1, a.seeded))
        if not s or not s["series"]:
            continue
        label = "%s %s (%s)" % (prog, tool if tool != "klee" else "KLEE 3.1", a.plot_search)
        series, note = cpu_series(s) if xaxis == "cpu" else (s["series"], s["note"])
        curves.append(stats.curve(tool, label, series, note, xaxis))
    return bool(curves) and stats.plot(a.plot, curves, xaxis) == 0


def run_program(a, prog):
    """All runs of one program; False when it could not be fetched or built."""
    args = rp.PROGRAMS[prog]["args"]
    log = os.path.join(a.out, prog + ".log")
    exe, err = rp.prepare(prog, a.work, a.symx, log)
    if not exe:
        print(json.dumps({"program": prog, "error": err}), flush=True)
        return False
    ok = True
    for tool in a.tool:
        seed = seed_options(a, prog, exe, args, tool, log) if tool != "klee" or a.klee else None
        ok &= seed is not None or (tool == "klee" and not a.klee)
        for search in a.search if seed is not None else []:
            for rep in range(1, (a.reps if search in RANDOM else 1) + 1):
                run_one(a, prog, exe, args, tool, search, log, seed, rep)
    return ok


def parse():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work", default=os.path.join(ROOT, ".deps", "real"))
    ap.add_argument("--out")
    ap.add_argument("--time", type=int, default=600)
    ap.add_argument("--only", action="append")
    ap.add_argument("--search", action="append")
    ap.add_argument("--tool", action="append", choices=TOOLS)
    ap.add_argument("--klee")
    ap.add_argument("--symx", default=os.path.join(ROOT, "build", "frontends", "llvm"))
    ap.add_argument("--plot")
    ap.add_argument("--plot-search", default="random-path")
    ap.add_argument("--report-only", action="store_true")
    ap.add_argument("--seeded", action="store_true")
    ap.add_argument("--reps", type=int, default=1)
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    ap.add_argument("--replays", type=int, default=20)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--save")
    ap.add_argument("--from", dest="from_", action="append")
    a = ap.parse_args()
    a.work, a.symx = os.path.abspath(a.work), os.path.abspath(a.symx)
    a.out = os.path.abspath(a.out or os.path.join(a.work, "side-by-side"))
    if a.from_ and not a.resume:  # saved runs to read, none to add
        a.report_only = True
    if a.seeded:  # the seeded runs beside the others, the same layout
        a.out += "-seed1"
    a.search = a.search or list(SEARCHES)
    a.tool = a.tool or list(TOOLS)
    return a


def main():
    a = parse()
    programs = a.only or ["bc", "m4", "make", "sqlite3", "tcpdump"]
    bad = [p for p in programs if p not in rp.PROGRAMS]
    if bad and not a.report_only:  # --report-only: any directory of --out
        sys.exit("real_side_by_side.py: no program %s (%s)" % (", ".join(bad),
                 ", ".join(sorted(rp.PROGRAMS))))
    ok = True
    if a.klee and not (os.path.isfile(a.klee) and os.access(a.klee, os.X_OK)):
        print(json.dumps({"tool": "klee", "error": "%s: not an executable; KLEE left out" %
                          a.klee}), flush=True)
        a.klee, ok = None, False
    a.saved = set()
    for path in (a.from_ or []) if a.resume and not a.report_only else []:
        try:
            a.saved |= set(results.load(path))
        except (OSError, ValueError, EOFError) as e:
            sys.exit("real_side_by_side.py: --from %s: %s" % (path, e))
    if not a.report_only:
        os.makedirs(a.work, exist_ok=True)
        os.makedirs(a.out, exist_ok=True)
        for prog in programs:
            ok &= run_program(a, prog)
    ok &= report(a, programs)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
