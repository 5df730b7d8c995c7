#!/usr/bin/python3
"""llvmir.py — what the tests read of LLVM IR text (clang -S -emit-llvm):
its defined functions' blocks and the source lines of !dbg locations; the
oracles of directed.py (distances) and concolic.py (control dependence)."""
import re


def parse_ll(text):
    """Defined functions of an .ll text: name -> list of blocks, each a dict
    (label, instrs: list of instruction texts, a switch's lines joined)."""
    fns, cur, block, pending = {}, None, None, None
    for ln in text.split("\n"):
        if ln.startswith("define "):
            name = re.search(r"@([\w.$\"]+)\(", ln).group(1)
            cur = fns[name] = []
            block = {"label": None, "instrs": []}
            cur.append(block)
            continue
        if cur is None:
            continue
        if ln.startswith("}"):
            cur = None
            continue
        m = re.match(r"^([\w.$\-]+):", ln)
        if m:
            if block["instrs"]:
                block = {"label": None, "instrs": []}
                cur.append(block)
            block["label"] = m.group(1)  # the entry block may be named too
            continue
        s = ln.strip()
        if not s or s.startswith(";"):
            continue
        if pending is not None:  # inside a switch's case list
            pending[-1] += " " + s
            if s.startswith("]"):
                pending = None
            continue
        block["instrs"].append(s)
        if s.startswith("switch ") and not s.endswith("]"):
            pending = block["instrs"]
    return fns


def dbg_lines(text):
    """!N -> source line, of every DILocation."""
    return {m.group(1): int(m.group(2)) for m in
            re.finditer(r"^!(\d+) = (?:distinct )?!DILocation\(line: (\d+)", text, re.M)}


def ins_line(ins, locs):
    """The source line of an instruction's text (None without !dbg)."""
    m = re.search(r"!dbg !(\d+)", ins)
    return locs.get(m.group(1)) if m else None


# ------------------------------------------- calls through pointers (types)

_ATTRS = {"internal", "private", "dso_local", "hidden", "protected", "noundef", "zeroext",
          "signext", "inreg", "noalias", "nonnull", "fastcc", "ccc", "coldcc", "tail", "musttail",
          "notail", "linkonce_odr", "weak", "weak_odr", "available_externally", "local_unnamed_addr",
          "unnamed_addr", "external", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc",
          "fast"}


def _split_top(s):
    """s split at the commas outside (), {}, [], <>."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "({[<":
            depth += 1
        elif ch in ")}]>":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _lead_type(s):
    """The type at the start of an argument or parameter's text."""
    s = s.strip()
    if s[:1] in "{<[":
        depth = 0
        for i, ch in enumerate(s):
            depth += ch in "{<[("
            depth -= ch in "}>])"
            if depth == 0:
                return s[:i + 1] + re.match(r"\**", s[i + 1:]).group(0)
    return s.split()[0]


def _strip_attrs(s):
    words = [w for w in re.sub(r"\w+\(\d+\)|align \d+", " ", s).split() if w not in _ATTRS]
    return " ".join(words)


def shape(ty):
    """A type as a call through a pointer compares it (escaping.c's
    same_shape): pointers alike, integers by width, others as written."""
    ty = ty.strip()
    return "ptr" if ty.endswith("*") or ty == "ptr" else ty


def _sig(ret, params, vararg):
    return (shape(ret), tuple(shape(p) for p in params), vararg)


def fn_sigs(text):
    """Defined functions: name -> (return shape, parameter shapes, varargs)."""
    out = {}
    for ln in text.split("\n"):
        if not ln.startswith("define "):
            continue
        m = re.match(r"define\s+(.*?)@([\w.$\"]+)\(", ln)
        depth, i = 0, m.end() - 1
        for j in range(i, len(ln)):
            depth += ln[j] == "("
            depth -= ln[j] == ")"
            if depth == 0:
                break
        params = _split_top(ln[i + 1:j])
        vararg = "..." in params
        params = [_lead_type(p) for p in params if p != "..."]
        out[m.group(2)] = _sig(_strip_attrs(m.group(1)), params, vararg)
    return out


def indirect_sig(ins):
    """The signature of a call through a pointer (callee %name), or None."""
    m = re.search(r"(?:^|\s)call\s+(.*?)\s*%[\w.$\-]+\(", ins)  # not %call
    if not m:
        return None
    head, i = m.group(1), m.end() - 1
    depth = 0
    for j in range(i, len(ins)):
        depth += ins[j] == "("
        depth -= ins[j] == ")"
        if depth == 0:
            break
    head = _strip_attrs(head)
    if head.endswith(")"):  # the function type written out: ret (params)
        k = head.index("(")
        params = _split_top(head[k + 1:-1])
        return _sig(head[:k], [p for p in params if p != "..."], "..." in params)
    return _sig(head, [_lead_type(a) for a in _split_top(ins[i + 1:j])], False)


def address_taken(text, names):
    """Of the functions names, those whose address is used other than as a
    call's callee (escaping.c's sxl_fn_escapes)."""
    out = set()
    for ln in text.split("\n"):
        if ln.startswith("define ") or ln.startswith("declare ") or "@" not in ln:
            continue
        for m in re.finditer(r"@([\w.$]+)", ln):
            if m.group(1) not in names:
                continue
            pre, post = ln[:m.start()], ln[m.end():]
            callee = re.search(r"\bcall\b[^@]*$", pre) and (
                post.startswith("(") or re.match(r"\s+to\s+[^@]*?\)\s*\(", post))
            if not callee:
                out.add(m.group(1))
    return out
