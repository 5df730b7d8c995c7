/* The one thread of the program under test: musl reads its descriptor
** (errno, locale, stdio's owner) through __get_tp (arch/symx/pthread_arch.h).
** What __init_tp does at start-up is done here statically, since the
** interpreter runs no start-up code before main. */
#include "pthread_impl.h"
#include "libc.h"

static struct pthread main_thread = {
	.self = &main_thread,
	.prev = &main_thread,
	.next = &main_thread,
	.detach_state = DT_JOINABLE,
	.tid = 1,
	.locale = &libc.global_locale,
	.robust_list.head = &main_thread.robust_list.head,
};

uintptr_t __symx_get_tp(void)
{
	return (uintptr_t)&main_thread;
}
