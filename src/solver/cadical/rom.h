/*
** rom.h — reads of constant tables as ROM lookups (see blast.h). An array
** node is a table when it is a constant array or a write of a constant
** byte at a constant index over a table; later writes override earlier ones
** at the same index, and indices outside every write read the base.
*/
#ifndef SX_CADICAL_ROM_H
#define SX_CADICAL_ROM_H

#include "blast.h"

/* Whether a's contents are all constant (memoized along the chain). */
SX_INTERNAL bool sx_rom_is_table(sx_blast *b, sx_expr *a);

/* The table of a (built once; sx_rom_is_table(b, a) must hold); UINT32_MAX
** on OOM (recorded in the graph). */
SX_INTERNAL uint32_t sx_rom_get(sx_blast *b, sx_expr *a);

/* out = table[idx] when idx is one of its entries, 0 otherwise; returns
** whether idx is an entry (only meaningful for tables that are not folded:
** outside the entries they read their base). idx_id names the index
** expression: reads at the same one share its decoder. */
SX_INTERNAL sx_lit sx_rom_read(sx_blast *b, uint32_t rom, const sx_lit *idx, unsigned iw,
                               uint64_t idx_id, sx_lit out[8]);

SX_INTERNAL void sx_rom_free(sx_blast *b);

#endif
