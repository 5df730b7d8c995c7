#!/usr/bin/env python3
"""symx-llvm --afl-sync against a hand-made sync directory (no afl-fuzz).

Another instance "fake" holds: an initial seed "ab" (shorter than the
program's 4-byte input "data": padded), a "+cov" entry "abcdefgh" (longer:
truncated), an empty entry and a file with no AFL name (skipped, said). Checks: the +cov
entry is explored first; our queue ids are dense from 000000 and name their
source; contents are distinct, 4 bytes, and none is an entry itself;
crashes (and only they) take the abort path of peer.c, whose behaviour the
oracle below restates (a path that ends at a model error, a symbolic
malloc size symx does not explore, is not a crash); fuzzer_stats counts the
queue; a restart writes nothing new (content dedup across runs).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

import aflutil

from checks import Checks


def crashes(b):
    """peer.c natively: abort() iff the first byte is 'X'."""
    return b[0:1] == b"X"


def listing(d):
    return sorted(n for n in os.listdir(d) if not n.startswith(".")) if os.path.isdir(d) else []


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--program", required=True)
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="symx-aflmode-")
    check = Checks()

    try:
        entries = {"id:000000,time:0,execs:0,orig:a": b"ab",
                   "id:000001,src:000000,time:5,execs:9,op:havoc,rep:2,+cov": b"abcdefgh",
                   "id:000002,src:000000,op:flip1": b"",
                   "README": b"not an entry"}
        aflutil.fake_instance(os.path.join(work, "SYNC"), entries)
        cmd = [a.symx, "--afl-sync", os.path.join(work, "SYNC"), "--afl-idle", "1",
               "--max-time", "120", "--no-progress", a.program]
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        print(r.stdout)
        check(r.returncode == 0, "symx-llvm exits 0")
        check('entries bind input "data"' in r.stdout, "entries bind the program's first input")
        ours = os.path.join(work, "SYNC", "symx")
        q = listing(os.path.join(ours, "queue"))
        c = [n for n in listing(os.path.join(ours, "crashes")) if n != "README.txt"]
        check(len(q) >= 1 and len(c) >= 1, "queue (%d) and crashes (%d) are not empty" % (len(q), len(c)))
        # src: the entry's id
        check(all(re.fullmatch(r"id:%06d,src:\d{6}" % i, n) for i, n in enumerate(q)),
              "queue ids dense from 000000 with src: %s" % q)
        check(all(re.fullmatch(r"id:%06d,sig:06,src:\d{6}" % i, n) for i, n in enumerate(c)),
              "crash names: %s" % c)
        check(sum(",src:" in n for n in q + c) >= 2, "inputs name their entry (src)")
        check(q and q[0].endswith("src:000001"), "the +cov entry was explored first")
        check(os.path.exists(os.path.join(ours, "crashes", "README.txt")), "crashes/README.txt")
        # every crash is kept, but said once for its location (peer.c:15)
        aborts = r.stdout.count("abort() called")
        check(len(c) >= 2 and aborts == 1, "%d crashes, %d abort lines (one location)" % (len(c), aborts))
        # the sizes malloc's symbolic count leaves unexplored end in a model
        # error: said, but their inputs are queue entries, not crashes
        check("concretized symbolic size" in r.stdout, "the model error is said")
        qb = [open(os.path.join(ours, "queue", n), "rb").read() for n in q]
        cb = [open(os.path.join(ours, "crashes", n), "rb").read() for n in c]
        check(all(len(b) == 4 for b in qb + cb), "every input is the program's 4 bytes")
        check(len(set(qb)) == len(qb) and len(set(cb)) == len(cb), "contents are distinct")
        check(not {b"ab\0\0", b"abcd"} & set(qb), "no entry is written back")
        check(all(crashes(b) for b in cb), "every crash aborts natively")
        check(not any(crashes(b) for b in qb), "no queue input aborts natively")
        check(any(b[1:2] == b"Y" for b in qb), "the 'Y' path was found")
        check(any(b[2:3] == b"Z" for b in qb), "the 'Z' paths' inputs are in the queue")
        # a new input keeps its entry's bytes that its path does not constrain
        check(any(b[0:1] == b"a" and b[2:4] == b"cd" for b in qb + cb),
              "an input from \"abcdefgh\" keeps its other bytes: %s" % (qb + cb))
        with open(os.path.join(ours, "fuzzer_stats")) as f:
            st = dict((k.strip(), v.strip()) for k, _, v in (l.partition(":") for l in f))
        # the corpus: our queue and the two entries explored (not the empty
        # file, not README)
        check(st.get("corpus_count") == str(len(q) + 2), "fuzzer_stats corpus_count = %s"
              % st.get("corpus_count"))
        check("fake/queue/README: not an AFL entry name" in r.stdout, "README is skipped, said")
        check(st.get("saved_crashes") == str(len(c)), "fuzzer_stats saved_crashes = %s"
              % st.get("saved_crashes"))
        # a restart explores the entries again and writes nothing new
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        check(r.returncode == 0 and listing(os.path.join(ours, "queue")) == q,
              "a restart writes nothing new")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    check.exit()


if __name__ == "__main__":
    main()
