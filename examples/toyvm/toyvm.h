/*
** toyvm.h — a tiny bytecode interpreter for a text assembly, the smallest
** real front end of libsymx (public API only) and the oracle of its tests.
**
** Machine: 16 registers r0..r15 of 32 bits, 256 bytes of memory (addresses
** wrap), a value stack (push/pop) and a call stack. One instruction a line;
** "name:" labels; ';' or '#' starts a comment; operands are separated by
** commas or blanks; X is a register or an integer.
**   mov rD, X              rD = X
**   add|sub|mul|and|or|xor|shl|shr|sar|udiv|urem rD, rA, X
**   set COND rD, rA, X     rD = (rA COND X) ? 1 : 0
**   ldb rD, rA, IMM        rD = mem[rA + IMM]   (zero-extended)
**   ldsb rD, rA, IMM       rD = mem[rA + IMM]   (sign-extended)
**   stb rA, IMM, rS        mem[rA + IMM] = rS & 255
**   sym ADDR, N, NAME      mem[ADDR .. ADDR+N) = input NAME (N bytes)
**   br COND rA, X, LABEL   jump when rA COND X; COND: eq ne ult ule ugt uge
**                          slt sle sgt sge
**   jmp LABEL | call LABEL | ret | push rA | pop rD | halt
**   assert rA              error when rA == 0
** Division by zero follows SMT-LIB (x/0 = all ones, x%0 = x). Memory
** addresses must be concrete (a symbolic one is concretized).
**
** A path is identified by its hash: every executed br folds (pc, taken) in,
** and an assertion failure folds (pc, FAIL); concrete and symbolic runs
** compute it alike, so a symbolic path can be checked against concrete
** execution.
*/
#ifndef TOYVM_H
#define TOYVM_H

#include "symx.h"

typedef struct toyvm_prog toyvm_prog;

/* Parses text; NULL with a message "line N: ..." in err on failure. */
toyvm_prog *toyvm_parse(const char *text, char *err, size_t errlen);
toyvm_prog *toyvm_load(const char *path, char *err, size_t errlen);
void toyvm_free(toyvm_prog *p);

typedef enum toyvm_outcome {
  TOYVM_EXIT = 0,   /* halt, or ret from the outermost frame */
  TOYVM_ASSERT = 1, /* an assertion failed */
  TOYVM_LIMIT = 2   /* the step limit, or a stack overflow */
} toyvm_outcome;

/* Input bytes for "sym": fills buf[0..n) (missing bytes are 0). */
typedef void (*toyvm_input_fn)(void *user, const char *name, uint8_t *buf, size_t n);

/* Concrete run; *hash and *steps (may be NULL) receive the path hash and
** the instruction count. */
toyvm_outcome toyvm_run(const toyvm_prog *p, toyvm_input_fn in, void *user, uint64_t max_steps,
                        uint64_t *hash, uint64_t *steps);
/* An input provider reading a symx_assign (user = the assignment). */
void toyvm_input_assign(void *user, const char *name, uint8_t *buf, size_t n);

/* Called for every test case of a symbolic run, with the path it ends. */
typedef void (*toyvm_test_fn)(void *user, uint64_t hash, toyvm_outcome outcome,
                              const symx_test *t);

/* Explores p on eng (created and configured by the caller, not started)
** until symx_engine_next says DONE. Paths longer than max_steps end early.
** Returns SYMX_OK or the first error code. */
int toyvm_explore(symx_engine *eng, const toyvm_prog *p, uint64_t max_steps, toyvm_test_fn fn,
                  void *user);

/* Writes into buf (cap >= 2048 bytes) random program number seed: forward
** branches, ALU operations, assertions, stores and loads, and small loops
** whose bound is 2 bits of a register, over the 2-byte input "in". */
void toyvm_random_program(uint64_t seed, char *buf, size_t cap);

#endif
