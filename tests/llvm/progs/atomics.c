#include <stdatomic.h>
#include <stdio.h>
#include "symx/target.h"
/* Atomics with one thread's meaning: atomicrmw of every kind, cmpxchg
** (its old value and success), fences. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  _Atomic int a = 10;
  int old = atomic_fetch_add(&a, x);
  int r = 0;
  if (old == 10 && a == 10 + x) r |= 1;
  unsigned u = 0xf0;
  if (__atomic_fetch_nand(&u, x, __ATOMIC_SEQ_CST) == 0xf0 && u == ~(0xf0u & x)) r |= 2;
  int m = 100;
  __atomic_fetch_max(&m, (int)x, __ATOMIC_SEQ_CST);
  if (m == 100) r |= 4;
  unsigned mu = 50;
  __atomic_fetch_min(&mu, (unsigned)x, __ATOMIC_RELAXED);
  if (mu < 50) r |= 8;
  int expected = 7;
  int c = 7;
  if (__atomic_compare_exchange_n(&c, &expected, (int)x, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST) &&
      c == x)
    r |= 16;
  long l = x;
  expected = 3;
  if (!__sync_bool_compare_and_swap(&l, 200, 1) && l == x) r |= 32;
  if (__atomic_exchange_n(&l, 5, __ATOMIC_ACQ_REL) == x && l == 5) r |= 64;
  atomic_thread_fence(memory_order_seq_cst);
  __sync_synchronize();
  if ((__atomic_fetch_xor(&u, 0xff, __ATOMIC_SEQ_CST) ^ 0xff) == u) r |= 128;
  __atomic_fetch_sub(&l, 1, __ATOMIC_SEQ_CST);
  __atomic_fetch_and(&l, x, __ATOMIC_SEQ_CST);
  __atomic_fetch_or(&l, 8, __ATOMIC_SEQ_CST);
  printf("r=%d l=%ld x>7:%d\n", r, l, x > 7);
  return x < 4;
}
