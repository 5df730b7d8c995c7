/* symx overlay of musl's arch/x86_64/pthread_arch.h: one thread, whose
** descriptor is a static object (src/symx_thread.c), not read through %fs. */
uintptr_t __symx_get_tp(void);
static inline uintptr_t __get_tp() { return __symx_get_tp(); }

#define MC_PC gregs[REG_RIP]
