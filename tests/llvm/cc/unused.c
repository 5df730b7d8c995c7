#include "calc.h"

int unused_function(int x) { return x * 2; }
