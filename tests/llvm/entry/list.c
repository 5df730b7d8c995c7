/* --entry probe: a pointer argument (null, one node, a node whose next is
** one node at --entry-depth 2) and a char pointer (null, one char, an
** array); tests/llvm/entry.py enumerates those shapes natively. */
#include <stdio.h>

struct node {
  signed char val;
  struct node *next;
};

static int shape(const struct node *n, const char *s) {
  if (!n) return s ? (s[0] == 'a' ? 10 : 11) : 12;
  if (n->val == 42) {
    if (n->next && n->next->val == -1) return 3;
    return 2;
  }
  if (n->next == n) return 9; /* fresh objects never alias: unreachable here */
  if (n->next && !n->next->next) return 4;
  return 1;
}

void probe(struct node *n, const char *s) { printf("r=%d\n", shape(n, s)); }

int main(void) {
  struct node a = {1, 0};
  probe(&a, "x");
  return 0;
}
