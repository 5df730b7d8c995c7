#!/usr/bin/env python3
"""--afl-stall: an entry's exploration ends once it has given no new input
for the stall time after its first path, and the peer goes on to the next
entry (issue 20).

A hand-made sync directory holds two entries for afl/stall.c: the first
("aaaaaaaa", +cov: explored first) opens 2^32 paths whose first few cover
all the program has; the second starts 'B'. With no per-entry budget
(--afl-seed-time 0) only the stall (1 s) can end the first exploration
before --max-time (120 s): its summary must say it stalled, and the second
entry must be explored. No afl-fuzz: symx's own coverage decides.
"""
import argparse
import os
import shutil
import subprocess
import tempfile

import aflutil

from checks import Checks

ENTRIES = {"id:000000,src:000000,time:5,execs:9,op:havoc,rep:2,+cov": b"aaaaaaaa",
           "id:000001,time:0,execs:0,orig:b": b"Bbbbbbbb"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--program", required=True)
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="symx-aflstall-")
    check = Checks()
    try:
        aflutil.fake_instance(os.path.join(work, "SYNC"), ENTRIES)
        cmd = [a.symx, "--afl-sync", os.path.join(work, "SYNC"), "--afl-idle", "1",
               "--afl-seed-time", "0", "--afl-stall", "1s", "--max-time", "120",
               "--no-progress", a.program]
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        print(r.stdout)
        check(r.returncode == 0, "symx-llvm exits 0")
        first = [l for l in r.stdout.splitlines() if "symx-llvm: afl: id:000000:" in l]
        check(first and first[0].endswith("(stalled)"), "the first entry's exploration stalled: %s"
              % first)
        check("symx-llvm: afl: id:000001:" in r.stdout, "the second entry was explored")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    check.exit()


if __name__ == "__main__":
    main()
