/*
** prog_impl.h — what the translation's files share: program.c (the module's
** objects, locations and messages), consts.c (constant values and images)
** and translate.c (a function into an instruction array).
*/
#ifndef SXL_PROG_IMPL_H
#define SXL_PROG_IMPL_H

#include "sxl.h"

#include <stdlib.h>
#include <string.h>

/* Room for element n of the array whose pointer is at pp (capacity *cap
** elements of elem bytes), doubling it as needed: 0, or -1 when out of
** memory (the array unchanged). */
static inline int sxl_grow(void *pp, uint32_t n, uint32_t *cap, size_t elem) {
  if (n < *cap) return 0;
  uint32_t c = *cap ? *cap * 2 : 16;
  void *old, *p;
  memcpy(&old, pp, sizeof old);
  if (!(p = realloc(old, (size_t)c * elem))) return -1;
  memcpy(pp, &p, sizeof p);
  *cap = c;
  return 0;
}
#define SXL_GROW(ptr, n, cap) sxl_grow(&(ptr), (n), &(cap), sizeof *(ptr))

/* consts.c */
/* Bits of an integer or pointer type; 0 for other types. */
int sxl_type_width(LLVMTypeRef t);
/* Index of function f in p->fns, or -1. */
int sxl_fn_index(const sxl_prog *p, LLVMValueRef f);
/* The value of a scalar constant; *ok = 0 when it has none we handle. */
uint64_t sxl_const_value(sxl_prog *p, LLVMValueRef c, int *ok);
/* blockaddress(fn, bb): an address in fn's object, offset 1 + bb's number
** (what indirectbr compares with its destinations). */
uint64_t sxl_block_address(sxl_prog *p, LLVMValueRef fn, LLVMBasicBlockRef bb, int *ok);
/* The exact 80 bits of an x86_fp80 constant: significand (lo) and sign
** with exponent (hi, 16 bits); -1 when c is not one. */
int sxl_const_fp80(LLVMValueRef c, uint64_t *lo, uint64_t *hi);
/* Register slots a value of type t takes: 2 for x86_fp80 and i80 (its
** bits: clang's image of a long double's union), else 1. */
unsigned sxl_type_slots(LLVMTypeRef t);
/* Serializes constant c into buf[0..size) (already zeroed); -1 when c has
** a part we cannot represent. */
int sxl_const_write(sxl_prog *p, LLVMValueRef c, uint8_t *buf, uint64_t size);

/* program.c */
/* The location of an instruction in *loc (0 = unknown); -1 when out of
** memory. */
int sxl_prog_loc(sxl_prog *p, LLVMValueRef inst, uint32_t *loc);
/* A new message "<fmt...> at <loc>" for OP_UNSUPPORTED; its index, or
** UINT32_MAX when out of memory. */
uint32_t sxl_prog_msg(sxl_prog *p, uint32_t loc, const char *fmt, ...);

#endif
