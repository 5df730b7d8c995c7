/* A member only the -O0 bitcode needs: tool.c's call of weight, whose
** result it drops, is gone from the -O2 object (weight is pure). */
#include "calc.h"

int weight(int x) { return x * 3; }
