/* lasso.c: loop-head visits, state hashing and exact state comparison for
 * non-termination certificates (interp.h, "Lassos").
 *
 * One traversal of the state feeds a sink: in search mode the sink hashes
 * (FNV-1a, 64 bits) and nothing is copied; in check mode it appends to a
 * buffer, and the two buffers are compared. Representations are normalised
 * (absent storage is fed as the zeros / "all defined" it stands for), so two
 * states that hold the same bytes compare equal however they were stored. */
#include <stdlib.h>
#include <string.h>

#include "../ir/cfg.h"
#include "../util/map.h"
#include "internal.h"

#define LASSO_DEFAULT_VISITS 1000000u
#define LASSO_DEFAULT_BYTES (1u << 20)
#define LASSO_DEFAULT_TOTAL_BYTES (64u << 20)

struct interp_lasso_state {
  bool **heads;         /* per function with a body: per block, a loop head */
  uint64_t visits;
  uint32_t max_visits;
  uint64_t max_bytes;
  uint64_t max_total_bytes, hashed; /* search: the budget of hashed bytes and its use */
  u64_map seen;         /* search: state hash -> visit */
  VEC(size_t) nd_at;    /* search: nondet values drawn before visit i + 1 */
  VEC(uint8_t) first;   /* check: the state at check_first */
  VEC(uint64_t) values; /* the observer's copy of the frame's results */
  size_t nd_first;
};

typedef struct {
  uint64_t h;
  VEC(uint8_t) *buf; /* NULL: hash only */
} sink;

static void feed(sink *k, const void *data, size_t n) {
  const uint8_t *p = data;
  if (k->buf) {
    for (size_t i = 0; i < n; i++) VEC_PUSH(*k->buf, p[i]);
    return;
  }
  /* FNV-1a over 8-byte words (then the tail bytes): a search hash only,
   * candidates are compared exactly in check mode */
  uint64_t h = k->h;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    memcpy(&w, p + i, 8);
    h = (h ^ w) * 0x100000001b3ull;
    h ^= h >> 29;
  }
  for (; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
  k->h = h;
}

static void feed_u64(sink *k, uint64_t v) { feed(k, &v, sizeof v); }

/* n copies of byte c */
static void feed_fill(sink *k, uint8_t c, uint64_t n) {
  uint8_t block[256];
  memset(block, c, sizeof block);
  while (n) {
    size_t take = n < sizeof block ? (size_t)n : sizeof block;
    feed(k, block, take);
    n -= take;
  }
}

/* Live object bytes: the cost of one traversal. */
static uint64_t live_bytes(const interp_state *st) {
  uint64_t n = 0;
  for (size_t id = 1; id < st->objs.len; id++) {
    const iobj *o = &st->objs.data[id];
    if (o->state == OBJ_LIVE && o->kind != OBJ_FUNC) n += o->size;
  }
  return n;
}

static void feed_state(const interp_state *st, sink *k) {
  feed_u64(k, st->frames.len);
  for (size_t i = 0; i < st->frames.len; i++) {
    const iframe *fr = &st->frames.data[i];
    const ir_func *f = &st->m->funcs.data[fr->func];
    feed_u64(k, fr->func), feed_u64(k, fr->block), feed_u64(k, fr->pc), feed_u64(k, fr->call_inst);
    feed_u64(k, fr->nargs), feed_u64(k, fr->allocas);
    size_t end = fr->regs + f->ninsts + fr->nargs;
    for (size_t r = fr->regs; r < end && r < st->regs.len; r++) {
      feed_u64(k, st->regs.data[r].bits);
      feed_u64(k, st->regs.data[r].prov);
    }
  }
  feed_u64(k, st->allocas.len);
  for (size_t i = 0; i < st->allocas.len; i++) feed_u64(k, st->allocas.data[i]);
  feed_u64(k, st->objs.len);
  feed_u64(k, st->next_addr);
  for (size_t id = 1; id < st->objs.len; id++) {
    const iobj *o = &st->objs.data[id];
    feed_u64(k, o->kind), feed_u64(k, o->state), feed_u64(k, o->base), feed_u64(k, o->size);
    if (o->state != OBJ_LIVE || o->kind == OBJ_FUNC) continue;
    if (o->bytes) feed(k, o->bytes, o->size);
    else feed_fill(k, 0, o->size);
    if (o->prov) feed(k, o->prov, o->size * sizeof *o->prov);
    else feed_fill(k, 0, o->size * sizeof(uint32_t));
    uint64_t nb = (o->size + 7) / 8;
    if (o->undef_all) { /* no byte defined */
      feed_fill(k, 0, nb);
    } else if (o->undef) { /* defined bytes have their bit set; bits past size are 0 */
      feed(k, o->undef, nb);
    } else { /* every byte defined: the bitmap it would have */
      if (nb > 1) feed_fill(k, 0xff, nb - 1);
      if (nb) {
        unsigned rest = (unsigned)(o->size - (nb - 1) * 8);
        uint8_t last = (uint8_t)(rest >= 8 ? 0xff : (1u << rest) - 1);
        feed(k, &last, 1);
      }
    }
  }
}

void lasso_init(interp_state *st) {
  struct interp_lasso_state *l = xcalloc(1, sizeof *l);
  const interp_lasso_options *o = &st->opt->lasso;
  l->max_visits = o->max_visits ? o->max_visits : LASSO_DEFAULT_VISITS;
  l->max_bytes = o->max_bytes ? o->max_bytes : LASSO_DEFAULT_BYTES;
  l->max_total_bytes = o->max_total_bytes ? o->max_total_bytes : LASSO_DEFAULT_TOTAL_BYTES;
  l->heads = xcalloc(st->m->funcs.len + 1, sizeof *l->heads);
  for (size_t i = 0; i < st->m->funcs.len; i++) {
    const ir_func *f = &st->m->funcs.data[i];
    if (!f->defined || !f->nblocks) continue;
    l->heads[i] = xcalloc(f->nblocks, sizeof **l->heads);
    ir_loop_headers(f, l->heads[i]);
  }
  st->lasso = l;
}

void lasso_free(interp_state *st) {
  struct interp_lasso_state *l = st->lasso;
  if (!l) return;
  for (size_t i = 0; i < st->m->funcs.len; i++) free(l->heads[i]);
  free(l->heads);
  u64_map_free(&l->seen);
  VEC_FREE(l->nd_at);
  VEC_FREE(l->first);
  VEC_FREE(l->values);
  free(l);
  st->lasso = NULL;
}

static void stop(interp_state *st, uint64_t first, uint64_t second, size_t nd_first, bool checked, bool equal) {
  const iframe *fr = &st->frames.data[st->frames.len - 1];
  const ir_func *f = &st->m->funcs.data[fr->func];
  interp_lasso *r = &st->res->lasso;
  r->checked = checked, r->equal = equal;
  r->first = first, r->second = second;
  r->nd_first = nd_first, r->nd_second = st->res->nondet.len;
  r->func = fr->func, r->block = fr->block;
  r->loc = fr->pc < f->ninsts ? f->insts[fr->pc].loc : ir_loc_none();
  interp_end(st, INTERP_LASSO, r->loc, NULL);
}

void lasso_enter_block(interp_state *st, uint32_t block) {
  struct interp_lasso_state *l = st->lasso;
  const iframe *fr = &st->frames.data[st->frames.len - 1];
  if (st->done || !l->heads[fr->func] || !l->heads[fr->func][block]) return;
  uint64_t visit = ++l->visits;
  st->res->head_visits = visit;
  if (st->opt->observe) {
    const ir_func *f = &st->m->funcs.data[fr->func];
    l->values.len = 0;
    for (uint32_t i = 0; i < f->ninsts + fr->nargs; i++) VEC_PUSH(l->values, st->regs.data[fr->regs + i].bits);
    interp_event ev = {.kind = INTERP_EV_HEAD,
                       .loc = fr->pc < f->ninsts ? f->insts[fr->pc].loc : ir_loc_none(),
                       .func = fr->func,
                       .block = block,
                       .visit = visit,
                       .values = l->values.data,
                       .nvalues = f->ninsts + fr->nargs,
                       .ndraws = st->res->nondet.len};
    st->opt->observe(st->opt->observe_ctx, &ev);
  }
  const interp_lasso_options *o = &st->opt->lasso;
  if (o->check_first || o->check_second) { /* check mode */
    if (visit == o->check_first) {
      l->first.len = 0;
      sink k = {0, (void *)&l->first};
      feed_state(st, &k);
      l->nd_first = st->res->nondet.len;
    } else if (visit == o->check_second && o->check_first < o->check_second && l->first.len) {
      VEC(uint8_t) now = {0};
      sink k = {0, (void *)&now};
      feed_state(st, &k);
      bool equal = now.len == l->first.len && memcmp(now.data, l->first.data, now.len) == 0;
      VEC_FREE(now);
      stop(st, o->check_first, visit, l->nd_first, true, equal);
    }
    return;
  }
  if (visit > l->max_visits) return;
  VEC_PUSH(l->nd_at, st->res->nondet.len); /* indexed by visit - 1 */
  uint64_t live = live_bytes(st);
  /* a run whose states are large stops being watched once it has cost
   * its budget: hashing every visit would cost more than the run itself */
  if (live > l->max_bytes || l->hashed + live > l->max_total_bytes) return;
  l->hashed += live;
  sink k = {0xcbf29ce484222325ull, NULL};
  feed_state(st, &k);
  uint64_t earlier;
  if (u64_map_get(&l->seen, k.h, &earlier)) {
    stop(st, earlier, visit, l->nd_at.data[earlier - 1], false, false);
    return;
  }
  u64_map_put(&l->seen, k.h, visit);
}
