#include <stdint.h>
#include <stdio.h>
#include "symx/target.h"
/* musl's x86-64 atomics (its arch/x86_64/atomic_arch.h idioms, rewritten
** here) as inline assembly: lock cmpxchg, xchg, lock xadd, lock and/or/
** inc/dec, the fenced store; bsf and bsr as trailing and leading zeros. */
static inline int a_cas(volatile int *p, int t, int s) {
	__asm__ __volatile__ ("lock ; cmpxchg %3, %1" : "=a"(t), "=m"(*p) : "a"(t), "r"(s) : "memory" );
	return t;
}
static inline void *a_cas_p(volatile void *p, void *t, void *s) {
	__asm__( "lock ; cmpxchg %3, %1" : "=a"(t), "=m"(*(void *volatile *)p) : "a"(t), "r"(s) : "memory" );
	return t;
}
static inline int a_swap(volatile int *p, int v) {
	__asm__ __volatile__( "xchg %0, %1" : "=r"(v), "=m"(*p) : "0"(v) : "memory" );
	return v;
}
static inline int a_fetch_add(volatile int *p, int v) {
	__asm__ __volatile__( "lock ; xadd %0, %1" : "=r"(v), "=m"(*p) : "0"(v) : "memory" );
	return v;
}
static inline void a_and(volatile int *p, int v) {
	__asm__ __volatile__( "lock ; and %1, %0" : "=m"(*p) : "r"(v) : "memory" );
}
static inline void a_or(volatile int *p, int v) {
	__asm__ __volatile__( "lock ; or %1, %0" : "=m"(*p) : "r"(v) : "memory" );
}
static inline void a_and_64(volatile unsigned long *p, unsigned long v) {
	__asm__ __volatile( "lock ; and %1, %0" : "=m"(*p) : "r"(v) : "memory" );
}
static inline void a_or_64(volatile unsigned long *p, unsigned long v) {
	__asm__ __volatile__( "lock ; or %1, %0" : "=m"(*p) : "r"(v) : "memory" );
}
static inline void a_inc(volatile int *p) {
	__asm__ __volatile__( "lock ; incl %0" : "=m"(*p) : "m"(*p) : "memory" );
}
static inline void a_dec(volatile int *p) {
	__asm__ __volatile__( "lock ; decl %0" : "=m"(*p) : "m"(*p) : "memory" );
}
static inline void a_store(volatile int *p, int x) {
	__asm__ __volatile__( "mov %1, %0 ; lock ; orl $0,(%%rsp)" : "=m"(*p) : "r"(x) : "memory" );
}
static inline int a_ctz_64(uint64_t x) { __asm__( "bsf %1,%0" : "=r"(x) : "r"(x) ); return x; }
static inline int a_clz_64(uint64_t x) { __asm__( "bsr %1,%0 ; xor $63,%0" : "=r"(x) : "r"(x) ); return x; }
static inline int a_ctz_32(uint32_t x) { __asm__( "bsf %1,%0" : "=r"(x) : "r"(x) ); return x; }
static inline int a_clz_32(uint32_t x) { __asm__( "bsr %1,%0 ; xor $31,%0" : "=r"(x) : "r"(x) ); return x; }
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int v = 5, w = x;
  long l = x;
  void *pp = 0;
  int r = a_cas(&v, 5, w) == 5 && v == w;
  r += 2 * (a_cas(&v, 300, 1) == w && v == w);
  a_cas_p(&pp, 0, &v);
  r += 4 * (pp == &v);
  r += 8 * (a_swap(&v, 9) == w) + 16 * (a_fetch_add(&v, w) == 9);
  a_and(&v, 0x3c);
  a_or(&v, 1);
  a_and_64((unsigned long *)&l, 0xf0);
  a_or_64((unsigned long *)&l, 8);
  a_inc(&v);
  a_inc(&v);
  a_dec(&v);
  a_store(&w, v * 2);
  printf("r=%d v=%d l=%d w=%d\n", r, (v >> 2) & 7, l > 100, w & 6);
  int z = a_ctz_64((uint64_t)x << 40 | 1ull << 50) + a_clz_64((uint64_t)x << 20 | 1);
  if (a_ctz_32(x | 0x100u) == 2) z += 100;
  if (a_clz_32(x | 1u) == 26) z += 1000;
  printf("z=%d\n", z);
  return 0;
}
