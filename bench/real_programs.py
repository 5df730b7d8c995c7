#!/usr/bin/python3
"""real_programs.py — symx-llvm on real programs from Debian source packages
(issue 14, the pending-constraints paper's Table 1 arguments).

For each program: `apt-get source` its package (a deb-src entry must exist:
scripts/fetch-libc adds one), build it with CC=symx-cc (./configure && make,
with the flags of its recipe in PROGRAMS, after the libraries it needs),
explore PROG.bc with symx-llvm in pending mode for --time seconds with the
paper's arguments and --libc full, then replay test cases natively with
symx-replay on the executable the same build made: up to --replays of them
(every error test, the rest spread evenly over the run), each of which must
end as symx-llvm reported (exit status; an error: a signal). KLEE 3.1 is run
the same way with --klee BIN (its uclibc and POSIX runtime) for the side by
side.

Prints one JSON object per program (paths, tests, covered instructions and
lines, peak memory, unsupported sites, replays agreeing) and exits 0; 1 when
a program could not be fetched or built, or a replay disagreed.

usage: real_programs.py [--work DIR] [--time S] [--replays N] [--only NAME]
                        [--klee BIN] [--symx DIR]  (DIR: the build's frontends/llvm)
"""
import argparse
import glob
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def load_module(name, path):
    """The Python file at path as module name, without sys.path: a bench
    module and a test module may share a name (tests/llvm has directed.py
    too), and a name with a dash (tools/symx-stats.py) cannot be imported."""
    spec = importlib.util.spec_from_file_location(name, path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


env = load_module("symx_tests_env", os.path.join(ROOT, "tests", "llvm", "env.py"))  # read_paths, ERROR_SIGNALS

# How each program is fetched, built and run: its Debian source package;
# the product of its build (a program: PRODUCT and PRODUCT.bc); its
# arguments (the paper's Table 1; KLEE's "-sym-file N" is --sym-files 1 N,
# a file named A); optional: "patched" (unpack with dpkg-source -x: Debian's
# patches applied), "prepare" (commands before ./configure), "configure"
# (its arguments after CC=symx-cc), "make" (targets) and "needs" (LIBRARIES
# built first, beside it in the work directory).
PROGRAMS = {
    "bc": {"pkg": "bc", "product": "bc/bc", "args": ["--sym-stdin", "20"]},
    # gnulib's fpucw.h sets the x87 precision Linux's default already has,
    # with inline assembly at main's start that KLEE 3.1 ends every path at:
    # its generic branch instead, in both tools' bitcode
    "datamash": {"pkg": "datamash", "product": "datamash",
                 "prepare": [["sed", "-i", "s/^#if (defined __i386__ || defined __x86_64__) && "
                              "(defined __GNUC__ || defined __clang__)$/#if 0/", "lib/fpucw.h"],
                             ["grep", "-q", "^#if 0$", "lib/fpucw.h"]],
                 "args": ["--sym-arg", "3", "--sym-arg", "1", "--sym-arg", "4", "--sym-arg", "1",
                          "--sym-stdin", "20"]},
    "m4": {"pkg": "m4", "product": "src/m4",
           "args": ["-G", "-H37", "--sym-arg", "2", "--sym-arg", "5", "--sym-stdin", "20"]},
    # the orig tarball is a git snapshot without configure; Debian's patch
    # fixes its configure.ac (needs autoconf, automake, autopoint)
    "make": {"pkg": "make-dfsg", "product": "make", "patched": True,
             "prepare": [["autoreconf", "-fi"]],
             "configure": ["--without-guile", "--disable-nls", "ac_cv_lib_util_getloadavg=no"],
             "args": ["-n", "-f", "A", "--sym-arg", "2", "--sym-arg", "5", "--sym-files", "1", "20"]},
    # the shell, from shell.c and the amalgamation (made with tclsh); no
    # threads, extensions or line editing
    "sqlite3": {"pkg": "sqlite3", "product": "sqlite3", "make": ["sqlite3"],
                # no malloc_usable_size: KLEE 3.1 would call it natively on
                # its own heap's pointers (a crash in tcmalloc)
                "configure": ["ac_cv_func_malloc_usable_size=no",
                              "--disable-threadsafe", "--disable-load-extension",
                              "--disable-readline", "--disable-editline", "--disable-tcl",
                              "--disable-shared", "--disable-math"],
                "args": ["--sym-stdin", "20"]},
    # linked with libpcap.a of the sibling libpcap-* tree (its configure
    # looks there first)
    "tcpdump": {"pkg": "tcpdump", "product": "tcpdump", "needs": ["libpcap"],
                "configure": ["--without-crypto", "--without-smi", "--without-cap-ng"],
                "args": ["-r", "A", "-K", "-n", "--sym-files", "1", "100"]},
}

# Otter's own subjects (issue 17's directed benchmark): Coreutils 6.10
# programs whose bugs were its targets, here in Debian's 9.1; one tree,
# built whole (gnulib's generated headers are made only by `make all`);
# coreutils' configure refuses root unless FORCE_UNSAFE_CONFIGURE is set.
# No "args": bench/directed.py gives them.
COREUTILS = {p: {"pkg": "coreutils", "product": "src/" + p,
                 "configure": ["FORCE_UNSAFE_CONFIGURE=1", "--disable-nls", "--without-selinux",
                               "--disable-libcap", "--without-openssl"]}
             for p in ("paste", "seq", "ptx", "mkdir", "mkfifo", "mknod", "md5sum", "pr")}

# Libraries a program links statically (their objects carry their bitcode).
LIBRARIES = {
    # savefiles only (--with-pcap=null: no capture code); flex and bison
    "libpcap": {"pkg": "libpcap", "product": "libpcap.a", "make": ["libpcap.a"],
                "configure": ["--disable-shared", "--with-pcap=null", "--disable-usb",
                              "--disable-netmap", "--disable-bluetooth", "--disable-dbus",
                              "--disable-rdma", "--without-libnl"]},
}


def run(cmd, cwd, log, timeout=3600, extra_env=None):
    """cmd's exit status, its output appended to log; 127 when cmd cannot
    be run, 124 when it outlived timeout (said in log)."""
    e = dict(os.environ, **(extra_env or {}))
    with open(log, "a") as f:
        f.write("$ %s\n" % " ".join(cmd))
        f.flush()
        try:
            return subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT,
                                  timeout=timeout, env=e).returncode
        except subprocess.TimeoutExpired:
            f.write("%s: still running after %d s, stopped\n" % (cmd[0], timeout))
            return 124
        except OSError as err:
            f.write("cannot run %s: %s (bash scripts/install-deps real installs the tools "
                    "the builds need)\n" % (cmd[0], err.strerror or err))
            return 127


# The suite tried when the machine's own suites cannot give a package's
# files: the mirror no longer holds bookworm's datamash 1.7 (404 for its
# orig tarball) but holds trixie's 1.9.
NEXT_SUITE = "trixie"


def apt_next_suite(work, log):
    """apt-get options that read NEXT_SUITE's source lists, kept under work
    (the machine's apt configuration is left as it is), or None."""
    d = os.path.join(work, "apt-" + NEXT_SUITE)
    os.makedirs(os.path.join(d, "lists", "partial"), exist_ok=True)
    os.makedirs(os.path.join(d, "parts"), exist_ok=True)
    with open(os.path.join(d, "parts", NEXT_SUITE + ".sources"), "w") as f:
        f.write("Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\n"
                "Components: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n"
                % NEXT_SUITE)
    opts = ["-o", "Dir::Etc::SourceList=/nonexistent", "-o", "Dir::Etc::SourceParts=" + d + "/parts",
            "-o", "Dir::State::Lists=" + d + "/lists"]
    return opts if run(["apt-get"] + opts + ["update"], work, log) == 0 else None


def download(pkg, work, log, patched):
    """apt-get source's files of pkg in work, from the machine's suites or,
    when they know pkg but the mirror cannot give its files, from
    NEXT_SUITE's (said in log); False when neither has them. An
    unpatched build needs only the orig tarball, which apt has checked
    against the signed index when it keeps it."""
    def have():
        return glob.glob(os.path.join(work, pkg + ("_*.dsc" if patched else "_*.orig.tar.*")))
    if run(["apt-get", "source", "--download-only", pkg], work, log) == 0 and have():
        return True
    # a package this machine's suites do not know is not looked for elsewhere
    if subprocess.run(["apt-cache", "showsrc", pkg], capture_output=True).stdout.strip() == b"":
        return False
    with open(log, "a") as f:
        f.write("%s: not on the mirror for this machine's suites; trying %s's\n" % (pkg, NEXT_SUITE))
    opts = apt_next_suite(work, log)
    if opts is not None:
        run(["apt-get"] + opts + ["source", "--download-only", pkg], work, log)
    return bool(have())


def fetch(pkg, work, log, patched=False):
    """The unpacked source tree of pkg under work (fetched once)."""
    have = [d for d in glob.glob(os.path.join(work, pkg + "-*")) if os.path.isdir(d)]
    if have:
        return have[0]
    if not download(pkg, work, log, patched):
        return None
    if patched:
        dscs = sorted(glob.glob(os.path.join(work, pkg + "_*.dsc")))
        if not dscs or run(["dpkg-source", "-x", os.path.basename(dscs[-1])], work, log) != 0:
            return None
    else:
        tars = sorted(glob.glob(os.path.join(work, pkg + "_*.orig.tar.*")))
        if not tars or run(["tar", "xf", os.path.basename(tars[0])], work, log) != 0:
            return None
    have = [d for d in glob.glob(os.path.join(work, pkg + "-*")) if os.path.isdir(d)]
    return have[0] if have else None


def build(src, recipe, symx, log):
    """Its prepare commands, ./configure CC=symx-cc, make; the product's
    path (a program: with PRODUCT.bc beside it), or None."""
    out = os.path.join(src, recipe["product"])
    made = (lambda: os.path.exists(out) and (out.endswith(".a") or os.path.exists(out + ".bc")))
    if made():
        return out
    path = dict(PATH=symx + os.pathsep + os.environ["PATH"], SYMX_CC_LOG=log + ".symx-cc")
    for cmd in recipe.get("prepare", []):
        if run(cmd, src, log, extra_env=path) != 0:
            return None
    if run(["./configure", "CC=symx-cc"] + recipe.get("configure", []), src, log,
           extra_env=path) != 0:
        return None
    # MAKEINFO=true: the manuals need texinfo, the programs do not
    run(["make", "-j2", "MAKEINFO=true"] + recipe.get("make", []), src, log, extra_env=path)
    return out if made() else None


def prepare(name, work, symx, log):
    """(the built program, None) or (None, what failed): its libraries
    first, then the program, each fetched and built once under work."""
    recipe = PROGRAMS.get(name) or COREUTILS[name]
    for dep in recipe.get("needs", []) + [name]:
        r = LIBRARIES.get(dep) or recipe
        src = fetch(r["pkg"], work, log, r.get("patched", False))
        out = src and build(src, r, symx, log)
        if not out:
            return None, "could not %s %s (log: %s)" % ("build" if src else "fetch", r["pkg"], log)
    return out, None


def cpu_seconds(pid):
    """CPU time (user + system, all threads) of a live process, from /proc."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def explore(tool, bc, args, od, seconds, log, watch=None, cpu_limit=None):
    """One exploration; (exit status, wall seconds, its peak RSS in MiB,
    CPU seconds). watch(seconds so far), when given, is called about every
    5 s while it runs (side_by_side.py copies KLEE's run.istats so).
    cpu_limit: the process gets SIGINT once it has used that much CPU time
    (KLEE, whose --max-time is wall time, then halts and writes its files as
    at --max-time: it writes a test per live state, which takes a while),
    and SIGKILL if it has not ended after max(60 s, a fifth of the limit)
    more CPU time, or ten times that in wall time (its run.istats is then
    the last it wrote, every 5 s). The grace is CPU time too, so a busy
    machine does not cut a halting KLEE short."""
    cmd = tool(bc, od, seconds) + args
    t0 = time.monotonic()
    last_watch, stop_at, cpu = 0.0, None, 0.0
    grace = max(60, cpu_limit / 5) if cpu_limit else 0
    with open(log, "a") as f:
        f.write("$ %s\n" % " ".join(cmd))
        f.flush()
        p = subprocess.Popen(cmd, cwd=os.path.dirname(bc), stdout=f, stderr=subprocess.STDOUT)
        polling = watch or cpu_limit
        while True:
            _pid, status, usage = os.wait4(p.pid, os.WNOHANG if polling else 0)
            if _pid:
                break
            time.sleep(1 if cpu_limit else 5)
            now = time.monotonic() - t0
            if watch and now - last_watch >= 5:
                watch(now)
                last_watch = now
            if cpu_limit:
                cpu = cpu_seconds(p.pid) or cpu
                # os.kill, not Popen's: its poll() could reap the child
                # before the wait4 above sees it
                if stop_at is None and cpu >= cpu_limit:
                    os.kill(p.pid, signal.SIGINT)
                    stop_at = now + 10 * grace
                elif stop_at is not None and (cpu > cpu_limit + grace or now > stop_at):
                    os.kill(p.pid, signal.SIGKILL)
    p.returncode = os.waitstatus_to_exitcode(status)
    return (p.returncode, time.monotonic() - t0, usage.ru_maxrss / 1024.0,
            usage.ru_utime + usage.ru_stime)


def symx_cmd(symx, mode="pending", extra=(), clock="wall"):
    # a test per path as KLEE's default, each with its .json (pick_tests)
    return lambda bc, od, s: [os.path.join(symx, "symx-llvm"), "--quiet", "--no-progress",
                              "--libc", "full", "--mode", mode, "--max-time", "%ds" % s,
                              "--time-clock", clock,
                              "--write-tests=all", "--test-formats", "ktest,json",
                              "--output-dir", od] + list(extra) + [bc + ".bc"]


def klee_cmd(klee, extra=(), clock="wall"):
    """Wall clock: --max-time and KLEE's watchdog. CPU clock: explore's
    cpu_limit ends it, and no --max-time: KLEE's is wall time, which a busy
    (or paused) machine stretches without bound, and it would end the run
    short of its CPU time."""
    if clock == "cpu":
        return lambda bc, od, s: [klee, "--output-dir=" + od, "--libc=uclibc", "--posix-runtime"] \
            + list(extra) + [bc + ".bc"]
    return lambda bc, od, s: [klee, "--output-dir=" + od, "--libc=uclibc", "--posix-runtime",
                              "--max-time=%ds" % s, "--watchdog"] + list(extra) + [bc + ".bc"]


def pick_tests(od, paths, n):
    """Tests of paths that ended (exit or error; a path cut early by a limit
    has no outcome to compare, nor has an error a native run need not die
    of: a "model" error, a symbolic size the tool does not explore, as KLEE;
    an out-of-bounds access, which may read a neighbour's bytes natively):
    every error one, the others spread evenly, at most n of them unless the
    errors alone are more."""
    ended = []
    for t in sorted(glob.glob(os.path.join(od, "test*.json"))):
        r = paths.get(json.load(open(t))["path_id"])
        if r and (r["reason"] == "exit" or r["reason"] == "error" and r["error"] in env.ERROR_SIGNALS):
            ended.append((t, r["reason"]))
    errs = [t for t, why in ended if why == "error"]
    rest = [t for t, why in ended if why != "error"]
    k = max(0, n - len(errs))
    step = max(1, len(rest) // k) if k else len(rest) + 1
    return (errs + rest[::step])[:max(n, len(errs))]


def replay(symx, exe, od, paths, tests):
    """(agreeing, problems) of native replays of tests."""
    agree, problems = 0, []
    for tj in tests:
        t = json.load(open(tj))
        r, kt = paths[t["path_id"]], tj[:-5] + ".ktest"
        try:
            p = subprocess.run([os.path.join(symx, "..", "..", "tools", "symx-replay"), exe, kt],
                               capture_output=True, timeout=120)
        except subprocess.TimeoutExpired:
            problems.append("%s: native run did not end in 120 s" % os.path.basename(kt))
            continue
        if r["reason"] == "exit" and p.returncode == (r["exit"] & 0xff):
            agree += 1
        elif r["reason"] == "error" and p.returncode == 128 + env.ERROR_SIGNALS.get(r["error"], -1000):
            agree += 1
        else:
            problems.append("%s: symx-llvm %s %s, native status %d" %
                            (os.path.basename(kt), r["reason"], r.get("exit", r.get("error")),
                             p.returncode))
    return agree, problems


def unsupported(od):
    """Distinct messages of paths stopped by unsupported code."""
    out = set()
    for ln in open(os.path.join(od, "messages.txt"), errors="replace"):
        if ln.startswith("unsupported"):
            out.add(ln.strip()[:200])
    return sorted(out)


def one(name, a, log):
    args = PROGRAMS[name]["args"]
    res = {"program": name, "package": PROGRAMS[name]["pkg"], "args": args, "seconds": a.time}
    exe, err = prepare(name, a.work, a.symx, log)
    if not exe:
        res["error"] = err
        return res, False
    od = os.path.join(a.work, "out-%s" % name)
    subprocess.run(["rm", "-rf", od])
    rc, wall, peak, _cpu = explore(symx_cmd(a.symx), exe, args, od, a.time, log)
    st = json.load(open(os.path.join(od, "stats.json")))
    paths = env.read_paths(od)
    tests = pick_tests(od, paths, a.replays)
    agree, problems = replay(a.symx, exe, od, paths, tests)
    res.update({"exit": rc, "wall_s": round(wall, 1), "peak_rss_mib": round(peak, 1),
                "paths": st["paths"], "tests": st["tests"], "errors": st["errors"],
                "instructions": st["instructions"],
                "covered_instructions": st["covered_instructions"],
                "total_instructions": st["total_instructions"],
                "covered_lines": st["covered_lines"], "total_lines": st["total_lines"],
                "bytes_max": st["engine"]["bytes_max"], "unsupported": unsupported(od),
                "replayed": len(tests), "replay_agree": agree, "replay_problems": problems[:10]})
    if a.klee:
        kd = od + "-klee"
        subprocess.run(["rm", "-rf", kd])
        krc, kwall, _, _cpu = explore(klee_cmd(a.klee), exe, args, kd, a.time, log)
        info = open(os.path.join(kd, "info"), errors="replace").read() if os.path.exists(
            os.path.join(kd, "info")) else ""
        kstat = {k: int(v) for k, v in
                 __import__("re").findall(r"KLEE: done: (\w[\w ]*?) = (\d+)", info)}
        res["klee"] = {"exit": krc, "wall_s": round(kwall, 1), "done": kstat,
                       "tests": len(glob.glob(os.path.join(kd, "*.ktest")))}
    # rc 1 (errors found) and 3 (--max-time ended it) are runs that ran
    ok = rc in (0, 1, 3) and not problems and not res["unsupported"] and len(tests) >= min(a.replays, st["tests"])
    return res, ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default=os.path.join(ROOT, ".deps", "real"))
    ap.add_argument("--time", type=int, default=600)
    ap.add_argument("--replays", type=int, default=100)
    ap.add_argument("--only", action="append")
    ap.add_argument("--klee")
    ap.add_argument("--symx", default=os.path.join(ROOT, "build", "frontends", "llvm"))
    a = ap.parse_args()
    a.symx = os.path.abspath(a.symx)
    os.makedirs(a.work, exist_ok=True)
    all_ok = True
    for name in a.only or sorted(PROGRAMS):
        if name not in PROGRAMS:
            sys.exit("real_programs.py: no program %s (%s)" % (name, ", ".join(sorted(PROGRAMS))))
        res, ok = one(name, a, os.path.join(a.work, name + ".log"))
        all_ok &= ok
        print(json.dumps(res), flush=True)
    sys.exit(0 if all_ok else 1)


if __name__ == "__main__":
    main()
