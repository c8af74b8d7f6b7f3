/* lists: list segments of abstract states (internal.h, seg_list): the
 * pieces they are folded from, chains of pieces, and the two cases of
 * unfolding a list's first object. After J. Hensel, J. Giesl, "Proving
 * Termination of C Programs with Lists" (CADE 2023), Sect. 3-4: a list is
 * introduced by generalization and used by unfolding; the lengths become
 * variables of the ITS. */
#include <assert.h>
#include <string.h>

#include "internal.h"

bool seg_layout_same(seg_engine *e, seg_layout *lay, smt_term x, smt_term y) {
  if (x == y) return true;
  smt_term rx, ry;
  int64_t ox, oy;
  return seg_layout_offset(e, lay, x, &rx, &ox) && seg_layout_offset(e, lay, y, &ry, &oy) && rx == ry && ox == oy;
}

static uint32_t ptr_bytes(const seg_engine *e) { return e->m->ptr_bits / 8; }

/* The next-pointer offset of allocation i (known extent lo..hi of root),
 * or -1: the only pointer-sized unsigned PT atom inside, or, with several,
 * the only one at the next offset of a list of the same size. */
static long next_offset(seg_engine *e, const seg_state *s, seg_layout *lay, const seg_layout_extent *x,
                        uint32_t size, smt_term *next) {
  long found = -1, preferred = -1;
  int candidates = 0, preferred_count = 0;
  smt_term found_val = SMT_NULL, preferred_val = SMT_NULL;
  for (size_t j = 0; j < s->pt.len; j++) {
    const seg_pt *p = &s->pt.data[j];
    if (p->bytes != ptr_bytes(e) || p->is_signed) continue;
    smt_term r;
    int64_t o;
    if (!seg_layout_offset(e, lay, p->addr, &r, &o) || r != x->root) continue;
    if (o < x->lo || o + (int64_t)p->bytes - 1 > x->hi) continue;
    long off = (long)(o - x->lo);
    if (found == off && found_val == p->val) continue; /* the same atom twice */
    candidates++;
    found = off;
    found_val = p->val;
    for (size_t k = 0; k < s->ls.len; k++)
      if (s->ls.data[k].size == size && s->ls.data[k].next_off == (uint32_t)off) {
        preferred = off;
        preferred_val = p->val;
        preferred_count++;
        break;
      }
  }
  if (candidates == 1) {
    *next = found_val;
    return found;
  }
  if (preferred_count == 1) {
    *next = preferred_val;
    return preferred;
  }
  return -1;
}

void seg_list_pieces(seg_engine *e, const seg_state *s, seg_layout *lay, const bool *skip_alloc, seg_piece_vec *out) {
  assert(lay->built && lay->extent.len == s->al.len);
  smt_term one = smt_mk_int(e->ctx, 1);
  for (size_t i = 0; i < s->ls.len; i++) {
    const seg_list *l = &s->ls.data[i];
    seg_piece p = {l->head, l->end, l->len, l->size, l->next_off, -1, (long)i, false};
    VEC_PUSH(*out, p);
  }
  for (size_t i = 0; i < s->al.len; i++) {
    const seg_alloc *a = &s->al.data[i];
    const seg_layout_extent *x = &lay->extent.data[i];
    if (a->kind != SEG_AL_HEAP || a->caller_owned || (skip_alloc && skip_alloc[i]) || x->root == SMT_NULL) continue;
    smt_term r;
    int64_t o;
    if (!seg_layout_offset(e, lay, a->lo, &r, &o) || r != x->root || o != x->lo) continue;
    int64_t size = x->hi - x->lo + 1;
    if (size < (int64_t)ptr_bytes(e) || size > (int64_t)1 << 20) continue;
    smt_term next = SMT_NULL;
    long off = next_offset(e, s, lay, x, (uint32_t)size, &next);
    if (off < 0) continue;
    seg_piece p = {a->lo, next, one, (uint32_t)size, (uint32_t)off, (long)i, -1, false};
    VEC_PUSH(*out, p);
  }
}

void seg_list_chain(seg_engine *e, seg_layout *lay, seg_piece_vec *pieces, smt_term h, smt_term stop,
                    bool (*is_anchor)(void *arg, smt_term v), void *arg, u32_vec *chain, smt_term *end,
                    smt_term *len) {
  smt_ctx *ctx = e->ctx;
  *end = h;
  *len = smt_mk_int(ctx, 0);
  uint32_t size = 0, next_off = 0;
  for (;;) {
    if (stop != SMT_NULL && seg_layout_same(e, lay, *end, stop)) return;
    if (chain->len && is_anchor && is_anchor(arg, *end)) return;
    long at = -1;
    for (size_t i = 0; i < pieces->len && at < 0; i++) {
      seg_piece *p = &pieces->data[i];
      if (p->used || (chain->len && (p->size != size || p->next_off != next_off))) continue;
      if (seg_layout_same(e, lay, p->head, *end)) at = (long)i;
    }
    if (at < 0) return;
    seg_piece *p = &pieces->data[at];
    p->used = true;
    size = p->size;
    next_off = p->next_off;
    VEC_PUSH(*chain, (uint32_t)at);
    *len = smt_mk_int_add2(ctx, *len, p->len);
    *end = p->end;
  }
}

long seg_list_holding(seg_engine *e, const seg_state *s, seg_layout *lay, smt_term ad, uint64_t n) {
  smt_term ra;
  int64_t oa;
  if (!seg_layout_offset(e, lay, ad, &ra, &oa)) return -1;
  for (size_t i = 0; i < s->ls.len; i++) {
    const seg_list *l = &s->ls.data[i];
    smt_term rh;
    int64_t oh;
    if (!seg_layout_offset(e, lay, l->head, &rh, &oh) || rh != ra) continue;
    if (oa >= oh && oa - oh + (int64_t)n <= (int64_t)l->size) return (long)i;
  }
  return -1;
}

static void remove_list(seg_state *s, size_t i) {
  memmove(&s->ls.data[i], &s->ls.data[i + 1], (s->ls.len - i - 1) * sizeof(seg_list));
  s->ls.len--;
  s->fo_cache = SMT_NULL;
}

seg_state *seg_list_empty_case(seg_engine *e, const seg_state *s, size_t i) {
  assert(i < s->ls.len);
  seg_list l = s->ls.data[i];
  seg_state *t = seg_state_copy(s);
  remove_list(t, i);
  seg_kb_add(e, t, smt_mk_eq(e->ctx, l.len, smt_mk_int(e->ctx, 0)));
  seg_kb_add(e, t, smt_mk_eq(e->ctx, l.head, l.end));
  return t;
}

seg_state *seg_list_unfolded_case(seg_engine *e, const seg_state *s, size_t i) {
  assert(i < s->ls.len);
  smt_ctx *ctx = e->ctx;
  seg_list l = s->ls.data[i];
  seg_state *t = seg_state_copy(s);
  remove_list(t, i);
  smt_term one = smt_mk_int(ctx, 1);
  seg_kb_add(e, t, smt_mk_int_le(ctx, one, l.len));
  /* the first object, as new_alloc (rules.c) makes one */
  smt_term hi = seg_fresh_ptr(e, t);
  seg_kb_add(e, t, smt_mk_int_le(ctx, one, l.head));
  seg_kb_add(e, t, smt_mk_eq(ctx, hi, smt_mk_int_add2(ctx, l.head, smt_mk_int(ctx, (int64_t)l.size - 1))));
  seg_kb_add(e, t, smt_mk_int_le(ctx, hi, seg_pow2(e, e->m->ptr_bits, 1, -2)));
  seg_alloc a = {l.head, hi, SEG_AL_HEAP, false, t->nframes - 1, false};
  VEC_PUSH(t->al, a);
  /* its next pointer */
  smt_term next = seg_fresh_ptr(e, t), at = l.head;
  if (l.next_off) {
    at = seg_fresh_ptr(e, t);
    seg_kb_add(e, t, smt_mk_eq(ctx, at, smt_mk_int_add2(ctx, l.head, smt_mk_int(ctx, l.next_off))));
  }
  seg_pt p = {at, next, ptr_bytes(e), false};
  VEC_PUSH(t->pt, p);
  /* the rest */
  smt_term rest = seg_fresh_nat(e, t);
  seg_kb_add(e, t, smt_mk_eq(ctx, rest, smt_mk_int_sub(ctx, l.len, one)));
  seg_list r = {next, l.end, rest, l.size, l.next_off};
  VEC_PUSH(t->ls, r);
  t->fo_cache = SMT_NULL;
  return t;
}
