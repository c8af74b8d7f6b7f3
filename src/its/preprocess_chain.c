/* preprocess_chain.c: location elimination by chaining (preprocess.h,
 * step 4).
 *
 * Seed 001 (Falke, Kapur, Sinz), Sect. 3.3: "3. Combining rewrite rules
 * that may be applied following each other into new rewrite rules. This
 * corresponds to combining transitions that may be applied successively in
 * the transition system."
 *
 * Why it is exact. Let l be a location other than the start, without a
 * self-loop and with outgoing transitions. In any run, a step into l that
 * is not the last step is followed by a step out of l to some l' != l, so
 * replacing every pair (in, out) by one transition whose relation is the
 * composition in;out maps the infinite runs of the old system onto those of
 * the new one (an infinite run never ends in l) and back (every composed
 * step expands into the two original steps). The start is never eliminated:
 * a run may begin there. A sink (no outgoing transition) is kept: only
 * finite runs end there.
 *
 * Composition of t1 = (exists T1. g1 /\ x' = u1) and t2 = (exists T2. g2 /\
 * x' = u2): the temporaries of both are renamed to fresh ones (they are
 * local to each transition and may share names), every unconstrained
 * update of t1 becomes a fresh temporary F_i (the intermediate value x_i is
 * any integer, and t2 may read it), and with sigma = [x := u1 or F]:
 *     guard  g1 /\ sigma(g2),      update  sigma(u2)   (NULL stays NULL).
 * This is exists T1 T2 F. g1 /\ g2[x := mid] /\ x' = u2[x := mid] with the
 * middle state mid = u1 (F where unconstrained), i.e. exactly the relational
 * composition.
 *
 * Growth is bounded: a location is eliminated only when in*out <= in + out
 * + CHAIN_SLACK, the system stays below p->max_trans transitions, and the
 * composed terms stay below CHAIN_MAX_TERM nodes each; compositions whose
 * guard is UNSAT are dropped (they allow no step).
 */
#include <stdlib.h>
#include <string.h>

#include "../smt/smt.h"
#include "preprocess_internal.h"
#include "transform.h"

#define CHAIN_SLACK 2
#define CHAIN_MAX_TERM 2000

/* The composition t1;t2 (see the top of the file, transform.h) in *guard
 * and upd; false when a composed term exceeds CHAIN_MAX_TERM nodes. */
static bool compose(smt_ctx *ctx, const its *s, const its_trans *t1, const its_trans *t2, smt_term *guard,
                    smt_term *upd) {
  its_compose(s, t1, t2, "pp.t", guard, upd);
  bool ok = pp_term_size(ctx, *guard, CHAIN_MAX_TERM) <= CHAIN_MAX_TERM;
  for (uint32_t i = 0; i < s->nvars && ok; i++)
    if (upd[i] != SMT_NULL) ok = pp_term_size(ctx, upd[i], CHAIN_MAX_TERM) <= CHAIN_MAX_TERM;
  return ok;
}

/* Eliminates location l from s into a new its; NULL when a composed term is
 * too large (l is then left alone). *dropped counts UNSAT compositions. */
static its *eliminate(pp_state *p, const its *s, uint32_t l, uint32_t *dropped) {
  smt_ctx *ctx = p->ctx;
  uint32_t n = s->nvars;
  its *r = pp_shell(s);
  smt_term *upd = xmalloc((n ? n : 1) * sizeof *upd);
  bool ok = true;
  for (size_t a = 0; a < s->trans.len && ok; a++) {
    const its_trans *t1 = &s->trans.data[a];
    if (t1->to != l) continue;
    for (size_t b = 0; b < s->trans.len && ok; b++) {
      const its_trans *t2 = &s->trans.data[b];
      if (t2->from != l) continue;
      smt_term g;
      ok = compose(ctx, s, t1, t2, &g, upd);
      if (!ok) break;
      if (smt_is_sat(ctx, p->budget, g) == SMT_UNSAT) {
        (*dropped)++;
        continue;
      }
      its_add_trans(r, t1->from, t2->to, g, upd);
    }
  }
  free(upd);
  if (!ok) {
    its_free(r);
    return NULL;
  }
  for (size_t k = 0; k < s->trans.len; k++) {
    const its_trans *t = &s->trans.data[k];
    if (t->from != l && t->to != l) pp_copy_trans(r, t);
  }
  return r;
}

its *pp_chain(pp_state *p, const its *s) {
  uint32_t nl = s->nlocs;
  size_t before = s->trans.len;
  uint32_t *in = xmalloc((nl ? nl : 1) * sizeof *in), *out = xmalloc((nl ? nl : 1) * sizeof *out);
  bool *loop = xmalloc((nl ? nl : 1) * sizeof *loop);
  bool *blocked = xcalloc(nl ? nl : 1, sizeof *blocked); /* composed terms too large */
  its *cur = pp_shell(s);
  for (size_t k = 0; k < s->trans.len; k++) pp_copy_trans(cur, &s->trans.data[k]);
  uint32_t eliminated = 0, dropped = 0;
  for (;;) {
    memset(in, 0, nl * sizeof *in);
    memset(out, 0, nl * sizeof *out);
    memset(loop, 0, nl * sizeof *loop);
    for (size_t k = 0; k < cur->trans.len; k++) {
      const its_trans *t = &cur->trans.data[k];
      in[t->to]++, out[t->from]++;
      if (t->from == t->to) loop[t->from] = true;
    }
    /* the eligible location with the smallest growth */
    uint32_t best = ITS_NONE;
    long best_growth = 0;
    for (uint32_t l = 0; l < nl; l++) {
      if (l == s->start || loop[l] || blocked[l] || in[l] == 0 || out[l] == 0) continue;
      long prod = (long)in[l] * out[l], growth = prod - in[l] - out[l];
      if (growth > CHAIN_SLACK || (long)cur->trans.len + growth > (long)p->max_trans) continue;
      if (best == ITS_NONE || growth < best_growth) best = l, best_growth = growth;
    }
    if (best == ITS_NONE || budget_expired(p->budget)) break; /* each elimination is exact: stopping is too */
    its *next = eliminate(p, cur, best, &dropped);
    if (!next) {
      blocked[best] = true;
      continue;
    }
    its_free(cur);
    cur = next;
    eliminated++;
  }
  p->st->chained_locs += eliminated;
  p->st->unsat_removed += dropped;
  if (p->log && eliminated)
    strbuf_printf(p->log, "chaining: eliminated %u location(s), %zu -> %zu transition(s)\n", eliminated, before,
                  cur->trans.len);
  free(in), free(out), free(loop), free(blocked);
  return cur;
}
