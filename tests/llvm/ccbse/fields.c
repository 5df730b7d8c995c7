/* A target reachable only through a struct pointer argument whose fields
** (one of them a pointer to another struct) satisfy a condition: from the
** middle (CCBSE's origin check), the objects behind c and c->b are made
** lazily (lazy.c) at their first access; a target behind a null field is
** reached with c->b null. */
#include "klee/klee.h"

struct buf {
  int len;
  char data[8];
};

struct cfg {
  int mode;
  struct buf *b;
};

static int check(const struct cfg *c) {
  if (!c) return 0;
  if (!c->b) {
    if (c->mode == 5)
      return 3; // target
    return 0;
  }
  if (c->mode == 3 && c->b->len > 4 && c->b->len < 8 && c->b->data[c->b->len - 3] == 'x')
    return 1; // target
  if (c->b->len < 0 && c->b->len > 8)
    return 2; // target (never)
  return 0;
}

int main(void) {
  int mode, len, has;
  char d[8];
  klee_make_symbolic(&mode, sizeof mode, "mode");
  klee_make_symbolic(&len, sizeof len, "len");
  klee_make_symbolic(&has, sizeof has, "has");
  klee_make_symbolic(d, sizeof d, "d");
  struct buf b = {len, {0}};
  for (int i = 0; i < 8; i++) b.data[i] = d[i];
  struct cfg c = {mode, has == 1 ? &b : 0};
  return check(&c);
}
