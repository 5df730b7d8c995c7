#!/usr/bin/python3
"""seed_set1.py — bench/seedset.py's seed set 1 (the pending paper's Table 1)
and how a seed becomes a tool's .ktest (no tool run here):

  fits       every seed object is no longer than the symbolic object
             bench/real_programs.py's arguments make for it
  tcpdump    its seed is a 100-byte capture file: pcap's header, one record
             whose lengths match its frame, an IPv4 header whose checksum
             verifies, UDP's length matching the IP datagram's
  fill       a template's objects get the seed's bytes, NUL-padded, the
             others untouched, in order (KLEE 3.1's A_data is the seed's
             A-data); a seed longer than its object or
             naming an object the template lacks: SeedError, nothing written
  import     bench/real_side_by_side.py's seedset is bench/seedset.py (a
             module of tests/llvm by that name shadowed it once: --seeded
             failed at its first run)
"""
import argparse
import importlib.util
import os
import struct
import sys
import tempfile

FAILED = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        FAILED.append(what)


def load(bench, name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(bench, name + ".py"))
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def object_sizes(args):
    """Symbolic object name -> size, as both tools name them."""
    sizes, i, n = {}, 0, 0
    while i < len(args):
        if args[i] == "--sym-arg":
            sizes["arg%02d" % n], n, i = int(args[i + 1]), n + 1, i + 2
        elif args[i] == "--sym-stdin":
            sizes["stdin"], i = int(args[i + 1]), i + 2
        elif args[i] == "--sym-files":
            for k in range(int(args[i + 1])):
                sizes["%s-data" % chr(ord("A") + k)] = int(args[i + 2])
            i += 3
        else:
            i += 1
    return sizes


def fits(ss, rp):
    for prog, seed in sorted(ss.SEED_SET_1.items()):
        sizes = object_sizes(rp.PROGRAMS[prog]["args"])
        bad = {k: (len(v), sizes.get(k)) for k, v in seed.items()
               if sizes.get(k) is None or len(v) > sizes[k]}
        check(not bad, "%s: every seed object fits its symbolic object %s" % (prog, bad or ""))


def tcpdump_seed(ss):
    d = ss.SEED_SET_1["tcpdump"]["A-data"]
    check(len(d) == 100, "tcpdump's seed is 100 bytes (%d)" % len(d))
    magic, major, minor, _, _, snap, link = struct.unpack("<IHHiIII", d[:24])
    check((magic, major, minor, link) == (0xa1b2c3d4, 2, 4, 1) and snap >= 60,
          "pcap header: magic, version 2.4, Ethernet")
    _, _, caplen, length = struct.unpack("<IIII", d[24:40])
    frame = d[40:]
    check(caplen == length == len(frame), "the record's lengths are its frame's (%d)" % caplen)
    check(frame[12:14] == b"\x08\x00", "the frame carries IPv4")
    ip = frame[14:34]
    total = sum(struct.unpack(">10H", ip))
    while total >> 16:
        total = (total & 0xffff) + (total >> 16)
    check(total == 0xffff, "the IPv4 header's checksum verifies")
    ip_len = struct.unpack(">H", ip[2:4])[0]
    udp_len = struct.unpack(">H", frame[38:40])[0]
    check(ip[9] == 17 and udp_len == ip_len - 20 and 14 + ip_len <= len(frame),
          "UDP's length is the datagram's (%d of %d)" % (udp_len, ip_len))


def fill(ss, tmp):
    t, out = os.path.join(tmp, "t.ktest"), os.path.join(tmp, "s.ktest")
    objs = [(b"arg00", b"\xff" * 4), (b"stdin", b"\xff" * 6), (b"model_version", b"\x01\0\0\0")]
    ss.write_ktest(t, 3, [b"prog.bc"], (1, 4), objs)
    ss.fill(t, {"stdin": b"ab", "arg00": b"-n"}, out)
    got = ss.read_ktest(out)
    check(got[3] == [(b"arg00", b"-n\0\0"), (b"stdin", b"ab\0\0\0\0"), objs[2]]
          and got[:3] == (3, [b"prog.bc"], (1, 4)),
          "fill: the seed's bytes NUL-padded, other objects and the header kept")
    # KLEE 3.1 names a file's contents A_data (symx-llvm: A-data)
    kt = os.path.join(tmp, "k.ktest")
    ss.write_ktest(kt, 3, [b"prog.bc"], (0, 0), [(b"A_data", b"\0" * 4), (b"A_data_stat", b"s" * 3)])
    ss.fill(kt, {"A-data": b"pc"}, out)
    check(ss.read_ktest(out)[3] == [(b"A_data", b"pc\0\0"), (b"A_data_stat", b"sss")],
          "fill: KLEE's A_data takes the seed's A-data, its names kept")
    for seed, what in (({"stdin": b"1234567"}, "7 bytes, the object has 6"),
                       ({"A-data": b"x"}, "no object A-data")):
        if os.path.exists(out):
            os.remove(out)
        try:
            ss.fill(t, seed, out)
            check(False, "fill: %s: no SeedError" % what)
        except ss.SeedError as e:
            check(not os.path.exists(out), "fill: %s: SeedError (%s), nothing written" % (what, e))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bench", required=True)
    a = ap.parse_args()
    ss, rp = load(a.bench, "seedset"), load(a.bench, "real_programs")
    fits(ss, rp)
    tcpdump_seed(ss)
    with tempfile.TemporaryDirectory() as tmp:
        fill(ss, tmp)
    sbs = load(a.bench, "real_side_by_side")
    check(os.path.samefile(sbs.seedset.__file__, os.path.join(a.bench, "seedset.py")),
          "real_side_by_side.py imports bench/seedset.py (%s)" % sbs.seedset.__file__)
    print("%d failed" % len(FAILED))
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
