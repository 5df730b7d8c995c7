/*
** memcap.c — holding max_memory and max_states. max_memory caps the
** resident memory of the whole process (the front end's program states
** included), sampled from the system every few calls of symx_engine_next
** and whenever the engine's own allocations grew by a chunk. Past a limit
** (a sixteenth below the cap: samples lag) the engine frees room (paper
** section 3.4, pending/pressure.c): infeasible pending states first, then
** the searchers' next choices (or states at random: option memory_kill),
** down to a fifth of the room states have under the limit. malloc keeps
** what they held resident for the states that come next, so the resident
** size stays flat while they fill it and grows only once the heap is full:
** waiting for it to grow let each relief raise the level by the step it
** waited for (m4 crept 40 MiB past a 400 MiB cap in 45 reliefs). So a
** relief also sets a budget of live states, the count at which, each
** holding an equal share of what the process grew by, the level is reached
** again; the next relief looks when the live states pass it, before the
** heap has to grow. Within a thirty-second of the cap (a burst between
** samples, or freed memory malloc cannot reuse) the free memory goes back
** to the system, and every sample past that point looks again.
*/
#include "engine.h"
#include "procmem.h"

#define FUNC "symx_engine_next"
#define SAMPLE_FAR 64           /* calls between samples below half the cap */
#define SAMPLE_NEAR 8           /* ... and above it */
#define SAMPLE_BYTES (1u << 20) /* the engine's own growth that forces one */
/* ... and the instructions run since the last one: one state running long
** (the program allocating as it goes, few calls) is sampled too */
#define SAMPLE_INSTRUCTIONS (1u << 16)
#define ASKS_PER_RELIEF 1024    /* pending states one relief may ask the caches */
#define SOLVES_PER_RELIEF 256   /* ... and the solver */

/* Resident bytes of the process (the engine's own bytes where the system
** cannot tell, or with an allocator of the embedder's). */
static uint64_t sample(symx_engine *eng) {
  symx_ctx *ctx = eng->ctx;
  sx_memcap *m = &eng->mem;
  uint64_t rss = sx_procmem_rss();
  uint64_t own = SX_GET(ctx, bytes_in_use) - sx_pools_idle(&eng->pools);
  if (rss > SX_GET(ctx, rss_max)) SX_GET(ctx, rss_max) = rss;
  m->calls = 0;
  m->at_bytes = SX_GET(ctx, bytes_in_use);
  m->at_instructions = eng->instructions;
  m->rss = rss > own ? rss : own;
  return m->rss;
}

void sx_engine_memcap_start(symx_engine *eng) { eng->mem.base = eng->mem.mark = sample(eng); }

/* Resident bytes in use: the last sample less the free memory malloc
** keeps resident (what it keeps less what a trim gave back and has not
** been reused since; reuse is taken to come first from trimmed memory),
** or the last sample where malloc cannot tell. */
static uint64_t in_use(symx_engine *eng) {
  sx_memcap *m = &eng->mem;
  uint64_t kept;
  if (!sx_procmem_kept(&kept)) return m->rss;
  if (m->trimmed > kept) m->trimmed = kept;
  kept -= m->trimmed;
  return m->rss > kept ? m->rss - kept : 0;
}

/* Gives malloc's free memory back to the system. */
static void trim(symx_engine *eng) {
  sx_procmem_trim();
  sample(eng);
  if (!sx_procmem_kept(&eng->mem.trimmed)) eng->mem.trimmed = 0;
}

static bool sample_due(symx_engine *eng, uint64_t cap) {
  sx_memcap *m = &eng->mem;
  uint32_t every = m->rss > cap / 2 ? SAMPLE_NEAR : SAMPLE_FAR;
  return ++m->calls >= every || SX_GET(eng->ctx, bytes_in_use) >= m->at_bytes + SAMPLE_BYTES ||
         eng->instructions >= m->at_instructions + SAMPLE_INSTRUCTIONS;
}

static size_t live(symx_engine *eng) { return eng->nactive + eng->npending; }

static size_t over_states(symx_engine *eng) {
  size_t max = (size_t)eng->ctx->opts.max_states;
  return max && live(eng) > max ? live(eng) - max : 0;
}

/* The states to kill to bring used down to low, if each holds an equal
** share of what the process grew by since the start (too few when caches
** grew too: the next relief comes sooner). */
static size_t over_memory(symx_engine *eng, uint64_t used, uint64_t low) {
  uint64_t base = eng->mem.base;
  size_t n = live(eng);
  if (used <= low || !n) return 0;
  uint64_t grown = used > base ? used - base : used;
  double share = (double)(used - low) / (double)grown;
  if (share >= 1) return n;
  size_t k = (size_t)(share * (double)n) + 1;
  return k < n ? k : n;
}

/* What pending/pressure.c frees room through. */
static int p_decide(void *u, sx_state *st, bool solver) {
  symx_engine *eng = u;
  if (solver) SX_INC(eng->ctx, pressure_solver_checks);
  return sx_pending_decide(&eng->oracle, st, solver, FUNC);
}

/* A killed feasible state ends as a path (with its test case), a pending
** one as infeasible: nothing is known to satisfy its condition. */
static void p_end(void *u, sx_state *st, bool infeasible) {
  symx_engine *eng = u;
  if (st->status == SYMX_ST_ACTIVE)
    sx_engine_end(eng, st, SYMX_ST_TERMINATED, SYMX_END_EARLY, SYMX_ERR_NONE, eng->mem.why, true);
  else
    sx_engine_end(eng, st, SYMX_ST_INFEASIBLE, SYMX_END_EARLY, SYMX_ERR_NONE,
                  infeasible ? NULL : eng->mem.why, false);
}

/* The searchers' next choice: a feasible state first (it would run and
** fork next), else a pending one. Both are placed, not retried ones. */
static sx_state *p_pick(void *u) {
  symx_engine *eng = u;
  for (int i = 0; i < 2; i++)
    if (!sx_search_empty(&eng->search[i])) return sx_search_select(&eng->search[i]);
  return NULL;
}

/* The live states (a pending state parked for a retry is the retry
** list's until it is decided). */
static void collect_live(void *u, sx_state *st) {
  symx_engine *eng = u;
  if (!(st->flags & SX_SF_RETRY))
    (void)SX_PUSH(eng->ctx, eng->scratch, st); /* out of memory: fewer to choose from */
}

/* Frees room for r->want states and the memory they held. */
static void free_states(symx_engine *eng, sx_relief *r) {
  symx_ctx *ctx = eng->ctx;
  bool chosen = ctx->opts.memory_kill == SX_KILL_SEARCHER;
  sx_pressure_ops ops = {eng, &eng->rng, p_decide, p_end, chosen ? p_pick : NULL};
  SX_CLEAR(eng->scratch);
  sx_tree_foreach(&eng->tree, collect_live, eng);
  sx_pending_relieve(&ops, eng->scratch.begin, SX_SIZE(eng->scratch), r);
  SX_CLEAR(eng->scratch);
  SX_ADD(ctx, pressure_kills_infeasible, r->dropped);
  SX_ADD(ctx, pressure_kills, r->killed);
  sx_engine_reap(eng);
}

/* The room states have: the cap less what the process held at the start
** (all of the cap when it started above). */
static uint64_t room(symx_engine *eng, uint64_t cap) {
  return eng->mem.base < cap ? cap - eng->mem.base : cap;
}

/* The level of use past which states are killed: a twentieth of the
** room below the cap. */
static uint64_t high(symx_engine *eng, uint64_t cap) { return cap - room(eng, cap) / 20; }

/* Under memory pressure, the states to kill (0: none): when nearly all
** the room is in use (a twentieth left), those that bring use down to a
** fifth of it left (fewer, larger reliefs: each asks pending states).
** Sets the state budget: the live states at which, each holding an equal
** share of what the process grew by, that level is reached again. The
** resident size alone cannot tell when: the states that come next reuse
** what killed ones held, so it stays flat until the heap is full and then
** grows past the cap before a sample sees it. */
static size_t over_cap(symx_engine *eng, uint64_t cap) {
  sx_memcap *m = &eng->mem;
  uint64_t used = in_use(eng), r = room(eng, cap), hi = high(eng, cap);
  size_t n = live(eng);
  m->states = 0;
  if (n && used > m->base && hi > m->base)
    m->states = (size_t)((double)(hi - m->base) / (double)(used - m->base) * (double)n);
  /* near the level, the next look a sixty-fourth of the states on, not
  ** the next state (a walk of malloc's free lists each) */
  if (m->states && m->states < n + n / 64 + 1) m->states = n + n / 64 + 1;
  return used > hi ? over_memory(eng, used, cap - r / 5) : 0;
}

/* The live states reached the budget the last relief set. */
static bool over_budget(symx_engine *eng) {
  return eng->mem.states && live(eng) > eng->mem.states;
}

void sx_engine_relieve(symx_engine *eng) {
  symx_ctx *ctx = eng->ctx;
  sx_memcap *m = &eng->mem;
  uint64_t hard = (uint64_t)ctx->opts.max_memory << 20, cap = sx_procmem_limit(ctx->opts.max_memory);
  bool mem = hard && ((sample_due(eng, cap) && sample(eng) > (m->mark > cap ? m->mark : cap)) ||
                      (over_budget(eng) && sample(eng)));
  size_t want = over_states(eng), kill = mem ? over_cap(eng, cap) : 0;
  m->why = kill && kill >= want ? "memory limit exceeded" : "state limit exceeded";
  if (kill > want) want = kill;
  if (want) {
    SX_INC(ctx, pressure_reliefs);
    /* asking costs memory too (the states' factors): under memory
    ** pressure, in proportion to the kills */
    size_t asks = kill && want < ASKS_PER_RELIEF ? want : ASKS_PER_RELIEF;
    sx_relief r = {want, asks, asks < SOLVES_PER_RELIEF ? asks : SOLVES_PER_RELIEF, 0, 0};
    free_states(eng, &r);
  }
  if (!mem) return;
  /* what killed states held stays resident for the states to come; what
  ** malloc does not reuse goes back to the system before the cap */
  uint64_t trim_at = hard - hard / 32;
  if (sample(eng) > trim_at) trim(eng);
  /* the next look (a walk of malloc's free lists) waits for growth, the
  ** budget's or the resident size's; the latter's no further than the
  ** point of trimming, which each sample past it looks again */
  m->mark = m->rss + room(eng, cap) / 100;
  if (m->mark > trim_at) m->mark = trim_at;
}
