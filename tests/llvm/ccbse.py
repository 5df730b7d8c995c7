#!/usr/bin/python3
"""ccbse.py — symx-llvm --search ccbse(S) and mix-ccbse(S) (Otter's
call-chain-backward search; issue 17).

For each program of tests/llvm/directed and tests/llvm/ccbse, and each of
its lines marked '// target' alone (CCBSE is single-target): a line is
reachable when an exhaustive run (dfs, no target) covers it. CCBSE and
Mix-CCBSE with each inner searcher, in eager and pending mode, must reach
it exactly when it is reachable; the reaching test case (from main) must
replay natively (an instrumented build with libsymx-replay) to the line,
also when it is a stitched path's (the callee's stored condition joined at
the call, stitch.c; some runs must be);
OUTDIR/ccbse.txt must name an origin (or the forward search) and every
path of paths.jsonl an origin among the program's functions; CCBSE from
another function than main reaches it by following a stored path, by a
join, or past a join that cannot hold (then it goes into the callee
freely). Under
ccbse(sdse), a path whose join at a call cannot hold has the way into that
callee blocked in its distance: every picked state's distance
(--print-distances, blocked=K) must be directed.py's BFS on the ICFG with
the goal not counted in the blocked frames, and some must be blocked. An
origin keeps several reaching paths (--ccbse-paths, default 4), each tried
at a call: some origin must have kept two (two.c needs its second). Two targets,
or --entry beside ccbse, are status 2 with one message. A program's
comment may say 'ccbse-args: ARGS' (its runs get ARGS; several: each a set
of runs, 'ccbse-args:' alone none) and 'must-join'
(some run of it must reach its target by a join: byval.c's struct passed
by value), and 'ccbse-argv: ARGS' the program's arguments (after the
bitcode: --sym-args & co.; its tests replayed with symx-replay): argv.c's
target is behind a pointer into argv[1], which only the environment
runtime's main makes as the command line says.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import directed  # noqa: E402  (the native build, the reachable lines, targets.txt)
from checks import modes_by_turns  # noqa: E402

SEARCHERS = ["ccbse(rp)", "ccbse(sdse)", "mix-ccbse(rp)", "mix-ccbse(sdse)"]
MODES = ["eager", "pending"]


def functions_of(src):
    return set(re.findall(r"^\w[\w\s\*]*?\b(\w+)\s*\([^;]*\)\s*\{", open(src).read(), re.M))


def argv_of(src):
    """The program's arguments its comment gives ('ccbse-argv: ARGS'),
    after the bitcode in every run of it."""
    m = re.search(r"ccbse-argv:\s*([^)\n]*)", open(src).read())
    return m.group(1).split() if m else []


def check_program(a, src, work, modes=MODES):
    base = os.path.basename(src)
    lines = directed.targets_of(src)
    argv = argv_of(src)
    covered = directed.reachable_lines(a, src, work, argv)
    exe = directed.native_build(a, src, work)
    fns = functions_of(src)
    text = open(src).read()
    # each 'ccbse-args:' a set of runs with those arguments (none: one set)
    extras = [m.split() for m in re.findall(r"ccbse-args:([^)\n;]*)", text)] or [[]]
    problems, runs = [], 0
    stitched, kept = [0], [0]
    for ln, (k, extra) in ((ln, e) for ln in lines for e in enumerate(extras)):
        spec = "%s:%d" % (base, ln)
        for mode in modes:
            for se in SEARCHERS:
                od = os.path.join(work, "%s-%d-%d-%s-%s" % (base, ln, k, mode, re.sub(r"\W", "_", se)))
                directed.symx(a, ["--mode", mode, "--search", se, "--target", spec, "--output-dir", od] +
                              extra + [directed.bitcode(a, src, work)] + argv)
                runs += 1
                what = "%s %s %s" % (mode, se, spec)
                test = directed.read_targets(od).get(spec, "missing")
                if test == "missing":
                    problems.append("%s: not in targets.txt" % what)
                elif (test is not None) != (ln in covered):
                    problems.append("%s: %s, but it is %sreachable" %
                                    (what, "reached" if test else "not reached", "" if ln in covered else "un"))
                elif test and ln not in directed.native_lines(exe, os.path.join(od, test + ".ktest"), work,
                                                              a.replay if argv else None):
                    problems.append("%s: %s does not replay natively to the line" % (what, test))
                # "forward main ...": Mix-CCBSE's forward search, main's origin
                origins = {ln2.split()[1] for ln2 in open(os.path.join(od, "ccbse.txt"))
                           if ln2.startswith(("origin ", "forward "))}
                if not origins:
                    problems.append("%s: no origin in ccbse.txt" % what)
                # a target outside main reached from main: by a path that
                # followed the stored path of a function it calls, or joined
                # its condition at the call (stitched: its test case is the
                # join's, replayed natively above)
                txt = open(os.path.join(od, "ccbse.txt")).read().split()
                follows = int(txt[txt.index("follows") + 1])
                joined = txt[txt.index("main") + 1] == "joined"
                unsat = int(txt[txt.index("unsat") + 1])
                stitched[0] += joined and test is not None
                # "origin F chain C instructions I reached-at R paths N"
                kept[0] = max([kept[0]] + [int(txt[i + 1]) for i, w in enumerate(txt) if w == "paths"])
                if test and se.startswith("ccbse") and len(origins) > 1 and not (follows or joined or unsat):
                    problems.append("%s: reached from main without following a stored path "
                                    "or trying a join" % what)
                for rec in map(json.loads, open(os.path.join(od, "paths.jsonl"))):
                    if rec.get("origin", "main") not in fns:
                        problems.append("%s: a path of origin %r" % (what, rec.get("origin")))
                        break
    if "must-join" in text and not stitched[0]:
        problems.append("%s: no run reached its target by a join" % base)
    return problems, runs, stitched[0], kept[0]


def check_blocked(a, src, work):
    """ccbse(sdse): each picked state's distance (--print-distances), also
    of one whose way into a callee a failed join blocked (blocked=K),
    against directed.py's BFS on the ICFG; problems, lines checked, blocked
    lines seen."""
    base = os.path.basename(src)
    problems, checked, blocked = [], 0, 0
    for ln in directed.targets_of(src):
        od = os.path.join(work, "%s-%d-blocked" % (base, ln))
        p = directed.symx(a, ["--search", "ccbse(sdse)", "--mode", "eager", "--print-distances",
                              "--output-module", "--target", "%s:%d" % (base, ln),
                              "--output-dir", od, src])
        text = subprocess.run([a.llvm_dis, "-o", "-", os.path.join(od, "final.bc")], check=True,
                              capture_output=True).stdout.decode()
        nodes, entry = directed.build_icfg(directed.llvmir.parse_ll(text), text)
        directed.node_lines(nodes, text, base)
        index = {v["id"]: i for i, v in enumerate(nodes)}
        for st in sorted(set(p.stdout.decode().split("\n"))):
            if not st.startswith("state "):
                continue
            frames = [f.split() for f in st[6:].split("|")]
            vals = dict(x.split("=") for x in frames[-1][3:])
            keys = [(f[0], int(f[1]), int(f[2])) for f in frames]
            if any(k not in index for k in keys):
                problems.append("%s: %s: a node not in the module" % (base, st))
                continue
            stack = tuple(index[k] for k in reversed(keys[1:]))
            b = int(vals.get("blocked", 0))
            want = directed.bfs(nodes, entry, index[keys[0]], lambda v, s, ln=ln: ln in nodes[v]["lines"],
                                stack, blocked=b)
            got = None if vals["n0"] == "inf" else int(vals["n0"])
            checked += 1
            blocked += b != 0
            if got != want:
                problems.append("%s:%d: %s: n0 is %s by BFS" % (base, ln, st, want))
    return problems, checked, blocked


def check_bad(a, work):
    src = os.path.join(a.dir, "deep.c")
    problems = []
    for args, want in ((["--search", "ccbse", "--target", "deep.c:10", "--target", "deep.c:12"], "one --target"),
                       (["--search", "mix-ccbse(rp)"], "one --target"),
                       (["--search", "ccbse", "--target", "deep.c:10", "--entry", "f"], "--entry"),
                       (["--search", "ccbse(rp", "--target", "deep.c:10"], "ccbse(S)")):
        p = directed.symx(a, args + [src], check=False)
        err = p.stderr.decode()
        if p.returncode != 2 or want not in err or len(err.strip().split("\n")) != 1:
            problems.append("%s: status %d, %r" % (args, p.returncode, err))
    # a limit before the target: incomplete (3), said; the target reached: 0
    for lim, status in ((["--max-instructions", "5"], 3), ([], 0)):
        p = subprocess.run([a.symx, "--time-clock", "cpu", "--max-time", "120s", "-I" + a.include,
                            "--search", "ccbse(rp)", "--target", "deep.c:10",
                            "--output-dir", os.path.join(work, "limit-%d" % status)] + lim + [src],
                           capture_output=True, timeout=300)
        err = p.stderr.decode()
        said = "a limit ended CCBSE before its target" in err
        if p.returncode != status or said != (status == 3):
            problems.append("ccbse(rp) %s: status %d (want %d), %r" % (lim, p.returncode, status, err))
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--replay-dir", required=True)
    ap.add_argument("--replay", required=True, help="symx-replay (a program's arguments, stdin)")
    ap.add_argument("--include", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--directed-dir", required=True)
    ap.add_argument("--clang", default="clang-14")
    ap.add_argument("--llvm-dis", default="llvm-dis-14")
    a = ap.parse_args()
    progs = sorted(os.path.join(d, f) for d in (a.directed_dir, a.dir)
                   for f in os.listdir(d) if f.endswith(".c"))
    problems = []
    with tempfile.TemporaryDirectory() as work:
        joins, most = 0, 0
        for i, src in enumerate(progs):
            # both modes in the plain build; under the sanitizers one, by turns
            p, n, j, k = check_program(a, src, work, modes_by_turns(MODES, i))
            joins += j
            most = max(most, k)
            print("%s: %d ccbse runs (%d reached by a join): %s" %
                  (os.path.basename(src), n, j, "ok" if not p else "FAIL"))
            problems += p
        if not joins:  # the oracle above must have seen stitched paths
            problems.append("no run reached its target by stitching")
        if most < 2:  # two.c: g's second path is the one its caller joins
            problems.append("no origin kept more than one reaching path")
        nblocked = 0
        # the BFS reads the program's own module: not one linked with the
        # environment runtime (argv.c's)
        for src in (s for s in progs if not argv_of(s)):
            p, n, b = check_blocked(a, src, work)
            nblocked += b
            print("%s: %d ccbse(sdse) distances against the BFS (%d blocked): %s" %
                  (os.path.basename(src), n, b, "ok" if not p else "FAIL"))
            problems += p
        if not nblocked:  # a failed join's block must have been checked
            problems.append("no picked state had a blocked call")
        p = check_bad(a, work)
        print("bad arguments: %s" % ("ok" if not p else "FAIL"))
        problems += p
    for p in problems:
        print("  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
