#!/usr/bin/python3
"""directed.py — symx-llvm's targets and directed searchers (issue 17, Otter).

For each program tests/llvm/directed/*.c, its targets are the lines marked
'// target':
  1. distances: --print-distances against a brute-force breadth-first
     search on the program's ICFG, built here from llvm-dis-14 of the module
     symx-llvm ran (--output-module): nodes are a block's instructions up to
     a call of a defined function and the rest after it; a search state is
     (node, stack of return nodes), so calls and returns match by
     construction. N (no return past the start) and X (to the function's
     return) of every node must be what symx-llvm printed;
  2. the reachable targets are the marked lines that an exhaustive run
     (dfs, no targets) covers; every directed searcher, in eager and
     pending mode, must report exactly those reached and the others not
     reached (OUTDIR/targets.txt), and each reaching test case must replay
     natively (an instrumented build with libsymx-replay) to its line;
  3. --target-order sequential: an order no path follows is not reached,
     the order of the program is; --stop-at-targets=false runs on;
     sdse-pr in pending mode picks the states eager mode picks, in its
     order, on a program whose every fork is feasible both ways (one pool);
  4. a run yields at a call that leaves its path no target (usage()),
     so no such path runs to its end before the target is reached;
  5. bad targets (no code on the line, a file not in the program, no line
     number, a bad --target-order, a --targets-file that cannot be read or
     holds none) end with status 2 and a message naming the target or file; a target no chain of calls leads to is said unreachable
     and ends the run at once (the exhaustive run never covers it).
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

import llvmir
from checks import sanitized_share

SEARCHERS = ["sdse", "sdse-pr", "sdse-rr", "rr(rp,sdse)", "rr(rp,sdse-rr)", "batch(sdse)",
             "batch(rr(rp,sdse))", "random-path", "nurs:md2u"]
MODES = ["eager", "pending"]
INF = None


def targets_of(src):
    return [i + 1 for i, ln in enumerate(open(src)) if "// target" in ln]


def symx(a, args, check=True):
    p = subprocess.run([a.symx, "--quiet", "--max-time", "120s", "--time-clock", "cpu",
                        "-I" + a.include] + args,
                       capture_output=True, timeout=300)
    # 1: errors found, 3: a limit cut the exploration; 2: it could not run
    if check and p.returncode not in (0, 1, 3):
        raise RuntimeError("symx-llvm %s failed (%d): %s" % (args, p.returncode, p.stderr.decode()[-800:]))
    return p


# ---------------------------------------------------------------- the ICFG

def build_icfg(fns, text):
    """Nodes (fn, block ordinal, segment) with kind, successors, callees; the
    lines of the instructions each holds (from !dbg). A call through a
    pointer may call each function whose address is taken and whose
    parameter and return types fit the call's (pointers alike, integers by
    width), as C calls a function only through a pointer of its type."""
    nodes, entry, first = [], {}, {}
    sigs = llvmir.fn_sigs(text)
    taken = sorted(llvmir.address_taken(text, set(fns)))
    for fn, blocks in fns.items():
        entry[fn] = len(nodes)
        for b, blk in enumerate(blocks):
            first[(fn, blk["label"], b)] = len(nodes)
            seg = 0
            nodes.append({"id": (fn, b, seg), "kind": "term", "succ": [], "callees": [], "dbg": []})
            for ins in blk["instrs"]:
                nodes[-1]["dbg"].append(ins)
                m = re.search(r"\bcall\b[^@]*@([\w.$]+)\(", ins)
                callees = [m.group(1)] if m and m.group(1) in fns else []
                sig = None if m else llvmir.indirect_sig(ins)
                if sig:
                    callees = [g for g in taken if sigs[g] == sig]
                if callees:
                    nodes[-1]["kind"], nodes[-1]["callees"] = "call", callees
                    seg += 1
                    nodes.append({"id": (fn, b, seg), "kind": "term", "succ": [], "callees": [],
                                  "dbg": []})
                elif ins.startswith("ret "):
                    nodes[-1]["kind"] = "ret"
                elif re.match(r"(br|switch|indirectbr) ", ins):
                    nodes[-1]["labels"] = re.findall(r"label %([\w.$\-]+)", ins)
    label_node = {}
    for fn, blocks in fns.items():
        for b, blk in enumerate(blocks):
            if blk["label"] is not None:
                label_node[(fn, blk["label"])] = first[(fn, blk["label"], b)]
    for v in nodes:
        for lab in v.get("labels", []):
            v["succ"].append(label_node[(v["id"][0], lab)])
    return nodes, entry


def node_lines(nodes, text, src_name):
    """The source lines of each node's instructions (!dbg -> DILocation
    line, of a scope in the source file)."""
    locs = llvmir.dbg_lines(text)
    for v in nodes:
        v["lines"] = {locs[m] for ins in v["dbg"] for m in re.findall(r"!dbg !(\d+)", ins)
                      if m in locs}


def bfs(nodes, entry, start, goal, stack=(), max_stack=8, blocked=0):
    """Edges from (start, stack) to the first state goal accepts; a return
    with an empty stack goes nowhere. blocked (CCBSE's failed join, a frame
    number from 1): until that frame returns, goal is not asked in it or
    in the frames above it (the frame of node v is number len(stack) + 1)."""
    seen = {(start, stack, blocked)}
    q = collections.deque([(start, stack, blocked, 0)])
    while q:
        v, st, b, d = q.popleft()
        if not (b and len(st) + 1 >= b) and goal(v, st):
            return d
        n = nodes[v]
        nxt = []
        if n["kind"] == "call":
            if len(st) < len(stack) + max_stack:
                nxt += [(entry[g], st + (v + 1,), b) for g in n["callees"]]
        elif n["kind"] == "ret":
            if st:  # the blocked frame returned: no more blocked
                nxt.append((st[-1], st[:-1], b if len(st) + 1 > b else 0))
        else:
            nxt += [(w, st, b) for w in n["succ"]]
        for s in nxt:
            if s not in seen:
                seen.add(s)
                q.append(s + (d + 1,))
    return INF


def check_distances(a, src, work):
    """symx-llvm's printed N and X against the brute force; problems."""
    name = os.path.splitext(os.path.basename(src))[0]
    od = os.path.join(work, name + "-dist")
    lines = targets_of(src)
    tg = [x for ln in lines for x in ("--target", "%s:%d" % (os.path.basename(src), ln))]
    p = symx(a, ["--print-distances", "--output-module", "--output-dir", od,
                 "--search", "random-path", "--stop-at-targets=false", "--max-instructions",
                 "3000"] + tg + [bitcode(a, src, work)])
    text = subprocess.run([a.llvm_dis, "-o", "-", os.path.join(od, "final.bc")], check=True,
                          capture_output=True).stdout.decode()
    fns = llvmir.parse_ll(text)
    nodes, entry = build_icfg(fns, text)
    node_lines(nodes, text, os.path.basename(src))
    index = {v["id"]: i for i, v in enumerate(nodes)}
    problems, checked = [], 0
    for ln in p.stdout.decode().split("\n"):
        if not ln.startswith("distance "):
            continue
        f = ln.split()
        key = (f[1], int(f[2]), int(f[3]))
        vals = dict(x.split("=") for x in f[4:])
        if key not in index:
            problems.append("%s: node %s not in the module" % (name, key))
            continue
        v = index[key]
        want = {"x": bfs(nodes, entry, v, lambda w, st: not st and nodes[w]["kind"] == "ret")}
        for t, line in enumerate(lines):
            want["n%d" % t] = bfs(nodes, entry, v, lambda w, st, line=line: line in nodes[w]["lines"])
        for k, w in want.items():
            got = None if vals[k] == "inf" else int(vals[k])
            checked += 1
            if got != w:
                problems.append("%s: %s %s: symx-llvm %s, BFS %s" % (name, key, k, vals[k], w))
    # each picked state's distance, through the return nodes of its stack
    got_t = read_targets(od)
    reached = {t for t, ln in enumerate(lines) if got_t.get("%s:%d" % (os.path.basename(src), ln))}
    for ln in sorted(set(p.stdout.decode().split("\n"))):
        if not ln.startswith("state "):
            continue
        frames = [f.split() for f in ln[6:].split("|")]
        vals = dict(x.split("=") for x in frames[-1][3:])
        keys = [(f[0], int(f[1]), int(f[2])) for f in frames]
        if any(k not in index for k in keys):
            problems.append("%s: %s: a node not in the module" % (name, ln))
            continue
        stack = tuple(index[k] for k in reversed(keys[1:]))
        ns = []
        for t, line in enumerate(lines):
            w = bfs(nodes, entry, index[keys[0]], lambda v, st, line=line: line in nodes[v]["lines"], stack)
            got = None if vals["n%d" % t] == "inf" else int(vals["n%d" % t])
            checked += 1
            if got != w and not (got is None and t in reached):
                problems.append("%s: %s: n%d is %s by BFS" % (name, ln, t, w))
            ns += [got] if got is not None else []
        if (vals["any"] == "inf") != (not ns) or (ns and int(vals["any"]) != min(ns)):
            problems.append("%s: %s: any is not the minimum" % (name, ln))
    if checked < 10:
        problems.append("%s: only %d distances checked" % (name, checked))
    return problems, checked


# ------------------------------------------------------------ reachability

BITCODE = {}


def bitcode(a, src, work):
    """src compiled once, as symx-llvm compiles a .c it is given (load.c's
    flags at -O0), for every run of it: a run given the .c would start
    clang again (hundreds of runs; under the sanitizers a fork each of a
    large process)."""
    if src not in BITCODE:
        name = os.path.splitext(os.path.basename(src))[0]
        bc = os.path.join(work, "%s-%d.bc" % (name, len(BITCODE)))
        subprocess.run([a.clang, "-emit-llvm", "-c", "-g", "-O0", "-Xclang", "-disable-O0-optnone",
                        "-fno-discard-value-names", "-I" + a.include, src, "-o", bc], check=True)
        BITCODE[src] = bc
    return BITCODE[src]


def native_build(a, src, work):
    name = os.path.splitext(os.path.basename(src))[0]
    cov_bc, exe = [os.path.join(work, name + s) for s in (".cov.bc", ".native")]
    bc = bitcode(a, src, work)
    subprocess.run([a.symx, "--emit-cov-bitcode", cov_bc, bc], check=True)
    # sanitized: links with the replay library of a sanitized build too
    subprocess.run([a.clang, "-g", "-fsanitize=address,undefined", cov_bc, "-L" + a.replay_dir,
                    "-lsymx-replay", "-lm", "-o", exe], check=True)
    return exe


def native_lines(exe, ktest, work, replay=None):
    """The lines of exe a test case runs natively; replay: symx-replay,
    which gives exe the test's arguments and stdin too (--sym-args & co.)."""
    cov = os.path.join(work, "cov.txt")
    if os.path.exists(cov):
        os.unlink(cov)
    env = dict(os.environ, KTEST_FILE=ktest, SYMX_COV_FILE=cov, ASAN_OPTIONS="detect_leaks=0")
    subprocess.run([replay, "--ktest-env", exe, ktest] if replay else [exe], env=env,
                   capture_output=True, timeout=30)
    return {int(x) for x in open(cov).read().split()} if os.path.exists(cov) else set()


def read_targets(od):
    """targets.txt: FILE:LINE -> test name, or None when not reached."""
    out = {}
    for ln in open(os.path.join(od, "targets.txt")):
        f = ln.split()
        out[f[0]] = f[2] if f[1] == "reached" else None
    return out


def reachable_lines(a, src, work, argv=()):
    """src's lines an exhaustive run covers (argv: the program's
    arguments, after src)."""
    od = os.path.join(work, os.path.basename(src) + "-all")
    symx(a, ["--search", "dfs", "--output-dir", od, bitcode(a, src, work)] + list(argv))
    base = os.path.basename(src)
    return {int(ln.rsplit(":", 1)[1]) for ln in open(os.path.join(od, "coverage.txt"))
            if ln.rsplit(":", 1)[0] == base}


def check_searchers(a, src, work):
    base = os.path.basename(src)
    lines = targets_of(src)
    covered = reachable_lines(a, src, work)
    reach = {ln for ln in lines if ln in covered}
    if not reach or reach == set(lines):
        return ["%s: wants reachable and unreachable targets (reachable: %s)" % (base, reach)], 0
    exe = native_build(a, src, work)
    tg = [x for ln in lines for x in ("--target", "%s:%d" % (base, ln))]
    problems, runs = [], 0
    for mode in MODES:
        for se in SEARCHERS:
            od = os.path.join(work, "%s-%s-%s" % (base, mode, re.sub(r"\W", "_", se)))
            symx(a, ["--mode", mode, "--search", se, "--output-dir", od] + tg + [bitcode(a, src, work)])
            runs += 1
            got = read_targets(od)
            for ln in lines:
                test = got.get("%s:%d" % (base, ln), "missing")
                what = "%s %s %s:%d" % (mode, se, base, ln)
                if test == "missing":
                    problems.append("%s: not in targets.txt" % what)
                elif (test is not None) != (ln in reach):
                    problems.append("%s: %s, but it is %sreachable" %
                                    (what, "reached" if test else "not reached", "" if ln in reach else "un"))
                elif test and ln not in native_lines(exe, os.path.join(od, test + ".ktest"), work):
                    problems.append("%s: %s does not replay natively to the line" % (what, test))
    return problems, runs


def check_order(a, work):
    src = os.path.join(a.dir, "nest.c")
    text = open(src).read().split("\n")
    # mid's call runs before the "return 5" on every path
    early = 1 + next(i for i, ln in enumerate(text) if "target (early)" in ln)
    late = 1 + next(i for i, ln in enumerate(text) if "return 5;" in ln)
    problems = []
    for order, want in (([early, late], [True, True]), ([late, early], [True, False])):
        od = os.path.join(work, "order-%d-%d" % tuple(order))
        tg = [x for ln in order for x in ("--target", "nest.c:%d" % ln)]
        symx(a, ["--target-order", "sequential", "--search", "sdse", "--output-dir", od] + tg + [bitcode(a, src, work)])
        got = read_targets(od)
        for ln, w in zip(order, want):
            if (got.get("nest.c:%d" % ln) is not None) != w:
                problems.append("sequential %s: nest.c:%d %sreached" % (order, ln, "not " if w else ""))
    # all reached: the run stops, unless --stop-at-targets=false
    counts = []
    for extra in ([], ["--stop-at-targets=false"]):
        od = os.path.join(work, "stop-%d" % len(extra))
        symx(a, ["--search", "dfs", "--output-dir", od, "--target", "nest.c:%d" % early] + extra + [bitcode(a, src, work)])
        counts.append(sum(1 for _ in open(os.path.join(od, "paths.jsonl"))))
    if not counts[0] < counts[1]:
        problems.append("--stop-at-targets: paths %s (stop, go on)" % counts)
    return problems


# Every fork feasible both ways: eager and pending mode fork the same states
# (same ids), so one pool over them picks in one order.
ALL_FEASIBLE = r"""#include "symx/target.h"
int main(void) {
  unsigned char b[4];
  symx_make_symbolic(b, sizeof b, "b");
  int n = 0;
  for (int i = 0; i < 4; i++) {
    if (b[i] & 1) n += 1 << i;
    else n += 16;
  }
  if (n == 15) return 1; // target
  return 0;
}
"""


def check_pr_pool(a, work):
    """sdse-pr in pending mode keeps one pool (pending_joint): its picks
    (--print-distances) are eager mode's, seed by seed; a nearest-first
    revival would make it sdse."""
    src = os.path.join(work, "allfeasible.c")
    with open(src, "w") as f:
        f.write(ALL_FEASIBLE)
    problems = []
    for seed in (1, 2, 3):
        picks = {}
        for mode in ("eager", "pending"):
            od = os.path.join(work, "pr-%s-%d" % (mode, seed))
            p = symx(a, ["--mode", mode, "--search", "sdse-pr", "--rng-seed", str(seed),
                         "--print-distances", "--target", "allfeasible.c:10", "--output-dir", od, bitcode(a, src, work)])
            picks[mode] = [ln for ln in p.stdout.decode().split("\n") if ln.startswith("state ")]
            if read_targets(od).get("allfeasible.c:10") is None:
                problems.append("sdse-pr %s, seed %d: target not reached" % (mode, seed))
        if not picks["eager"] or picks["eager"] != picks["pending"]:
            problems.append("sdse-pr, seed %d: pending mode picked %d states, not eager mode's %d in its "
                            "order" % (seed, len(picks["pending"]), len(picks["eager"])))
    # the user's --set pending_joint=0 stands (the nearest-first revival:
    # another order than seed 3's above, which reaches the target too)
    od = os.path.join(work, "pr-nojoint")
    p = symx(a, ["--mode", "pending", "--search", "sdse-pr", "--rng-seed", "3", "--set", "pending_joint=0",
                 "--print-distances", "--target", "allfeasible.c:10", "--output-dir", od, bitcode(a, src, work)])
    mine = [ln for ln in p.stdout.decode().split("\n") if ln.startswith("state ")]
    if mine == picks["eager"] or read_targets(od).get("allfeasible.c:10") is None:
        problems.append("sdse-pr with --set pending_joint=0: %d picks, eager mode's order: %s" %
                        (len(mine), mine == picks["eager"]))
    return problems


def check_bad(a, work):
    src = os.path.join(a.dir, "loop.c")
    empty, bad = os.path.join(work, "empty.targets"), os.path.join(work, "bad.targets")
    with open(empty, "w") as f:
        f.write("# nothing\n\n   \n")
    with open(bad, "w") as f:
        f.write("loop.c:18\nloop.c:x\n")
    cases = [(["--target", "loop.c:1"], "loop.c:1", "no code"),
             (["--target", "nosuch.c:3"], "nosuch.c", "no code of a file"),
             (["--target", "loop.c"], "loop.c", "FILE:LINE"),
             (["--target", "loop.c:0"], "loop.c:0", "FILE:LINE"),
             (["--target", "./:18"], "./:18", "FILE:LINE"),
             (["--target", "loop.c:18", "--target", "loop.c:18"], "loop.c:18", "twice"),
             (["--target", "loop.c:18", "--target", "./loop.c:18"], "./loop.c:18", "twice"),
             (["--target", "loop.c:18", "--target", src + ":18"], src + ":18", "twice"),
             (["--target", "loop.c:18", "--target-order", "backwards"], "backwards", "sequential"),
             (["--targets-file", os.path.join(work, "nosuch")], "nosuch", "No such file"),
             (["--targets-file", empty], empty, "no targets"),
             (["--targets-file", bad], "loop.c:x", "FILE:LINE")]
    problems = []
    for args, name, why in cases:
        p = symx(a, args + [src], check=False)
        err = p.stderr.decode()
        if p.returncode != 2 or name not in err or why not in err or len(err.strip().split("\n")) != 1:
            problems.append("%s: status %d, %r" % (args, p.returncode, err))
    return problems


UNREACH = r"""#include "klee/klee.h"
static int g;
void never(void) {
  g = 7; // A: no call leads here
}
static void via_ptr(void) {
  g = 9; // B: called through a pointer (never, in fact)
}
void (*fp)(void) = via_ptr;
int main(void) {
  unsigned x;
  klee_make_symbolic(&x, sizeof x, "x");
  for (int i = 0; i < 10; i++)
    if (x & (1u << i)) g++;
  if (g == 100) fp();
  if (g == 10)
    return 1; // C
  return 0;
}
"""


def check_unreachable(a, work):
    """A target no chain of calls from main leads to (and no function on a
    way to it called through a pointer) is said unreachable and, when it is
    the only one left, ends the run before any path runs; the exhaustive run
    confirms it is never covered. One called through a pointer is not said
    unreachable; beside a reachable target, that one is reached. A target in
    main under the environment runtime (whose main calls the program's) is
    reached, not said unreachable."""
    src = os.path.join(work, "unreach.c")
    with open(src, "w") as f:
        f.write(UNREACH)
    line = {m: i + 1 for i, ln in enumerate(UNREACH.split("\n")) for m in "ABC" if "// " + m in ln}
    problems = []
    if line["A"] in reachable_lines(a, src, work):
        problems.append("unreach.c: line A covered by the exhaustive run")
    for se in ("sdse", "random-path", "ccbse(rp)"):
        for tg, unreach in ((["A"], True), (["B"], False), (["A", "C"], True)):
            od = os.path.join(work, "unreach-%s-%s" % (re.sub(r"\W", "_", se), "".join(tg)))
            args = ["--search", se, "--output-dir", od, src]
            for t in tg:
                args = ["--target", "unreach.c:%d" % line[t]] + args
            if se.startswith("ccbse") and len(tg) > 1:
                continue  # single-target
            symx(a, args)
            said = "not reached (unreachable)" in open(os.path.join(od, "messages.txt")).read()
            got = read_targets(od)
            txt = open(os.path.join(od, "targets.txt")).read()
            what = "%s %s" % (se, "+".join(tg))
            if said != unreach or ("unreachable" in txt) != unreach:
                problems.append("%s: unreachable said %s, targets.txt %r" % (what, said, txt))
            if got.get("unreach.c:%d" % line["A"]) or got.get("unreach.c:%d" % line["B"]):
                problems.append("%s: an unreachable line reached" % what)
            if "C" in tg and not got.get("unreach.c:%d" % line["C"]):
                problems.append("%s: line C not reached" % what)
            stats = json.load(open(os.path.join(od, "stats.json")))
            if tg == ["A"] and stats.get("paths") != 0:
                problems.append("%s: %s paths ran for an unreachable target alone" % (what, stats.get("paths")))
    # under the environment runtime (--sym-stdin) main is called by the
    # runtime's main as another type (a bitcast): still a call in the ICFG
    src = os.path.join(work, "stdin.c")
    with open(src, "w") as f:
        f.write(STDIN)
    ln = [i + 1 for i, t in enumerate(STDIN.split("\n")) if "// target" in t][0]
    for se in ("sdse", "random-path"):
        od = os.path.join(work, "stdin-" + re.sub(r"\W", "_", se))
        symx(a, ["--libc", "full", "--search", se, "--target", "stdin.c:%d" % ln, "--output-dir", od,
                 bitcode(a, src, work), "--sym-stdin", "1"])
        txt = open(os.path.join(od, "targets.txt")).read()
        if "unreachable" in txt or not read_targets(od).get("stdin.c:%d" % ln):
            problems.append("stdin.c %s (--sym-stdin): %r" % (se, txt))
    return problems


STDIN = """#include <stdio.h>
int main(int argc, char **argv) {
  if (getchar() == 'q')
    return 3; // target
  return 0;
}
"""


MANY = 100  # more targets than the command line's old limit of 64


def check_many(a, work):
    """--targets-file with MANY targets, each line of a generated program's
    chain of checks and all reachable, in a file with comments and blank
    lines: every one is reached (sdse-rr, pending), each by a test that
    replays natively to its line, and the run stops when the last is."""
    src = os.path.join(work, "many.c")
    body = "".join("  if (x == %d) g += %d;\n" % (k, k) for k in range(MANY))
    with open(src, "w") as f:
        f.write('#include "klee/klee.h"\nint g;\nint main(void) {\n  unsigned x;\n'
                '  klee_make_symbolic(&x, sizeof x, "x");\n' + body + '  return g;\n}\n')
    lines = list(range(6, 6 + MANY))
    tf = os.path.join(work, "many.targets")
    with open(tf, "w") as f:
        f.write("# the chain's lines\n\n" + "".join("  many.c:%d\n" % ln for ln in lines))
    od = os.path.join(work, "many-out")
    symx(a, ["--mode", "pending", "--search", "sdse-rr", "--targets-file", tf, "--output-dir", od, bitcode(a, src, work)])
    got = read_targets(od)
    problems = ["many.c:%d: %s" % (ln, "missing" if "many.c:%d" % ln not in got else "not reached")
                for ln in lines if got.get("many.c:%d" % ln) is None]
    exe = native_build(a, src, work)
    for ln in lines[::17]:
        test = got.get("many.c:%d" % ln)
        if test and ln not in native_lines(exe, os.path.join(od, test + ".ktest"), work):
            problems.append("many.c:%d: %s does not replay natively to the line" % (ln, test))
    return problems


FAR_SRC = r"""#include <stdlib.h>
#include "klee/klee.h"
static void usage(void) {
  for (volatile int i = 0; i < 20000; i++)
    ;
  exit(2);
}
static int option(char c) {
  switch (c) {
  case 'a': return 1; case 'b': return 2; case 'c': return 3; case 'd': return 4;
  case 'e': return 5; case 'f': return 6; case 'g': return 7; case 'h': return 8;
  case 'z': return 9;
  }
  return 0;
}
int main(void) {
  char c;
  klee_make_symbolic(&c, 1, "c");
  int k = option(c);
  if (k == 9)
    return 7; // target
  if (k)
    usage();
  return 0;
}
"""


def check_far(a, work):
    """getopt's shape: a helper decides the option, and its caller sends
    every wrong one into usage(), a loop of 20,000 runs (100k instructions)
    that ends in exit(2), with no fork. The helper's returns are equally
    near the target, so sdse may take a wrong one first; its call of
    usage() leaves it no target, and the run must yield there: the target
    is reached before any usage() has run (stats.json's instructions under
    20,000; sdse and sdse-pr, seeds 1-3, both modes)."""
    src = os.path.join(work, "far.c")
    with open(src, "w") as f:
        f.write(FAR_SRC)
    line = targets_of(src)[0]
    problems = []
    for mode, se, seed in ((m, se, s) for m in MODES for se in ("sdse", "sdse-pr") for s in (1, 2, 3)):
        od = os.path.join(work, "far-%s-%s-%d" % (mode, se, seed))
        symx(a, ["--mode", mode, "--search", se, "--rng-seed", str(seed), "--output-dir", od,
                 "--target", "far.c:%d" % line, bitcode(a, src, work)])
        what = "far.c %s %s seed %d" % (mode, se, seed)
        ran = json.load(open(os.path.join(od, "stats.json")))["instructions"]
        if read_targets(od).get("far.c:%d" % line) is None:
            problems.append("%s: target not reached" % what)
        elif ran >= 20000:
            problems.append("%s: %d instructions to the target: a usage() ran first" % (what, ran))
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--replay-dir", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--clang", default="clang-14")
    ap.add_argument("--llvm-dis", default="llvm-dis-14")
    a = ap.parse_args()
    # every program in the plain build, half of them under the sanitizers
    progs = sanitized_share(sorted(os.path.join(a.dir, f) for f in os.listdir(a.dir) if f.endswith(".c")), 2)
    problems = []
    with tempfile.TemporaryDirectory() as work:
        for src in progs:
            p, n = check_distances(a, src, work)
            print("%s: %d distances against the BFS: %s" % (os.path.basename(src), n, "ok" if not p else "FAIL"))
            problems += p
            p, n = check_searchers(a, src, work)
            print("%s: %d directed runs: %s" % (os.path.basename(src), n, "ok" if not p else "FAIL"))
            problems += p
        p = check_order(a, work)
        print("target order, stop: %s" % ("ok" if not p else "FAIL"))
        problems += p
        p = check_pr_pool(a, work)
        print("sdse-pr's one pool in pending mode: %s" % ("ok" if not p else "FAIL"))
        problems += p
        p = check_bad(a, work)
        print("bad targets: %s" % ("ok" if not p else "FAIL"))
        problems += p
        p = check_many(a, work)
        print("%d targets from --targets-file: %s" % (MANY, "ok" if not p else "FAIL"))
        problems += p
        p = check_far(a, work)
        print("a call that leaves no target yields: %s" % ("ok" if not p else "FAIL"))
        problems += p
        p = check_unreachable(a, work)
        print("unreachable targets: %s" % ("ok" if not p else "FAIL"))
        problems += p
    for p in problems:
        print("  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
