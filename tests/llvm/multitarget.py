#!/usr/bin/python3
"""multitarget.py — bench/multitarget.py's choice of targets (the frontier of
a run's coverage) on a generated program, against two runs of symx-llvm:

  a partial run (eager dfs, --max-forks 3) gives the covered lines the
  frontier starts from; an exhaustive run gives every reachable line. The
  frontier must be non-empty, hold only lines the partial run left
  uncovered and the exhaustive run covers (reachable ones), no line of a
  plain jump (break), and only lines of the program's own file (not the
  header in another directory); symx-llvm must take every one of them as a
  target (bench's accepted() drops none), and a directed run with them all
  (--targets-file, batch(sdse-rr)) must reach them all.
"""
import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile

PROG = r"""#include "klee/klee.h"
#include "../inc/helper.h"
int g;
int main(void) {
  unsigned char c[4];
  klee_make_symbolic(c, sizeof c, "c");
  for (int i = 0; i < 4; i++) {
    switch (c[i]) {
    case 'a':
      g += 1;
      break;
    case 'b':
      g += helper(c[i]);
      break;
    default:
      if (c[i] > 200)
        g -= 3;
      else
        g ^= 1;
    }
  }
  if (g == 4)
    g = 100;
  return g;
}
"""
HELPER = "static inline int helper(int x) {\n  if (x == 'b')\n    return 2;\n  return 5;\n}\n"


def covered_locs(od):
    out = set()
    for ln in open(os.path.join(od, "covered-instructions.txt")):
        loc = ln.rstrip("\n").split("\t")[3]
        if loc != "?":
            out.add(loc)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--bench", required=True, help="the bench/ directory")
    ap.add_argument("--include", required=True)
    ap.add_argument("--clang", default="clang-14")
    ap.add_argument("--llvm-dis", default="llvm-dis-14")
    a = ap.parse_args()
    spec = importlib.util.spec_from_file_location("multitarget", os.path.join(a.bench, "multitarget.py"))
    mt = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mt)
    problems = []
    with tempfile.TemporaryDirectory() as work:
        os.makedirs(os.path.join(work, "src"))
        os.makedirs(os.path.join(work, "inc"))
        src = os.path.join(work, "src", "menu.c")
        open(src, "w").write(PROG)
        open(os.path.join(work, "inc", "helper.h"), "w").write(HELPER)
        bc, ll = os.path.join(work, "menu.bc"), os.path.join(work, "menu.ll")
        subprocess.run([a.clang, "-emit-llvm", "-c", "-g", "-O0", "-Xclang", "-disable-O0-optnone",
                        "-I" + a.include, src, "-o", bc], check=True)
        subprocess.run([a.llvm_dis, bc, "-o", ll], check=True)

        def run(name, *extra):
            od = os.path.join(work, name)
            p = subprocess.run([a.symx, "--quiet", "--output-dir", od] + list(extra) + [bc],
                               capture_output=True, text=True, timeout=600)
            if p.returncode not in (0, 1, 3):
                raise SystemExit("symx-llvm %s failed (%d): %s" % (extra, p.returncode, p.stderr[-500:]))
            return od

        part = covered_locs(run("part", "--mode", "eager", "--search", "dfs", "--max-forks", "3"))
        full = covered_locs(run("full", "--mode", "eager", "--search", "dfs"))
        funcs, own = mt.parse_ll(open(ll).read())
        front = mt.frontier(funcs, own, part)
        text = PROG.split("\n")
        print("own files %s; partial %d lines, exhaustive %d; frontier %s" % (
            sorted(own), len(part), len(full), front))
        if own != {"menu.c"}:
            problems.append("own files %s, not menu.c alone" % sorted(own))
        if not front:
            problems.append("empty frontier")
        for t in front:
            f, line = t.split(":")
            if t in part:
                problems.append("%s: covered by the partial run" % t)
            if t not in full:
                problems.append("%s: not covered by the exhaustive run (unreachable?)" % t)
            if f != "menu.c":
                problems.append("%s: not the program's own file" % t)
            elif text[int(line) - 1].strip() == "break;":
                problems.append("%s: a plain jump" % t)
        targets, tf, dropped = mt.accepted(a, bc, [], [], front, work) if front else ([], None, [])
        if dropped:
            problems.append("symx-llvm rejected %s" % dropped)
        if tf:
            od = run("directed", "--search", "batch(sdse-rr)", "--targets-file", tf,
                     "--max-time", "120s", "--time-clock", "cpu")
            got = [ln.split()[0] for ln in open(os.path.join(od, "targets.txt")) if " reached " in ln]
            if sorted(got) != sorted(targets):
                problems.append("directed run reached %s of %s" % (sorted(got), sorted(targets)))
    for p in problems:
        print("  " + p)
    print("multitarget frontier: %s" % ("FAIL" if problems else "ok"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
