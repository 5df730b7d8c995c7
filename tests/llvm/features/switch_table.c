/* A scanner's action: a switch over many cases on a value read from a
** table, of which the input reaches only a few. */
#include <stdio.h>
#include "symx/target.h"
static const short action[16] = {3, 7, 3, 9, 7, 7, 3, 9, 9, 3, 7, 3, 9, 9, 7, 3};
int main(void) {
  unsigned char c;
  klee_make_symbolic(&c, 1, "c");
  switch (action[c & 15]) {
  case 0: puts("0"); break;   case 1: puts("1"); break;   case 2: puts("2"); break;
  case 3: puts("3"); return 3; case 4: puts("4"); break;  case 5: puts("5"); break;
  case 6: puts("6"); break;   case 7: puts("7"); return 7; case 8: puts("8"); break;
  case 9: puts("9"); return 9; case 10: puts("10"); break; case 11: puts("11"); break;
  case 12: puts("12"); break; case 13: puts("13"); break; case 14: puts("14"); break;
  case 15: puts("15"); break; case 16: puts("16"); break; case 17: puts("17"); break;
  default: puts("other"); return 1;
  }
  return 0;
}
