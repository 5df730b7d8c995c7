#!/usr/bin/python3
"""cc.py — symx-cc on a plain-make project (tests/llvm/cc), and symx-llvm
on several input files.

  1. make CC=symx-cc builds the native programs prog (objects and a static
     library), tool (compiled and linked in one command) and dyn (linked
     with a shared library), and prog.bc, tool.bc, dyn.bc, libshared.so.bc:
     the bitcode of the objects each contains, no more (the static
     library's unused member is not in it, nor libc, nor the native
     libsymx-replay);
  2. the native programs run on every input byte (libsymx-replay reads
     it from $SYMX_REPLAY_HEX): the set of outcomes (exit code and output,
     or the signal);
  3. symx-llvm on prog.bc, tool.bc, dyn.bc with libshared.so.bc, on the
     project's .c files given together (linked by symx-llvm), and on prog.bc
     with --optimize, must find the same set of outcomes.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

SIGNAL_KIND = {6: "abort"}


def native_outcomes(exe, cwd):
    out = set()
    for b in range(256):
        r = subprocess.run([exe], cwd=cwd, env=dict(os.environ, SYMX_REPLAY_HEX="%02x" % b,
                                                    LD_LIBRARY_PATH=cwd),
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=20)
        if r.returncode < 0:
            out.add(("error", SIGNAL_KIND.get(-r.returncode, "signal%d" % -r.returncode), ""))
        else:
            out.add(("exit", r.returncode, r.stdout.decode("latin-1")))
    return out


def symx_outcomes(symx, inputs, cwd, outdir):
    # one path per printed value, so the outcome sets can be equal
    r = subprocess.run([os.path.abspath(symx), "--no-progress", "--quiet", "--enumerate-outputs",
                        "--output-dir", outdir] + inputs,
                       cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    if r.returncode not in (0, 1):  # 1: errors found (every path is in paths.jsonl)
        print("symx-llvm %s: exit %d: %s" % (inputs, r.returncode, r.stderr.decode()))
        return None
    out = set()
    with open(os.path.join(outdir, "paths.jsonl")) as f:
        for line in f:
            p = json.loads(line)
            if p["reason"] == "error":
                out.add(("error", p["error"], ""))
            else:
                out.add((p["reason"], p["exit"], p["output"]))
    return out


def defined_symbols(nm, bc):
    r = subprocess.run([nm, "--defined-only", "-j", bc], stdout=subprocess.PIPE, check=True)
    return set(r.stdout.decode().split())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--symx-cc", required=True)
    ap.add_argument("--replay-lib", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--project", required=True)
    a = ap.parse_args()
    if not shutil.which("make"):
        print("make not found")
        return 77
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        proj = os.path.join(tmp, "proj")
        shutil.copytree(a.project, proj)
        r = subprocess.run(["make", "CC=" + os.path.abspath(a.symx_cc), "CPPFLAGS=-I" + a.include,
                            # the sanitizers: the replay library may be built with them
                            "LDLIBS=-fsanitize=address,undefined " + os.path.abspath(a.replay_lib)],
                           cwd=proj)
        if r.returncode != 0:
            print("FAIL: make CC=symx-cc")
            return 1
        nm = shutil.which("llvm-nm-14")
        want = {"prog.bc": {"main", "classify", "digit_value", "checksum", "table"},
                # weight: pure.o, which only the -O0 bitcode calls (the
                # library named twice: its members once)
                "tool.bc": {"main", "classify", "digit_value", "weight"},
                "dyn.bc": {"main"},
                "libshared.so.bc": {"classify", "digit_value", "checksum", "table"}}
        for bc, syms in want.items():
            got = defined_symbols(nm, os.path.join(proj, bc)) if nm else syms
            print("%s defines %s" % (bc, sorted(got)))
            if got != syms:
                print("FAIL: %s defines %s, not %s" % (bc, sorted(got), sorted(syms)))
                failed += 1
        runs = [("prog", ["prog.bc"]), ("tool", ["tool.bc"]),
                ("prog", ["main.c", "calc.c", "parse.c"]),
                ("tool", ["tool.c", "parse.c", "pure.c", "--", "ignored-argument"]),
                ("dyn", ["dyn.bc", "libshared.so.bc"]), ("prog", ["--optimize", "prog.bc"])]
        for k, (exe, inputs) in enumerate(runs):
            native = native_outcomes(os.path.join(proj, exe), proj)
            symx = symx_outcomes(a.symx, inputs, proj, os.path.join(tmp, "out%d" % k))
            ok = symx == native
            print("%s: %s: %d native outcomes, symx-llvm %s" %
                  ("ok" if ok else "FAIL", " ".join(inputs), len(native),
                   "the same" if ok else sorted(symx or [])))
            if not ok:
                print("  native: %s" % sorted(native))
                failed += 1
        # --optimize did optimize: fewer instructions run than without it
        ins = [json.load(open(os.path.join(tmp, "out%d" % k, "stats.json")))["instructions"]
               for k in (0, len(runs) - 1)]
        print("%s: prog.bc runs %d instructions, with --optimize %d" %
              ("ok" if ins[1] < ins[0] else "FAIL", ins[0], ins[1]))
        failed += ins[1] >= ins[0]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
