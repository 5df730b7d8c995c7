#!/usr/bin/env python3
"""Queue entries as stdin or a file (issue 20): with --sym-stdin N (--via
stdin) or --sym-files 1 N and the file A as the program's argument (--via
file, afl-fuzz's @@), an entry of L bytes is a stdin or file of L bytes, as
afl-fuzz gives it (reads meet EOF after L, fstat gives L; no zeros
appended), min(L, N) of them symbolic; what the peer writes back keeps its
entry's length and its bytes past N.

A hand-made sync directory holds entries of 3 and 12 bytes (N = 8; none of
8 bytes) for afl/input_len.c, whose crashes each need one input length.
Oracles: the native program (clang-14) on every file the peer wrote:
crashes/ files crash, queue files do not; every written input is as long
as the entry it names (src:) and equals it past N. The crashes at length 3
and 12 are found; the one at length 8 is not (no entry has 8 bytes: under
padding or truncation the peer would report it, and natively it would not
crash). With afl-showmap (Debian's afl++) a second run with the edge view
(--afl-target-bin) must agree: each queue input adds edges or buckets to
the entries and the inputs before it, as AFL++ counts them.
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

N = 8
ENTRIES = {"id:000000,time:0,execs:0,orig:short": b"abc",
           "id:000001,src:000000,time:5,execs:9,op:havoc,rep:2,+cov": b"abcdefghijkl"}


def listing(d):
    return sorted(n for n in os.listdir(d) if not n.startswith(".") and n != "README.txt") \
        if os.path.isdir(d) else []


def native(exe, data, work, via):
    """The native program's exit status on data as stdin or as the file its
    argument names (negative: a signal)."""
    p = os.path.join(work, ".native-in")
    with open(p, "wb") as f:
        f.write(data)
    with open(p, "rb") as f:
        return subprocess.run([exe] + ([p] if via == "file" else []), stdin=f,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=10).returncode


def program_args(via):
    return ["--sym-stdin", str(N)] if via == "stdin" else ["A", "--sym-files", "1", str(N)]


def peer(a, work, sync, extra):
    aflutil.fake_instance(sync, ENTRIES)
    cmd = [a.symx, "--afl-sync", sync, "--afl-idle", "1", "--max-time", "120", "--no-progress"] \
        + extra + [a.program] + program_args(a.via)
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=work)
    print(r.stdout)
    ours = os.path.join(sync, "symx")
    out = {}
    for kind in ("queue", "crashes"):
        d = os.path.join(ours, kind)
        out[kind] = [(n, open(os.path.join(d, n), "rb").read()) for n in listing(d)]
    return r.returncode, out


def check_written(check, exe, work, out, label, via):
    by_id = {int(n[3:9]): b for n, b in ENTRIES.items()}
    for kind, files in out.items():
        for n, b in files:
            m = re.search(r"src:(\d{6})", n)
            src = by_id.get(int(m.group(1))) if m else None
            check(src is not None and len(b) == len(src) and b[N:] == src[N:],
                  "%s: %s/%s %r keeps its entry's length and bytes past N" % (label, kind, n, b))
            st = native(exe, b, work, via)
            check((st < 0) == (kind == "crashes"), "%s: %s/%s %r natively: exit %d"
                  % (label, kind, n, b, st))
    crashed = {len(b) for _, b in out["crashes"] if native(exe, b, work, via) < 0}
    check(crashed == {3, 12}, "%s: crashes at input lengths %s, want 3 and 12" % (label, sorted(crashed)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--program", required=True)
    ap.add_argument("--via", choices=("stdin", "file"), default="stdin")
    a = ap.parse_args()
    a.symx, a.program = os.path.abspath(a.symx), os.path.abspath(a.program)
    clang = shutil.which("clang-14") or shutil.which("clang")
    if not clang:
        print("FAIL: clang-14 is needed for the native oracle")
        sys.exit(1)
    work = tempfile.mkdtemp(prefix="symx-aflinput-")
    check = Checks()
    try:
        exe = os.path.join(work, "input_len")
        subprocess.run([clang, "-O0", a.program, "-o", exe], check=True)
        rc, out = peer(a, work, os.path.join(work, "SYNC"), [])
        check(rc == 0, "symx-llvm exits 0")
        check_written(check, exe, work, out, "every path", a.via)
        if shutil.which("afl-showmap") and (shutil.which("afl-clang-fast") or shutil.which("afl-cc")):
            binary = os.path.join(work, "input_len_afl")
            aflutil.build([a.program], os.path.dirname(a.program), binary)
            view = ["--afl-target-bin", binary] + (["--afl-target-args", "@@"] if a.via == "file" else [])
            rc, out = peer(a, work, os.path.join(work, "SYNC2"), view)
            check(rc == 0, "symx-llvm --afl-target-bin exits 0")
            check_written(check, exe, work, out, "edge view", a.via)
            virgin = {}
            file_arg = [os.path.join(work, ".oracle-in")] if a.via == "file" else []
            for b in ENTRIES.values():
                aflutil.new_bits(virgin, aflutil.showmap(binary, b, work, args=file_arg)[1])
            for n, b in out["queue"]:
                code, bits = aflutil.showmap(binary, b, work, args=file_arg)
                check(code == 0 and aflutil.new_bits(virgin, bits) > 0,
                      "edge view: queue/%s adds to what AFL++ counts (afl-showmap)" % n)
        else:
            print("afl-showmap or an AFL++ compiler missing: the edge-view part is left out")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    check.exit()


if __name__ == "__main__":
    main()
