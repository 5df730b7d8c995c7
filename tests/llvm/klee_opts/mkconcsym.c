/* --make-concrete-symbolic: loads of a table, a list on the heap and
** locals; the outcomes must not change when they are made symbolic. */
#include <stdlib.h>
#include "symx/target.h"
static const int table[6] = {3, -1, 4, 1, -5, 9};
struct node { int v; struct node *next; };
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  struct node *head = NULL;
  for (int i = 0; i < 4; i++) {
    struct node *n = malloc(sizeof *n);
    n->v = table[i];
    n->next = head;
    head = n;
  }
  int sum = 0;
  for (struct node *n = head; n; n = n->next) sum += n->v;
  int k = x % 6;
  if (table[k] < 0) return sum;
  return table[k] > 3 ? 20 : 30; /* a select: 2 paths */
}
