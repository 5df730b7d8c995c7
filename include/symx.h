/*
** symx.h — the public API of libsymx, an embeddable symbolic-execution engine.
**
** If a function, type, macro or constant is not declared in this file, it is
** not part of libsymx's API. Nothing here exposes an internal structure: every
** handle is opaque.
**
** Overview
**   symx_ctx      owns everything: the hash-consed expression DAG, options,
**                 statistics, the allocator and the last error.
**   symx_expr     an immutable expression node: a bit-vector of width 1..64
**                 (booleans are width 1) or a byte array.
**   symx_assign   an assignment: input-array name -> bytes. Models, seeds and
**                 test cases are assignments. Unbound bytes read as 0.
**   symx_solver   a satisfiability checker over the solver chain and a backend.
**   symx_engine   the exploration loop a front end drives (iterator style).
**   symx_state    one path of the program under exploration.
**
** Conventions
**   - Names are symx_<object>_<verb>. Every function taking a symx_ctx* (or a
**     handle that belongs to one) reports failure through that context:
**     it returns NULL or a non-SYMX_OK code, and symx_errcode()/symx_errmsg()
**     tell what happened, naming the function that failed.
**   - Library code never exits, aborts or prints.
**   - Ownership: every function returning symx_expr* returns a NEW reference
**     that the caller releases with symx_expr_release(). Arguments are
**     borrowed. A NULL argument where an expression is expected makes the
**     call fail with SYMX_MISUSE (so errors propagate through nested builds;
**     check once at the end).
**   - Destructors accept NULL. symx_ctx_free() frees every expression still
**     alive in that context.
**   - No hidden globals: two contexts can be used from two threads at once.
**     One context must not be used from two threads at the same time.
*/
#ifndef SYMX_H
#define SYMX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define SYMX_API
#elif defined(__GNUC__)
#define SYMX_API __attribute__((visibility("default")))
#else
#define SYMX_API
#endif

/* ==================================================================== */
/* Version                                                               */
/* ==================================================================== */

#define SYMX_VERSION "0.1.0"
#define SYMX_VERSION_NUMBER 1000 /* major*1000000 + minor*1000 + patch */

/* The version of the library actually linked (compare with the macros). */
SYMX_API const char *symx_version(void);
SYMX_API int symx_version_number(void);

/* ==================================================================== */
/* Result codes                                                          */
/* ==================================================================== */

#define SYMX_OK 0           /* success */
#define SYMX_ERROR 1        /* generic failure */
#define SYMX_MISUSE 2       /* API misuse: NULL handle, wrong width, bad state */
#define SYMX_NOMEM 3        /* the allocator failed */
#define SYMX_PARSE 4        /* malformed text input (SMT-LIB2, JSON) */
#define SYMX_IO 5           /* a file could not be read or written */
#define SYMX_FORMAT 6       /* malformed binary input (ktest, seed file) */
#define SYMX_UNSUPPORTED 7  /* valid input that libsymx does not handle */
#define SYMX_SOLVER 8       /* a solver backend failed */
#define SYMX_RANGE 9        /* a value outside its allowed range */
#define SYMX_NOTFOUND 10    /* no such name (option, statistic, input) */
/* Every error code is below SYMX_SAT; answers and iterator codes are not
** errors. A stopped call is not an error either: the solver answers
** SYMX_UNKNOWN, symx_engine_next SYMX_DONE. */

/* Satisfiability answers. */
#define SYMX_SAT 20
#define SYMX_UNSAT 21
#define SYMX_UNKNOWN 22

/* Iterator codes of symx_engine_next(). */
#define SYMX_STATE 100 /* a state is ready to run */
#define SYMX_DONE 101  /* exploration finished (or stopped) */

/* ==================================================================== */
/* Allocator hook and context                                            */
/* ==================================================================== */

/*
** One realloc-style allocator for everything a context allocates.
**   alloc(ud, NULL, 0, n)     allocate n bytes
**   alloc(ud, p, old, n)      resize p (old bytes) to n bytes
**   alloc(ud, p, old, 0)      free p; must return NULL
** Returning NULL for n > 0 is an allocation failure; libsymx then fails the
** call with SYMX_NOMEM and keeps its state consistent.
*/
typedef void *(*symx_alloc_fn)(void *ud, void *ptr, size_t old_size,
                               size_t new_size);

typedef struct symx_ctx symx_ctx;

/* A context with the default allocator (malloc/realloc/free). */
SYMX_API symx_ctx *symx_ctx_new(void);
/* A context on the caller's allocator (fn NULL = the default). Returns NULL
** only when the allocator fails while the context is being set up. */
SYMX_API symx_ctx *symx_ctx_new_with_alloc(symx_alloc_fn fn, void *ud);
/* Frees the context and every object still alive in it. NULL is a no-op. */
SYMX_API void symx_ctx_free(symx_ctx *ctx);

/* Last error of the context: code, and a message naming the function.
** The message is owned by the context, valid until the next failing call. */
SYMX_API int symx_errcode(const symx_ctx *ctx);
SYMX_API const char *symx_errmsg(const symx_ctx *ctx);
/* A static English description of a result code. */
SYMX_API const char *symx_errstr(int code);
/* Resets the last error to SYMX_OK. */
SYMX_API void symx_errclear(symx_ctx *ctx);

/* Stop flag: any long-running call (solver, exploration) polls it and
** returns soon after it is set (SYMX_UNKNOWN, SYMX_DONE). Safe to set from
** a signal handler or another thread. */
SYMX_API void symx_ctx_interrupt(symx_ctx *ctx);
/* Clears the stop flag. */
SYMX_API void symx_ctx_resume(symx_ctx *ctx);

/* Strings returned by the library with "free with symx_string_free". */
SYMX_API void symx_string_free(symx_ctx *ctx, char *s);

/* ==================================================================== */
/* Options                                                               */
/* ==================================================================== */

/*
** Options are declared once, in a table inside the library; they are set and
** read by name. Integer and boolean options take integers; enumerated options
** take one of their names ("pending") or its index; string options take text.
** Options live in the context; an engine or solver reads them when created.
*/
typedef enum symx_option_type {
  SYMX_OPT_INT = 0,  /* integer within [min, max] */
  SYMX_OPT_BOOL = 1, /* 0 or 1 */
  SYMX_OPT_ENUM = 2, /* one of a fixed list of names ('|'-separated) */
  SYMX_OPT_STR = 3   /* free text */
} symx_option_type;

typedef struct symx_option_info {
  const char *name;    /* e.g. "mode" */
  const char *help;    /* one line */
  symx_option_type type;
  int64_t def, min, max; /* for INT/BOOL/ENUM (ENUM: index range) */
  const char *values;  /* ENUM: "eager|pending|relaxed"; STR: default text */
} symx_option_info;

/* Number of options, and the info of option i (0 <= i < count), or NULL. */
SYMX_API size_t symx_option_count(void);
SYMX_API const symx_option_info *symx_option_info_at(size_t i);
/* Info by name, or NULL. */
SYMX_API const symx_option_info *symx_option_find(const char *name);
/* Set an integer/bool/enum option (SYMX_RANGE when out of range,
** SYMX_NOTFOUND for an unknown name). */
SYMX_API int symx_option_set(symx_ctx *ctx, const char *name, int64_t value);
/* Set any option from text ("pending", "42", "true", "/tmp/out"). Integer
** options accept plain numbers; time options also accept "120s", "2min",
** "1h", "500ms" (stored in milliseconds). */
SYMX_API int symx_option_set_str(symx_ctx *ctx, const char *name,
                                 const char *value);
/* Current value of an integer/bool/enum option (0 if unknown; check
** symx_errcode). */
SYMX_API int64_t symx_option_get(symx_ctx *ctx, const char *name);
/* Current text of a string option, or the name of an enum option's value.
** Owned by the context; valid until the option changes. */
SYMX_API const char *symx_option_get_str(symx_ctx *ctx, const char *name);

/* ==================================================================== */
/* Statistics                                                            */
/* ==================================================================== */

/* Statistics are declared once in a table inside the library: counters
** (uint64) and times (accumulated in nanoseconds). */
SYMX_API size_t symx_stat_count(void);
SYMX_API const char *symx_stat_name(size_t i);
SYMX_API const char *symx_stat_help(size_t i);
/* Value by name (SYMX_NOTFOUND and 0 for an unknown name). */
SYMX_API uint64_t symx_stat_get(symx_ctx *ctx, const char *name);
/* Value by index. */
SYMX_API uint64_t symx_stat_at(symx_ctx *ctx, size_t i);
/* Resets every statistic to 0 (bytes_in_use and live counts excepted). */
SYMX_API void symx_stat_reset(symx_ctx *ctx);
/* All statistics as one JSON object; free with symx_string_free. */
SYMX_API char *symx_stats_json(symx_ctx *ctx);

/* ==================================================================== */
/* Expressions                                                           */
/* ==================================================================== */

typedef struct symx_expr symx_expr;

/* Expression kinds, as returned by symx_expr_kind(). */
typedef enum symx_kind {
  SYMX_K_CONST = 0, /* bit-vector constant */
  /* arrays (width 0; index width 32 or 64, element width 8) */
  SYMX_K_ARRAY_INPUT, /* named symbolic input array */
  SYMX_K_ARRAY_CONST, /* constant byte array */
  SYMX_K_ARRAY_WRITE, /* args: array, index, value */
  SYMX_K_READ,        /* args: array, index -> 8-bit */
  /* unary */
  SYMX_K_NOT, SYMX_K_NEG,
  /* binary arithmetic and bitwise */
  SYMX_K_ADD, SYMX_K_SUB, SYMX_K_MUL, SYMX_K_UDIV, SYMX_K_SDIV, SYMX_K_UREM,
  SYMX_K_SREM, SYMX_K_AND, SYMX_K_OR, SYMX_K_XOR, SYMX_K_SHL, SYMX_K_LSHR,
  SYMX_K_ASHR,
  /* structure */
  SYMX_K_CONCAT,  /* args: high, low */
  SYMX_K_EXTRACT, /* arg + params hi, lo */
  SYMX_K_ZEXT, SYMX_K_SEXT, /* arg; width is the result width */
  /* comparisons (width-1 results) */
  SYMX_K_EQ, SYMX_K_NE, SYMX_K_ULT, SYMX_K_ULE, SYMX_K_UGT, SYMX_K_UGE,
  SYMX_K_SLT, SYMX_K_SLE, SYMX_K_SGT, SYMX_K_SGE,
  /* ternary */
  SYMX_K_ITE, /* args: cond (width 1), then, else */
  SYMX_K_COUNT_
} symx_kind;

/* The name of a kind in SMT-LIB-like spelling ("bvadd", "ite", ...). */
SYMX_API const char *symx_kind_name(symx_kind k);

/* Reference counting. Retain returns its argument. Release(NULL) is a no-op. */
SYMX_API symx_expr *symx_expr_retain(symx_expr *e);
SYMX_API void symx_expr_release(symx_expr *e);
/* Number of expression nodes alive in the context (leak checks). */
SYMX_API size_t symx_expr_live(const symx_ctx *ctx);

/* Inspection (never fail on a valid node; return 0/NULL on NULL). */
SYMX_API symx_kind symx_expr_kind(const symx_expr *e);
/* Bit width (1..64) of a bit-vector; 0 for an array. */
SYMX_API unsigned symx_expr_width(const symx_expr *e);
SYMX_API int symx_expr_is_array(const symx_expr *e);
SYMX_API int symx_expr_is_const(const symx_expr *e);
/* Value of a constant (zero-extended to 64 bits). */
SYMX_API uint64_t symx_expr_const_value(const symx_expr *e);
/* Number of expression arguments and argument i (borrowed). */
SYMX_API unsigned symx_expr_nargs(const symx_expr *e);
SYMX_API symx_expr *symx_expr_arg(const symx_expr *e, unsigned i);
/* EXTRACT: hi and lo bits. */
SYMX_API unsigned symx_expr_extract_hi(const symx_expr *e);
SYMX_API unsigned symx_expr_extract_lo(const symx_expr *e);
/* Arrays: name (inputs; constant arrays have a generated name), size in
** bytes, index width (32 or 64). */
SYMX_API const char *symx_array_name(const symx_expr *a);
SYMX_API uint64_t symx_array_size(const symx_expr *a);
SYMX_API unsigned symx_array_index_width(const symx_expr *a);
/* A stable id, unique among live nodes of a context, increasing with
** creation order. */
SYMX_API uint64_t symx_expr_id(const symx_expr *e);
/* Structural hash (equal expressions are the same node). */
SYMX_API uint64_t symx_expr_hash(const symx_expr *e);

/* Constants. value is truncated to width bits. */
SYMX_API symx_expr *symx_const(symx_ctx *ctx, unsigned width, uint64_t value);
SYMX_API symx_expr *symx_true(symx_ctx *ctx);
SYMX_API symx_expr *symx_false(symx_ctx *ctx);

/*
** Arrays. An input array is the unit that seeds, test cases and AFL files
** map to. Creating an input with a name that exists returns the existing
** array when size and index width agree, otherwise fails (SYMX_MISUSE).
** index_width is 32 or 64.
*/
SYMX_API symx_expr *symx_array_input(symx_ctx *ctx, const char *name,
                                     uint64_t size, unsigned index_width);
/* A constant array of size bytes; name may be NULL. */
SYMX_API symx_expr *symx_array_const(symx_ctx *ctx, const char *name,
                                     const uint8_t *bytes, uint64_t size,
                                     unsigned index_width);
/* array[index] := value (value width 8, index width = the array's). */
SYMX_API symx_expr *symx_array_write(symx_ctx *ctx, symx_expr *array,
                                     symx_expr *index, symx_expr *value);
/* array[index], an 8-bit value. Out-of-range reads of input arrays read 0. */
SYMX_API symx_expr *symx_read(symx_ctx *ctx, symx_expr *array,
                              symx_expr *index);
/* Sugar: bytes [offset, offset+nbytes) of array read little-endian. */
SYMX_API symx_expr *symx_read_le(symx_ctx *ctx, symx_expr *array,
                                 uint64_t offset, unsigned nbytes);
/* Sugar: a scalar symbolic variable = a fresh input array of
** ceil(width/8) bytes named name, read little-endian, truncated to width. */
SYMX_API symx_expr *symx_var(symx_ctx *ctx, const char *name, unsigned width);
/* The input array named name, or NULL (no error) when there is none. */
SYMX_API symx_expr *symx_input_find(symx_ctx *ctx, const char *name);
/* e with every node from[i] (typically an input array) replaced by to[i]
** (same width, or both arrays), rebuilt with simplification: a condition
** over one place's inputs put in terms of another place's values. A new
** reference; NULL on misuse or out of memory. */
SYMX_API symx_expr *symx_expr_substitute(symx_ctx *ctx, symx_expr *e,
                                         symx_expr *const *from,
                                         symx_expr *const *to, size_t n);
/* The number of distinct input arrays e reads; the first max of them
** (borrowed) into out (may be NULL). 0 also when out of memory (error set). */
SYMX_API size_t symx_expr_inputs(symx_ctx *ctx, symx_expr *e, symx_expr **out,
                                 size_t max);

/* Generic builders by kind (unary, binary, ternary). */
SYMX_API symx_expr *symx_mk1(symx_ctx *ctx, symx_kind k, symx_expr *a);
SYMX_API symx_expr *symx_mk2(symx_ctx *ctx, symx_kind k, symx_expr *a,
                             symx_expr *b);
SYMX_API symx_expr *symx_mk3(symx_ctx *ctx, symx_kind k, symx_expr *a,
                             symx_expr *b, symx_expr *c);

/* Bit-vector operators. Operands of binary operators have equal widths;
** division by zero has SMT-LIB semantics: x/0 = all ones, x%0 = x (unsigned),
** sdiv x 0 = (x<0 ? 1 : -1), srem x 0 = x. Shift amounts >= width give 0
** (ashr: all sign bits). */
SYMX_API symx_expr *symx_not(symx_ctx *ctx, symx_expr *a);
SYMX_API symx_expr *symx_neg(symx_ctx *ctx, symx_expr *a);
SYMX_API symx_expr *symx_add(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_sub(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_mul(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_udiv(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_sdiv(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_urem(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_srem(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_and(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_or(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_xor(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_shl(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_lshr(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_ashr(symx_ctx *ctx, symx_expr *a, symx_expr *b);
/* hi:lo; result width = sum (at most 64). */
SYMX_API symx_expr *symx_concat(symx_ctx *ctx, symx_expr *hi, symx_expr *lo);
/* Bits hi..lo inclusive (hi < width, lo <= hi). */
SYMX_API symx_expr *symx_extract(symx_ctx *ctx, symx_expr *a, unsigned hi,
                                 unsigned lo);
/* Extend to width bits (width >= the operand's width). */
SYMX_API symx_expr *symx_zext(symx_ctx *ctx, symx_expr *a, unsigned width);
SYMX_API symx_expr *symx_sext(symx_ctx *ctx, symx_expr *a, unsigned width);
SYMX_API symx_expr *symx_eq(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_ne(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_ult(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_ule(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_ugt(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_uge(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_slt(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_sle(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_sgt(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_sge(symx_ctx *ctx, symx_expr *a, symx_expr *b);
/* cond (width 1) ? t : e, with t and e of equal width. */
SYMX_API symx_expr *symx_ite(symx_ctx *ctx, symx_expr *cond, symx_expr *t,
                             symx_expr *e);
/* Boolean sugar on width-1 expressions. */
SYMX_API symx_expr *symx_bool_not(symx_ctx *ctx, symx_expr *a);
SYMX_API symx_expr *symx_bool_and(symx_ctx *ctx, symx_expr *a, symx_expr *b);
SYMX_API symx_expr *symx_bool_or(symx_ctx *ctx, symx_expr *a, symx_expr *b);

/* ==================================================================== */
/* Assignments: input name -> bytes                                      */
/* ==================================================================== */

typedef struct symx_assign symx_assign;

SYMX_API symx_assign *symx_assign_new(symx_ctx *ctx);
SYMX_API void symx_assign_free(symx_assign *a);
SYMX_API symx_assign *symx_assign_copy(const symx_assign *a);
/* Binds name to a copy of bytes[0..len) (replacing any earlier binding). */
SYMX_API int symx_assign_set(symx_assign *a, const char *name,
                             const uint8_t *bytes, size_t len);
/* The bytes bound to name (owned by the assignment), or NULL. */
SYMX_API const uint8_t *symx_assign_get(const symx_assign *a,
                                        const char *name, size_t *len);
/* Number of bindings, and the name of binding i (sorted by name). */
SYMX_API size_t symx_assign_count(const symx_assign *a);
SYMX_API const char *symx_assign_name(const symx_assign *a, size_t i);

/* Evaluates e under the assignment (unbound bytes read 0). On success
** *value holds the zero-extended result. Arrays cannot be evaluated. */
SYMX_API int symx_eval(symx_ctx *ctx, symx_expr *e, const symx_assign *a,
                       uint64_t *value);
/* 1 when every constraint evaluates to 1 under a, 0 otherwise, -1 on error. */
SYMX_API int symx_assign_satisfies(symx_ctx *ctx, const symx_assign *a,
                                   symx_expr *const *cs, size_t n);

/* ==================================================================== */
/* SMT-LIB2 and printing                                                 */
/* ==================================================================== */

/* The query "cs[0] && ... && cs[n-1]" as an SMT-LIB2 script (QF_ABV; input
** arrays declared as (Array (_ BitVec 32) (_ BitVec 8))), ending in
** (check-sat). Free with symx_string_free. */
SYMX_API char *symx_smt2_query(symx_ctx *ctx, symx_expr *const *cs, size_t n);
/* The query "do cs[0..n-1] imply query?" in KLEE's KQuery language (query
** NULL: false, so the query is valid iff the constraints are unsatisfiable):
** "array NAME[SIZE] : w32 -> w8 = symbolic" (or "= [b0 b1 ...]" for constant
** arrays) for every array used, then (query [c0 c1 ...] query). Shared
** nodes are labelled (N0:...), names made KQuery identifiers (bad
** characters become '_', clashes get _N); reads that may fall outside an
** array are guarded to read 0 there, as ours do. kleaver parses the text
** and answers as our solver does. Free with symx_string_free. */
SYMX_API char *symx_kquery_query(symx_ctx *ctx, symx_expr *const *cs, size_t n,
                                 symx_expr *query);
/* The query "cs[0] && ... && cs[n-1]" in STP's CVC presentation language:
** the arrays' declarations (NAME : ARRAY BITVECTOR(32) OF BITVECTOR(8);
** names made CVC identifiers, other characters as $hh; a constant array's
** bytes each asserted), ASSERT(c = 0bin1); per constraint (shared nodes
** bound by LET t?ID = ... IN), then QUERY(FALSE); — what KLEE's
** --write-cvcs writes per test. Reads that may fall outside an array are
** guarded to read 0 there, and division by zero has SMT-LIB's result, as
** ours. Free with symx_string_free. */
SYMX_API char *symx_cvc_query(symx_ctx *ctx, symx_expr *const *cs, size_t n);
/* A readable one-line form of e for debugging. Free with symx_string_free. */
SYMX_API char *symx_expr_str(symx_ctx *ctx, symx_expr *e);

/* A parsed SMT-LIB2 script: a list of commands. */
typedef struct symx_smt2 symx_smt2;

typedef enum symx_smt2_cmd {
  SYMX_SMT2_ASSERT = 0,    /* one expression */
  SYMX_SMT2_CHECK_SAT = 1, /* no expression */
  SYMX_SMT2_GET_VALUE = 2, /* the expressions asked for */
  SYMX_SMT2_PUSH = 3,      /* count in symx_smt2_num */
  SYMX_SMT2_POP = 4,       /* count in symx_smt2_num */
  SYMX_SMT2_EXIT = 5,
  SYMX_SMT2_GET_MODEL = 6,
  SYMX_SMT2_RESET = 7
} symx_smt2_cmd;

/* Parses text[0..len). On failure returns NULL; symx_errmsg() gives
** "name:line:col: message". name labels the source in messages (may be NULL).
** Declarations become input arrays of ctx: a declared (_ BitVec w) (or Bool)
** named x is the input x of ceil(w/8) bytes read little-endian and truncated
** (as symx_var); a declared (Array (_ BitVec 32|64) (_ BitVec 8)) is the
** existing input of that name and index width, or a new one of 2^32 bytes
** (index 32) or 2^64-1 bytes (index 64). Bool terms become width-1
** expressions. Scripts printed by symx_smt2_query read back exactly. */
SYMX_API symx_smt2 *symx_smt2_parse(symx_ctx *ctx, const char *text,
                                    size_t len, const char *name);
SYMX_API void symx_smt2_free(symx_smt2 *s);
SYMX_API size_t symx_smt2_count(const symx_smt2 *s);
SYMX_API symx_smt2_cmd symx_smt2_kind(const symx_smt2 *s, size_t i);
SYMX_API size_t symx_smt2_nexprs(const symx_smt2 *s, size_t i);
/* Borrowed; valid while the script lives. */
SYMX_API symx_expr *symx_smt2_expr(const symx_smt2 *s, size_t i, size_t j);
/* get-value: the source text of expression j (for printing answers). */
SYMX_API const char *symx_smt2_expr_text(const symx_smt2 *s, size_t i,
                                         size_t j);
SYMX_API unsigned symx_smt2_num(const symx_smt2 *s, size_t i);

/* ==================================================================== */
/* Solvers                                                               */
/* ==================================================================== */

typedef struct symx_solver symx_solver;

/*
** A solver over the context's solver chain (per the options) and a backend:
** "z3", "cadical", or NULL for the "solver" option's value. The chain's
** layers, each switched by its option: chain_simplify (x == c facts,
** into later constraints and back into earlier ones),
** chain_independence (byte-level factors), chain_branch_cache,
** chain_cex_cache (models and UNSAT cores), chain_bounds (intervals and
** known bits; once repair fails, a search that splits input bytes, up to
** bounds_splits times, and refutes or finds a model), chain_repair (local
** search from a hint); every SAT answer is re-checked by the evaluator
** whichever layer gave it. Queries that reach a backend are narrowed
** first (option narrow): 32-bit arithmetic on byte values is bit-blasted
** at the width the values need.
*/
SYMX_API symx_solver *symx_solver_new(symx_ctx *ctx, const char *backend);
SYMX_API void symx_solver_free(symx_solver *s);
/* Names of compiled-in backends, '|'-separated. */
SYMX_API const char *symx_solver_backends(void);

/*
** Satisfiability of cs[0] && ... && cs[n-1] (width-1 expressions).
** Returns SYMX_SAT, SYMX_UNSAT or SYMX_UNKNOWN (timeout, stop flag), or an
** error code (< SYMX_SAT). On SYMX_SAT and model != NULL, *model receives a
** new assignment (free with symx_assign_free) binding every input array the
** query reads; it satisfies the query under symx_eval.
** timeout_ms = 0 uses the "solver_timeout" option (0 = none).
*/
SYMX_API int symx_solver_check(symx_solver *s, symx_expr *const *cs, size_t n,
                               unsigned timeout_ms, symx_assign **model);

/* ==================================================================== */
/* Seeds and test cases                                                  */
/* ==================================================================== */

/*
** A seed set: a list of assignments (input name -> bytes) that guide
** exploration, each with its origin. Loaders skip a malformed file with a
** message "<file>: reason" kept in the set (symx_seeds_message) and load the
** rest; a loader given one file also returns the error (SYMX_FORMAT,
** SYMX_PARSE, SYMX_IO) and records it on the context.
**
** Size policy: when a seed binds an input whose size is known (an input
** array of that name exists in the context when the seed is added, or
** symx_seeds_fit names it), a shorter binding is padded with zeros if the
** option seed_extend is set (default) and the seed is rejected otherwise; a
** longer binding is truncated if seed_truncate is set (default) and rejected
** otherwise. Rejected seeds are dropped with a message.
*/
typedef struct symx_seeds symx_seeds;

/* An empty seed set of ctx (NULL on allocation failure); free it with
** symx_seeds_free (NULL is a no-op). */
SYMX_API symx_seeds *symx_seeds_new(symx_ctx *ctx);
SYMX_API void symx_seeds_free(symx_seeds *s);
/* One seed binding input to a copy of bytes[0..len). */
SYMX_API int symx_seeds_add_bytes(symx_seeds *s, const char *input,
                                  const uint8_t *bytes, size_t len);
/* One seed: a copy of the assignment a. */
SYMX_API int symx_seeds_add_assign(symx_seeds *s, const symx_assign *a);
/* One seed: the whole file at path bound to input. */
SYMX_API int symx_seeds_add_file(symx_seeds *s, const char *path,
                                 const char *input);
/* One seed per regular file of dir (dot names skipped, name order), each
** bound to input. SYMX_OK unless dir cannot be read. */
SYMX_API int symx_seeds_add_dir(symx_seeds *s, const char *dir,
                                const char *input);
/* One seed per entry of an AFL/AFL++ queue directory (dir may also be an
** instance directory holding queue/), bound to input. Entries must be named
** id:NNNNNN,...; other names are reported and skipped, as are dot names
** and .state/. SYMX_OK unless the directory cannot be read. */
SYMX_API int symx_seeds_add_afl_queue(symx_seeds *s, const char *dir,
                                      const char *input);
/* KLEE .ktest seeds: path is a file, or a directory whose *.ktest files are
** loaded in name order. With names == NULL objects bind the inputs of
** their own names (option seed_match = name, the default), or, with
** seed_match = position (KLEE's default), the inputs a path makes in
** order: the k-th input announced with symx_state_new_input takes the
** k-th object, whatever the names; otherwise object i binds names[i]
** (i < nnames). */
SYMX_API int symx_seeds_add_ktest(symx_seeds *s, const char *path,
                                  const char *const *names, size_t nnames);
/* JSON seeds: {"inputs": {"name": BYTES, ...}} or an array of such objects,
** where BYTES is an array of integers 0..255, a hex string ("6869", also
** "hex:6869") or "base64:aGk=". The test*.json files libsymx writes are
** valid seed files. */
SYMX_API int symx_seeds_add_json(symx_seeds *s, const char *path);
/* Applies the size policy for input of size bytes to every seed now
** (call it when the input's size becomes known); rejected seeds are
** dropped with a message. */
SYMX_API int symx_seeds_fit(symx_seeds *s, const char *input, uint64_t size);
/* Number of seeds; seed i (borrowed, valid until the set changes); its
** origin (a file path, or "bytes #N"/"assignment #N"). */
SYMX_API size_t symx_seeds_count(const symx_seeds *s);
SYMX_API const symx_assign *symx_seeds_get(const symx_seeds *s, size_t i);
SYMX_API const char *symx_seeds_origin(const symx_seeds *s, size_t i);
/* Messages about skipped files and rejected seeds, oldest first. */
SYMX_API size_t symx_seeds_message_count(const symx_seeds *s);
SYMX_API const char *symx_seeds_message(const symx_seeds *s, size_t i);

/*
** KLEE .ktest files (big-endian, "KTEST" magic, version 3; "BOUT\n" and
** versions 1..3 are read). Reading returns a new assignment binding each
** object's name to its bytes (a repeated name keeps its first object), or
** NULL with SYMX_FORMAT ("<file>: offset N: what") or SYMX_IO. Writing puts
** one object per binding in assignment order (zero-length bindings are left
** out: KLEE cannot read them) and argv[0..argc) as the run's arguments
** (argv may be NULL). The file appears complete or not at all.
*/
SYMX_API symx_assign *symx_ktest_read(symx_ctx *ctx, const char *path);
SYMX_API int symx_ktest_write(symx_ctx *ctx, const char *path,
                              const symx_assign *a, const char *const *argv,
                              size_t argc);

/*
** AFL/AFL++ exchange: libsymx as a peer instance in a sync directory
** (afl-fuzz -o SYNC). Our directory SYNC/<name>/ gets queue/ (inputs we
** produce, named id:NNNNNN,src:PPPPPP with dense ids), crashes/ (named
** id:NNNNNN,sig:06,src:PPPPPP) and fuzzer_stats. Files appear atomically;
** identical contents are written once, also across restarts (ids resume).
*/
typedef struct symx_afl symx_afl;

/* Opens our instance; NULL sync_dir/name take the options afl_sync_dir and
** afl_name. Creates the directories. NULL on error. */
SYMX_API symx_afl *symx_afl_open(symx_ctx *ctx, const char *sync_dir,
                                 const char *name);
/* Closes the handle (files stay; NULL is a no-op). */
SYMX_API void symx_afl_close(symx_afl *afl);
/* The most promising input of the other instances' queues not taken yet
** (new coverage "+cov" first, then initial seeds "orig:", then smaller
** files, then later names; names that are not AFL entry names and files
** that vanish are skipped with a message), bound to input in a new assignment *out (free
** with symx_assign_free); *out = NULL when there is nothing new. *id (may be
** NULL) receives its AFL id, to pass as parent when writing what it led to. */
SYMX_API int symx_afl_next_seed(symx_afl *afl, const char *input,
                                symx_assign **out, int64_t *id);
/* Adds bytes to our queue (or crashes) with parent id (-1 = none). *id
** (may be NULL) receives the new id, or -1 when the same content is there. */
SYMX_API int symx_afl_write_input(symx_afl *afl, const uint8_t *bytes,
                                  size_t len, int64_t parent, int64_t *id);
SYMX_API int symx_afl_write_crash(symx_afl *afl, const uint8_t *bytes,
                                  size_t len, int64_t parent, int64_t *id);
/* Rewrites SYNC/<name>/fuzzer_stats with execs_done and the counts, the
** fields afl-whatsup reads; nothing while execs_done or the corpus (our
** queue and the entries taken) is 0, which afl-whatsup divides by. A
** command_line (NULL keeps the last one given) also writes fuzzer_setup. */
SYMX_API int symx_afl_update_stats(symx_afl *afl, uint64_t execs_done,
                                   const char *command_line);
/* The edge coverage the next fuzzer_stats reports (edges_found, total_edges,
** bitmap_cvg), as the caller measures it. */
SYMX_API int symx_afl_set_coverage(symx_afl *afl, uint64_t edges_found,
                                   uint64_t total_edges);
/* Why entries were skipped (a name that is not an AFL entry name, a file
** that vanished or could not be read), oldest first, since the last clear. */
SYMX_API size_t symx_afl_message_count(const symx_afl *afl);
SYMX_API const char *symx_afl_message(const symx_afl *afl, size_t i);
SYMX_API void symx_afl_messages_clear(symx_afl *afl);

/* ==================================================================== */
/* Exploration engine                                                    */
/* ==================================================================== */

/*
** Life-cycle (a front end drives the engine like a SQLite statement):
**  1. eng = symx_engine_new(ctx)             options are read from ctx
**     optional: symx_engine_set_searcher/_weight/_seeds/_on_test/_progress
**  2. symx_engine_start(eng, payload, &vt)   the initial program state
**  3. loop: rc = symx_engine_next(eng, &st)
**       SYMX_STATE: run st (its payload) until the program needs the engine:
**         - symx_state_branch()   a conditional branch
**         - symx_state_assume()   a constraint to add
**         - symx_state_check()    an error check (div by zero, bounds, ...)
**         - symx_state_eval() / symx_state_concretize()
**         - symx_state_terminate()  the path ends
**         After a real fork, set each child's program counter in its
**         payload and go back to symx_engine_next(). Whenever a call leaves
**         st not ACTIVE (symx_state_status), stop running it and go back to
**         symx_engine_next() as well. A front end may return to
**         symx_engine_next() at any time: every state must be resumable from
**         its payload alone.
**       SYMX_DONE: finished, stopped by the stop flag (resumable after
**         symx_ctx_resume) or by a limit (remaining states were terminated
**         early); other codes are errors.
**  4. symx_engine_free(eng)
**
** Modes (option "mode"):
**   eager    both sides of a branch are checked before forking (classic).
**            The witness decides one side for free; only the other side is
**            asked of the solver.
**   pending  fork first; a child whose condition holds under a known
**            assignment (the parent's witness, a seed, a cached model) runs
**            at once, the other waits in the pending set; the solver decides
**            a pending state only when no runnable state is left. Error
**            checks (symx_state_check) stay eager. The default.
**   relaxed  as pending, and error checks fork pending states too.
**
** State handles: a state returned by symx_engine_next() or symx_state_branch()
** stays valid while it is ACTIVE or PENDING, and after it ends (TERMINATED,
** INFEASIBLE) until the next call of symx_engine_next(); using it in that
** window fails with SYMX_MISUSE (except the read-only accessors and
** symx_state_eval of a TERMINATED state). Every ACTIVE state holds a witness: an
** assignment satisfying all of its path constraints (unbound bytes read 0).
**
** Limits (options, 0 = none): max_time, max_instructions (reported with
** symx_state_step), max_states (ACTIVE + PENDING), max_forks, max_depth,
** max_memory (MiB resident in the whole process, the front end's payloads
** included; 2000 by default). max_forks and max_depth do not end paths:
** past them a branch follows the witness side only. Past max_states or
** max_memory the engine frees room (paper section 3.4) without reviving
** any pending state: pending states that the solver chain's caches, then
** the solver (a bounded number per relief), prove infeasible are dropped
** first, then the states the searchers would run next (option
** memory_kill=searcher; random: states picked at random) end early (a
** feasible one with a test case, message "memory limit exceeded"), until a fifth of the
** room above what the process held at symx_engine_start is free. The
** memory is sampled every few symx_engine_next calls (from /proc on
** Linux); on glibc, malloc's free memory is left out of it and given back
** to the system (malloc_trim) within a thirty-second of the cap. Freed
** memory stays resident for the states that come next, so each relief also
** sets a budget of live states (what the process grew by, shared equally)
** and the next relief looks when the live states pass it, before the
** resident size has to grow. One solver query can outgrow the process on
** its own (circuits of reads through long write chains): the cadical
** backend looks at the memory while it blasts and solves, and a query that
** has grown the process to where reliefs start (less room for the next
** doubling of its arrays) is given up, SYMX_UNKNOWN (statistic
** cadical_memory_stops); the z3 backend is not bounded that way.
** Statistics: pressure_reliefs, pressure_kills_infeasible,
** pressure_kills, pressure_solver_checks, rss_max. max_time and
** max_instructions end the exploration: the states left end early, each
** with a test case unless option dump_states_on_halt is 0. Every solver query of the engine
** ends by max_time or after solver_timeout, whichever comes first; the
** query then answers unknown (statistic solver_timeouts): past
** solver_timeout the side it asked about goes per unknown_policy, past
** max_time it ends early with the run.
*/
typedef struct symx_engine symx_engine;
typedef struct symx_state symx_state;

/* The front end's program state, cloned on fork and freed with the state.
** clone returns NULL on failure (the fork then fails with SYMX_NOMEM and
** the engine is unchanged). A NULL vtable (or clone and free both NULL)
** shares one payload pointer between all states and never frees it; free
** without clone is SYMX_MISUSE. */
typedef struct symx_payload_vt {
  void *(*clone)(void *user, void *payload);
  void (*free)(void *user, void *payload);
  void *user;
} symx_payload_vt;

/* State status. */
typedef enum symx_status {
  SYMX_ST_ACTIVE = 0,     /* feasible, runnable */
  SYMX_ST_PENDING = 1,    /* feasibility not yet known */
  SYMX_ST_TERMINATED = 2, /* path ended */
  SYMX_ST_INFEASIBLE = 3  /* proved infeasible (or unknown), dropped */
} symx_status;

/* Termination reasons. */
typedef enum symx_reason {
  SYMX_END_EXIT = 0,  /* normal exit */
  SYMX_END_ERROR = 1, /* program error (see symx_error_kind) */
  SYMX_END_EARLY = 2, /* a limit ended the path */
  SYMX_END_USER = 3   /* the front end ended it */
} symx_reason;

/* Error kinds reported by symx_state_check() and symx_state_terminate(). */
typedef enum symx_error_kind {
  SYMX_ERR_NONE = 0,
  SYMX_ERR_ASSERT,
  SYMX_ERR_ABORT,
  SYMX_ERR_DIV_ZERO,
  SYMX_ERR_OUT_OF_BOUNDS,
  SYMX_ERR_NULL_DEREF,
  SYMX_ERR_USE_AFTER_FREE,
  SYMX_ERR_DOUBLE_FREE,
  SYMX_ERR_INVALID_FREE,
  SYMX_ERR_UNREACHABLE,
  SYMX_ERR_USER,
  SYMX_ERR_OVERSHIFT, /* a shift by the operand's width or more (KLEE's "overshift") */
  SYMX_ERR_EXTERNAL,  /* a call outside the program failed: no such function, or it faulted */
  SYMX_ERR_MODEL      /* the path left what the tool models (KLEE's "model"): e.g. a symbolic
                      ** allocation size with more values than the sizes explored */
} symx_error_kind;

/* "assert", "div-zero", ... ("none" for SYMX_ERR_NONE, NULL when out of
** range). */
SYMX_API const char *symx_error_kind_name(symx_error_kind k);

/* An engine on ctx. The options mode, search, pending_search and rng_seed
** are read now; output_dir and test_formats at the first test case; the
** limits, emit_tests, unknown_policy, slice_instructions and
** batch_instructions, batch_time where they are used, so they may change during an
** exploration. NULL on error (an unknown searcher name: SYMX_RANGE). */
SYMX_API symx_engine *symx_engine_new(symx_ctx *ctx);
/* Frees every state (payloads through their vtable), test record and the
** engine. NULL is a no-op. */
SYMX_API void symx_engine_free(symx_engine *eng);
SYMX_API symx_ctx *symx_engine_ctx(symx_engine *eng);
/* A number uniform in [0, n) for a front end's random choices (0 when n is
** 0 or eng NULL): from a stream of its own, seeded by rng_seed as the
** engine's is, so that a run stays reproducible and the searchers' draws
** are the same whether or not a front end draws. */
SYMX_API uint64_t symx_engine_random(symx_engine *eng, uint64_t n);
/* Creates the initial state (ACTIVE, empty path, witness binding nothing)
** owning payload. Only once per engine (SYMX_MISUSE otherwise). vt is
** copied; it may be NULL (see symx_payload_vt). */
SYMX_API int symx_engine_start(symx_engine *eng, void *payload,
                               const symx_payload_vt *vt);
/* The next state to run: SYMX_STATE with *out set, SYMX_DONE (*out = NULL),
** or an error code. Frees the states that ended since the last call. */
SYMX_API int symx_engine_next(symx_engine *eng, symx_state **out);
/* Number of states with the given status now (TERMINATED: ended and not
** yet freed). */
SYMX_API size_t symx_engine_count(symx_engine *eng, symx_status status);

/*
** User searchers. The engine runs one searcher over ACTIVE states and one
** over PENDING states (options search and pending_search: "dfs", "bfs",
** "random-state", "random-path", "nurs:depth" (alias "depth-biased"),
** "nurs:rp", "weighted" (symx_engine_set_weight), "sdse", "sdse-pr",
** "sdse-rr" (symx_engine_set_distance), "batching:NAME" (keeps
** the last state for batch_instructions instructions and batch_time, each
** 0 = no such budget), "iterdeep:NAME" (a state that ran past a time budget
** since its selection pauses until nothing else is left; then the budget,
** first 1s, doubles), "(a,b)" (a group: "batching:(a,b)"), "zesti" (see
** symx_state_sensitive), and "a,b,..." interleaved round-robin; Otter's
** spellings "rr(a,b)" = "(a,b)", "batch(a)" = "batching:(a)", "rp" =
** "random-path"). A searcher holds the set it is given through
** add/remove; select returns a member without removing it.
*/
typedef struct symx_searcher_vt {
  /* Adds st to the set; nonzero on failure (out of memory). */
  int (*add)(void *self, symx_state *st);
  /* Removes st (a member) from the set. */
  void (*remove)(void *self, symx_state *st);
  /* A member, or NULL when the set is empty. */
  symx_state *(*select)(void *self);
  /* Nonzero when the set is empty. */
  int (*empty)(void *self);
  /* st (a member) changed: it forked or ran since it was selected. May be
  ** NULL. */
  void (*update)(void *self, symx_state *st);
  /* Called by symx_engine_free (may be NULL). */
  void (*free)(void *self);
} symx_searcher_vt;

/* Replaces the feasible (pending = 0) or pending (pending = 1) searcher by
** a user searcher (vt copied, self owned from now on: vt->free(self) is
** called even when this fails). Only before symx_engine_start. */
SYMX_API int symx_engine_set_searcher(symx_engine *eng, int pending,
                                      const symx_searcher_vt *vt, void *self);
/* The weight of a state for the "weighted" searcher (> 0; finite). It is
** re-read when the state is added and updated. */
typedef double (*symx_weight_fn)(void *user, symx_state *st);
SYMX_API int symx_engine_set_weight(symx_engine *eng, symx_weight_fn fn,
                                    void *user);
/*
** Directed search (Otter's SDSE): the front end knows targets (program
** points to reach) and tells the engine a state's distance to them;
** searchers "sdse" (the nearest state first), "sdse-pr" (random, odds
** 1/distance) and "sdse-rr" (round robin over the targets, the state
** nearest to each in turn) read it, for active states (search) and pending
** ones (pending_search: the pending state nearest to a target is revived
** first). target is 0..ntargets-1, or SYMX_TARGET_ANY: the nearest target
** not reached yet. SYMX_DIST_INF: no target is reachable. A distance is
** re-read when the state is added and updated, and for every state by
** symx_engine_distances_changed (call it when a target is reached, so that
** states leave a reached target alone). Ties are broken by the engine's RNG.
** In the pending modes, with option directed_revival (default on), a pending
** state nearer to a target than the active state the searcher picks is
** revived first (the solver is paid for the states the search wants), not
** only when no active state is left (after the seeding phase).
*/
#define SYMX_TARGET_ANY SIZE_MAX
#define SYMX_DIST_INF UINT64_MAX
typedef uint64_t (*symx_distance_fn)(void *user, symx_state *st, size_t target);
SYMX_API int symx_engine_set_distance(symx_engine *eng, symx_distance_fn fn,
                                      size_t ntargets, void *user);
/* (symx_engine_set_distance: only before symx_engine_start, SYMX_MISUSE
** after.) Every state's distance is re-read (the targets changed). */
SYMX_API int symx_engine_distances_changed(symx_engine *eng);
/*
** Seeds (paper sections 2.2.2, 4.7). Every state carries the seeds still
** consistent with its path (the initial state all of them); at a fork they
** split by the condition's value under each. A fork side some seed
** satisfies runs at once with that seed as its witness (fast-sat tier b):
** a seed's path needs no solver call. Seeding phase first: states that
** carry seeds are selected before all others, one seed's path to its end
** (and its test case) before the next; error checks on them defer to a
** pending error side (as in relaxed mode) instead of asking the solver;
** concretization on them takes the seed's value. Then normal search goes on
** over the states the seeds left behind (the divergence points). Options:
** seed_time (budget of the seeding phase, from symx_engine_start), only_seed
** (stop when it ends: remaining states end early), only_replay_seeds (states
** no seed follows are dropped unexplored). The set is borrowed: it must
** outlive the engine and not change while the engine runs. Only before
** symx_engine_start (SYMX_MISUSE after); an empty set means no seeds.
*/
SYMX_API int symx_engine_set_seeds(symx_engine *eng, const symx_seeds *seeds);
/* st's path made array (an input array) a new input, as KLEE's
** klee_make_symbolic does: test cases of the path list their .ktest objects
** in the order the path made them (KLEE's; then inputs not announced, by
** name). With option seed_match = position, every .ktest
** seed st follows binds its next object to it, by KLEE's size rules: a
** shorter object (or none left) is padded with zeros when seed_extend is
** set (KLEE's --allow-seed-extension), a longer one truncated when
** seed_truncate is set (--allow-seed-truncation); otherwise SYMX_RANGE with
** the reason ("ran out of inputs during seeding", "replace size mismatch:
** ...") in symx_errmsg, on which KLEE ends the path with a user error.
** SYMX_OK and nothing done in name mode or when no seed follows st. */
SYMX_API int symx_state_new_input(symx_state *st, symx_expr *array);

/* Progress: fn is called from symx_engine_next at most every interval_ms
** milliseconds (0 = every call); a nonzero return stops the exploration as
** the stop flag does. fn NULL removes it. */
typedef int (*symx_progress_fn)(void *user, symx_engine *eng);
SYMX_API int symx_engine_on_progress(symx_engine *eng, symx_progress_fn fn,
                                     void *user, unsigned interval_ms);

/*
** Test cases. For every path end selected by the option emit_tests (all,
** errors, cover: states marked with symx_state_covered_new and errors,
** none) the engine records the input bytes of the witness (every input
** array of the context at its full size): numbered 1, 2, ... without gaps,
** an input identical to an earlier test's is recorded once, and written to
** output_dir (if not empty) as test000001.* in the test_formats. With the
** option emit_all_errors 0 (KLEE's default; 1 here), only the first error
** of each kind at each location (symx_state_set_location's, else its
** message) gets a test case.
*/
typedef struct symx_test {
  uint32_t number;           /* 1, 2, ...; the original's for a duplicate;
                             ** 0 (callback only): a path end with no test */
  int duplicate;             /* callback only: same inputs as test number */
  symx_reason reason;
  symx_error_kind kind;      /* SYMX_ERR_NONE unless reason is ERROR */
  const char *message;       /* may be NULL */
  unsigned depth;
  uint64_t state_id;         /* the path's state */
  const symx_assign *inputs; /* borrowed */
  const char *location;      /* source location ("file.c:12") or NULL */
} symx_test;

/* Called for every emitted test, duplicates included, and for every path
** end that emit_tests or emit_all_errors leave without one (number 0;
** not for a pending state ended unchecked, nor a state a limit halted
** with dump_states_on_halt 0), with the state whose
** path it is (st is valid during the call only; it may be ACTIVE: an error
** found by symx_state_check on a path that goes on). Pointers in *t are
** valid during the call only. fn NULL removes it. */
typedef void (*symx_test_fn)(void *user, symx_state *st, const symx_test *t);
SYMX_API int symx_engine_on_test(symx_engine *eng, symx_test_fn fn,
                                 void *user);
/* The run's arguments that every .ktest test case records (KLEE's
** "args": the program and its command line); copied. argc 0 clears. */
SYMX_API int symx_engine_set_test_args(symx_engine *eng, const char *const *argv,
                                       size_t argc);
/* Recorded tests (duplicates not counted); test i (0-based, number i+1):
** pointers valid until the engine is freed. SYMX_RANGE past the end. */
SYMX_API size_t symx_engine_test_count(symx_engine *eng);
SYMX_API int symx_engine_test_get(symx_engine *eng, size_t i, symx_test *out);

/* The context's statistics (engine counters included) as one JSON object;
** free with symx_string_free. */
SYMX_API char *symx_engine_stats_json(symx_engine *eng);

/*
** A conditional branch on cond (width 1). On return:
**   - no fork (cond constant under the path, or forking inhibited by
**     max_forks/max_depth, or only one side feasible in eager mode): the
**     surviving side is st itself, the other is NULL;
**   - a real fork: *on_true and *on_false are two states (st is one of
**     them); each may be ACTIVE or PENDING. Set their program counters,
**     then call symx_engine_next().
** Either out pointer may be NULL. Fails with SYMX_MISUSE when st is not
** ACTIVE or cond is not a width-1 bit-vector, SYMX_NOMEM when the payload
** clone fails (nothing changed).
*/
SYMX_API int symx_state_branch(symx_state *st, symx_expr *cond,
                               symx_state **on_true, symx_state **on_false);
/* As symx_state_branch, but the side st's witness does not take is decided
** by the solver now in every mode, as in eager mode (a feasible side is
** ACTIVE, an infeasible one NULL): for forks that are the tool's modelling
** choices rather than the program's branches (KLEE's pending-states design
** made only branches pending), e.g. the sizes of a symbolic allocation. */
SYMX_API int symx_state_branch_now(symx_state *st, symx_expr *cond,
                                   symx_state **on_true, symx_state **on_false);
/* Adds cond to the path. SYMX_OK: st goes on. SYMX_UNSAT: the path is
** infeasible (st INFEASIBLE). SYMX_UNKNOWN: st became PENDING (pending and
** relaxed modes, when the witness does not satisfy cond) or was dropped on
** a solver timeout; go back to symx_engine_next(). */
SYMX_API int symx_state_assume(symx_state *st, symx_expr *cond);
/* Adds cond to the path as KLEE's klee_assume does: decided now in every
** mode (a solver query when the witness does not meet it). SYMX_OK: st
** goes on with cond. SYMX_UNSAT: cond cannot hold on this path: a user
** error with msg (may be NULL) is recorded with a test case of the path so
** far and st ends. SYMX_UNKNOWN: the solver gave no answer; as
** symx_state_assume then. */
SYMX_API int symx_state_require(symx_state *st, symx_expr *cond, const char *msg);
/*
** Error check: if bad (width 1) can hold on this path, records an error
** test case of the given kind (with a concrete input triggering it) and
** continues with !bad assumed. Returns SYMX_OK when st goes on, SYMX_UNSAT
** when !bad is infeasible (st is then terminated with the error), or
** SYMX_UNKNOWN when st is no longer ACTIVE for another reason (relaxed
** mode: the error side and the ok side both became pending states;
** a solver timeout). msg may be NULL.
*/
SYMX_API int symx_state_check(symx_state *st, symx_expr *bad,
                              symx_error_kind kind, const char *msg);
/* Concrete value of e (a bit-vector) under the state's witness. */
SYMX_API int symx_state_eval(symx_state *st, symx_expr *e, uint64_t *value);
/* As eval, and adds e == value to the path (no solver call). */
SYMX_API int symx_state_concretize(symx_state *st, symx_expr *e,
                                   uint64_t *value);
/* Ends the path (ACTIVE or PENDING; a pending state is revived first when
** a test case is due, and dropped if infeasible). For SYMX_END_ERROR, kind
** and msg describe the error (msg may be NULL). */
SYMX_API int symx_state_terminate(symx_state *st, symx_reason reason,
                                  symx_error_kind kind, const char *msg);
/* The front end reports n executed instructions (limits, statistics,
** batching). Returns 1 when st has used up its time slice (option
** slice_instructions, 0 = never): the front end should then go back to
** symx_engine_next() so the searcher picks again (KLEE picks before every
** instruction: slice_instructions = 1); 0 otherwise. */
SYMX_API int symx_state_step(symx_state *st, uint64_t n);
/* The front end reports that st covered new code (emit_tests=cover). */
SYMX_API void symx_state_covered_new(symx_state *st);
/*
** The front end reports a sensitive operation at st's current depth: a
** memory access whose bounds check is symbolic, a division by a symbolic
** value. Recorded for ZESTI (search or pending_search "zesti", paper
** section 4.7) from states that follow a seed (without seeds: from every
** state until the first pending state is revived). Once the seeds' paths
** are done, ZESTI revives pending states closest (in forks) to a recorded
** depth at or below theirs first, ties deepest first; states with none are
** dropped. After reviving one at depth b with distance d, states deeper than
** b + max(1, zesti_bound_mul x d) end early (zesti_bound_mul 0: the seed
** paths only). SYMX_MISUSE when st is not ACTIVE.
*/
SYMX_API int symx_state_sensitive(symx_state *st);
/*
** The source location ("file.c:12") of the next test case emitted for st
** (by symx_state_check or symx_state_terminate): symx_test.location and the
** "location" of the JSON test file. Call it right before that call; it
** lapses with the test or at the next symx_engine_next. NULL clears it.
** SYMX_MISUSE when st has ended.
*/
SYMX_API int symx_state_set_location(symx_state *st, const char *location);
/* A test case of st's path so far (reason SYMX_END_USER, message msg, the
** location set by symx_state_set_location), whatever emit_tests says; st
** (ACTIVE) goes on: e.g. a directed search's target was reached. */
SYMX_API int symx_state_emit_test(symx_state *st, const char *msg);

SYMX_API void *symx_state_payload(symx_state *st);
/* Unique, increasing in creation order (the initial state is 1). */
SYMX_API uint64_t symx_state_id(const symx_state *st);
/* Number of forks on the path from the initial state. */
SYMX_API unsigned symx_state_depth(const symx_state *st);
SYMX_API symx_status symx_state_status(const symx_state *st);
/* The termination reason (valid once TERMINATED). */
SYMX_API symx_reason symx_state_reason(const symx_state *st);
/* The engine the state belongs to. */
SYMX_API symx_engine *symx_state_engine(symx_state *st);
/* Number of path constraints. */
SYMX_API size_t symx_state_nconstraints(const symx_state *st);
/* The conjunction of the state's path constraints (true when it has none):
** a new reference, NULL when out of memory. */
SYMX_API symx_expr *symx_state_path_condition(symx_state *st);
/* The state's path constraints as one SMT-LIB2 script (symx_smt2_query of
** them, in path order): what KLEE's --write-smt2s writes per test. Free
** with symx_string_free; NULL on error (out of memory). */
SYMX_API char *symx_state_smt2(symx_state *st);
/* The same constraints as one KQuery query, (query [c1 c2 ...] false), after
** the declarations of its arrays: what KLEE's --write-kqueries writes. */
SYMX_API char *symx_state_kquery(symx_state *st);
/* The same constraints in STP's CVC language (symx_cvc_query): what KLEE's
** --write-cvcs writes. */
SYMX_API char *symx_state_cvc(symx_state *st);
/* The state's witness (borrowed; valid until the state changes). NULL for a
** state that is not ACTIVE or TERMINATED. */
SYMX_API const symx_assign *symx_state_witness(symx_state *st);

/* ==================================================================== */
/* Concolic mode (Oasis, SAGE)                                           */
/* ==================================================================== */

/*
** With option mode = concolic the engine runs one concrete input at a time.
** A run is one state whose witness is its input: the seeds first (each one
** run, in order; without seeds the all-zero input), then the inputs the
** search derives. Nothing forks: symx_state_branch follows the input and
** logs the constraint the run took; symx_state_check logs !bad (an input
** that triggers bad records the error with a test case and ends the run:
** SYMX_UNSAT); symx_state_assume and symx_state_require log their condition
** (never negated; an input that violates it ends the run: SYMX_UNSAT);
** symx_state_concretize logs e == value. Each run starts from a clone of
** the payload given to symx_engine_start (with a vtable; without one the
** payload is shared). When a run ends, symx_engine_next negates one logged
** constraint of an earlier run (prefix && !c, solved over c's independent
** factor only; every other byte keeps the earlier run's value) and returns
** the run of the input found. Options: concolic_search (generational:
** SAGE/Oasis, every constraint of a run in turn, runs first in first out;
** dfs: the last constraint first, the newest run first), concolic_order
** (oasis: dangerous and new, dangerous, new, the rest, each in log order;
** log: log order), concolic_queue (fifo: a run's constraints all before
** the next run's, Oasis's Listing 2; rank: the lowest-ranked constraint of
** any run first, the oldest run's of a tie), concolic_bound (SAGE's generation bound: a run's
** constraints inherited from its parent's prefix are not negated again),
** concolic_dedup (a run whose (site, direction) sequence was seen is not
** negated), concolic_max_runs, concolic_max_queue (runs waiting to be
** negated, at most: memory stays bounded), concolic_cache (the α-renamed cache: a
** factor's constraints with input bytes renamed in order of first
** appearance, so the same condition over other bytes hits; warmed by every
** run's own factors), concolic_cache_dir (kept on disk, at most
** concolic_cache_max entries; emptied when concolic_cache_key, the
** program's identity, changes; a corrupted one is rebuilt, see
** symx_engine_concolic_note).
*/
typedef enum symx_ck_kind {
  SYMX_CK_BRANCH = 0,   /* a conditional branch */
  SYMX_CK_DIVISION = 1, /* a check: division by zero, over-shift */
  SYMX_CK_BOUNDS = 2,   /* a check: memory bounds */
  SYMX_CK_ASSERTION = 3, /* a check: assertion, abort, user error */
  SYMX_CK_POINTER = 4,  /* a check: null, freed or invalid pointer */
  SYMX_CK_CONCRETIZE = 5, /* symx_state_concretize: e == its value */
  SYMX_CK_ASSUME = 6    /* symx_state_assume / _require: never negated */
} symx_ck_kind;
/* "branch", "division", ... (NULL out of range). Kinds 1..4 are dangerous. */
SYMX_API const char *symx_ck_kind_name(symx_ck_kind k);

/* Tag bit of constraints from changed code (Oasis's "new"). */
#define SYMX_TAG_NEW 1u

/* Tag bits (0..3) on expressions: symx_expr_tag returns e marked with tags
** (a node of its own: tags are part of identity), and every expression built
** from a tagged one carries its tags, so a logged constraint knows that data
** from tagged code (the front end tags what changed code computes) reaches
** it. Arrays carry none (SYMX_MISUSE); tags > 0xf: SYMX_RANGE. */
SYMX_API symx_expr *symx_expr_tag(symx_ctx *ctx, symx_expr *e, uint32_t tags);
SYMX_API uint32_t symx_expr_tags(const symx_expr *e);

/* One logged constraint: cond held (taken = 1) or not (taken = 0). */
typedef struct symx_centry {
  uint32_t order;    /* 0, 1, ... in the run */
  uint64_t site;     /* symx_state_set_site's, else cond's structural hash */
  symx_ck_kind kind;
  uint32_t tags;     /* the site's tag bits | cond's (symx_expr_tags) */
  int taken;
  symx_expr *cond;   /* borrowed, valid while the log lives */
} symx_centry;

typedef struct symx_clog symx_clog;

/* The site and tag bits of st's next branch or check (used once): its
** logged constraint's in concolic mode; in the forking modes a fork whose
** tags (these | the condition's) have SYMX_TAG_NEW counts in forks_new. */
SYMX_API int symx_state_set_site(symx_state *st, uint64_t site, uint32_t tags);
/* The log of st's run so far (concolic mode; NULL otherwise): borrowed,
** valid while st is (until the next symx_engine_next after its end). */
SYMX_API const symx_clog *symx_state_clog(symx_state *st);
SYMX_API size_t symx_clog_count(const symx_clog *l);
/* Entry i (SYMX_RANGE past the end). */
SYMX_API int symx_clog_get(const symx_clog *l, size_t i, symx_centry *out);
/* The log as an SMT-LIB2 script: one assert per entry, as taken, each
** after a comment "; clog ORDER SITE KIND TAGS TAKEN". Free with
** symx_string_free. */
SYMX_API char *symx_clog_smt2(const symx_clog *l);
/* Reads such a script back (a new log of ctx; SYMX_PARSE naming the line
** on malformed text). Free with symx_clog_free. */
SYMX_API symx_clog *symx_clog_parse(symx_ctx *ctx, const char *text, size_t len);
SYMX_API void symx_clog_free(symx_clog *l);

/* Pluggable order of a run's constraints: lower ranks are negated first,
** ties in log order (concolic_search = dfs: the last first). fn NULL
** restores concolic_order's. Only before symx_engine_start. */
typedef int (*symx_ck_rank_fn)(void *user, const symx_centry *e);
SYMX_API int symx_engine_set_rank(symx_engine *eng, symx_ck_rank_fn fn, void *user);

/* The current run: number (1, 2, ...), the run whose constraint it
** negates (0 for a seed or the first run), that constraint's index, kind
** and tags, and the seed it is (-1 otherwise). */
typedef struct symx_crun {
  uint64_t number, parent;
  int64_t negated, seed;
  symx_ck_kind kind;
  uint32_t tags;
  uint64_t site; /* the negated constraint's site (symx_centry.site), 0 when none */
} symx_crun;
SYMX_API int symx_engine_concolic_run(symx_engine *eng, symx_crun *out);
/* Notes of the concolic run, oldest first: the constraint cache's directory
** rebuilt ("...: the cache was rebuilt"), a seed whose size is not its
** input's (padded or truncated per seed_extend / seed_truncate, else not
** run). symx_engine_concolic_note returns NULL past the end. */
SYMX_API size_t symx_engine_concolic_notes(symx_engine *eng);
SYMX_API const char *symx_engine_concolic_note(symx_engine *eng, size_t i);

/* ==================================================================== */
/* Loop and depth cuts (Converse)                                        */
/* ==================================================================== */

/*
** A front end reports the calls, returns and loop back edges of a path;
** the engine keeps per state the call depth and, per (frame, loop), the
** back edges taken (copied on fork), and says when a limit cuts the path:
** max_call_depth (calls not yet returned), max_loop_iterations (runs of a
** loop's body per frame: the back edge that would start run N+1 is cut).
** A front end may also cut where it decided to (symx_state_cut: a cut
** program point computed from the program). What a cut does is the option
** cut_policy: end (the front end ends the path: symx_state_terminate with
** SYMX_END_EARLY, a test case as emit_tests says), symbolic or zero (the
** front end returns from the current function at once, with
** symx_state_cut_value as its return value; the path goes on). With the
** option cut_symbolic_only (default on) only input-dependent work is cut:
** a back edge counts when that run of the loop added a path constraint,
** and symx_state_cut cuts only once the innermost frame has added one (a
** path that depends on no input is one path: cutting it saves nothing),
** until the path takes a cut return: from then on it runs the cut program,
** whose loops may not end where the original's do, and every run counts.
** Statistics: cuts_loop, cuts_depth, cuts_front, cut_returns.
*/
typedef enum symx_cut {
  SYMX_CUT_NONE = 0,  /* go on */
  SYMX_CUT_END = 1,   /* end the path now (cut_policy end) */
  SYMX_CUT_RETURN = 2, /* return from the current function now (its frame
                      ** still counts as entered: report the return) */
  SYMX_CUT_DEFER = 3  /* cut_defer: fork on symx_state_cut_choice(); its false
                      ** side takes the cut (symx_state_cut_take), the true
                      ** side goes on uncut */
} symx_cut;

/* A call: the callee's frame is entered (depth + 1). Past max_call_depth
** the cut is the callee's: with SYMX_CUT_RETURN it returns at once. */
SYMX_API int symx_state_call(symx_state *st, symx_cut *action);
/* A return: the innermost frame's loop counts go, depth - 1 (no-op at
** depth 0: a return of a frame the front end never reported). */
SYMX_API int symx_state_return(symx_state *st);
/* A back edge of loop (the front end's id, unique within a function, not
** UINT32_MAX) is taken in the innermost frame; *action tells what to do. */
SYMX_API int symx_state_loop(symx_state *st, uint32_t loop, symx_cut *action);
/* The same with the loop's own bound max (runs of its body per frame; 0:
** none) in place of max_loop_iterations: a front end that bounds each loop
** apart (symx-llvm's --cut adaptive raises the bound of one loop at a time). */
SYMX_API int symx_state_loop_bounded(symx_state *st, uint32_t loop, int64_t max,
                                     symx_cut *action);
/* A cut the front end decided: *action per cut_policy. */
SYMX_API int symx_state_cut(symx_state *st, symx_cut *action);
/* The value a cut return gives (width 1..64): per cut_policy, a fresh input
** "cut.K" (the path's K-th cut return, 8 bytes read little-endian,
** truncated) or 0 (also with policy end). NULL on error. */
SYMX_API symx_expr *symx_state_cut_value(symx_state *st, unsigned width);
/* SYMX_CUT_DEFER (option cut_defer): the front end forks on this fresh
** condition (an input "cut.K" is not 0). The false side, the witness's
** (unbound bytes read 0), takes the cut: symx_state_cut_take gives its
** action per cut_policy, and from then on the path runs the cut program
** (its cuts are taken, not deferred; every loop run counts, input or not:
** a cut program may loop where the original does not). The true side goes
** on uncut, a loop's next cut at twice its count. NULL on error. */
SYMX_API symx_expr *symx_state_cut_choice(symx_state *st);
SYMX_API int symx_state_cut_take(symx_state *st, symx_cut *action);
/* The state's call depth and the back edges its innermost frame took of
** loop (0 when none). */
SYMX_API uint32_t symx_state_call_depth(const symx_state *st);
SYMX_API uint64_t symx_state_loop_count(const symx_state *st, uint32_t loop);

#ifdef __cplusplus
}
#endif
#endif /* SYMX_H */
