/* Replaces musl's memset with the interpreter's builtin (llvm.memset). */
#include <string.h>

void *memset(void *d, int c, size_t n)
{
	return __builtin_memset(d, c, n);
}
