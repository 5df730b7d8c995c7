#!/usr/bin/python3
"""libc_full.py — checks the full libc (symx-llvm --libc full, musl) against
the host's C library on real programs.

For each program tests/llvm/libc/*.c (stdin from NAME.in when present):
  1. native: compiled with gcc against glibc, run with that stdin: exit
     status, stdout, stderr;
  2. symx-llvm: the program's bitcode (clang-14 -g, at -O0 and at -O2) linked with
     stub_syscall.c (a stand-in for the symbolic environment: stdin is the
     same bytes) and run with --libc full: one path, whose exit status must
     be the native one and whose output (stdout and stderr, which the
     interpreter keeps together) must be the native stdout with the native
     stderr somewhere in it.
Exits 77 (skipped) when the full libc was not built (scripts/fetch-libc).
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def stdin_c(data, path):
    with open(path, "w") as f:
        f.write("const unsigned char symx_stub_stdin[] = {%s0};\n" % "".join("%d," % b for b in data))
        f.write("const unsigned long symx_stub_stdin_len = %d;\n" % len(data))


def build_bc(prog, data, tmp, stub_bc, opt):
    name = os.path.basename(prog)[:-2] + opt
    pbc, dc, dbc, out = (os.path.join(tmp, name + s) for s in (".p.bc", ".in.c", ".in.bc", ".bc"))
    flags = ["-O0", "-Xclang", "-disable-O0-optnone"] if opt == "-O0" else \
        [opt, "-fno-vectorize", "-fno-slp-vectorize"]
    subprocess.run(["clang-14", "-emit-llvm", "-c", "-g"] + flags + ["-w", prog, "-o", pbc], check=True)
    stdin_c(data, dc)
    subprocess.run(["clang-14", "-emit-llvm", "-c", dc, "-o", dbc], check=True)
    subprocess.run(["llvm-link-14", pbc, stub_bc, dbc, "-o", out], check=True)
    return out


def native(prog, data, tmp):
    exe = os.path.join(tmp, os.path.basename(prog)[:-2] + ".native")
    subprocess.run(["gcc", "-w", "-O0", prog, "-o", exe, "-lm"], check=True)
    r = subprocess.run([exe], input=data, capture_output=True, timeout=60)
    return r.returncode, r.stdout.decode("latin-1"), r.stderr.decode("latin-1")


def symx(exe, bc, tmp):
    out = os.path.join(tmp, os.path.basename(bc) + ".out")
    r = subprocess.run([exe, "--libc", "full", "--quiet", "--no-progress", "--max-time", "120",
                        "--time-clock", "cpu",
                        "--output-dir", out, bc], capture_output=True, text=True, timeout=300)
    paths = []
    if os.path.exists(os.path.join(out, "paths.jsonl")):
        with open(os.path.join(out, "paths.jsonl")) as f:
            paths = [json.loads(l) for l in f if l.strip()]
    return r, paths


def check(prog, exe, tmp, stub_bc, opt):
    """None when symx-llvm agrees with the native run, else the difference."""
    inp = prog[:-2] + ".in"
    data = open(inp, "rb").read() if os.path.exists(inp) else b""
    rc, out, err = native(prog, data, tmp)
    r, paths = symx(exe, build_bc(prog, data, tmp, stub_bc, opt), tmp)
    if len(paths) != 1:
        return "%d paths (want 1); symx-llvm said: %s" % (len(paths), r.stderr.strip()[-500:])
    p = paths[0]
    if p.get("reason") != "exit":
        return "ended %s: %s" % (p.get("reason"), p.get("message"))
    got = p.get("output", "")
    if p.get("exit") != rc:
        return "exit %s, native %d" % (p.get("exit"), rc)
    i = got.find(err) if err else 0
    if i < 0 or got[:i] + got[i + len(err):] != out:
        return "output differs:\n--- symx-llvm\n%s\n--- native stdout\n%s\n--- native stderr\n%s" % (
            got, out, err)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--only", help="substring of the program names to run")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as cwd:  # its symx-out-0 goes there
        probe = subprocess.run([os.path.abspath(a.symx), "--libc", "full",
                                os.path.join(HERE, "libc", "stub_syscall.c")],
                               capture_output=True, text=True, cwd=cwd)
    if "was not built" in probe.stderr:
        print("skipped: " + probe.stderr.strip())
        return 77
    progs = sorted(p for p in glob.glob(os.path.join(HERE, "libc", "*.c"))
                   if not p.endswith("stub_syscall.c") and (not a.only or a.only in p))
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        stub_bc = os.path.join(tmp, "stub.bc")
        subprocess.run(["clang-14", "-emit-llvm", "-c", "-O1", "-w",
                        os.path.join(HERE, "libc", "stub_syscall.c"), "-o", stub_bc], check=True)
        for prog in progs:
            for opt in ("-O0", "-O2"):
                diff = check(prog, a.symx, tmp, stub_bc, opt)
                print("%s %s %s" % ("ok  " if diff is None else "FAIL", os.path.basename(prog), opt))
                if diff:
                    print("  " + diff.replace("\n", "\n  "))
                    failed += 1
    print("%d of %d runs agree with the native run" % (2 * len(progs) - failed, 2 * len(progs)))
    return 1 if failed or not progs else 0


if __name__ == "__main__":
    sys.exit(main())
