/*
** driver.c — a symx-llvm session: loading, the engine loop, per-path
** outcomes (paths.jsonl), coverage, messages, stats.json.
*/
#include "driver.h"

#include "cutsession.h"
#include "datadir.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *reason_name(symx_reason r) {
  switch (r) {
  case SYMX_END_EXIT: return "exit";
  case SYMX_END_ERROR: return "error";
  case SYMX_END_EARLY: return "early";
  default: return "user";
  }
}

static void json_str(FILE *f, const char *s, size_t n) {
  fputc('"', f);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
    else if (c == '\n') fputs("\\n", f);
    else if (c < 0x20 || c >= 0x7f) fprintf(f, "\\u%04x", c);
    else fputc(c, f);
  }
  fputc('"', f);
}

/* paths.jsonl's "run" of a concolic path: the run whose constraint it
** negated, and where that branch or check is (its site: function, pc). */
static void path_run(sxl_session *ss, const symx_crun *cr) {
  fprintf(ss->paths, ",\"run\":{\"parent\":%" PRIu64 ",\"negated\":%" PRId64 ",\"kind\":\"%s\",\"tags\":%" PRIu32 ",\"seed\":%" PRId64,
          cr->parent, cr->negated, symx_ck_kind_name(cr->kind), cr->tags, cr->seed);
  uint32_t fi = (uint32_t)(cr->site >> 32), pc = (uint32_t)cr->site;
  /* a branch's site is symx-llvm's (sxl_changed_site); other kinds may hash theirs */
  if (cr->negated >= 0 && cr->kind == SYMX_CK_BRANCH && fi < ss->prog->nfns &&
      pc < ss->prog->fns[fi].ncode) {
    char where[300];
    sxl_loc_str(ss->prog, ss->prog->fns[fi].code[pc].loc, where, sizeof where);
    fputs(",\"negated_loc\":", ss->paths);
    json_str(ss->paths, where, strlen(where));
  }
  fputs("}", ss->paths);
}

/* One path's end in paths.jsonl; path_id (the engine's state id, 0 in a
** concrete run) is the "path_id" of its test case's .json. */
static void record(sxl_session *ss, sxl_state *s, uint64_t path_id, symx_reason reason,
                   symx_error_kind kind, const char *loc, const char *msg, int code) {
  ss->npaths++;
  /* CCBSE: an error from another origin's entry is not the program's
  ** (its arguments may be what no caller passes): in paths.jsonl only */
  if (reason == SYMX_END_ERROR && ss->side_origin) reason = SYMX_END_USER;
  if (reason == SYMX_END_ERROR) {
    ss->nerrors++;
    if (!ss->found) {
      ss->found = 1;
      ss->first_error_instructions = ss->x.instructions;
    }
  }
  ss->last_exit = code;
  if (ss->paths) {
    fprintf(ss->paths, "{\"reason\":\"%s\",\"exit\":%d,\"error\":\"%s\",\"loc\":",
            reason_name(reason), reason == SYMX_END_EXIT ? code : -1,
            kind ? symx_error_kind_name(kind) : "none");
    json_str(ss->paths, loc ? loc : "?", strlen(loc ? loc : "?"));
    fputs(",\"message\":", ss->paths);
    json_str(ss->paths, msg ? msg : "", strlen(msg ? msg : ""));
    fputs(",\"output\":", ss->paths);
    json_str(ss->paths, s->out ? s->out : "", s->outlen);
    if (reason == SYMX_END_ERROR && ss->x.err_suffix[0]) { /* klee_report_error's */
      fputs(",\"suffix\":", ss->paths);
      json_str(ss->paths, ss->x.err_suffix, strlen(ss->x.err_suffix));
    }
    symx_crun cr; /* concolic mode: which run's constraint this run negated */
    if (ss->eng && !strcmp(symx_option_get_str(ss->ctx, "mode"), "concolic") &&
        symx_engine_concolic_run(ss->eng, &cr) == SYMX_OK)
      path_run(ss, &cr);
    if (ss->origin) { /* --entry, CCBSE: the function the path started from */
      fputs(",\"origin\":", ss->paths);
      json_str(ss->paths, ss->origin, strlen(ss->origin));
    }
    fprintf(ss->paths, ",\"path_id\":%" PRIu64 "}\n", path_id);
    fflush(ss->paths);
  }
  /* one message per error location (KLEE's), each with emit_all_errors */
  int say = reason == SYMX_END_ERROR &&
            (sxl_errlocs_add(&ss->errlocs, kind, loc) != 0 || (ss->all_errors && !ss->errors_once));
  if (ss->msgs && (say || reason == SYMX_END_EARLY))
    fprintf(ss->msgs, "%s: %s\n", reason == SYMX_END_ERROR ? "error" : "early", msg);
  if (!ss->quiet && say) fprintf(stderr, "symx-llvm: ERROR: %s\n", msg);
  if (reason == SYMX_END_ERROR && (ss->exit_on_error || (ss->exit_kinds >> kind & 1)))
    symx_ctx_interrupt(ss->ctx);
}

static void on_end(void *ud, sxl_exec *x, sxl_state *s, symx_state *st, symx_reason reason,
                   symx_error_kind kind, const char *loc, const char *msg, int code) {
  (void)x;
  record(ud, s, st ? symx_state_id(st) : 0, reason, kind, loc, msg, code);
}

static void on_message(void *ud, const char *msg) {
  sxl_session *ss = ud;
  if (ss->x.unsupported_seen++ < 20 && !ss->quiet) fprintf(stderr, "symx-llvm: %s\n", msg);
  if (ss->msgs) fprintf(ss->msgs, "unsupported: %s\n", msg);
}

/* klee_warning and klee_warning_once (once: the first time its text is
** seen). */
static void on_warning(void *ud, const char *msg, int once) {
  sxl_session *ss = ud;
  if (!ss->quiet && !ss->warnings_to_file) fprintf(stderr, "symx-llvm: warning%s: %s\n", once ? " (once)" : "", msg);
  if (ss->msgs) fprintf(ss->msgs, "warning: %s\n", msg);
}

/* The location of an error test: its own, else its message's "file:line"
** prefix (an error side revived later has no location of its own). */
static const char *test_loc(const symx_test *t, char *loc, size_t len) {
  if (t->location) return t->location;
  const char *m = t->message ? t->message : "";
  const char *colon = strstr(m, ": ");
  size_t n = colon ? (size_t)(colon - m) : strlen(m);
  if (n >= len) n = len - 1;
  memcpy(loc, m, n);
  loc[n] = 0;
  return loc;
}

/* Ends the engine makes rather than the run: errors found by
** symx_state_check on a path that goes on (the payload is inside the
** check) and a relaxed check's pending error side that a revival proved
** feasible, and paths ended early inside symx_engine_next (no payload
** running): past max_memory or max_states, or alive when the exploration
** halted (max_instructions, max_time, the end of --only-seed), when
** they have a test case. */
static void engine_end(sxl_session *ss, symx_state *st, const symx_test *t) {
  sxl_state *s = symx_state_payload(st);
  if (t->duplicate) return;
  if (t->reason == SYMX_END_EARLY && ss->in_next) {
    const char *m = t->message ? t->message : "exploration halted";
    record(ss, s, symx_state_id(st), SYMX_END_EARLY, SYMX_ERR_NONE, "?", m, 0);
    return;
  }
  if (t->reason != SYMX_END_ERROR || !(ss->in_next || (ss->x.in_check && s == ss->x.in_check)))
    return;
  char loc[300];
  record(ss, s, symx_state_id(st), SYMX_END_ERROR, t->kind, test_loc(t, loc, sizeof loc),
         t->message ? t->message : "", 0);
}

static void on_test(void *user, symx_state *st, const symx_test *t) {
  sxl_session *ss = user;
  ss->last_test = t->number;
  if (ss->test_hook && t->number) ss->test_hook(ss->test_ud, st, t);
  if (ss->prog->cuts && t->number && !t->duplicate && st) { /* --cut-then-full's seeds */
    const sxl_state *ps = symx_state_payload(st);
    sxl_cut_note_test(ss->prog->cuts, t->number, ps && ps->newcov);
  }
  engine_end(ss, st, t);
  char loc[300];
  if (t->reason == SYMX_END_ERROR && t->number && !t->duplicate && !ss->side_origin)
    sxl_errlocs_set_test(&ss->errlocs, t->kind, test_loc(t, loc, sizeof loc), t->number);
}

/* How often the progress hook runs; the line is printed every 2 s. */
#define PROGRESS_HOOK_MS 200

static int on_progress(void *user, symx_engine *eng) {
  sxl_session *ss = user;
  if (ss->progress_hook && ss->progress_hook(ss->progress_ud)) return 1;
  if (!ss->progress || sxl_now_ns() - ss->progress_ns < 2000000000ull) return 0;
  ss->progress_ns = sxl_now_ns();
  uint64_t lines, tl, ins, ti;
  sxl_session_coverage(ss, &lines, &tl, &ins, &ti);
  double t = (double)(sxl_now_ns() - ss->t0_ns) / 1e9;
  double solver = (double)symx_stat_get(ss->ctx, "solver_time_ns") / 1e9;
  fprintf(stderr,
          "symx-llvm: %.1fs states %zu pending %zu paths %" PRIu64 " instructions %" PRIu64
          " coverage %" PRIu64 "/%" PRIu64 " lines solver %.0f%%\n",
          t, symx_engine_count(eng, SYMX_ST_ACTIVE), symx_engine_count(eng, SYMX_ST_PENDING),
          ss->npaths, ss->x.instructions, lines, tl, t > 0 ? 100.0 * solver / t : 0.0);
  return 0;
}

/* The bitcode of a --libc choice: min (our small libc, libc/), full (musl,
** built by musl/build.py; uclibc, KLEE's name, means it too), none (""), or
** a file; found by sxl_data_path into buf. NULL with the reason when it is
** missing (the full libc: not built without musl's source). */
const char *sxl_libc_path(const char *name, char *buf, size_t buflen, char *err, size_t errlen) {
  int min = strcmp(name, "min") == 0;
  if (strcmp(name, "none") == 0) return "";
  if (!min && strcmp(name, "full") && strcmp(name, "uclibc")) return name;
  char why[1536];
  if (sxl_data_path(min ? SXL_DATA_LIBC : SXL_DATA_MUSL, buf, buflen, why, sizeof why) == 0)
    return buf;
  snprintf(err, errlen, "--libc %s: %s%s", name, why,
           min ? "" : "; a build tree has it after scripts/fetch-libc, meson setup --reconfigure and ninja");
  return NULL;
}

sxl_session *sxl_session_new(symx_ctx *ctx, const char *program, const char *libc_bc,
                             const char *opt, char *err, size_t errlen) {
  return sxl_session_open(ctx, &program, 1, libc_bc, opt, NULL, 0, NULL, NULL, err, errlen);
}

/* KLEE's --entry-point: the function named entry becomes the program's
** main (a main it has is renamed out of the way). 0, or -1 with err set. */
static int set_entry(LLVMModuleRef mod, const char *entry, char *err, size_t errlen) {
  LLVMValueRef e = LLVMGetNamedFunction(mod, entry);
  if (!e || LLVMIsDeclaration(e)) {
    snprintf(err, errlen, "entry function '%s' (--entry-point) not found in the program", entry);
    return -1;
  }
  LLVMValueRef m = LLVMGetNamedFunction(mod, "main");
  if (m && m != e) LLVMSetValueName2(m, "__symx_main_not_entry", strlen("__symx_main_not_entry"));
  LLVMSetValueName2(e, "main", 4);
  return 0;
}

sxl_session *sxl_session_open(symx_ctx *ctx, const char *const *programs, int n,
                              const char *libc_bc, const char *opt, const char *entry,
                              int posix_main, sxl_module_hook hook, void *hook_ud, char *err,
                              size_t errlen) {
  sxl_session *s = calloc(1, sizeof *s);
  if (!s) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  s->ctx = ctx;
  s->statlog.interval_ms = 1000; /* KLEE's --stats-write-interval */
  s->llctx = LLVMContextCreate();
  LLVMModuleRef mod = NULL;
  char libc_buf[4096];
  if (!libc_bc) libc_bc = getenv("SYMX_LIBC_BC") ? getenv("SYMX_LIBC_BC") : "min";
  libc_bc = sxl_libc_path(libc_bc, libc_buf, sizeof libc_buf, err, errlen);
  if (!libc_bc || sxl_load_files(programs, n, libc_bc, opt, s->llctx, &mod, err, errlen) ||
      (entry && strcmp(entry, "main") && set_entry(mod, entry, err, errlen)) ||
      sxl_posix_link(s->llctx, mod, posix_main, err, errlen) ||
      (hook && hook(hook_ud, mod, err, errlen))) {
    if (mod) LLVMDisposeModule(mod);
    sxl_session_free(s);
    return NULL;
  }
  s->prog = sxl_prog_new(s->llctx, mod, err, errlen);
  if (!s->prog) {
    sxl_session_free(s);
    return NULL;
  }
  s->x.ctx = ctx;
  s->x.prog = s->prog;
  s->x.echo_output = 1;
  s->x.quantum = 100000;
  s->x.on_end = on_end;
  s->x.on_message = on_message;
  s->x.on_warning = on_warning;
  s->x.end_ud = s;
  return s;
}

void sxl_session_free(sxl_session *s) {
  if (!s) return;
  sxl_statlog_close(s); /* a run that failed still ends its records */
  symx_engine_free(s->eng);
  sxl_distance_free(s->dist);
  sxl_static_free(s->x.statics);
  if (s->paths) fclose(s->paths);
  if (s->msgs) fclose(s->msgs);
  sxl_prog_free(s->prog);
  if (s->llctx) LLVMContextDispose(s->llctx);
  sxl_session_free_args(s);
  sxl_errlocs_free(&s->errlocs);
  free(s);
}

static void *vt_clone(void *user, void *payload) {
  (void)user;
  return sxl_state_clone(payload);
}

static void vt_free(void *user, void *payload) {
  (void)user;
  sxl_state_free(payload);
}

static int open_outputs(sxl_session *s) {
  const char *dir = symx_option_get_str(s->ctx, "output_dir");
  if (!dir || !*dir) return 0;
  snprintf(s->outdir, sizeof s->outdir, "%s", dir);
  if (mkdir(dir, 0777) && errno != EEXIST) {
    snprintf(s->err, sizeof s->err, "%s: cannot create the output directory", dir);
    return -1;
  }
  char path[2300];
  snprintf(path, sizeof path, "%s/paths.jsonl", dir);
  s->paths = fopen(path, "w");
  snprintf(path, sizeof path, "%s/messages.txt", dir);
  s->msgs = fopen(path, "w");
  if (!s->paths || !s->msgs) {
    snprintf(s->err, sizeof s->err, "%s: cannot write", dir);
    return -1;
  }
  return 0;
}

symx_engine *sxl_session_engine(sxl_session *s, const symx_seeds *seeds) {
  symx_engine *eng = symx_engine_new(s->ctx);
  s->eng = eng;
  if (!eng) {
    snprintf(s->err, sizeof s->err, "engine: %s", symx_errmsg(s->ctx));
    return NULL;
  }
  if (seeds) symx_engine_set_seeds(s->eng, seeds);
  if (s->x.argc &&
      symx_engine_set_test_args(s->eng, (const char *const *)s->x.argv, s->x.argc) != SYMX_OK) {
    snprintf(s->err, sizeof s->err, "engine: %s", symx_errmsg(s->ctx));
    return NULL;
  }
  symx_engine_on_test(s->eng, on_test, s);
  if (s->weight) symx_engine_set_weight(s->eng, s->weight, s);
  sxl_targets_engine(s);
  symx_engine_on_progress(s->eng, on_progress, s, s->progress_hook ? PROGRESS_HOOK_MS : 2000);
  sxl_state *init = sxl_state_new_initial(&s->x, 0);
  if (!init) {
    snprintf(s->err, sizeof s->err, "cannot create the initial state");
    return NULL;
  }
  symx_payload_vt vt = {vt_clone, vt_free, NULL};
  if (symx_engine_start(s->eng, init, &vt) != SYMX_OK) {
    snprintf(s->err, sizeof s->err, "engine start: %s", symx_errmsg(s->ctx));
    return NULL;
  }
  return eng;
}

int sxl_session_step(sxl_session *s) {
  symx_state *st = NULL;
  s->in_next = 1;
  int rc = symx_engine_next(s->eng, &st);
  s->in_next = 0;
  if (rc == SYMX_DONE) return 1;
  if (rc != SYMX_STATE) {
    snprintf(s->err, sizeof s->err, "engine: %s", symx_errmsg(s->ctx));
    return -1;
  }
  sxl_state *ps = symx_state_payload(st);
  if (s->print_distances && s->dist) sxl_distance_print_state(s->dist, ps, stdout);
  uint64_t q0 = symx_stat_get(s->ctx, "solver_time_ns");
  int r = sxl_run(&s->x, ps, st);
  ps->qcost_ns += symx_stat_get(s->ctx, "solver_time_ns") - q0; /* freed at the next call */
  if (r == SXL_RUN_FATAL) {
    snprintf(s->err, sizeof s->err, "%s", s->x.fatal);
    return -1;
  }
  if (sxl_statlog_tick(s)) return -1;
  if (s->prog->cuts) sxl_cut_tick(s, ps); /* --cut adaptive */
  return 0;
}

/* The session's start of an exploration: outputs opened, limits read. */
int sxl_session_begin(sxl_session *s) {
  s->t0_ns = sxl_now_ns();
  s->t0_cpu_ns = sxl_cpu_ns();
  if (!s->outputs_open && open_outputs(s)) return -1;
  s->outputs_open = 1;
  if (sxl_statlog_open(s)) return -1;
  s->all_errors = (int)symx_option_get(s->ctx, "emit_all_errors");
  s->x.max_instructions = (uint64_t)symx_option_get(s->ctx, "max_instructions");
  s->x.instructions_base = s->x.instructions; /* the engine counts this run's */
  return 0;
}

void sxl_session_end(sxl_session *s) {
  /* concolic mode: a cache directory rebuilt, seeds of the wrong size */
  for (size_t i = 0; s->eng && i < symx_engine_concolic_notes(s->eng); i++)
    fprintf(stderr, "symx-llvm: %s\n", symx_engine_concolic_note(s->eng, i));
  s->wall_s = (double)(sxl_now_ns() - s->t0_ns) / 1e9;
  s->cpu_s = (double)(sxl_cpu_ns() - s->t0_cpu_ns) / 1e9;
}

int sxl_session_explore(sxl_session *s, const symx_seeds *seeds) {
  if (sxl_session_begin(s)) return -1;
  symx_engine_free(s->eng);
  s->eng = NULL;
  if (!sxl_session_engine(s, seeds)) return -1;
  sxl_targets_stepwise(s, symx_option_get_str(s->ctx, "search"));
  int rc = 0;
  /* every target reached or unreachable already (distance.c): nothing to explore */
  int done = s->dist && s->stop_at_targets && sxl_distance_ntargets(s->dist) &&
             !sxl_distance_left(s->dist);
  while (!done && (rc = sxl_session_step(s)) == 0) {
  }
  if (rc < 0) return -1;
  sxl_session_end(s);
  return 0;
}

int sxl_session_outputs(sxl_session *s) {
  if (!s->outputs_open && open_outputs(s)) return -1;
  s->outputs_open = 1;
  return 0;
}

int sxl_session_run_concrete(sxl_session *s, const symx_assign *replay) {
  s->t0_ns = sxl_now_ns();
  s->t0_cpu_ns = sxl_cpu_ns();
  if (sxl_session_outputs(s)) return -1;
  s->x.replay = replay;
  s->all_errors = (int)symx_option_get(s->ctx, "emit_all_errors");
  s->x.instructions_base = s->x.instructions; /* --max-instructions per replay */
  sxl_state *st = sxl_state_new_initial(&s->x, 0);
  if (!st) {
    snprintf(s->err, sizeof s->err, "cannot create the initial state");
    return -1;
  }
  int r;
  do {
    r = sxl_run(&s->x, st, NULL);
    if (s->x.max_instructions &&
        s->x.instructions - s->x.instructions_base >= s->x.max_instructions)
      break;
  } while (r == SXL_RUN_YIELD);
  sxl_state_free(st);
  s->wall_s = (double)(sxl_now_ns() - s->t0_ns) / 1e9;
  s->cpu_s = (double)(sxl_cpu_ns() - s->t0_cpu_ns) / 1e9;
  if (r == SXL_RUN_FATAL) {
    snprintf(s->err, sizeof s->err, "%s", s->x.fatal);
    return -1;
  }
  return 0;
}

static void on_end_quiet(void *ud, sxl_exec *x, sxl_state *s, symx_state *st, symx_reason reason,
                         symx_error_kind kind, const char *loc, const char *msg, int code) {
  (void)ud, (void)x, (void)s, (void)st, (void)reason, (void)kind, (void)loc, (void)msg, (void)code;
}

int sxl_session_probe_input(sxl_session *s, uint64_t max_instructions) {
  sxl_exec *x = &s->x;
  sxl_end_fn end = x->on_end;
  int echo = x->echo_output;
  uint64_t ins0 = x->instructions, maxi = x->max_instructions;
  x->max_instructions = 0; /* the probe's own limit holds (sxl_run would yield at once past it) */
  const symx_assign *replay = x->replay;
  x->on_end = on_end_quiet; /* not a path of the exploration: no records */
  x->echo_output = 0;
  x->replay = NULL;
  x->first_input[0] = 0;
  sxl_state *st = sxl_state_new_initial(x, 0);
  int made = st != NULL;
  int r = made ? SXL_RUN_YIELD : SXL_RUN_FATAL;
  while (r == SXL_RUN_YIELD && !x->first_input[0] &&
         !(max_instructions && x->instructions - ins0 >= max_instructions))
    r = sxl_run(x, st, NULL);
  sxl_state_free(st);
  x->on_end = end;
  x->echo_output = echo;
  x->replay = replay;
  x->instructions = ins0;
  x->max_instructions = maxi;
  if (x->first_input[0]) return 0;
  if (r == SXL_RUN_FATAL)
    snprintf(s->err, sizeof s->err, "probing for the program's input: %s", made ? x->fatal : "out of memory");
  else
    snprintf(s->err, sizeof s->err,
             "the program created no symbolic input in a zero-input run of %" PRIu64
             " instructions (name one with --seed-input)", x->instructions - ins0);
  return -1;
}

/* A source line with code of the program: (file, line), covered or not. */
typedef struct cov_line {
  uint32_t file, line;
  uint8_t covered;
} cov_line;

static int cmp_line(const void *a, const void *b) {
  const cov_line *x = a, *y = b;
  if (x->file != y->file) return x->file < y->file ? -1 : 1;
  return x->line < y->line ? -1 : x->line > y->line;
}

int sxl_session_coverage(sxl_session *s, uint64_t *lines, uint64_t *total_lines,
                         uint64_t *ins, uint64_t *total_ins) {
  sxl_prog *p = s->prog;
  uint8_t *seen = calloc(p->nlocs + 1, 1); /* 1 = exists, 2 = covered */
  *ins = *total_ins = *lines = *total_lines = 0;
  cov_line *all = seen ? malloc((p->nlocs + 1) * sizeof *all) : NULL;
  if (!all) {
    free(seen);
    snprintf(s->err, sizeof s->err, "out of memory");
    return -1;
  }
  for (uint32_t i = 0; i < p->nfns; i++) {
    sxl_fn *f = &p->fns[i];
    if (!f->translated || f->is_libc) continue;
    for (uint32_t k = 0; k < f->ncode; k++) {
      uint32_t l = f->code[k].loc;
      *total_ins += f->ninst[k]; /* LLVM instructions, KLEE's unit */
      if (f->cov[k]) *ins += f->ninst[k];
      if (l && f->ninst[k]) seen[l] |= (uint8_t)(f->cov[k] ? 3 : 1);
    }
  }
  /* Locations are (file, line) pairs, possibly repeated: sorted, a line
  ** counts once (covered when any of its locations is), in n log n so
  ** that a record of statistics over time stays cheap on a large program. */
  size_t n = 0;
  for (uint32_t l = 1; l < p->nlocs; l++)
    if (seen[l]) all[n++] = (cov_line){p->locs[l].file, p->locs[l].line, (uint8_t)(seen[l] >> 1)};
  qsort(all, n, sizeof *all, cmp_line);
  for (size_t k = 0; k < n;) {
    size_t e = k;
    uint8_t c = 0;
    for (; e < n && !cmp_line(&all[k], &all[e]); e++) c |= all[e].covered;
    (*total_lines)++;
    *lines += c;
    k = e;
  }
  free(all);
  free(seen);
  return 0;
}

/* coverage.txt: the covered source lines (not libc's), one "file:line" each. */
static int write_coverage(sxl_session *s, const char *path) {
  sxl_prog *p = s->prog;
  FILE *f = fopen(path, "w");
  if (!f) return 0; /* as before: coverage.txt is optional */
  uint8_t *cov = calloc(p->nlocs + 1, 1);
  if (!cov) {
    fclose(f);
    snprintf(s->err, sizeof s->err, "out of memory");
    return -1;
  }
  for (uint32_t i = 0; i < p->nfns; i++) {
    sxl_fn *fn = &p->fns[i];
    if (!fn->translated || fn->is_libc) continue;
    for (uint32_t k = 0; k < fn->ncode; k++)
      if (fn->cov[k] && fn->code[k].loc) cov[fn->code[k].loc] = 1;
  }
  for (uint32_t l = 1; l < p->nlocs; l++) {
    if (!cov[l]) continue;
    char buf[300];
    sxl_loc_str(p, l, buf, sizeof buf);
    fprintf(f, "%s\n", buf);
  }
  free(cov);
  fclose(f);
  return 0;
}

/* covered-instructions.txt: which instructions of the program's own
** functions ran, one "function<TAB>index<TAB>LLVM instructions<TAB>file:line"
** each, so that two runs of the same bitcode give a union in the unit of
** stats.json's covered_instructions (bench/real_side_by_side.py). */
static int write_covered_instructions(sxl_session *s, const char *path) {
  sxl_prog *p = s->prog;
  FILE *f = fopen(path, "w");
  if (!f) {
    snprintf(s->err, sizeof s->err, "%.900s: cannot write", path);
    return -1;
  }
  for (uint32_t i = 0; i < p->nfns; i++) {
    sxl_fn *fn = &p->fns[i];
    if (!fn->translated || fn->is_libc) continue;
    for (uint32_t k = 0; k < fn->ncode; k++) {
      if (!fn->cov[k] || !fn->ninst[k]) continue;
      char loc[300] = "?";
      if (fn->code[k].loc) sxl_loc_str(p, fn->code[k].loc, loc, sizeof loc);
      fprintf(f, "%s\t%" PRIu32 "\t%u\t%s\n", fn->name, k, (unsigned)fn->ninst[k], loc);
    }
  }
  return fclose(f) ? -1 : 0;
}

static int write_stats(sxl_session *s, const char *path, uint64_t lines, uint64_t tl,
                       uint64_t ins, uint64_t ti) {
  FILE *f = fopen(path, "w");
  if (!f) {
    snprintf(s->err, sizeof s->err, "%.900s: cannot write", path);
    return -1;
  }
  size_t ntests = s->eng ? symx_engine_test_count(s->eng) : 0;
  char *eng = s->eng ? symx_engine_stats_json(s->eng) : NULL;
  fprintf(f,
          "{\"instructions\":%" PRIu64 ",\"paths\":%" PRIu64 ",\"tests\":%zu,\"errors\":%" PRIu64
          ",\"covered_lines\":%" PRIu64 ",\"total_lines\":%" PRIu64
          ",\"covered_instructions\":%" PRIu64 ",\"total_instructions\":%" PRIu64
          ",\"solver_queries\":%" PRIu64 ",\"fp_concretized\":%" PRIu64
          ",\"reads_made_symbolic\":%" PRIu64 ",\"obj_copy_bytes\":%" PRIu64
          ",\"wall_s\":%.3f,\"cpu_s\":%.6f,\"engine\":%s,\"errors_by_location\":",
          s->x.instructions, s->npaths, ntests, s->nerrors, lines, tl, ins, ti,
          symx_stat_get(s->ctx, "solver_queries"), s->x.fp_concretized,
          s->x.reads_made_symbolic, s->x.obj_copy_bytes, s->wall_s, s->cpu_s,
          eng ? eng : "{}");
  sxl_errlocs_json(&s->errlocs, f);
  if (s->prog->cuts) sxl_cuts_json(s, f);
  if (s->origin) {
    fputs(",\"origin\":", f);
    json_str(f, s->origin, strlen(s->origin));
  }
  fputs("}\n", f);
  if (eng) symx_string_free(s->ctx, eng);
  fclose(f);
  return 0;
}

/* errors.txt: the error paths by location, as said at the end of the run. */
static int write_errors(sxl_session *s, const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) {
    snprintf(s->err, sizeof s->err, "%.900s: cannot write", path);
    return -1;
  }
  sxl_errlocs_print(&s->errlocs, f, "");
  fclose(f);
  return 0;
}

void sxl_session_incomplete(sxl_session *s, char *buf, size_t len) {
  static const struct {
    const char *stat, *what;
  } why[] = {{"paths_early", "path(s) ended early"},
             {"paths_halted", "state(s) left when a limit ended the exploration"},
             {"forks_inhibited", "branch(es) past --max-depth/--max-forks"},
             {"pressure_kills", "state(s) dropped past --max-memory or --max-states"},
             {"revivals_unknown", "state(s) the solver could not decide"},
             {"backend_unknown", "solver answer(s) unknown"}};
  size_t used = 0;
  buf[0] = 0;
  if (s->x.unsupported_seen)
    used += (size_t)snprintf(buf, len, "%d unsupported-code message(s)", s->x.unsupported_seen);
  if (s->directed_cut && used < len)
    used += (size_t)snprintf(buf + used, len - used, "%sa limit ended CCBSE before its target",
                             used ? ", " : "");
  for (size_t k = 0; k < sizeof why / sizeof why[0] && used < len; k++) {
    uint64_t n = symx_stat_get(s->ctx, why[k].stat);
    if (n) used += (size_t)snprintf(buf + used, len - used, "%s%" PRIu64 " %s", used ? ", " : "", n, why[k].what);
  }
}

int sxl_session_finish(sxl_session *s) {
  if (!s->outdir[0]) return 0;
  sxl_prog *p = s->prog;
  /* Every user function translated, so totals count code never reached. */
  for (uint32_t i = 0; i < p->nfns; i++)
    if (p->fns[i].defined && !p->fns[i].is_libc && sxl_prog_translate(p, i)) {
      snprintf(s->err, sizeof s->err, "out of memory");
      return -1;
    }
  uint64_t lines, tl, ins, ti;
  if (sxl_session_coverage(s, &lines, &tl, &ins, &ti)) return -1;
  char path[2300];
  snprintf(path, sizeof path, "%s/coverage.txt", s->outdir);
  if (write_coverage(s, path)) return -1;
  snprintf(path, sizeof path, "%s/covered-instructions.txt", s->outdir);
  if (write_covered_instructions(s, path)) return -1;
  snprintf(path, sizeof path, "%s/errors.txt", s->outdir);
  if (write_errors(s, path)) return -1;
  snprintf(path, sizeof path, "%s/stats.json", s->outdir);
  if (write_stats(s, path, lines, tl, ins, ti)) return -1;
  return sxl_statlog_close(s);
}
