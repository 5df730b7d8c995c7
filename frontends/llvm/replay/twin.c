/*
** twin.c — libsymx-twin: one native process runs a program on every
** input. Linked with -Wl,--wrap=main (and libsymx-replay), it takes the
** program's main: with $SYMX_TWIN_BYTES = n it forks a child per n-byte
** input (0 .. 256^n-1, byte 0 first) that runs the real main on it; one
** record per input goes to $SYMX_TWIN_RESULTS:
**   "<input> <status> <stdout bytes> <stderr bytes> <coverage bytes>\n"
** followed by those bytes; status is the exit code, or minus the signal.
** Without $SYMX_TWIN_BYTES it is the program itself (ktest replay).
** Forking after start-up spares each input the sanitizer's start-up, and
** the child does no more than run main: its output goes to scratch files
** the parent opened once (under $SYMX_TWIN_DIR) and empties between runs.
*/
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define CHILD_SECONDS 20 /* an input that runs longer ends by SIGALRM */

int __real_main(int argc, char **argv, char **envp);
void __symx_replay_set_hex(const char *hex);
void __symx_replay_set_cov_fd(int fd);

enum { OUT, ERR, COV, NFILES };

static void child(const char *hex, FILE *const *files, int argc, char **argv, char **envp) {
  if (dup2(fileno(files[OUT]), 1) < 0 || dup2(fileno(files[ERR]), 2) < 0) _exit(125);
  __symx_replay_set_hex(hex);
  __symx_replay_set_cov_fd(fileno(files[COV]));
  alarm(CHILD_SECONDS);
  exit(__real_main(argc, argv, envp));
}

/* appends what the child wrote to f (from the start) to res; empties f */
static long drain(FILE *res, FILE *f) {
  char buf[8192];
  long total = 0;
  size_t n;
  rewind(f);
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
    if (fwrite(buf, 1, n, res) != n) return -1;
    total += (long)n;
  }
  return ftruncate(fileno(f), 0) == 0 && fseek(f, 0, SEEK_SET) == 0 ? total : -1;
}

static long written(FILE *f) {
  return fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
}

static int record(FILE *res, unsigned long v, int status, FILE *const *files) {
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
  long size[NFILES];
  for (int i = 0; i < NFILES; i++) size[i] = written(files[i]);
  fprintf(res, "%lu %d %ld %ld %ld\n", v, code, size[OUT], size[ERR], size[COV]);
  for (int i = 0; i < NFILES; i++)
    if (size[i] < 0 || drain(res, files[i]) != size[i]) return -1;
  return 0;
}

static int run_one(unsigned long v, unsigned nbytes, FILE *res, FILE *const *files, int argc,
                   char **argv, char **envp) {
  char hex[2 * sizeof v + 1];
  for (unsigned i = 0; i < nbytes; i++) snprintf(hex + 2 * i, 3, "%02lx", (v >> (8 * i)) & 0xff);
  fflush(NULL); /* nothing buffered is written twice */
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) child(hex, files, argc, argv, envp);
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return record(res, v, status, files);
}

static int run_all(unsigned nbytes, const char *dir, const char *results, int argc, char **argv,
                   char **envp) {
  FILE *files[NFILES] = {NULL, NULL, NULL}, *res = fopen(results, "wb");
  int rc = res ? 0 : -1;
  for (int i = 0; i < NFILES && rc == 0; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/twin.%d", dir, i);
    files[i] = fopen(path, "w+b");
    rc = files[i] ? 0 : -1;
  }
  unsigned long n = 1ul << (8 * nbytes);
  for (unsigned long v = 0; v < n && rc == 0; v++) rc = run_one(v, nbytes, res, files, argc, argv, envp);
  for (int i = 0; i < NFILES; i++)
    if (files[i]) fclose(files[i]);
  if (res && fclose(res)) rc = -1;
  return rc ? 125 : 0;
}

int __wrap_main(int argc, char **argv, char **envp) {
  const char *bytes = getenv("SYMX_TWIN_BYTES"), *dir = getenv("SYMX_TWIN_DIR");
  const char *results = getenv("SYMX_TWIN_RESULTS");
  if (!bytes) return __real_main(argc, argv, envp);
  int nbytes = atoi(bytes);
  if (nbytes < 1 || nbytes > 3 || !dir || !results) {
    fprintf(stderr, "symx-twin: $SYMX_TWIN_BYTES must be 1..3, with $SYMX_TWIN_DIR and $SYMX_TWIN_RESULTS\n");
    return 125;
  }
  return run_all((unsigned)nbytes, dir, results, argc, argv, envp);
}
