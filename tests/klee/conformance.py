#!/usr/bin/python3
"""KLEE 3.1's regression programs as a conformance suite for symx-llvm.

usage: conformance.py KLEE_SRC [--klee BIN] [--symx BIN] [--modes pending,eager]
                      [--expect FILE] [--out FILE] [--jobs 2] [--timeout 60]
                      [--with-runtime] [--only SUBSTR] [--keep DIR]

KLEE_SRC is a checkout of KLEE's public repository at tag v3.1 (nothing of it
is copied here). Every C program of test/Feature, test/regression and
test/Solver that is applicable (see applicable() for the rule) is compiled as
its RUN lines say, and each `%klee` invocation of its RUN lines is run with
symx-llvm (KLEE's options translated where ours have other names: see
translate()) and compared with KLEE 3.1 on the same bitcode: the number of
completed paths (paths that exited) and the set of errors (kind, file, line).
With --klee BIN KLEE itself is run and its outcomes are written to --expect
(our measurement data); without it the stored expectations are used.

Output: one JSON line per program and mode (--out, default stdout), then a
summary on stderr: programs applicable, agreeing (percent), causes.
Exit status 0 (the figure is the result; no threshold), 2 on bad usage.
"""
import argparse
import concurrent.futures
import glob
import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_EXPECT = os.path.join(HERE, "klee-3.1-expected.jsonl")
DEFAULT_SYMX = os.path.join(ROOT, "build", "frontends", "llvm", "symx-llvm")
DIRS = ("Feature", "regression", "Solver")
CLANG = shutil.which("clang-14") or "clang"
O0OPT = "-O0 -Xclang -disable-O0-optnone"

# Substitutions of KLEE's lit config for tools other than clang and klee: a
# program whose RUN lines use one of them is not applicable.
OTHER_TOOLS = ("%klee-stats", "%ktest-tool", "%kleaver", "%klee-exec-tree",
               "%klee-replay", "%klee-zesti", "%ktest-gen", "%ktest-randgen",
               "%llvmar", "%llvmlink", "%llvmas", "%lli", "%cc", "%cxx",
               "%clangxx", "%libkleeruntest", "%sqlite3", "%gentmp")
# lit features of KLEE 3.1 as build-klee.sh builds it (LLVM 14, Z3 only,
# uclibc and POSIX runtime, zlib, sqlite3, no sanitizers, Linux x86_64).
FEATURES = {"llvm-14.0", "geq-llvm-11.0", "geq-llvm-12.0", "geq-llvm-13.0",
            "geq-llvm-14.0", "lt-llvm-15.0", "lt-llvm-16.0", "lt-llvm-17.0",
            "not-llvm-11.0", "not-llvm-11.1", "not-llvm-12.0", "not-llvm-13.0",
            "not-llvm-15.0", "not-llvm-16.0", "not-llvm-17.0", "z3", "not-stp",
            "zlib", "uclibc", "posix-runtime", "linux", "not-darwin",
            "not-freebsd", "not-wsl-1", "not-wsl-2", "not-target-x86",
            "32bit-support", "not-asan", "not-ubsan", "not-msan", "sqlite3"}
# Commands of RUN lines that only check KLEE's text (FileCheck & co.): not
# run; we compare outcomes instead.
SETUP = ("%clang", "rm", "mkdir", "touch", "echo", "cp", "true")
# KLEE's runtime libraries (not klee itself): the count leaves out
# programs whose RUN lines ask for them; --with-runtime takes them in.
RUNTIME_OPTS = re.compile(r"-(libc|posix-runtime)\b")


# ---------------------------------------------------------------- RUN lines

def run_commands(src):
    """The RUN commands of a test file, continuation lines joined."""
    cmds, cur = [], ""
    for line in src.splitlines():
        if "RUN:" not in line:
            continue
        part = line.split("RUN:", 1)[1].strip()
        if part.endswith("\\"):
            cur += part[:-1] + " "
        else:
            cmds.append(cur + part)
            cur = ""
    return cmds


def directive(src, name):
    """The features listed by REQUIRES:/UNSUPPORTED: lines."""
    out = []
    for line in src.splitlines():
        if name + ":" in line:
            out += [f.strip() for f in line.split(name + ":", 1)[1].split(",")]
    return [f for f in out if f]


def applicable(src, with_runtime):
    """None when the program is applicable, else why not. The rule: its RUN
    lines use no substitution of a tool other than %clang and %klee (FileCheck,
    not, grep, test... only check KLEE's text and are not run); its REQUIRES
    features are those of KLEE 3.1 built by build-klee.sh and no UNSUPPORTED
    one is; unless with_runtime, no --libc/--posix-runtime (KLEE's runtime
    libraries)."""
    cmds = run_commands(src)
    text = " ".join(cmds)
    if not re.search(r"%klee(\s|$)", text):
        return "no %klee run"
    for t in OTHER_TOOLS:
        if re.search(re.escape(t) + r"(\s|$)", text):
            return "uses " + t
    for f in directive(src, "REQUIRES"):
        if f not in FEATURES:
            return "requires " + f
    for f in directive(src, "UNSUPPORTED"):
        if f in FEATURES:
            return "unsupported on " + f
    if not with_runtime and RUNTIME_OPTS.search(text):
        return "uses KLEE's runtime (--libc/--posix-runtime)"
    return None


def programs(klee_src, with_runtime, only):
    """(relative path, source, reason-not-applicable) of every C program."""
    out = []
    for d in DIRS:
        for f in sorted(glob.glob(os.path.join(klee_src, "test", d, "*.c"))):
            rel = os.path.relpath(f, os.path.join(klee_src, "test"))
            if only and not any(o in rel for o in only):
                continue
            with open(f, errors="replace") as fh:
                src = fh.read()
            out.append((rel, f, applicable(src, with_runtime)))
    return out


def substitute(cmd, path, tbase, klee_src):
    """lit's substitutions (longest first: %t1 before %t, %s). The work
    directory's name is kept out of the debug information, so that the
    bitcode's hash says whether KLEE and symx-llvm ran the same module."""
    cmd = cmd.replace("%clang", "%s -I%s -fdebug-prefix-map=%s=." % (
        CLANG, os.path.join(klee_src, "include"), os.path.dirname(tbase)))
    cmd = cmd.replace("%O0opt", O0OPT)
    cmd = re.sub(r"%t(\w*)", lambda m: tbase + m.group(1), cmd)
    cmd = cmd.replace("%s", path).replace("%p", os.path.dirname(path))
    return cmd


def first_segment(cmd):
    """The command before a pipe or && (the part that runs klee)."""
    return re.split(r"\|\||&&|\||;", cmd)[0].strip()


def klee_argv(seg):
    """KLEE's arguments of a `[not] %klee ...` segment, without redirections;
    (args, stdin file or None, expects failure)."""
    words = shlex.split(seg)
    expect_fail = words and words[0] == "not"
    if expect_fail:
        words = words[1:]
    args, stdin, k = [], None, 1
    while k < len(words):
        w = words[k]
        if w in (">", "2>", "&>", ">>", "2>>"):
            k += 2
            continue
        if w == "<":
            stdin = words[k + 1] if k + 1 < len(words) else None
            k += 2
            continue
        if re.match(r"^(\d?>>?|&>)\S", w) or w in ("2>&1", "1>&2"):
            k += 1
            continue
        if w.startswith("<") and len(w) > 1:
            stdin = w[1:]
            k += 1
            continue
        args.append(w)
        k += 1
    return args, stdin, bool(expect_fail)


# ---------------------------------------------------------------- running

def run_bounded(argv, cwd, timeout, stdin_path=None):
    """(returncode or None on timeout, stdout+stderr text)."""
    stdin = open(stdin_path, "rb") if stdin_path and os.path.exists(stdin_path) \
        else subprocess.DEVNULL
    try:
        p = subprocess.Popen(argv, cwd=cwd, stdin=stdin, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, start_new_session=True)
    except OSError as e:
        return 127, str(e)
    try:
        out, _ = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        rc = None
    finally:
        if stdin is not subprocess.DEVNULL:
            stdin.close()
    return rc, out.decode(errors="replace")


def output_dir_of(args):
    """The --output-dir value of KLEE-style args (either dash spelling)."""
    for k, a in enumerate(args):
        m = re.match(r"^--?output-dir(=(.*))?$", a)
        if m:
            return m.group(2) if m.group(1) else (args[k + 1] if k + 1 < len(args) else None)
    return None


def mapped_path(arg, dirs):
    """arg with a leading output dir of dirs (KLEE's) replaced by ours, as in
    --seed-file %t.klee-out/test000001.ktest: a later run reads the tests
    symx-llvm wrote, not KLEE's."""
    for kd, od in dirs.items():
        m = re.match(r"^(--?[\w-]+=)?" + re.escape(kd) + r"(/.*)?$", arg)
        if m:
            return (m.group(1) or "") + od + (m.group(2) or "")
    return arg


def bitcode_of(args):
    """Index of the program (first non-option argument ending in .bc/.ll)."""
    for k, a in enumerate(args):
        if not a.startswith("-") and re.search(r"\.(bc|ll)$", a):
            return k
    return None


def sha(path):
    try:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()[:16]
    except OSError:
        return None


def walk(path, src_cmds, tbase, klee_src, cwd, tool, timeout):
    """Runs a program's RUN lines in cwd: setup commands with the shell,
    each %klee invocation with tool(args, stdin, outdir); the checking
    commands not. Returns the list of runs."""
    runs = []
    for raw in src_cmds:
        cmd = substitute(raw, path, tbase, klee_src)
        seg = first_segment(cmd)
        words = seg.split()
        if not words:
            continue
        if re.search(r"(^|\s)%klee(\s|$)", raw.split("|")[0]):
            args, stdin, fail = klee_argv(seg.replace("%klee", "klee", 1))
            run = {"klee_args": [a.replace(tbase, "%t") for a in args], "expect_fail": fail}
            bc = bitcode_of(args)
            run["bitcode"] = sha(args[bc]) if bc is not None else None
            run["outcome"] = tool(args, stdin)
            runs.append(run)
        elif words[0] in SETUP or words[0].startswith(CLANG):
            subprocess.run(["bash", "-c", seg], cwd=cwd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=timeout)
    return runs


# ---------------------------------------------------------------- KLEE

def klee_errors(outdir):
    """Sorted [kind, file, line] of KLEE's *.err files (kind = the suffix:
    ptr, assert, div, free, user, exec, ...)."""
    errs = set()
    for f in glob.glob(os.path.join(outdir or "", "test*.err")):
        kind = re.sub(r"^test\d+\.", "", os.path.basename(f))[:-len(".err")]
        fil, line = "?", 0
        with open(f, errors="replace") as fh:
            for ln in fh:
                if ln.startswith("File: "):
                    fil = os.path.basename(ln[6:].strip())
                elif ln.startswith("Line: "):
                    line = int(ln[6:].strip() or 0)
        errs.add((kind, fil, line))
    return sorted(list(e) for e in errs)


def klee_outcome(klee, args, stdin, cwd, timeout):
    """KLEE's outcome from its "done" lines and output directory. With
    --exit-on-error KLEE ends at the first error with "EXITING ON ERROR"
    (exit status 1, no "done" lines): it ran, its completed paths are then
    the tests without an .err/.early file."""
    rc, out = run_bounded([klee] + args, cwd, timeout, stdin)
    o = {"rc": rc, "timeout": rc is None}
    done = {k: int(v) for k, v in
            re.findall(r"KLEE: done: (completed paths|partially completed paths|generated tests) = (\d+)", out)}
    o["exited_on_error"] = "EXITING ON ERROR" in out
    o["ran"] = "completed paths" in done or o["exited_on_error"]
    o["completed"] = done.get("completed paths")
    o["partial"] = done.get("partially completed paths")
    o["tests"] = done.get("generated tests")
    outdir = output_dir_of(args)
    o["errors"] = klee_errors(outdir) if o["ran"] or rc is None else []
    if o["exited_on_error"]:
        o["completed"] = klee_plain_tests(outdir)
    if not o["ran"]:
        m = re.search(r"^(KLEE: ERROR: .*|.*: Unknown command line argument.*|.*error.*)$", out, re.M)
        o["message"] = (m.group(1) if m else out.strip()[-200:])[:300]
    return o


def klee_plain_tests(outdir):
    """Tests of paths that completed: testN.ktest without testN.*.err or
    testN.early."""
    names = os.listdir(outdir) if outdir and os.path.isdir(outdir) else []
    marked = {n.split(".")[0] for n in names if n.endswith(".err") or n.endswith(".early")}
    return sum(1 for n in names if n.endswith(".ktest") and n.split(".")[0] not in marked)


# ---------------------------------------------------------------- symx-llvm

# KLEE's option -> ours, where symx-llvm does not (yet) take KLEE's name.
# A value of None drops the option (its meaning is ours by default); a
# function maps (value) -> list of our arguments.
def _bool(v):
    return "0" if v in ("false", "0") else "1"


TRANSLATE = {
    "use-cex-cache": lambda v: ["--chain-cex-cache=" + _bool(v)],
    "use-branch-cache": lambda v: ["--chain-branch-cache=" + _bool(v)],
    "use-independent-solver": lambda v: ["--chain-independence=" + _bool(v)],
    "debug-validate-solver": lambda v: ["--validate-solver=" + _bool(v)],
    "allow-seed-extension": lambda v: ["--seed-extend=" + _bool(v)],
    "rng-initial-seed": lambda v: ["--rng-seed=" + v],
    "write-no-tests": lambda v: ["--emit-tests=none"] if _bool(v) == "1" else [],
    "only-output-states-covering-new": lambda v: ["--emit-tests=cover"] if _bool(v) == "1" else [],
    "solver-backend": lambda v: ["--solver=" + v],
}


def translate(args, outdir, mode):
    """symx-llvm's argv tail for KLEE's args: options spelled with two
    dashes, KLEE's names mapped by TRANSLATE, ours otherwise (symx-llvm
    refuses what it does not know); our output dir and mode. Words before
    the program (.bc/.ll) that are not options are values of the option
    before them; words after it are the program's arguments."""
    # KLEE's default: a test per path (symx-llvm's: errors and new coverage)
    out = ["--mode", mode, "--no-progress", "--output-dir=" + outdir, "--write-tests=all"]
    bc = bitcode_of(args)
    end = len(args) if bc is None else bc
    k = 0
    while k < end:
        a = args[k]
        k += 1
        m = re.match(r"^--?([^=]+)(=(.*))?$", a)
        if not m:
            out.append(a)
            continue
        name, val = m.group(1), m.group(3)
        if name == "output-dir":
            k += val is None and k < end and not args[k].startswith("-")
        elif name in TRANSLATE:
            out += TRANSLATE[name](val if val is not None else "true")
        else:
            out.append("--" + name + ("=" + val if val is not None else ""))
    return batching(out) + args[end:]


def batching(out):
    """KLEE's --use-batching-search wraps the searchers: ours is spelled
    batching:NAME (random-path when no --search is given)."""
    if "--use-batching-search" not in out:
        return out
    out = [a for a in out if a != "--use-batching-search"]
    searches = [k for k, a in enumerate(out) if a.startswith("--search=")]
    for k in searches:
        out[k] = "--search=batching:" + out[k][len("--search="):]
    return out if searches else out + ["--search=batching:random-path"]


def symx_records(outdir):
    recs = []
    try:
        with open(os.path.join(outdir, "paths.jsonl"), errors="replace") as f:
            for ln in f:
                try:
                    recs.append(json.loads(ln))
                except ValueError:
                    pass
    except OSError:
        pass
    return recs


# our error kinds -> KLEE's .err suffixes. KLEE's free of a freed object is
# a failed pointer resolution ("invalid pointer: free", ptr); free of an
# alloca or a global is its "free" kind; free (or realloc) of a pointer to
# no object's start is "invalid pointer" again (ptr): symx_kind() tells
# them by our message. klee_report_error's suffix ("my.err") names KLEE's
# error file (testN.my.err): our record's "suffix".
KIND = {"assert": "assert", "abort": "abort", "div-zero": "div", "out-of-bounds": "ptr",
        "null-deref": "ptr", "use-after-free": "ptr", "double-free": "ptr",
        "invalid-free": "free", "unreachable": "exec", "user": "user", "external": "external",
        "model": "model"}


def symx_kind(r):
    """KLEE's .err suffix of one of our error records."""
    if r.get("suffix"):
        return re.sub(r"\.err$", "", r["suffix"])
    if r.get("error") == "invalid-free" and "no object starts there" in r.get("message", ""):
        return "ptr"
    return KIND.get(r.get("error"), r.get("error"))


def symx_summary(recs):
    """completed, partial, errors [kind, file, line], early messages."""
    completed, errs, early, codes = 0, set(), [], set()
    for r in recs:
        reason, msg = r.get("reason"), r.get("message", "")
        loc = r.get("loc", "?")
        fil, _, line = loc.rpartition(":")
        if reason == "exit":
            completed += 1
            codes.add(r.get("exit"))
        elif reason == "error" or (reason == "user" and "silent exit" not in msg):
            kind = symx_kind(r) if reason == "error" else "user"
            errs.add((kind, fil or "?", int(line) if line.isdigit() else 0))
        elif reason == "early" and len(early) < 50:
            early.append(re.sub(r"^[^ ]*:\d+: ", "", msg))
    return (completed, len(recs) - completed, sorted(list(e) for e in errs),
            sorted(set(early)), len(codes))


def refused_option(out, args=()):
    """The option symx-llvm refused (from its message), or None. A message
    that starts with the value of an option given (--libc=klee: "klee: No
    such file") names that option too."""
    for a in args:
        m = re.match(r"^--?([^=]+)=(.+)$", a)
        if m and out.startswith("symx-llvm: " + m.group(2) + ":"):
            return "--%s=%s" % (m.group(1), m.group(2))
    for pat in (r"unknown option (--?[\w:.-]+)", r"^symx-llvm: (--[\w.-]+)[ =:]",
                r"(--[\w.-]+) needs a value"):
        m = re.search(pat, out)
        if m:
            return m.group(1)
    m = re.search(r"unknown searcher '([^']+)'", out)
    return "--search=" + m.group(1) if m else None


def first_message(out):
    """symx-llvm's message saying why it did not run."""
    lines = [ln for ln in out.splitlines()
             if ln.startswith("symx-llvm: ") and not ln.startswith("symx-llvm: done:")]
    return (lines[0] if lines else out.strip()[:200])[:300]


def symx_once(symx, args, stdin, cwd, timeout, mode, outdir):
    shutil.rmtree(outdir, ignore_errors=True)
    rc, out = run_bounded([symx] + translate(args, outdir, mode), cwd, timeout, stdin)
    o = {"rc": rc, "timeout": rc is None}
    recs = symx_records(outdir)
    o["ran"] = rc is None or rc in (0, 1, 3) or bool(recs)  # 1 errors, 3 incomplete
    o["completed"], o["partial"], o["errors"], o["early"], o["exit_codes"] = symx_summary(recs)
    if not o["ran"]:
        o["message"] = first_message(out)
    return o


def strip_option(args, opt):
    """args without the KLEE option named like opt (and its value when it
    is the next word before the program)."""
    name = opt.lstrip("-").split("=")[0]
    bc = bitcode_of(args)
    out, k = [], 0
    while k < len(args):
        a = args[k]
        k += 1
        m = re.match(r"^--?([^=]+)(=.*)?$", a)
        if (bc is None or k - 1 < bc) and m and \
                (m.group(1) == name or TRANSLATED_NAME.get(m.group(1)) == name):
            if not m.group(2) and k < len(args) and not args[k].startswith("-") \
                    and (bc is None or k < bc):
                k += 1
            continue
        out.append(a)
    return out


TRANSLATED_NAME = {"use-cex-cache": "chain-cex-cache", "use-branch-cache": "chain-branch-cache",
                   "use-independent-solver": "chain-independence",
                   "debug-validate-solver": "validate-solver",
                   "allow-seed-extension": "seed-extend", "rng-initial-seed": "rng-seed",
                   "write-no-tests": "emit-tests", "only-output-states-covering-new": "emit-tests",
                   "solver-backend": "solver"}


def symx_outcome(symx, args, stdin, cwd, timeout, mode, outdir):
    """symx-llvm's outcome; options it refuses are recorded and dropped
    (up to 8), so the outcome without them is known too."""
    refused = []
    o = symx_once(symx, args, stdin, cwd, timeout, mode, outdir)
    while not o["ran"] and len(refused) < 8:
        opt = refused_option(o.get("message", ""), args)
        if not opt:
            break
        shorter = strip_option(args, opt)
        if shorter == args:
            break
        refused.append(opt)
        args = shorter
        o = symx_once(symx, args, stdin, cwd, timeout, mode, outdir)
    o["refused"] = refused
    return o


# ---------------------------------------------------------------- comparison

def area(cause):
    """The helper area a cause belongs to: ir (LLVM features/intrinsics),
    env (argv/stdin/files), libc (C library), cc (KLEE's options and
    intrinsics, external calls), engine (paths/errors differ)."""
    if cause.startswith("option refused"):
        return "cc"
    if cause.startswith("with program arguments"):
        return "env"
    if cause.startswith("undefined function"):
        fn = cause.split(": ", 1)[1]
        if fn.startswith("klee_"):
            return "cc"
        return "ir" if fn.startswith("llvm.") else "libc" if in_host_libc(fn) else "cc"
    if cause.startswith("unsupported") or "klee overshift" in cause or \
            (cause.startswith("symx-llvm fails") and "unsupported" in cause):
        return "ir"
    if cause.startswith("klee refuses") or cause.startswith("symx-llvm fails"):
        return "cc"
    return "engine"


def in_host_libc(name):
    """Whether the host's C library has the function (else it is an
    external function of the program: KLEE's external calls)."""
    try:
        import ctypes
        return hasattr(ctypes.CDLL("libc.so.6"), name)
    except OSError:
        return False


def early_cause(msgs):
    for m in msgs:
        u = re.search(r"call to undefined function '([^']+)'", m)
        if u:
            return "undefined function: " + u.group(1)
    for m in msgs:
        if "unsupported" in m:
            return re.sub(r"\s+at\s+\S+$", "", m[m.index("unsupported"):])[:80]
    return None


def compare_run(k, s, args, lenient=False):
    """(agree, cause) of one %klee invocation. With --exit-on-error the
    completed paths before the first error depend on the search order,
    which neither tool fixes alike: only the errors are compared then.
    lenient: options symx-llvm refused do not count (the outcome without
    them is compared)."""
    if k["timeout"]:
        return False, "timeout (klee)"
    if s.get("refused") and not lenient:
        return False, "option refused: " + s["refused"][0]
    if s["timeout"]:
        enum = s.get("exit_codes", 0) > 1 and s["completed"] > (k["completed"] or 0)
        return False, "timeout (symx-llvm)" + (": exit status enumerated" if enum else "")
    if not k["ran"] and not s["ran"]:
        return True, "both refuse"
    if not s["ran"]:
        return False, "symx-llvm fails: " + re.sub(r"^symx-llvm: ", "", s.get("message", ""))[:80]
    if not k["ran"]:
        return False, "klee refuses, symx-llvm runs"
    bc = bitcode_of(args)
    if bc is not None and bc + 1 < len(args):  # argv beyond the program's name
        ok, cause = compare_run(k, s, args[:bc + 1], lenient)
        return ok, cause if ok or "differ" not in cause else "with program arguments: " + cause
    stop_first = any(re.match(r"^--?exit-on-error(=true)?$", a) for a in args) and k["errors"]
    if (stop_first or k["completed"] == s["completed"]) and k["errors"] == s["errors"]:
        return True, None
    ec = early_cause(s.get("early", []))
    if ec:
        return False, ec
    kk, sk = sorted({e[0] for e in k["errors"]}), sorted({e[0] for e in s["errors"]})
    if kk != sk:
        return False, "error kinds differ: klee %s, symx-llvm %s" % (",".join(kk) or "-", ",".join(sk) or "-")
    if k["errors"] != s["errors"]:
        return False, "error lines differ"
    if s["completed"] > k["completed"] and s.get("exit_codes", 0) > 1:
        return False, "completed paths differ: more, exit status enumerated"
    return False, "completed paths differ: %s" % ("more" if s["completed"] > k["completed"] else "fewer")


def compare(kruns, sruns, lenient=False):
    """(agree, cause) of a program: every invocation agrees; the cause is the
    first disagreeing invocation's."""
    if len(kruns) != len(sruns):
        return False, "run count differs"
    for k, s in zip(kruns, sruns):
        ok, cause = compare_run(k["outcome"], s["outcome"], k["klee_args"], lenient)
        if not ok:
            return False, cause
    return True, None


# ---------------------------------------------------------------- programs

def explore_program(rel, path, a, expected, mode):
    """The JSON line of one applicable program in one mode."""
    work = tempfile.mkdtemp(prefix=rel.replace("/", "_") + ".", dir=a.work)
    with open(path, errors="replace") as f:
        cmds = run_commands(f.read())
    sdir = os.path.join(work, "symx")
    os.makedirs(sdir)
    n = [0]
    ours = {}  # KLEE's output dir of an earlier run -> ours (its tests, read by later runs)

    def tool(args, stdin):
        n[0] += 1
        od = os.path.join(sdir, "out%d" % n[0])
        kd = output_dir_of(args)
        args = [mapped_path(x, ours) for x in args]
        if kd:
            ours[kd] = od
        return symx_outcome(a.symx, args, stdin, sdir, a.timeout, mode, od)
    sruns = walk(path, cmds, os.path.join(sdir, "t"), a.klee_src, sdir, tool, a.timeout)
    kruns = expected["runs"] if expected else []
    for sr, kr in zip(sruns, kruns):
        if sr["bitcode"] != kr["bitcode"]:
            sr["bitcode_differs"] = True
    ok, cause = compare(kruns, sruns) if expected else (False, "no KLEE expectation")
    ok2, cause2 = compare(kruns, sruns, True) if expected else (ok, cause)
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)
    return {"program": rel, "mode": mode, "agree": ok, "cause": cause,
            "area": area(cause) if cause else None,
            "agree_without_refused": ok2, "cause_without_refused": cause2,
            "klee": [r["outcome"] for r in kruns],
            "symx": [dict(r["outcome"], args=r["klee_args"],
                          bitcode_differs=r.get("bitcode_differs", False)) for r in sruns]}


def klee_program(rel, path, a):
    """KLEE's expectation of one program: its runs and outcomes."""
    work = tempfile.mkdtemp(prefix=rel.replace("/", "_") + ".", dir=a.work)
    kdir = os.path.join(work, "klee")
    os.makedirs(kdir)
    with open(path, errors="replace") as f:
        cmds = run_commands(f.read())

    def tool(args, stdin):
        return klee_outcome(a.klee, args, stdin, kdir, a.timeout)
    runs = walk(path, cmds, os.path.join(kdir, "t"), a.klee_src, kdir, tool, a.timeout)
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)
    return {"program": rel, "runs": runs}


def load_expect(path):
    exp = {}
    try:
        with open(path) as f:
            for ln in f:
                if ln.strip():
                    e = json.loads(ln)
                    exp[e["program"]] = e
    except OSError:
        pass
    return exp


def save_expect(path, exp):
    with open(path, "w") as f:
        for rel in sorted(exp):
            f.write(json.dumps(exp[rel], sort_keys=True) + "\n")


# ---------------------------------------------------------------- summary

def counted(items):
    c = {}
    for i in items:
        c[i] = c.get(i, 0) + 1
    return sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))


def summary(lines, mode):
    """The figures of one mode: agreement, then the work list: the options
    refused (programs), then the first cause per program with refused
    options dropped, with its area."""
    rows = [l for l in lines if l["mode"] == mode]
    n, ok = len(rows), sum(1 for l in rows if l["agree"])
    ok2 = sum(1 for l in rows if l.get("agree_without_refused"))
    pct = lambda k: 100.0 * k / n if n else 0.0
    out = ["mode %s: %d applicable, %d agree (%.1f%%); %d (%.1f%%) with the options "
           "symx-llvm refuses dropped" % (mode, n, ok, pct(ok), ok2, pct(ok2))]
    refused = [o.split("=")[0] for l in rows for o in
               sorted({o for r in l.get("symx", []) for o in r.get("refused", [])})]
    out.append("  options refused (programs): " + ", ".join("%s %d" % kv for kv in counted(refused)))
    rest = [l["cause_without_refused"] for l in rows if not l.get("agree_without_refused")]
    out.append("  by area (refused options dropped): " + ", ".join(
        "%s %d" % kv for kv in counted(area(c) for c in rest)))
    for c, k in counted(rest):
        out.append("  %3d  %-5s %s" % (k, area(c), c))
    return "\n".join(out)


def write_note(path, lines, skipped, modes):
    """A markdown list of every disagreement with its cause, per mode."""
    with open(path, "w") as f:
        rev = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.decode().strip()
        f.write("# symx-llvm on KLEE 3.1's regression programs\n\n"
                "Written by `make conformance` (tests/klee/conformance.py --note) at %s,\n"
                "against tests/klee/klee-3.1-expected.jsonl. See README.md for the rule.\n\n"
                "%s\n" % (rev or "?", skipped_summary(skipped)))
        for mode in modes:
            f.write("\n## mode %s\n\n```\n%s\n```\n\n" % (mode, summary(lines, mode)))
            f.write("| program | cause | cause with refused options dropped | area |\n|---|---|---|---|\n")
            for l in sorted((l for l in lines if l["mode"] == mode and not l["agree"]),
                            key=lambda l: l["program"]):
                c2 = l.get("cause_without_refused") or "(agrees)"
                f.write("| %s | %s | %s | %s |\n" % (l["program"], l["cause"], c2,
                                                     area(c2) if c2 != "(agrees)" else "-"))


def skipped_summary(skipped):
    reasons = {}
    for _, why in skipped:
        reasons[why] = reasons.get(why, 0) + 1
    return "not applicable: %d (%s)" % (len(skipped), ", ".join(
        "%s %d" % kv for kv in sorted(reasons.items(), key=lambda kv: -kv[1])))


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("klee_src")
    p.add_argument("--klee", help="KLEE 3.1 binary: run it and rewrite --expect")
    p.add_argument("--symx", default=DEFAULT_SYMX)
    p.add_argument("--modes", default="pending", help="symx-llvm modes, comma-separated")
    p.add_argument("--expect", default=DEFAULT_EXPECT)
    p.add_argument("--out", help="JSON lines (default stdout)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--timeout", type=float, default=60.0, help="seconds per tool run")
    p.add_argument("--with-runtime", action="store_true",
                   help="also programs whose RUN lines use --libc/--posix-runtime")
    p.add_argument("--only", action="append", help="programs whose path contains this")
    p.add_argument("--keep", help="keep the work files in this directory")
    p.add_argument("--note", help="write every disagreement with its cause (markdown)")
    p.add_argument("--list", action="store_true", help="list applicability and exit")
    a = p.parse_args(argv)
    if not os.path.isdir(os.path.join(a.klee_src, "test", "Feature")):
        p.error("%s: not a checkout of KLEE's repository (no test/Feature)" % a.klee_src)
    if not a.list and not (os.path.isfile(a.symx) and os.access(a.symx, os.X_OK)):
        p.error("%s: no symx-llvm binary (build first: ninja -C build)" % a.symx)
    return a


def main(argv):
    a = parse_args(argv)
    progs = programs(a.klee_src, a.with_runtime, a.only)
    todo = [(rel, path) for rel, path, why in progs if why is None]
    skipped = [(rel, why) for rel, path, why in progs if why is not None]
    if a.list:
        for rel, path, why in progs:
            print(json.dumps({"program": rel, "applicable": why is None, "why_not": why}))
        print("%d applicable; %s" % (len(todo), skipped_summary(skipped)), file=sys.stderr)
        return 0
    if a.keep:
        os.makedirs(a.keep, exist_ok=True)
    a.work = a.keep or tempfile.mkdtemp(prefix="symx-conformance.")
    a.klee_src = os.path.abspath(a.klee_src)
    exp = load_expect(a.expect)
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs))
    if a.klee:
        for e in pool.map(lambda t: klee_program(t[0], t[1], a), todo):
            exp[e["program"]] = e
        known = {rel for rel, _, _ in programs(a.klee_src, True, None)}  # gone ones go
        exp = {k: v for k, v in exp.items() if k in known}
        save_expect(a.expect, exp)
    out = open(a.out, "w") if a.out else sys.stdout
    lines = []
    for mode in a.modes.split(","):
        jobs = [(rel, path, exp.get(rel), mode) for rel, path in todo]
        for l in pool.map(lambda t: explore_program(t[0], t[1], a, t[2], t[3]), jobs):
            out.write(json.dumps(l, sort_keys=True) + "\n")
            out.flush()
            lines.append(l)
    print(skipped_summary(skipped), file=sys.stderr)
    for mode in a.modes.split(","):
        print(summary(lines, mode), file=sys.stderr)
    if a.note:
        write_note(a.note, lines, skipped, a.modes.split(","))
    if not a.keep:
        shutil.rmtree(a.work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
