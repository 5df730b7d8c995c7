/*
** klee.c — KLEE's intrinsics beyond the target API (include/klee/klee.h)
** for native runs with libsymx-replay: values are already concrete, checks
** touch the memory (so a sanitizer sees a bad access), the rest does
** nothing.
*/
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void klee_abort(void) { abort(); }

void klee_warning(const char *message) { fprintf(stderr, "symx-replay: warning: %s\n", message); }

void klee_warning_once(const char *message) {
  static char seen[32][128];
  static unsigned nseen;
  for (unsigned i = 0; i < nseen; i++)
    if (strncmp(seen[i], message, sizeof seen[i] - 1) == 0) return;
  if (nseen < 32) snprintf(seen[nseen++], sizeof seen[0], "%s", message);
  klee_warning(message);
}

int32_t klee_get_value_i32(int32_t v) { return v; }
int64_t klee_get_value_i64(int64_t v) { return v; }
long klee_get_valuel(long v) { return v; }
long long klee_get_valuell(long long v) { return v; }
float klee_get_valuef(float v) { return v; }
double klee_get_valued(double v) { return v; }

/* Copied out with memcpy, which a sanitizer's interceptor checks (this
** library itself is not instrumented). */
void klee_check_memory_access(const void *addr, size_t size) {
  static void *(*volatile copy)(void *, const void *, size_t) = memcpy; /* not inlined */
  unsigned char tmp[256];
  for (size_t i = 0; i < size; i += sizeof tmp)
    copy(tmp, (const unsigned char *)addr + i, size - i < sizeof tmp ? size - i : sizeof tmp);
}

/* Heap objects only: natively the size of anything else is unknown (0). */
size_t klee_get_obj_size(void *ptr) { return ptr ? malloc_usable_size(ptr) : 0; }

void klee_define_fixed_object(void *addr, size_t size) {
  (void)addr;
  (void)size;
}
void klee_set_forking(unsigned enable) { (void)enable; }
void klee_prefer_cex(void *object, uintptr_t condition) {
  (void)object;
  (void)condition;
}
void klee_print_expr(const char *message, ...) { (void)message; }
void klee_print_range(const char *name, int value) {
  (void)name;
  (void)value;
}
void klee_mark_global(void *object) { (void)object; }
void klee_stack_trace(void) {}
void klee_open_merge(void) {}
void klee_close_merge(void) {}
void klee_alias_function(const char *name, const char *alias) {
  (void)name;
  (void)alias;
}
int klee_is_replay(void) { return 1; }
