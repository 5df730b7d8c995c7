#!/usr/bin/python3
"""real.py — one small program the way a real package reaches symx-llvm
(issue 14): built by plain make with CC=symx-cc (tests/llvm/real: wcx, two
objects), its whole-program bitcode explored with a symbolic argument, a
symbolic file A and symbolic stdin, and every test case it wrote replayed
natively with symx-replay on the executable the same build made: exit
status and stdout must be what symx-llvm reported for that path.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from checks import Checks
import env


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--symx-cc", required=True)
    ap.add_argument("--replay", required=True, help="the symx-replay tool")
    ap.add_argument("--project", required=True, help="tests/llvm/real")
    a = ap.parse_args()
    check = Checks()
    work = tempfile.mkdtemp(prefix="symx-real-")
    try:
        proj = os.path.join(work, "wcx")
        shutil.copytree(a.project, proj)
        r = subprocess.run(["make", "CC=" + os.path.abspath(a.symx_cc)], cwd=proj,
                           capture_output=True, text=True, timeout=300)
        check(r.returncode == 0, "make CC=symx-cc (%s)" % r.stderr.strip()[-300:])
        bc, native = os.path.join(proj, "wcx.bc"), os.path.join(proj, "wcx")
        check(os.path.exists(bc) and os.path.exists(native), "wcx and wcx.bc built")
        if check.failures:
            check.exit()
        a.src = proj  # env.explore takes NAME.c under a.src; give it the bitcode instead
        od = os.path.join(work, "out")
        # a test per path with its .json: env.replay_all replays each
        cmd = [a.symx, "--quiet", "--max-time", "120s", "--output-dir", od, "--write-tests=all",
               "--emit-all-errors", "--test-formats", "ktest,json", bc,
               "--sym-arg", "2", "--sym-files", "1", "3", "--sym-stdin", "3"]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        check(p.returncode in (0, 1), "symx-llvm explores wcx.bc (%s)" % p.stderr.strip()[-300:])
        paths = env.read_paths(od)
        problems, n = env.replay_all(a, od, paths, native)
        for pr in problems[:10]:
            print("     " + pr)
        check(not problems, "%d tests replayed natively to symx-llvm's outcome (%d problems)"
              % (n, len(problems)))
        exits = {r["exit"] for r in paths.values() if r["reason"] == "exit"}
        check({0, 1, 2, 3} <= exits, "exit statuses 0 to 3 all reached: %s" % sorted(exits))
        outs = {r["output"] for r in paths.values() if r["reason"] == "exit"}
        check({"l", "w", "c", "d"} <= {o[:1] for o in outs},
              "every counting option reached: %s" % sorted(outs)[:12])
        check(n >= 20, "at least 20 test cases (%d)" % n)
    finally:
        if not check.failures:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print("work dir %s" % work)
    check.exit()


if __name__ == "__main__":
    main()
