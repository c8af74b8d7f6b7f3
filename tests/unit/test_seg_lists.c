/* Unit tests of list segments in the symbolic execution graph (src/seg,
 * lists.c, and their use in state.c, rules.c and graph.c): what <a> says of
 * a list, the two cases of unfolding, chains of pieces, equalities written
 * as two halves in the known offsets; and whole graphs: a list built in a
 * loop, walked and freed is memory safe and terminates, a list made
 * cyclic is not proved to terminate, a loop that leaks its cells is not
 * proved to free its memory. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_fixture.h"
#include "seg_fixture.h"
#include "its/prove.h"
#include "seg/internal.h"
#include "test_util.h"

/* An engine for the module of `int main(void) { return 0; }`, whose
 * initial state the fixtures start from (a state needs a frame). */
static seg_func_info main_info;
static seg_engine engine(smt_ctx *ctx, ir_module **m) {
  *m = load_c_text("int main(void) { return 0; }\n", 64);
  seg_engine e;
  memset(&e, 0, sizeof e);
  e.m = *m;
  e.ctx = ctx;
  CHECK(*m && (*m)->funcs.len >= 1);
  seg_func_info_init(&main_info, &(*m)->funcs.data[ir_func_find(*m, "main")]);
  e.finfo = &main_info;
  return e;
}

static void engine_free(ir_module *m) {
  seg_func_info_free(&main_info);
  ir_module_free(m);
}

static seg_state *initial(seg_engine *e) {
  const char *why = NULL;
  seg_state *s = seg_initial_state(e, &why);
  CHECK_MSG(s != NULL, "initial state: %s", why ? why : "?");
  return s;
}

/* A state with one stack object [a, a+7] and a list h .. z of length n of
 * 16-byte objects whose next pointer is at offset 8; z = 0 (NULL). */
typedef struct {
  smt_term a, ah, h, z, n;
} fixture;

static seg_state *list_state(seg_engine *e, fixture *fx) {
  smt_ctx *ctx = e->ctx;
  seg_state *s = initial(e);
  fx->a = seg_fresh_ptr(e, s);
  fx->ah = seg_fresh_ptr(e, s);
  seg_kb_add(e, s, smt_mk_int_le(ctx, smt_mk_int(ctx, 1), fx->a));
  seg_kb_add(e, s, smt_mk_eq(ctx, fx->ah, smt_mk_int_add2(ctx, fx->a, smt_mk_int(ctx, 7))));
  seg_alloc al = {fx->a, fx->ah, SEG_AL_STACK, false, 0, false};
  VEC_PUSH(s->al, al);
  fx->h = seg_fresh_ptr(e, s);
  fx->z = seg_fresh_ptr(e, s);
  fx->n = seg_fresh_nat(e, s);
  seg_kb_add(e, s, smt_mk_eq(ctx, fx->z, smt_mk_int(ctx, 0)));
  seg_list l = {fx->h, fx->z, fx->n, 16, 8};
  VEC_PUSH(s->ls, l);
  s->fo_cache = SMT_NULL;
  return s;
}

/* <a>: an empty list has head = end; a non-null head (end NULL) means a
 * first object, which is no allocation of AL. */
static void test_meaning(void) {
  smt_ctx *ctx = smt_ctx_new();
  ir_module *m;
  seg_engine e = engine(ctx, &m);
  fixture fx;
  seg_state *s = list_state(&e, &fx);
  smt_term zero = smt_mk_int(ctx, 0), one = smt_mk_int(ctx, 1);
  CHECK(seg_entails(&e, s, smt_mk_implies(ctx, smt_mk_eq(ctx, fx.n, zero), smt_mk_eq(ctx, fx.h, zero))) == SMT_YES);
  CHECK(seg_entails(&e, s, smt_mk_implies(ctx, smt_mk_not(ctx, smt_mk_eq(ctx, fx.h, zero)), smt_mk_int_le(ctx, one, fx.n))) ==
        SMT_YES);
  /* the first object is not the stack object */
  CHECK(seg_entails(&e, s, smt_mk_implies(ctx, smt_mk_int_le(ctx, one, fx.n), smt_mk_not(ctx, smt_mk_eq(ctx, fx.h, fx.a)))) ==
        SMT_YES);
  /* nothing forces the list to be empty or not */
  CHECK(seg_entails(&e, s, smt_mk_eq(ctx, fx.n, zero)) != SMT_YES);
  CHECK(seg_entails(&e, s, smt_mk_int_le(ctx, one, fx.n)) != SMT_YES);
  CHECK(seg_state_check(&e, s));
  seg_state_free(s);
  engine_free(m);
  smt_ctx_free(ctx);
}

/* Unfolding: the empty case drops the list and knows n = 0 and h = z; the
 * other has [h, h+15] in AL, a PT atom for the next pointer at h + 8, and
 * the rest of length n - 1. */
static void test_unfold(void) {
  smt_ctx *ctx = smt_ctx_new();
  ir_module *m;
  seg_engine e = engine(ctx, &m);
  fixture fx;
  seg_state *s = list_state(&e, &fx);
  smt_term zero = smt_mk_int(ctx, 0), one = smt_mk_int(ctx, 1);
  seg_layout lay;
  seg_layout_build(&e, s, &lay);
  CHECK(seg_list_holding(&e, s, &lay, fx.h, 4) == 0);
  CHECK(seg_list_holding(&e, s, &lay, smt_mk_int_add2(ctx, fx.h, smt_mk_int(ctx, 8)), 8) == 0);
  CHECK(seg_list_holding(&e, s, &lay, smt_mk_int_add2(ctx, fx.h, smt_mk_int(ctx, 12)), 8) == -1); /* past the object */
  CHECK(seg_list_holding(&e, s, &lay, fx.a, 1) == -1);
  seg_layout_free(&lay);

  seg_state *em = seg_list_empty_case(&e, s, 0);
  CHECK(em->ls.len == 0 && em->al.len == 1);
  CHECK(seg_entails(&e, em, smt_mk_eq(ctx, fx.h, zero)) == SMT_YES);
  CHECK(seg_state_check(&e, em));

  seg_state *un = seg_list_unfolded_case(&e, s, 0);
  CHECK(un->al.len == 2 && un->ls.len == 1 && un->pt.len == 1);
  if (un->al.len == 2 && un->ls.len == 1 && un->pt.len == 1) {
    seg_alloc obj = un->al.data[1];
    seg_list rest = un->ls.data[0];
    CHECK(obj.lo == fx.h && obj.kind == SEG_AL_HEAP);
    CHECK(seg_entails(&e, un, smt_mk_eq(ctx, obj.hi, smt_mk_int_add2(ctx, fx.h, smt_mk_int(ctx, 15)))) == SMT_YES);
    CHECK(seg_entails(&e, un, smt_mk_eq(ctx, un->pt.data[0].addr, smt_mk_int_add2(ctx, fx.h, smt_mk_int(ctx, 8)))) ==
          SMT_YES);
    CHECK(rest.head == un->pt.data[0].val && rest.end == fx.z);
    CHECK(seg_entails(&e, un, smt_mk_eq(ctx, rest.len, smt_mk_int_sub(ctx, fx.n, one))) == SMT_YES);
    CHECK(seg_entails(&e, un, smt_mk_int_le(ctx, one, fx.h)) == SMT_YES);
  }
  CHECK(seg_state_check(&e, un));
  seg_state_free(em);
  seg_state_free(un);
  seg_state_free(s);
  engine_free(m);
  smt_ctx_free(ctx);
}

/* Chains: a heap object p (16 bytes, next at 8 pointing to h) in front of
 * the list h .. z is one chain of length n + 1 from p; with stop h it ends
 * after p; an object whose next pointer is unknown is no piece. */
static void test_chain(void) {
  smt_ctx *ctx = smt_ctx_new();
  ir_module *m;
  seg_engine e = engine(ctx, &m);
  fixture fx;
  seg_state *s = list_state(&e, &fx);
  smt_term p = seg_fresh_ptr(&e, s), ph = seg_fresh_ptr(&e, s), pn = seg_fresh_ptr(&e, s);
  smt_term q = seg_fresh_ptr(&e, s), qh = seg_fresh_ptr(&e, s);
  seg_kb_add(&e, s, smt_mk_eq(ctx, ph, smt_mk_int_add2(ctx, p, smt_mk_int(ctx, 15))));
  seg_kb_add(&e, s, smt_mk_eq(ctx, pn, smt_mk_int_add2(ctx, p, smt_mk_int(ctx, 8))));
  seg_kb_add(&e, s, smt_mk_eq(ctx, qh, smt_mk_int_add2(ctx, q, smt_mk_int(ctx, 15))));
  seg_alloc ap = {p, ph, SEG_AL_HEAP, false, 0, false}, aq = {q, qh, SEG_AL_HEAP, false, 0, false};
  VEC_PUSH(s->al, ap);
  VEC_PUSH(s->al, aq);
  seg_pt next = {pn, fx.h, 8, false};
  VEC_PUSH(s->pt, next);
  s->fo_cache = SMT_NULL;
  CHECK(seg_state_check(&e, s));
  seg_layout lay;
  seg_layout_build(&e, s, &lay);
  seg_piece_vec pieces = {0};
  seg_list_pieces(&e, s, &lay, NULL, &pieces);
  CHECK(pieces.len == 2); /* the list and p; the stack object and q are none */
  u32_vec chain = {0};
  smt_term end, len;
  seg_list_chain(&e, &lay, &pieces, p, SMT_NULL, NULL, NULL, &chain, &end, &len);
  CHECK(chain.len == 2 && end == fx.z);
  CHECK(smt_simplify(ctx, len) == smt_simplify(ctx, smt_mk_int_add2(ctx, fx.n, smt_mk_int(ctx, 1))));
  for (size_t i = 0; i < pieces.len; i++) pieces.data[i].used = false;
  chain.len = 0;
  seg_list_chain(&e, &lay, &pieces, p, fx.h, NULL, NULL, &chain, &end, &len);
  CHECK(chain.len == 1 && end == fx.h);
  chain.len = 0; /* p's piece is used now: nothing starts at p any more */
  seg_list_chain(&e, &lay, &pieces, p, SMT_NULL, NULL, NULL, &chain, &end, &len);
  CHECK(chain.len == 0 && end == p);
  VEC_FREE(chain);
  VEC_FREE(pieces);
  seg_layout_free(&lay);
  seg_state_free(s);
  engine_free(m);
  smt_ctx_free(ctx);
}

/* An equality that a merge wrote as x - y <= 0 and y - x <= 0 is one class
 * of the known offsets. */
static void test_layout_halves(void) {
  smt_ctx *ctx = smt_ctx_new();
  ir_module *m;
  seg_engine e = engine(ctx, &m);
  seg_state *s = initial(&e);
  smt_term x = seg_fresh_ptr(&e, s), y = seg_fresh_ptr(&e, s), w = seg_fresh_ptr(&e, s);
  smt_term three = smt_mk_int(ctx, 3);
  seg_kb_add(&e, s, smt_mk_int_le(ctx, smt_mk_int_sub(ctx, x, y), three));
  seg_kb_add(&e, s, smt_mk_int_le(ctx, smt_mk_int_sub(ctx, y, x), smt_mk_int(ctx, -3)));
  seg_kb_add(&e, s, smt_mk_int_le(ctx, smt_mk_int_sub(ctx, w, y), three)); /* one half only */
  seg_layout lay;
  seg_layout_build(&e, s, &lay);
  CHECK(seg_layout_same(&e, &lay, x, smt_mk_int_add2(ctx, y, three)));
  CHECK(!seg_layout_same(&e, &lay, x, y));
  CHECK(!seg_layout_same(&e, &lay, w, smt_mk_int_add2(ctx, y, three)));
  seg_layout_free(&lay);
  seg_state_free(s);
  engine_free(m);
  smt_ctx_free(ctx);
}

static const char *list_walk =
    "#include <stdlib.h>\n"
    "extern int __VERIFIER_nondet_int(void);\n"
    "struct node { int value; struct node *next; };\n"
    "int main(void) {\n"
    "  int n = __VERIFIER_nondet_int();\n"
    "  struct node *head = NULL;\n"
    "  for (int i = 0; i < n; i++) {\n"
    "    struct node *p = malloc(sizeof *p);\n"
    "    if (!p) break;\n"
    "    p->value = 1;\n"
    "    p->next = head;\n"
    "    head = p;\n"
    "  }\n"
    "%s"
    "  struct node *p = head;\n"
    "  while (p != NULL) p = p->next;\n"
    "  while (head != NULL) { struct node *q = head->next; free(head); head = q; }\n"
    "  return 0;\n"
    "}\n";

static seg_graph *build_text(smt_ctx *ctx, const char *body, const char *extra, ir_module **m) {
  char src[2048];
  snprintf(src, sizeof src, body, extra);
  *m = load_c_text(src, 64);
  CHECK(*m != NULL);
  if (!*m) return NULL;
  seg_options o;
  seg_options_default(&o);
  o.budget = budget_until(o.budget, util_now() + 60);
  return seg_build(*m, ctx, &o);
}


/* The built list is folded at the loop head and unfolded by each access:
 * complete, no error, every run frees its memory, the ITS terminates. */
static void test_graph_walk(void) {
  smt_ctx *ctx = smt_ctx_new();
  ir_module *m;
  seg_graph *g = build_text(ctx, list_walk, "", &m);
  if (g) {
    const seg_summary *s = seg_graph_summary(g);
    CHECK_MSG(s->complete, "incomplete: %s", s->reason ? s->reason : "?");
    CHECK_MSG(!s->err_memory && !s->err_ub, "error: %s", s->first_err ? s->first_err : "?");
    CHECK(s->lists_folded >= 1 && s->lists_unfolded >= 1);
    CHECK(s->heap_empty_at_end && !s->heap_forgotten);
    CHECK(seg_its_answer(g) == ITS_PROVE_YES);
    seg_graph_free(g);
    ir_module_free(m);
  }
  smt_ctx_free(ctx);
}

/* The same list with its last node linked to the first: the walk to NULL
 * does not end, so the graph must not prove termination (it may also be
 * incomplete or reach an error state, which proves nothing either). */
static void test_graph_cycle(void) {
  smt_ctx *ctx = smt_ctx_new();
  ir_module *m;
  seg_graph *g = build_text(ctx, list_walk,
                            "  if (head) { struct node *l = head; while (l->next) l = l->next; l->next = head; }\n", &m);
  if (g) {
    const seg_summary *s = seg_graph_summary(g);
    bool proved = s->complete && !s->err_memory && !s->err_ub && seg_its_answer(g) == ITS_PROVE_YES;
    CHECK_MSG(!proved, "termination proved for a cyclic list");
    seg_graph_free(g);
    ir_module_free(m);
  }
  smt_ctx_free(ctx);
}

/* A loop that drops its cells: the merge forgets a heap object, so the
 * graph proves nothing about freeing memory. */
static void test_graph_leak(void) {
  smt_ctx *ctx = smt_ctx_new();
  ir_module *m = load_c_text("#include <stdlib.h>\n"
                             "extern int __VERIFIER_nondet_int(void);\n"
                             "int main(void) {\n"
                             "  int n = __VERIFIER_nondet_int();\n"
                             "  for (int i = 0; i < n; i++) { int *p = malloc(4); if (!p) break; *p = i; }\n"
                             "  return 0;\n"
                             "}\n",
                             64);
  CHECK(m != NULL);
  if (m) {
    seg_options o;
    seg_options_default(&o);
    o.budget = budget_until(o.budget, util_now() + 60);
    seg_graph *g = seg_build(m, ctx, &o);
    const seg_summary *s = seg_graph_summary(g);
    CHECK(s->complete && s->heap_forgotten);
    seg_graph_free(g);
    ir_module_free(m);
  }
  smt_ctx_free(ctx);
}

int main(void) {
  test_meaning();
  test_unfold();
  test_chain();
  test_layout_halves();
  test_graph_walk();
  test_graph_cycle();
  test_graph_leak();
  return TEST_SUMMARY();
}
