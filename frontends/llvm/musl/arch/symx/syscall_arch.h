/* symx overlay of musl's arch/x86_64/syscall_arch.h: every system call of
** the program under test goes to one bitcode function, the symbolic
** environment's (frontends/llvm/posix/), instead of the syscall instruction.
** Numbers and return convention (-errno) are Linux x86_64's. No vDSO. */
#define __SYSCALL_LL_E(x) (x)
#define __SYSCALL_LL_O(x) (x)

long __symx_syscall(long n, long a1, long a2, long a3, long a4, long a5, long a6);

static __inline long __syscall0(long n) { return __symx_syscall(n, 0, 0, 0, 0, 0, 0); }
static __inline long __syscall1(long n, long a1) { return __symx_syscall(n, a1, 0, 0, 0, 0, 0); }
static __inline long __syscall2(long n, long a1, long a2)
{
	return __symx_syscall(n, a1, a2, 0, 0, 0, 0);
}
static __inline long __syscall3(long n, long a1, long a2, long a3)
{
	return __symx_syscall(n, a1, a2, a3, 0, 0, 0);
}
static __inline long __syscall4(long n, long a1, long a2, long a3, long a4)
{
	return __symx_syscall(n, a1, a2, a3, a4, 0, 0);
}
static __inline long __syscall5(long n, long a1, long a2, long a3, long a4, long a5)
{
	return __symx_syscall(n, a1, a2, a3, a4, a5, 0);
}
static __inline long __syscall6(long n, long a1, long a2, long a3, long a4, long a5, long a6)
{
	return __symx_syscall(n, a1, a2, a3, a4, a5, a6);
}

#define IPC_64 0
