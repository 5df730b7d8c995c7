/*
** afl_name.h — the fields of an AFL/AFL++ queue or crash file name:
**   id:000042,src:000013,time:1234,execs:99,op:havoc,rep:4,+cov
**   id:000051,sync:symcc,src:000007
**   id:000000,time:0,execs:0,orig:seed name, with commas
**   id:000003,sig:06,src:000001+000002,op:splice,rep:2
** "id:" comes first; fields are comma-separated "key:value" pairs or "+flag"
** words; "orig:" takes the rest of the name (original file names may hold
** commas). Unknown keys are accepted and ignored (AFL++ adds new ones).
*/
#ifndef SX_AFL_NAME_H
#define SX_AFL_NAME_H

#include "internal.h"

typedef struct sx_afl_name {
  uint32_t id;
  int64_t src;        /* first parent id, -1 when absent */
  int64_t src2;       /* second parent of a splice ("src:A+B"), -1 otherwise */
  int64_t sig;        /* crash signal, -1 when absent */
  int64_t time, execs; /* -1 when absent */
  bool cov;           /* "+cov": found new edges */
  bool tout;          /* "+tout": a timeout */
  bool orig;          /* "orig:": an initial seed */
  char sync[64];      /* "sync:<instance>" (truncated), "" when absent */
  char op[32];        /* "op:<mutator>" (truncated), "" when absent */
} sx_afl_name;

/* Parses name. Returns true on success; on a malformed name returns false
** and writes a short reason into why[0..whylen). Never reads past the NUL. */
SX_INTERNAL bool sx_afl_name_parse(const char *name, sx_afl_name *out,
                                   char *why, size_t whylen);

#endif
