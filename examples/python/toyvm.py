"""toyvm.py — the toyvm assembly (examples/toyvm/toyvm.h) interpreted in
Python on top of symx: a parser, a concrete interpreter and a symbolic
interpreter whose step function drives symx.Engine.

Machine: 16 registers of 32 bits, 256 bytes of memory (addresses wrap), a
value stack and a call stack; one instruction a line, "name:" labels, ';'
or '#' comments. See examples/toyvm/toyvm.h for the instruction set.

A path is identified by its hash: every executed br folds (pc, taken) in,
and an assertion failure folds (pc, FAIL), in the concrete and the symbolic
interpreter alike (the same hash as the C toyvm), so symbolic paths can be
checked against concrete runs.
"""
import re

import symx
from symx import Expr

OPS = ["mov", "add", "sub", "mul", "and", "or", "xor", "shl", "shr", "sar", "udiv", "urem",
       "set", "ldb", "ldsb", "stb", "sym", "br", "jmp", "call", "ret", "push", "pop", "halt",
       "assert"]
(MOV, ADD, SUB, MUL, AND, OR, XOR, SHL, SHR, SAR, UDIV, UREM, SET, LDB, LDSB, STB, SYM, BR,
 JMP, CALL, RET, PUSH, POP, HALT, ASSERT) = range(len(OPS))
NARGS = [2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 0, 1, 1, 0, 1]
CONDS = ["eq", "ne", "ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge"]
NREG, MEM, STK, FAIL = 16, 256, 256, 2
HASH0 = 0xcbf29ce484222325
M32, M64 = 0xffffffff, (1 << 64) - 1
EXIT, ASSERT_FAIL, LIMIT = "exit", "assert", "limit"


def fold(h, pc, tag):
    return ((h ^ (pc * 4 + tag)) * 0x100000001b3) & M64


class Insn:
    __slots__ = ("op", "cond", "d", "a", "b", "bimm", "target", "name", "bx")

    def __init__(self, op):
        self.op, self.cond, self.d, self.a, self.b = op, 0, 0, 0, 0
        self.bimm, self.target, self.name, self.bx = False, 0, "", None


class ParseError(Exception):
    pass


def _reg(t):
    m = re.fullmatch(r"[rR](\d+)", t)
    return int(m.group(1)) if m and int(m.group(1)) < NREG else -1


def _num(t):
    try:
        return int(t, 0) & M32
    except ValueError:
        raise ParseError(f"bad number {t!r}") from None


def parse(text):
    """A program: a list of Insn. Raises ParseError("line N: ...")."""
    code, labels = [], {}
    for lineno, line in enumerate(text.split("\n"), 1):
        line = re.split(r"[;#]", line, 1)[0]
        tok = [t for t in re.split(r"[ \t\r,]+", line) if t]
        try:
            if tok and tok[0].endswith(":"):
                labels[tok[0][:-1]] = len(code)
                tok = tok[1:]
            if not tok:
                continue
            if tok[0] not in OPS:
                raise ParseError(f"unknown instruction {tok[0]!r}")
            op = OPS.index(tok[0])
            i, k = Insn(op), 1
            if op in (SET, BR):
                i.cond = CONDS.index(tok[1])
                k = 2
            a = tok[k:]
            if len(a) != NARGS[op]:
                raise ParseError("wrong number of operands")
            if op == SYM:
                i.b, i.target, i.name = _num(a[0]), _num(a[1]), a[2]
            elif op in (JMP, CALL):
                i.name = a[0]
            elif op == BR:
                i.a, i.name = _reg(a[0]), a[2]
                rb = _reg(a[1])
                i.b, i.bimm = (rb, False) if rb >= 0 else (_num(a[1]), True)
                if i.a < 0:
                    raise ParseError("register expected")
            elif op == STB:
                i.a, i.b, i.d = _reg(a[0]), _num(a[1]), _reg(a[2])
                if i.a < 0 or i.d < 0:
                    raise ParseError("register expected")
            elif NARGS[op] >= 1:
                i.d = i.a = _reg(a[0])
                if i.d < 0:
                    raise ParseError("register expected")
                if NARGS[op] >= 2:
                    x = a[-1]
                    if NARGS[op] == 3:
                        i.a = _reg(a[1])
                        if i.a < 0:
                            raise ParseError("register expected")
                    rb = _reg(x)
                    if rb >= 0 and op not in (LDB, LDSB):
                        i.b, i.bimm = rb, False
                    else:
                        i.b, i.bimm = _num(x), True
            code.append(i)
        except (ParseError, ValueError, IndexError) as e:
            raise ParseError(f"line {lineno}: {e or 'syntax error'}") from None
    for i in code:
        if i.op in (BR, JMP, CALL):
            if i.name not in labels:
                raise ParseError(f"unknown label '{i.name}'")
            i.target = labels[i.name]
    return code


def load(path):
    with open(path) as fh:
        return parse(fh.read())


# ---------------------------------------------------------------------------
# Concrete interpreter (the oracle)
# ---------------------------------------------------------------------------

def _s32(x):
    return x - (1 << 32) if x & 0x80000000 else x


def _cmp(c, x, y):
    if c == 0: return x == y
    if c == 1: return x != y
    if c == 2: return x < y
    if c == 3: return x <= y
    if c == 4: return x > y
    if c == 5: return x >= y
    x, y = _s32(x), _s32(y)
    return (x < y, x <= y, x > y, x >= y)[c - 6]


def _alu(op, x, y):
    if op == ADD: return (x + y) & M32
    if op == SUB: return (x - y) & M32
    if op == MUL: return (x * y) & M32
    if op == AND: return x & y
    if op == OR: return x | y
    if op == XOR: return x ^ y
    if op == SHL: return 0 if y >= 32 else (x << y) & M32
    if op == SHR: return 0 if y >= 32 else x >> y
    if op == SAR: return (_s32(x) >> min(y, 31)) & M32
    if op == UDIV: return x // y if y else M32
    if op == UREM: return x % y if y else x
    return y


def run_concrete(code, inputs, max_steps=10_000_000):
    """Runs code on inputs ({name: bytes}); returns (outcome, hash, steps)."""
    r, m, vs, cs = [0] * NREG, [0] * MEM, [], []
    pc, h, n, out = 0, HASH0, 0, EXIT
    while 0 <= pc < len(code):
        i = code[pc]
        x = i.b if i.bimm else r[i.b & 15]
        n += 1
        if n > max_steps:
            out = LIMIT
            break
        pc += 1
        op = i.op
        if op == SET:
            r[i.d] = int(_cmp(i.cond, r[i.a], x))
        elif op == LDB:
            r[i.d] = m[(r[i.a] + i.b) & 255]
        elif op == LDSB:
            v = m[(r[i.a] + i.b) & 255]
            r[i.d] = (v - 256) & M32 if v & 0x80 else v
        elif op == STB:
            m[(r[i.a] + i.b) & 255] = r[i.d] & 255
        elif op == SYM:
            data = inputs.get(i.name, b"")
            for k in range(min(i.target, MEM)):
                m[(i.b + k) & 255] = data[k] if k < len(data) else 0
        elif op == BR:
            t = _cmp(i.cond, r[i.a], x)
            h = fold(h, pc - 1, int(t))
            if t:
                pc = i.target
        elif op == JMP:
            pc = i.target
        elif op == CALL:
            if len(cs) == STK:
                out = LIMIT
                break
            cs.append(pc)
            pc = i.target
        elif op == RET:
            pc = cs.pop() if cs else -1
        elif op == PUSH:
            if len(vs) == STK:
                out = LIMIT
                break
            vs.append(r[i.a])
        elif op == POP:
            r[i.d] = vs.pop() if vs else 0
        elif op == HALT:
            pc = -1
        elif op == ASSERT:
            if not r[i.a]:
                h = fold(h, pc - 1, FAIL)
                out = ASSERT_FAIL
                break
        else:
            r[i.d] = _alu(op, r[i.a], x)
    return out, h, n


# ---------------------------------------------------------------------------
# Symbolic interpreter
# ---------------------------------------------------------------------------

class VM:
    """The payload of a state: the machine with symbolic registers, memory
    and value stack (lists of immutable symx expressions)."""
    __slots__ = ("pc", "hash", "steps", "r", "m", "vs", "cs")

    def __copy__(self):
        c = VM.__new__(VM)
        c.pc, c.hash, c.steps = self.pc, self.hash, self.steps
        c.r, c.m, c.vs, c.cs = self.r[:], self.m[:], self.vs[:], self.cs[:]
        return c


_ALU = {ADD: Expr.__add__, SUB: Expr.__sub__, MUL: Expr.__mul__, AND: Expr.__and__,
        OR: Expr.__or__, XOR: Expr.__xor__, SHL: Expr.shl, SHR: Expr.lshr, SAR: Expr.ashr,
        UDIV: Expr.udiv, UREM: Expr.urem}
# instructions that call the engine (branch, check; loads and stores through a
# symbolic address concretize it, and full stacks terminate, flushed there)
_ENGINE_OPS = frozenset([BR, ASSERT])
_CMP = [Expr.eq, Expr.ne, Expr.ult, Expr.ule, Expr.ugt, Expr.uge, Expr.slt, Expr.sle,
        Expr.sgt, Expr.sge]


class Interpreter:
    """Explores a toyvm program with a symx.Engine:

        it = Interpreter(ctx, code)
        for test in engine.explore(it.step, it.initial()):
            it.outcome(test), it.path_hash(test)
    """

    def __init__(self, ctx, code, max_steps=10_000_000):
        self.ctx, self.code, self.max_steps = ctx, code, max_steps
        for i in code:  # immediates as expressions, built once
            if i.bimm:
                i.bx = ctx.bv(i.b, 32)
        self.zero32 = ctx.bv(0, 32)
        self.zero8 = ctx.bv(0, 8)

    def initial(self):
        v = VM()
        v.pc, v.hash, v.steps = 0, HASH0, 0
        v.r, v.m, v.vs, v.cs = [self.zero32] * NREG, [self.zero8] * MEM, [], []
        return v

    @staticmethod
    def outcome(test):
        if test.reason == symx.Reason.ERROR:
            return ASSERT_FAIL
        return EXIT if test.reason == symx.Reason.EXIT else LIMIT

    @staticmethod
    def path_hash(test):
        """The path hash of the path a test ends (as run_concrete's)."""
        v = test.payload
        return fold(v.hash, v.pc, FAIL) if test.reason == symx.Reason.ERROR else v.hash

    def _addr(self, st, base, off):
        v = base.value if base.is_const else st.concretize(base)
        return (v + off) & 255

    def step(self, st):
        """Runs st until it forks or ends. Executed instructions are reported
        to the engine in one st.step(n) before each engine call (the engine
        reads the count only then), not one call per instruction."""
        m = st.payload
        code, n, ctx, r, mem = self.code, len(self.code), self.ctx, m.r, m.m
        done = m.steps  # instructions already reported
        while 0 <= m.pc < n:
            i = code[m.pc]
            op = i.op
            x = i.bx if i.bimm else r[i.b & 15]
            m.steps += 1
            if m.steps > self.max_steps:
                st.step(m.steps - 1 - done)
                st.terminate("early")
                return
            if op in _ENGINE_OPS or (op <= STB and op >= LDB and not r[i.a].is_const):
                st.step(m.steps - done)
                done = m.steps
            if op == MOV:
                r[i.d] = x
            elif op == SET:
                r[i.d] = _CMP[i.cond](r[i.a], x).zext(32)
            elif op == LDB or op == LDSB:
                a = self._addr(st, r[i.a], i.b)
                r[i.d] = mem[a].zext(32) if op == LDB else mem[a].sext(32)
            elif op == STB:
                a = self._addr(st, r[i.a], i.b)
                mem[a] = r[i.d][7:0]
            elif op == SYM:
                ln = min(i.target, MEM)
                arr = ctx.input(i.name, ln or 1)
                for k in range(ln):
                    mem[(i.b + k) & 255] = arr[k]
            elif op == BR:
                t, f = st.branch(_CMP[i.cond](r[i.a], x))
                if f is not None:
                    c = f.payload
                    c.hash = fold(c.hash, c.pc, 0)
                    c.pc += 1
                if t is not None:
                    c = t.payload
                    c.hash = fold(c.hash, c.pc, 1)
                    c.pc = i.target
                if t is not None and f is not None:
                    return  # forked: back to the engine
                continue
            elif op == JMP:
                m.pc = i.target - 1
            elif op == CALL:
                if len(m.cs) == STK:
                    st.step(m.steps - done)
                    st.terminate("early")
                    return
                m.cs.append(m.pc + 1)
                m.pc = i.target - 1
            elif op == RET:
                m.pc = m.cs.pop() - 1 if m.cs else n
            elif op == PUSH:
                if len(m.vs) == STK:
                    st.step(m.steps - done)
                    st.terminate("early")
                    return
                m.vs.append(r[i.a])
            elif op == POP:
                r[i.d] = m.vs.pop() if m.vs else self.zero32
            elif op == HALT:
                m.pc = n - 1
            elif op == ASSERT:
                bad = r[i.a] == self.zero32
                if bad.is_const and bad.value:
                    st.error("assert", "assert")
                    return
                if not st.check(bad, "assert", "assert"):
                    m.pc += 1  # ended, or goes on later from pc + 1
                    return
            else:
                r[i.d] = _ALU[op](r[i.a], x)
            m.pc += 1
        st.step(m.steps - done)
        st.exit()
