/*
** posix_link.c — the symbolic environment's runtime (posix/) joins the
** program: its system-call layer whenever the program calls
** __symx_syscall (through the C library), and with --posix-runtime its
** main, which parses --sym-arg & co. and calls the program's main renamed
** __symx_user_main.
*/
#include "driver.h"

#include "datadir.h"

#include <string.h>

/* Links the runtime's part which (datadir.h) into m. */
static int link_part(LLVMContextRef c, LLVMModuleRef m, sxl_data which, char *err, size_t errlen) {
  char path[4096];
  if (sxl_data_path(which, path, sizeof path, err, errlen)) return -1;
  return sxl_link_file(c, m, path, err, errlen);
}

/* main becomes __symx_user_main, the runtime's main calls it. */
static int wrap_main(LLVMContextRef c, LLVMModuleRef m, char *err, size_t errlen) {
  LLVMValueRef mf = LLVMGetNamedFunction(m, "main");
  if (!mf || LLVMIsDeclaration(mf)) {
    snprintf(err, errlen, "--posix-runtime: the program defines no main");
    return -1;
  }
  if (LLVMGetNamedFunction(m, "__symx_user_main")) {
    snprintf(err, errlen, "--posix-runtime: the program already defines __symx_user_main");
    return -1;
  }
  LLVMSetValueName2(mf, "__symx_user_main", strlen("__symx_user_main"));
  return link_part(c, m, SXL_DATA_POSIX_MAIN, err, errlen);
}

int sxl_posix_link(LLVMContextRef c, LLVMModuleRef m, int posix_main, char *err, size_t errlen) {
  if (posix_main && wrap_main(c, m, err, errlen)) return -1;
  /* the runtime's main needs the system-call layer (sxp_setup) even when
  ** the program's pruned libc no longer calls it */
  LLVMValueRef sc = LLVMGetNamedFunction(m, "__symx_syscall");
  if (!posix_main && (!sc || !LLVMIsDeclaration(sc))) return 0; /* not called, or the program's own */
  return link_part(c, m, SXL_DATA_POSIX, err, errlen);
}
