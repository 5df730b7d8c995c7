#!/usr/bin/python3
"""Builds symx-musl.bc: musl's C sources (Debian's source package, unpacked
by scripts/fetch-libc) compiled to LLVM bitcode with clang-14 for symx-llvm,
over our "symx" arch overlay (arch/symx: system calls to __symx_syscall,
plain-C atomics, one static thread) and our replacements (src/*.c), then
linked into one module with llvm-link-14.

Only generic C is built: the x86_64 assembly and inline-asm variants under
src/*/x86_64 are left out (their C fallbacks are used), and so are the
allocator (the interpreter's malloc), setjmp/longjmp (builtins of the
interpreter), start-up, threads' creation, the dynamic linker.
Incremental: a .bc newer than its source and the overlay is kept."""
import argparse
import concurrent.futures
import fcntl
import os
import shlex
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# musl's src/ directories built; the others serve nothing a program run by
# the interpreter can do (processes, threads, IPC, the dynamic linker).
DIRS = ["conf", "ctype", "dirent", "env", "errno", "exit", "fcntl", "fenv", "internal",
        "legacy", "linux", "locale", "math", "misc", "mman", "multibyte", "network",
        "passwd", "prng", "regex", "search", "select", "signal", "stat", "stdio", "stdlib",
        "string", "temp", "termios", "thread", "time", "unistd"]

# Files left out, and why.
SKIP = {
    "env/__libc_start_main.c": "start-up: the interpreter calls main",
    "env/__init_tls.c": "start-up: TLS from ELF headers",
    "env/__reset_tls.c": "TLS from ELF headers",
    "env/__stack_chk_fail.c": "canary set up at start-up",
    "internal/vdso.c": "no vDSO",
    "misc/dl_iterate_phdr.c": "ELF program headers",
    "signal/sigsetjmp_tail.c": "sigsetjmp is a builtin",
    "thread/__set_thread_area.c": "one static thread",
    "thread/__unmapself.c": "threads' stacks",
    "thread/clone.c": "no threads created",
    "thread/pthread_create.c": "no threads created",
    "thread/syscall_cp.c": "cancellation",
    "thread/pthread_cancel.c": "cancellation",
    "thread/sem_open.c": "IPC",
    "unistd/vfork.c": "no processes created",
    "unistd/fork.c": "no processes created",
    "linux/clone.c": "no processes created",
}

BYTEWISE = {"multibyte/mbsrtowcs.c"}

# Where the programs we run expect glibc's behaviour and musl differs:
# (text, replacement) in a musl file, built from a patched copy in the work
# directory. A text not found stops the build (another musl release).
PATCHES = {
    # With an option string starting with '-' (GNU's "return in order"),
    # glibc hands a lone "-" back as an operand (1), as any other; musl ends
    # the options there, so `m4 - -DM=6` read stdin and then tried to open
    # a file named -DM=6.
    "misc/getopt.c": [("\tif (!argv[optind][1])\n\t\treturn -1;\n",
                       "\tif (!argv[optind][1]) {\n\t\tif (optstring[0] == '-') {\n"
                       "\t\t\toptarg = argv[optind++];\n\t\t\treturn 1;\n\t\t}\n"
                       "\t\treturn -1;\n\t}\n")],
}

# -O0 without optnone, then a few simplifying passes over the linked module
# (OPT_PASSES): SSA values instead of stack slots, yet none of instcombine's
# idioms (funnel shifts, bswap, saturating arithmetic, relative lookup
# tables), so the interpreter needs no more intrinsics than the program's.
CFLAGS = ["-emit-llvm", "-c", "-O0", "-Xclang", "-disable-O0-optnone", "-std=c99",
          "-ffreestanding", "-fno-builtin", "-nostdinc", "-fno-stack-protector",
          "-D_XOPEN_SOURCE=700", "-w", "-ffp-contract=off"]
OPT_PASSES = "function(sroa,early-cse,simplifycfg,instsimplify)"


def overlay(src, out):
    """arch/symx = musl's arch/x86_64 with our headers on top; generated
    headers (alltypes.h, syscall.h, version.h) as musl's Makefile makes them."""
    arch = os.path.join(out, "arch", "symx")
    if os.path.isdir(arch):
        shutil.rmtree(arch)
    shutil.copytree(os.path.join(src, "arch", "x86_64"), arch)
    mine = os.path.join(HERE, "arch", "symx")
    for f in os.listdir(mine):
        shutil.copy(os.path.join(mine, f), os.path.join(arch, f))
    inc = os.path.join(out, "include", "bits")
    os.makedirs(inc, exist_ok=True)
    alltypes = subprocess.run(
        ["sed", "-f", os.path.join(src, "tools", "mkalltypes.sed"),
         os.path.join(arch, "bits", "alltypes.h.in"),
         os.path.join(src, "include", "alltypes.h.in")],
        check=True, capture_output=True, text=True).stdout
    write_if_changed(os.path.join(inc, "alltypes.h"), alltypes)
    with open(os.path.join(arch, "bits", "syscall.h.in")) as f:
        sc = f.read()
    sc += "".join(l.replace("__NR_", "SYS_") + "\n" for l in sc.splitlines() if "__NR_" in l)
    write_if_changed(os.path.join(inc, "syscall.h"), sc)
    with open(os.path.join(src, "VERSION")) as f:
        ver = f.read().strip()
    internal = os.path.join(out, "src", "internal")
    os.makedirs(internal, exist_ok=True)
    write_if_changed(os.path.join(internal, "version.h"), '#define VERSION "%s"\n' % ver)
    return arch


def write_if_changed(path, text):
    if os.path.exists(path):
        with open(path) as f:
            if f.read() == text:
                return
    with open(path, "w") as f:
        f.write(text)


def patched(src, out, rel):
    """The path of musl's file rel with PATCHES applied, written under
    OUT/patched when it changed (so that an unchanged copy stays built)."""
    with open(os.path.join(src, "src", rel)) as f:
        text = f.read()
    for old, new in PATCHES[rel]:
        if old not in text:
            raise RuntimeError("musl's %s has no %r to patch" % (rel, old[:40]))
        text = text.replace(old, new)
    path = os.path.join(out, "patched", rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    write_if_changed(path, text)
    return path


def sources(src, out_dir):
    """(name, path) of every C file built: musl's (PATCHES applied), ours
    replacing the musl file of the same name (e.g. exit/exit.c) or added
    (src/*.c)."""
    ours = {f: os.path.join(HERE, "src", f) for f in os.listdir(os.path.join(HERE, "src"))
            if f.endswith(".c")}
    out = []
    for d in DIRS:
        for f in sorted(os.listdir(os.path.join(src, "src", d))):
            rel = d + "/" + f
            if not f.endswith(".c") or rel in SKIP:
                continue
            if f in ours:
                continue  # ours replaces it (added below)
            out.append((rel, patched(src, out_dir, rel) if rel in PATCHES else
                        os.path.join(src, "src", d, f)))
    out += [("symx/" + f, p) for f, p in sorted(ours.items())]
    return out


def includes(src, out, arch):
    return ["-I" + arch, "-I" + os.path.join(src, "arch", "generic"),
            "-I" + os.path.join(out, "src", "internal"), "-I" + os.path.join(src, "src", "include"),
            "-I" + os.path.join(src, "src", "internal"), "-I" + os.path.join(out, "include"),
            "-I" + os.path.join(src, "include")]


def flags_of(name):
    """The flags that differ by file. Without __GNUC__ musl's string
    functions go byte by byte: the word-at-a-time loops read past the end of
    a string's object, an out-of-bounds read to the interpreter (harmless
    only within a page of real memory)."""
    return ["-U__GNUC__"] if name.startswith("string/") or name in BYTEWISE else []


def stale(out, name, path, newest_dep):
    bc = os.path.join(out, "bc", name[:-2] + ".bc")
    return not (os.path.exists(bc) and os.path.getmtime(bc) >= max(os.path.getmtime(path), newest_dep))


def cc1_args(clang, flags, out):
    """The front end's (clang -cc1) arguments for the driver's flags, without
    an input, an output or a main file name (clang -### on a probe file)."""
    probe = os.path.join(out, "symx-probe.c")
    if not os.path.exists(probe):
        open(probe, "w").close()
    r = subprocess.run([clang, "-###"] + flags + [probe], capture_output=True, text=True)
    lines = r.stderr.strip().splitlines() if r.returncode == 0 else []
    words = shlex.split(lines[-1]) if lines else []
    if "-cc1" not in words:
        raise RuntimeError("clang -### gave no -cc1 line: %s" % r.stderr.strip()[-300:])
    args, skip = [], False
    for w in words[1:]:
        if skip:
            skip = False
        elif w in ("-o", "-main-file-name"):
            skip = True
        elif w != probe:
            args.append(w)
    return [words[0]] + args


def batches(out, files, newest_dep, size=100):
    """Stale musl files in groups of one folder and the same flags; our own
    files (frontends/llvm/musl/src) one at a time."""
    groups, single = {}, []
    for name, path in files:
        if not stale(out, name, path, newest_dep):
            continue
        if name.startswith("symx/"):
            single.append([(name, path)])
        else:
            groups.setdefault((os.path.dirname(name), tuple(flags_of(name))), []).append((name, path))
    return [g[i:i + size] for g in groups.values() for i in range(0, len(g), size)] + single


def compile_group(clang, src, out, arch, group):
    """One clang process for the group. Starting clang costs more than most
    of musl's files (60 stdio files: 3.8 CPU-s one by one, 0.4 s in one
    front end); the driver starts a front end per input, so
    a group of musl's files goes to one front end (clang -cc1) itself, which
    writes each .bc beside its source (in the unpacked musl we fetched),
    moved from there. Returns the group and clang's message (None: done)."""
    flags = CFLAGS + flags_of(group[0][0]) + includes(src, out, arch)
    os.makedirs(os.path.join(out, "bc", os.path.dirname(group[0][0])), exist_ok=True)
    if len(group) == 1:
        name, path = group[0]
        r = subprocess.run([clang] + flags + [path, "-o", os.path.join(out, "bc", name[:-2] + ".bc")],
                           capture_output=True, text=True)
        return group, (r.stderr.strip() or "failed") if r.returncode else None
    try:
        cc1 = cc1_args(clang, flags, out)
    except (OSError, RuntimeError) as e:
        return group, str(e)
    r = subprocess.run(cc1 + [p for _, p in group], capture_output=True, text=True)
    for name, path in group:
        beside = path[:-2] + ".bc"
        if os.path.exists(beside):
            os.replace(beside, os.path.join(out, "bc", name[:-2] + ".bc"))
    return group, (r.stderr.strip() or "failed") if r.returncode else None


def newest(paths):
    return max(os.path.getmtime(p) for p in paths)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", required=True, help="unpacked musl source")
    ap.add_argument("--out", required=True, help="work directory")
    ap.add_argument("--output", required=True, help="the linked .bc")
    ap.add_argument("--clang", default="clang-14")
    ap.add_argument("--llvm-link", default="llvm-link-14")
    ap.add_argument("--opt", default="opt-14")
    ap.add_argument("-j", type=int, default=2)
    a = ap.parse_args()
    a.src, a.out = os.path.abspath(a.src), os.path.abspath(a.out)
    os.makedirs(a.out, exist_ok=True)
    # the work directory is shared by build directories: one build at a time
    lock = open(os.path.join(a.out, ".lock"), "w")
    fcntl.flock(lock, fcntl.LOCK_EX)
    arch = overlay(a.src, a.out)
    deps = [os.path.join(HERE, "arch", "symx", f) for f in os.listdir(os.path.join(HERE, "arch", "symx"))]
    dep_time = max(newest(deps), os.path.getmtime(__file__))
    try:
        files = sources(a.src, a.out)
    except (OSError, RuntimeError) as e:
        print("musl: %s" % e, file=sys.stderr)
        return 1
    failed = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.j) as ex:
        futs = [ex.submit(compile_group, a.clang, a.src, a.out, arch, g)
                for g in batches(a.out, files, dep_time)]
        for fu in futs:
            group, err = fu.result()
            if err:
                failed.append((group, err))
    for group, err in failed:
        print("musl: %s%s: %s" % (group[0][0], " .. " + group[-1][0] if len(group) > 1 else "",
                                  err.splitlines()[0] if err else "?"), file=sys.stderr)
    if failed:
        return 1
    bcs = [os.path.join(a.out, "bc", name[:-2] + ".bc") for name, _ in files]
    # An @-file: the command line of ~1,500 paths is long.
    rsp = os.path.join(a.out, "link.rsp")
    with open(rsp, "w") as f:
        f.write("\n".join(bcs) + "\n")
    linked = os.path.join(a.out, "linked.bc")
    subprocess.run([a.llvm_link, "@" + rsp, "-o", linked], check=True)
    subprocess.run([a.opt, "-passes=" + OPT_PASSES, linked, "-o", a.output], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
