/* Replaces musl's src/exit/exit.c: the same order (atexit handlers, then
** stdio flushed, then _Exit) without the ELF fini arrays, which bitcode run
** by the interpreter does not have. */
#include <stdlib.h>
#include "libc.h"

static void dummy()
{
}

/* atexit.c and __stdio_exit.c override these when they are linked. */
weak_alias(dummy, __funcs_on_exit);
weak_alias(dummy, __stdio_exit);

_Noreturn void exit(int code)
{
	__funcs_on_exit();
	__stdio_exit();
	_Exit(code);
}
