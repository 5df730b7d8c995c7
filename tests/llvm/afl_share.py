#!/usr/bin/env python3
"""symx-llvm --afl-share (afl_share.c): the peer shares its core with a
secondary fuzzer on Driller's schedule. The fuzzer is afl/fake_fuzzer.sh,
which finds nothing (its instance holds one entry the test wrote), so the
peer gets turns; outcomes are checked by oracles, not by timing:
 1. the peer, in its turns, writes an input past magic.c's 4-byte magic
    value (the native build is the oracle); the fuzzer was stopped for a
    turn and continued after it (a SIGCONT before the one at the end), and
    at the end it got SIGINT, as afl-fuzz ends, and no process of it is
    left;
 2. a fuzzer that ends leaves the core to the peer, which says so and
    still finds the input;
 3. a command that cannot run, or an empty one, is a clear error (exit 2).
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
    with open(path, "rb") as f:
        r = subprocess.run([binary], stdin=f, stdout=subprocess.PIPE, timeout=10)
    return b"stage 2" in r.stdout


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().split()[2] != "Z"
    except OSError:
        return False


def peer(a, sync, share, extra=()):
    cmd = [a.symx, "--afl-sync", sync, "--afl-share", share, "--afl-share-stuck", "0.2s",
           "--afl-idle", "2s", "--afl-seed-time", "20s", "--max-time", "300s", "--no-progress",
           "-I" + a.include] + list(extra) + [os.path.join(a.src, "magic.c")]
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def lines(path):
    with open(path) as f:
        return [l.strip() for l in f]


def run_case(a, check, work, name, how):
    sync, log = os.path.join(work, name), os.path.join(work, name + ".log")
    q = os.path.join(sync, "fake", "queue")
    os.makedirs(q)
    with open(os.path.join(q, "id:000000,time:0,orig:a"), "wb") as f:
        f.write(b"AAAAAAAA")
    fake = "sh %s %s %s" % (os.path.join(a.src, "fake_fuzzer.sh"), log, how)
    r = peer(a, sync, fake)
    print(r.stdout)
    ours = aflutil.files(os.path.join(sync, "symx", "queue"))
    past = [os.path.basename(p) for p in ours if reaches(a.native, p)]
    check(r.returncode == 0 and past, "%s: the peer wrote an input past the magic value: %s"
          % (name, past))
    got = lines(log)
    pid = int(got[0].split()[1]) if got and got[0].startswith("START") else 0
    check(pid and not alive(pid), "%s: no fuzzer process left (%s)" % (name, got[:1]))
    return r, got


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--src", required=True, help="directory of magic.c, afl_input.c, fake_fuzzer.sh")
    ap.add_argument("--cc", default="cc")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="symx-aflshare-")
    check = Checks()
    try:
        a.native = os.path.join(work, "magic")
        subprocess.run([a.cc, "-I", a.include, os.path.join(a.src, "magic.c"),
                        os.path.join(a.src, "afl_input.c"), "-o", a.native], check=True)
        r, got = run_case(a, check, work, "stuck", "idle")
        conts = got.count("CONT")
        check("symx's turn" in r.stdout and conts >= 2 and got[-1] == "INT",
              "stuck: a turn stopped the fuzzer, the fuzzer went on after it (%d SIGCONT), "
              "SIGINT ended it: %s" % (conts, got[-3:]))
        r, got = run_case(a, check, work, "ended", "exit")
        check("fuzzer ended: symx has the core" in r.stdout, "ended: the peer said so")
        for share, why in (("/nonexistent/afl-fuzz -S x", "cannot run /nonexistent/afl-fuzz"),
                           ("  ", "an empty command")):
            r = peer(a, os.path.join(work, "bad"), share)
            check(r.returncode == 2 and why in r.stdout, "bad --afl-share %r: exit %d, says %r"
                  % (share, r.returncode, why))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    check.exit()


if __name__ == "__main__":
    sys.exit(main())
