#!/usr/bin/python3
"""symx-cc — clang-14 for ordinary builds (CC=symx-cc ./configure && make)
whose every linked program PROG also gets PROG.bc: one LLVM bitcode module
of the program's own code, without libc, for symx-llvm (or KLEE). A shared
library LIB.so gets LIB.so.bc likewise (symx-llvm PROG.bc LIB.so.bc links
them).

How: every C source is compiled twice, the native object with the user's
flags, and bitcode for symbolic execution (the user's flags without
optimization, code generation and dependency options; -O0 -g), which goes
into the object as a section .llvmbc. Linkers concatenate that section,
from archive members too, so a linked program holds the bitcode of exactly
the objects it contains (libc's objects have none). After a link the
section is split into its modules and joined with llvm-link.

Environment: SYMX_CC_BCFLAGS, more flags for the bitcode compile (e.g.
-O1 -Xclang -disable-llvm-passes); SYMX_CC_LOG, a file for our messages
(default stderr; configure takes any stderr output of some checks as a
failure, so a build may want them elsewhere); SYMX_CC_CLANG, the compiler.
"""
import os
import shlex
import shutil
import struct
import subprocess
import sys
import tempfile

CLANG = os.environ.get("SYMX_CC_CLANG") or "@CLANG@"
LLVM_LINK = "@LLVM_LINK@"
LLVM_NM = "@LLVM_NM@"
OBJCOPY = "@OBJCOPY@"
SECTION = ".llvmbc"

# options whose value is the next argument
TAKES_VALUE = {"-o", "-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote",
               "-idirafter", "-iprefix", "-iwithprefix", "-isysroot", "-L", "-x", "-MF",
               "-MT", "-MQ", "-Xlinker", "-Xclang", "-Xassembler", "-Xpreprocessor", "-T",
               "-u", "-e", "-z", "-target", "-arch", "--param", "-mllvm", "-aux-info"}
# runs that make no object: clang alone
PASS_THROUGH = {"-E", "-S", "-M", "-MM", "-fsyntax-only", "-emit-llvm", "-###", "--version",
                "-dumpversion", "-dumpmachine", "-dumpspecs", "--help", "-"}
# options of the native build the bitcode compile leaves out (prefixes)
NOT_FOR_BITCODE = ("-O", "-g", "-flto", "-fembed-bitcode", "-fprofile", "-fcoverage",
                   "-ftest-coverage", "-fsanitize", "-save-temps", "-Werror", "-pg", "-MD",
                   "-MMD", "-MP", "-Wl,", "-l", "-L", "-shared", "-static", "-rdynamic",
                   "-pie", "-no-pie", "-Xlinker", "-fstack-protector", "-fcf-protection")
BITCODE_FLAGS = ["-emit-llvm", "-c", "-O0", "-Xclang", "-disable-O0-optnone", "-g", "-w",
                 "-fno-discard-value-names"]
SOURCE_EXT = (".c", ".i")


def say(msg):
    log = os.environ.get("SYMX_CC_LOG")
    line = "symx-cc: %s\n" % msg
    if log:
        with open(log, "a") as f:
            f.write(line)
    else:
        sys.stderr.write(line)


def parse(args):
    """(options as (opt, value|None) pairs, positional inputs) of a command."""
    opts, inputs, i = [], [], 0
    while i < len(args):
        a = args[i]
        if a in TAKES_VALUE and i + 1 < len(args):
            opts.append((a, args[i + 1]))
            i += 2
            continue
        if a.startswith("-") and a != "-":
            opts.append((a, None))
        else:
            inputs.append(a)
        i += 1
    return opts, inputs


def flat(opts):
    out = []
    for o, v in opts:
        out += [o] if v is None else [o, v]
    return out


def bitcode_flags(opts):
    """The user's options that matter for the bitcode of a source."""
    keep = [(o, v) for o, v in opts
            if o not in ("-o", "-c", "-MF", "-MT", "-MQ") and not o.startswith(NOT_FOR_BITCODE)]
    return flat(keep) + BITCODE_FLAGS + shlex.split(os.environ.get("SYMX_CC_BCFLAGS", ""))


def add_bitcode(src, obj, opts, tmp):
    """Compiles src to bitcode and puts it into obj's .llvmbc section."""
    if not os.path.isfile(obj):  # -o /dev/null
        return
    bc = os.path.join(tmp, os.path.basename(obj) + ".bc")
    r = subprocess.run([CLANG] + bitcode_flags(opts) + [src, "-o", bc],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        say("%s: no bitcode (the bitcode compile failed): %s" % (src, r.stderr.strip()[:500]))
        return
    r = subprocess.run([OBJCOPY, "--add-section", "%s=%s" % (SECTION, bc),
                        "--set-section-flags", SECTION + "=readonly", obj],
                       stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        say("%s: cannot add the bitcode: %s" % (obj, r.stderr.strip()[:500]))


def object_name(src, opts):
    out = [v for o, v in opts if o == "-o"]
    if out:
        return out[-1]
    return os.path.splitext(os.path.basename(src))[0] + ".o"


def elf_section(path, name):
    """The bytes of section name of an ELF64 little-endian file, or None."""
    with open(path, "rb") as f:
        return elf_section_of(f.read(), name)


def elf_section_of(data, name):
    """elf_section of a file's bytes."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        return None
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    def header(k):
        return struct.unpack_from("<IIQQQQ", data, shoff + k * shentsize)
    strtab = header(shstrndx)[4]
    for k in range(shnum):
        nm, _typ, _flags, _addr, off, size = header(k)
        end = data.index(b"\0", strtab + nm)
        if data[strtab + nm:end] == name.encode():
            return data[off:off + size]
    return None


def split_modules(blob):
    """The bitcode modules concatenated in blob: each is the magic 'BC' 0xC0DE
    and top-level blocks (abbreviation width 2: a 32-bit header word with
    ENTER_SUBBLOCK, then the block's length in 32-bit words)."""
    mods, off, start = [], 0, None
    while off + 4 <= len(blob):
        word = blob[off:off + 4]
        if word == b"BC\xc0\xde":
            if start is not None:
                mods.append(blob[start:off])
            start, off = off, off + 4
        elif start is not None and word[0] & 3 == 1 and off + 8 <= len(blob):
            words, = struct.unpack_from("<I", blob, off + 4)
            off += 8 + 4 * words
        elif word == b"\0\0\0\0":
            off += 4  # padding between sections
        else:
            raise ValueError("unexpected bytes at offset %d of the bitcode" % off)
    if start is not None:
        mods.append(blob[start:min(off, len(blob))])
    return mods


def write_modules(blob, tmp, tag):
    """The bitcode modules of a .llvmbc section, each written to a file."""
    files = []
    for k, m in enumerate(split_modules(blob)):
        files.append(os.path.join(tmp, "%s_%d.bc" % (tag, k)))
        with open(files[-1], "wb") as f:
            f.write(m)
    return files


def program_bitcode(exe, archives, tmp):
    """exe.bc from the bitcode sections exe holds, and the archive members
    its bitcode still needs."""
    try:
        blob = elf_section(exe, SECTION)
        files = write_modules(blob, tmp, "m") if blob else []
    except (OSError, ValueError, struct.error) as e:
        say("%s: cannot read its bitcode: %s" % (exe, e))
        return
    if not files:
        say("%s: no bitcode in it (no object compiled by symx-cc)" % exe)
        return
    r = subprocess.run([LLVM_LINK, "-o", exe + ".bc"] + files, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        say("%s.bc: llvm-link failed: %s" % (exe, r.stderr.strip()[:500]))
        return
    add_needed_members(exe + ".bc", archives, tmp)


def archive_members(path):
    """(name, bytes) of each member of an ar archive (GNU long names too)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"!<arch>\n":
        return []
    off, names, out = 8, b"", []
    while off + 60 <= len(data):
        name = data[off:off + 16].decode("latin-1").rstrip()
        size = int(data[off + 48:off + 58].decode("latin-1").strip() or 0)
        body = data[off + 60:off + 60 + size]
        if name == "//":
            names = body
        elif name[:1] == "/" and name[1:].isdigit():
            k = int(name[1:])
            out.append((names[k:names.index(b"/\n", k)].decode("latin-1"), body))
        elif name not in ("/", "/SYM64/"):
            out.append((name.rstrip("/"), body))
        off += 60 + size + (size & 1)
    return out


def symbols(bc, which):
    r = subprocess.run([LLVM_NM, which, "--just-symbol-name", bc],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return set(r.stdout.split())


def add_needed_members(bc, archives, tmp):
    """Links into bc the archive members whose bitcode defines a function or
    variable bc lacks, until none does. The native link may leave such a
    member out: at -O2 it inlined every call of the member's extern inline
    functions (gnulib's gl_oset, gl_list), which the -O0 bitcode still makes."""
    pool = []
    # a link line may name an archive twice (coreutils: lib/libcoreutils.a
    # before and after libintl): its members once, or llvm-link finds each
    # function they define twice
    real = [os.path.realpath(a) for a in archives]
    archives = [a for k, a in enumerate(archives) if real[k] not in real[:k]]
    for i, a in enumerate(archives):
        try:
            members = archive_members(a)
        except (OSError, ValueError) as e:
            say("%s: cannot read it: %s" % (a, e))
            continue
        for k, (_name, body) in enumerate(members):
            try:
                blob = elf_section_of(body, SECTION)
                files = write_modules(blob, tmp, "a%d_%d" % (i, k)) if blob else []
            except (ValueError, struct.error, IndexError):
                continue
            pool += [(f, symbols(f, "--defined-only")) for f in files]
    while pool:
        undef = symbols(bc, "--undefined-only")
        pick, have = [], set()
        for f, d in pool:  # the first of two members defining one symbol
            if d & undef and not d & have:
                pick.append(f)
                have |= d
        if not pick:
            return
        pool = [(f, d) for f, d in pool if f not in pick]
        r = subprocess.run([LLVM_LINK, "-o", bc, bc] + pick, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            say("%s: linking archive members failed: %s" % (bc, r.stderr.strip()[:500]))
            return


def link_archives(opts, inputs):
    """The static archives of a link line: inputs NAME.a, and -lNAME found
    as libNAME.a in the line's own -L directories (the system's archives
    hold no bitcode of ours)."""
    out = [a for a in inputs if a.endswith(".a") and os.path.isfile(a)]
    dirs = [v if v is not None else "" for o, v in opts if o == "-L"]
    dirs += [o[2:] for o, v in opts if o.startswith("-L") and v is None and len(o) > 2]
    for o, _v in opts:
        if o.startswith("-l") and len(o) > 2:
            for d in dirs:
                f = os.path.join(d, "lib%s.a" % o[2:])
                if os.path.isfile(f):
                    out.append(f)
                    break
    return out


def compile_only(args, opts, sources, tmp):
    rc = subprocess.run([CLANG] + args).returncode
    if rc == 0:
        for s in sources:
            add_bitcode(s, object_name(s, opts), opts, tmp)
    return rc


def link(args, opts, inputs, sources, tmp):
    """Compiles the sources of a link line into objects of ours, then links."""
    compile_opts = [(o, v) for o, v in opts
                    if o != "-o" and not o.startswith(("-l", "-L", "-Wl,", "-Xlinker", "-shared",
                                                       "-static", "-rdynamic", "-pie", "-no-pie"))]
    line = list(args)
    for k, s in enumerate(sources):
        obj = os.path.join(tmp, "s%d.o" % k)
        rc = subprocess.run([CLANG] + flat(compile_opts) + ["-c", s, "-o", obj]).returncode
        if rc != 0:
            return rc
        add_bitcode(s, obj, compile_opts, tmp)
        line[line.index(s)] = obj
    rc = subprocess.run([CLANG] + line).returncode
    if rc == 0 and not any(o in ("-r", "-c") for o, _ in opts):  # -r: sections carry on
        out = [v for o, v in opts if o == "-o"]
        program_bitcode(out[-1] if out else "a.out", link_archives(opts, inputs), tmp)
    return rc


def main(args):
    opts, inputs = parse(args)
    names = {o for o, _ in opts} | set(inputs)
    xlang = [v for o, v in opts if o == "-x"]
    if (not inputs or names & PASS_THROUGH or any(o.startswith("-print-") for o, _ in opts)
            or any(x not in ("c", "none") for x in xlang)):
        os.execvp(CLANG, [CLANG] + args)
    sources = [a for a in inputs if a.endswith(SOURCE_EXT)]
    tmp = tempfile.mkdtemp(prefix="symx-cc-")
    try:
        if "-c" in names:
            return compile_only(args, opts, sources, tmp)
        return link(args, opts, inputs, sources, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
