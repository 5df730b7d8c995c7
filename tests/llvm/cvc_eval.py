"""cvc_eval.py — reads the CVC text symx-llvm writes (--write-cvcs: STP's
presentation language, the subset symx_cvc_query prints) and evaluates it
under concrete inputs: an oracle for the .cvc files without STP.

parse(text) -> (arrays {name: index width}, asserts [formula ASTs], query)
holds(ast, inputs) -> bool, inputs {array name: bytes} (bytes past the end
of an input read 0, as ours; constant arrays are given by their ASSERTs).
"""
import re

TOKEN = re.compile(r"\s*(?:(0hex[0-9a-fA-F]+|0bin[01]+)|([A-Za-z][A-Za-z0-9_?$']*)|(\d+)|"
                   r"(:=|[()\[\],;:=@&|~]))")


def tokens(text):
    text = re.sub(r"%[^\n]*", "", text)
    pos, out = 0, []
    while True:
        m = TOKEN.match(text, pos)
        if not m:
            if text[pos:].strip():
                raise ValueError("bad CVC text at %r" % text[pos:pos + 40])
            return out
        pos = m.end()
        c, ident, num, op = m.groups()
        if c:
            base = 16 if c.startswith("0hex") else 2
            digits = c[4:]
            out.append(("const", int(digits, base), len(digits) * (4 if base == 16 else 1)))
        elif ident:
            out.append(("id", ident))
        elif num:
            out.append(("num", int(num)))
        else:
            out.append(("op", op))


class Parser:
    FUNCS = {"BVPLUS", "BVSUB", "BVMULT", "BVDIV", "SBVDIV", "BVMOD", "SBVREM"}
    CMPS = {"BVLT", "BVLE", "BVGT", "BVGE", "BVSLT", "BVSLE", "BVSGT", "BVSGE"}

    def __init__(self, toks):
        self.t, self.i = toks, 0

    def peek(self, k=0):
        return self.t[self.i + k] if self.i + k < len(self.t) else ("eof",)

    def take(self, want=None):
        tok = self.peek()
        if want and tok[1:2] != (want,):
            raise ValueError("expected %s, got %r" % (want, tok))
        self.i += 1
        return tok

    def formula(self):
        f = self.formula1()
        while self.peek() == ("id", "OR"):
            self.take()
            f = ("or", f, self.formula1())
        return f

    def formula1(self):
        tok = self.peek()
        if tok == ("id", "LET"):
            self.take()
            binds = []
            while True:
                name = self.take()[1]
                self.take("=")
                binds.append((name, self.term()))
                if self.peek() != ("op", ","):
                    break
                self.take()
            self.take("IN")
            return ("let", binds, self.formula())
        if tok[0] == "id" and tok[1] in self.CMPS:
            self.take()
            self.take("(")
            a = self.term()
            self.take(",")
            b = self.term()
            self.take(")")
            return ("cmp", tok[1], a, b)
        if tok == ("id", "FALSE") or tok == ("id", "TRUE"):
            self.take()
            return ("bool", tok[1] == "TRUE")
        a = self.term()
        self.take("=")
        return ("eq", a, self.term())

    def term(self):
        t = self.term1()
        while self.peek() == ("op", "["):  # a read, or an extraction of a parenthesized term
            self.take()
            a = self.term() if self.peek(1) != ("op", ":") else None
            if a is None:
                hi = self.take()[1]
                self.take(":")
                lo = self.take()[1]
                self.take("]")
                t = ("extract", t, hi, lo)
            else:
                self.take("]")
                t = ("read", t, a)
        return t

    def term1(self):
        tok = self.take()
        if tok[0] == "const":
            return tok
        if tok == ("op", "("):
            if self.peek() == ("op", "~"):
                self.take()
                t = ("not", self.term())
            else:
                t = self.term()
                op = self.peek()
                if op == ("id", "WITH"):
                    self.take()
                    self.take("[")
                    i = self.term()
                    self.take("]")
                    self.take(":=")
                    t = ("write", t, i, self.term())
                elif op in (("op", "@"), ("op", "&"), ("op", "|")):
                    self.take()
                    t = (op[1], t, self.term())
            self.take(")")
            if self.peek() == ("op", "[") and self.peek(2) == ("op", ":"):
                self.take()
                hi = self.take()[1]
                self.take(":")
                lo = self.take()[1]
                self.take("]")
                t = ("extract", t, hi, lo)
            return t
        if tok == ("id", "IF"):
            arms = []
            while True:
                c = self.formula()
                self.take("THEN")
                arms.append((c, self.term()))
                k = self.take()
                if k == ("id", "ELSE"):
                    e = self.term()
                    self.take("ENDIF")
                    return ("ite", arms, e)
                if k != ("id", "ELSIF"):
                    raise ValueError("IF: %r" % (k,))
        if tok[0] == "id" and tok[1] in self.FUNCS:
            self.take("(")
            w = self.take()[1]
            self.take(",")
            a = self.term()
            self.take(",")
            b = self.term()
            self.take(")")
            return ("arith", tok[1], w, a, b)
        if tok[0] == "id" and tok[1] in ("BVSX", "BVUMINUS", "BVXOR"):
            self.take("(")
            a = self.term()
            b = None
            if tok[1] != "BVUMINUS":
                self.take(",")
                b = self.take()[1] if tok[1] == "BVSX" else self.term()
            self.take(")")
            return (tok[1], a, b)
        if tok[0] == "id":
            return ("var", tok[1])
        raise ValueError("unexpected %r" % (tok,))


def parse(text):
    p = Parser(tokens(text))
    arrays, asserts, query = {}, [], None
    while p.peek()[0] != "eof":
        tok = p.take()
        if tok[0] == "id" and p.peek() == ("op", ":"):
            p.take()
            p.take("ARRAY")
            p.take("BITVECTOR")
            p.take("(")
            arrays[tok[1]] = p.take()[1]
            p.take(")")
            p.take("OF")
            p.take("BITVECTOR")
            p.take("(")
            p.take()
            p.take(")")
        elif tok == ("id", "ASSERT"):
            p.take("(")
            asserts.append(p.formula())
            p.take(")")
        elif tok == ("id", "QUERY"):
            p.take("(")
            query = p.formula()
            p.take(")")
        else:
            raise ValueError("unexpected %r" % (tok,))
        p.take(";")
    return arrays, asserts, query


def _signed(v, w):
    return v - (1 << w) if v >> (w - 1) & 1 else v


def _arith(op, w, a, b):
    m = (1 << w) - 1
    if op == "BVPLUS":
        return (a + b) & m
    if op == "BVSUB":
        return (a - b) & m
    if op == "BVMULT":
        return (a * b) & m
    if b == 0:
        raise ValueError("%s by zero reached (the printer guards it)" % op)
    if op == "BVDIV":
        return a // b
    if op == "BVMOD":
        return a % b
    sa, sb = _signed(a, w), _signed(b, w)
    q = abs(sa) // abs(sb) * (1 if (sa < 0) == (sb < 0) else -1)
    return (q if op == "SBVDIV" else sa - q * sb) & m


class Env:
    def __init__(self, inputs, arrays):
        self.inputs, self.arrays, self.lets = inputs, arrays, {}

    def term(self, t):
        """(value, width) of a bit-vector term; arrays as ('array', dict)."""
        k = t[0]
        if k == "const":
            return t[1], t[2]
        if k == "var":
            if t[1] in self.lets:
                return self.lets[t[1]]
            return ("array", t[1])
        if k == "read":
            arr, idx = self.term(t[1]), self.term(t[2])[0]
            return self.read(arr, idx), 8
        if k == "write":
            base, i, v = self.term(t[1]), self.term(t[2])[0], self.term(t[3])[0]
            return ("write", base, i, v)
        if k == "extract":
            v, _ = self.term(t[1])
            return (v >> t[3]) & ((1 << (t[2] - t[3] + 1)) - 1), t[2] - t[3] + 1
        if k in ("@", "&", "|"):
            (a, wa), (b, wb) = self.term(t[1]), self.term(t[2])
            if k == "@":
                return a << wb | b, wa + wb
            return (a & b if k == "&" else a | b), wa
        if k == "not":
            a, w = self.term(t[1])
            return ~a & ((1 << w) - 1), w
        if k == "ite":
            for c, v in t[1]:
                if self.formula(c):
                    return self.term(v)
            return self.term(t[2])
        if k == "arith":
            return _arith(t[1], t[2], self.term(t[3])[0], self.term(t[4])[0]), t[2]
        if k == "BVSX":
            a, w = self.term(t[1])
            return _signed(a, w) & ((1 << t[2]) - 1), t[2]
        if k == "BVUMINUS":
            a, w = self.term(t[1])
            return -a & ((1 << w) - 1), w
        if k == "BVXOR":
            (a, w), (b, _) = self.term(t[1]), self.term(t[2])
            return a ^ b, w
        raise ValueError("term %r" % (k,))

    def read(self, arr, idx):
        while arr[0] == "write":
            if arr[2] == idx:
                return arr[3]
            arr = arr[1]
        data = self.inputs.get(arr[1], b"")
        return data[idx] if idx < len(data) else 0

    def formula(self, f):
        k = f[0]
        if k == "bool":
            return f[1]
        if k == "or":
            return self.formula(f[1]) or self.formula(f[2])
        if k == "eq":
            return self.term(f[1])[0] == self.term(f[2])[0]
        if k == "cmp":
            (a, w), (b, _) = self.term(f[2]), self.term(f[3])
            if f[1].startswith("BVS"):
                a, b = _signed(a, w), _signed(b, w)
            op = f[1][-2:]
            return {"LT": a < b, "LE": a <= b, "GT": a > b, "GE": a >= b}[op]
        if k == "let":
            saved = dict(self.lets)
            for name, t in f[1]:
                self.lets[name] = self.term(t)
            r = self.formula(f[2])
            self.lets = saved
            return r
        raise ValueError("formula %r" % (k,))


def const_arrays(arrays, asserts):
    """Bytes of the constant arrays from their ASSERT(c[i] = v) lines; the
    other asserts."""
    data, rest = {}, []
    for f in asserts:
        if f[0] == "eq" and f[1][0] == "read" and f[1][1][0] == "var" and \
                f[1][2][0] == "const" and f[2][0] == "const" and f[1][1][1].startswith("c?"):
            buf = data.setdefault(f[1][1][1], bytearray())
            i = f[1][2][1]
            buf.extend(b"\0" * (i + 1 - len(buf)))
            buf[i] = f[2][1]
        else:
            rest.append(f)
    return {k: bytes(v) for k, v in data.items()}, rest


def holds(f, inputs, arrays):
    return Env(inputs, arrays).formula(f)
