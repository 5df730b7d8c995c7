/*
** progkey.c — the program's identity for concolic mode's constraint cache
** (option concolic_cache_key): a hash of the linked module's bitcode, so a
** cache directory made for another build of the program is emptied.
*/
#include "sxl.h"

#include <llvm-c/BitWriter.h>
#include <stdio.h>

int sxl_prog_key(LLVMModuleRef m, char *out, size_t len) {
  LLVMMemoryBufferRef buf = LLVMWriteBitcodeToMemoryBuffer(m);
  if (!buf) return -1;
  const unsigned char *p = (const unsigned char *)LLVMGetBufferStart(buf);
  size_t n = LLVMGetBufferSize(buf);
  uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a */
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
  snprintf(out, len, "bc-%016llx-%zu", (unsigned long long)h, n);
  LLVMDisposeMemoryBuffer(buf);
  return 0;
}
