#!/usr/bin/env python3
"""symx-llvm seeded by a .ktest file (issue 6).

seeded/gate.c guards its second stage with a bitwise CRC-32 of 4 input bytes
(1 path in 2^32 passes). With the same instruction budget:
  - unseeded, no test input reaches the code behind the gate;
  - with --seed-file SEED.ktest (object "input" = "SEED" + 4 zero bytes,
    written here by an independent ktest writer), a test input does;
  - with --only-seed, exactly the seed's path runs (the states left then
    end early), with zero solver queries.
Oracle: every test input symx-llvm wrote is run natively (the program linked
with libsymx-replay, KTEST_FILE) and what it prints decides whether it passed
the gate; symx-llvm's paths.jsonl must agree.

seeded/order.c makes "first" then "second" symbolic, and a seed names its
objects "second", "first" (in that order). As KLEE, the objects bind the
inputs by position: with --only-seed the seed's path passes the gate (and
its test input does natively); with --named-seed-matching they bind by name
and it does not. KLEE's size rules: with seed_extend off (KLEE's default
without --allow-seed-extension), a seed with too few objects ends the path
with the user error "ran out of inputs during seeding", a shorter object
with "replace size mismatch"; with seed_truncate off a longer one too;
allowed, the path runs on (zeros past the object).

seeded/again.c makes "z" then "a": each test case symx-llvm writes for it,
as a seed (--only-seed), takes the path that wrote it again (same exit
status and output): its objects are in the order the path made them.
"""
import argparse
import glob
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

from checks import Checks

BUDGET = "50000"  # --max-instructions of every run (about 100 paths unseeded)
PASSED = "gate passed"


def write_ktest(path, objects):
    """KLEE's ktest format, version 3, no arguments (big-endian lengths)."""
    data = b"KTEST" + struct.pack(">I", 3) + struct.pack(">I", 0) + struct.pack(">II", 0, 0)
    data += struct.pack(">I", len(objects))
    for name, blob in objects:
        data += struct.pack(">I", len(name)) + name + struct.pack(">I", len(blob)) + blob
    with open(path, "wb") as f:
        f.write(data)


def explore(a, work, tag, extra, program=None):
    out = os.path.join(work, tag)
    # every path's test (native_passes replays them); 3: the budget ran out
    cmd = [a.symx, "--max-instructions", BUDGET, "--output-dir", out, "--no-progress",
           "--quiet", "--write-tests=all", "--emit-all-errors", "--test-formats", "ktest,json"] + extra + [program or a.program]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode not in (0, 1, 3):
        print("FAIL: %s exited %d\n%s" % (" ".join(cmd), r.returncode, r.stdout))
        sys.exit(1)
    with open(os.path.join(out, "paths.jsonl")) as f:
        paths = [json.loads(l) for l in f if l.strip()]
    with open(os.path.join(out, "stats.json")) as f:
        stats = json.load(f)
    return out, paths, stats


def native_passes(exe, out):
    """Test inputs of a run that pass the gate natively, and how many ran."""
    tests = sorted(glob.glob(os.path.join(out, "test*.ktest")))
    passed = []
    for kt in tests:
        r = subprocess.run([exe], env=dict(os.environ, KTEST_FILE=kt), stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True, timeout=30)
        if PASSED in r.stdout:
            passed.append(os.path.basename(kt))
    return passed, len(tests)


def build(a, work, src):
    exe = os.path.join(work, os.path.basename(src)[:-2])
    # sanitized like the replay library may be (a sanitized build)
    subprocess.run([a.cc, "-g", "-fsanitize=address,undefined", "-I", a.include, src,
                    "-L" + a.replay_dir, "-lsymx-replay", "-o", exe], check=True)
    return exe


def seed_path(a, work, tag, objects, extra):
    """The one path --only-seed ends with a seed of objects, and its test."""
    seed = os.path.join(work, tag + ".ktest")
    write_ktest(seed, objects)
    out, paths, _ = explore(a, work, tag, ["--seed-file", seed, "--only-seed"] + extra, a.order)
    ended = [p for p in paths if p["reason"] != "early"]
    return ended, out


def check_order(a, work, check):
    exe = build(a, work, a.order)
    swapped = [(b"second", b"FST1"), (b"first", b"COND")]
    ended, out = seed_path(a, work, "position", swapped, [])
    passed, n = native_passes(exe, out)
    check(len(ended) == 1 and PASSED in ended[0]["output"] and passed,
          "by position: the seed's path passes the gate (%s), natively too (%s of %d)"
          % ([p["output"] for p in ended], passed, n))
    ended, _ = seed_path(a, work, "named", swapped, ["--named-seed-matching"])
    check(len(ended) == 1 and PASSED not in ended[0]["output"],
          "--named-seed-matching: the seed's path does not pass the gate (%s)" % ended)
    off = ["--set", "seed_extend=0", "--set", "seed_truncate=0"]
    for tag, objs, extra, want in (
            ("few", [(b"a", b"FST1")], off, "ran out of inputs during seeding"),
            ("short", [(b"a", b"FS"), (b"b", b"COND")], off, "replace size mismatch: first[4] vs a[2]"),
            ("long", [(b"a", b"FST1!"), (b"b", b"COND")], off, "replace size mismatch: first[4] vs a[5]"),
            ("few-ok", [(b"a", b"FST1")], ["--allow-seed-extension"], None),
            ("long-ok", [(b"a", b"FST1!"), (b"b", b"COND")], ["--allow-seed-truncation"], PASSED)):
        ended, _ = seed_path(a, work, tag, objs, extra)
        got = [(p["reason"], p["error"], p["message"], p["output"]) for p in ended]
        if want is None or want == PASSED:
            ok = len(ended) == 1 and ended[0]["reason"] == "exit" and \
                (want is None or PASSED in ended[0]["output"])
        else:
            ok = len(ended) == 1 and ended[0]["error"] == "user" and want in ended[0]["message"]
        check(ok, "seed %s %s: %s" % (tag, " ".join(extra), got))


def check_again(a, work, check):
    out, paths, _ = explore(a, work, "again", [], a.again)
    by_id = {p["path_id"]: p for p in paths}
    tests = sorted(glob.glob(os.path.join(out, "test*.ktest")))
    check(len(tests) == 3, "again.c: 3 test cases (%d)" % len(tests))
    for kt in tests:
        want = by_id[json.load(open(kt[:-6] + ".json"))["path_id"]]
        _, again, _ = explore(a, work, "again-" + os.path.basename(kt)[:-6],
                              ["--seed-file", kt, "--only-seed"], a.again)
        ended = [p for p in again if p["reason"] != "early"]
        check(len(ended) == 1 and (ended[0]["exit"], ended[0]["output"]) ==
              (want["exit"], want["output"]),
              "again.c: %s as a seed takes its path again (%s, %s)"
              % (os.path.basename(kt), [(p["exit"], p["output"]) for p in ended],
                 (want["exit"], want["output"])))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--replay-dir", required=True, help="directory of libsymx-replay.a")
    ap.add_argument("--include", required=True)
    ap.add_argument("--program", required=True, help="seeded/gate.c")
    ap.add_argument("--order", required=True, help="seeded/order.c")
    ap.add_argument("--again", required=True, help="seeded/again.c")
    ap.add_argument("--cc", default="clang-14")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="symx-seeded-")
    check = Checks()

    try:
        exe = build(a, work, a.program)
        seed = os.path.join(work, "seed.ktest")
        write_ktest(seed, [(b"input", b"SEED\0\0\0\0")])
        r = subprocess.run([exe], env=dict(os.environ, KTEST_FILE=seed), stdout=subprocess.PIPE,
                           text=True)
        check(PASSED in r.stdout, "the seed passes the gate natively")

        out, paths, _ = explore(a, work, "unseeded", [])
        passed, n = native_passes(exe, out)
        print("     unseeded: %d paths, %d test inputs, %d pass the gate" % (len(paths), n, len(passed)))
        check(n > 0 and not passed, "unseeded: no test input passes the gate")
        check(not any(PASSED in p["output"] for p in paths), "unseeded: no path prints '%s'" % PASSED)

        out, paths, _ = explore(a, work, "seeded", ["--seed-file", seed])
        passed, n = native_passes(exe, out)
        print("     seeded: %d paths, %d test inputs, %d pass the gate" % (len(paths), n, len(passed)))
        check(len(passed) >= 1, "seeded: a test input passes the gate (native run)")
        check(any(PASSED in p["output"] for p in paths), "seeded: a path prints '%s'" % PASSED)

        out, paths, stats = explore(a, work, "only-seed", ["--seed-file", seed, "--only-seed"])
        ended = [p for p in paths if p["reason"] != "early"]  # the others halted unexplored
        check(len(ended) == 1 and PASSED in ended[0]["output"],
              "--only-seed: exactly the seed's path, behind the gate")
        check(stats.get("solver_queries") == 0, "--only-seed: zero solver queries (%s)"
              % stats.get("solver_queries"))
        check_order(a, work, check)
        check_again(a, work, check)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    check.exit()


if __name__ == "__main__":
    main()
