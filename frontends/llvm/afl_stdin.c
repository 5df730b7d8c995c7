/*
** afl_stdin.c — a queue entry as the program's stdin (the AFL peer, afl.c).
** --sym-stdin N makes stdin N symbolic bytes; an entry of L bytes must be a
** stdin of L bytes instead, as afl-fuzz gives it: reads meet EOF after L,
** not after N - L zeros. The runtime asks for the entry
** (__symx_stdin_entry, bi_host.c): stdin keeps its N symbolic bytes (one
** input array of one size for the whole run) but ends after L, and an entry
** longer than N keeps its bytes past N as a concrete tail (N bounds what is
** symbolic). What goes back is the path's first min(L, N) bytes and the
** tail: the entry's length, its bytes where the path does not constrain.
*/
#include "afl.h"
#include "driver.h"
#include "posix/spec.h"

#include <stdlib.h>
#include <string.h>

void sxl_afl_stdin_open(sxl_afl_stdin *in, sxl_session *s, const char *input) {
  memset(in, 0, sizeof *in);
  int at = s->x.argc >= 2 ? sxl_spec_stdin_at((int)s->x.argc - 1, s->x.argv + 1) : -1;
  if (strcmp(input, "stdin") || at < 0) return;
  in->on = 1;
  in->n = strtoul(s->x.argv[at + 1], NULL, 10); /* the runtime's N: the session checked it */
}

void sxl_afl_stdin_bind(sxl_afl_stdin *in, sxl_session *s, const uint8_t *b, size_t len) {
  if (!in->on) return;
  size_t n = in->n;
  in->len = len < n ? len : n;
  s->x.stdin_entry = 1;
  s->x.stdin_entry_len = len;
  s->x.stdin_tail = len > n ? b + n : NULL;
  s->x.stdin_tail_len = len > n ? len - n : 0;
}

void sxl_afl_stdin_unbind(sxl_afl_stdin *in, sxl_session *s) {
  s->x.stdin_entry = 0;
  s->x.stdin_entry_len = s->x.stdin_tail_len = 0;
  s->x.stdin_tail = NULL;
  in->len = 0;
}

const uint8_t *sxl_afl_stdin_input(const sxl_afl_stdin *in, const sxl_session *s,
                                   const uint8_t *b, size_t *n, uint8_t **out) {
  *out = NULL;
  if (!in->on || !s->x.stdin_entry) return b;
  if (*n > in->len) *n = in->len; /* bytes past EOF were never read */
  if (!s->x.stdin_tail_len) return b;
  if (!(*out = malloc(*n + s->x.stdin_tail_len))) return NULL;
  memcpy(*out, b, *n);
  memcpy(*out + *n, s->x.stdin_tail, s->x.stdin_tail_len);
  *n += s->x.stdin_tail_len;
  return *out;
}
