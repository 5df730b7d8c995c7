#!/usr/bin/python3
"""symx-llvm --cut (issue 19: Converse's loop and depth cuts, no recompilation).

  plans        --print-cuts on hand-made CFGs (cuts/early.ll: an early
               return and a diamond; cuts/nested.ll: nested loops) in every
               mode equal the edges computed by hand (see the files' block
               numbers)
  paths        cuts/loop.c (a loop over a symbolic count) and cuts/depth.c
               (recursion over a symbolic depth): the paths of a cut run
               equal the distinct paths of the cut program run on every
               input (a brute-force model in this file); cuts/retsig.c: cut
               returns keep the function's type (short: 0 or a fresh value;
               a pointer: NULL), path counts worked out in the file;
               cuts/setup.c: set-up loops that read no input are not cut
               (its paths are loop.c's), unless --cut-symbolic-only=false
               (then main returns at the first: one path); --cut-defer:
               the original's paths and one more per forking cut (model)
  replay       the tests of every mode's run of bench/cuts/loop_switch.c
               replay on the original program with symx-llvm
               (--replay-ktest-dir: every test runs, coverage on the
               original reported, and with --output-dir its
               covered-instructions.txt adds up to it; loop mode covers what
               the uncut run's tests cover) and natively (libsymx-replay, KTEST_FILE): each
               exit status equals the original's on the test's input
  adaptive     cuts/adapt.c (a loop one path runs deeper, a sink whose
               paths double per run): --cut adaptive raises the bound per
               loop, those whose last raise led to new code first: each
               run's paths (the tests in OUTDIR/round-N) equal a model of
               the rounds (bounds per loop, worked out in the file), the
               loop bounds, raises and credits in stats.json's "cuts" too,
               and the run that first covers target's "return 200" has the
               sink at bound 8 (256 sink paths; one global bound,
               --cut-adapt global, has 1024 there);
               cuts/keyword.c: --cut loop covers under 75% of the uncut
               run's instructions, and adaptive notices (stats.json: a
               raise at a run's end, match's loop at bound 4) and covers
               them all
  then full    --cut-then-full: the cut run's tests move to OUTDIR/cut and
               seed a run of the original, which finds all its paths;
               cuts/cover.c: by default only the tests whose path covered
               new code seed it (2 of 9, worked out in the file),
               --cut-seeds all: every one
  bad input    an unknown mode, a budget of 0: exit 2 and a message naming
               it; a loop cut on a program without loops: a warning, the run
               goes on
"""
import argparse
import glob
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

PROBLEMS = []

# --print-cuts by hand: the blocks as numbered in the files' comments
PLANS = {
    ("early.ll", "loop"): "",
    ("early.ll", "depth"): "keypath 5: 2->3 2->4",             # blocks at depth 3 lose their edges
    ("early.ll", "keypath"): "keypath 5: 2->3 1->2",           # 5 -> 3 blocks, then 4 -> 2
    ("early.ll", "keypath-once"): "keypath 5: 2->3",
    ("early.ll", "allpaths"): "keypath 5: 0->5 2->3 1->2",     # each path's middle edge
    ("nested.ll", "loop"): "keypath 0: 4->3(loop 3) 5->1(loop 1)",
    ("nested.ll", "depth"): "keypath 3: 1->2 1->6",
    ("nested.ll", "keypath"): "keypath 3: 1->6",
    ("nested.ll", "keypath-once"): "keypath 3: 1->6",
    ("nested.ll", "allpaths"): "keypath 3: 1->6",
}


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        PROBLEMS.append(what)


def symx(a, args, cwd):
    r = subprocess.run([a.symx, "--no-progress", "-I", a.include] + args, cwd=cwd,
                       capture_output=True, text=True, timeout=600)
    return r.returncode, r.stdout, r.stderr


def explore(a, work, name, src, args):
    out = os.path.join(work, name)
    rc, so, se = symx(a, ["--quiet", "--write-tests=all", "--output-dir", out] + args + [src], work)
    st = json.load(open(os.path.join(out, "stats.json"))) if os.path.exists(os.path.join(out, "stats.json")) else {}
    return rc, so, se, out, st


def check_plans(a, work):
    for (f, mode), want in sorted(PLANS.items()):
        rc, so, se, _, _ = explore(a, work, "plan-%s-%s" % (f, mode), os.path.join(a.dir, f),
                                   ["--print-cuts", "--cut", mode])
        line = next((l for l in so.splitlines() if l.startswith("cut main ")), "")
        got = line[len("cut main "):].rstrip(":") if line else None
        if mode == "loop" and f == "early.ll":
            check(rc == 0 and "no loop" in se, "%s --cut loop: warned (no loop), ran (rc %d)" % (f, rc))
            continue
        check(rc == 0 and got == want, "%s --cut %s: %r (want %r)" % (f, mode, got, want))


def loop_model(k):
    """loop.c's paths under bound k: the exits at n < k and one cut."""
    return len({n if k == 0 or n < k else "cut" for n in range(256)})


def defer_model(k):
    """loop.c's paths under bound k with --cut-defer: every input n runs the
    original's path, and at each back edge count c that forks (c = k, 2k,
    4k, ...) one more path takes the cut."""
    forks = lambda c: c % k == 0 and (c // k) & (c // k - 1) == 0
    return len({("exit", n) for n in range(256)} |
               {("cut", c) for n in range(256) for c in range(1, n + 1) if forks(c)})


def depth_model(bound):
    """depth.c's paths: f's branches at each depth, a call past bound cut."""
    def f(d, depth):
        if bound and depth > bound:
            return ("cut",)
        return ("ret",) if d == 0 else ("rec",) + f(d - 1, depth + 1)
    return len({f(x & 7, 1) for x in range(256)})


def check_paths(a, work):
    loop = os.path.join(a.dir, "loop.c")
    for k in (1, 2, 3, 5):
        rc, _, _, _, st = explore(a, work, "loop%d" % k, loop,
                                  ["--cut", "loop", "--max-loop-iterations", str(k)])
        check(rc == 0 and st.get("paths") == loop_model(k),
              "loop.c --cut loop, bound %d: %s paths (model %d)" % (k, st.get("paths"), loop_model(k)))
        rc, _, _, _, st = explore(a, work, "setup%d" % k, os.path.join(a.dir, "setup.c"),
                                  ["--cut", "loop", "--max-loop-iterations", str(k)])
        check(rc == 0 and st.get("paths") == loop_model(k),
              "setup.c --cut loop, bound %d: %s paths (model %d: set-up loops run whole)"
              % (k, st.get("paths"), loop_model(k)))
        rc, _, _, _, st = explore(a, work, "setup-all%d" % k, os.path.join(a.dir, "setup.c"),
                                  ["--cut", "loop", "--max-loop-iterations", str(k),
                                   "--cut-symbolic-only=false"])
        check(rc == 0 and st.get("paths") == 1,
              "setup.c --cut loop --cut-symbolic-only=false, bound %d: %s paths (want 1)"
              % (k, st.get("paths")))
    for k in (1, 3):  # --cut-defer: the original's paths and the cut ones, in either mode
        for mode in ("pending", "eager"):
            rc, _, _, out, st = explore(a, work, "defer%d-%s" % (k, mode), loop,
                                        ["--cut", "loop", "--max-loop-iterations", str(k),
                                         "--cut-defer", "--mode", mode])
            check(rc == 0 and st.get("paths") == defer_model(k),
                  "loop.c --cut loop --cut-defer, bound %d, %s: %s paths (model %d)"
                  % (k, mode, st.get("paths"), defer_model(k)))
    rc, _, _, _, st = explore(a, work, "loop0", loop, [])
    check(st.get("paths") == loop_model(0), "loop.c uncut: %s paths (model %d)" % (st.get("paths"), loop_model(0)))
    depth = os.path.join(a.dir, "depth.c")
    for b in (0, 1, 2, 4):
        rc, _, _, _, st = explore(a, work, "depth%d" % b, depth, ["--max-call-depth", str(b)])
        check(rc == 0 and st.get("paths") == depth_model(b),
              "depth.c --max-call-depth %d: %s paths (model %d)" % (b, st.get("paths"), depth_model(b)))
    retsig = os.path.join(a.dir, "retsig.c")
    for policy, want in (("zero", 3), ("symbolic", 6), ("end", 3)):
        rc, _, se, _, st = explore(a, work, "retsig-" + policy, retsig,
                                   ["--cut", "loop", "--cut-policy", policy])
        check(st.get("paths") == want and rc in (0, 3) and "error" not in se.lower(),
              "retsig.c --cut loop --cut-policy %s: %s paths (want %d)" % (policy, st.get("paths"), want))


def ktest_objects(path):
    """name -> bytes of a .ktest file."""
    b = open(path, "rb").read()
    assert b[:5] in (b"KTEST", b"BOUT\n")
    ver, = struct.unpack(">I", b[5:9])
    p = 9
    nargs, = struct.unpack(">I", b[p:p + 4]); p += 4
    for _ in range(nargs):
        n, = struct.unpack(">I", b[p:p + 4]); p += 4 + n
    if ver > 2:
        p += 8
    nobj, = struct.unpack(">I", b[p:p + 4]); p += 4
    objs = {}
    for _ in range(nobj):
        n, = struct.unpack(">I", b[p:p + 4]); p += 4
        name = b[p:p + n].decode(); p += n
        sz, = struct.unpack(">I", b[p:p + 4]); p += 4
        objs[name] = b[p:p + sz]; p += sz
    return objs


def loop_switch_exit(a):
    """bench/cuts/loop_switch.c's exit status for input a (the original)."""
    if a < 0:
        return 255
    z = 0
    while a < 12:
        if 8 <= a < 12:
            z += 1
        a += 1
    return z & 255


def replay_coverage(se):
    m = re.search(r"(\d+) tests replayed, .* coverage (\d+)/(\d+) lines", se)
    return (int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else None


def check_replay(a, work):
    src = os.path.join(a.bench, "loop_switch.c")
    exe = os.path.join(work, "loop_switch.native")
    # -fsanitize=address: as oracle.py, so an ASan build's libsymx-replay links too
    subprocess.run(["clang-14", "-fsanitize=address", "-g", "-O0", "-I" + a.include, src,
                    "-L" + a.replay_dir, "-lsymx-replay", "-o", exe], check=True)
    _, _, _, full, _ = explore(a, work, "ls-full", src, [])
    rep = os.path.join(work, "ls-full-replay")
    rc, _, se = symx(a, ["--replay-ktest-dir", full, "--output-dir", rep, src], work)
    base = replay_coverage(se)
    check(rc == 0 and base is not None and base[1] > 0, "loop_switch uncut tests replayed: %s" % (base,))
    # the original's covered-instructions.txt adds up to the replay's coverage line
    m = re.search(r"(\d+)/\d+ LLVM instructions", se)
    cov = os.path.join(rep, "covered-instructions.txt")
    total = sum(int(l.split("\t")[2]) for l in open(cov)) if os.path.exists(cov) else None
    check(m is not None and total == int(m.group(1)),
          "replay --output-dir: covered-instructions.txt sums to %s (coverage line %s)"
          % (total, m.group(1) if m else None))
    for mode in ("loop", "depth", "keypath", "keypath-once", "allpaths", "adaptive"):
        _, _, _, out, st = explore(a, work, "ls-" + mode, src, ["--cut", mode])
        dirs = [out] + sorted(glob.glob(os.path.join(out, "round-*")))  # adaptive's rounds
        tests = sorted(t for d in dirs for t in glob.glob(os.path.join(d, "*.ktest")))
        rc, _, se = symx(a, sum((["--replay-ktest-dir", d] for d in dirs), []) + [src], work)
        got = replay_coverage(se)
        check(rc == 0 and got is not None and got[0] == len(tests) and len(tests) > 0,
              "loop_switch --cut %s: %d tests replay on the original, coverage %s" % (mode, len(tests), got))
        if mode in ("loop", "adaptive") and got and base:
            check(got[1:] == base[1:], "loop_switch --cut %s covers the original as uncut: %s vs %s"
                  % (mode, got[1:], base[1:]))
        bad = 0
        for t in tests:
            v = struct.unpack("<i", ktest_objects(t)["a"][:4])[0]
            r = subprocess.run([exe], env=dict(os.environ, KTEST_FILE=t), capture_output=True, timeout=60)
            bad += r.returncode != loop_switch_exit(v)
        check(bad == 0, "loop_switch --cut %s: %d tests natively, %d exit statuses differ from the original's"
              % (mode, len(tests), bad))


def adapt_model(per_loop):
    """adapt.c's runs under --cut adaptive (rounds only): per run, the
    bounds (T: target, S: sink) and its paths. A run is followed by another
    while a loop's cut fired; per loop, the fired loops credited since their
    last raise double (a path ran the loop past its bound before that raise
    and covered new code), or all fired loops when none is; global: all."""
    fires = {"T": lambda b: 1 if b <= 12 else 0, "S": lambda b: 2 ** b if b <= 10 else 0}
    paths = {"T": lambda b: b + 1 if b <= 12 else 13, "S": lambda b: 2 ** min(b, 10)}
    news = {6: 5, 10: 9}  # target's bound that first returns 100 / 200: the back edges its path ran
    bounds, prev, credit, covered, runs = {"T": 1, "S": 1}, {"T": 0, "S": 0}, set(), set(), []
    while True:
        runs.append((dict(bounds), paths["T"](bounds["T"]) + paths["S"](bounds["S"])))
        for need, edges in news.items():
            if bounds["T"] >= need and need not in covered:
                covered.add(need)
                if prev["T"] and edges > prev["T"]:
                    credit.add("T")
        fired = [l for l in bounds if fires[l](bounds[l])]
        if not fired:
            return runs
        up = ([l for l in fired if l in credit] or fired) if per_loop else list(bounds)
        for l in up:
            prev[l], bounds[l] = bounds[l], 2 * bounds[l]
            credit.discard(l)


def run_dirs(out):
    """An adaptive run's test directories, in run order (rounds, then the last)."""
    return sorted(glob.glob(os.path.join(out, "round-*")), key=lambda d: int(d.rsplit("-", 1)[1])) + [out]


def replay_instructions(a, work, src, dirs):
    rc, _, se = symx(a, sum((["--replay-ktest-dir", d] for d in dirs), []) + [src], work)
    m = re.search(r"(\d+)/(\d+) LLVM instructions", se)
    return int(m.group(1)) if rc == 0 and m else None


def check_adapt(a, work):
    src = os.path.join(a.dir, "adapt.c")
    for how in ("loop", "global"):
        rc, _, _, out, st = explore(a, work, "adapt-" + how, src, ["--cut", "adaptive", "--cut-adapt", how,
                                                                  "--cut-window", "1000000000"])
        model = adapt_model(how == "loop")
        dirs = run_dirs(out)
        got = [len(glob.glob(os.path.join(d, "*.ktest"))) for d in dirs]
        check(rc == 0 and got == [p for _, p in model],
              "adapt.c --cut-adapt %s: paths per run %s (model %s: bounds %s)"
              % (how, got, [p for _, p in model], [b for b, _ in model]))
        cuts = st.get("cuts", {})
        loops = {l["fn"]: l for l in cuts.get("loops", [])}
        want = {"target": model[-1][0]["T"], "sink": model[-1][0]["S"]}
        check(cuts.get("adapt") == how and {f: l["bound"] for f, l in loops.items()} == want
              and cuts.get("rounds") == len(model) - 1 and cuts.get("raises_stall") == 0,
              "adapt.c --cut-adapt %s: stats.json bounds %s (model %s), %s rounds (model %d), %s stall raises"
              % (how, {f: l["bound"] for f, l in loops.items()}, want, cuts.get("rounds"), len(model) - 1,
                 cuts.get("raises_stall")))
        if how == "loop":
            got = {f: (l["raises_end"], l["credits"]) for f, l in loops.items()}
            check(got == {"target": (4, 2), "sink": (4, 1)},
                  "adapt.c per loop: (raises, credits) %s (want target (4, 2): 1->16, paid at 8 and 16; "
                  "sink (4, 1): paid only at 16, where its paths first leave the loop)" % got)
        # the first run with a test of nine a's (target returns 200), and its sink paths (k == 0)
        first = None
        for n, d in enumerate(dirs):
            objs = [ktest_objects(t) for t in glob.glob(os.path.join(d, "*.ktest"))]
            if any(o["k"][0] != 0 and o["b"][:9] == b"a" * 9 for o in objs):
                first = (n + 1, sum(o["k"][0] == 0 for o in objs))
                break
        want = (5, 256) if how == "loop" else (5, 1024)
        check(first == want, "adapt.c --cut-adapt %s: target's 200 first in run %s with %s sink paths (want %s)"
              % (how, first and first[0], first and first[1], want))
    kw = os.path.join(a.dir, "keyword.c")
    cov = {}
    for mode in ("none", "loop", "adaptive"):
        _, _, _, out, st = explore(a, work, "keyword-" + mode, kw, ["--cut", mode])
        cov[mode] = replay_instructions(a, work, kw, run_dirs(out))
        if mode == "adaptive":
            cuts = st.get("cuts", {})
            loops = cuts.get("loops", [])
            check(cuts.get("raises_end") == 2 and [(l["fn"], l["bound"]) for l in loops] == [("match", 4)],
                  "keyword.c --cut adaptive noticed the cut's loss: %s raises at a run's end (want 2), "
                  "loops %s (want match at 4)" % (cuts.get("raises_end"), [(l["fn"], l["bound"]) for l in loops]))
        else:
            check("cuts" not in st, "keyword.c --cut %s: no adaptive statistics" % mode)
    ok = all(cov.values())
    check(ok and cov["loop"] < 0.75 * cov["none"] and cov["adaptive"] == cov["none"],
          "keyword.c coverage (instructions): uncut %s, --cut loop %s (< 75%%), adaptive %s (all)"
          % (cov["none"], cov["loop"], cov["adaptive"]))


def check_then_full(a, work):
    """--cut-then-full: the cut run's tests in OUTDIR/cut, then every path of
    the original (seeded by them): the paths of both runs."""
    # with a --max-time the two runs share it (--cut-share): both still end
    # by exhausting loop.c, long before their shares of an hour end
    for extra in ([], ["--max-time", "3600s", "--cut-share", "0.25"]):
        rc, _, _, out, st = explore(a, work, "then-full-%d" % len(extra), os.path.join(a.dir, "loop.c"),
                                    ["--cut", "loop", "--cut-then-full"] + extra)
        cut_tests = len(glob.glob(os.path.join(out, "cut", "*.ktest")))
        want = loop_model(1) + loop_model(0)
        check(rc == 0 and cut_tests == loop_model(1) and st.get("paths") == want
              and len(glob.glob(os.path.join(out, "*.ktest"))) == loop_model(0),
              "loop.c --cut loop --cut-then-full %s: %d cut tests, %s paths in all (want %d)"
              % (" ".join(extra), cut_tests, st.get("paths"), want))


def check_cut_seeds(a, work):
    """--cut-seeds: cuts/cover.c's cut run has 9 tests, 2 of whose paths
    covered new code (worked out in the file): those 2 seed the run of the
    original by default, all 9 with --cut-seeds all, none with --cut-seeds
    none (the original afresh); every way it finds the original's 256
    paths."""
    for extra, want in (([], 2), (["--cut-seeds", "all"], 9), (["--cut-seeds", "none"], 0)):
        out = os.path.join(work, "cut-seeds-%d" % want)  # not --quiet: the seeds are said
        rc, _, se = symx(a, ["--write-tests=all", "--output-dir", out, "--cut", "loop",
                             "--max-loop-iterations", "8", "--cut-then-full"] + extra
                         + [os.path.join(a.dir, "cover.c")], work)
        cut_tests = len(glob.glob(os.path.join(out, "cut", "*.ktest")))
        m = re.search(r"seeded by the (\d+) test", se)
        seeds = int(m.group(1)) if m else (cut_tests if "seeded by %s" % os.path.join(out, "cut") in se
                                           else 0 if "the original, unseeded" in se else None)
        full = len(glob.glob(os.path.join(out, "*.ktest")))
        check(rc == 0 and cut_tests == 9 and seeds == want and full == 256,
              "cover.c --cut-then-full %s: %d cut tests (want 9), %s seeds (want %d), %d tests of the "
              "original (want 256)" % (" ".join(extra), cut_tests, seeds, want, full))


def check_bad_input(a, work):
    src = os.path.join(a.dir, "loop.c")
    rc, _, se = symx(a, ["--cut", "bogus", src], work)
    check(rc == 2 and "--cut bogus: unknown mode" in se, "--cut bogus: exit %d, %r" % (rc, se.strip()[-120:]))
    rc, _, se = symx(a, ["--cut", "keypath", "--cut-budget", "0", src], work)
    check(rc == 2 and "--cut-budget" in se and "more than 0" in se,
          "--cut-budget 0: exit %d, %r" % (rc, se.strip()[-120:]))
    rc, _, se = symx(a, ["--cut", "adaptive", "--cut-adapt", "some", src], work)
    check(rc == 2 and "--cut-adapt some" in se, "--cut-adapt some: exit %d, %r" % (rc, se.strip()[-120:]))
    rc, _, se = symx(a, ["--cut", "loop", "--cut-then-full", "--cut-seeds", "some", src], work)
    check(rc == 2 and "--cut-seeds some" in se, "--cut-seeds some: exit %d, %r" % (rc, se.strip()[-120:]))
    for share in ("0", "1", "1.5", "half"):
        rc, _, se = symx(a, ["--cut", "loop", "--cut-then-full", "--cut-share", share, src], work)
        check(rc == 2 and "--cut-share" in se, "--cut-share %s: exit %d, %r" % (share, rc, se.strip()[-120:]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--bench", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--replay-dir", required=True)
    a = ap.parse_args()
    for k in ("symx", "dir", "bench", "include", "replay_dir"):  # runs are in a temporary cwd
        setattr(a, k, os.path.abspath(getattr(a, k)))
    with tempfile.TemporaryDirectory() as work:
        check_plans(a, work)
        check_paths(a, work)
        check_replay(a, work)
        check_adapt(a, work)
        check_then_full(a, work)
        check_cut_seeds(a, work)
        check_bad_input(a, work)
    print("%d problems" % len(PROBLEMS))
    return 1 if PROBLEMS else 0


if __name__ == "__main__":
    sys.exit(main())
