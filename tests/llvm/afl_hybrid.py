#!/usr/bin/env python3
"""AFL++ + symx gets past a 4-byte magic value that AFL++ alone does not
(issue 20), with outcomes that do not depend on timing.

The target is afl/magic.c (stdin natively, afl_input.c): "stage 2" is
printed only behind magic == 0x1337cafe. Three steps, each bounded by work,
not by time:
 1. afl-fuzz -M main alone for -E EXECS executions (default 20000) from the
    seed "AAAAAAAA". AFL++ runs as by default: no cmplog (-c), no
    dictionary (-x; afl-clang-fast makes none), no laf-intel, so a try
    passes the check with probability about 2^-32; 20000 tries pass it with
    probability under 1e-5. Checked: no input in its queue or crashes
    reaches "stage 2" natively (the native binary is the oracle).
 2. symx-llvm --afl-sync on that sync directory, after afl-fuzz ended, with
    --afl-target-bin (the AFL++ binary) and --afl-idle: it explores main's
    entries (the seed among them) and writes back inputs with new edges.
    Checked: one of its inputs reaches "stage 2" natively.
 3. afl-fuzz -M main resumed (-i -) for another -E EXECS: AFL++ syncs at
    its start, so its queue then holds our input ("sync:symx"). Checked:
    an entry of main's queue reaches "stage 2" natively.
Skips (77) when afl-fuzz cannot run here (not installed, refuses to start).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

import aflutil
from checks import Checks


def reaches(binary, path):
    """The oracle: the native binary prints "stage 2" on the file's bytes."""
    with open(path, "rb") as f:
        try:
            r = subprocess.run([binary], stdin=f, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, timeout=10)
        except subprocess.TimeoutExpired:
            return False
    return b"stage 2" in r.stdout


def fuzz(binary, seeds, sync, execs, logpath):
    """afl-fuzz -M main for about execs executions; skips when it refuses."""
    with open(logpath, "w") as log:
        r = subprocess.run(["afl-fuzz", "-i", seeds, "-o", sync, "-M", "main", "-E", str(execs),
                            "-m", "none", "--", binary], stdout=log, stderr=subprocess.STDOUT,
                           stdin=subprocess.DEVNULL, env=aflutil.env(), timeout=600)
    if r.returncode != 0 or not os.path.exists(os.path.join(sync, "main", "fuzzer_stats")):
        with open(logpath, errors="replace") as f:
            lines = [l.strip() for l in f if l.strip()]
        why = [l for l in lines if "ABORT" in l or "[-]" in l] or lines[-5:]
        aflutil.skip("afl-fuzz did not run (exit %d): %s" % (r.returncode, " | ".join(why)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--src", required=True, help="directory of magic.c and afl_input.c")
    ap.add_argument("--execs", type=int, default=20000)
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    aflutil.need("afl-fuzz", "afl-showmap")
    work = tempfile.mkdtemp(prefix="symx-aflhybrid-")
    check = Checks()
    try:
        binary = os.path.join(work, "magic_afl")
        aflutil.build([os.path.join(a.src, "magic.c"), os.path.join(a.src, "afl_input.c")],
                      a.include, binary)
        seeds, sync = os.path.join(work, "seeds"), os.path.join(work, "SYNC")
        os.mkdir(seeds)
        with open(os.path.join(seeds, "a"), "wb") as f:
            f.write(b"AAAAAAAA")
        # 1. AFL++ alone
        fuzz(binary, seeds, sync, a.execs, os.path.join(work, "afl1.log"))
        main_dir = os.path.join(sync, "main")
        alone = (aflutil.files(os.path.join(main_dir, "queue"))
                 + aflutil.files(os.path.join(main_dir, "crashes")))
        past = [os.path.basename(p) for p in alone if reaches(binary, p)]
        check(alone and not past, "AFL++ alone (%d executions): %d inputs, none past the magic "
              "value %s" % (a.execs, len(alone), past))
        # 2. the symx peer on what AFL++ left
        r = subprocess.run([a.symx, "--afl-sync", sync, "--afl-target-bin", binary, "--afl-idle", "1",
                            "--afl-seed-time", "20", "--max-time", "300", "--no-progress",
                            "-I" + a.include, os.path.join(a.src, "magic.c")],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        print(r.stdout)
        ours = aflutil.files(os.path.join(sync, "symx", "queue"))
        mine = [os.path.basename(p) for p in ours if reaches(binary, p)]
        check(r.returncode == 0 and mine, "the symx peer wrote inputs past the magic value: %s" % mine)
        # 3. AFL++ resumed: it imports them at its start
        fuzz(binary, "-", sync, a.execs, os.path.join(work, "afl2.log"))
        got = [os.path.basename(p) for p in aflutil.files(os.path.join(main_dir, "queue"))
               if "sync:symx" in p and reaches(binary, p)]
        check(got, "AFL++ imported an input past the magic value: %s" % got)
    finally:
        if a.keep:
            print("work directory: " + work)
        else:
            shutil.rmtree(work, ignore_errors=True)
    check.exit()


if __name__ == "__main__":
    sys.exit(main())
