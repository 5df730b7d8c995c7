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
the instructions forward).

--real WORK adds the real-program tasks REAL_TARGETS (issue 17): Otter's
own Coreutils tasks in Debian's Coreutils 9.1 (paste, seq, ptx, mkdir,
mkfifo, mknod, md5sum, pr: the lines that now handle the inputs of 6.10's
bugs; not tac's and ptx's second: no line of 9.1 was found that handles
their inputs), and
lines of bc 1.07.1 and m4 1.4.19 a 600 s random-path run leaves uncovered.
WORK holds the trees bench/real_programs.py builds (bc-1.07.1/bc/bc.bc,
m4-1.4.19/src/m4.bc, coreutils-9.1/src/P.bc; a missing one is built
first), run with --libc full and REAL_PROGRAMS' arguments:
each directed configuration gets --real-time CPU seconds (120) over
--real-seeds seeds (5), random-path (symx-llvm's defaults: pending,
directed revival) --real-rp-time (600) over --real-rp-seeds (3), in
--real-mode (pending). A configuration whose first
seed does not reach the target is not run on the others. The speed-up is
random-path's median CPU time (and instructions) over the best
configuration's; when
random-path did not reach the target it is censored: more than
--real-rp-time over the best's ("> Nx"). --real-only: only these tasks.
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
target was reached and of the run's CPU time (stats.json; a run that did
not reach it counts as infinite), and how many runs reached it. A run is
deterministic given its seed; one that reaches its target in less than
--repeat-below CPU s (1) is run --repeat times (3) and its least CPU
time counts, since milliseconds of CPU time vary with what the other core
does; should a repeat run other instructions, the first run counts alone
(said on stderr). One JSON
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
sys.path.insert(0, HERE)
import real_programs  # noqa: E402  (builds the real tasks' programs)
SEARCHERS = ["sdse", "sdse-pr", "rr(rp,sdse)", "batch(rr(rp,sdse))", "ccbse(rp)", "mix-ccbse(rp)",
             "ccbse(sdse)", "mix-ccbse(sdse)", "random-path", "nurs:md2u"]
UNDIRECTED = {"random-path", "nurs:md2u"}  # run as KLEE would: no directed revival
MODES = ["pending", "eager"]
# Lines of bc 1.07.1 (--real) that random-path left uncovered in 600 s of CPU
# (seeds 1-3, `--libc full --mode pending --search random-path --time-clock
# cpu --max-time 600s`), each reached natively by a short input (the reason):
REAL_TARGETS = [
    ("bc", "execute.c:439", "the '%' (remainder) instruction: an input such as 1%1"),
    ("bc", "scan.l:247", "the keyword limits (6 letters through flex's tables)"),
    ("bc", "util.c:323", "out_char's line break, an output of 70 digits: 9^99"),
    # m4 1.4.19: builtins none of whose code the median (seed 3) of three 600 s
    # random-path pending runs covered (bench/results/real-600-m4.jsonl.gz),
    # each reached by a short stdin with the first argument "-":
    ("m4", "builtin.c:1738", "len's result (shipout_int): len(a)"),
    ("m4", "builtin.c:1790", "substr past its argument count check: substr(ab,1)"),
    ("m4", "builtin.c:1163", "incr's result, a numeric argument: incr(1)"),
    # Otter's Coreutils tasks (the lower rows of its Table 3.1: Coreutils
    # 6.10's bugs) in Debian's Coreutils 9.1 (real_programs.COREUTILS), where
    # each bug is fixed: the target is the line that now handles the bug's
    # input, reached by the same short command line (the reason).
    ("paste", "paste.c:140", "a delimiter list ending in a backslash (Otter's paste -d\\\\ abc...)"),
    ("seq", "seq.c:265", "a format that ends after %0 (Otter's seq -f %0 1)"),
    ("ptx", "ptx.c:383", "a lone backslash ending -F's string (Otter's ptx -F\\\\ abc...)"),
    # 6.10 crashed quoting -Z's argument when setting the context failed;
    # 9.1's -Z takes none, --context=CTX does, and without SELinux 9.1
    # warns that it ignores it (reached by --c=)
    ("mkdir", "mkdir.c:247", "--context=CTX on a kernel without SELinux (Otter's mkdir -Z a b)"),
    ("mkfifo", "mkfifo.c:121", "--context=CTX on a kernel without SELinux (Otter's mkfifo -Z a b)"),
    ("mknod", "mknod.c:138", "--context=CTX on a kernel without SELinux (Otter's mknod -Z a b p)"),
    # 6.10 read before a BSD-style line's empty file name (6.11's NEWS:
    # echo 'MD5 (' | md5sum -c -); 9.1 rejects the line
    ("md5sum", "digest.c:630", "a BSD-style line ending after 'MD5 (' (Otter's md5sum -c t1.txt)"),
    # 6.10 let backspaces make the column negative, and a tab then overran
    # its buffer; 9.1 holds the column at 0
    ("pr", "pr.c:2709", "a backspace at column 0 (Otter's pr -e t2.txt: backspaces, then a tab)"),
]
# nurs:covnew runs with symx-llvm's defaults as every real task does, so its
# pending states are revived nearest to the target first (directed_revival):
# KLEE's new-coverage order over the running states, the distance over the
# pending ones (h-dir17: it reached m4's builtin.c:1738 in 1 of 4 runs, the
# only configuration that reached an m4 task).
REAL_SEARCHERS = ["sdse", "sdse-pr", "rr(rp,sdse)", "ccbse(rp)", "mix-ccbse(rp)", "ccbse(sdse)",
                  "mix-ccbse(sdse)", "nurs:covnew", "nurs:md2u"]
REAL_PROGRAMS = {"bc": (os.path.join("bc-1.07.1", "bc", "bc.bc"), ["--sym-stdin", "20"]),
                 "m4": (os.path.join("m4-1.4.19", "src", "m4.bc"),
                        ["-G", "-H37", "--sym-arg", "2", "--sym-arg", "5", "--sym-stdin", "20"])}
# Otter's (10, 2, 2) as KLEE gave Coreutils: up to three arguments, the
# first of 10 bytes, the others of 2; 8 bytes of stdin
REAL_PROGRAMS.update({p: (os.path.join("coreutils-9.1", "src", p + ".bc"),
                          ["--sym-args", "0", "1", "10", "--sym-args", "0", "2", "2",
                           "--sym-stdin", "8"]) for p in real_programs.COREUTILS})


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


def one_run(a, task, mode, search, seed, work, defaults=False):
    name, bc, target, pre, post, limit = task
    od = os.path.join(work, "o")
    sets = [] if defaults else [
        "--set", "directed_revival=%d" % ((search not in UNDIRECTED or a.defaults) and a.revival),
        "--set", "pending_joint=%d" % (search in UNDIRECTED and a.joint)]
    cmd = [a.symx, "--quiet", "--mode", mode, "--search", search, "--rng-seed", str(seed),
           "--time-clock", "cpu", "--max-time", "%ds" % limit, "--target", target] + sets + [
           "--output-dir", od] + pre + [bc] + post
    first = run_once(cmd, od)
    if first[1] is None or first[1] >= a.repeat_below:
        return first
    # a short run's CPU time is mostly noise (caches, the other core's
    # work): the run is deterministic given its seed, so it is repeated and
    # its least CPU time counts
    cpus = [first[1]]
    for _ in range(a.repeat - 1):
        again = run_once(cmd, od)
        if again[0] != first[0]:  # not the same run: its first time stands
            print("directed.py: %s %s seed %d ran %s instructions, then %s: the first run's CPU "
                  "time counts" % (name, search, seed, first[0], again[0]), file=sys.stderr)
            return first
        cpus.append(again[1])
    return (first[0], min(cpus), first[2])


def run_once(cmd, od):
    """One symx-llvm run: (instructions to the target or None, its CPU s or
    None, solver queries)."""
    subprocess.run(["rm", "-rf", od])
    p = subprocess.run(cmd, capture_output=True)
    # 1: errors found on the way; 3: a limit (or memory) cut the exploration
    if p.returncode not in (0, 1, 3):
        raise SystemExit("symx-llvm failed: %s" % p.stderr.decode()[-500:])
    f = open(os.path.join(od, "targets.txt")).read().split()
    stats = json.load(open(os.path.join(od, "stats.json")))
    reached = f[1] == "reached"
    # the run stops at the target: its CPU time is the time to reach it
    return (int(f[3]) if reached else None, stats["cpu_s"] if reached else None,
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
    ap.add_argument("--repeat", type=int, default=3,
                    help="a run that reaches its target in under --repeat-below CPU s runs this "
                         "many times; its least CPU time counts")
    ap.add_argument("--repeat-below", type=float, default=1.0)
    ap.add_argument("--search", action="append", help="only these searchers (repeatable)")
    ap.add_argument("--program", action="append", help="only these programs (repeatable)")
    ap.add_argument("--real", metavar="WORK",
                    help="also the real-program tasks REAL_TARGETS (WORK: bench/real_programs.py's "
                         "--work, holding bc-1.07.1/bc/bc.bc)")
    ap.add_argument("--real-time", type=int, default=120, help="CPU s per directed run")
    ap.add_argument("--real-seeds", type=int, default=5)
    ap.add_argument("--real-rp-time", type=int, default=600, help="CPU s per random-path run")
    ap.add_argument("--real-rp-seeds", type=int, default=3,
                    help="0: random-path not run (its 600 s runs are known not to reach the "
                         "targets: the speed-up is then censored at --real-rp-time)")
    ap.add_argument("--real-mode", action="append", help="modes of the real tasks (pending)")
    ap.add_argument("--real-only", action="store_true", help="only the real-program tasks")
    ap.add_argument("--target", action="append",
                    help="only these real targets (FILE:LINE; one not in REAL_TARGETS is added, "
                         "as bc's)")
    a = ap.parse_args()
    if a.real_only and not a.real:
        ap.error("--real-only needs --real WORK")
    progs = {"validate": os.path.join(HERE, "directed", "validate.c"),
             "latercall": os.path.join(HERE, "directed", "latercall.c"),
             "deep": os.path.join(ROOT, "tests", "llvm", "ccbse", "deep.c")}
    rows = []
    with tempfile.TemporaryDirectory() as work:
        tasks = []
        for name in [] if a.real_only else a.program or list(progs):
            src = progs[name]
            bc = os.path.join(work, name + ".bc")
            subprocess.run([a.clang, "-emit-llvm", "-c", "-g", "-O0", "-Xclang",
                            "-disable-O0-optnone", "-I" + os.path.join(ROOT, "include"), src, "-o",
                            bc], check=True)
            tasks.append(((name, bc, target_of(src), [], [], a.time), a.seeds))
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
        real = real_tasks(a, work) if a.real else []
    if rows:
        print("\n| program | mode | search | reached | instructions (median) | CPU s (median) |")
        print("|---|---|---|---|---|---|")
    for r in rows:
        ins = "inf" if r["instructions_median"] is None else "%d" % r["instructions_median"]
        sec = "inf" if r["seconds_median"] is None else "%.3f" % r["seconds_median"]
        print("| %s | %s | %s | %d/%d | %s | %s |" % (r["program"], r["mode"], r["search"],
                                                     r["reached"], r["runs"], ins, sec))
    if real:
        print_real(a, real)
    return 0


def real_tasks(a, work):
    """The real-program tasks: per target and mode, random-path's runs and
    each directed configuration's (the later seeds only when the first
    reached it); rows as the synthetic ones', plus the task's reason."""
    rows = []
    known = [t for _, t, _ in REAL_TARGETS]
    extra = [("bc", t, "given by --target") for t in a.target or [] if t not in known]
    for prog, target, why in REAL_TARGETS + extra:
        if a.target and target not in a.target:
            continue
        rel, post = REAL_PROGRAMS[prog]
        bc = os.path.join(a.real, rel)
        if not os.path.exists(bc):
            _, err = real_programs.prepare(prog, a.real, os.path.dirname(a.symx), os.path.join(a.real,
                                                                                  prog + ".log"))
            if err:
                print("directed.py: %s: %s" % (prog, err), file=sys.stderr)
                continue
        for mode in a.real_mode or ["pending"]:
            base = ("%s %s" % (prog, target), bc, target, ["--libc", "full"], post)
            for se in (a.search or REAL_SEARCHERS) + ["random-path"] * (a.real_rp_seeds > 0):
                is_rp = se == "random-path"
                task = base + (a.real_rp_time if is_rp else a.real_time,)
                runs = []
                for s in range(1, (a.real_rp_seeds if is_rp else a.real_seeds) + 1):
                    runs.append(one_run(a, task, mode, se, s, work, defaults=True))
                    if not is_rp and runs[0][0] is None:
                        break  # not reached with seed 1: not run on the others
                row = {"program": task[0], "why": why, "mode": mode, "search": se,
                       "limit_s": task[5], "reached": sum(r[0] is not None for r in runs),
                       "runs": len(runs), "instructions_median": median([r[0] for r in runs]),
                       "cpu_median": median([r[1] for r in runs]),
                       "instructions": [r[0] for r in runs], "cpu": [r[1] for r in runs]}
                print(json.dumps(row), flush=True)
                rows.append(row)
    return rows


def print_real(a, rows):
    print("\n| task | mode | search | reached | instructions (median) | CPU s (median) |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print("| %s | %s | %s | %d/%d | %s | %s |" % (r["program"], r["mode"], r["search"],
                                                     r["reached"], r["runs"], num(r, "instructions"),
                                                     num(r, "cpu")))
    print("\n| task | mode | best directed | its CPU s | its instructions | random-path CPU s "
          "| random-path instructions | speed-up (CPU) | speed-up (instructions) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for key in dict.fromkeys((r["program"], r["mode"]) for r in rows):
        mine = [r for r in rows if (r["program"], r["mode"]) == key]
        rp = next((r for r in mine if r["search"] == "random-path"),
                  {"limit_s": a.real_rp_time, "cpu_median": None, "runs": 0})
        done = [r for r in mine if r["search"] != "random-path" and r["cpu_median"] is not None]
        if not done:
            print("| %s | %s | none in %d s | | | %s | | | |" % (key + (a.real_time, rp_s(rp))))
            continue
        best = min(done, key=lambda r: (r["cpu_median"], r["instructions_median"]))
        print("| %s | %s | %s | %.3f | %d | %s | %s | %s | %s |" % (
            key + (best["search"], best["cpu_median"], best["instructions_median"], rp_s(rp),
                   num(rp, "instructions") if rp["runs"] else "", speedup(rp, best, "cpu"),
                   speedup(rp, best, "instructions"))))
    pairs = {}
    for r in rows:
        pairs.setdefault((r["program"], r["search"]), {})[r["mode"]] = r
    both = [(k, m) for k, m in pairs.items() if len(m) == 2]
    if both:
        print("\n| task | search | pending CPU s | eager CPU s | pending instructions "
              "| eager instructions |")
        print("|---|---|---|---|---|---|")
        for (task, se), m in both:
            print("| %s | %s | %s | %s | %s | %s |" % (task, se, num(m["pending"], "cpu"),
                                                       num(m["eager"], "cpu"),
                                                       num(m["pending"], "instructions"),
                                                       num(m["eager"], "instructions")))


def num(r, what):
    """A real row's median (CPU s or instructions), or "> LIMIT s" when
    more than half its runs did not reach the target."""
    m = r.get(what + "_median")
    if m is None:
        return "> %d s" % r["limit_s"]
    return "%.3f" % m if what == "cpu" else "%d" % m


def speedup(rp, best, what):
    """random-path's median over the best's; censored ("> N x") when
    random-path did not reach the target: its limit stands in (CPU only)."""
    b = best[what + "_median"]
    if not rp["runs"]:
        return ""
    if rp.get(what + "_median") is None:
        return "> %.0fx" % (rp["limit_s"] / max(b, 0.001)) if what == "cpu" else "censored"
    return "%.1fx" % (rp[what + "_median"] / max(b, 0.001 if what == "cpu" else 1))


def rp_s(r):
    if not r["runs"]:
        return "not run (--real-rp-seeds 0)"
    return ("not reached in %d (%d seeds)" % (r["limit_s"], r["runs"]) if r["cpu_median"] is None
            else "%.3f" % r["cpu_median"])


if __name__ == "__main__":
    sys.exit(main())
