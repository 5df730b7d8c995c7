"""aflutil.py — what the AFL tests share: building a target with an AFL++
compiler wrapper, an environment afl-fuzz and afl-showmap accept, and an
edge oracle of our own: afl-showmap's raw hit counts put in afl-fuzz's
buckets (count_class_lookup8), merged into a map as afl-fuzz's
has_new_bits does. Exit 77 (skip) when the AFL++ tools are missing."""
import os
import shutil
import subprocess
import sys


def files(d):
    """The entry files of a queue or crashes directory (paths, in name
    order): not dot files, not afl-fuzz's crashes/README.txt."""
    return sorted(os.path.join(d, n) for n in os.listdir(d)
                  if not n.startswith(".") and n != "README.txt"
                  and os.path.isfile(os.path.join(d, n))) if os.path.isdir(d) else []


def skip(why):
    print("SKIP: " + why)
    sys.exit(77)


def env():
    """os.environ without sanitizer options (afl-fuzz rejects those it did
    not set; a sanitized test run exports them) and with what afl-fuzz
    needs as root in a container."""
    e = {k: v for k, v in os.environ.items() if not k.endswith("SAN_OPTIONS")}
    e.update(AFL_NO_UI="1", AFL_SKIP_CPUFREQ="1", AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES="1",
             AFL_NO_AFFINITY="1")
    return e


def build(sources, include, out):
    """sources built with the first AFL++ compiler wrapper that works, into
    out; skips when none does."""
    reasons = []
    for cc in ("afl-clang-fast", "afl-cc", "afl-clang"):
        path = shutil.which(cc)
        if not path:
            continue
        r = subprocess.run([path, "-O1", "-I", include] + list(sources) + ["-o", out],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env())
        if r.returncode == 0:
            return cc
        reasons.append("%s: %s" % (cc, (r.stdout.strip().splitlines() or ["failed"])[-1]))
    skip("no AFL++ compiler wrapper works: " + ("; ".join(reasons) or "none installed"))


def bucket(c):
    """afl-fuzz's bucket bit of a raw hit count."""
    if c <= 3:
        return 4 if c == 3 else c
    for top, bit in ((7, 8), (15, 16), (31, 32), (127, 64)):
        if c <= top:
            return bit
    return 128


def showmap(binary, data, work, timeout_ms=1000, args=()):
    """(exit code of afl-showmap, {edge: bucket bit}) of one run on data
    (stdin). Exit 2: the binary crashed or hung."""
    inp = os.path.join(work, ".oracle-in")
    out = os.path.join(work, ".oracle-map")
    with open(inp, "wb") as f:
        f.write(data)
    if os.path.exists(out):
        os.remove(out)
    with open(inp, "rb") as stdin:
        r = subprocess.run(["afl-showmap", "-q", "-r", "-o", out, "-t", str(timeout_ms), "-m",
                            "none", "--", binary] + list(args), stdin=stdin,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env())
    bits = {}
    if os.path.exists(out):
        with open(out) as f:
            for line in f:
                e, _, c = line.strip().partition(":")
                if c and int(c):
                    bits[int(e)] = bucket(min(int(c), 255))
    return r.returncode, bits


def new_bits(virgin, bits):
    """How many (edge, bucket) pairs bits adds to virgin; merges them."""
    n = 0
    for e, b in bits.items():
        if not virgin.get(e, 0) & b:
            n += 1
            virgin[e] = virgin.get(e, 0) | b
    return n


def need(*tools):
    for t in tools:
        if not shutil.which(t):
            skip("%s is not installed (Debian package afl++)" % t)


def fake_instance(sync, entries, name="fake"):
    """An afl-fuzz instance NAME under sync whose queue holds entries
    (file name -> bytes); its queue directory."""
    q = os.path.join(sync, name, "queue")
    os.makedirs(q)
    for n, b in entries.items():
        with open(os.path.join(q, n), "wb") as f:
            f.write(b)
    return q
