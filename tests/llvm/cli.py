#!/usr/bin/python3
"""symx-llvm as a tool for scripts and CI (issue 15):

  exit statuses  0 no error (clean.c), 1 errors (maze.c; also with a limit
                 reached, and with --exit-on-error), 3 exploration
                 incomplete (features/asm_unsupported.c's inline assembly; paths.c
                 under --max-instructions), 2 could not run (a missing
                 input, an unknown option, a file that is not bitcode)
  output dir     without --output-dir: symx-out-0, symx-out-1 in the
                 current directory, symx-last pointing at the newest; a
                 symx-last that is not a link stays (a warning); --replay,
                 --emit-cov-bitcode, --help make no directory
  bad dirs       --output-dir existing and not empty, a file, under a
                 regular file, under /proc, its parent missing: exit 2, a
                 message naming it, nothing created; an empty one is used
  error grouping maze.c: one ERROR message and one error test per error
                 location by default, every error path with
                 --emit-all-errors; the paths per location (stderr,
                 errors.txt, stats.json) equal the routes an oracle counts
                 by walking the maze's moves; checks.c (errors the
                 engine's checks find), each mode: the paths per location
                 equal those --emit-all-errors records
  test policy    paths.c (2^10 paths): by default only .ktest files, far
                 fewer than the paths; --write-tests=all one per path;
                 errors and none: no test; KLEE's aliases alike
  --quiet        unsupported code: one count line on stderr, the messages
                 in the default directory's messages.txt

Every run is in a fresh temporary directory (its cwd), so nothing is
written to the source or build tree.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

MOVES = {"u": (0, -1), "d": (0, 1), "l": (-1, 0), "r": (1, 0)}  # maze.c's
PROBLEMS = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        PROBLEMS.append(what)


def symx(a, cwd, args):
    r = subprocess.run([a.symx, "--no-progress"] + args, cwd=cwd, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=300)
    return r.returncode, r.stdout, r.stderr


def prog(a, name):
    return os.path.join(a.dir, name)


def unsupported_prog(a):
    """A program whose inline assembly is unsupported (features.py's own)."""
    return os.path.join(a.dir, "..", "features", "asm_unsupported.c")


def fresh(tmp, name):
    d = os.path.join(tmp, name)
    os.mkdir(d)
    return d


def maze_oracle():
    """Error paths per maze.c location: each move is u, d, l, r or any
    other byte (no move); a route ends at its first error."""
    counts = {"abort": 0, "assert": 0}

    def walk(x, y, i):
        if i == 4:
            return
        for dx, dy in list(MOVES.values()) + [(0, 0)]:
            nx, ny = x + dx, y + dy
            if nx < 0 or ny < 0 or nx > 2 or ny > 2:
                counts["abort"] += 1
            elif nx == 2 and ny == 2:
                counts["assert"] += 1
            else:
                walk(nx, ny, i + 1)
    walk(0, 0, 0)
    return counts


def test_exit_statuses(a, tmp):
    w = fresh(tmp, "exit")
    out = lambda n: ["--output-dir", os.path.join(w, n)]
    rc, _, err = symx(a, w, out("clean") + [prog(a, "clean.c")])
    check(rc == 0, "clean.c: exit 0 (%d) %s" % (rc, err[-200:]))
    rc, _, _ = symx(a, w, out("maze") + [prog(a, "maze.c")])
    check(rc == 1, "maze.c: errors found, exit 1 (%d)" % rc)
    rc, _, err = symx(a, w, out("eoe") + ["--exit-on-error", prog(a, "maze.c")])
    check(rc == 1 and err.count("ERROR:") == 1, "--exit-on-error: exit 1, one error (%d)" % rc)
    rc, _, err = symx(a, w, out("asm") + [unsupported_prog(a)])
    check(rc == 3 and "exploration incomplete" in err,
          "asm_unsupported.c: unsupported code, exit 3 (%d) %s" % (rc, err[-300:]))
    rc, _, err = symx(a, w, out("limit") + ["--max-instructions", "200", prog(a, "paths.c")])
    st = json.load(open(os.path.join(w, "limit", "stats.json")))["engine"]
    check(rc == 3 and st["paths_halted"] > 0,
          "paths.c --max-instructions 200: a limit ended it, exit 3 (%d, %d halted)" %
          (rc, st["paths_halted"]))
    # errors and a limit: errors first (dfs: the first routes end at once)
    rc, _, _ = symx(a, w, out("both") + ["--search", "dfs", "--max-instructions", "2000",
                                        prog(a, "maze.c")])
    st = json.load(open(os.path.join(w, "both", "stats.json")))
    check(rc == 1 and st["errors"] > 0 and st["engine"]["paths_halted"] > 0,
          "maze.c with a limit reached: errors win, exit 1 (%d, %d errors, %d halted)" %
          (rc, st["errors"], st["engine"]["paths_halted"]))
    for what, args in (("a missing input", [os.path.join(w, "nosuch.c")]),
                       ("an unknown option", ["--no-such-option", prog(a, "clean.c")]),
                       ("no input", []),
                       ("a bad --write-tests", ["--write-tests=some", prog(a, "clean.c")])):
        rc, _, err = symx(a, w, args)
        check(rc == 2 and "symx-llvm" in err and ("--write-tests=some" not in args or "--write-tests some" in err), "%s: exit 2 (%d) %s" % (what, rc, err[-200:]))
    rc, _, err = symx(a, w, ["--no-such-option"])
    check(rc == 2 and "unknown option --no-such-option" in err,
          "an unknown option last: named as unknown, exit 2 (%d) %s" % (rc, err[-200:]))
    rc, outp, _ = symx(a, w, ["--version"])
    check(rc == 0 and outp.startswith("symx-llvm "), "--version: exit 0 (%d) %s" % (rc, outp))
    bad = os.path.join(w, "bad.bc")
    with open(bad, "w") as f:
        f.write("not bitcode\n")
    rc, _, err = symx(a, w, [bad])
    check(rc == 2 and "bad.bc" in err, "a file that is not bitcode: exit 2, named (%d) %s" %
          (rc, err[-200:]))
    check(sorted(os.listdir(w)) == ["asm", "bad.bc", "both", "clean", "eoe", "limit", "maze"],
          "no output directory for a run that could not start: %s" % sorted(os.listdir(w)))


def test_default_dir(a, tmp):
    w = fresh(tmp, "default")
    for n in range(2):
        rc, _, err = symx(a, w, [prog(a, "clean.c")])
        check(rc == 0 and ("output directory symx-out-%d" % n) in err,
              "run %d: symx-out-%d said (%d) %s" % (n, n, rc, err[-200:]))
    names = sorted(os.listdir(w))
    check(names == ["symx-last", "symx-out-0", "symx-out-1"], "two runs: %s" % names)
    check(os.path.islink(os.path.join(w, "symx-last")) and
          os.readlink(os.path.join(w, "symx-last")) == "symx-out-1",
          "symx-last -> symx-out-1 (%s)" % os.readlink(os.path.join(w, "symx-last")))
    check(os.path.isfile(os.path.join(w, "symx-out-1", "stats.json")) and
          glob.glob(os.path.join(w, "symx-out-1", "*.ktest")), "symx-out-1 has stats.json, tests")
    os.unlink(os.path.join(w, "symx-last"))
    with open(os.path.join(w, "symx-last"), "w") as f:
        f.write("mine\n")
    rc, _, err = symx(a, w, [prog(a, "clean.c")])
    check(rc == 0 and "symx-last" in err and "warning" in err and
          open(os.path.join(w, "symx-last")).read() == "mine\n" and
          os.path.isdir(os.path.join(w, "symx-out-2")),
          "a symx-last that is not a link: kept, a warning, symx-out-2 (%d) %s" % (rc, err[-200:]))
    # the modes that write nothing make no directory
    w2 = fresh(tmp, "nowrite")
    kt = sorted(glob.glob(os.path.join(w, "symx-out-0", "*.ktest")))[0]
    rc, _, err = symx(a, w2, ["--replay", kt, prog(a, "clean.c")])
    check(rc in (0, 1, 2) and "replay" in err, "--replay ran (%d) %s" % (rc, err[-200:]))
    rc2, _, _ = symx(a, w2, ["--emit-cov-bitcode", os.path.join(tmp, "cov.bc"), prog(a, "clean.c")])
    rc3, _, _ = symx(a, w2, ["--help"])
    check(rc2 == 0 and rc3 == 0 and os.listdir(w2) == [],
          "--replay, --emit-cov-bitcode, --help: no directory (%d %d: %s)" % (rc2, rc3, os.listdir(w2)))


def test_bad_dirs(a, tmp):
    w = fresh(tmp, "baddirs")
    full = fresh(w, "full")
    with open(os.path.join(full, "keep"), "w") as f:
        f.write("x")
    afile = os.path.join(w, "afile")
    with open(afile, "w") as f:
        f.write("x")
    cases = [("an existing non-empty directory", full, full),
             ("a regular file", afile, afile),
             ("a path under a regular file", os.path.join(afile, "out"), "afile/out"),
             ("a missing parent", os.path.join(w, "no", "such", "out"), "no/such/out"),
             ("a directory not writable (/proc)", "/proc/symx-cli-out", "/proc/symx-cli-out")]
    before = sorted(os.listdir(w))
    for what, d, named in cases:
        rc, _, err = symx(a, w, ["--output-dir", d, prog(a, "clean.c")])
        check(rc == 2 and named in err and err.count("\n") == 1,
              "--output-dir %s: exit 2, one message naming it (%d) %s" % (what, rc, err.strip()))
    check(sorted(os.listdir(w)) == before and os.listdir(full) == ["keep"],
          "nothing created: %s" % sorted(os.listdir(w)))
    empty = fresh(w, "empty")  # as mkdtemp makes it
    rc, _, err = symx(a, w, ["--output-dir", empty, prog(a, "clean.c")])
    check(rc == 0 and os.path.isfile(os.path.join(empty, "stats.json")),
          "an existing empty directory is used (%d) %s" % (rc, err[-200:]))


def errors_of(d):
    """{kind: paths} from stats.json's errors_by_location, and errors.txt."""
    st = json.load(open(os.path.join(d, "stats.json")))
    by = {e["error"]: e["paths"] for e in st["errors_by_location"]}
    return st, by, open(os.path.join(d, "errors.txt")).read()


def error_tests(d):
    """The error test cases of a run with --test-formats ktest,json."""
    return [j for j in glob.glob(os.path.join(d, "test*.json"))
            if json.load(open(j))["reason"] == "error"]


def test_grouping(a, tmp):
    w = fresh(tmp, "group")
    want = maze_oracle()
    total = sum(want.values())
    od = os.path.join(w, "grouped")
    rc, _, err = symx(a, w, ["--output-dir", od, "--test-formats", "ktest,json", prog(a, "maze.c")])
    st, by, text = errors_of(od)
    check(rc == 1 and err.count("ERROR:") == 2 and len(error_tests(od)) == 2,
          "maze.c: one message and one test per location (%d messages, %d tests)" %
          (err.count("ERROR:"), len(error_tests(od))))
    check(by == want and st["errors"] == total,
          "paths per location %s = the oracle's %s, %d errors" % (by, want, st["errors"]))
    for kind, n in want.items():
        said = [ln for ln in err.splitlines() if ("%s at maze.c:" % kind) in ln]
        check(len(said) == 1 and (": %d paths" % n) in said[0] and said[0].split("  ")[-1] in text,
              "the summary says %s: %d paths (stderr, errors.txt) %s" % (kind, n, said))
    od = os.path.join(w, "all")
    rc, _, err = symx(a, w, ["--output-dir", od, "--test-formats", "ktest,json",
                             "--emit-all-errors", prog(a, "maze.c")])
    st, by2, _ = errors_of(od)
    check(rc == 1 and err.count("ERROR:") == total and len(error_tests(od)) == total and
          by2 == want, "--emit-all-errors: every error path (%d messages, %d tests, oracle %d)" %
          (err.count("ERROR:"), len(error_tests(od)), total))
    # the same in the mode that finds errors by revival
    od = os.path.join(w, "relaxed")
    rc, _, err = symx(a, w, ["--output-dir", od, "--mode", "relaxed", prog(a, "maze.c")])
    st, by3, _ = errors_of(od)
    check(rc == 1 and err.count("ERROR:") == 2 and by3 == want,
          "--mode relaxed: grouped alike (%d messages, %s)" % (err.count("ERROR:"), by3))
    # errors the engine's checks find: the paths per location as
    # --emit-all-errors' paths.jsonl counts them, in each mode
    for mode in ("eager", "pending", "relaxed"):
        od, oa = os.path.join(w, "checks-" + mode), os.path.join(w, "checks-all-" + mode)
        rc, _, err = symx(a, w, ["--output-dir", od, "--mode", mode, "--test-formats", "ktest,json",
                                 prog(a, "checks.c")])
        symx(a, w, ["--output-dir", oa, "--mode", mode, "--emit-all-errors", prog(a, "checks.c")])
        want = {}
        for ln in open(os.path.join(oa, "paths.jsonl")):
            r = json.loads(ln)
            if r["reason"] == "error":
                want[r["error"]] = want.get(r["error"], 0) + 1
        _, by4, _ = errors_of(od)
        check(rc == 1 and by4 == want and sum(want.values()) > len(want) and
              err.count("ERROR:") == len(want) == len(error_tests(od)),
              "checks.c --mode %s: one message and test per location, paths %s = %s" %
              (mode, by4, want))


def files_of(d):
    return [n for n in os.listdir(d) if n.startswith("test")]


def test_policy(a, tmp):
    w = fresh(tmp, "policy")
    paths = 2 ** 10
    runs = {"default": [], "all": ["--write-tests=all"], "cover": ["--write-tests", "cover"],
            "errors": ["--write-tests=errors"], "none": ["--write-tests=none"],
            "emit-all-tests": ["--emit-all-tests"], "write-no-tests": ["--write-no-tests"],
            "covering-new": ["--only-output-states-covering-new"]}
    n = {}
    for name, args in runs.items():
        od = os.path.join(w, name)
        rc, _, err = symx(a, w, ["--output-dir", od] + args + [prog(a, "paths.c")])
        st = json.load(open(os.path.join(od, "stats.json")))
        check(rc == 0 and st["paths"] == paths, "%s: exit 0, %d paths (%d)" % (name, paths, rc))
        n[name] = files_of(od)
    check(all(f.endswith(".ktest") for f in n["default"]) and 0 < len(n["default"]) <= 20,
          "by default: .ktest files only, %d for %d paths" % (len(n["default"]), paths))
    check(len(n["all"]) == paths and len(n["emit-all-tests"]) == paths,
          "all, --emit-all-tests: one test per path (%d, %d)" % (len(n["all"]), len(n["emit-all-tests"])))
    check(len(n["cover"]) == len(n["default"]) == len(n["covering-new"]),
          "cover = the default = --only-output-states-covering-new (%d)" % len(n["cover"]))
    check(not n["errors"] and not n["none"] and not n["write-no-tests"],
          "errors, none, --write-no-tests: no test without an error")
    od = os.path.join(w, "errs-none")
    rc, _, err = symx(a, w, ["--output-dir", od, "--write-tests=none", prog(a, "maze.c")])
    st, by, _ = errors_of(od)
    check(rc == 1 and not files_of(od) and by == maze_oracle(),
          "--write-tests=none on maze.c: no test, the errors still counted, exit 1 (%d, %s)" % (rc, by))


def test_quiet(a, tmp):
    w = fresh(tmp, "quiet")
    rc, _, err = symx(a, w, ["--quiet", unsupported_prog(a)])
    lines = err.strip().splitlines()
    msgs = open(os.path.join(w, "symx-out-0", "messages.txt")).read()
    check(rc == 3 and len(lines) == 1 and "unsupported-code message" in lines[0] and
          "messages.txt" in lines[0] and "unsupported" in msgs,
          "--quiet, default directory: one count line, messages.txt keeps them (%d) %s" % (rc, lines))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--dir", required=True)
    a = ap.parse_args()
    a.symx = os.path.abspath(a.symx)
    a.dir = os.path.abspath(a.dir)
    tmp = tempfile.mkdtemp(prefix="symx-cli-")
    try:
        for t in (test_exit_statuses, test_default_dir, test_bad_dirs, test_grouping, test_policy,
                  test_quiet):
            t(a, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if PROBLEMS:
        print("%d problem(s)" % len(PROBLEMS))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
