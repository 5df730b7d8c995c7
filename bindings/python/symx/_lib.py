"""Loads libsymx through cffi in ABI mode (nothing is compiled).

The header is found next to the package (installed copy, symx.h) or in the
source tree (include/symx.h); the shared library through, in order:
  1. the environment variable SYMX_LIB (a path to libsymx.so);
  2. installed (meson wrote _install.py beside us): the libsymx.so.MAJOR
     of the libdir installed with this package, then that soname through
     the dynamic loader (ld.so.cache, LD_LIBRARY_PATH);
     from the source tree instead: build/libsymx.so (or its soname link)
     under the repository root, then any build*/ one there (newest first);
  3. ctypes.util.find_library("symx"), then the usual library directories.
"""
import ctypes.util
import glob
import os
import re

from cffi import FFI

from ._header import cdef_from_header

try:
    from . import _install
except ImportError:  # the source tree's package
    _install = None

_PKG = os.path.dirname(os.path.abspath(__file__))
# bindings/python/symx -> repository root
_ROOT = os.path.normpath(os.path.join(_PKG, "..", "..", ".."))


def _header_path():
    cands = [os.environ.get("SYMX_HEADER"),
             os.path.join(_PKG, "symx.h"),
             os.path.join(_ROOT, "include", "symx.h"),
             "/usr/local/include/symx.h", "/usr/include/symx.h"]
    for c in cands:
        if c and os.path.isfile(c):
            return c
    raise ImportError("symx: cannot find symx.h (set SYMX_HEADER)")


def _built(d):
    """The library in build folder d: libsymx.so, else its soname link
    libsymx.so.MAJOR (a reconfigured build folder may have lost the former:
    meson's clean-up of outputs the build no longer declares)."""
    names = [os.path.join(d, "libsymx.so")]
    names += sorted(p for p in glob.glob(os.path.join(d, "libsymx.so.*"))
                    if re.fullmatch(r"libsymx\.so\.\d+", os.path.basename(p)))
    return [p for p in names if os.path.exists(p)][:1]


def library_candidates():
    """Where the shared library is looked for, in order."""
    out = []
    env = os.environ.get("SYMX_LIB")
    if env:
        return [env]
    if _install:
        out.append(os.path.normpath(os.path.join(_PKG, _install.LIBDIR, _install.SONAME)))
        out.append(_install.SONAME)
    else:
        out += _built(os.path.join(_ROOT, "build"))
        others = [p for d in glob.glob(os.path.join(_ROOT, "build*"))
                  for p in _built(d) if p not in out]
        others.sort(key=lambda p: -os.path.getmtime(p))
        out += others
    found = ctypes.util.find_library("symx")
    if found:
        out.append(found)
    for d in ("/usr/local/lib", "/usr/local/lib64", "/usr/lib", "/usr/lib64",
              "/usr/local/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu"):
        out.append(os.path.join(d, "libsymx.so"))
    return out


def _load():
    ffi = FFI()
    with open(_header_path()) as fh:
        cdef, consts = cdef_from_header(fh.read())
    ffi.cdef(cdef)
    errs = []
    for path in library_candidates():
        if os.sep in path and not os.path.exists(path):
            continue
        try:
            return ffi, ffi.dlopen(path), consts, path
        except OSError as e:
            errs.append(f"{path}: {e}")
    raise ImportError("symx: cannot load libsymx (set SYMX_LIB): " + "; ".join(errs or ["not found"]))


ffi, lib, C, LIBRARY_PATH = _load()
