#!/usr/bin/python3
"""stats.py — statistics over time and symx-stats (program in tests/llvm/stats):

  run.stats.jsonl  --stats-write-after-instructions N writes several records,
                   N or more instructions apart, never fewer covered
                   instructions or lines than the one before; the last
                   ("final") holds stats.json's figures, whose totals are
                   the instructions and lines coverage counts in clang's
                   IR of the program (llvm-dis), and whose covered lines
                   are coverage.txt's among them; covered-instructions.txt
                   lists each covered instruction once, adding up to
                   covered_instructions; the same totals for
                   every program of tests/llvm/progs; without N and with
                   --stats-write-interval 0 only the final record;
                   --output-stats=false: no file
  the table        symx-stats's rows on two runs (eager, pending) are
                   their stats.json's figures; CovLines is coverage.txt's
                   count
  KLEE's dirs      a directory built here as KLEE 3.1 writes one (run.stats
                   from klee31_run_stats.sql's columns, run.istats,
                   assembly.ll, info): Instrs, Time, Queries from its last
                   row; coverage only of the functions the program's bitcode
                   defines (llvm-dis), its debug calls left out, lines of
                   instructions with a debug location: as computed here
                   from the fixture's description; the program found from
                   info as with --bitcode
  bad input        a directory that is not a run, an empty run.stats.jsonl,
                   a cut-short last record, a run.stats that is not
                   SQLite, one without rows: each said, the others shown
  --plot           (with --plot only; 77 without gnuplot) a PNG and an SVG
                   of several runs, the labels in the SVG's legend; a KLEE
                   directory with run.istats snapshots: the program's
                   curve (a snapshot cut short said and left out)
"""
import argparse
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

FAILED = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        FAILED.append(what)


def run(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    return r.returncode, r.stdout.decode("latin-1"), r.stderr.decode("latin-1")


def symx(a, bc, outdir, *opts):
    return run([a.symx, "--quiet", "--output-dir", outdir] + list(opts) + [bc])


def records(outdir):
    with open(os.path.join(outdir, "run.stats.jsonl")) as f:
        return [json.loads(ln) for ln in f]


def stats_json(outdir):
    with open(os.path.join(outdir, "stats.json")) as f:
        return json.load(f)


def table(out):
    """symx-stats's table as {path: {column: text}}."""
    lines = [ln for ln in out.splitlines() if ln.strip()]
    if len(lines) < 2:
        return {}
    head = lines[0].split()
    return {r.split()[0]: dict(zip(head, r.split())) for r in lines[2:]}


FINAL_KEYS = ["instructions", "covered_instructions", "total_instructions", "covered_lines",
              "total_lines", "paths", "tests", "errors", "solver_queries"]


# Calls that coverage leaves out (frontends/llvm/translate.c's uncounted).
UNCOUNTED = ("@llvm.dbg.", "@llvm.lifetime.", "@llvm.stacksave", "@llvm.stackrestore",
             "@llvm.assume", "@llvm.expect", "@llvm.objectsize", "@llvm.is.constant",
             "@llvm.var.annotation", "@llvm.ptr.annotation", "@llvm.annotation",
             "@llvm.invariant.", "@llvm.experimental.noalias.scope.decl", "@llvm.prefetch",
             "@llvm.pcmarker")


def counted_in_bitcode(bc):
    """The definition, from clang's IR (one source file): the instructions
    of the functions defined, unconditional branches and the calls above
    left out, and the source lines of those with a debug location."""
    text = subprocess.run(["llvm-dis-14", bc, "-o", "-"], stdout=subprocess.PIPE,
                          check=True).stdout.decode()
    locs = {m.group(1): int(m.group(2)) for m in
            re.finditer(r"^(!\d+) = !DILocation\(line: (\d+)", text, re.M)}
    n, lines, body = 0, set(), False
    for ln in text.splitlines():
        if ln.startswith("define "):
            body = True
        elif ln.startswith("}"):
            body = False
        elif body and ln.startswith("  ") and not ln.startswith(("   ", "  ]")):
            if ln.startswith("  br label %") or any("call void " + c in ln or "call i8* " + c in ln
                                                   for c in UNCOUNTED):
                continue
            n += 1
            m = re.search(r"!dbg (!\d+)", ln)
            if m and locs.get(m.group(1)):
                lines.add(locs[m.group(1)])
    return n, lines


def test_records(a, bc, tmp):
    d = os.path.join(tmp, "every")
    rc, _, err = symx(a, bc, d, "--stats-write-after-instructions", "1500",
                      "--stats-write-interval", "0")
    check(rc == 0, "a run with --stats-write-after-instructions (%s)" % err.strip()[-200:])
    recs, final = records(d), stats_json(d)
    check(len(recs) >= 4, "several records (%d)" % len(recs))
    check([r["final"] for r in recs] == [False] * (len(recs) - 1) + [True],
          "the last record only is final")
    gaps = [y["instructions"] - x["instructions"] for x, y in zip(recs, recs[1:-1])]
    check(all(g >= 1500 for g in gaps), "records at least N instructions apart %s" % gaps)
    for k in ("instructions", "covered_instructions", "covered_lines", "paths"):
        v = [r[k] for r in recs]
        check(v == sorted(v), "%s never decreases: %s" % (k, v))
    check(recs[0]["covered_instructions"] < recs[-1]["covered_instructions"],
          "coverage grows over the run")
    cpu = [r.get("cpu") for r in recs]
    check(all(isinstance(c, float) and c > 0 for c in cpu) and cpu == sorted(cpu),
          "each record has the process's CPU seconds, never decreasing: %s" % cpu)
    last = recs[-1]
    check(all(last[k] == final.get(k) for k in FINAL_KEYS),
          "the final record is stats.json's: %s" % {k: (last[k], final.get(k)) for k in FINAL_KEYS})
    rows = [l.split("\t") for l in open(os.path.join(d, "covered-instructions.txt"))]
    check(sum(int(r[2]) for r in rows) == final["covered_instructions"],
          "covered-instructions.txt adds up to covered_instructions (%d rows)" % len(rows))
    check(len({(r[0], r[1]) for r in rows}) == len(rows), "each instruction listed once")
    ti, lines = counted_in_bitcode(bc)
    check((final["total_instructions"], final["total_lines"]) == (ti, len(lines)),
          "the totals are the bitcode's counted instructions and their lines: %s, %s" %
          ((final["total_instructions"], final["total_lines"]), (ti, len(lines))))
    with open(os.path.join(d, "coverage.txt")) as f:
        covered = {int(x.rsplit(":", 1)[1]) for x in f.read().split()}
    check(last["covered_lines"] == len(covered & lines),
          "covered lines: coverage.txt's among them (%d)" % len(covered & lines))
    eng = final["engine"]
    check(all(last[k] == eng[k] for k in ("fastsat_witness_hits", "fastsat_misses",
                                           "solver_time_ns")),
          "the final record's engine figures are stats.json's")
    d0 = os.path.join(tmp, "once")
    symx(a, bc, d0, "--stats-write-interval", "0")
    check(len(records(d0)) == 1, "interval 0 and no N: only the final record")
    d1 = os.path.join(tmp, "none")
    symx(a, bc, d1, "--output-stats=false")
    check(not os.path.exists(os.path.join(d1, "run.stats.jsonl")), "--output-stats=false: no file")
    return d


def test_totals(a, tmp):
    """Every program of tests/llvm/progs: the totals symx-llvm counts are
    counted_in_bitcode's (phis, switches, intrinsics, wide and floating
    point code: the translation's instructions as LLVM's)."""
    bad = []
    for name in sorted(os.listdir(a.progs)):
        bc, d = os.path.join(tmp, "p.bc"), os.path.join(tmp, "p-" + name)
        subprocess.run(["clang-14", "-emit-llvm", "-c", "-g", "-O0", "-Xclang",
                        "-disable-O0-optnone", "-w", "-I", a.include,
                        os.path.join(a.progs, name), "-o", bc], check=True)
        symx(a, bc, d, "--max-instructions", "20000", "--stats-write-interval", "0")
        ti, lines = counted_in_bitcode(bc)
        try:
            s = stats_json(d)
            got = (s["total_instructions"], s["total_lines"])
        except (OSError, ValueError):
            got = None
        if got != (ti, len(lines)):
            bad.append((name, got, (ti, len(lines))))
    check(not bad, "the totals of %d programs are their IR's counts %s" %
          (len(os.listdir(a.progs)), bad))


def test_table(a, bc, tmp):
    dirs = []
    for mode in ("eager", "pending"):
        d = os.path.join(tmp, mode)
        symx(a, bc, d, "--mode", mode, "--stats-write-interval", "0")
        dirs.append(d)
    rc, out, err = run([a.stats] + dirs)
    t = table(out)
    check(rc == 0 and len(t) == 2, "a row per run (%s)" % err.strip())
    for d in dirs:
        s, r = stats_json(d), t.get(d, {})
        want = {"Tool": "symx", "Instrs": str(s["instructions"]),
                "CovInstrs": str(s["covered_instructions"]), "CovLines": str(s["covered_lines"]),
                "Paths": str(s["paths"]), "Tests": str(s["tests"]), "Errors": str(s["errors"]),
                "Queries": str(s["solver_queries"]),
                "ICov(%)": "%.2f" % (100.0 * s["covered_instructions"] / s["total_instructions"]),
                "LCov(%)": "%.2f" % (100.0 * s["covered_lines"] / s["total_lines"])}
        check(all(r.get(k) == v for k, v in want.items()),
              "%s's row is its stats.json: %s" % (os.path.basename(d),
                                                  {k: (r.get(k), v) for k, v in want.items()}))
    return dirs


# ---- a KLEE 3.1 output directory, built from a description -----------------

def program_functions(bc):
    r = subprocess.run(["llvm-dis-14", bc, "-o", "-"], stdout=subprocess.PIPE, check=True)
    names = []
    for ln in r.stdout.decode().splitlines():
        if ln.startswith("define "):
            names.append(ln.split("@", 1)[1].split("(", 1)[0])
    return names


def fixture_spec(prog_fns):
    """Functions as KLEE's istats would list them: (name, file, insts), an
    instruction (kind, line, covered): kind "i" an instruction with a debug
    location, "n" one without (KLEE gives it the function's line), "d" a
    llvm.dbg call. The program's main is KLEE's __klee_posix_wrapped_main."""
    spec = [("__uClibc_main", "libc/misc/main.c", [("i", 40, 1), ("i", 41, 1), ("i", 42, 0)]),
            ("main", "", [("n", 0, 1), ("n", 0, 1)])]  # the POSIX runtime's main
    for k, name in enumerate(prog_fns):
        kname = "__klee_posix_wrapped_main" if name == "main" else name
        cov = 0 if name == "never_called" else 1
        insts = [("n", 10 * k + 1, cov), ("d", 10 * k + 1, cov), ("i", 10 * k + 2, cov),
                 ("i", 10 * k + 2, cov), ("i", 10 * k + 3, cov), ("i", 10 * k + 4, 0),
                 ("i", 10 * k + 3, 0)]
        spec.append((kname, "walk.c", insts))
    spec.append(("memcpy", "libc/string/memcpy.c", [("i", 5, 1), ("i", 6, 0)]))
    return spec


def expected_cover(spec, prog_fns):
    """The definition, computed from the description."""
    own = {"__klee_posix_wrapped_main" if n == "main" else n for n in prog_fns}
    ci = ti = 0
    lines = {}
    for name, fl, insts in spec:
        if name not in own:
            continue
        for kind, line, cov in insts:
            if kind == "d":
                continue
            ti += 1
            ci += cov
            if kind == "i":
                lines[(fl, line)] = lines.get((fl, line), 0) | cov
    return ci, ti, sum(lines.values()), len(lines)


def write_klee_dir(d, spec, bc, rows):
    os.makedirs(d)
    asm = ["; ModuleID = 'fixture'", ""]
    ist = ["version: 1", "creator: klee", "positions: instr line",
           "events: Icov Forks I Q", "ob=assembly.ll"]
    for name, fl, insts in spec:
        asm.append("define i32 @%s() {" % name)
        ist += ["fl=" + fl, "fn=" + name]
        for kind, line, cov in insts:
            asm.append({"i": "  %%x = add i32 1, 2, !dbg !%d" % line, "n": "  %x = add i32 1, 2",
                        "d": "  call void @llvm.dbg.declare(metadata i32* %x), !dbg !1"}[kind])
            ist.append("%d %d %d 0 %d 0" % (len(asm), line, cov, cov))
            if name == "__uClibc_main" and len(ist) % 3 == 0:  # a call's cost line
                ist += ["cfl=libc/string/memcpy.c", "cfn=memcpy", "calls=1 99 5",
                        "%d %d 9 9 9 9" % (len(asm), line)]
        asm.append("}")
    with open(os.path.join(d, "assembly.ll"), "w") as f:
        f.write("\n".join(asm) + "\n")
    with open(os.path.join(d, "run.istats"), "w") as f:
        f.write("\n".join(ist) + "\n")
    with open(os.path.join(d, "info"), "w") as f:
        f.write("klee --output-dir=%s --libc=uclibc --posix-runtime %s\nPID: 1\n" % (d, bc))
    db = sqlite3.connect(os.path.join(d, "run.stats"))
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "stats",
                           "klee31_run_stats.sql")) as f:
        db.executescript(f.read())
    cols = [c[1] for c in db.execute("PRAGMA table_info(stats)")]
    for r in rows:
        db.execute("INSERT INTO stats VALUES (%s)" % ",".join("?" * len(cols)),
                   [r.get(c, 0) for c in cols])
    db.commit()
    db.close()
    for n in ("test000001.ktest", "test000002.ktest", "test000002.ptr.err"):
        open(os.path.join(d, n), "w").close()


KLEE_ROWS = [{"Instructions": 0, "WallTime": 1000.0, "UserTime": 900000.0,
              "CoveredInstructions": 0},
             {"Instructions": 5000, "WallTime": 1500000.0, "UserTime": 1800000.0,
              "CoveredInstructions": 9,
              "Queries": 40, "SolverTime": 300000, "TerminationExit": 3},
             {"Instructions": 12345, "WallTime": 2750000.0, "UserTime": 2900000.0,
              "CoveredInstructions": 14,
              "Queries": 77, "SolverTime": 1100000, "TerminationExit": 5,
              "TerminationProgramError": 1}]


def test_klee(a, bc, tmp):
    prog_fns = program_functions(bc)
    check({"main", "score", "never_called"} <= set(prog_fns), "llvm-dis lists %s" % prog_fns)
    spec = fixture_spec(prog_fns)
    d = os.path.join(tmp, "klee-out")
    write_klee_dir(d, spec, bc, KLEE_ROWS)
    ci, ti, cl, tl = expected_cover(spec, prog_fns)
    want = {"Tool": "klee", "Instrs": "12345", "Time(s)": "2.75", "CovInstrs": str(ci),
            "CovLines": str(cl), "ICov(%)": "%.2f" % (100.0 * ci / ti),
            "LCov(%)": "%.2f" % (100.0 * cl / tl), "Paths": "6", "Tests": "2", "Errors": "1",
            "Queries": "77", "TSolver(%)": "40.00"}
    for args, how in (([], "the program from info"), (["--bitcode", bc], "--bitcode")):
        rc, out, err = run([a.stats] + args + [d])
        r = table(out).get(d, {})
        check(rc == 0 and all(r.get(k) == v for k, v in want.items()),
              "KLEE's row, %s: %s %s" % (how, {k: (r.get(k), v) for k, v in want.items()},
                                         err.strip()))
    return d


def test_bad(a, good, tmp):
    notrun = os.path.join(tmp, "not-a-run")
    os.makedirs(notrun)
    empty = os.path.join(tmp, "empty")
    os.makedirs(empty)
    open(os.path.join(empty, "run.stats.jsonl"), "w").close()
    cut = os.path.join(tmp, "cut")
    os.makedirs(cut)
    with open(os.path.join(good, "run.stats.jsonl")) as f:
        lines = f.read().splitlines()
    with open(os.path.join(cut, "run.stats.jsonl"), "w") as f:
        f.write("\n".join(lines[:-1]) + "\n" + lines[-1][:len(lines[-1]) // 2])
    notdb = os.path.join(tmp, "klee-notdb")
    os.makedirs(notdb)
    with open(os.path.join(notdb, "run.stats"), "w") as f:
        f.write("Instructions,WallTime\n1,2\n")  # an older KLEE's text
    norows = os.path.join(tmp, "klee-norows")
    write_klee_dir(norows, [], "/nonexistent.bc", [])
    dirs = [notrun, good, empty, cut, notdb, norows, os.path.join(tmp, "missing")]
    rc, out, err = run([a.stats] + dirs)
    t = table(out)
    check(rc == 1, "exit status 1 with unreadable directories")
    check(set(t) == {good, cut}, "the readable ones shown: %s" % sorted(t))
    for d, word in ((notrun, "not a run"), (empty, "no records"), (cut, "cut short"),
                    (notdb, "SQLite"), (norows, "no rows"), (dirs[-1], "not a directory")):
        said = [ln for ln in err.splitlines() if d in ln]
        check(any(word in ln for ln in said), "%s: said (%s)" % (os.path.basename(d), said))
    prev = json.loads(lines[-2])
    check(t.get(cut, {}).get("Instrs") == str(prev["instructions"]),
          "a cut-short record: the one before stands in")


def test_plot(a, dirs, klee_dir, tmp):
    png, svg = os.path.join(tmp, "cov.png"), os.path.join(tmp, "cov.svg")
    args = dirs + [klee_dir, "--label", "symx eager", "--label", "symx pending"]
    rc1, _, e1 = run([a.stats, "--plot", png] + args)
    rc2, _, e2 = run([a.stats, "--plot", svg] + args)
    check(rc1 == 0 and rc2 == 0, "--plot runs (%s %s)" % (e1.strip(), e2.strip()))
    with open(png, "rb") as f:
        check(f.read(8) == b"\x89PNG\r\n\x1a\n", "a PNG")
    try:
        root = ET.parse(svg).getroot()
        text = " ".join(root.itertext())
        ok = root.tag.endswith("svg")
    except ET.ParseError as e:
        ok, text = False, str(e)
    check(ok, "an SVG document")
    check(all(s in text for s in ("symx eager", "symx pending", "klee-out (KLEE, all code)")),
          "the legend: labels, else the directory's name (%s)" % text[:300])
    os.makedirs(os.path.join(klee_dir, "istats"))
    with open(os.path.join(klee_dir, "run.istats")) as f:
        whole = f.read()
    for name, text in (("2.5", whole), ("1", whole[:len(whole) // 2])):
        with open(os.path.join(klee_dir, "istats", name + ".istats"), "w") as f:
            f.write(text)
    rc, _, err = run([a.stats, "--plot", svg, klee_dir])
    check(rc == 0 and "1.istats: incomplete" in err, "a snapshot cut short: said, left out")
    text = " ".join(ET.parse(svg).getroot().itertext())
    check("klee-out" in text and "all code" not in text,
          "istats snapshots: the program's coverage, not KLEE's all-code figure")
    rc, _, err = run([a.stats, "--plot", svg, "--x", "cpu"] + dirs + [klee_dir])
    text = " ".join(ET.parse(svg).getroot().itertext())
    check(rc == 0 and "CPU time (s)" in text and "klee-out" in text,
          "--x cpu: both tools' curves over CPU time (%s)" % err.strip())
    rc, _, err = run([a.stats, "--plot", svg, "--x", "ticks"] + dirs)
    check(rc == 2 and "not time, cpu or instructions" in err, "--x ticks: said")
    rc, _, err = run([a.stats, "--plot", os.path.join(tmp, "cov.gif")] + dirs)
    check(rc == 1 and ".png or .svg" in err, "--plot NAME.gif: said")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True)
    ap.add_argument("--stats", required=True)
    ap.add_argument("--program", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--progs", required=True)
    ap.add_argument("--plot", action="store_true")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="symx-stats-")
    try:
        bc = os.path.join(tmp, "walk.bc")
        subprocess.run(["clang-14", "-emit-llvm", "-c", "-g", "-O0", "-Xclang",
                        "-disable-O0-optnone", "-I", a.include, a.program, "-o", bc], check=True)
        if a.plot:
            if not shutil.which("gnuplot"):
                print("SKIP: gnuplot not found")
                return 77
            dirs = test_table(a, bc, tmp)
            klee_dir = os.path.join(tmp, "klee-out")
            write_klee_dir(klee_dir, fixture_spec(program_functions(bc)), bc, KLEE_ROWS)
            test_plot(a, dirs, klee_dir, tmp)
        else:
            good = test_records(a, bc, tmp)
            test_totals(a, tmp)
            test_table(a, bc, tmp)
            test_klee(a, bc, tmp)
            test_bad(a, good, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if FAILED:
        print("%d FAILED" % len(FAILED))
        return 1
    print("all ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
