#!/usr/bin/env python3
"""symx-llvm as a peer of a real afl-fuzz (issue 6).

afl-fuzz -M main fuzzes afl/magic.c (a 4-byte magic value guards the rest)
with AFL_SYNC_TIME=1 while symx-llvm --afl-sync explores main's queue
entries as seeds and writes what it finds into SYNC/symx/queue. The test
passes when afl-fuzz has imported one of our inputs: an entry
"id:...,sync:symx,..." in main's queue whose bytes are one of ours.

Exit 77 (skip) only when afl-fuzz cannot run here: not installed, no AFL
compiler wrapper that works, or afl-fuzz refusing to start (its reason is
printed). Takes from a few seconds to about two minutes: afl-fuzz syncs at
start and then once a minute at most (AFL_SYNC_TIME is in minutes).
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

MAGIC = bytes.fromhex("feca3713")  # 0x1337cafe little-endian


def skip(why):
    print("SKIP: " + why)
    sys.exit(77)


def fail(why, work=None):
    print("FAIL: " + why)
    if work:
        for log in ("afl.log", "symx.log"):
            path = os.path.join(work, log)
            if os.path.exists(path):
                print("---- " + log + " (tail)")
                with open(path, errors="replace") as f:
                    print("".join(f.readlines()[-25:]))
    sys.exit(1)


def afl_compiler(src, include, work):
    """The first AFL compiler wrapper that builds the target, or skip."""
    reasons = []
    for cc in ("afl-clang-fast", "afl-cc", "afl-clang", "afl-gcc-fast", "afl-gcc"):
        path = shutil.which(cc)
        if not path:
            continue
        out = os.path.join(work, "magic_afl")
        r = subprocess.run([path, "-O1", "-I", include, os.path.join(src, "magic.c"),
                            os.path.join(src, "afl_input.c"), "-o", out],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode == 0:
            return cc, out
        reasons.append("%s: %s" % (cc, r.stdout.strip().splitlines()[-1:] or "failed"))
    skip("no AFL compiler wrapper works: " + ("; ".join(reasons) or "none installed"))


def read_counter(path):
    try:
        with open(path, "rb") as f:
            return int.from_bytes(f.read(4), "little")
    except OSError:
        return 0


def stats(path):
    out = {}
    try:
        with open(path) as f:
            for line in f:
                k, _, v = line.partition(":")
                out[k.strip()] = v.strip()
    except OSError:
        pass
    return out


def contents(d):
    out = {}
    if os.path.isdir(d):
        for n in sorted(os.listdir(d)):
            p = os.path.join(d, n)
            if os.path.isfile(p) and not n.startswith("."):
                with open(p, "rb") as f:
                    out[n] = f.read()
    return out


def stop(proc, sig=signal.SIGINT, wait=15):
    if proc.poll() is not None:
        return
    proc.send_signal(sig)
    try:
        proc.wait(timeout=wait)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symx", required=True, help="the symx-llvm executable")
    ap.add_argument("--include", required=True, help="directory holding symx/target.h")
    ap.add_argument("--src", required=True, help="directory of magic.c and afl_input.c")
    ap.add_argument("--timeout", type=float, default=240, help="seconds to wait for the import")
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    a = ap.parse_args()

    afl = shutil.which("afl-fuzz")
    if not afl:
        skip("afl-fuzz is not installed (Debian package afl++)")
    clang = shutil.which("clang-14") or shutil.which("clang")
    if not clang:
        fail("clang-14 is needed for the bitcode")
    work = tempfile.mkdtemp(prefix="symx-afl-")
    t0 = time.monotonic()
    afl_p = symx_p = None
    try:
        cc, target = afl_compiler(a.src, a.include, work)
        bc = os.path.join(work, "magic.bc")
        subprocess.run([clang, "-emit-llvm", "-c", "-g", "-O0", "-Xclang", "-disable-O0-optnone",
                        "-I", a.include, os.path.join(a.src, "magic.c"), "-o", bc], check=True)
        seeds = os.path.join(work, "seeds")
        os.mkdir(seeds)
        with open(os.path.join(seeds, "a"), "wb") as f:
            f.write(b"AAAAAAAA")
        sync = os.path.join(work, "SYNC")
        # the target is not sanitized; afl-fuzz rejects sanitizer options it
        # did not set itself (a sanitized test run exports them)
        env = {k: v for k, v in os.environ.items()
               if k not in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "MSAN_OPTIONS", "LSAN_OPTIONS")}
        env.update(AFL_SYNC_TIME="1", AFL_NO_UI="1", AFL_SKIP_CPUFREQ="1",
                   AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES="1", AFL_NO_AFFINITY="1")
        budget = int(a.timeout) + 30
        with open(os.path.join(work, "afl.log"), "w") as log:
            afl_p = subprocess.Popen([afl, "-i", seeds, "-o", sync, "-M", "main", "-V", str(budget),
                                      "--", target], stdout=log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, env=env)
        # afl-fuzz is up when it writes fuzzer_stats; if it exits first it refused
        main_stats = os.path.join(sync, "main", "fuzzer_stats")
        while not os.path.exists(main_stats):
            if afl_p.poll() is not None:
                with open(os.path.join(work, "afl.log"), errors="replace") as f:
                    lines = [l.strip() for l in f if l.strip()]
                why = [l for l in lines if "ABORT" in l or "Location" in l or "[-]" in l] or lines[-5:]
                skip("afl-fuzz refused to start: " + " | ".join(why))
            if time.monotonic() - t0 > 120:
                fail("afl-fuzz did not start within 120 s", work)
            time.sleep(0.5)
        t_afl = time.monotonic() - t0
        with open(os.path.join(work, "symx.log"), "w") as log:
            symx_p = subprocess.Popen([a.symx, "--afl-sync", sync, "--afl-name", "symx",
                                       "--afl-seed-time", "10", "--max-time", str(budget),
                                       "--no-progress", "--quiet", bc],
                                      stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        ours = os.path.join(sync, "symx", "queue")
        main_q = os.path.join(sync, "main", "queue")
        imported = []
        while time.monotonic() - t0 < a.timeout:
            imported = [n for n in contents(main_q) if "sync:symx" in n]
            if imported:
                break
            if afl_p.poll() is not None:
                fail("afl-fuzz exited early (code %s)" % afl_p.returncode, work)
            if symx_p.poll() is not None and symx_p.returncode != 0:
                fail("symx-llvm exited with code %s" % symx_p.returncode, work)
            time.sleep(1)
        t_import = time.monotonic() - t0
        stop(symx_p)
        stop(afl_p)
        if symx_p.returncode not in (0, -signal.SIGINT):
            fail("symx-llvm ended with code %s" % symx_p.returncode, work)
        our = contents(ours)
        names = sorted(our)
        print("AFL compiler: %s; afl-fuzz up after %.1f s" % (cc, t_afl))
        print("our queue: %d entries: %s" % (len(names), ", ".join(names[:8])))
        # dense ids from 0, each naming its source
        for i, n in enumerate(names):
            if not n.startswith("id:%06d,src:" % i):
                fail("queue entry %r breaks the dense id:NNNNNN,src:PPPPPP naming" % n, work)
        if not any(b[:4] == MAGIC for b in our.values()):
            fail("no input of ours passes the magic check", work)
        if not imported:
            fail("afl-fuzz imported none of our %d inputs within %.0f s (.synced/symx = %d)"
                 % (len(names), a.timeout, read_counter(os.path.join(sync, "main", ".synced", "symx"))),
                 work)
        main_entries = contents(main_q)
        mine = set(our.values())
        for n in imported:
            if main_entries[n] not in mine:
                fail("imported entry %s is not one of our inputs" % n, work)
        st = stats(main_stats)
        print("afl-fuzz imported %d of our inputs after %.1f s: %s" % (len(imported), t_import,
                                                                    ", ".join(imported)))
        print(".synced/symx = %d, fuzzer_stats corpus_imported = %s"
              % (read_counter(os.path.join(sync, "main", ".synced", "symx")),
                 st.get("corpus_imported", "?")))
        print("total %.1f s" % (time.monotonic() - t0))
    finally:
        for p in (symx_p, afl_p):
            if p is not None:
                stop(p, signal.SIGKILL, 5)
        if a.keep:
            print("work directory: " + work)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
