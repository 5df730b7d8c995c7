#!/usr/bin/env python3
"""--max-memory holds for as long as a run sits at it (issue 16: peak memory,
the cap held).

memcap/fanout.c forks on every byte of stdin without end, each state with
its own copies of memory, so a pending random-path run reaches the cap
early and then keeps killing states and making new ones in the memory the
killed ones held. The run is bounded by instructions (150M, ~3 s), not by
time. The process's peak resident size (its rusage and stats.json's
rss_max) must stay at or under the cap, with states killed for memory (the
cap was reached) and paths still ending normally (exploration goes on).
Skipped under AddressSanitizer (its shadow memory and quarantine are
resident too).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

from checks import Checks

CAP_MIB = 224
INSTRUCTIONS = 150_000_000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--program", required=True, help="memcap/fanout.c")
    ap.add_argument("--sanitize", default="none", help="meson's b_sanitize")
    a = ap.parse_args()
    if "address" in a.sanitize:
        print("skip: resident size under AddressSanitizer")
        sys.exit(77)
    check = Checks()
    with tempfile.TemporaryDirectory(prefix="symx-memcap-") as work:
        out = os.path.join(work, "out")
        cmd = [a.symx, "--quiet", "--no-progress", "--mode", "pending", "--search", "random-path",
               "--max-memory", str(CAP_MIB), "--max-instructions", str(INSTRUCTIONS),
               "--write-tests=none", "--output-dir", out, a.program, "--sym-stdin", "64"]
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        text = p.stdout.read()
        _, status, usage = os.wait4(p.pid, 0)
        rc = os.waitstatus_to_exitcode(status)
        check(rc in (0, 3), "%s exits 0 or 3 (paths ended early), not %d\n%s" % (" ".join(cmd), rc, text))
        if rc not in (0, 3):
            check.exit()
        with open(os.path.join(out, "stats.json")) as f:
            stats = json.load(f)
        eng = stats["engine"]
        cap = CAP_MIB << 20
        check(stats["instructions"] == INSTRUCTIONS,
              "the run went to --max-instructions (%d)" % stats["instructions"])
        check(eng["pressure_kills"] > 0, "states killed for memory: the cap was reached (%d)" % eng["pressure_kills"])
        check(eng["pressure_reliefs"] >= 5, "many reliefs: the run sat at the cap (%d)" % eng["pressure_reliefs"])
        check(stats["paths"] > eng["pressure_kills"] // 20,
              "paths still end normally, not all killed (%d paths, %d kills)" % (stats["paths"], eng["pressure_kills"]))
        # ru_maxrss is in KiB on Linux; the compile (clang, a child) is smaller
        check(usage.ru_maxrss * 1024 <= cap,
              "peak resident size %.1f MiB <= --max-memory %d (rusage)" % (usage.ru_maxrss / 1024, CAP_MIB))
        check(eng["rss_max"] <= cap,
              "rss_max %.1f MiB <= --max-memory %d (stats.json)" % (eng["rss_max"] / 2**20, CAP_MIB))
    check.exit()


if __name__ == "__main__":
    main()
