/*
** narrow.h — bit-width narrowing of a backend query. Programs compute on
** 32- and 64-bit registers with values loaded from input bytes, so a
** query's sums, products, remainders and comparisons are mostly wide
** operators over narrow values: (zext x) urem (zext x + zext y) is a 32-bit
** divider whose 23 high bits are known zero. Narrowing bounds how many low
** bits of each term can be non-zero, rebuilds every term at the width its
** values need, and zero-extends the result back, so the bit-blaster and z3
** get a 9-bit divider instead. The narrowed query has the same inputs and
** the same models: each constraint is equivalent to its original.
*/
#ifndef SX_NARROW_H
#define SX_NARROW_H

#include "expr/expr.h"

/*
** Narrowed constraints by original, so that a path constraint asked again
** gets the same node (an incremental backend session keys its encoding by
** node); bounded, flushed when full; a solver keeps one while it lives.
*/
typedef struct sx_narrow_cache sx_narrow_cache; /* also declared in backend.h */
SX_INTERNAL sx_narrow_cache *sx_narrow_cache_new(symx_ctx *ctx);
SX_INTERNAL void sx_narrow_cache_free(sx_narrow_cache *c);

/*
** Sets out[i] to a new reference to a constraint equivalent to cs[i] with
** its terms at the narrowest width their values allow (cs[i] itself when
** nothing narrows), through cache when not NULL. Returns SYMX_OK, or an
** error (out untouched): out of memory, or a malformed node the checked
** builder refuses.
*/
SX_INTERNAL int sx_narrow(symx_ctx *ctx, sx_narrow_cache *cache, sx_expr *const *cs, size_t n, sx_expr **out);

#endif
