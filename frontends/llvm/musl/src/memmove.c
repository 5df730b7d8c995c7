/* Replaces musl's memmove with the interpreter's builtin (llvm.memmove). */
#include <string.h>

void *memmove(void *d, const void *s, size_t n)
{
	return __builtin_memmove(d, s, n);
}
