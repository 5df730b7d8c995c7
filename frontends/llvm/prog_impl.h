/*
** prog_impl.h — what the translation's files share: program.c (the module's
** objects, locations and messages), consts.c (constant values and images)
** and translate.c (a function into an instruction array).
*/
#ifndef SXL_PROG_IMPL_H
#define SXL_PROG_IMPL_H

#include "sxl.h"

#include <stdlib.h>

/* Room for element n of array ptr (capacity cap, doubled as needed). */
#define SXL_GROW(ptr, n, cap)                                                       \
  do {                                                                              \
    if ((n) >= (cap)) {                                                             \
      (cap) = (cap) ? (cap) * 2 : 16;                                               \
      (ptr) = realloc((ptr), (size_t)(cap) * sizeof *(ptr));                       \
    }                                                                               \
  } while (0)

/* consts.c */
/* Bits of an integer or pointer type; 0 for other types. */
int sxl_type_width(LLVMTypeRef t);
/* Index of function f in p->fns, or -1. */
int sxl_fn_index(const sxl_prog *p, LLVMValueRef f);
/* The value of a scalar constant; *ok = 0 when it has none we handle. */
uint64_t sxl_const_value(sxl_prog *p, LLVMValueRef c, int *ok);
/* Serializes constant c into buf[0..size) (already zeroed); -1 when c has
** a part we cannot represent. */
int sxl_const_write(sxl_prog *p, LLVMValueRef c, uint8_t *buf, uint64_t size);

/* program.c */
/* The location of an instruction (0 = unknown). */
uint32_t sxl_prog_loc(sxl_prog *p, LLVMValueRef inst);
/* A new message "<fmt...> at <loc>" for OP_UNSUPPORTED; its index. */
uint32_t sxl_prog_msg(sxl_prog *p, uint32_t loc, const char *fmt, ...);

#endif
