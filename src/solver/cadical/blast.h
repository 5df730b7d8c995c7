/*
** blast.h — expressions to AIG circuits. Every bit-vector node becomes a
** vector of literals, memoized by expression id (ids are never reused in a
** context, so a dead node's entry can never be hit again; entries go when
** the session is dropped).
**
** Arrays. A read of a write chain becomes an ite chain over index
** equalities down to a read of the chain's leaf. A leaf read at a constant
** index is a byte of fresh inputs (input arrays), a constant (constant
** arrays), or 0 out of range. A leaf read at a symbolic index is:
**   - constant array of at most SX_BLAST_MUX_MAX bytes: a mux over its bytes;
**   - otherwise a "symbolic read": 8 fresh inputs, tied to the other reads
**     of the same leaf either eagerly (Ackermann: every pair of reads gets
**     i == j -> r_i == r_j, and i >= size -> r == 0, as permanent axioms) or
**     lazily by the caller's lemma loop (sx_blast_lemma_*).
** Big constant arrays are refined lazily, except (with cadical_rom) those
** with at most SX_BLAST_ROM_SPARSE non-zero bytes: ROMs of those bytes.
**
** Constant tables (option cadical_rom; rom.c). A read whose array is, or
** whose tail below symbolic-index writes is, a chain of constant writes over
** a constant array reads that tail as a ROM: one-hot lines of the index
** values present (a decoder shared by every read at the same index
** expression) ORed per output bit, instead of an ite per write; a table
** with every index below SX_BLAST_MUX_MAX is read by a mux over its bytes,
** like a constant array (cheaper there, measured by symx-bench rom).
*/
#ifndef SX_CADICAL_BLAST_H
#define SX_CADICAL_BLAST_H

#include "aig.h"
#include "map.h"
#include "expr/expr.h"

#define SX_BLAST_MUX_MAX 4096
#define SX_BLAST_ROM_SPARSE 4096

/* An array leaf (input or constant array) some read reached. */
typedef struct sx_leaf {
  sx_expr *e;    /* retained */
  sx_u32s reads; /* its symbolic reads (indices into sx_blast.reads) */
  sx_u32s bytes; /* its constant-index bytes (indices into sx_blast.bytes) */
} sx_leaf;

typedef struct sx_sread { /* leaf[idx] at a symbolic index */
  uint32_t leaf;
  uint32_t idx; /* pool offset of the index bits */
  uint8_t idx_w;
  sx_lit val[8];
} sx_sread;

typedef struct sx_cbyte { /* input[k] at a constant index k < size */
  uint32_t leaf;
  uint64_t k;
  sx_lit val[8];
} sx_cbyte;

typedef SX_STACK(sx_lit) sx_lits;

typedef struct sx_rom_ent { /* one byte of a table: table[k] == v */
  uint64_t k;
  uint32_t pos; /* while building: write depth (0 = latest), to keep the latest */
  uint8_t v;
} sx_rom_ent;

typedef struct sx_rom { /* the constant contents of one array node */
  uint32_t first, n; /* entries in sx_blast.ents, sorted by k */
  bool folded;       /* the base's bytes are entries: outside them the read is 0 */
  sx_expr *base;     /* the constant array at the bottom (borrowed from the chain) */
  uint32_t dense;      /* folded, every index below SX_BLAST_MUX_MAX: the bytes of */
  uint32_t first_byte; /* 0..dense-1 in sx_blast.dense from first_byte (else 0) */
} sx_rom;

typedef struct sx_dec { /* one-hot lines of one index expression's values */
  sx_map lines; /* (lo * 128 + hi, value of bits lo..hi-1) -> line */
} sx_dec;

typedef struct sx_blast {
  symx_ctx *ctx;
  sx_aig g;
  sx_lits pool; /* bits of every blasted node */
  sx_map memo;  /* (expr id, 0) -> pool offset (arrays: 0, meaning visited) */
  sx_map leaf_of;  /* (leaf expr id, 0) -> leaf */
  sx_map base;     /* (leaf expr id, index expr id) -> read, or byte | SX_BASE_BYTE */
  sx_map byte_of;  /* (leaf expr id, k) -> byte */
  SX_STACK(sx_leaf) leaves;
  SX_STACK(sx_sread) reads;
  SX_STACK(sx_cbyte) bytes;
  sx_lits axioms; /* facts to assert permanently (the caller drains them) */
  SX_STACK(uintptr_t) work;
  sx_map tail;   /* (array id, 0) -> 1 when its contents are constant, else 0 */
  sx_map rom_of; /* (array id, 0) -> rom */
  sx_map dec_of; /* (index expr id, width) -> decoder */
  sx_map nz_of;  /* (big constant array id, 0 | 1) -> first | count of its entries in nz
                 ** (0: UINT32_MAX - 1 when it has too many non-zero bytes) */
  SX_STACK(sx_rom) roms;
  SX_STACK(sx_rom_ent) ents;
  SX_STACK(sx_rom_ent) nz; /* non-zero bytes of sparse big constant arrays, each scanned once */
  SX_STACK(sx_dec) decs;
  SX_STACK(uint8_t) dense;
  bool ackermann;
  bool rom; /* constant tables as ROMs (else: ite per write, mux per base) */
} sx_blast;

#define SX_BASE_BYTE 0x80000000u

SX_INTERNAL bool sx_blast_init(symx_ctx *ctx, sx_blast *b, bool ackermann, bool rom);
SX_INTERNAL void sx_blast_free(sx_blast *b);

/* Blasts e (a bit-vector); *off receives the pool offset of its bits.
** Returns SYMX_OK, SYMX_UNKNOWN (the graph's poll stopped it) or
** SYMX_NOMEM (error recorded). */
SX_INTERNAL int sx_blast_expr(sx_blast *b, sx_expr *e, uint32_t *off);

/* Lemmas (queued on axioms): r_i and r_j agree when their indices do; r
** agrees with input byte y when its index is y's; r is 0 out of range; r
** of a constant array holds the byte at index v when its index is v. */
SX_INTERNAL void sx_blast_lemma_pair(sx_blast *b, uint32_t ri, uint32_t rj);
SX_INTERNAL void sx_blast_lemma_byte(sx_blast *b, uint32_t r, uint32_t y);
SX_INTERNAL void sx_blast_lemma_range(sx_blast *b, uint32_t r);
SX_INTERNAL void sx_blast_lemma_const(sx_blast *b, uint32_t r, uint64_t v);

#endif
