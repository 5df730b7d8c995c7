/*
** adisk.c — the α-renamed cache's directory: DIR/acache.txt holds a header
** ("symx-acache 1", "key KEY"), then one entry a line, oldest first:
** "S HEX TEXT" (the values of v0, v1, ... as hex, "-" for none) or
** "U - TEXT". Written whole at the end (to a temporary file, then renamed).
** A file of another program's key is emptied; a malformed one is rebuilt:
** both leave a note, nothing else is lost.
*/
#include "acache_int.h"
#include "error.h"
#include "hash.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#define MAGIC "symx-acache 1"
#define FILE_NAME "/acache.txt"

static int hexval(int c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* One entry line (without its newline); false when malformed. */
static bool load_line(sx_acache *ac, char *line) {
  char kind = line[0];
  if ((kind != 'S' && kind != 'U') || line[1] != ' ') return false;
  char *hex = line + 2, *sp = strchr(hex, ' ');
  if (!sp || sp[1] == 0) return false;
  *sp = 0;
  char *text = sp + 1;
  size_t nh = strcmp(hex, "-") ? strlen(hex) : 0;
  if (nh % 2 || (kind == 'U' && nh)) return false;
  uint32_t nvars = (uint32_t)(nh / 2);
  uint8_t *vals = kind == 'S' ? sx_alloc(ac->ctx, nvars ? nvars : 1) : NULL;
  if (kind == 'S' && !vals) return false;
  for (uint32_t j = 0; j < nvars; j++) {
    int hi = hexval(hex[2 * j]), lo = hexval(hex[2 * j + 1]);
    if (hi < 0 || lo < 0) {
      sx_free(ac->ctx, vals, nvars ? nvars : 1);
      return false;
    }
    vals[j] = (uint8_t)(hi << 4 | lo);
  }
  size_t len = strlen(text);
  uint64_t h = sx_hash_bytes(text, len);
  if (sx_ac_find(ac, text, len, h)) {
    if (vals) sx_free(ac->ctx, vals, nvars ? nvars : 1);
    return true;
  }
  if (sx_ac_add(ac, text, len, h, kind == 'S', vals, nvars) != SYMX_OK) return false;
  SX_INC(ac->ctx, acache_loaded);
  return true;
}

/* A line of f into *buf (grown; newline stripped); false at the end. */
static bool read_line(symx_ctx *ctx, FILE *f, char **buf, size_t *cap) {
  size_t n = 0;
  int c;
  while ((c = getc(f)) != EOF && c != '\n') {
    if (n + 1 >= *cap) {
      size_t nc = *cap ? 2 * *cap : 256;
      char *b = sx_realloc(ctx, *buf, *cap, nc);
      if (!b) return false;
      *buf = b;
      *cap = nc;
    }
    (*buf)[n++] = (char)c;
  }
  if (c == EOF && n == 0) return false;
  if (*buf) (*buf)[n] = 0;
  return *buf != NULL;
}

/* Reads path; leaves a note and an empty table when it is not usable. */
static void load(sx_acache *ac, const char *path) {
  symx_ctx *ctx = ac->ctx;
  FILE *f = fopen(path, "r");
  if (!f) return; /* a new cache */
  char *buf = NULL;
  size_t cap = 0, line = 2;
  const char *why = NULL;
  if (!read_line(ctx, f, &buf, &cap) || strcmp(buf, MAGIC)) why = "not a symx-acache file";
  else if (!read_line(ctx, f, &buf, &cap) || strncmp(buf, "key ", 4)) why = "line 2: no key";
  else if (strcmp(buf + 4, ac->key)) why = "made for another program (its key differs)";
  while (!why && read_line(ctx, f, &buf, &cap))
    if (!load_line(ac, buf)) why = "malformed";
    else line++;
  if (!why && ferror(f)) why = "read error";
  fclose(f);
  sx_free(ctx, buf, cap);
  if (!why) return;
  if (!strcmp(why, "malformed")) snprintf(ac->note, sizeof ac->note, "%s: line %zu malformed; the cache was rebuilt", path, line + 1);
  else snprintf(ac->note, sizeof ac->note, "%s: %s; the cache was rebuilt", path, why);
  SX_INC(ctx, acache_rebuilt);
  sx_ac_clear(ac);
}

sx_acache *sx_ac_open(symx_ctx *ctx, const char *dir, const char *key, int64_t max,
                      const char **note) {
  *note = NULL;
  const char *func = "symx_engine_new";
  if (dir && *dir) {
    struct stat sb;
    if (stat(dir, &sb) != 0 && mkdir(dir, 0777) != 0) {
      sx_error(ctx, SYMX_IO, func, "concolic_cache_dir %s: %s", dir, strerror(errno));
      return NULL;
    }
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
      sx_error(ctx, SYMX_IO, func, "concolic_cache_dir %s: not a directory", dir);
      return NULL;
    }
  }
  sx_acache *ac = sx_ac_new(ctx, dir, key, max);
  if (!ac) {
    sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    return NULL;
  }
  if (*ac->dir) {
    size_t n = strlen(ac->dir) + sizeof FILE_NAME;
    char *path = sx_alloc(ctx, n);
    if (path) {
      snprintf(path, n, "%s" FILE_NAME, ac->dir);
      load(ac, path);
      sx_free(ctx, path, n);
    }
  }
  if (ac->note[0]) *note = ac->note;
  return ac;
}

static void put_entry(FILE *f, const sx_ac_entry *e) {
  fputs(e->sat ? "S " : "U ", f);
  if (!e->sat || !e->nvars) fputc('-', f);
  for (uint32_t j = 0; e->sat && j < e->nvars; j++) fprintf(f, "%02x", e->vals[j]);
  fprintf(f, " %s\n", e->text);
}

static int save(sx_acache *ac) {
  symx_ctx *ctx = ac->ctx;
  size_t n = strlen(ac->dir) + sizeof FILE_NAME + 4;
  char *path = sx_alloc(ctx, n), *tmp = sx_alloc(ctx, n);
  int rc = SYMX_NOMEM;
  if (!path || !tmp) goto out;
  snprintf(path, n, "%s" FILE_NAME, ac->dir);
  snprintf(tmp, n, "%s" FILE_NAME ".tmp", ac->dir);
  FILE *f = fopen(tmp, "w");
  rc = SYMX_IO;
  if (!f) goto out;
  fprintf(f, MAGIC "\nkey %s\n", ac->key);
  for (size_t i = 0; i < ac->count; i++) put_entry(f, ac->fifo[(ac->fhead + i) % ac->fcap]);
  bool ok = !ferror(f);
  ok = fclose(f) == 0 && ok;
  if (ok && rename(tmp, path) == 0) rc = SYMX_OK;
  else remove(tmp);
out:
  if (rc != SYMX_OK) sx_error(ctx, rc, "symx_engine_free", "concolic_cache_dir %s: cannot write", ac->dir);
  sx_free(ctx, path, n);
  sx_free(ctx, tmp, n);
  return rc;
}

int sx_ac_close(sx_acache *ac) {
  if (!ac) return SYMX_OK;
  int rc = *ac->dir ? save(ac) : SYMX_OK;
  sx_ac_free(ac);
  return rc;
}
