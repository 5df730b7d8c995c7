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
