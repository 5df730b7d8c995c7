"""seedset.py — the pending-constraints paper's seed set 1 (its Table 1) as
.ktest files each tool reads with --seed-file.

A seed gives bytes for the program's symbolic arguments, stdin and files;
the other objects of a test case (stdin-stat, the files' stat buffers,
model_version) are the tool's own. So each tool writes one test case for
the same program and arguments first (a short run: its template), and the
seed is that test with the seed's bytes put in its arguments (NUL-padded),
stdin and file contents (zero-padded, as the paper pads). Objects bind by
position in both tools, so the template keeps their order.
"""
import glob
import os
import shutil
import struct
import subprocess


def dns_query_pcap():
    """A 100-byte capture file (the paper's "100 byte captured packet"):
    pcap's header, then one Ethernet frame of 60 bytes carrying an IPv4 UDP
    DNS query for the root's NS records (the frame's last byte is padding)."""
    dns = struct.pack(">HHHHHH", 0x1234, 0x0100, 1, 0, 0, 0) + b"\0" + struct.pack(">HH", 2, 1)
    udp = struct.pack(">HHHH", 40000, 53, 8 + len(dns), 0) + dns
    ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(udp), 1, 0, 64, 17, 0,
                     bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2]))
    total = sum(struct.unpack(">10H", ip))
    total = (total & 0xffff) + (total >> 16)
    ip = ip[:10] + struct.pack(">H", ~total & 0xffff) + ip[12:]
    frame = bytes.fromhex("020000000002" "020000000001" "0800") + ip + udp
    frame += b"\0" * (60 - len(frame))
    head = struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1)
    return head + struct.pack("<IIII", 1700000000, 0, len(frame), len(frame)) + frame


# Per program: the symbolic objects' contents, by the name both tools give
# them (arg00, arg01, ... for --sym-arg; stdin; A-data for --sym-files A N).
SEED_SET_1 = {
    "bc": {"stdin": b"435 / 4 + 6 - 3421"},
    "m4": {"arg00": b"-G", "arg01": b"-DM=6", "stdin": b"M is M also M is B"},
    "datamash": {"arg00": b"sum", "arg01": b"1", "arg02": b"mean", "arg03": b"3",
                 "stdin": b"1 2 3\n4 5 6\n7 8 9\n"},
    "make": {"arg00": b"-n", "arg01": b"-Bfds", "A-data": b"$(info $$helo ther)"},
    "sqlite3": {"stdin": b"SELECT * FROM t;"},
    "tcpdump": {"A-data": dns_query_pcap()},
}


class SeedError(Exception):
    pass


def object_name(raw):
    """An object's name as SEED_SET_1 spells it: KLEE 3.1 names a file's
    contents A_data where symx-llvm (and KLEE's older releases) say
    A-data, so "_" and "-" are one."""
    return (raw.decode(errors="replace") if isinstance(raw, bytes) else raw).replace("_", "-")


def read_ktest(path):
    """(version, args, sym_argvs, sym_argv_len, [(name, bytes)])."""
    with open(path, "rb") as f:
        d = f.read()
    if d[:5] not in (b"KTEST", b"BOUT\n"):
        raise SeedError("%s: not a ktest file" % path)
    pos = 5

    def u32():
        nonlocal pos
        (v,) = struct.unpack(">I", d[pos:pos + 4])
        pos += 4
        return v

    def blob():
        nonlocal pos
        n = u32()
        pos += n
        return d[pos - n:pos]

    version = u32()
    args = [blob() for _ in range(u32())]
    sym = (u32(), u32()) if version >= 2 else (0, 0)
    objs = [(blob(), blob()) for _ in range(u32())]
    return version, args, sym, objs


def write_ktest(path, version, args, sym, objs):
    out = [b"KTEST", struct.pack(">I", version), struct.pack(">I", len(args))]
    out += [struct.pack(">I", len(a)) + a for a in args]
    if version >= 2:
        out.append(struct.pack(">II", *sym))
    out.append(struct.pack(">I", len(objs)))
    for name, data in objs:
        out.append(struct.pack(">I", len(name)) + name + struct.pack(">I", len(data)) + data)
    with open(path, "wb") as f:
        f.write(b"".join(out))


def fill(template, seed, path):
    """The template test case with the seed's bytes in its objects; an
    object the seed names that the template lacks, or seed bytes longer
    than the object, is a SeedError."""
    version, args, sym, objs = read_ktest(template)
    names = {object_name(n) for n, _ in objs}
    by_name = {object_name(k): v for k, v in seed.items()}
    missing = sorted(set(by_name) - names)
    if missing:
        raise SeedError("%s: no object %s (has %s)" % (template, ", ".join(missing), ", ".join(
            sorted(n.decode(errors="replace") for n, _ in objs))))
    new = []
    for name, data in objs:
        s = by_name.get(object_name(name))
        if s is not None:
            if len(s) > len(data):
                raise SeedError("seed for %s: %d bytes, the object has %d" % (
                    name.decode(), len(s), len(data)))
            data = s + b"\0" * (len(data) - len(s))
        new.append((name, data))
    write_ktest(path, version, args, sym, new)


def template(cmd, exe, args, work, log, names):
    """A test case of the tool on the program: cmd(bc, outdir, seconds) is
    the tool's command line (real_programs.symx_cmd/klee_cmd); the run is
    short (5 s; 60 s when that gave none: KLEE 3.1 takes longer than 5 s
    to load tcpdump's bitcode) and its first test case holding every object
    in names (a path may end before the program made them all) is copied to
    work/template.ktest."""
    od, want = os.path.join(work, "template-run"), {object_name(k) for k in names}
    for seconds in (5, 60):
        shutil.rmtree(od, ignore_errors=True)
        with open(log, "a") as f:
            subprocess.run(cmd(exe, od, seconds) + args, cwd=os.path.dirname(exe), stdout=f,
                           stderr=subprocess.STDOUT, timeout=seconds * 4 + 120)
        tests = [p for p in sorted(glob.glob(os.path.join(od, "*.ktest")))
                 if want <= {object_name(n) for n, _ in read_ktest(p)[3]}]
        if tests:
            break
    if not tests:
        raise SeedError("a %d s run wrote no test case with the objects %s to take as the "
                        "template (log: %s)" % (seconds, ", ".join(sorted(names)), log))
    t = os.path.join(work, "template.ktest")
    shutil.copyfile(tests[0], t)
    shutil.rmtree(od, ignore_errors=True)
    return t


def seed_file(cmd, prog, exe, args, work, log):
    """WORK/seed1.ktest for this tool, program and arguments."""
    if prog not in SEED_SET_1:
        raise SeedError("no seed set 1 for %s" % prog)
    os.makedirs(work, exist_ok=True)
    path = os.path.join(work, "seed1.ktest")
    fill(template(cmd, exe, args, work, log, SEED_SET_1[prog]), SEED_SET_1[prog], path)
    return path
