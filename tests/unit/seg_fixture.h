/* seg_fixture: what the unit tests of the symbolic execution graph ask of
 * a built graph. Header-only, for tests. */
#ifndef BITPROVE_TESTS_SEG_FIXTURE_H
#define BITPROVE_TESTS_SEG_FIXTURE_H

#include "its/prove.h"
#include "seg/seg.h"
#include "util/util.h"

/* The ITS back end's answer for the graph's ITS (seed 002 Def. 6), with
 * 5000 queries; MAYBE when the graph has no ITS (incomplete). */
static inline its_prove_answer seg_its_answer(seg_graph *g) {
  char err[256];
  its *t = seg_to_its(g, budget_unlimited(), err, sizeof err);
  if (!t) return ITS_PROVE_MAYBE;
  strbuf out = {0};
  its_prove_answer a = its_prove(t, budget_queries(budget_unlimited(), 5000), &out);
  strbuf_free(&out);
  its_free(t);
  return a;
}

#endif
