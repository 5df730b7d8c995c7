/*
** afl_share.c — the peer's core shared with a secondary afl-fuzz
** (--afl-share; afl.h), on Driller's schedule: mutation runs while it finds
** new queue entries, symbolic execution when every instance is stuck. On a
** program mutation covers well (bc) a symx peer alone covers less than a
** second afl-fuzz would on that core; on a magic value the fuzzers stop
** growing within seconds and symx gets the core. A turn that wrote nothing
** makes the next wait longer, so symx's share follows what it finds.
*/
#include "afl.h"

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The longest wait: the stuck time doubled this many times at most. */
#define MAX_BACKOFF 4

struct sxl_afl_share {
  pid_t pid;           /* the fuzzer, leader of its process group */
  int ended, stopped;  /* it exited; it is stopped for symx's turn */
  int told;            /* its end was told to the caller */
  char *sync_dir;
  uint64_t stuck_ms, wait_ms; /* the option, and the wait now (backed off) */
  unsigned backoff;
  uint64_t entries, grew_ms; /* queue entries at the last look, and when they grew */
  uint64_t turn_ms;    /* when symx's turn began (0: none) */
  uint64_t symx_ms, turns;
};

static uint64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* Entries in dir's queue/ (names "id:..."). */
static uint64_t queue_entries(const char *sync_dir, const char *inst) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s/queue", sync_dir, inst);
  DIR *d = opendir(path);
  if (!d) return 0;
  uint64_t n = 0;
  for (struct dirent *e; (e = readdir(d));)
    n += !strncmp(e->d_name, "id:", 3);
  closedir(d);
  return n;
}

/* Entries in every instance's queue (ours too: what symx adds is growth). */
static uint64_t all_entries(const char *sync_dir) {
  DIR *d = opendir(sync_dir);
  if (!d) return 0;
  uint64_t n = 0;
  for (struct dirent *e; (e = readdir(d));)
    if (e->d_name[0] != '.') n += queue_entries(sync_dir, e->d_name);
  closedir(d);
  return n;
}

sxl_afl_share *sxl_afl_share_start(const char *cmd, const char *sync_dir, const char *log,
                                   uint64_t stuck_ms, char *err, size_t errlen) {
  sxl_afl_share *sh = calloc(1, sizeof *sh);
  char **argv = sxl_afl_argv(NULL, 0, cmd, NULL, NULL), **env = sxl_afl_env();
  if (!sh || !argv || !env || !(sh->sync_dir = strdup(sync_dir))) {
    snprintf(err, errlen, "out of memory");
    goto fail;
  }
  if (!argv[0]) {
    snprintf(err, errlen, "--afl-share: an empty command");
    goto fail;
  }
  if ((sh->pid = sxl_afl_spawn(argv, env, NULL, log, 1)) < 0) {
    snprintf(err, errlen, "--afl-share: cannot run %s", argv[0]);
    goto fail;
  }
  sh->stuck_ms = sh->wait_ms = stuck_ms;
  sh->entries = all_entries(sync_dir);
  sh->grew_ms = now_ms();
  sxl_afl_argv_free(argv);
  sxl_afl_argv_free(env);
  return sh;
fail:
  sxl_afl_argv_free(argv);
  sxl_afl_argv_free(env);
  if (sh) free(sh->sync_dir);
  free(sh);
  return NULL;
}

/* Whether the fuzzer has exited (reaped here, once). */
static int fuzzer_ended(sxl_afl_share *sh) {
  int status;
  if (!sh->ended && sxl_afl_wait(sh->pid, &status, 1) != 0) sh->ended = 1;
  return sh->ended;
}

int sxl_afl_share_symx(sxl_afl_share *sh, int *ended) {
  if (fuzzer_ended(sh) && !sh->told) { /* the core is symx's from now on */
    *ended = sh->told = 1;
    if (!sh->turn_ms) {
      sh->turn_ms = now_ms();
      sh->turns++;
    }
    return 1;
  }
  if (sh->turn_ms) return 1;
  uint64_t n = all_entries(sh->sync_dir), t = now_ms();
  if (n != sh->entries) {
    sh->entries = n;
    sh->grew_ms = t;
    return 0;
  }
  if (t - sh->grew_ms < sh->wait_ms) return 0;
  kill(-sh->pid, SIGSTOP);
  sh->stopped = 1;
  sh->turn_ms = t;
  sh->turns++;
  return 1;
}

int sxl_afl_share_turn_over(const sxl_afl_share *sh, uint64_t turn_ms) {
  return sh->turn_ms && !sh->ended && now_ms() - sh->turn_ms >= turn_ms;
}

int sxl_afl_share_yield(sxl_afl_share *sh, uint64_t gave) {
  if (!sh->turn_ms || fuzzer_ended(sh)) return 0;
  uint64_t t = now_ms();
  sh->symx_ms += t - sh->turn_ms;
  sh->turn_ms = 0;
  if (gave) sh->backoff = 0;
  else if (sh->backoff < MAX_BACKOFF) sh->backoff++;
  sh->wait_ms = sh->stuck_ms << sh->backoff;
  /* the fuzzer's wait starts now: its new entries (symx's too) count */
  sh->entries = all_entries(sh->sync_dir);
  sh->grew_ms = t;
  if (sh->stopped) kill(-sh->pid, SIGCONT);
  sh->stopped = 0;
  return 1;
}

uint64_t sxl_afl_share_symx_ms(const sxl_afl_share *sh) {
  return sh->symx_ms + (sh->turn_ms ? now_ms() - sh->turn_ms : 0);
}

uint64_t sxl_afl_share_turns(const sxl_afl_share *sh) { return sh->turns; }

void sxl_afl_share_end(sxl_afl_share *sh) {
  if (!sh) return;
  if (!fuzzer_ended(sh)) {
    kill(-sh->pid, SIGCONT);
    kill(-sh->pid, SIGINT);
    struct timespec nap = {0, 10000000};
    for (int ms = 0; ms < 5000 && !fuzzer_ended(sh); ms += 10) nanosleep(&nap, NULL);
    if (!sh->ended) {
      int status;
      kill(-sh->pid, SIGKILL);
      sxl_afl_wait(sh->pid, &status, 0);
    }
  }
  free(sh->sync_dir);
  free(sh);
}
