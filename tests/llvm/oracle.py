#!/usr/bin/python3
"""oracle.py — checks symx-llvm against native runs of every input.

Every program in the plain build; under the sanitizers (SYMX_SANITIZED=1)
a quarter of them (checks.sanitized_share), each still in every mode.

For each program tests/llvm/progs/*.c (1 symbolic byte: 256 inputs; a
'// inputs: 2' line: 2 bytes, 65,536 inputs, only with --slow):
  1. compile to bitcode once (clang-14 -g -O0, then the flags of a
     '// cflags: ...' line), the file symx-llvm runs (with the options of
     a '// symx: ...' line, if any);
  2. a native twin: the same bitcode with line-coverage hooks
     (symx-llvm --emit-cov-bitcode), built with AddressSanitizer,
     libsymx-replay and libsymx-twin;
  3. run the twin on every input (one process, a forked child per input):
     the set of outcomes (exit code and output, or the error kind) and the
     set of covered lines;
  4. symx-llvm in eager and pending mode, with --enumerate-outputs (one
     path per value of a symbolic exit status or printed byte): its
     outcomes (paths.jsonl) and covered lines (coverage.txt) must be the
     same sets; by default (outputs concretized under the witness, as KLEE
     does) in pending mode: subsets of them; its exit status 1 when it
     found an error, else 0;
  5. every error test case symx-llvm wrote (--emit-all-errors) replays natively (KTEST_FILE) to
     the same error kind.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import sanitized_share  # noqa: E402

ASSUME_EXIT = 97


def native_kind(rc, err):
    """Error kind of a native run from its status and stderr (None = exit)."""
    if "AddressSanitizer: heap-use-after-free" in err:
        return "use-after-free"
    if "attempting double-free" in err:
        return "double-free"
    if re.search(r"AddressSanitizer: (heap|stack|global)-buffer-(overflow|underflow)", err) or \
            "stack-buffer-underflow" in err or "dynamic-stack-buffer-overflow" in err:
        return "out-of-bounds"
    if "AddressSanitizer: attempting free" in err or "bad-free" in err:
        return "invalid-free"
    m = re.search(r"AddressSanitizer: SEGV on unknown address (0x[0-9a-f]+)", err)
    if m:
        return "null-deref" if int(m.group(1), 16) < 4096 else "out-of-bounds"
    if "AddressSanitizer: FPE" in err or rc == -8:
        return "div-zero"
    if "Assertion" in err and "failed" in err:
        return "assert"
    if rc == -6 or "AddressSanitizer: ABRT" in err:
        return "abort"
    if rc < 0:
        return "signal%d" % -rc
    return None


def run_native(exe, env_extra, timeout=20):
    env = dict(os.environ)
    env.update(env_extra)
    # symbolize=0: an error is told by its kind; llvm-symbolizer took seconds
    # per report
    env["ASAN_OPTIONS"] = "detect_leaks=0:handle_abort=1:handle_sigfpe=1:symbolize=0:color=never"
    p = subprocess.run([exe], env=env, capture_output=True, timeout=timeout)
    err = p.stderr.decode("latin-1")
    return p.returncode, p.stdout.decode("latin-1"), err


def run_twin(exe, nbytes, d):
    """Every nbytes-long input through the twin: (input, status, stdout,
    stderr, covered lines) per input, from its results file."""
    results = os.path.join(d, "twin.results")
    env = {"SYMX_TWIN_BYTES": str(nbytes), "SYMX_TWIN_DIR": d, "SYMX_TWIN_RESULTS": results}
    rc, _, err = run_native(exe, env, timeout=None)
    if rc != 0:
        raise RuntimeError("twin %s failed (%d): %s" % (exe, rc, err[-500:]))
    data, pos, runs = open(results, "rb").read(), 0, []
    while pos < len(data):
        nl = data.index(b"\n", pos)
        v, code, no, ne, nc = map(int, data[pos:nl].split())
        pos = nl + 1
        parts = []
        for n in (no, ne, nc):
            parts.append(data[pos:pos + n].decode("latin-1"))
            pos += n
        runs.append((v, code) + tuple(parts))
    if len(runs) != 256 ** nbytes:
        raise RuntimeError("twin %s ran %d of %d inputs" % (exe, len(runs), 256 ** nbytes))
    return runs


def outcome(kind, code, out):
    # Native stdout is lost in a crash: errors compare by kind only.
    return ("error", kind) if kind else ("exit", code, out)


def input_bytes(src):
    """Symbolic input bytes of a program: 1, or 2 with a '// inputs: 2' line."""
    return 2 if re.search(r"//\s*inputs:\s*2", open(src).read()) else 1


def cflags(src):
    """Extra compiler flags of a program: a '// cflags: -O2 ...' line (what
    clang makes of the code at other optimization levels)."""
    m = re.search(r"//\s*cflags:(.*)", open(src).read())
    return m.group(1).split() if m else []


def symx_flags(src):
    """Extra symx-llvm options of a program, for every run of it: a
    '// symx: --make-concrete-symbolic=1 ...' line (options that must not
    change the outcomes)."""
    m = re.search(r"//\s*symx:(.*)", open(src).read())
    return m.group(1).split() if m else []


def check_program(src, args, work):
    name = os.path.splitext(os.path.basename(src))[0]
    d = os.path.join(work, name)
    os.makedirs(d, exist_ok=True)
    nbytes = input_bytes(src)
    bc = os.path.join(d, name + ".bc")
    subprocess.run([args.clang, "-emit-llvm", "-c", "-g", "-O0", "-Xclang", "-disable-O0-optnone",
                    "-I" + args.include] + cflags(src) + [src, "-o", bc], check=True)
    cov_bc = os.path.join(d, name + ".cov.bc")
    subprocess.run([args.symx, "--emit-cov-bitcode", cov_bc, bc], check=True)
    exe = os.path.join(d, name + ".native")
    # -z now: symbols are bound once in the twin, not again in each child
    subprocess.run([args.clang, "-fsanitize=address", "-g", cov_bc, "-L" + args.replay_dir,
                    "-Wl,-z,now", "-Wl,--wrap=main", "-lsymx-twin", "-lsymx-replay", "-lm", "-o", exe], check=True)
    # 3. every input natively: one twin process forks a child per input
    outcomes, lines = set(), set()
    for v, rc, out, err, cov in run_twin(exe, nbytes, d):
        if rc == ASSUME_EXIT:
            continue
        kind = native_kind(rc, err)
        outcomes.add(outcome(kind, rc if not kind else None, out))
        lines |= {int(x) for x in cov.split()}
    problems = []
    # 4. symx-llvm in both modes (enumerating outputs), then concretizing
    for mode in args.modes + ["pending-concretize"]:
        od = os.path.join(d, "out-" + mode)
        concretize = mode.endswith("-concretize")
        # every error path's test, with its .json (step 5 replays them)
        every = ["--emit-all-errors", "--test-formats", "ktest,json"]
        # the limit is CPU time: a busy machine must not cut a run short
        limit = ["--max-time", "60s", "--time-clock", "cpu"]
        p = subprocess.run([args.symx, "--quiet", "--mode", mode.split("-")[0]] + limit +
                           ["--output-dir", od] + every + symx_flags(src) + [bc] if concretize else
                           [args.symx, "--quiet", "--mode", mode] + limit +
                           ["--enumerate-outputs", "--output-dir", od] + every + symx_flags(src) + [bc],
                           capture_output=True, timeout=300)
        if p.returncode not in (0, 1):
            problems.append("%s: symx-llvm failed (%d): %s" % (mode, p.returncode,
                                                              p.stderr.decode()[-500:]))
            continue
        souts, slines = set(), set()
        for ln in open(os.path.join(od, "paths.jsonl")):
            r = json.loads(ln)
            if r["reason"] == "error":
                souts.add(("error", r["error"]))
            elif r["reason"] == "exit":
                souts.add(("exit", r["exit"] & 0xff, r["output"]))
            else:
                souts.add(("other", r["reason"], r["message"]))
        # the exit status: 1 when an error was found, else 0
        if p.returncode != int(any(o[0] == "error" for o in souts)):
            problems.append("%s: exit status %d with error outcomes %s" %
                            (mode, p.returncode, sorted(o[1] for o in souts if o[0] == "error")))
        for ln in open(os.path.join(od, "coverage.txt")):
            f, _, l = ln.strip().rpartition(":")
            if f == name + ".c":
                slines.add(int(l))
        if concretize:
            if not souts <= outcomes:
                problems.append("%s: outcomes no input gives: %s" %
                                (mode, sorted(map(str, souts - outcomes))))
            if not slines <= lines:
                problems.append("%s: lines no input covers: %s" % (mode, sorted(slines - lines)))
            continue
        if souts != outcomes:
            problems.append("%s: outcomes differ: native-only %s, symx-only %s" %
                            (mode, sorted(map(str, outcomes - souts)), sorted(map(str, souts - outcomes))))
        if slines != lines:
            problems.append("%s: covered lines differ: native-only %s, symx-only %s" %
                            (mode, sorted(lines - slines), sorted(slines - lines)))
        # 5. error test cases replay natively to the same error
        for tj in sorted(glob.glob(os.path.join(od, "test*.json"))):
            t = json.load(open(tj))
            if t.get("reason") != "error":
                continue
            kt = tj[:-5] + ".ktest"
            rc, out, err = run_native(exe, {"KTEST_FILE": kt})
            kind = native_kind(rc, err)
            if kind != t.get("error"):
                problems.append("%s: %s (%s) replays natively as %s" %
                                (mode, os.path.basename(kt), t.get("error"), kind))
    return name, "; ".join(problems) if problems else "ok (%d outcomes, %d lines)" % (
        len(outcomes), len(lines)), not problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--replay-dir", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--progs", required=True)
    ap.add_argument("--clang", default="clang-14")
    ap.add_argument("--modes", default="eager,pending")
    ap.add_argument("--slow", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    args.modes = args.modes.split(",")
    progs = sorted(glob.glob(os.path.join(args.progs, "*.c")))
    if args.only:
        progs = [p for p in progs if re.search(args.only, os.path.basename(p))]
    # two-byte programs belong to the slow suite: not selected (nor counted) here
    progs = [p for p in progs if args.slow or input_bytes(p) == 1]
    # every program in every mode in the plain build; a quarter under the
    # sanitizers, each still in every mode
    progs = sanitized_share(progs, 4)
    if not progs:
        print("no program selected: skipped")
        return 77
    work = tempfile.mkdtemp(prefix="symx-llvm-oracle-")
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for name, msg, ok in ex.map(lambda s: check_program(s, args, work), progs):
            print("%-24s %s" % (name, msg), flush=True)
            failed += not ok
    print("%d programs, %d failed (work dir %s)" % (len(progs), failed, work))
    if not failed:
        subprocess.run(["rm", "-rf", work])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
