#!/usr/bin/python3
"""env.py — symx-llvm's symbolic environment (issue 14) against native runs.

For each program of tests/llvm/env with its --sym-* arguments:
  1. symx-llvm explores it (pending mode; eager too); symx-llvm --replay runs
     each test of one program again in the interpreter, to the same outcome;
  2. every test case it wrote runs natively with symx-replay (arguments,
     stdin and files from the .ktest, in a fresh directory): the exit
     status and stdout must be what symx-llvm reported for that path
     (paths.jsonl, matched by path_id), an error must be a signal.
Then: a symbolic exit status / printed byte takes one path by default and
one per value with --enumerate-outputs; --max-fail makes a read fail on
some path; malformed --sym-* specs and malformed .ktest files each give
one clear message naming the argument (status 2).
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import modes_by_turns  # noqa: E402

# The signal a native run dies by where symx-llvm reports the error. A load
# or store at an address below 4096 faults natively; an out-of-bounds access
# may not (a heap neighbour's bytes), so it has no entry: not comparable.
ERROR_SIGNALS = {"abort": 6, "assert": 6, "null-deref": 11}


def explore(a, work, name, args, mode="pending", extra=(), env=None):
    od = os.path.join(work, "out-%s-%s-%d" % (name, mode, len(os.listdir(work))))
    # a test per path, each with its .json: every one is replayed
    cmd = [a.symx, "--quiet", "--mode", mode, "--max-time", "60s", "--time-clock", "cpu",
           "--output-dir", od,
           "--write-tests=all", "--emit-all-errors", "--test-formats", "ktest,json"] + \
        list(extra) + [os.path.join(a.src, name + ".c")] + args
    p = subprocess.run(cmd, capture_output=True, timeout=300, env=env)
    if p.returncode not in (0, 1):  # 1: errors found
        raise RuntimeError("%s failed (%d): %s" % (cmd, p.returncode, p.stderr.decode()[-800:]))
    return od, read_paths(od)


def read_paths(od):
    """paths.jsonl of an output directory by path_id."""
    paths = {}
    for ln in open(os.path.join(od, "paths.jsonl")):
        r = json.loads(ln)
        paths[r["path_id"]] = r
    return paths


def replay_all(a, od, paths, native, extra=(), env=None):
    """Problems found replaying every test of od natively; (problems, n)."""
    problems, n = [], 0
    for tj in sorted(glob.glob(os.path.join(od, "test*.json"))):
        t = json.load(open(tj))
        kt = tj[:-5] + ".ktest"
        r = paths.get(t["path_id"])
        if r is None:
            problems.append("%s: no path %s in paths.jsonl" % (kt, t["path_id"]))
            continue
        p = subprocess.run([a.replay] + list(extra) + [native, kt], capture_output=True, timeout=60,
                           env=env)
        out, err, n = p.stdout.decode("latin-1"), p.stderr.decode("latin-1"), n + 1
        if r["reason"] == "exit":
            if p.returncode != (r["exit"] & 0xff) or out != r["output"]:
                problems.append("%s: symx-llvm exit %d %r, native %d %r (%s)" %
                                (os.path.basename(kt), r["exit"], r["output"], p.returncode, out,
                                 err.strip()))
        elif r["reason"] == "error":
            sig = ERROR_SIGNALS.get(r["error"])
            if sig is None or p.returncode != 128 + sig:
                problems.append("%s: symx-llvm error %s, native status %d (%s)" %
                                (os.path.basename(kt), r["error"], p.returncode, err.strip()))
        else:
            problems.append("%s: path ended %s: %s" % (kt, r["reason"], r["message"]))
    return problems, n


def check_oracle(a, work, natives, hostfile, envfile):
    cases = [
        ("args", ["--sym-arg", "2", "--sym-args", "0", "1", "1"], (), ()),
        ("args", ["-v", "--sym-arg", "1", "7", "--sym-arg", "2"], (), ()),
        ("input", ["--sym-stdin", "4", "--sym-files", "1", "3", hostfile], (), ()),
        ("files", ["--sym-files", "1", "4"], (), ()),
        ("ids", ["--sym-arg", "1"], ("--libc", "full"), ()),
        ("dirlist", ["--sym-files", "1", "1"], ("--libc", "full"), ()),
        ("outputs", ["--sym-arg", "1"], (), ()),
        ("outputs", ["--sym-arg", "1"], ("--enumerate-outputs",), ()),
        ("environ", ["--sym-arg", "1"], ("--environ", envfile), ("--environ", envfile)),
        ("environ", ["--sym-arg", "1"], (), ()),
    ]
    problems, total = [], 0
    for i, (name, args, sx, rx) in enumerate(cases):
        # both modes in the plain build; under the sanitizers one, by turns
        for mode in modes_by_turns(("pending", "eager"), i):
            od, paths = explore(a, work, name, args, mode, sx)
            pr, n = replay_all(a, od, paths, natives[name], rx)
            if n == 0:
                pr.append("no test case")
            problems += ["%s %s %s: %s" % (name, " ".join(args), mode, x) for x in pr]
            total += n
            print("%-8s %-40s %-7s %3d paths, %3d tests replayed%s" %
                  (name, " ".join(args)[:40], mode, len(paths), n, "" if not pr else " FAILED"))
    return problems, total


def check_host_environ(a, work, native):
    """Without --environ, main's envp and getenv (both libcs) are symx-llvm's
    own environment, as KLEE's: under `env -i` a few variables, the program's
    outcomes are the native runs' under the same environment, and symx-replay
    (also its own environment, as klee-replay) replays each test to them."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "MODE": "host", "HOME": "/h"}
    want = set()
    for arg in ("e", "x"):
        p = subprocess.run([native, arg], capture_output=True, timeout=60, env=env)
        want.add((p.returncode, p.stdout.decode("latin-1")))
    problems = []
    for libc in ("min", "full"):
        od, paths = explore(a, work, "environ", ["--sym-arg", "1"], extra=("--libc", libc), env=env)
        got = {(r["exit"] & 0xff, r["output"]) for r in paths.values() if r["reason"] == "exit"}
        if got != want:
            problems.append("environ --libc %s: symx-llvm %s, native %s" % (libc, got, want))
        pr, n = replay_all(a, od, paths, native, env=env)
        problems += ["environ --libc %s: %s" % (libc, x) for x in pr + ([] if n else ["no test"])]
    return problems


def check_bad_environ(a, work):
    """A missing or malformed --environ file: one message naming it."""
    bad = os.path.join(work, "bad.environ")
    open(bad, "w").write("A=1\nnot a variable\n")
    prog = os.path.join(a.src, "environ.c")
    problems = []
    for f, needles in ((bad, [bad, "line 2"]), (bad + ".missing", [bad + ".missing"])):
        for tool, args in ((a.symx, ["--quiet", "--environ", f, prog]),
                           (a.replay, ["--environ", f, "/bin/true", "x.ktest"])):
            p = subprocess.run([tool] + args, capture_output=True, timeout=60, cwd=work)
            problems += one_message(p, needles, "%s --environ %s" % (os.path.basename(tool), f))
    return problems


def check_interpreted_replay(a, work):
    """symx-llvm --replay (a concrete run in the interpreter) of each test
    agrees with the path symx-llvm explored."""
    args = ["--sym-arg", "2", "--sym-stdin", "4", "--sym-files", "1", "3"]
    od, paths = explore(a, work, "input", args)
    problems = []
    for tj in sorted(glob.glob(os.path.join(od, "test*.json"))):
        r = paths[json.load(open(tj))["path_id"]]
        p = subprocess.run([a.symx, "--no-progress", "--replay", tj[:-5] + ".ktest",
                            os.path.join(a.src, "input.c")] + args, capture_output=True, timeout=60)
        if p.returncode != r["exit"] or p.stdout.decode("latin-1") != r["output"]:
            problems.append("%s: explored exit %d %r, --replay %d %r" %
                            (os.path.basename(tj), r["exit"], r["output"], p.returncode, p.stdout))
    return problems if paths else ["input: no path"]


def check_outputs(a, work):
    """A symbolic exit status and printed byte: 1 path, or 256 enumerated."""
    problems = []
    _, one = explore(a, work, "outputs", ["--sym-arg", "1"])
    _, every = explore(a, work, "outputs", ["--sym-arg", "1"], extra=("--enumerate-outputs",))
    if len(one) != 1:
        problems.append("outputs: %d paths concretizing, expected 1" % len(one))
    if len(every) != 256:
        problems.append("outputs: %d paths enumerating, expected 256" % len(every))
    return problems


def check_max_fail(a, work):
    """--max-fail 1: one path's read fails with EIO, another reads."""
    _, paths = explore(a, work, "fail", ["--sym-stdin", "1", "--max-fail", "1"])
    outs = {r["output"] for r in paths.values()}
    want = {"read failed: EIO\n", "read 1\n"}
    return [] if want <= outs else ["max-fail: outputs %s, expected %s among them" % (outs, want)]


def one_message(p, needles, what):
    err = p.stderr.decode("latin-1").strip().splitlines()
    if p.returncode != 2:
        return ["%s: status %d, expected 2 (%s)" % (what, p.returncode, err)]
    if len(err) != 1 or not all(n in err[0] for n in needles):
        return ["%s: expected one message naming %s, got %s" % (what, needles, err)]
    return []


def check_malformed_specs(a, work):
    prog = os.path.join(a.src, "args.c")
    cases = [(["--sym-arg"], ["--sym-arg", "missing"]),
             (["--sym-arg", "x"], ["--sym-arg", "'x'"]),
             (["--sym-arg", "-1"], ["--sym-arg", "'-1'"]),
             (["--sym-arg", "99999"], ["--sym-arg", "'99999'"]),
             (["--sym-args", "3", "1", "2"], ["--sym-args", "MAX", "'1'"]),
             (["--sym-args", "1", "2"], ["--sym-args", "missing"]),
             (["-sym-files", "0", "3"], ["-sym-files", "K", "'0'"]),
             (["--sym-files", "2", "y"], ["--sym-files", "N", "'y'"]),
             (["--sym-stdin", "1", "--sym-stdin", "2"], ["--sym-stdin", "twice"]),
             (["--max-fail", "z"], ["--max-fail", "'z'"]),
             (["--sym-arg", ""], ["--sym-arg", "''"]),
             (["--sym-args", "0", "1000", "1", "-sym-args", "0", "100", "1"], ["-sym-args", "1024"])]
    problems = []
    for args, needles in cases:
        p = subprocess.run([a.symx, "--quiet", prog] + args, capture_output=True, timeout=60, cwd=work)
        problems += one_message(p, needles, "symx-llvm %s" % " ".join(args))
    return problems


def check_bad_ktests(a, work, native):
    od, _ = explore(a, work, "args", ["--sym-arg", "2"])
    good = open(sorted(glob.glob(os.path.join(od, "test*.ktest")))[0], "rb").read()
    cases = {"missing.ktest": None, "garbage.ktest": b"hello world",
             "truncated.ktest": good[:len(good) - 3], "version.ktest": good[:5] + b"\0\0\0\x09" + good[9:],
             "noobject.ktest": good.replace(b"arg00", b"argXY")}
    problems = []
    for name, data in cases.items():
        path = os.path.join(work, name)
        if data is not None:
            open(path, "wb").write(data)
        p = subprocess.run([a.replay, native, path], capture_output=True, timeout=60)
        problems += one_message(p, ["symx-replay:", name if name != "noobject.ktest" else "arg00"],
                                "symx-replay %s" % name)
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--replay", required=True, help="the symx-replay tool")
    ap.add_argument("--src", required=True, help="directory of the programs")
    ap.add_argument("--clang", default="clang-14")
    a = ap.parse_args()
    a.symx, a.replay = os.path.abspath(a.symx), os.path.abspath(a.replay)  # run in other cwds
    work = tempfile.mkdtemp(prefix="symx-env-")
    try:
        natives = {}
        for c in sorted(glob.glob(os.path.join(a.src, "*.c"))):
            name = os.path.basename(c)[:-2]
            natives[name] = os.path.join(work, name + ".native")
            subprocess.run([a.clang, "-w", "-O0", "-o", natives[name], c], check=True)
        hostfile = os.path.join(work, "host.txt")
        open(hostfile, "w").write("hello\n")
        envfile = os.path.join(work, "environ")
        open(envfile, "w").write("# the program's environment\nMODE=test\nHOME=/nowhere\n")
        problems, n = check_oracle(a, work, natives, hostfile, envfile)
        problems += check_interpreted_replay(a, work)
        problems += check_host_environ(a, work, natives["environ"])
        problems += check_bad_environ(a, work)
        problems += check_outputs(a, work)
        problems += check_max_fail(a, work)
        problems += check_malformed_specs(a, work)
        problems += check_bad_ktests(a, work, natives["args"])
        for p in problems:
            print("FAIL:", p)
        print("%d tests replayed natively, %d problems" % (n, len(problems)))
        return 1 if problems or n == 0 else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
