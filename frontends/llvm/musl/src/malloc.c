/* musl's allocator is not built: malloc, calloc, realloc and free are the
** interpreter's (bounds-checked objects). These are the names musl's own
** code and aligned allocation use on top of them. */
#include <stdlib.h>
#include <errno.h>

void *__libc_malloc(size_t n) { return malloc(n); }
void *__libc_calloc(size_t m, size_t n) { return calloc(m, n); }
void *__libc_realloc(void *p, size_t n) { return realloc(p, n); }
void __libc_free(void *p) { free(p); }

/* musl's src/malloc is not built, so its reallocarray is ours too. */
void *reallocarray(void *p, size_t m, size_t n)
{
	if (n && m > (size_t)-1 / n) {
		errno = ENOMEM;
		return 0;
	}
	return realloc(p, m * n);
}

/* Every object of the interpreter starts at offset 0 of its own id, so any
** alignment is met. */
void *aligned_alloc(size_t align, size_t n)
{
	if (!align || (align & (align - 1))) {
		errno = EINVAL;
		return 0;
	}
	return malloc(n);
}

void *memalign(size_t align, size_t n) { return aligned_alloc(align, n); }

int posix_memalign(void **res, size_t align, size_t n)
{
	if (align < sizeof(void *) || (align & (align - 1))) return EINVAL;
	void *p = malloc(n);
	if (!p) return ENOMEM;
	*res = p;
	return 0;
}
