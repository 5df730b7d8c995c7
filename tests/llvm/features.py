#!/usr/bin/python3
"""features.py — what the native oracle (oracle.py) cannot check:

  - fp_symbolic.c: a symbolic operand of floating point is concretized
    under the witness: one path, no fork, fp_concretized >= 1 in stats.json;
    fp80_symbolic.c, the same in long double, counts as many;
  - asm_unsupported.c: unknown inline assembly ends only the paths that run
    it, with a message naming the file:line and the text; the others exit;
  - overshift.c: a shift by the width or more is the error "overshift" at
    its line, for a symbolic and for a concrete amount (none with KLEE's
    --check-overshift=false); in bitcode without debug info too (at "?");
  - flags.c: -I, -D and -O go to clang, "klee/klee.h" resolves and
    klee_assert fails as "assert" at its line;
  - long_double.c: x86_fp80 arithmetic runs (exits 0 and 1); fp128 ends its
    path with a message naming fp128 and the line;
  - fixed_object.c: klee_define_fixed_object makes an object at that
    number, which loads and stores through it reach; past it is an error,
    an address from 4 GiB up ends the path with a message;
  - set_forking.c: klee_set_forking(0) makes a branch take one side;
  - objectsize.c: llvm.objectsize answers exactly for live objects (native
    code may answer "unknown" there, so the oracle cannot compare).
  - make_symbolic_misuse.c: klee_make_symbolic's misuses are KLEE's user
    errors (wrong size, read-only object, bad or symbolic name pointer),
    a pointer inside an object its "invalid pointer" (out-of-bounds);
    symx_make_symbolic takes bytes inside an object;
  - report_error.c: klee_report_error is a user error whose record carries
    the suffix given (KLEE names the error file after it);
  - free_kinds.c: free of a stack object, of a global, of a pointer to no
    object's start (and realloc of one): invalid-free, each message saying
    which (KLEE's "free" error for the first two, "ptr" for the others).
  - label_address.c: a symbolic goto target that is no label is the error
    "unreachable" at the function's line (the branch has no location).
  - switch_table.c: a switch on a symbolic value decides its destination
    by the witness and leaves one pending state for the rest: one state per
    feasible case and one refuted revival for all the infeasible ones,
    where the switch lowered into a branch per case (--switch-type=simple)
    refutes several; the same paths either way.
Lines are found by the marker comment on them (/* NAME */).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

from checks import Checks


def line_of(src, marker):
    for i, l in enumerate(open(src), 1):
        if "/* %s */" % marker in l:
            return i
    raise RuntimeError("no marker %s in %s" % (marker, src))


def run(a, work, name, extra=()):
    src = os.path.join(a.dir, name)
    out = os.path.join(work, "%s-%d" % (name, len(os.listdir(work))))  # a new one each run
    cmd = [a.symx, "--output-dir", out, "--no-progress"] + list(extra) + [src]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if r.returncode not in (0, 1, 3):  # errors found, exploration incomplete: cli.py's
        raise RuntimeError("%s exited %d: %s" % (" ".join(cmd), r.returncode, r.stderr[-800:]))
    paths = [json.loads(l) for l in open(os.path.join(out, "paths.jsonl")) if l.strip()]
    stats = json.load(open(os.path.join(out, "stats.json")))
    return src, paths, stats, r.stderr


def test_switch(a, work, check):
    runs = {}
    for kind in ("internal", "simple"):
        os.makedirs(os.path.join(work, kind))
        _, paths, stats, _ = run(a, os.path.join(work, kind), "switch_table.c",
                                 ["--mode", "pending", "--switch-type=" + kind])
        runs[kind] = (sorted(p.get("exit") for p in paths), stats["engine"])
    exits, st = runs["internal"]
    check(exits == [3, 7, 9] and runs["simple"][0] == exits,
          "switch_table: exits 3, 7, 9 with either switch type (%s, %s)" % (exits, runs["simple"][0]))
    check(st.get("pending_created") == 3 and st.get("revivals_unsat") == 1,
          "switch_table: 3 pending states, 1 refuted revival (%s, %s)"
          % (st.get("pending_created"), st.get("revivals_unsat")))
    check(runs["simple"][1].get("revivals_unsat", 0) > 1,
          "switch_table: a branch per case refutes more revivals (%s)"
          % runs["simple"][1].get("revivals_unsat"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--dir", required=True, help="tests/llvm/features")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="symx-features-")
    check = Checks()

    src, paths, stats, _ = run(a, work, "fp_symbolic.c")
    check(len(paths) == 1 and paths[0]["reason"] == "exit",
          "fp_symbolic: one path, no fork on floating point (%d paths)" % len(paths))
    check(stats.get("fp_concretized", 0) >= 1,
          "fp_symbolic: fp_concretized = %s" % stats.get("fp_concretized"))
    _, paths80, stats80, _ = run(a, work, "fp80_symbolic.c")
    check(len(paths80) == 1 and paths80[0]["reason"] == "exit" and
          stats80.get("fp_concretized") == stats.get("fp_concretized"),
          "fp80_symbolic: one path, fp_concretized %s as for double (%s)" %
          (stats80.get("fp_concretized"), stats.get("fp_concretized")))

    src, paths, stats, err = run(a, work, "asm_unsupported.c")
    where = "asm_unsupported.c:%d" % line_of(src, "UNSUPPORTED")
    early = [p for p in paths if p["reason"] == "early"]
    check(len(early) == 1 and where in early[0]["message"] and '"rdtsc"' in early[0]["message"],
          "asm_unsupported: one path ends at %s naming the text (%s)" %
          (where, [p["message"] for p in early]))
    check(sorted(p["exit"] for p in paths if p["reason"] == "exit") == [2, 3],
          "asm_unsupported: the other paths exit 2 and 3")
    check("rdtsc" in err, "asm_unsupported: the message on stderr")

    src, paths, stats, _ = run(a, work, "overshift.c")
    errs = {(p["error"], p["loc"]) for p in paths if p["reason"] == "error"}
    for m in ("SYMBOLIC", "CONCRETE"):
        loc = "overshift.c:%d" % line_of(src, m)
        check(("overshift", loc) in errs, "overshift: error at %s (%s)" % (loc, sorted(errs)))
    os.makedirs(os.path.join(work, "nocheck"))
    _, paths, _, _ = run(a, os.path.join(work, "nocheck"), "overshift.c", ["--check-overshift=false"])
    errs = [p["error"] for p in paths if p["reason"] == "error"]
    check("overshift" not in errs, "--check-overshift=false: no overshift error (%s)" % errs)

    # the program's code is told from our libc without debug info too
    bc = os.path.join(work, "overshift-nodebug.bc")
    clang = shutil.which("clang-14") or "clang"
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(a.dir))))
    subprocess.run([clang, "-emit-llvm", "-c", "-O0", "-Xclang", "-disable-O0-optnone",
                    "-I", os.path.join(root, "include"), os.path.join(a.dir, "overshift.c"),
                    "-o", bc], check=True)
    out = os.path.join(work, "nodebug")
    r = subprocess.run([a.symx, "--output-dir", out, "--no-progress", bc], capture_output=True,
                       timeout=300)
    check(r.returncode == 1, "overshift without debug info: errors found, exit 1 (%d)" % r.returncode)
    paths = [json.loads(l) for l in open(os.path.join(out, "paths.jsonl")) if l.strip()]
    errs = sorted((p["error"], p["loc"]) for p in paths if p["reason"] == "error")
    check(errs and all(e == ("overshift", "?") for e in errs),
          "overshift without debug info: overshift errors at ? (%s)" % errs)

    test_switch(a, work, check)

    src, paths, stats, _ = run(a, work, "label_address.c")
    loc = "label_address.c:%d" % line_of(src, "FUNCTION")
    errs = [(p["error"], p["loc"]) for p in paths if p["reason"] == "error"]
    check(errs == [("unreachable", loc)], "label_address: unreachable at %s (%s)" % (loc, errs))

    inc = os.path.join(a.dir, "inc")
    # v in [0, 10): with LIMIT + SHIFT = 4 the assertion fails for v >= 4
    for extra, nerr in ((["-DLIMIT=3", "-I", inc, "-O2"], 1), (["-DLIMIT=9", "-I" + inc], 0)):
        src, paths, stats, _ = run(a, work, "flags.c", extra)
        loc = "flags.c:%d" % line_of(src, "ASSERT")
        errs = [p for p in paths if p["reason"] == "error"]
        ok = len(errs) == nerr and all(p["error"] == "assert" and p["loc"] == loc for p in errs)
        check(ok and len([p for p in paths if p["reason"] == "exit"]) == 1,
              "flags %s: %d assert error(s) at %s, %d paths" % (" ".join(extra), nerr, loc,
                                                               len(paths)))

    src, paths, stats, _ = run(a, work, "long_double.c")
    loc = "long_double.c:%d" % line_of(src, "FLOAT128")
    early = [p for p in paths if p["reason"] == "early"]
    check(len(early) == 1 and "fp128" in early[0]["message"] and loc in early[0]["message"],
          "long_double: fp128 unsupported at %s (%s)" % (loc, [p["message"] for p in early]))
    check(sorted(p.get("exit") for p in paths if p["reason"] == "exit") == [0, 1],
          "long_double: x86_fp80 runs, exits 0 and 1 (%s)" % [p["message"] for p in paths])

    src, paths, stats, _ = run(a, work, "fixed_object.c")
    ends = sorted((p["reason"], p["exit"] if p["reason"] == "exit" else p["loc"]) for p in paths)
    past, high = ("fixed_object.c:%d" % line_of(src, m) for m in ("PAST", "HIGH"))
    check(ends == sorted([("exit", 2), ("exit", 10), ("error", past), ("early", high)]),
          "fixed_object: exits 2 and 10, an error past the object at %s, %s early (%s)" %
          (past, high, ends))
    check(all("klee_define_fixed_object" in p["message"] for p in paths if p["reason"] == "early"),
          "fixed_object: the early end names klee_define_fixed_object")

    src, paths, stats, _ = run(a, work, "objectsize.c")
    check([p.get("exit") for p in paths] == [42],
          "objectsize: the bytes left in live objects, unknown for null (%s)" %
          [p.get("exit") for p in paths])

    src, paths, stats, _ = run(a, work, "set_forking.c")
    outs = {p["output"] for p in paths}
    check(sorted(p.get("exit") for p in paths) == [1, 2] and len(outs) == 1,
          "set_forking: 2 paths, one side of the unforked branch (%s, %s)" %
          ([p.get("exit") for p in paths], sorted(outs)))

    src, paths, stats, _ = run(a, work, "make_symbolic_misuse.c")
    errs = {p["loc"]: (p["error"], p["message"]) for p in paths if p["reason"] == "error"}
    for m, kind, text in (("SIZE", "user", "Wrong size"), ("READONLY", "user", "readonly"),
                          ("INTERIOR", "out-of-bounds", "invalid pointer: make_symbolic"),
                          ("BADNAME", "user", "Invalid string pointer"),
                          ("SYMNAME", "user", "Symbolic string pointer")):
        loc = "make_symbolic_misuse.c:%d" % line_of(src, m)
        got = errs.get(loc, ("-", ""))
        check(got[0] == kind and text in got[1],
              "make_symbolic_misuse: %s error at %s saying %r (%s)" % (kind, loc, text, got))
    check(len(errs) == 5 and sorted({p.get("exit") for p in paths if p["reason"] == "exit"}) == [0, 1],
          "make_symbolic_misuse: 5 errors, the unnamed and symx paths exit 0 and 1 (%s)" %
          [(p["reason"], p.get("exit")) for p in paths])

    src, paths, stats, _ = run(a, work, "report_error.c")
    loc = "report_error.c:%d" % line_of(src, "REPORT")
    errs = [p for p in paths if p["reason"] == "error"]
    check(len(errs) == 1 and errs[0]["error"] == "user" and errs[0]["loc"] == loc and
          errs[0].get("suffix") == "my.err" and "My error" in errs[0]["message"],
          "report_error: a user error at %s with suffix my.err (%s)" % (loc, errs))
    check(all("suffix" not in p for p in paths if p["reason"] != "error"),
          "report_error: no suffix on the path that exits")

    src, paths, stats, _ = run(a, work, "free_kinds.c")
    errs = {p["loc"]: (p["error"], p["message"]) for p in paths if p["reason"] == "error"}
    for m, text in (("STACK", "free of a stack object"), ("GLOBAL", "free of a global object"),
                    ("INTERIOR", "no object starts there"), ("WILD", "no object starts there"),
                    ("REALLOC", "no object starts there")):
        loc = "free_kinds.c:%d" % line_of(src, m)
        got = errs.get(loc, ("-", ""))
        check(got[0] == "invalid-free" and text in got[1],
              "free_kinds: invalid-free at %s saying %r (%s)" % (loc, text, got))

    if check.failures:
        print("%d failed (work dir %s)" % (len(check.failures), work))
        return 1
    subprocess.run(["rm", "-rf", work])
    return 0


if __name__ == "__main__":
    sys.exit(main())
