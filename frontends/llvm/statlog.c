/*
** statlog.c — statistics over time (KLEE's run.stats): while a run
** explores, OUTDIR/run.stats.jsonl gets one JSON object a line every
** --stats-write-interval and every --stats-write-after-instructions
** instructions, and a last one, "final":true, with stats.json's figures
** when the run ends. The format is in README.md ("Watching a long run").
*/
#include "driver.h"

#include <unistd.h>

/* The library's statistics each record carries, by their stats.json names:
** the solver's work and the fast-sat tiers of pending mode. */
static const char *const engine_stats[] = {
    "solver_queries",      "solver_time_ns",        "backend_queries",
    "fastsat_witness_hits", "fastsat_seed_hits",    "fastsat_cex_hits",
    "fastsat_misses",      "chain_lookup_sat",      "chain_lookup_unsat",
    "pending_created",     "revivals_sat",          "revivals_unsat",
    "forks",               "pressure_kills",
};

/* Resident bytes of the process (/proc/self/statm); 0 where it cannot tell. */
static uint64_t rss_bytes(void) {
  FILE *f = fopen("/proc/self/statm", "r");
  unsigned long long size = 0, res = 0;
  if (!f) return 0;
  int ok = fscanf(f, "%llu %llu", &size, &res) == 2;
  fclose(f);
  long page = sysconf(_SC_PAGESIZE);
  return ok && page > 0 ? (uint64_t)res * (uint64_t)page : 0;
}

int sxl_statlog_open(sxl_session *s) {
  sxl_statlog *g = &s->statlog;
  if (g->off || g->f || !s->outdir[0]) return 0;
  char path[2300];
  snprintf(path, sizeof path, "%s/run.stats.jsonl", s->outdir);
  g->f = fopen(path, "w");
  if (!g->f) {
    snprintf(s->err, sizeof s->err, "%.900s: cannot write", path);
    return -1;
  }
  g->t0_ns = sxl_now_ns();
  g->next_ns = g->interval_ms > 0 ? g->t0_ns + (uint64_t)g->interval_ms * 1000000u : UINT64_MAX;
  g->next_ins = g->every_ins ? s->x.instructions + g->every_ins : UINT64_MAX;
  return 0;
}

/* One record: the run's figures now; 0, or -1 with s->err set. */
static int write_record(sxl_session *s, int final) {
  sxl_statlog *g = &s->statlog;
  uint64_t lines, tl, ins, ti;
  if (sxl_session_coverage(s, &lines, &tl, &ins, &ti)) return -1;
  size_t active = s->eng ? symx_engine_count(s->eng, SYMX_ST_ACTIVE) : 0;
  size_t pending = s->eng ? symx_engine_count(s->eng, SYMX_ST_PENDING) : 0;
  fprintf(g->f,
          "{\"t\":%.3f,\"instructions\":%" PRIu64 ",\"covered_instructions\":%" PRIu64
          ",\"total_instructions\":%" PRIu64 ",\"covered_lines\":%" PRIu64
          ",\"total_lines\":%" PRIu64 ",\"states\":%zu,\"pending\":%zu,\"paths\":%" PRIu64
          ",\"tests\":%zu,\"errors\":%" PRIu64 ",\"cpu\":%.3f",
          (double)(sxl_now_ns() - g->t0_ns) / 1e9, s->x.instructions, ins, ti, lines, tl,
          active + pending, pending, s->npaths, s->eng ? symx_engine_test_count(s->eng) : 0,
          s->nerrors, (double)sxl_cpu_ns() / 1e9);
  for (size_t k = 0; k < sizeof engine_stats / sizeof engine_stats[0]; k++)
    fprintf(g->f, ",\"%s\":%" PRIu64, engine_stats[k], symx_stat_get(s->ctx, engine_stats[k]));
  fprintf(g->f, ",\"rss_bytes\":%" PRIu64 ",\"final\":%s}\n", rss_bytes(),
          final ? "true" : "false");
  g->records++;
  /* Flushed: a reader watching the run (symx-stats) sees whole records. */
  if (fflush(g->f)) {
    snprintf(s->err, sizeof s->err, "%.900s/run.stats.jsonl: cannot write", s->outdir);
    return -1;
  }
  return 0;
}

int sxl_statlog_tick(sxl_session *s) {
  sxl_statlog *g = &s->statlog;
  if (!g->f) return 0;
  int by_ins = s->x.instructions >= g->next_ins;
  uint64_t now = g->next_ns != UINT64_MAX ? sxl_now_ns() : 0;
  if (!by_ins && now < g->next_ns) return 0;
  /* The next one a whole interval on (instructions run in quanta: a
  ** record may come after more than every_ins of them). */
  if (by_ins) g->next_ins = s->x.instructions + g->every_ins;
  if (now >= g->next_ns) g->next_ns = now + (uint64_t)g->interval_ms * 1000000u;
  return write_record(s, 0);
}

int sxl_statlog_close(sxl_session *s) {
  sxl_statlog *g = &s->statlog;
  if (!g->f) return 0;
  int rc = write_record(s, 1);
  if (fclose(g->f) && !rc) {
    snprintf(s->err, sizeof s->err, "%.900s/run.stats.jsonl: cannot write", s->outdir);
    rc = -1;
  }
  g->f = NULL;
  return rc;
}
