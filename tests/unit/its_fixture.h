/* its_fixture: small systems written in KoAT or ARI, and termination
 * problems (problem.h) made from them, shared by the unit tests of the ITS
 * back end. Header-only, for tests. */
#ifndef BITPROVE_TESTS_ITS_FIXTURE_H
#define BITPROVE_TESTS_ITS_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include "its/abstract.h"
#include "its/its.h"
#include "its/problem.h"
#include "its/rank_linear.h"
#include "smt/smt.h"
#include "test_util.h"

/* A system written in KoAT (NULL, with a failed check, when it does not
 * parse). */
static inline its *koat(smt_ctx *c, const char *text) {
  char err[256];
  its *s = its_parse_koat(c, text, err, sizeof err);
  CHECK_MSG(s != NULL, "%s", err);
  return s;
}

/* A system (KoAT, or ARI when the text starts with "(format") and the
 * problem made of the transitions between the locations named in scc (a
 * space-separated list). */
typedef struct {
  its *s;
  its_problem p;
  uint32_t *tidx, *locs, *lloc;
} fixture;

static inline bool in_list(const char *list, const char *name) {
  size_t len = strlen(name);
  for (const char *at = strstr(list, name); at; at = strstr(at + 1, name))
    if ((at == list || at[-1] == ' ') && (at[len] == ' ' || at[len] == 0)) return true;
  return false;
}

static inline bool fixture_init(fixture *fx, smt_ctx *ctx, const char *text, const char *scc) {
  char err[256] = "";
  memset(fx, 0, sizeof *fx);
  fx->s = strncmp(text, "(format", 7) == 0 ? its_parse_ari(ctx, text, err, sizeof err)
                                           : its_parse_koat(ctx, text, err, sizeof err);
  CHECK_MSG(fx->s != NULL, "parse: %s", err);
  if (!fx->s) return false;
  its *s = fx->s;
  fx->lloc = xmalloc(s->nlocs * sizeof *fx->lloc);
  fx->locs = xmalloc(s->nlocs * sizeof *fx->locs);
  fx->tidx = xmalloc((s->trans.len ? s->trans.len : 1) * sizeof *fx->tidx);
  uint32_t nloc = 0, nt = 0;
  for (uint32_t l = 0; l < s->nlocs; l++) {
    fx->lloc[l] = UINT32_MAX;
    if (in_list(scc, s->loc_names[l])) fx->lloc[l] = nloc, fx->locs[nloc++] = l;
  }
  for (uint32_t k = 0; k < s->trans.len; k++) {
    const its_trans *tr = &s->trans.data[k];
    if (fx->lloc[tr->from] != UINT32_MAX && fx->lloc[tr->to] != UINT32_MAX) fx->tidx[nt++] = k;
  }
  fx->p = (its_problem){s, nt, fx->tidx, nloc, fx->locs, fx->lloc, {0, 10000}};
  return true;
}

static inline void fixture_free(fixture *fx) {
  its_free(fx->s);
  free(fx->tidx), free(fx->locs), free(fx->lloc);
}

/* Linear lexicographic ranking over the abstraction, as the prover tries
 * first. */
static inline rank_status lexicographic(const its_problem *p) {
  lin_scc *scc = its_abstract_problem(p, NULL);
  rank_lex *lx = NULL;
  rank_status st = rank_lexicographic(p->s->ctx, scc, p->budget, &lx, NULL);
  rank_lex_free(lx);
  lin_scc_free(scc);
  return st;
}

#endif
