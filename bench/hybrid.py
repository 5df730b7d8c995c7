#!/usr/bin/python3
"""hybrid.py — hybrid fuzzing measured (issue 20): AFL++ with symx-llvm as a
peer against AFL++ alone, the same wall time on the same two cores.

For each target: the AFL++ binary (afl-clang-fast) and the symx bitcode
(clang-14 -emit-llvm; symx-cc's PROG.bc for a real program) from the same
source. Per repetition two runs, one after the other:
  afl       afl-fuzz -M main and afl-fuzz -S sec (both cores);
  afl+symx  afl-fuzz -M main and symx-llvm --afl-sync (--afl-target-bin the
            same AFL++ binary, so it writes back only inputs with new edges);
            with --peer share, symx-llvm shares its core with afl-fuzz -S sec
            (--afl-share: the fuzzer runs while the queues grow, symx takes
            turns when they stop, as Driller schedules).
Both from the same seed, for --time seconds (afl-fuzz -V; symx-llvm
--max-time). AFL++ runs as it does by default: no cmplog (-c), no
dictionary, no laf-intel; AFL_SKIP_CPUFREQ, AFL_NO_AFFINITY and AFL_NO_UI
as root in a container.

Measured after each run, on the union of the instances' queues (symx's
included: what the campaign has): edges (distinct, by afl-showmap on the
AFL++ binary) over time, from each entry's mtime; crashes: files in any
crashes/ on which the native binary dies by a signal; unique crashes:
distinct edge sets among those; the time to the first. One JSON object per
run (its series sampled every --time/60 s), then one per target: median
edges at the end for each mode, their ratio, reps with a crash, median
time to the first crash. --plot FILE.png|svg draws median edges over time
for both modes, a panel per target (gnuplot).

Targets: the synthetic programs of bench/hybrid/ (a 4-byte magic value,
multi-byte comparisons, a checksum over a header, a file format whose
signature guards its record parser; input on stdin), and with
--real DIR the real ones, all reading stdin: bc and m4, which
bench/real_programs.py built there (their orig tarballs unpacked again
here and built with afl-clang-fast), and pngcheck (a PNG's magic number and
chunk CRCs), fetched here with zlib by `apt-get source` and built with
symx-cc and afl-clang-fast (never committed). A target that cannot be
fetched or built is said and left out; the others go on. --only names
targets (pngcheck needs no --real).

usage: hybrid.py [--symx BUILD/frontends/llvm/symx-llvm] [--time S] [--reps N]
                 [--only NAME,...] [--real DIR] [--work DIR] [--plot FILE] [--peer share]
       hybrid.py --replot OUT.jsonl... [--plot FILE]   (the table and plot again)
"""
import argparse
import glob
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def packet(payload):
    """checksum.c's valid packet around payload."""
    h = len(payload)
    for b in payload:
        h = (((h << 5) | (h >> 27)) + b) & 0xffffffff
    return b"CK\x01" + bytes([len(payload)]) + h.to_bytes(4, "little") + payload


# name: (source in bench/hybrid, --sym-stdin size, the seed AFL starts from)
SYNTHETIC = {
    "magic4": ("magic4.c", 32, b"AAAAaaaaaaaaaaaa"),
    "multicmp": ("multicmp.c", 32, b"A" * 24),
    "checksum": ("checksum.c", 48, packet(b"p\x02p\x03+e")),
    "magicfmt": ("magicfmt.c", 64, b"AAAA\x01H\x03abc"),
}
def tiny_png():
    """A valid 1x1 grayscale PNG (67 bytes): signature, IHDR, IDAT, IEND,
    each chunk with its CRC."""
    def chunk(kind, data):
        crc = zlib.crc32(kind + data) & 0xffffffff
        return len(data).to_bytes(4, "big") + kind + data + crc.to_bytes(4, "big")
    ihdr = (1).to_bytes(4, "big") * 2 + bytes([8, 0, 0, 0, 0])
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0\0"))
            + chunk(b"IEND", b""))


# real programs, all reading stdin: name: (the bitcode under --real DIR
# (bench/real_programs.py's build) or None (fetched and built here from
# Debian source packages), --sym-stdin size, the seed AFL starts from).
# bc: the pending paper's seed set 1.
REAL = {
    "bc": ("bc-*/bc/bc.bc", 20, b"435 / 4 + 6 - 3421\n"),
    "m4": ("m4-*/src/m4.bc", 32, b"define(`sq', `eval($1*$1)')dnl\nsq(7)\n"),
    "pngcheck": (None, 100, tiny_png()),
}
# pngcheck and the library it needs, as their Debian sources build them
# (zlib: ./configure --static; pngcheck: its Makefile.unx)
# (package, product, commands)
PNGCHECK = [("zlib", "libz.a", [["./configure", "--static"], ["make", "-j2", "libz.a"]]),
            ("pngcheck", "pngcheck", [["make", "-f", "Makefile.unx", "pngcheck"]])]


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def afl_env():
    e = {k: v for k, v in os.environ.items() if not k.endswith("SAN_OPTIONS")}
    e.update(AFL_NO_UI="1", AFL_SKIP_CPUFREQ="1", AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES="1",
             AFL_NO_AFFINITY="1", AFL_SYNC_TIME="1")
    return e


def build_synthetic(name, work):
    src, size, seed = SYNTHETIC[name]
    path = os.path.join(HERE, "hybrid", src)
    binary, bc = os.path.join(work, name + "_afl"), os.path.join(work, name + ".bc")
    subprocess.run(["afl-clang-fast", "-O1", path, "-o", binary], check=True, env=afl_env(),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(["clang-14", "-emit-llvm", "-c", "-g", "-O0", "-Xclang", "-disable-O0-optnone",
                    path, "-o", bc], check=True)
    return {"name": name, "bin": binary, "bc": bc, "opts": [], "args": ["--sym-stdin", str(size)],
            "seed": seed}


def real_target(name, bc, binary):
    return {"name": name, "bin": binary, "bc": bc, "opts": ["--libc", "full"],
            "args": ["--sym-stdin", str(REAL[name][1])], "seed": REAL[name][2]}


def build_real(name, real, work):
    """A program of real_programs.py's work directory: its bitcode there;
    the AFL++ build from its Debian orig tarball beside it, unpacked and
    built in work (never that tree itself). None when something is
    missing or fails (said)."""
    pattern = REAL[name][0]
    found = sorted(glob.glob(os.path.join(real, pattern)))
    if not found:
        log("hybrid.py: %s: no %s under %s (bench/real_programs.py --work DIR)" % (name, pattern, real))
        return None
    bc = os.path.realpath(found[0])
    top = os.path.realpath(glob.glob(os.path.join(real, pattern.split("/")[0]))[0])
    tars = sorted(glob.glob(os.path.join(os.path.dirname(top), name + "_*.orig.tar.*")))
    if not tars:
        log("hybrid.py: %s: no %s_*.orig.tar.* beside %s" % (name, name, top))
        return None
    binary = os.path.join(work, os.path.basename(top), os.path.relpath(bc, top))[:-3]
    if not os.path.exists(binary):
        with open(os.path.join(work, name + "-afl-build.log"), "w") as logf:
            subprocess.run(["tar", "xf", tars[0]], cwd=work, check=True)
            src = os.path.join(work, os.path.basename(top))
            for cmd in (["./configure", "CC=afl-clang-fast"], ["make", "-j2", "MAKEINFO=true"]):
                subprocess.run(cmd, cwd=src, stdout=logf, stderr=subprocess.STDOUT, env=afl_env())
    if not os.path.exists(binary):
        log("hybrid.py: %s: the AFL++ build failed (%s/%s-afl-build.log)" % (name, work, name))
        return None
    return real_target(name, bc, binary)


def unpacked(pkg, where, logf):
    """pkg's source tree under where: `apt-get source` (once, into
    where/..), its orig tarball unpacked."""
    have = [d for d in glob.glob(os.path.join(where, pkg + "-*")) if os.path.isdir(d)]
    if have:
        return have[0]
    dl = os.path.dirname(where)
    if not glob.glob(os.path.join(dl, pkg + "_*.orig.tar.*")):
        subprocess.run(["apt-get", "source", "--download-only", pkg], cwd=dl, stdout=logf,
                       stderr=subprocess.STDOUT)
    tars = sorted(glob.glob(os.path.join(dl, pkg + "_*.orig.tar.*")))
    if not tars or subprocess.run(["tar", "xf", tars[0], "-C", where], stdout=logf,
                                  stderr=subprocess.STDOUT).returncode:
        return None
    have = [d for d in glob.glob(os.path.join(where, pkg + "-*")) if os.path.isdir(d)]
    return have[0] if have else None


def build_pngcheck(a, work):
    """pngcheck with zlib from their Debian source packages, twice under
    work/pngcheck: with symx-cc (pngcheck.bc) and afl-clang-fast. None when
    a package cannot be fetched or a build fails (said)."""
    base = os.path.join(work, "pngcheck")
    out = {}
    logp = os.path.join(base, "build.log")
    for flavour, cc in (("symx", os.path.join(os.path.dirname(a.symx), "symx-cc")),
                        ("afl", "afl-clang-fast")):
        d = os.path.join(base, flavour)
        os.makedirs(d, exist_ok=True)
        env = dict(afl_env(), CC=cc, SYMX_CC_LOG=logp + ".symx-cc")
        with open(logp, "a") as logf:
            trees = {}
            for pkg, product, cmds in PNGCHECK:
                trees[pkg] = unpacked(pkg, d, logf)
                if not trees[pkg]:
                    log("hybrid.py: pngcheck: could not fetch %s (apt-get source; log %s)" % (pkg, logp))
                    return None
                extra = ["CC=" + cc, "LD=" + cc, "ZPATH=" + trees.get("zlib", "")] \
                    if pkg == "pngcheck" else []
                for cmd in cmds if not os.path.exists(os.path.join(trees[pkg], product)) else []:
                    subprocess.run(cmd + extra, cwd=trees[pkg], stdout=logf,
                                   stderr=subprocess.STDOUT, env=env)
        out[flavour] = os.path.join(trees["pngcheck"], "pngcheck")
    if not os.path.exists(out["symx"] + ".bc") or not os.path.exists(out["afl"]):
        log("hybrid.py: pngcheck: the build failed (log %s)" % logp)
        return None
    return real_target("pngcheck", out["symx"] + ".bc", out["afl"])


def build(a, name, work):
    if name in SYNTHETIC:
        return build_synthetic(name, work)
    if REAL[name][0] is None:
        return build_pngcheck(a, work)
    if not a.real:
        log("hybrid.py: %s needs --real DIR (bench/real_programs.py's work directory)" % name)
        return None
    return build_real(name, a.real, work)


def stop(p, sig=signal.SIGINT, wait=20):
    if p is None or p.poll() is not None:
        return
    p.send_signal(sig)
    try:
        p.wait(timeout=wait)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()


def afl(t, sync, role, name, seeds, seconds, logf):
    return subprocess.Popen(["afl-fuzz", "-i", seeds, "-o", sync, role, name, "-V", str(seconds),
                             "-m", "none", "--", t["bin"]], stdout=logf, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, env=afl_env())


def symx(a, t, sync, seeds, seconds, logf):
    share = []
    if a.peer == "share":  # afl() below as one command line (paths without blanks)
        share = ["--afl-share", "afl-fuzz -i %s -o %s -S sec -V %d -m none -- %s"
                 % (seeds, sync, seconds, t["bin"])]
    return subprocess.Popen([a.symx, "--afl-sync", sync, "--afl-name", "symx", "--afl-target-bin",
                             t["bin"], "--max-time", "%ds" % seconds, "--no-progress"] + share
                            + t["opts"] + [t["bc"]] + t["args"], stdout=logf,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            cwd=os.path.dirname(sync), env=afl_env())


def campaign(a, t, mode, rep, work):
    """One run; the sync directory and its start time."""
    tag = "-share" if mode != "afl" and a.peer == "share" else ""
    run = os.path.join(work, "%s-%s%s-%d" % (t["name"], mode.replace("+", "-"), tag, rep))
    shutil.rmtree(run, ignore_errors=True)
    seeds, sync = os.path.join(run, "seeds"), os.path.join(run, "sync")
    os.makedirs(seeds)
    with open(os.path.join(seeds, "seed"), "wb") as f:
        f.write(t["seed"])
    logf = open(os.path.join(run, "log.txt"), "w")
    t0 = time.time()
    procs = [afl(t, sync, "-M", "main", seeds, a.time, logf)]
    procs.append(afl(t, sync, "-S", "sec", seeds, a.time, logf) if mode == "afl"
                 else symx(a, t, sync, seeds, a.time, logf))
    while time.time() - t0 < a.time + 5 and any(p.poll() is None for p in procs):
        time.sleep(1)
    for p in procs:
        stop(p)
    logf.close()
    return sync, t0


def showmap_dir(binary, d, out):
    """{file: set of edges} for the files of d (afl-showmap's batch mode)."""
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run(["afl-showmap", "-q", "-e", "-i", d, "-o", out, "-t", "1000", "-m", "none", "--",
                    binary], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=afl_env())
    maps = {}
    for n in os.listdir(out) if os.path.isdir(out) else []:
        with open(os.path.join(out, n)) as f:
            maps[n] = {int(line.split(":")[0]) for line in f if ":" in line}
    return maps


def files_of(d):
    return sorted(n for n in os.listdir(d) if not n.startswith(".") and n != "README.txt"
                  and os.path.isfile(os.path.join(d, n))) if os.path.isdir(d) else []


def native_crash(binary, path):
    with open(path, "rb") as f:
        try:
            r = subprocess.run([binary], stdin=f, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=2)
        except subprocess.TimeoutExpired:
            return False
    return r.returncode < 0


def share_of(logpath):
    """With --peer share: the seconds symx had the core and its turns, as
    symx-llvm's last line says (empty otherwise)."""
    try:
        with open(logpath, errors="replace") as f:
            lines = [l for l in f if "symx had the core" in l]
    except OSError:
        return {}
    if not lines:
        return {}
    w = lines[-1].split()
    return {"symx_core_s": float(w[w.index("core") + 1].rstrip("s")),
            "symx_turns": int(w[w.index("turns") - 1])}


def measure(t, sync, t0, seconds, work):
    """Edges over time on the union of queues; native crashes."""
    events, crashes = [], []
    for inst in sorted(os.listdir(sync)):
        q, c = os.path.join(sync, inst, "queue"), os.path.join(sync, inst, "crashes")
        maps = showmap_dir(t["bin"], q, os.path.join(work, ".maps"))
        for n in files_of(q):
            events.append((os.path.getmtime(os.path.join(q, n)) - t0, maps.get(n, set())))
        cmaps = showmap_dir(t["bin"], c, os.path.join(work, ".maps"))
        for n in files_of(c):
            p = os.path.join(c, n)
            if native_crash(t["bin"], p):
                crashes.append((os.path.getmtime(p) - t0, frozenset(cmaps.get(n, set()))))
    events.sort(key=lambda e: e[0])
    seen, series = set(), []
    for when, edges in events:
        if when > seconds + 5:
            continue
        seen |= edges
        series.append((max(0.0, when), len(seen)))
    crashes.sort(key=lambda c: c[0])
    return {"edges": len(seen), "series": series, "crashes": len(crashes),
            "unique_crashes": len({c[1] for c in crashes}),
            "first_crash_s": round(crashes[0][0], 1) if crashes else None}


def at(series, when):
    """Edges reached by time when (a step function)."""
    v = 0
    for t, e in series:
        if t > when:
            break
        v = e
    return v


def sampled(series, seconds, n=60):
    return [[round(seconds * k / n, 1), at(series, seconds * k / n)] for k in range(n + 1)]


def median_or_none(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def summary(name, runs, seconds, peer):
    out = {"target": name, "seconds": seconds, "reps": len(runs) // 2, "peer": peer}
    for mode in ("afl", "afl+symx"):
        rs = [r for r in runs if r["mode"] == mode]
        out[mode] = {"edges_median": median_or_none([r["edges"] for r in rs]),
                     "reps_with_crash": "%d/%d" % (sum(1 for r in rs if r["crashes"]), len(rs)),
                     "unique_crashes_median": median_or_none([r["unique_crashes"] for r in rs]),
                     "first_crash_s_median": median_or_none([r["first_crash_s"] for r in rs]),
                     "symx_core_s_median": median_or_none([r["symx_core_s"] for r in rs
                                                           if "symx_core_s" in r]),
                     "series_median": [[s[0], statistics.median(r["series"][k][1] for r in rs)]
                                       for k, s in enumerate(rs[0]["series"])] if rs else []}
    a_, h = out["afl"]["edges_median"], out["afl+symx"]["edges_median"]
    out["ratio"] = round(h / a_, 2) if a_ else None
    return out


def plot(path, sums, seconds):
    gp = shutil.which("gnuplot")
    if not gp:
        log("hybrid.py: --plot: gnuplot not found (Debian: apt-get install gnuplot-nox)")
        return
    svg = path.lower().endswith(".svg")
    tmp = tempfile.mkdtemp(prefix="hybrid-plot-")
    lines = ["set terminal %s size %d,400" % ("svg" if svg else "pngcairo", 380 * len(sums)),
             "set output '%s'" % path.replace("'", "''"),
             "set multiplot layout 1,%d" % len(sums), "set key right bottom", "set grid",
             "set yrange [0:*]",
             "set xlabel 'time (s)'", "set ylabel 'edges (union of queues, median)'"]
    for k, s in enumerate(sums):
        files = []
        for mode in ("afl", "afl+symx"):
            f = os.path.join(tmp, "%d-%s.dat" % (k, mode.replace("+", "-")))
            with open(f, "w") as out:
                for x, y in s[mode]["series_median"]:
                    out.write("%s %s\n" % (x, y))
            files.append("'%s' using 1:2 with steps lw 2 title '%s'" % (f, mode))
        lines += ["set title '%s'" % s["target"], "plot " + ", ".join(files)]
    lines.append("unset multiplot")
    script = "\n".join(lines) + "\n"
    r = subprocess.run([gp], input=script, capture_output=True, text=True)
    if r.returncode and not svg:  # no cairo: libgd's png
        r = subprocess.run([gp], input=script.replace("pngcairo", "png", 1), capture_output=True,
                           text=True)
    if r.returncode:
        log("hybrid.py: gnuplot: " + r.stderr.strip())
    shutil.rmtree(tmp, ignore_errors=True)


def table(sums, seconds):
    peer = " (%s)" % sums[0].get("peer", "pure") if sums else ""
    log("\n| target | edges AFL++ | edges AFL++ + symx%s | ratio | crash reps AFL++ | crash reps "
        "+ symx | first crash AFL++ | first crash + symx | symx's core (share) |" % peer)
    log("|---|---|---|---|---|---|---|---|---|")
    for s in sums:
        a_, h = s["afl"], s["afl+symx"]
        fc = (lambda v: "-" if v is None else "%.0f s" % v)
        log("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            s["target"], a_["edges_median"], h["edges_median"], s["ratio"], a_["reps_with_crash"],
            h["reps_with_crash"], fc(a_["first_crash_s_median"]), fc(h["first_crash_s_median"]),
            fc(h.get("symx_core_s_median"))))
    log("(%d s per run)" % seconds)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--symx", default=os.path.join(ROOT, "build", "frontends", "llvm", "symx-llvm"))
    ap.add_argument("--time", type=int, default=600, help="seconds per run (default 600)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--only", help="targets, comma-separated (default: the synthetic ones, and "
                    "with --real the real ones too)")
    ap.add_argument("--real", help="bench/real_programs.py's work directory")
    ap.add_argument("--work", help="keep the runs here (default: a temporary directory)")
    ap.add_argument("--plot", help="FILE.png or FILE.svg: edges over time, a panel per target")
    ap.add_argument("--peer", choices=("pure", "share"), default="pure",
                    help="share: symx-llvm --afl-share runs the secondary afl-fuzz on its core "
                    "and takes turns when the queues stop growing (default pure: symx alone)")
    ap.add_argument("--replot", nargs="+", metavar="JSONL",
                    help="no runs: the table and --plot from earlier runs' output")
    a = ap.parse_args()
    if a.replot:
        sums = []
        for path in a.replot:
            with open(path) as f:
                sums += [o for o in map(json.loads, f) if "ratio" in o]
        table(sums, sums[0].get("seconds", 0) if sums else 0)
        if a.plot and sums:
            plot(a.plot, sums, 0)
        return
    a.symx = os.path.abspath(a.symx)
    for tool in ("afl-fuzz", "afl-clang-fast", "afl-showmap", "clang-14"):
        if not shutil.which(tool):
            raise SystemExit("hybrid.py: %s not found (Debian packages afl++, clang-14)" % tool)
    names = list(SYNTHETIC) + (list(REAL) if a.real else [])
    if a.only:
        names = [n for n in a.only.split(",") if n in SYNTHETIC or n in REAL]
    work = a.work or tempfile.mkdtemp(prefix="symx-hybrid-")
    os.makedirs(work, exist_ok=True)
    sums = []
    for name in names:
        t = build(a, name, work)
        if not t:
            continue  # said; the other targets go on
        runs = []
        for rep in range(1, a.reps + 1):
            for mode in ("afl", "afl+symx"):
                log("hybrid.py: %s, %s, rep %d (%d s)" % (name, mode, rep, a.time))
                sync, t0 = campaign(a, t, mode, rep, work)
                r = measure(t, sync, t0, a.time, work)
                r.update(share_of(os.path.join(os.path.dirname(sync), "log.txt")))
                r["series"] = sampled(r["series"], a.time)
                r.update(target=name, mode=mode, rep=rep, seconds=a.time,
                         peer=a.peer if mode != "afl" else None)
                print(json.dumps(r), flush=True)
                runs.append(r)
        s = summary(name, runs, a.time, a.peer)
        print(json.dumps({k: v for k, v in s.items()}), flush=True)
        sums.append(s)
    table(sums, a.time)
    if a.plot and sums:
        plot(a.plot, sums, a.time)
    if not a.work:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
