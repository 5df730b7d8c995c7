"""The exploration engine: Engine, State, Test, Seeds and user searchers."""
import copy
import json
import os
import weakref

from ._core import Context, Expr, _from_assign, _s, _to_assign
from ._errors import ErrorKind, MisuseError, Reason, Status, enum_arg
from ._lib import C, ffi, lib

_OK = C["SYMX_OK"]
_STATE = C["SYMX_STATE"]
_DONE = C["SYMX_DONE"]
_UNSAT = C["SYMX_UNSAT"]
_UNKNOWN = C["SYMX_UNKNOWN"]
_ACTIVE = int(Status.ACTIVE)
NULL = ffi.NULL


# ---------------------------------------------------------------------------
# Seeds
# ---------------------------------------------------------------------------

class Seeds:
    """A seed set (symx_seeds): assignments that guide exploration.

    Seeds(ctx, items, input="stdin") adds each item: bytes (bound to input),
    a dict {name: bytes}, or a path: a directory that is an AFL queue
    (holds queue/ or id:* files), another directory (one seed per file), a
    .ktest file, a .json seed file or any other file (its bytes, bound to
    input). A malformed single file raises (FormatError, ParseError,
    IoError); malformed entries of a directory are skipped and reported in
    .messages.
    """

    def __init__(self, ctx, items=(), input="stdin"):
        self.ctx = ctx
        self._p = lib.symx_seeds_new(ctx.ptr)
        if not self._p:
            raise ctx.error()
        self.input = input
        if isinstance(items, (bytes, bytearray, dict, str, os.PathLike)):
            items = [items]
        for it in items:
            self.add(it)

    def close(self):
        p, self._p = self._p, None
        if p and self.ctx._p is not None:
            lib.symx_seeds_free(p)

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def _chk(self, rc):
        self.ctx.check(rc)
        return self

    def add(self, item, input=None):
        input = input or self.input
        if isinstance(item, (bytes, bytearray, memoryview)):
            return self.add_bytes(input, item)
        if isinstance(item, dict):
            return self.add_assign(item)
        path = os.fspath(item)
        if os.path.isdir(path):
            names = os.listdir(path)
            if "queue" in names or any(n.startswith("id:") for n in names):
                return self.add_afl_queue(path, input)
            return self.add_dir(path, input)
        if path.endswith(".ktest"):
            return self.add_ktest(path)
        if path.endswith(".json"):
            return self.add_json(path)
        return self.add_file(path, input)

    def add_bytes(self, input, data):
        data = bytes(data)
        return self._chk(lib.symx_seeds_add_bytes(self._p, input.encode(), data, len(data)))

    def add_assign(self, d):
        a = _to_assign(self.ctx, d)
        try:
            return self._chk(lib.symx_seeds_add_assign(self._p, a))
        finally:
            lib.symx_assign_free(a)

    def add_file(self, path, input=None):
        return self._chk(lib.symx_seeds_add_file(self._p, os.fsencode(path),
                                                 (input or self.input).encode()))

    def add_dir(self, path, input=None):
        return self._chk(lib.symx_seeds_add_dir(self._p, os.fsencode(path),
                                                (input or self.input).encode()))

    def add_afl_queue(self, path, input=None):
        return self._chk(lib.symx_seeds_add_afl_queue(self._p, os.fsencode(path),
                                                      (input or self.input).encode()))

    def add_ktest(self, path, names=None):
        if names is None:
            return self._chk(lib.symx_seeds_add_ktest(self._p, os.fsencode(path), NULL, 0))
        keep = [ffi.new("char[]", n.encode()) for n in names]
        arr = ffi.new("const char *[]", keep)
        return self._chk(lib.symx_seeds_add_ktest(self._p, os.fsencode(path), arr, len(keep)))

    def add_json(self, path):
        return self._chk(lib.symx_seeds_add_json(self._p, os.fsencode(path)))

    def fit(self, input, size):
        return self._chk(lib.symx_seeds_fit(self._p, input.encode(), size))

    def __len__(self):
        return lib.symx_seeds_count(self._p)

    def __getitem__(self, i):
        if not 0 <= i < len(self):
            raise IndexError(i)
        return _from_assign(lib.symx_seeds_get(self._p, i))

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def origin(self, i):
        return _s(lib.symx_seeds_origin(self._p, i))

    @property
    def messages(self):
        return [_s(lib.symx_seeds_message(self._p, i))
                for i in range(lib.symx_seeds_message_count(self._p))]


# ---------------------------------------------------------------------------
# Test cases
# ---------------------------------------------------------------------------

class Test:
    """A test case: .number, .duplicate, .reason (Reason), .kind (ErrorKind),
    .message, .depth, .state_id, .inputs ({name: bytes}) and .payload: the
    path's payload as it was when the test was emitted (the state's own
    object for an ended path, a clone for an error found by a check on a
    path that goes on); None for tests read back with Engine.tests."""

    __slots__ = ("number", "duplicate", "reason", "kind", "message", "depth", "state_id",
                 "inputs", "payload")

    def __init__(self, t, payload=None):
        self.number = t.number
        self.duplicate = bool(t.duplicate)
        self.reason = Reason(t.reason)
        self.kind = ErrorKind(t.kind)
        self.message = _s(t.message)
        self.depth = t.depth
        self.state_id = t.state_id
        self.inputs = _from_assign(t.inputs)
        self.payload = payload

    @property
    def is_error(self):
        return self.reason == Reason.ERROR or self.kind != ErrorKind.NONE

    def __repr__(self):
        k = f" {self.kind}" if self.kind != ErrorKind.NONE else ""
        d = " duplicate" if self.duplicate else ""
        return f"<symx.Test #{self.number} {self.reason}{k}{d} inputs={dict(self.inputs)!r}>"


# ---------------------------------------------------------------------------
# States and payloads
# ---------------------------------------------------------------------------

class _Entry:
    """A live payload: the Python object and the State wrapper of the state
    owning it. Its cffi handle (the void* the C engine holds) is the key of
    the payload table, which keeps both alive until the engine frees the
    payload (no reference cycle: freed payloads go at once, without gc)."""
    __slots__ = ("obj", "state")

    def __init__(self, obj):
        self.obj = obj
        self.state = None


class State:
    """One path (a symx_state). Valid while the C state lives: an ACTIVE or
    PENDING state, or an ended one until the next step of the engine; after
    that every call raises MisuseError. States compare and hash by id."""

    __slots__ = ("_p", "_core", "_entry", "_id")

    def __init__(self, core, p, entry):
        self._p = p
        self._core = core
        self._entry = entry
        self._id = lib.symx_state_id(p)

    def _ptr(self):
        if self._p is None:
            raise MisuseError(f"symx: state {self._id} was freed by the engine")
        return self._p

    def __eq__(self, other):
        return isinstance(other, State) and other._id == self._id

    def __hash__(self):
        return hash(self._id)

    def __repr__(self):
        st = str(self.status) if self._p is not None else "freed"
        return f"<symx.State {self._id} {st} depth={self.depth if self._p is not None else '?'}>"

    # -- the payload -------------------------------------------------------------
    @property
    def payload(self):
        """The user's program state (cloned on fork)."""
        return self._entry.obj if self._entry is not None else None

    @payload.setter
    def payload(self, v):
        if self._entry is None:
            raise MisuseError("symx: this state has no Python payload")
        self._entry.obj = v

    # -- properties --------------------------------------------------------------
    @property
    def alive(self):
        return self._p is not None

    @property
    def id(self):
        return self._id

    @property
    def depth(self):
        return lib.symx_state_depth(self._ptr())

    @property
    def status(self):
        return Status(lib.symx_state_status(self._ptr()))

    @property
    def active(self):
        return self._p is not None and lib.symx_state_status(self._p) == _ACTIVE

    @property
    def reason(self):
        return Reason(lib.symx_state_reason(self._ptr()))

    @property
    def nconstraints(self):
        return lib.symx_state_nconstraints(self._ptr())

    @property
    def witness(self):
        """The witness model ({name: bytes}) of an ACTIVE or ended state."""
        a = lib.symx_state_witness(self._ptr())
        return _from_assign(a) if a else None

    # -- the engine calls ------------------------------------------------------------
    def _cond(self, cond):
        if isinstance(cond, Expr):
            return cond
        return self._core.ctx._coerce(cond, 1)

    def _rc(self, rc):
        self._core.reraise()
        if rc != _OK and rc < C["SYMX_SAT"] or rc > _UNKNOWN:
            raise self._core.ctx.error(rc)
        return rc

    def branch(self, cond):
        """Branches on cond (width 1). Returns (on_true, on_false): with no
        fork one of them is None and the other is this state; after a real
        fork both are states (this one among them), each ACTIVE or PENDING:
        set each one's program counter in its payload and return from the
        step function."""
        core = self._core
        c = cond if type(cond) is Expr else self._cond(cond)
        p = self._p
        if p is None:
            self._ptr()
        t, f = core.out_t, core.out_f
        rc = lib.symx_state_branch(p, c._p, t, f)
        if core.exc is not None:
            core.reraise()
        if rc != _OK:
            raise core.ctx.error(rc)
        tp, fp = t[0], f[0]
        # the common no-fork case: the surviving side is this state
        return (self if tp == p else core.state(tp)), (self if fp == p else core.state(fp))

    def assume(self, cond):
        """Adds cond to the path; True when the state goes on, False when it
        became infeasible or pending (return from the step function)."""
        rc = self._rc(lib.symx_state_assume(self._ptr(), self._cond(cond)._p))
        return rc == _OK

    def check(self, bad, kind="assert", msg=None):
        """Error check: records a test case when bad can hold, then goes on
        with not bad. True when the state goes on."""
        k = enum_arg(ErrorKind, kind)
        rc = self._rc(lib.symx_state_check(self._ptr(), self._cond(bad)._p, k,
                                           msg.encode() if msg else NULL))
        return rc == _OK

    def eval(self, e):
        """The value of e under the state's witness."""
        out = self._core.u64
        self._core.ctx.check(lib.symx_state_eval(self._ptr(), e._p, out))
        return out[0]

    def concretize(self, e):
        """As eval, and adds e == value to the path."""
        out = self._core.u64
        self._core.ctx.check(lib.symx_state_concretize(self._ptr(), e._p, out))
        return out[0]

    def terminate(self, reason="exit", kind="none", msg=None):
        rc = lib.symx_state_terminate(self._ptr(), enum_arg(Reason, reason),
                                      enum_arg(ErrorKind, kind), msg.encode() if msg else NULL)
        self._core.reraise()
        self._core.ctx.check(rc)

    def emit_test(self, msg=None):
        """A test case of the path so far (reason user); the state goes on
        (e.g. a target of a directed search was reached)."""
        rc = lib.symx_state_emit_test(self._ptr(), msg.encode() if msg else NULL)
        self._core.reraise()
        self._core.ctx.check(rc)

    def exit(self):
        """Ends the path normally."""
        self.terminate(Reason.EXIT)

    def error(self, kind="assert", msg=None):
        """Ends the path with a program error."""
        self.terminate(Reason.ERROR, kind, msg)

    def step(self, n=1):
        """Reports n executed instructions (limits, statistics, batching)."""
        p = self._p
        if p is None:
            self._ptr()
        lib.symx_state_step(p, n)

    def covered_new(self):
        lib.symx_state_covered_new(self._ptr())


class _Core:
    """What the C callbacks need, kept apart from Engine so that the Engine
    has no reference cycle and is freed deterministically."""

    def __init__(self, ctx, clone):
        self.ctx = ctx
        self.clone = clone
        self.payloads = {}   # handle (a void* cdata, hashed by address) -> _Entry
        self.exc = None      # first exception raised inside a callback
        self.tests = []      # emitted since the last drain
        self.keep = True
        self.done = []
        self.errored = []
        self.out_t = ffi.new("symx_state **")
        self.out_f = ffi.new("symx_state **")
        self.u64 = ffi.new("uint64_t *")
        self.keepalive = []
        self.eng_p = None

    def stash(self, e):
        if self.exc is None:
            self.exc = e

    def reraise(self):
        e = self.exc
        if e is not None:
            self.exc = None
            raise e

    def new_payload(self, obj):
        ent = _Entry(obj)
        h = ffi.new_handle(ent)
        self.payloads[h] = ent
        return h

    def state(self, p):
        if not p:
            return None
        ent = self.payloads.get(lib.symx_state_payload(p))
        if ent is None:
            return State(self, p, None)
        s = ent.state
        if s is None or s._p != p:
            s = ent.state = State(self, p, ent)
        return s


def _make_payload_vt(core):
    def clone(user, p):
        try:
            ent = core.payloads[p]
            return core.new_payload(core.clone(ent.obj))
        except BaseException as e:  # noqa: B902 - re-raised after the C call
            core.stash(e)
            return NULL

    def free(user, p):
        ent = core.payloads.pop(p, None)
        if ent is not None and ent.state is not None:
            ent.state._p = None
            ent.state = None  # breaks the entry <-> State cycle

    cb_clone = ffi.callback("void *(*)(void *, void *)", clone)
    cb_free = ffi.callback("void (*)(void *, void *)", free)
    vt = ffi.new("symx_payload_vt *", {"clone": cb_clone, "free": cb_free, "user": NULL})
    core.keepalive += [cb_clone, cb_free, vt]
    return vt


class Searcher:
    """A user searcher over a set of states (mapped onto symx_searcher_vt).

    Subclass and define add(state), remove(state) and select() (returns a
    member, without removing it, or None); empty() defaults to
    `select() is None`, update(state) (it forked or ran) to nothing.
    Exceptions raised here are re-raised by the engine call that ran them.
    """

    def add(self, state):
        raise NotImplementedError

    def remove(self, state):
        raise NotImplementedError

    def select(self):
        raise NotImplementedError

    def empty(self):
        return self.select() is None

    def update(self, state):
        pass


def _make_searcher_vt(core, s):
    def add(self, st):
        try:
            s.add(core.state(st))
            return 0
        except BaseException as e:
            core.stash(e)
            return 1

    def remove(self, st):
        try:
            s.remove(core.state(st))
        except BaseException as e:
            core.stash(e)

    def select(self):
        try:
            r = s.select()
            if r is None:
                return NULL
            if r._p is None:
                raise MisuseError(f"symx: searcher selected freed state {r.id}")
            return r._p
        except BaseException as e:
            core.stash(e)
            return NULL

    def empty(self):
        try:
            return 1 if s.empty() else 0
        except BaseException as e:
            core.stash(e)
            return 1

    def update(self, st):
        try:
            s.update(core.state(st))
        except BaseException as e:
            core.stash(e)

    cbs = {"add": ffi.callback("int (*)(void *, symx_state *)", add),
           "remove": ffi.callback("void (*)(void *, symx_state *)", remove),
           "select": ffi.callback("symx_state *(*)(void *)", select),
           "empty": ffi.callback("int (*)(void *)", empty),
           "update": ffi.callback("void (*)(void *, symx_state *)", update),
           "free": NULL}
    vt = ffi.new("symx_searcher_vt *", cbs)
    core.keepalive += list(cbs.values()) + [vt, s]
    return vt


class StashView:
    """A live view of the engine's states of one status: len() is the
    engine's count; iteration yields the states Python has seen (states
    forked inside the library, e.g. by relaxed checks, appear once the engine
    returns them)."""

    def __init__(self, core, status):
        self._core, self._status = core, status  # not the Engine: no cycle

    def __len__(self):
        p = self._core.eng_p
        if p is None:
            raise MisuseError("symx: the engine is closed")
        return lib.symx_engine_count(p, self._status)

    def __iter__(self):
        out = []
        for ent in list(self._core.payloads.values()):
            s = ent.state
            if s is not None and s._p is not None and lib.symx_state_status(s._p) == self._status:
                out.append(s)
        out.sort(key=lambda s: s._id)
        return iter(out)

    def __bool__(self):
        return len(self) > 0

    def __repr__(self):
        return f"<symx stash {Status(self._status)}: {len(self)} states>"


def _default_clone(obj):
    return copy.copy(obj)


class Engine:
    """An exploration engine (symx_engine) on a Context.

    Engine(ctx, mode="pending", search="random-path", pending_search=None,
           seeds=None, seed_input="stdin", clone=copy.copy, keep_tests=True,
           **options)
      mode, search, pending_search and any other option (max_time="10s",
      max_instructions, max_states, max_forks, max_depth, max_memory,
      rng_seed, emit_tests, output_dir, ...) are set on ctx, then the engine
      is created (it reads the options now). search and pending_search may
      also be Searcher instances. seeds: a Seeds object or anything Seeds()
      accepts. clone(payload) copies a payload on fork (copy.copy by
      default: define __copy__ for payloads holding mutable containers).

    Drive it with explore(step, payload): an iterator that runs step(state)
    on every state the engine selects and yields the test cases (Test) as
    they are emitted. active and pending are live views; done and errored
    list the tests of ended paths (errored: those with an error).
    """

    def __init__(self, ctx, mode=None, search=None, pending_search=None, seeds=None,
                 seed_input="stdin", clone=None, keep_tests=True, **options):
        if not isinstance(ctx, Context):
            raise TypeError("symx.Engine needs a symx.Context")
        self.ctx = ctx
        self._p = None
        self._started = False
        user_searchers = {}
        for name, v in (("mode", mode), ("search", search), ("pending_search", pending_search)):
            if isinstance(v, Searcher):
                user_searchers[name] = v
            elif v is not None:
                options[name] = v
        for k, v in options.items():
            ctx.set_option(k, v)
        core = self._core = _Core(ctx, clone or _default_clone)
        core.keep = keep_tests
        self._p = lib.symx_engine_new(ctx.ptr)
        if not self._p:
            raise ctx.error()
        self._vt = _make_payload_vt(core)

        def on_test(user, st, t):
            if t.number == 0:  # a path end emit_tests left without a test case
                return
            try:
                payload = None
                if st:
                    ent = core.payloads.get(lib.symx_state_payload(st))
                    payload = ent.obj if ent is not None else None
                    # An error found by a check on a path that goes on: the
                    # test keeps a snapshot of the payload at that point.
                    if payload is not None and lib.symx_state_status(st) == _ACTIVE:
                        payload = core.clone(payload)
                test = Test(t, payload)
                core.tests.append(test)
                if core.keep:
                    (core.errored if test.is_error else core.done).append(test)
            except BaseException as e:
                core.stash(e)

        self._on_test = ffi.callback("void (*)(void *, symx_state *, const symx_test *)",
                                     on_test)
        ctx.check(lib.symx_engine_on_test(self._p, self._on_test, NULL))
        for name, s in user_searchers.items():
            self.set_searcher(s, pending=(name == "pending_search"))
        self.seeds = None
        if seeds is not None:
            self.set_seeds(seeds if isinstance(seeds, Seeds) else Seeds(ctx, seeds, seed_input))
        core.eng_p = self._p
        self.active = StashView(core, int(Status.ACTIVE))
        self.pending = StashView(core, int(Status.PENDING))

    # -- life-cycle ------------------------------------------------------------
    def _ptr(self):
        if self._p is None:
            raise MisuseError("symx: the engine is closed")
        return self._p

    def close(self):
        """Frees the engine, every state and payload."""
        p, self._p = self._p, None
        core = self._core
        core.eng_p = None
        if p and self.ctx._p is not None:
            lib.symx_engine_free(p)
            core.exc = None
        # the C engine is gone: drop the callbacks (they close over core)
        del core.keepalive[:]
        for ent in list(self._core.payloads.values()):
            if ent.state is not None:
                ent.state._p = None
                ent.state = None
        self._core.payloads.clear()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- configuration -------------------------------------------------------------
    def set_searcher(self, searcher, pending=False):
        """Installs a Python Searcher for ACTIVE (or PENDING) states; only
        before the exploration starts."""
        if not isinstance(searcher, Searcher):
            raise TypeError("symx: a searcher is a symx.Searcher instance")
        vt = _make_searcher_vt(self._core, searcher)
        rc = lib.symx_engine_set_searcher(self._ptr(), 1 if pending else 0, vt, NULL)
        self._core.reraise()
        self.ctx.check(rc)

    def set_weight(self, fn):
        """fn(state) -> float > 0: the weight of a state for search="weighted"."""
        core = self._core

        def w(user, st):
            try:
                return float(fn(core.state(st)))
            except BaseException as e:
                core.stash(e)
                return 1.0

        cb = ffi.callback("double (*)(void *, symx_state *)", w)
        core.keepalive.append(cb)
        self.ctx.check(lib.symx_engine_set_weight(self._ptr(), cb, NULL))

    def set_distance(self, fn, ntargets=1):
        """fn(state, target) -> int distance or None (unreachable): how far a
        state is from target (0..ntargets-1, or None: the nearest one) for
        search "sdse", "sdse-pr", "sdse-rr"; only before the start."""
        core, any_ = self._core, ffi.cast("size_t", -1)

        def d(user, st, target):
            try:
                v = fn(core.state(st), None if target == any_ else int(target))
                return 2 ** 64 - 1 if v is None else int(v)
            except BaseException as e:
                core.stash(e)
                return 2 ** 64 - 1

        cb = ffi.callback("uint64_t (*)(void *, symx_state *, size_t)", d)
        core.keepalive.append(cb)
        self.ctx.check(lib.symx_engine_set_distance(self._ptr(), cb, ntargets, NULL))

    def distances_changed(self):
        """Every state's distance is read again (a target was reached)."""
        self.ctx.check(lib.symx_engine_distances_changed(self._ptr()))

    def set_seeds(self, seeds):
        self.seeds = seeds  # borrowed by the engine: keep it alive
        self.ctx.check(lib.symx_engine_set_seeds(self._ptr(), seeds._p))

    def on_progress(self, fn, interval_ms=1000):
        """fn(engine) is called at most every interval_ms; a true result
        stops the exploration."""
        core, wself = self._core, weakref.ref(self)  # no Engine <-> callback cycle

        def prog(user, eng):
            try:
                return 1 if fn(wself()) else 0
            except BaseException as e:
                core.stash(e)
                return 1

        cb = ffi.callback("int (*)(void *, symx_engine *)", prog)
        core.keepalive.append(cb)
        self.ctx.check(lib.symx_engine_on_progress(self._ptr(), cb, NULL, interval_ms))

    # -- exploration -------------------------------------------------------------------
    def start(self, payload=None):
        """Creates the initial state owning payload."""
        h = self._core.new_payload(payload)
        rc = lib.symx_engine_start(self._ptr(), h, self._vt)
        if rc != _OK:
            self._core.payloads.pop(h, None)
            self._core.reraise()
            raise self.ctx.error(rc)
        self._core.reraise()
        self._started = True
        return self

    def next(self):
        """The next State to run, or None when the exploration is done."""
        core = self._core
        rc = lib.symx_engine_next(self._ptr(), core.out_t)
        core.reraise()
        if rc == _STATE:
            return core.state(core.out_t[0])
        if rc == _DONE:
            return None
        raise self.ctx.error(rc)

    def explore(self, step, payload=None):
        """Runs step(state) on each selected state until the exploration is
        done; yields every test case as it is emitted. step runs the state
        (its payload) until it forks or ends, calling state.branch() etc.
        Breaking out of the loop leaves the engine resumable."""
        if not self._started:
            self.start(payload)
        core = self._core
        tests = core.tests
        while True:
            st = self.next()
            if tests:
                yield from self._drain()
            if st is None:
                return
            step(st)
            core.reraise()
            if tests:
                yield from self._drain()

    def _drain(self):
        out = self._core.tests[:]
        del self._core.tests[:]
        return out

    def run(self, step, payload=None, until=None):
        """Explores until done (or until(test) is true); returns self."""
        for t in self.explore(step, payload):
            if until is not None and until(t):
                break
        return self

    def stop(self):
        """Sets the context's stop flag: exploration ends soon."""
        self.ctx.interrupt()

    # -- results ------------------------------------------------------------------------
    @property
    def done(self):
        """Tests of paths that ended without an error."""
        return self._core.done

    @property
    def errored(self):
        """Tests of errors (ended paths and errors found by checks)."""
        return self._core.errored

    @property
    def tests(self):
        """The recorded tests (duplicates not counted), read from the engine."""
        out, t = [], ffi.new("symx_test *")
        for i in range(lib.symx_engine_test_count(self._ptr())):
            self.ctx.check(lib.symx_engine_test_get(self._p, i, t))
            out.append(Test(t))
        return out

    def count(self, status):
        return lib.symx_engine_count(self._ptr(), enum_arg(Status, status))

    @property
    def stats(self):
        """The context's statistics, engine counters included, as a dict."""
        s = lib.symx_engine_stats_json(self._ptr())
        return json.loads(self.ctx._take_string(s))
