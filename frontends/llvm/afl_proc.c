/*
** afl_proc.c — the processes the AFL++ peer starts (afl.h): afl-showmap and
** the target for the edge view, a secondary afl-fuzz for --afl-share. One
** place for the argument vectors, the environment they get and spawning.
*/
#include "afl.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

extern char **environ;

void sxl_afl_argv_free(char **v) {
  if (!v) return;
  for (char **p = v; *p; p++) free(*p);
  free(v);
}

char **sxl_afl_argv(const char *const *head, size_t nh, const char *args, const char *in,
                    int *used_file) {
  size_t cap = nh + 1 + (args ? strlen(args) / 2 + 1 : 0), n = 0;
  char **v = calloc(cap, sizeof *v);
  if (!v) return NULL;
  for (; n < nh; n++)
    if (!(v[n] = strdup(head[n]))) goto fail;
  for (const char *p = args; p && *p;) {
    p += strspn(p, " \t");
    size_t k = strcspn(p, " \t");
    if (!k) break;
    int file = in && k == 2 && !memcmp(p, "@@", 2);
    if (file && used_file) *used_file = 1;
    if (!(v[n++] = file ? strdup(in) : strndup(p, k))) goto fail;
    p += k;
  }
  return v;
fail:
  sxl_afl_argv_free(v);
  return NULL;
}

char **sxl_afl_env(void) {
  size_t n = 0;
  while (environ[n]) n++;
  char **v = calloc(n + 1, sizeof *v);
  if (!v) return NULL;
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    const char *s = environ[i];
    const char *eq = strchr(s, '=');
    if (eq && eq - s >= 11 && !memcmp(eq - 11, "SAN_OPTIONS", 11))
      continue; /* ASAN_OPTIONS, UBSAN_OPTIONS, ... */
    if (!(v[k++] = strdup(s))) {
      sxl_afl_argv_free(v);
      return NULL;
    }
  }
  return v;
}

pid_t sxl_afl_spawn(char **argv, char **env, const char *in, const char *out, int group) {
  posix_spawn_file_actions_t fa;
  posix_spawnattr_t at;
  if (posix_spawn_file_actions_init(&fa)) return -1;
  if (posix_spawnattr_init(&at)) {
    posix_spawn_file_actions_destroy(&fa);
    return -1;
  }
  posix_spawn_file_actions_addopen(&fa, 0, in ? in : "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, out ? out : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC,
                                   0600);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  /* its own process group: stopping it stops its fork server and target too */
  if (group) {
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&at, 0);
  }
  pid_t pid;
  int rc = posix_spawnp(&pid, argv[0], &fa, &at, argv, env);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&at);
  return rc ? -1 : pid;
}

int sxl_afl_wait(pid_t pid, int *status, int nohang) {
  pid_t r;
  while ((r = waitpid(pid, status, nohang ? WNOHANG : 0)) < 0)
    if (errno != EINTR) return -1;
  return r == pid ? 1 : 0;
}
