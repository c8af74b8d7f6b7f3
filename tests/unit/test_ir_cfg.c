/* Unit tests of the shared CFG analyses (src/ir/cfg.h) and the U/S
 * representation vote (src/ir/repr.h): small C programs through the front
 * end, plus hand-made graphs for what C text cannot force. With
 * BITPROVE_TEST_PRINT set, the modules are printed. */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>

#include "c_fixture.h"
#include "ir/cfg.h"
#include "ir/repr.h"
#include "test_util.h"

static ir_module *load(const char *text) {
  ir_module *m = load_c_text(text, 64);
  CHECK(m != NULL);
  if (m && getenv("BITPROVE_TEST_PRINT")) ir_print_module(m, stdout);
  return m;
}

static const ir_func *func(const ir_module *m, const char *name) {
  uint32_t fi = ir_func_find(m, name);
  CHECK(fi != IR_NONE);
  return fi == IR_NONE ? NULL : &m->funcs.data[fi];
}

/* The k-th (from 0) instruction with opcode op (and predicate pred for
 * icmp, unless pred < 0), IR_NONE if there is none. */
static uint32_t nth_inst(const ir_func *f, uint8_t op, int pred, unsigned k) {
  for (uint32_t i = 0; i < f->ninsts; i++)
    if (f->insts[i].op == op && (pred < 0 || f->insts[i].pred == pred) && k-- == 0) return i;
  return IR_NONE;
}

/* ---- seg's notion of liveness (every operand a use), slots: params, insts ---- */

static uint32_t slot_of(const ir_func *f, ir_value v) {
  if (v.kind == IR_VAL_INST) return f->nparams + v.id;
  if (v.kind == IR_VAL_ARG) return v.id;
  return IR_NONE;
}
static uint32_t all_def(void *arg, uint32_t inst) { return ((const ir_func *)arg)->nparams + inst; }
static void all_uses(void *arg, uint32_t inst, uint64_t *live) {
  const ir_func *f = arg;
  for (uint32_t k = 0; k < f->insts[inst].nops; k++) {
    uint32_t s = slot_of(f, f->insts[inst].ops[k]);
    if (s != IR_NONE) ir_bits_set(live, s);
  }
}
static void all_phi_uses(void *arg, uint32_t inst, uint32_t k, uint64_t *live) {
  const ir_func *f = arg;
  uint32_t s = slot_of(f, f->insts[inst].ops[k]);
  if (s != IR_NONE) ir_bits_set(live, s);
}

/* Repr of main's values under the given rules (slots as above). */
static bool *reprs(const ir_func *f, const ir_repr_rules *rules) {
  uint32_t n = f->nparams + f->ninsts;
  ir_repr r;
  ir_repr_init(&r, n);
  ir_repr_scan_func(&r, f, (ir_repr_map){f->nparams, 0}, rules);
  ir_repr_finish(&r);
  bool *sg = xcalloc(n + 1, 1);
  for (uint32_t i = 0; i < n; i++) sg[i] = ir_repr_signed(&r, i);
  ir_repr_free(&r);
  return sg;
}

static const char *loops_text =
    "extern unsigned __VERIFIER_nondet_uint(void);\n"
    "extern int __VERIFIER_nondet_int(void);\n"
    "int main(void) {\n"
    "  unsigned n = __VERIFIER_nondet_uint();\n"
    "  int x = __VERIFIER_nondet_int();\n"
    "  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();\n"
    "  unsigned i = 0;\n"
    "  while (i < n) i++;\n"                      /* unsigned counter */
    "  while (x > 0) x--;\n"                      /* signed comparison */
    "  while (__VERIFIER_nondet_int()) { int t = a; a = b; b = t; }\n" /* phis reading each other */
    "  return a;\n"
    "}\n";

static void test_cfg_loops(void) {
  ir_module *m = load(loops_text);
  if (!m) return;
  const ir_func *f = func(m, "main");
  if (!f) goto out;
  /* every block: first non-phi is past exactly the leading phis */
  uint32_t nphis = 0, headers_with_phis = 0;
  bool *hdr = xcalloc(f->nblocks, 1);
  ir_loop_headers(f, hdr);
  CHECK(!hdr[0]);
  uint32_t nhdr = 0;
  for (uint32_t b = 0; b < f->nblocks; b++) {
    uint32_t fnp = ir_first_non_phi(f, b);
    const ir_block *bl = &f->blocks[b];
    CHECK(fnp >= bl->first && fnp < bl->first + bl->count);
    for (uint32_t i = bl->first; i < fnp; i++) CHECK(f->insts[i].op == IR_PHI);
    CHECK(f->insts[fnp].op != IR_PHI);
    nphis += fnp - bl->first;
    nhdr += hdr[b];
    if (hdr[b]) {
      headers_with_phis += fnp > bl->first;
      /* a header has a predecessor that is not earlier in the DFS: here, a later block */
      CHECK(ir_block_terminator(f, b) != NULL);
    }
  }
  CHECK_MSG(nhdr == 3, "%u loop headers", nhdr);
  CHECK(headers_with_phis == 3);
  CHECK(nphis >= 4); /* i, x, a, b */

  /* predecessors agree with successors, edge by edge */
  graph cfg, preds;
  ir_cfg_graph(f, &cfg);
  graph_reverse(&cfg, &preds);
  uint32_t edges = 0;
  for (uint32_t b = 0; b < f->nblocks; b++) {
    uint32_t n;
    const uint32_t *s = ir_block_succs(f, b, &n);
    edges += n;
    for (uint32_t k = 0; k < n; k++) {
      bool found = false;
      for (uint32_t q = preds.start[s[k]]; q < preds.start[s[k] + 1]; q++) found |= preds.dst[q] == b;
      CHECK(found);
    }
  }
  CHECK(cfg.m == edges && preds.m == edges);
  /* a header has two predecessors: the entry side and the back edge */
  for (uint32_t b = 0; b < f->nblocks; b++)
    if (hdr[b]) CHECK(graph_out_degree(&preds, b) == 2);
  graph_free(&cfg);
  graph_free(&preds);

  /* liveness: n (the call result) is live at the first loop's header, not
   * at the last header; the swapped phis are both live at the end of the
   * swap loop's latch (parallel phis). */
  uint32_t nslots = f->nparams + f->ninsts;
  ir_live_fns fns = {all_def, all_uses, all_phi_uses, (void *)f};
  ir_live l;
  ir_live_init(&l, f, nslots, 0, &fns);
  uint32_t call_n = nth_inst(f, IR_CALL, -1, 0), ult = nth_inst(f, IR_ICMP, IR_ULT, 0);
  CHECK(call_n != IR_NONE && ult != IR_NONE);
  uint32_t hdr_i = f->insts[ult].block, last_hdr = IR_NONE;
  for (uint32_t b = 0; b < f->nblocks; b++)
    if (hdr[b]) last_hdr = b;
  if (call_n != IR_NONE && ult != IR_NONE && last_hdr != IR_NONE) {
    CHECK(ir_bits_get(ir_live_in(&l, hdr_i), f->nparams + call_n));
    CHECK(!ir_bits_get(ir_live_in(&l, last_hdr), f->nparams + call_n));
    /* before the comparison both of its operands are live */
    uint64_t *lv = xcalloc(l.words + 1, sizeof *lv);
    ir_live_before(&l, f, hdr_i, ult, &fns, lv);
    for (uint32_t k = 0; k < 2; k++) {
      uint32_t s = slot_of(f, f->insts[ult].ops[k]);
      if (s != IR_NONE) CHECK(ir_bits_get(lv, s));
    }
    CHECK(!ir_bits_get(lv, f->nparams + ult)); /* defined there */
    free(lv);
    /* the swap loop: its header has two phis each reading the other on the back edge */
    uint32_t fnp = ir_first_non_phi(f, last_hdr), first = f->blocks[last_hdr].first;
    uint32_t swapped = 0;
    for (uint32_t i = first; i < fnp; i++) {
      const ir_inst *phi = &f->insts[i];
      for (uint32_t k = 0; k < phi->nops; k++) {
        ir_value v = phi->ops[k];
        if (v.kind != IR_VAL_INST || v.id < first || v.id >= fnp || v.id == i) continue;
        swapped++;
        CHECK_MSG(ir_bits_get(ir_live_out(&l, phi->targets[k]), f->nparams + v.id),
                  "phi %u read by phi %u not live at the end of block %u", v.id, i, phi->targets[k]);
      }
    }
    CHECK_MSG(swapped == 2, "%u phis read a sibling phi", swapped);
  }
  ir_live_free(&l);

  /* the vote: i (phi, compared ult, add without nsw) unsigned in both rule
   * sets; x (compared sgt, sub nsw) signed in both */
  const ir_repr_rules *rules[2] = {&IR_REPR_RULES_SEG, &IR_REPR_RULES_DIRECT};
  uint32_t sgt = nth_inst(f, IR_ICMP, IR_SGT, 0);
  CHECK(sgt != IR_NONE);
  for (int k = 0; k < 2 && sgt != IR_NONE && ult != IR_NONE; k++) {
    bool *sg = reprs(f, rules[k]);
    for (uint32_t o = 0; o < 2; o++) {
      uint32_t su = slot_of(f, f->insts[ult].ops[o]), ss = slot_of(f, f->insts[sgt].ops[o]);
      if (su != IR_NONE) CHECK_MSG(!sg[su], "rules %d: operand %u of ult signed", k, o);
      if (ss != IR_NONE) CHECK_MSG(sg[ss], "rules %d: operand %u of sgt unsigned", k, o);
    }
    CHECK(!sg[f->nparams + call_n]); /* n, compared ult */
    free(sg);
  }
  free(hdr);
out:
  ir_module_free(m);
}

/* A value reaches an unsigned division only through a phi: the phi's
 * class carries the vote back to the value. */
static void test_repr_through_phi(void) {
  ir_module *m = load("extern unsigned __VERIFIER_nondet_uint(void);\n"
                      "extern int __VERIFIER_nondet_int(void);\n"
                      "int main(void) {\n"
                      "  unsigned a = __VERIFIER_nondet_uint(), v;\n"
                      "  if (__VERIFIER_nondet_int()) v = a; else v = 7u;\n"
                      "  return (int)(v / 3u);\n"
                      "}\n");
  if (!m) return;
  const ir_func *f = func(m, "main");
  uint32_t a = f ? nth_inst(f, IR_CALL, -1, 0) : IR_NONE, phi = f ? nth_inst(f, IR_PHI, -1, 0) : IR_NONE;
  CHECK(a != IR_NONE && phi != IR_NONE);
  if (a != IR_NONE && phi != IR_NONE) {
    const ir_repr_rules *rules[2] = {&IR_REPR_RULES_SEG, &IR_REPR_RULES_DIRECT};
    for (int k = 0; k < 2; k++) {
      bool *sg = reprs(f, rules[k]);
      CHECK_MSG(!sg[f->nparams + phi] && !sg[f->nparams + a], "rules %d", k);
      free(sg);
    }
    /* without the phi's join the call result has no vote: signed (ties) */
    ir_repr r;
    ir_repr_init(&r, f->nparams + f->ninsts);
    ir_repr_finish(&r);
    CHECK(ir_repr_signed(&r, f->nparams + a));
    ir_repr_free(&r);
  }
  ir_module_free(m);
}

/* The rule sets differ where documented: the amount of a logical shift
 * right votes unsigned only in the direct translation's rules. */
static void test_repr_rule_sets(void) {
  ir_module *m = load("extern unsigned __VERIFIER_nondet_uint(void);\n"
                      "extern int __VERIFIER_nondet_int(void);\n"
                      "int main(void) {\n"
                      "  unsigned x = __VERIFIER_nondet_uint();\n"
                      "  int k = __VERIFIER_nondet_int();\n"
                      "  return (int)(x >> k);\n"
                      "}\n");
  if (!m) return;
  const ir_func *f = func(m, "main");
  uint32_t sh = f ? nth_inst(f, IR_LSHR, -1, 0) : IR_NONE;
  CHECK(sh != IR_NONE);
  if (sh != IR_NONE) {
    uint32_t amount = slot_of(f, f->insts[sh].ops[1]), x = slot_of(f, f->insts[sh].ops[0]);
    CHECK(amount != IR_NONE && x != IR_NONE);
    bool *seg = reprs(f, &IR_REPR_RULES_SEG), *dir = reprs(f, &IR_REPR_RULES_DIRECT);
    if (amount != IR_NONE) CHECK(seg[amount] && !dir[amount]);
    if (x != IR_NONE) CHECK(!seg[x] && !dir[x]);
    free(seg);
    free(dir);
  }
  ir_module_free(m);
}

/* Union-find with votes: balances add up per class, ties are signed. */
static void test_repr_core(void) {
  ir_repr r;
  ir_repr_init(&r, 6);
  ir_repr_join(&r, 0, 1);
  ir_repr_join(&r, 2, 1);
  ir_repr_join(&r, 3, 4);
  ir_repr_vote(&r, 0, 2);
  ir_repr_vote(&r, 2, -1);
  ir_repr_vote(&r, 3, 1);
  ir_repr_vote(&r, 4, -1);
  ir_repr_vote(&r, 5, -3);
  ir_repr_finish(&r);
  CHECK(ir_repr_find(&r, 2) == ir_repr_find(&r, 0));
  CHECK(ir_repr_find(&r, 3) != ir_repr_find(&r, 0));
  CHECK(!ir_repr_signed(&r, 1)); /* 2 - 1 > 0 */
  CHECK(ir_repr_signed(&r, 4));  /* tie */
  CHECK(ir_repr_signed(&r, 5));
  /* unanimity: {0,1,2} and {3,4} had votes of both kinds, 5 only signed */
  CHECK(ir_repr_unanimous(&r, 1) == 0);
  CHECK(ir_repr_unanimous(&r, 3) == 0);
  CHECK(ir_repr_unanimous(&r, 5) == -1);
  ir_repr_free(&r);
  ir_repr_init(&r, 3);
  ir_repr_join(&r, 0, 1);
  ir_repr_vote(&r, 1, 2);
  ir_repr_finish(&r);
  CHECK(ir_repr_unanimous(&r, 0) == 1); /* only unsigned votes, through the join */
  CHECK(ir_repr_unanimous(&r, 2) == 0); /* no votes */
  ir_repr_free(&r);
}

/* A hand-made CFG: 0 -> 1 -> 2 -> 1, 2 -> 3, 3 -> 3, and an unreachable
 * block 4 -> 4: headers 1 and 3; 4 is not reached by the DFS; join blocks
 * (ir_join_blocks) 1 and 3. A long chain
 * checks that the DFS does not recurse. */
static void test_loop_headers_graph(void) {
  enum { NB = 5 };
  static uint32_t t0[] = {1}, t1[] = {2}, t2[] = {1, 3}, t3[] = {3}, t4[] = {4};
  uint32_t *tg[NB] = {t0, t1, t2, t3, t4};
  uint32_t nt[NB] = {1, 1, 2, 1, 1};
  ir_inst insts[NB];
  ir_block blocks[NB];
  memset(insts, 0, sizeof insts);
  for (uint32_t b = 0; b < NB; b++) {
    insts[b].op = nt[b] == 2 ? IR_CONDBR : IR_BR;
    insts[b].block = b;
    insts[b].ntargets = nt[b];
    insts[b].targets = tg[b];
    blocks[b] = (ir_block){b, 1, NULL};
  }
  ir_func f;
  memset(&f, 0, sizeof f);
  f.nblocks = NB, f.blocks = blocks, f.ninsts = NB, f.insts = insts;
  bool hdr[NB];
  ir_loop_headers(&f, hdr);
  CHECK(!hdr[0] && hdr[1] && !hdr[2] && hdr[3] && !hdr[4]);
  /* join blocks: 1 (from 0 and 2) and 3 (from 2 and itself) */
  bool join[NB];
  ir_join_blocks(&f, join);
  CHECK(!join[0] && join[1] && !join[2] && join[3] && !join[4]);
  /* a condbr with both targets equal is one predecessor */
  static uint32_t both[] = {1, 1};
  insts[0].op = IR_CONDBR, insts[0].ntargets = 2, insts[0].targets = both;
  f.nblocks = 2;
  ir_join_blocks(&f, join);
  CHECK(!join[0] && !join[1]);
  f.nblocks = NB;

  uint32_t n = 200000; /* a chain 0 -> 1 -> ... -> n-1 -> 0 */
  ir_inst *ci = xcalloc(n, sizeof *ci);
  ir_block *cb = xcalloc(n, sizeof *cb);
  uint32_t *targets = xmalloc(n * sizeof *targets);
  for (uint32_t b = 0; b < n; b++) {
    targets[b] = (b + 1) % n;
    ci[b].op = IR_BR, ci[b].block = b, ci[b].ntargets = 1, ci[b].targets = &targets[b];
    cb[b] = (ir_block){b, 1, NULL};
  }
  ir_func g;
  memset(&g, 0, sizeof g);
  g.nblocks = n, g.blocks = cb, g.ninsts = n, g.insts = ci;
  bool *h = xcalloc(n, 1);
  ir_loop_headers(&g, h);
  uint32_t cnt = 0;
  for (uint32_t b = 0; b < n; b++) cnt += h[b];
  CHECK(h[0] && cnt == 1);
  free(h);
  free(ci);
  free(cb);
  free(targets);
}

/* ir_recursive_funcs: self-recursion and mutual recursion count, a
 * function that only calls a recursive one does not. */
static void test_recursive_funcs(void) {
  ir_module *m = load("int odd(int n);\n"
                      "int even(int n) { return n == 0 ? 1 : odd(n - 1); }\n"
                      "int odd(int n) { return n == 0 ? 0 : even(n - 1); }\n"
                      "int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }\n"
                      "int twice(int n) { return fact(n) + fact(n); }\n"
                      "int main(void) { return even(4) + twice(3); }\n");
  if (!m) return;
  bool *rec = calloc(m->funcs.len, sizeof *rec);
  ir_recursive_funcs(m, rec);
  CHECK(rec[ir_func_find(m, "even")] && rec[ir_func_find(m, "odd")] && rec[ir_func_find(m, "fact")]);
  CHECK(!rec[ir_func_find(m, "twice")] && !rec[ir_func_find(m, "main")]);
  free(rec);
  ir_module_free(m);
}

int main(void) {
  test_recursive_funcs();
  test_repr_core();
  test_loop_headers_graph();
  test_cfg_loops();
  test_repr_through_phi();
  test_repr_rule_sets();
  return TEST_SUMMARY();
}
