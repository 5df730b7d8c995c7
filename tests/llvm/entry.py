#!/usr/bin/python3
"""entry.py — symx-llvm --entry FUNC (starting in the middle, Otter; issue 17).

For each program tests/llvm/entry/*.c, `--entry probe` explores probe with
symbolic arguments and globals (pointers: null, one fresh object, or an
array for a primitive type, --entry-depth 2). probe prints "r=K". The set
of outcomes K over all paths (--enumerate-outputs: a symbolic K forks
per value) must equal the set a native brute force
finds over every value of the arguments and globals and every pointer
shape of that depth (the drivers below, compiled with the program). Each
test case replays (--entry probe --replay) to the output of its path. Every
path records its origin (paths.jsonl, stats.json); eager and pending mode
run as many instructions (stats.json). A function that does not exist is
status 2 with one message naming it.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

# Native brute force per program: after `#include "PROG"` with main renamed,
# calls probe on every input; probe's output is collected from stdout.
DRIVERS = {
    "arith.c": r"""
int main(void) {
  for (int g = 0; g < 256; g++)
    for (int a = 0; a < 256; a++)
      for (int b = -128; b < 128; b++) {
        g_mode = (unsigned char)g;
        int r = classify((unsigned char)a, (signed char)b);
        if (!seen[r & 255]) printf("r=%d\n", r);
        seen[r & 255] = 1;
      }
  return 0;
}""",
    "list.c": r"""
static void once(const struct node *n, const char *s) {
  int r = shape(n, s);
  if (!seen[r & 255]) printf("r=%d\n", r);
  seen[r & 255] = 1;
}
int main(void) {
  struct node n1, n2;
  char one, arr[8] = {0};
  for (int c = 0; c < 256; c++) {    /* n null: s null, one char, an array */
    one = arr[0] = (char)c;
    once(0, 0), once(0, &one), once(0, arr);
  }
  for (int v1 = -128; v1 < 128; v1++) {
    n1.val = (signed char)v1, n1.next = 0;
    once(&n1, 0);
    for (int v2 = -128; v2 < 128; v2++) {
      n2.val = (signed char)v2, n2.next = 0, n1.next = &n2;
      once(&n1, 0);
    }
  }
  return 0;
}""",
}


def native_outcomes(a, src, work):
    name = os.path.basename(src)
    drv = os.path.join(work, name + ".native.c")
    with open(drv, "w") as f:
        f.write('#include <stdio.h>\n#define main prog_main\n#include "%s"\n#undef main\n'
                'static int seen[256];\n%s\n' % (os.path.abspath(src), DRIVERS[name]))
    exe = drv[:-2]
    subprocess.run([a.clang, "-O1", "-w", drv, "-o", exe], check=True)
    out = subprocess.run([exe], capture_output=True, check=True, timeout=120).stdout.decode()
    return set(out.split())


def symx_outcomes(a, src, work, mode):
    od = os.path.join(work, "%s-%s" % (os.path.basename(src), mode))
    p = subprocess.run([a.symx, "--quiet", "--mode", mode, "--search", "dfs", "--entry", "probe", "--enumerate-outputs",
                        "--write-tests", "all", "--test-formats", "ktest,json", "--output-dir", od, src], capture_output=True, timeout=600)
    problems = []
    if p.returncode not in (0, 1):
        problems.append("%s %s: status %d: %s" % (src, mode, p.returncode, p.stderr.decode()[-500:]))
        return set(), problems, None
    got = set()
    for ln in open(os.path.join(od, "paths.jsonl")):
        rec = json.loads(ln)
        if rec.get("origin") != "probe":
            problems.append("%s %s: a path without origin probe: %s" % (src, mode, ln.strip()))
        got |= set(rec["output"].split())
    outputs = {}
    for ln in open(os.path.join(od, "paths.jsonl")):
        rec = json.loads(ln)
        outputs[rec["path_id"]] = rec["output"]
    # every test case replays (--entry probe --replay) to its path's output
    for t in sorted(f for f in os.listdir(od) if f.endswith(".json") and f.startswith("test")):
        pid = json.load(open(os.path.join(od, t)))["path_id"]
        r = subprocess.run([a.symx, "--entry", "probe", "--replay",
                            os.path.join(od, t[:-5] + ".ktest"), src], capture_output=True, timeout=60)
        if r.stdout.decode() != outputs.get(pid):
            problems.append("%s %s: %s replays to %r, its path printed %r" %
                            (src, mode, t, r.stdout.decode(), outputs.get(pid)))
    stats = json.load(open(os.path.join(od, "stats.json")))
    if stats.get("origin") != "probe":
        problems.append("%s %s: stats.json origin %r" % (src, mode, stats.get("origin")))
    return got, problems, stats["instructions"]


def check_bad(a, src):
    p = subprocess.run([a.symx, "--quiet", "--entry", "no_such_fn", src], capture_output=True,
                       timeout=120)
    err = p.stderr.decode().strip()
    if p.returncode != 2 or "no_such_fn" not in err or len(err.split("\n")) != 1:
        return ["--entry no_such_fn: status %d, %r" % (p.returncode, err)]
    return []


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--clang", default="clang-14")
    a = ap.parse_args()
    problems = []
    with tempfile.TemporaryDirectory() as work:
        for name in sorted(DRIVERS):
            src = os.path.join(a.dir, name)
            want = native_outcomes(a, src, work)
            ins = {}
            for mode in ("eager", "pending"):
                got, p, ins[mode] = symx_outcomes(a, src, work, mode)
                problems += p
                if got != want:
                    problems.append("%s %s: outcomes %s, native %s" % (name, mode, sorted(got), sorted(want)))
                print("%s %s: %d outcomes %s" % (name, mode, len(got), "ok" if got == want and not p else "FAIL"))
            # the same paths run the same instructions, each counted once (KLEE's
            # count), also one a pointer's fork ran again on each side (pending
            # mode forks there also when the other side proves infeasible)
            if ins["eager"] != ins["pending"]:
                problems.append("%s: %s instructions in eager mode, %s in pending mode" %
                                (name, ins["eager"], ins["pending"]))
        p = check_bad(a, os.path.join(a.dir, "arith.c"))
        print("bad entry: %s" % ("ok" if not p else "FAIL"))
        problems += p
    for p in problems:
        print("  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
