#!/usr/bin/python3
"""count.py — instructions as KLEE counts them (frontends/llvm/exec.c,
translate.c): each instruction of the execution tree once, a switch once
(at its first case), however the paths fork and resume. count/switch.ll:
every path runs alloca, call, load and the switch (4, shared before the
fork), then its block: 1 instruction (ret), or 2 for e (a switch with only
a default, then ret). --switch-type internal forks once per destination
(a, b for 2 and 5, e, the default: 4 + 1+1+2+1 = 9), simple once per case
(a, b, b, e, the default: 4 + 1+1+1+2+1 = 10); the same in every mode and
searcher. The count used to step back by one at each resumed case.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

WANT = {"internal": (9, 4), "simple": (10, 5)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--program", required=True)
    a = ap.parse_args()
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for kind, want in WANT.items():
            for mode in ("eager", "pending"):
                for search in ("dfs", "bfs", "random-path"):
                    out = os.path.join(tmp, "%s-%s-%s" % (kind, mode, search))
                    r = subprocess.run([a.symx, "--switch-type", kind, "--mode", mode, "--search",
                                        search, "--output-dir", out, a.program],
                                       capture_output=True, text=True, timeout=120)
                    try:
                        st = json.load(open(os.path.join(out, "stats.json")))
                        got = (st["instructions"], st["paths"])
                    except (OSError, ValueError, KeyError) as e:
                        got = "no stats.json (%s; %s)" % (e, r.stderr.strip()[-200:])
                    ok = got == want
                    failed += not ok
                    print("%s %s %s %s: (instructions, paths) %s, want %s" % (
                        "ok  " if ok else "FAIL", kind, mode, search, got, want))
    print("%d failed" % failed if failed else "all passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
