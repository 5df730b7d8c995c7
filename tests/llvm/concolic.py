#!/usr/bin/python3
"""concolic.py — symx-llvm --mode concolic (issue 18, Oasis).

  1. the paths concolic runs take (their outputs) are the paths brute force
     takes over all 65,536 inputs of tests/llvm/concolic/two.c built natively,
     for generational search and concolic DFS; every run is a new path
     (none repeats another's output more often than dedup allows);
     tests/llvm/concolic/assume.c: an input that breaks an assumption is
     replaced by one on its path that meets it (not an error), one that
     cannot hold on its path is KLEE's provably-false error: the outcomes
     are brute force's over the inputs the first assumption admits;
  2. --changed: a unified diff marks constraints new (paths.jsonl "run"
     tags), FILE:LINE too; a patch that does not apply, a bad FILE:LINE and
     a patch naming a missing source end with status 2 and a message;
     control dependence: on tests/llvm/concolic/cdep.c every negated
     branch (paths.jsonl "negated_loc") is new exactly when this file's
     own analysis of the program's LLVM IR says so: its line or a
     successor block's is changed, or a changed block (a changed line, or
     a call of a function with changed code) post-dominates one of its
     successors but not the branch;
  3. seeds from an afl-fuzz output directory (--seed-dir SYNC: each
     instance's queue/, AFL's entry names; other names said and skipped):
     one seeded run per entry;
  4. a seed of the wrong size is said (padded or truncated, or rejected with
     --set seed_truncate=0), and a corrupted constraint-cache directory is
     said and rebuilt (the next run loads it); a cache "directory" that is a
     file ends with status 2 and its name.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import llvmir

FAILS = []


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print("FAIL: " + what, file=sys.stderr)


def symx(a, args, out):
    shutil.rmtree(out, ignore_errors=True)
    return subprocess.run([a.symx, "--quiet", "-I" + a.include, "--output-dir", out] + args,
                          capture_output=True, timeout=300)


def paths(out):
    return [json.loads(ln) for ln in open(os.path.join(out, "paths.jsonl"))]


def brute_force(a, tmp):
    exe = os.path.join(tmp, "two")
    subprocess.run([a.clang, "-DNATIVE", "-O0", "-o", exe, os.path.join(a.dir, "two.c")], check=True)
    return set(subprocess.run([exe], capture_output=True, check=True).stdout.decode().split("\n")) - {""}


def test_paths(a, tmp):
    want = brute_force(a, tmp)
    for search in ("generational", "dfs"):
        out = os.path.join(tmp, "o-" + search)
        p = symx(a, ["--mode", "concolic", "--concolic-search", search, os.path.join(a.dir, "two.c")], out)
        check(p.returncode == 0, "%s: status %d: %s" % (search, p.returncode, p.stderr.decode()[-300:]))
        got = [x["output"].strip() for x in paths(out)]
        check(set(got) == want, "%s: paths %s, brute force %s" % (search, sorted(set(got)), sorted(want)))
        check(all("run" in x for x in paths(out)), "%s: every path says which run it is" % search)
        print("%s: %d paths (brute force %d) in %d runs: ok" % (search, len(set(got)), len(want), len(got)))


def test_assume(a, tmp):
    exe = os.path.join(tmp, "assume")
    subprocess.run([a.clang, "-DNATIVE", "-O0", "-o", exe, os.path.join(a.dir, "assume.c")], check=True)
    want = set(subprocess.run([exe], capture_output=True, check=True).stdout.decode().split())
    out = os.path.join(tmp, "o-assume")
    p = symx(a, ["--mode", "concolic", os.path.join(a.dir, "assume.c")], out)
    got = set()
    for x in paths(out):
        if x["reason"] == "exit":
            got.add(x["output"].strip())
        elif x["reason"] == "error" and "provably false" in x["message"]:
            got.add("E")
        elif x["reason"] == "error":
            got.add("unexpected error: " + x["message"])
    st = json.load(open(os.path.join(out, "stats.json")))["engine"]
    check(p.returncode == 1 and got == want and st["concolic_repairs"] >= 1,
          "assume.c: outcomes %s, brute force %s, %d repairs (status %d)"
          % (sorted(got), sorted(want), st["concolic_repairs"], p.returncode))
    print("assumptions: %s: ok" % sorted(got))


def test_changed(a, tmp):
    prog = os.path.join(a.bench, "v2.c")
    out = os.path.join(tmp, "o-changed")
    p = symx(a, ["--mode", "concolic", "--seed-dir", os.path.join(a.bench, "seeds"), "--seed-input", "input",
                 "--concolic-max-runs", "60", "--changed", os.path.join(a.bench, "v2.patch"), prog], out)
    runs = [x["run"] for x in paths(out) if x["run"]["parent"]]
    new = sum(1 for r in runs if r["tags"] & 1)
    check(p.returncode in (0, 1) and new > 0, "--changed PATCH: %d of %d negations new" % (new, len(runs)))
    p = symx(a, ["--mode", "concolic", "--concolic-max-runs", "60", "--changed", "v2.c:26,v2.c:41", prog], out)
    runs = [x["run"] for x in paths(out) if x["run"]["parent"]]
    check(p.returncode in (0, 1), "--changed FILE:LINE: status %d" % p.returncode)
    bad = os.path.join(tmp, "bad.patch")
    open(bad, "w").write("--- a/v2.c\n+++ %s\n@@ -1,2 +1,2 @@\n /*\n-** x\n+** not in the source\n" % prog)
    cases = [(bad, "does not apply to"), ("v2.c:x", "is not FILE:LINE"), ("v2.c", "is not FILE:LINE")]
    missing = os.path.join(tmp, "missing.patch")
    open(missing, "w").write("--- a/nosuch.c\n+++ b/nosuch.c\n@@ -1 +1 @@\n-a\n+b\n")
    cases.append((missing, "nosuch.c: cannot read the source"))
    for spec, msg in cases:
        p = symx(a, ["--mode", "concolic", "--changed", spec, prog], out)
        err = p.stderr.decode()
        check(p.returncode == 2 and msg in err, "--changed %s: status %d, %r" % (spec, p.returncode, err[-200:]))
    print("--changed: ok")


def cfg_blocks(text):
    """The functions of LLVM IR text: name -> list of blocks, each a dict of
    its label, instructions' lines, callees and successors, and for a
    conditional branch its line."""
    locs = llvmir.dbg_lines(text)
    out = {}
    for fn, blocks in llvmir.parse_ll(text).items():
        out[fn] = []
        for i, b in enumerate(blocks):
            term = b["instrs"][-1] if b["instrs"] else ""
            out[fn].append({
                "label": b["label"] or "entry%d" % i,
                "lines": {llvmir.ins_line(ins, locs) for ins in b["instrs"]} - {None},
                "calls": {m for ins in b["instrs"] for m in re.findall(r"call .*@([\w.$]+)\(", ins)},
                "succ": re.findall(r"label %([\w.$\-]+)", term),
                "cond": term.startswith("br i1 "),
                "br_line": llvmir.ins_line(term, locs)})
    return out


def post_dominators(blocks):
    """Per block index, the set of blocks post-dominating it ("exit" included)."""
    idx = {b["label"]: i for i, b in enumerate(blocks)}
    succ = [[idx[s] for s in b["succ"]] or ["exit"] for b in blocks]
    every = set(range(len(blocks))) | {"exit"}
    pd = {i: set(every) for i in range(len(blocks))}
    pd["exit"] = {"exit"}
    changed = True
    while changed:
        changed = False
        for i in reversed(range(len(blocks))):
            new = set.intersection(*(pd[s] for s in succ[i])) | {i}
            if new != pd[i]:
                pd[i], changed = new, True
    return pd, idx


def expected_new(fns, changed_lines):
    """Branch line -> (new, new by its line or a successor's first block alone)."""
    hot = {f for f, bs in fns.items() if any(b["lines"] & changed_lines for b in bs)}
    grow = True
    while grow:  # functions calling functions with changed code
        more = {f for f, bs in fns.items() if any(b["calls"] & hot for b in bs)}
        grow = not more <= hot
        hot |= more
    out = {}
    for f, bs in fns.items():
        pd, idx = post_dominators(bs)
        ch = {i for i, b in enumerate(bs) if b["lines"] & changed_lines or b["calls"] & hot}
        for i, b in enumerate(bs):
            if not b["cond"]:
                continue
            succ = [idx[s] for s in b["succ"]]
            by_cd = any(x in pd[s] and x not in pd[i] - {i} for s in succ for x in ch)
            by_side = any(bs[s]["lines"] & changed_lines for s in succ)
            near = by_side or b["br_line"] in changed_lines
            out[b["br_line"]] = (by_cd or near, near)
    return out


def test_control_dependence(a, tmp):
    src = os.path.join(a.dir, "cdep.c")
    ll = os.path.join(tmp, "cdep.ll")
    subprocess.run([a.clang, "-S", "-emit-llvm", "-g", "-O0", "-Xclang", "-disable-O0-optnone",
                    "-I" + a.include, src, "-o", ll], check=True)
    marked = {i + 1 for i, ln in enumerate(open(src)) if "CHANGED" in ln and "*/" in ln and "hits" in ln}
    oracle = expected_new(cfg_blocks(open(ll).read()), marked)
    want = {line: new for line, (new, _) in oracle.items()}
    spec = ",".join("cdep.c:%d" % n for n in sorted(marked))
    out = os.path.join(tmp, "o-cdep")
    p = symx(a, ["--mode", "concolic", "--changed", spec, ll], out)
    check(p.returncode == 0, "cdep.c: status %d: %s" % (p.returncode, p.stderr.decode()[-300:]))
    seen = {}
    for x in paths(out):
        r = x["run"]
        if "negated_loc" in r and r["negated_loc"].startswith("cdep.c:"):
            seen.setdefault(int(r["negated_loc"].split(":")[1]), set()).add(bool(r["tags"] & 1))
    for line, new in sorted(want.items()):
        check(seen.get(line) == {new}, "cdep.c:%d: negations tagged new %s, the IR says %s"
              % (line, sorted(seen.get(line, [])), new))
    cd_only = [line for line, (new, near) in oracle.items() if new and not near]
    check(len(marked) == 2 and len(cd_only) >= 2 and not all(want.values()),
          "cdep.c: the oracle has old branches and new ones only control dependence finds: %s" % oracle)
    print("control dependence: %d branches, %d new: ok" % (len(want), sum(want.values())))


def test_afl_seeds(a, tmp):
    sync = os.path.join(tmp, "sync")
    seeds = sorted(os.listdir(os.path.join(a.bench, "seeds")))
    for k, inst in enumerate(("main", "sec")):
        q = os.path.join(sync, inst, "queue")
        os.makedirs(os.path.join(q, ".state", "auto_extras"))
        for i, name in enumerate(seeds[k::2]):
            shutil.copy(os.path.join(a.bench, "seeds", name), os.path.join(q, "id:%06d,time:0,orig:%s" % (i, name)))
    open(os.path.join(sync, "main", "queue", "junk"), "w").write("x" * 24)
    open(os.path.join(sync, "main", "fuzzer_stats"), "w").write("execs_done : 1\n")
    out = os.path.join(tmp, "o-afl")
    p = symx(a, ["--mode", "concolic", "--seed-input", "input", "--seed-dir", sync,
                 "--concolic-max-runs", "20", os.path.join(a.bench, "v2.c")], out)
    err = p.stderr.decode()
    seeded = [x for x in paths(out) if x["run"]["seed"] >= 0]
    check(p.returncode in (0, 1) and len(seeded) == len(seeds),
          "AFL output as seeds: %d seeded runs for %d queue entries (status %d)" % (len(seeded), len(seeds), p.returncode))
    check("junk: not an AFL queue entry name" in err, "AFL output as seeds: a bad entry name said: %r" % err[-300:])
    print("AFL output as seeds: ok")


def test_bad_input(a, tmp):
    prog = os.path.join(a.bench, "v2.c")
    out = os.path.join(tmp, "o-bad")
    seed = os.path.join(tmp, "long.cfg")
    open(seed, "w").write("CFG1getx=abcdefg;vmmmmmmEXTRA")
    base = ["--mode", "concolic", "--concolic-max-runs", "5", "--seed-input", "input", "--seed-file", seed]
    p = symx(a, base + [prog], out)
    err = p.stderr.decode()
    check("has 29 bytes, the program's 24: truncated" in err, "long seed: %r" % err[-300:])
    p = symx(a, base + ["--set", "seed_truncate=0", prog], out)
    err = p.stderr.decode()
    check("rejected (seed_truncate is off)" in err and len(paths(out)) == 1,
          "long seed, no truncation: %r" % err[-300:])
    cache = os.path.join(tmp, "cache")
    run = ["--mode", "concolic", "--concolic-max-runs", "20", "--concolic-cache-dir", cache, prog]
    p = symx(a, run, out)
    check(p.returncode == 0 and os.path.exists(os.path.join(cache, "acache.txt")), "cache written")
    with open(os.path.join(cache, "acache.txt"), "a") as f:
        f.write("S zz broken\n")
    p = symx(a, run, out)
    err = p.stderr.decode()
    check(p.returncode == 0 and "malformed; the cache was rebuilt" in err, "corrupted cache: %r" % err[-300:])
    p = symx(a, run, out)
    st = json.load(open(os.path.join(out, "stats.json")))["engine"]
    check(p.returncode == 0 and st["acache_loaded"] > 0 and not p.stderr.decode(), "the rebuilt cache loads")
    notdir = os.path.join(tmp, "file")
    open(notdir, "w").write("x")
    p = symx(a, ["--mode", "concolic", "--concolic-cache-dir", notdir, prog], out)
    check(p.returncode == 2 and "not a directory" in p.stderr.decode(), "cache dir is a file: %r" % p.stderr.decode())
    print("bad input: ok")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--bench", required=True)
    ap.add_argument("--clang", default="clang-14")
    a = ap.parse_args()
    if not shutil.which(a.clang):
        print("no %s" % a.clang)
        sys.exit(77)
    tmp = tempfile.mkdtemp(prefix="symx-concolic-")
    try:
        test_paths(a, tmp)
        test_assume(a, tmp)
        test_changed(a, tmp)
        test_control_dependence(a, tmp)
        test_afl_seeds(a, tmp)
        test_bad_input(a, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
