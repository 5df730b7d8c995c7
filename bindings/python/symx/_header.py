"""Turns include/symx.h into a cffi cdef, so the Python layer cannot drift
from the C header (the header is the contract; nothing is copied by hand).

cdef_from_header(text) -> (cdef, constants)
  cdef       the declarations with comments, preprocessor lines, SYMX_API and
             C++-only blocks removed: what ffi.cdef() accepts.
  constants  {name: int} of every '#define NAME <integer>' (result codes,
             SAT answers, iterator codes, the version number).
"""
import re

_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_DEFINE_INT = re.compile(r"#\s*define\s+([A-Za-z_]\w*)\s+(-?(?:0[xX][0-9a-fA-F]+|\d+))[uUlL]*\s*$")
_DEFINE_STR = re.compile(r'#\s*define\s+([A-Za-z_]\w*)\s+"([^"]*)"\s*$')
_DIRECTIVE = re.compile(r"#\s*(\w+)\s*(.*)$")


def _branch_taken(kind, arg):
    """Which conditionals the cdef sees: never C++-only code; everything else
    (include guards, the SYMX_API platform switch) is kept, since its
    content is either declarations or defines dropped anyway."""
    if kind in ("ifdef", "if", "elif") and "__cplusplus" in arg:
        return False
    return True


def cdef_from_header(text):
    """Returns (cdef_text, constants) for the text of symx.h."""
    text = _COMMENT.sub(" ", text)
    # Join continuation lines of macros.
    text = re.sub(r"\\\n", " ", text)
    out, consts = [], {}
    # Stack of (this branch taken, some branch of the group taken, parent live).
    stack = []
    live = True
    for line in text.split("\n"):
        s = line.strip()
        m = _DIRECTIVE.match(s) if s.startswith("#") else None
        if m:
            kind, arg = m.group(1), m.group(2).strip()
            if kind in ("if", "ifdef", "ifndef"):
                taken = _branch_taken(kind, arg)
                stack.append([taken, taken, live])
                live = live and taken
            elif kind == "elif":
                top = stack[-1]
                taken = (not top[1]) and _branch_taken(kind, arg)
                top[0], top[1] = taken, top[1] or taken
                live = top[2] and taken
            elif kind == "else":
                top = stack[-1]
                taken = not top[1]
                top[0], top[1] = taken, True
                live = top[2] and taken
            elif kind == "endif":
                live = stack.pop()[2]
            elif kind == "define" and live:
                d = _DEFINE_INT.match(s)
                if d:
                    consts[d.group(1)] = int(d.group(2), 0)
                else:
                    d = _DEFINE_STR.match(s)
                    if d:
                        consts[d.group(1)] = d.group(2)
            continue
        if not live or not s:
            continue
        out.append(re.sub(r"\bSYMX_API\b\s*", "", line).rstrip())
    if stack:
        raise ValueError("symx.h: unbalanced #if/#endif")
    return "\n".join(out) + "\n", consts
