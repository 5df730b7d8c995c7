#include <stdlib.h>
/* llvm.objectsize: the bytes left in a live object, "unknown" for null. */
int main(void) {
  char *p = malloc(10), local[6];
  size_t a = __builtin_dynamic_object_size(p + 3, 0);
  size_t b = __builtin_dynamic_object_size(local + 1, 1);
  size_t c = __builtin_dynamic_object_size((char *)0, 0), d = __builtin_dynamic_object_size((char *)0, 2);
  return a == 7 && b == 5 && c == (size_t)-1 && d == 0 ? 42 : 1;
}
