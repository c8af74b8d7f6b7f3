/* prove.c: SCCs, linear abstraction, lexicographic ranking and the final
 * re-check against the original transitions (prove.h).
 *
 * Soundness argument for YES
 * --------------------------
 * Let a run start at the start location. It only visits reachable
 * locations. Collapse every SCC of the reachable location graph: the result
 * is a DAG, so the run passes through finitely many SCCs and, after some
 * point, stays in one SCC C forever, taking only transitions inside C. For
 * every such C we hold functions f^0 .. f^{m-1} (f^i_l affine in the
 * program variables, one per location l of C) and sets S_0 .. S_{m-1}
 * partitioning the inner transitions of C, and proved with smt_implies,
 * over Z and against the ORIGINAL relation
 *     R_k = guard_k /\ AND_{x constrained} x' = update_k(x)
 * (temporaries and unconstrained x' universally quantified in the validity
 * question, which is exactly the existential reading of the relation), that
 * for every i and every transition k in A_i = S_i u ... u S_{m-1}:
 *     R_k => f^i_from(x) - f^i_to(x') >= 0,
 * and for k in S_i moreover
 *     R_k => f^i_from(x) - f^i_to(x') >= 1  and  R_k => f^i_from(x) >= 0.
 * An infinite run inside C then takes transitions of S_0 only finitely
 * often (f^0 never increases on A_0 = all of C, drops by >= 1 on each S_0
 * step and is >= 0 before it), so a suffix stays in A_1; by induction a
 * suffix stays in A_m = {}: a contradiction. Hence every run is finite.
 * This argument uses only the re-check below (its_prove_recheck), done on the
 * original terms: the linear abstraction and the synthesis (Farkas, Z3)
 * merely propose candidates, and an error there can cost a YES but never
 * produce a wrong one. The re-check itself verifies the partition (every
 * inner transition strict in exactly one component, each component with a
 * non-empty strict set inside its active set).
 */
#include "prove.h"

#include <stdlib.h>
#include <string.h>

#include "../smt/smt.h"
#include "lin.h"
#include "rank_linear.h"
#include "abstract.h"

#define UNDEF UINT32_MAX

/* ---- SCCs of the reachable location graph ------------------------------ */

/* comp[l] = SCC id of location l, UNDEF when l is unreachable from start.
 * Returns the number of SCCs. Iterative Tarjan from the start location. */
static uint32_t compute_sccs(const its *s, uint32_t *comp) {
  uint32_t n = s->nlocs, nt = (uint32_t)s->trans.len;
  for (uint32_t l = 0; l < n; l++) comp[l] = UNDEF;
  if (s->start == ITS_NONE || s->start >= n) return 0;
  /* out-edges in CSR form */
  uint32_t *ostart = xcalloc((size_t)n + 1, sizeof *ostart);
  uint32_t *otrans = xmalloc((nt ? nt : 1) * sizeof *otrans);
  for (uint32_t k = 0; k < nt; k++) ostart[s->trans.data[k].from + 1]++;
  for (uint32_t l = 0; l < n; l++) ostart[l + 1] += ostart[l];
  uint32_t *fill = xmalloc(((size_t)n + 1) * sizeof *fill);
  memcpy(fill, ostart, ((size_t)n + 1) * sizeof *fill);
  for (uint32_t k = 0; k < nt; k++) otrans[fill[s->trans.data[k].from]++] = k;
  free(fill);

  uint32_t *index = xmalloc((n ? n : 1) * sizeof *index), *low = xmalloc((n ? n : 1) * sizeof *low);
  bool *onstack = xcalloc(n ? n : 1, sizeof *onstack);
  uint32_t *stk = xmalloc((n ? n : 1) * sizeof *stk), sp = 0;
  uint32_t *cv = xmalloc((n ? n : 1) * sizeof *cv), *cpos = xmalloc((n ? n : 1) * sizeof *cpos), csp = 0;
  for (uint32_t l = 0; l < n; l++) index[l] = UNDEF;
  uint32_t counter = 0, ncomp = 0;
  uint32_t r = s->start;
  index[r] = low[r] = counter++;
  stk[sp++] = r, onstack[r] = true;
  cv[csp] = r, cpos[csp] = ostart[r], csp++;
  while (csp > 0) {
    uint32_t v = cv[csp - 1];
    if (cpos[csp - 1] < ostart[v + 1]) {
      uint32_t w = s->trans.data[otrans[cpos[csp - 1]++]].to;
      if (index[w] == UNDEF) {
        index[w] = low[w] = counter++;
        stk[sp++] = w, onstack[w] = true;
        cv[csp] = w, cpos[csp] = ostart[w], csp++;
      } else if (onstack[w] && index[w] < low[v]) {
        low[v] = index[w];
      }
    } else {
      csp--;
      if (low[v] == index[v]) {
        uint32_t w;
        do {
          w = stk[--sp];
          onstack[w] = false;
          comp[w] = ncomp;
        } while (w != v);
        ncomp++;
      }
      if (csp > 0) {
        uint32_t u = cv[csp - 1];
        if (low[v] < low[u]) low[u] = low[v];
      }
    }
  }
  free(ostart), free(otrans), free(index), free(low), free(onstack), free(stk), free(cv), free(cpos);
  return ncomp;
}

/* ---- final re-check against the original transitions ---------------------- */

/* f_loc over the terms x (pre or post). */
static smt_term apply(smt_ctx *ctx, const rank_func *f, uint32_t loc, const smt_term *x) {
  smt_term r = smt_mk_int_mpz(ctx, rank_func_coef(f, loc, 0));
  for (uint32_t i = 0; i < f->nvars; i++) {
    mpz_ptr c = rank_func_coef(f, loc, i + 1);
    if (mpz_sgn(c)) r = smt_mk_int_add2(ctx, r, smt_mk_int_mul2(ctx, smt_mk_int_mpz(ctx, c), x[i]));
  }
  return r;
}

static smt_answer worse(smt_answer a, smt_answer b) {
  if (a == SMT_NO || b == SMT_NO) return SMT_NO;
  if (a == SMT_DONT_KNOW || b == SMT_DONT_KNOW) return SMT_DONT_KNOW;
  return SMT_YES;
}

/* its_prove_recheck (prove.h): the conditions at the top of this file. */
smt_answer its_prove_recheck(const its *s, const uint32_t *tidx, uint32_t nt, const uint32_t *lloc,
                              const rank_lex *lex) {
  smt_ctx *ctx = s->ctx;
  bool *active = xmalloc((nt ? nt : 1) * sizeof *active);
  for (uint32_t k = 0; k < nt; k++) active[k] = true;
  smt_answer ans = SMT_YES;
  smt_term zero = smt_mk_int(ctx, 0), one = smt_mk_int(ctx, 1);
  for (uint32_t c = 0; c < lex->ncomps && ans != SMT_NO; c++) {
    const rank_func *f = lex->comps[c];
    if (f->ntrans != nt || f->nvars != s->nvars) {
      ans = SMT_NO;
      break;
    }
    bool any = false;
    for (uint32_t k = 0; k < nt && ans != SMT_NO; k++) {
      if (!active[k]) {
        if (f->strict[k]) ans = SMT_NO; /* claims a transition already removed */
        continue;
      }
      const its_trans *tr = &s->trans.data[tidx[k]];
      if (lloc[tr->from] >= f->nlocs || lloc[tr->to] >= f->nlocs) {
        ans = SMT_NO;
        break;
      }
      /* the ORIGINAL relation: guard and the constrained updates */
      smt_term rel = tr->guard;
      for (uint32_t i = 0; i < s->nvars; i++)
        if (tr->update[i] != SMT_NULL) rel = smt_mk_and2(ctx, rel, smt_mk_eq(ctx, s->post[i], tr->update[i]));
      smt_term fl = apply(ctx, f, lloc[tr->from], s->pre), fl2 = apply(ctx, f, lloc[tr->to], s->post);
      smt_term diff = smt_mk_int_sub(ctx, fl, fl2);
      if (f->strict[k]) {
        any = true;
        ans = worse(ans, smt_implies(ctx, rel, smt_mk_int_ge(ctx, diff, one)));
        if (ans != SMT_NO) ans = worse(ans, smt_implies(ctx, rel, smt_mk_int_ge(ctx, fl, zero)));
      } else {
        ans = worse(ans, smt_implies(ctx, rel, smt_mk_int_ge(ctx, diff, zero)));
      }
    }
    if (!any) ans = SMT_NO; /* no progress: not a valid component */
    for (uint32_t k = 0; k < nt; k++)
      if (f->strict[k]) active[k] = false;
  }
  for (uint32_t k = 0; k < nt; k++)
    if (active[k]) ans = SMT_NO; /* some transition never ranked */
  free(active);
  return ans;
}

/* ---- printing ---------------------------------------------------------------- */

static void print_func(strbuf *out, const its *s, const uint32_t *locs, const rank_func *f) {
  for (uint32_t l = 0; l < f->nlocs; l++) {
    strbuf_printf(out, "%s%s:", l ? "; " : "", s->loc_names[locs[l]]);
    bool first = true;
    for (uint32_t i = 1; i <= f->nvars; i++) {
      mpz_ptr c = rank_func_coef(f, l, i);
      int sg = mpz_sgn(c);
      if (!sg) continue;
      strbuf_printf(out, "%s", sg < 0 ? (first ? " -" : " - ") : (first ? " " : " + "));
      first = false;
      if (mpz_cmpabs_ui(c, 1) != 0) {
        char *str = mpz_get_str(NULL, 10, c);
        strbuf_printf(out, "%s*", str + (sg < 0));
        free(str);
      }
      strbuf_printf(out, "%s", s->var_names[i - 1]);
    }
    mpz_ptr c0 = rank_func_coef(f, l, 0);
    int sg = mpz_sgn(c0);
    if (first || sg) {
      char *str = mpz_get_str(NULL, 10, c0);
      if (first)
        strbuf_printf(out, " %s", str);
      else
        strbuf_printf(out, " %s %s", sg > 0 ? "+" : "-", str + (sg < 0));
      free(str);
    }
  }
}

static void print_locs(strbuf *out, const its *s, const uint32_t *locs, uint32_t n) {
  strbuf_printf(out, "{");
  for (uint32_t l = 0; l < n; l++) strbuf_printf(out, "%s%s", l ? ", " : "", s->loc_names[locs[l]]);
  strbuf_printf(out, "}");
}

/* ---- the prover ---------------------------------------------------------------- */

its_prove_answer its_prove(its *s, unsigned timeout_ms, strbuf *out) {
  smt_ctx *ctx = s->ctx;
  uint32_t nl = s->nlocs, nt = (uint32_t)s->trans.len;
  uint32_t *comp = xmalloc((nl ? nl : 1) * sizeof *comp);
  uint32_t ncomp = compute_sccs(s, comp);
  uint32_t *lloc = xmalloc((nl ? nl : 1) * sizeof *lloc); /* local index of a location in its SCC */
  uint32_t *locs = xmalloc((nl ? nl : 1) * sizeof *locs);
  uint32_t *tidx = xmalloc((nt ? nt : 1) * sizeof *tidx);
  const char **lnames = xmalloc((nl ? nl : 1) * sizeof *lnames);
  strbuf proof = {0};
  strbuf reason = {0};
  its_prove_answer answer = ITS_PROVE_YES;
  uint32_t ranked = 0;
  smt_set_timeout(ctx, timeout_ms);
  if (s->start == ITS_NONE || s->start >= nl) {
    answer = ITS_PROVE_MAYBE;
    strbuf_printf(&reason, "no start location");
    ncomp = 0;
  }

  for (uint32_t c = 0; c < ncomp && answer == ITS_PROVE_YES; c++) {
    uint32_t nloc = 0, ntr = 0;
    for (uint32_t l = 0; l < nl; l++)
      if (comp[l] == c) lloc[l] = nloc, locs[nloc] = l, lnames[nloc] = s->loc_names[l], nloc++;
    for (uint32_t k = 0; k < nt; k++) {
      const its_trans *tr = &s->trans.data[k];
      if (comp[tr->from] == c && comp[tr->to] == c) tidx[ntr++] = k;
    }
    if (ntr == 0) continue; /* a single location without a self-loop */
    ranked++;
    lin_scc *scc = lin_scc_new(s->nvars, (const char *const *)s->var_names, nloc, lnames);
    its_abs_stats st = {0, 0};
    for (uint32_t k = 0; k < ntr; k++) {
      const its_trans *tr = &s->trans.data[tidx[k]];
      its_abstract_trans(s, tidx[k], scc, lloc[tr->from], lloc[tr->to], &st);
    }
    rank_lex *lex = NULL;
    rank_status rs = rank_lexicographic(ctx, scc, timeout_ms, &lex, NULL);
    if (rs != RANK_FOUND) {
      answer = ITS_PROVE_MAYBE;
      strbuf_printf(&reason, "SCC ");
      print_locs(&reason, s, locs, nloc);
      strbuf_printf(&reason, ": %s", rs == RANK_UNKNOWN ? "solver gave up" : "no linear lexicographic ranking function found");
      if (st.dropped_conjuncts || st.free_updates)
        strbuf_printf(&reason, " (abstraction dropped %u guard conjunct(s), %u non-linear update(s))",
                      st.dropped_conjuncts, st.free_updates);
    } else {
      smt_answer ra = its_prove_recheck(s, tidx, ntr, lloc, lex);
      if (ra != SMT_YES) {
        answer = ITS_PROVE_MAYBE;
        strbuf_printf(&reason, "SCC ");
        print_locs(&reason, s, locs, nloc);
        strbuf_printf(&reason, ": the ranking function %s the re-check against the original transitions",
                      ra == SMT_NO ? "failed" : "could not be confirmed by");
      } else {
        strbuf_printf(&proof, "SCC ");
        print_locs(&proof, s, locs, nloc);
        strbuf_printf(&proof, " with %u transition(s)", ntr);
        if (st.dropped_conjuncts || st.free_updates)
          strbuf_printf(&proof, "; abstraction dropped %u guard conjunct(s), %u non-linear update(s)",
                        st.dropped_conjuncts, st.free_updates);
        strbuf_printf(&proof, "\n  lexicographic ranking function:\n");
        for (uint32_t i = 0; i < lex->ncomps; i++) {
          const rank_func *f = lex->comps[i];
          strbuf_printf(&proof, "  [%u] ", i);
          print_func(&proof, s, locs, f);
          strbuf_printf(&proof, "\n      strict:");
          for (uint32_t k = 0; k < ntr; k++)
            if (f->strict[k]) {
              const its_trans *tr = &s->trans.data[tidx[k]];
              strbuf_printf(&proof, " t%u (%s -> %s)", tidx[k], s->loc_names[tr->from], s->loc_names[tr->to]);
            }
          strbuf_printf(&proof, "\n");
        }
        strbuf_printf(&proof, "  re-checked against the original transitions\n");
      }
    }
    rank_lex_free(lex);
    lin_scc_free(scc);
  }

  if (answer == ITS_PROVE_YES) {
    strbuf_printf(out, "YES\n");
    const char *st = s->loc_names[s->start];
    if (ranked == 0)
      strbuf_printf(out, "proof: no cycle of the location graph is reachable from %s\n", st);
    else
      strbuf_printf(out, "proof: only the part reachable from %s matters; transitions between SCCs are taken at most "
                         "once; %u SCC(s) with inner transitions, each ranked lexicographically:\n",
                    st, ranked);
    if (proof.data) strbuf_printf(out, "%s", proof.data);
  } else {
    strbuf_printf(out, "MAYBE\nreason: %s\n", reason.data ? reason.data : "unknown");
  }
  strbuf_free(&proof);
  strbuf_free(&reason);
  free(comp), free(lloc), free(locs), free(tidx), free(lnames);
  return answer;
}
