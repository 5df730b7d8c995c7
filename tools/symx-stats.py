#!/usr/bin/python3
"""symx-stats — the statistics of symx-llvm and KLEE output directories as one
table (KLEE's klee-stats), and their coverage over time as one chart:

  symx-stats [--json] [--bitcode PROG.bc] [--plot OUT.png|OUT.svg]
             [--label NAME]... [--x time|cpu|instructions] DIR [DIR...]
  symx-stats --version | --help

A symx-llvm directory: stats.json (written at the end of a run) and
run.stats.jsonl (a record every few seconds while it runs; the last one
stands in for stats.json while the run goes on). A KLEE directory: run.stats
(KLEE 3.1's SQLite database) and run.istats.

Columns: Path, Tool, Instrs, Time(s), ICov(%) and LCov(%) (instructions and
source lines covered of those in the program's own functions), CovInstrs and
CovLines (how many), Paths, Tests, Errors, Queries (to the solver chain),
TSolver(%) (share of the run in the solver).

Coverage is one definition for both tools: LLVM instructions of the
functions the program's bitcode defines (not libc, not the environment
runtime, not klee's or symx's), unconditional branches, debug calls, the
intrinsics KLEE erases and KLEE's own checks left out, and the source lines
(file, line) of those instructions. symx-llvm counts so itself; for KLEE,
run.istats is restricted to the functions PROG.bc defines (--bitcode, else
the .bc on KLEE's command line in DIR/info, listed with llvm-dis-14) and its
assembly.ll tells the instructions to leave out.

--plot draws covered instructions over time (--x cpu: over the process's
CPU time, symx-llvm's "cpu" and KLEE's UserTime, the axis of runs limited
by CPU time beside other work; --x instructions: over instructions run) of
every directory on one chart, PNG or SVG by the name's
ending, with gnuplot; the legend is each directory's name or its --label
(in order). A KLEE curve is its program's functions' coverage where DIR has
run.istats snapshots (istats/SECONDS.istats, written by whoever watches the
run), else KLEE's own run.stats figure (all code it ran: libc and runtime
too), which the legend then says.
--json prints each directory's figures as one JSON line instead.
Exit status 1 when a directory cannot be read (the others are printed).
"""
import glob
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile

VERSION = "@VERSION@"  # meson's configure_file (tools/meson.build)
COLUMNS = ["Path", "Tool", "Instrs", "Time(s)", "ICov(%)", "LCov(%)", "CovInstrs", "CovLines",
           "Paths", "Tests", "Errors", "Queries", "TSolver(%)"]
USAGE = ("usage: symx-stats [--json] [--bitcode PROG.bc] [--plot OUT.png|OUT.svg] "
         "[--label NAME]... [--x time|cpu|instructions] DIR [DIR...]\n")


class BadRun(Exception):
    """A directory that cannot be read as a run; the message says why."""


def warn(msg):
    sys.stderr.write("symx-stats: %s\n" % msg)


def pct(part, whole):
    return "%.2f" % (100.0 * part / whole) if whole else "-"


# ---- symx-llvm directories -------------------------------------------------

def read_records(path):
    """run.stats.jsonl's records; a damaged line is said and left out (the
    last one is being written while a run goes on)."""
    with open(path) as f:
        text = f.read()
    lines = text.split("\n")
    records = []
    for k, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except ValueError:
            last = k == len(lines) - 1
            warn("%s: line %d %s: left out" % (path, k + 1,
                 "is cut short (the run may still be writing it)" if last else "is not JSON"))
    if not records:
        warn("%s: no records" % path)
    return records


def load_symx(d):
    final, records = None, []
    stats, log = os.path.join(d, "stats.json"), os.path.join(d, "run.stats.jsonl")
    if os.path.exists(log):
        records = read_records(log)
    if os.path.exists(stats):
        try:
            with open(stats) as f:
                final = json.load(f)
        except ValueError as e:
            msg = "%s: not JSON (%s)" % (stats, e)
            if not records:
                raise BadRun(msg)
            warn(msg + "; its last record stands in")
    if final is None:
        if not records:
            raise BadRun("%s: no statistics (an empty run.stats.jsonl)" % d)
        last = records[-1]
        final = dict(last, wall_s=last.get("t", 0.0),
                     engine={"solver_time_ns": last.get("solver_time_ns", 0)})
    eng = final.get("engine", {})
    fig = {"tool": "symx", "instructions": final.get("instructions", 0),
           "wall_s": final.get("wall_s", 0.0), "paths": final.get("paths", 0),
           "tests": final.get("tests", 0), "errors": final.get("errors", 0),
           "queries": final.get("solver_queries", 0),
           "solver_s": eng.get("solver_time_ns", 0) / 1e9}
    for k in ("covered_instructions", "total_instructions", "covered_lines", "total_lines"):
        fig[k] = final.get(k, 0)
    series = [(r.get("t", 0.0), r.get("instructions", 0), r.get("covered_instructions", 0),
               r.get("cpu")) for r in records]
    if not series:
        series = [(fig["wall_s"], fig["instructions"], fig["covered_instructions"],
                   final.get("cpu_s"))]
    return fig, series, None, final


# ---- KLEE directories -------------------------------------------------------

def klee_rows(path):
    """KLEE 3.1's run.stats: its rows as dicts, oldest first."""
    try:
        db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
        try:
            cur = db.execute("SELECT * FROM stats ORDER BY rowid")
            names = [c[0] for c in cur.description]
            rows = [dict(zip(names, r)) for r in cur.fetchall()]
        finally:
            db.close()
    except sqlite3.Error as e:
        raise BadRun("%s: not KLEE 3.1's SQLite statistics (%s)" % (path, e))
    if not rows:
        raise BadRun("%s: no rows (KLEE writes the first one when it starts)" % path)
    return rows


def read_istats(path, asm):
    """run.istats: for each function, its instructions as (file, line,
    covered); llvm.dbg.* calls left out, and the line of an instruction
    without a debug location (KLEE gives it its function's) 0, as symx-llvm
    counts no line for it (asm: asm_lines). The line after calls= is the
    call's cost, not an instruction."""
    dbg, noloc = asm
    fns, fn, fl, after_call = {}, None, "", False
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("fl="):
                fl = line[3:].strip()
            elif line.startswith("fn="):
                fn = fns.setdefault(line[3:].strip(), [])
            elif line.startswith("calls="):
                after_call = True
            elif line[:1].isdigit() and fn is not None:
                if after_call:
                    after_call = False
                    continue
                p = line.split()
                if len(p) < 3 or int(p[0]) in dbg:
                    continue
                fn.append((fl, 0 if int(p[0]) in noloc else int(p[1]), int(p[2]) != 0))
    return fns


def klee_added(line):
    """An instruction of assembly.ll that symx-stats leaves out: a debug
    call, an unconditional branch (see frontends/llvm/translate.c's
    uncounted), or KLEE's instrumentation of the program (its division and
    shift checks and their argument's cast)."""
    return ("call void @llvm.dbg." in line or line.startswith("  br label %") or
            line.startswith("  %int_cast_to_i64") or "@klee_div_zero_check(" in line or
            "@klee_overshift_check(" in line)


def asm_lines(d):
    """Of DIR/assembly.ll's lines (istats' first column): the llvm.dbg.*
    calls, and the instructions without a debug location."""
    dbg, noloc = set(), set()
    try:
        with open(os.path.join(d, "assembly.ll"), errors="replace") as f:
            in_fn = False
            for k, line in enumerate(f, 1):
                if line.startswith("define "):
                    in_fn = True
                elif line.startswith("}"):
                    in_fn = False
                elif klee_added(line):
                    dbg.add(k)
                elif in_fn and line.startswith("  ") and "!dbg !" not in line:
                    noloc.add(k)
    except OSError:
        warn("%s: no assembly.ll: debug calls counted as KLEE counts them" % d)
    return dbg, noloc


def klee_bitcode(d):
    """The program KLEE ran: the first argument after its options on the
    command line DIR/info records, found as given or beside DIR."""
    try:
        with open(os.path.join(d, "info")) as f:
            words = f.readline().split()
    except OSError:
        return None
    for w in words[1:]:
        if not w.startswith("-") and (w.endswith(".bc") or w.endswith(".ll")):
            for cand in (w, os.path.join(os.path.dirname(os.path.abspath(d)), w)):
                if os.path.isfile(cand):
                    return cand
            return None
    return None


def defined_functions(bc):
    """The names of the functions bc defines (llvm-dis-14); None when it
    cannot tell (said)."""
    dis = shutil.which("llvm-dis-14") or shutil.which("llvm-dis")
    if not dis:
        warn("llvm-dis-14 not found: KLEE's coverage counts all code")
        return None
    r = subprocess.run([dis, bc, "-o", "-"], capture_output=True, text=True, errors="replace")
    if r.returncode:
        warn("%s: llvm-dis: %s" % (bc, r.stderr.strip()))
        return None
    return set(m.group(1).strip('"') for m in
               re.finditer(r'^define [^@]*@("[^"]+"|[\w.$]+)\(', r.stdout, re.M))


def program_cover(fns, program):
    """Covered / total instructions and lines of the program's functions
    (all of fns when program is None). KLEE renames the program's main:
    __klee_posix_wrapped_main with its POSIX runtime, else __user_main with
    uclibc (the main and __user_main then in fns are KLEE's own)."""
    for kmain in ("__klee_posix_wrapped_main", "__user_main"):
        if program is not None and kmain in fns and "main" in program:
            program = (program - {"main"}) | {kmain}
            break
    ins = cov = 0
    lines = {}
    for name, insts in fns.items():
        if program is not None and name not in program:
            continue
        for fl, line, c in insts:
            ins += 1
            cov += c
            if line:
                lines[(fl, line)] = lines.get((fl, line), False) or c
    return cov, ins, sum(lines.values()), len(lines)


def klee_snapshots(d, program, dbg, complete):
    """(seconds, covered instructions of the program) of DIR/istats/*.istats
    (copies of run.istats taken while KLEE ran). KLEE rewrites run.istats in
    place: a copy taken meanwhile lists fewer instructions than the final
    one (complete) and is left out, said."""
    points = []
    for p in glob.glob(os.path.join(d, "istats", "*.istats")):
        try:
            t = float(os.path.basename(p)[:-len(".istats")])
        except ValueError:
            continue
        fns = read_istats(p, dbg)
        if sum(len(v) for v in fns.values()) != complete:
            warn("%s: incomplete (copied while KLEE wrote it): left out" % p)
            continue
        points.append((t, program_cover(fns, program)[0]))
    return sorted(points)


def klee_at(rows, t):
    """KLEE's instructions and user CPU seconds at t seconds of wall time:
    its last run.stats row by then."""
    done = [r for r in rows if r.get("WallTime", 0) / 1e6 <= t]
    if not done:
        return 0, None
    return done[-1].get("Instructions", 0), done[-1].get("UserTime", 0) / 1e6


def load_klee(d, bitcode):
    rows = klee_rows(os.path.join(d, "run.stats"))
    last = rows[-1]
    bc = bitcode or klee_bitcode(d)
    program = defined_functions(bc) if bc else None
    if bc is None:
        warn("%s: KLEE's program not found (give --bitcode PROG.bc): its coverage counts all code" % d)
    dbg = asm_lines(d)
    istats = os.path.join(d, "run.istats")
    fns = read_istats(istats, dbg) if os.path.exists(istats) else {}
    if fns:
        ci, ti, cl, tl = program_cover(fns, program)
    else:
        warn("%s: missing or empty: coverage from run.stats (all code), no lines" % istats)
        ci, ti, cl, tl = last.get("CoveredInstructions", 0), (last.get("CoveredInstructions", 0) +
                                                           last.get("UncoveredInstructions", 0)), 0, 0
    fig = {"tool": "klee", "instructions": last.get("Instructions", 0),
           "wall_s": last.get("WallTime", 0) / 1e6,
           "paths": sum(v or 0 for k, v in last.items() if k.startswith("Termination")),
           "tests": len(glob.glob(os.path.join(d, "test*.ktest"))),
           "errors": len(glob.glob(os.path.join(d, "test*.err"))),
           "queries": last.get("Queries", 0), "solver_s": last.get("SolverTime", 0) / 1e6,
           "covered_instructions": ci, "total_instructions": ti,
           "covered_lines": cl, "total_lines": tl}
    snaps = klee_snapshots(d, program, dbg, sum(len(v) for v in fns.values())) if fns else []
    if snaps:  # up to the run's end, where the final run.istats holds
        wall = fig["wall_s"]
        series = [(t, ins, c, cpu) for (t, c), (ins, cpu) in
                  ((p, klee_at(rows, p[0])) for p in snaps) if t < wall]
        series.append((wall, fig["instructions"], ci, last.get("UserTime", 0) / 1e6))
        note = None
    else:
        series = [(r.get("WallTime", 0) / 1e6, r.get("Instructions", 0),
                   r.get("CoveredInstructions", 0), r.get("UserTime", 0) / 1e6) for r in rows]
        note = "KLEE, all code"
    return fig, series, note, last


def load(d, bitcode):
    if not os.path.isdir(d):
        raise BadRun("%s: not a directory" % d)
    if any(os.path.exists(os.path.join(d, n)) for n in ("stats.json", "run.stats.jsonl")):
        return load_symx(d)
    if os.path.exists(os.path.join(d, "run.stats")):
        return load_klee(d, bitcode)
    raise BadRun("%s: not a run's output directory (no stats.json or run.stats.jsonl of "
                 "symx-llvm, no run.stats of KLEE)" % d)


# ---- output -------------------------------------------------------------------

def row(path, f):
    wall = f["wall_s"]
    return [path, f["tool"], str(f["instructions"]), "%.2f" % wall,
            pct(f["covered_instructions"], f["total_instructions"]),
            pct(f["covered_lines"], f["total_lines"]),
            str(f["covered_instructions"]), str(f["covered_lines"]),
            str(f["paths"]), str(f["tests"]), str(f["errors"]), str(f["queries"]),
            pct(min(f["solver_s"], wall), wall)]


def print_table(rows):
    table = [COLUMNS] + rows
    widths = [max(len(r[i]) for r in table) for i in range(len(COLUMNS))]
    for k, r in enumerate(table):
        print("  ".join(c.ljust(w) if i < 2 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(r, widths))).rstrip())
        if k == 0:
            print("  ".join("-" * w for w in widths))


XLABELS = {"time": "time (s)", "cpu": "CPU time (s)", "instructions": "instructions run"}


def gnuplot_script(out, curves, xaxis, datadir):
    svg = out.lower().endswith(".svg")
    lines = ["set terminal %s size 900,560" % ("svg dynamic" if svg else "pngcairo"),
             "set output '%s'" % out.replace("'", "''"),
             "set xlabel '%s'" % XLABELS[xaxis],
             "set ylabel 'covered instructions (the program''s functions)'",
             "set key right bottom", "set grid"]
    plots = []
    for k, (label, pts) in enumerate(curves):
        data = os.path.join(datadir, "c%d.dat" % k)
        with open(data, "w") as f:
            for x, y in pts:
                f.write("%r %d\n" % (x, y))
        plots.append("'%s' using 1:2 with steps lw 2 title '%s'" %
                     (data.replace("'", "''"), label.replace("'", "''")))
    lines.append("plot " + ", \\\n  ".join(plots))
    return "\n".join(lines) + "\n"


def plot(out, curves, xaxis):
    """The chart into out; 0, or 1 (said)."""
    gp = shutil.which("gnuplot")
    if not gp:
        warn("--plot: gnuplot not found (Debian: apt-get install gnuplot-nox)")
        return 1
    if not out.lower().endswith((".png", ".svg")):
        warn("--plot %s: the name ends in .png or .svg" % out)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        script = gnuplot_script(out, curves, xaxis, tmp)
        r = subprocess.run([gp], input=script, capture_output=True, text=True)
        if r.returncode and not out.lower().endswith(".svg"):  # no cairo: libgd's png
            script = script.replace("pngcairo", "png", 1)
            r = subprocess.run([gp], input=script, capture_output=True, text=True)
    if r.returncode:
        warn("--plot %s: gnuplot: %s" % (out, r.stderr.strip()))
        return 1
    return 0


def curve(path, label, series, note, xaxis):
    """(legend, points) of a series of (seconds, instructions, covered[, CPU
    seconds]); points without a CPU time (older records) are left out of a
    --x cpu curve."""
    at = {"time": 0, "instructions": 1, "cpu": 3}[xaxis]
    pts = [(p[at], p[2]) for p in series if len(p) > at and p[at] is not None]
    if pts and pts[0] != (0, 0):
        pts.insert(0, (0, 0))  # no coverage before the run starts
    name = label or os.path.basename(os.path.normpath(path)) or path
    return (name + (" (%s)" % note if note else ""), pts)


def parse_args(argv):
    o = {"json": False, "bitcode": None, "plot": None, "labels": [], "x": "time", "dirs": []}
    k = 0
    while k < len(argv):
        a = argv[k]
        if a == "--json":
            o["json"] = True
        elif a in ("--bitcode", "--plot", "--label", "--x"):
            if k + 1 >= len(argv):
                raise BadRun("%s needs a value" % a)
            k += 1
            if a == "--label":
                o["labels"].append(argv[k])
            else:
                o[a[2:]] = argv[k]
        elif a.startswith("-"):
            raise BadRun("unknown option %s" % a)
        else:
            o["dirs"].append(a)
        k += 1
    if o["x"] not in XLABELS:
        raise BadRun("--x %s: not time, cpu or instructions" % o["x"])
    if not o["dirs"]:
        raise BadRun("no directory")
    return o


def main(argv):
    if argv == ["--version"]:
        print("symx-stats " + VERSION)
        return 0
    if argv in (["--help"], ["-h"]):
        print(__doc__.strip())
        return 0
    try:
        o = parse_args(argv)
    except BadRun as e:
        sys.stderr.write("symx-stats: %s\n%s" % (e, USAGE))
        return 2
    rows, curves, status = [], [], 0
    for k, d in enumerate(o["dirs"]):
        try:
            fig, series, note, raw = load(d, o["bitcode"])
        except (BadRun, OSError) as e:
            warn(str(e) if isinstance(e, BadRun) else "%s: %s" % (d, e.strerror or e))
            status = 1
            continue
        if o["json"]:
            print(json.dumps(dict(raw if fig["tool"] == "symx" else {"klee": raw}, path=d,
                                  figures=fig), sort_keys=True))
        else:
            rows.append(row(d, fig))
        label = o["labels"][k] if k < len(o["labels"]) else None
        curves.append(curve(d, label, series, note, o["x"]))
    if rows:
        print_table(rows)
    if o["plot"] and curves and plot(o["plot"], curves, o["x"]):
        status = 1
    return status


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `symx-stats ... | head` ends quietly
    sys.exit(main(sys.argv[1:]))
