#!/usr/bin/env python3
"""symx-llvm --afl-sync with --afl-target-bin: the peer's own edge view, and
bad input in the sync directory (no afl-fuzz: a hand-made queue).

Another instance "fake" holds two initial seeds, an entry the binary
crashes on ('C'), one it hangs on ('H', --afl-target-timeout 300ms), one
("DEL") whose native run removes the next entry (edges_input.c), so that it
vanishes after the peer's scan mapped it, one that vanished between the
listing and the read (a dangling symbolic link: the scan reads entries
before their batch runs), and a file with no AFL name.
Checks, by an oracle (aflutil: afl-showmap's raw counts in afl-fuzz's
buckets, merged as has_new_bits does): every input we wrote, in id order,
adds an (edge, bucket) pair to the union of the entries and our earlier
inputs; fuzzer_stats' edges_found is the union's edge count; every crash
written crashes natively; the bad entries are said and none is explored;
afl-whatsup reads our fuzzer_stats. Then the same without the binary: the
fallback writes only inputs of paths that covered new instructions.
Skips (77) without the AFL++ tools.
"""
import argparse
import os
import re
import shutil
import subprocess
import tempfile

import aflutil
from checks import Checks

ENTRIES = {
    "id:000000,time:0,execs:0,orig:x": b"xxxxxxxx",
    "id:000001,time:0,execs:0,orig:y": b"yyyyyyyy",
    "id:000002,src:000000,op:havoc,rep:2,+cov": b"Cxxxxxxx",
    "id:000003,src:000000,op:havoc,rep:2,+cov": b"Hxxxxxxx",
    "id:000004,src:000000,op:havoc,rep:2": b"DELxxxxx",
    "id:000005,src:000000,op:havoc,rep:2": b"vvvvvvvv",  # removed by DEL's run
    "junk-name": b"zzzzzzzz",
}


def listing(d):
    return sorted(n for n in os.listdir(d) if not n.startswith(".")) if os.path.isdir(d) else []


def read(d, n):
    with open(os.path.join(d, n), "rb") as f:
        return f.read()


GONE = "id:000006,src:000000,op:havoc,rep:2"  # listed, unreadable


def make_sync(work):
    sync = os.path.join(work, "SYNC")
    shutil.rmtree(sync, ignore_errors=True)
    fake = aflutil.fake_instance(sync, ENTRIES)
    os.symlink(os.path.join(work, "no-such-file"), os.path.join(fake, GONE))
    return sync


def run(a, sync, extra, victim):
    env = dict(os.environ, SYMX_TEST_UNLINK=victim)
    cmd = [a.symx, "--afl-sync", sync, "--afl-idle", "1", "--afl-seed-time", "5",
           "--max-instructions", "200000", "--max-time", "120", "--no-progress"] + extra + [a.program]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    print(r.stdout)
    return r


def check_edges(check, a, sync, work, binary, r):
    ours = os.path.join(sync, "symx")
    fake = os.path.join(sync, "fake", "queue")
    virgin = {}
    for n in listing(fake):  # the entries that run normally (the peer's scan)
        if n.startswith("id:") and os.path.exists(os.path.join(fake, n)):
            code, bits = aflutil.showmap(binary, read(fake, n), work)
            if code == 0:
                aflutil.new_bits(virgin, bits)
    q = listing(os.path.join(ours, "queue"))
    check(len(q) >= 1, "the queue holds inputs: %s" % q)
    stale = [n for n in q if not aflutil.new_bits(virgin, aflutil.showmap(binary, read(
        os.path.join(ours, "queue"), n), work)[1])]
    check(not stale, "every input adds edges or buckets to all the queues' (none of %s)" % stale)
    m = [int(x) for x in re.findall(r"\((\d+) inputs without new edges\)", r.stdout)]
    check(sum(m) >= 1, "inputs without new edges were dropped: %d" % sum(m))
    reach = [n for n in q if b"abc" in subprocess.run(
        [binary], input=read(os.path.join(ours, "queue"), n), stdout=subprocess.PIPE).stdout]
    check(len(reach) >= 1, "an input reaches \"abc\" natively: %s" % reach)
    c = [n for n in listing(os.path.join(ours, "crashes")) if n != "README.txt"]
    natives = [subprocess.run([binary], input=read(os.path.join(ours, "crashes"), n),
                              stdout=subprocess.DEVNULL).returncode for n in c]
    check(c and all(x < 0 for x in natives), "every crash (%d) crashes natively: %s" % (len(c), natives))
    crashed = {}  # unique crashes: each adds to what the earlier ones covered
    same = [n for n in c if not aflutil.new_bits(crashed, aflutil.showmap(binary, read(
        os.path.join(ours, "crashes"), n), work)[1])]
    check(not same, "every crash adds edges or buckets to the earlier crashes' (none of %s)" % same)
    with open(os.path.join(ours, "fuzzer_stats")) as f:
        st = dict((k.strip(), v.strip()) for k, _, v in (l.partition(":") for l in f))
    check(st.get("edges_found") == str(len(virgin)), "fuzzer_stats edges_found %s = the union's %d"
          % (st.get("edges_found"), len(virgin)))


def check_bad(check, r, sync):
    out = r.stdout
    check("fake/queue/id:000002,src:000000,op:havoc,rep:2,+cov: the AFL++ binary crashes on it" in out,
          "the crashing entry is said")
    check("fake/queue/id:000003,src:000000,op:havoc,rep:2,+cov: the AFL++ binary hangs on it" in out,
          "the hanging entry is said")
    check("fake/queue/%s: vanished while read: skipped" % GONE in out,
          "the vanished entry is said")
    check("fake/queue/junk-name: not an AFL entry name" in out, "the malformed name is said")
    names = listing(os.path.join(sync, "symx", "queue")) + listing(os.path.join(sync, "symx", "crashes"))
    check(not [n for n in names if "src:000002" in n or "src:000003" in n],
          "neither the crashing nor the hanging entry was explored")
    check("symx-llvm: afl: id:000004: " in out, "the peer went on (DEL's entry explored)")
    check(r.returncode == 0, "symx-llvm exits 0")


def check_whatsup(check, sync):
    if not shutil.which("afl-whatsup"):
        print("(afl-whatsup not installed: not checked)")
        return
    r = subprocess.run(["afl-whatsup", "-d", sync], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    print(r.stdout)
    check(r.returncode == 0 and ">>> symx " in r.stdout and "division" not in r.stdout,
          "afl-whatsup -d reads our fuzzer_stats")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--src", required=True, help="directory of edges.c and edges_input.c")
    a = ap.parse_args()
    aflutil.need("afl-showmap")
    a.program = os.path.join(a.src, "edges.c")
    work = tempfile.mkdtemp(prefix="symx-afledges-")
    check = Checks()
    try:
        binary = os.path.join(work, "edges_afl")
        aflutil.build([a.program, os.path.join(a.src, "edges_input.c")], a.include, binary)
        sync = make_sync(work)
        victim = os.path.join(sync, "fake", "queue", "id:000005,src:000000,op:havoc,rep:2")
        os.environ["SYMX_TEST_UNLINK"] = victim  # the oracle's runs take DEL's branch too
        r = run(a, sync, ["--afl-target-bin", binary, "--afl-target-timeout", "300ms"], victim)
        check_bad(check, r, sync)
        check_edges(check, a, sync, work, binary, r)
        check_whatsup(check, sync)
        # a binary afl-showmap cannot run: an error naming it, at the start
        r = run(a, make_sync(work), ["--afl-target-bin", "/bin/true"], victim)
        check(r.returncode != 0 and "--afl-target-bin /bin/true: afl-showmap failed" in r.stdout,
              "an uninstrumented binary is refused, said")
        # without the binary: symx's coverage decides (fewer inputs, none an entry)
        sync = make_sync(work)
        r = run(a, sync, [], victim)
        q = listing(os.path.join(sync, "symx", "queue"))
        check(r.returncode == 0 and q and "without new edges" not in r.stdout,
              "without the binary the peer runs on symx's coverage: %s" % q)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    check.exit()


if __name__ == "__main__":
    main()
