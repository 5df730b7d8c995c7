/*
** afl_entry.c — a queue entry as the program's stdin or symbolic file (the
** AFL peer, afl.c). --sym-stdin N makes stdin N symbolic bytes, --sym-files
** K N each of K files; an entry of L bytes must be a stdin or file of L
** bytes instead, as afl-fuzz gives it (stdin, or the file of @@): reads meet
** EOF after L, not after N - L zeros. The runtime asks for the entry
** (__symx_input_entry, bi_host.c): the input keeps its N symbolic bytes (one
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

/* N of file k (A + k) from --sym-files K N among the program's arguments,
** 0 when there is no such file. */
static size_t file_len(sxl_session *s, unsigned k) {
  sxl_spec *sp = malloc(sizeof *sp); /* large: a thousand items */
  size_t n = 0;
  if (sp && !sxl_spec_parse(sp, (int)s->x.argc - 1, s->x.argv + 1) && k < sp->nfiles)
    n = sp->file_len;
  free(sp);
  return n;
}

void sxl_afl_entry_open(sxl_afl_entry *in, sxl_session *s, const char *input) {
  memset(in, 0, sizeof *in);
  if (s->x.argc < 2) return;
  if (!strcmp(input, "stdin")) {
    int at = sxl_spec_stdin_at((int)s->x.argc - 1, s->x.argv + 1);
    if (at < 0) return;
    in->which = 1;
    in->n = strtoul(s->x.argv[at + 1], NULL, 10); /* the runtime's N: the session checked it */
  } else if (input[0] >= 'A' && input[0] <= 'Z' && !strcmp(input + 1, "-data")) {
    in->n = file_len(s, (unsigned)(input[0] - 'A'));
    in->which = in->n ? 2 + input[0] - 'A' : 0;
  }
}

void sxl_afl_entry_bind(sxl_afl_entry *in, sxl_session *s, const uint8_t *b, size_t len) {
  if (!in->which) return;
  size_t n = in->n;
  in->len = len < n ? len : n;
  s->x.entry_of = in->which;
  s->x.entry_len = len;
  s->x.entry_tail = len > n ? b + n : NULL;
  s->x.entry_tail_len = len > n ? len - n : 0;
}

void sxl_afl_entry_unbind(sxl_afl_entry *in, sxl_session *s) {
  s->x.entry_of = 0;
  s->x.entry_len = s->x.entry_tail_len = 0;
  s->x.entry_tail = NULL;
  in->len = 0;
}

const uint8_t *sxl_afl_entry_input(const sxl_afl_entry *in, const sxl_session *s,
                                   const uint8_t *b, size_t *n, uint8_t **out) {
  *out = NULL;
  if (!in->which || !s->x.entry_of) return b;
  if (*n > in->len) *n = in->len; /* bytes past EOF were never read */
  if (!s->x.entry_tail_len) return b;
  if (!(*out = malloc(*n + s->x.entry_tail_len))) return NULL;
  memcpy(*out, b, *n);
  memcpy(*out + *n, s->x.entry_tail, s->x.entry_tail_len);
  *n += s->x.entry_tail_len;
  return *out;
}
