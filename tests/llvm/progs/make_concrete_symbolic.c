// symx: --make-concrete-symbolic=1
/* Every concrete load made a fresh symbolic value equal to it (KLEE's
** --make-concrete-symbolic=1): bytes, words, pointers, a table, the heap;
** the outcomes must be the native program's. */
#include <stdlib.h>
#include <unistd.h>
#include "symx/target.h"
static const short table[8] = {40, -3, 7, 1000, 0, 9, -128, 5};
struct node { int v; struct node *next; };
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  struct node *head = NULL;
  for (int i = 0; i < 3; i++) { /* a list: pointers loaded back */
    struct node *n = malloc(sizeof *n);
    n->v = table[i + 2];
    n->next = head;
    head = n;
  }
  int sum = 0;
  for (struct node *n = head; n; n = n->next) sum += n->v;
  if (sum != 1007 + 0) return 9; /* 7 + 1000 + 0: never */
  int k = x & 7;
  if (table[k] < 0) {
    char out[2] = {'-', (char)('0' + (table[k] & 7))};
    write(1, out, 2);
    return 1;
  }
  if (x > 200) return 2 + (table[k] > 8);
  return x % 3 == 0 ? 4 : 5;
}
