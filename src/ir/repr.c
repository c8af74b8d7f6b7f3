/* repr: union-find with votes, and the seed 000 scan of a function (repr.h). */
#include "repr.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"

const ir_repr_rules IR_REPR_RULES_SEG = {
    .strong = 1,
    .join_same_pointer = true,
    .nuw_votes = true,
    .sext_votes_result = true,
    .vote_overflow = true,
    .vote_ptr_offset = true,
};

const ir_repr_rules IR_REPR_RULES_DIRECT = {
    .strong = 2,
    .join_bool = true,
    .join_div_shift = true,
    .join_ordered_cmp = true,
    .vote_shift_amount = true,
    .wrap_votes_operands = true,
};

/* ---- union-find with votes -------------------------------------------------- */

void ir_repr_init(ir_repr *r, uint32_t n) {
  r->n = n;
  r->parent = xmalloc((n ? n : 1) * sizeof *r->parent);
  r->balance = xcalloc(n ? n : 1, sizeof *r->balance);
  r->nsigned = xcalloc(n ? n : 1, sizeof *r->nsigned);
  r->nunsigned = xcalloc(n ? n : 1, sizeof *r->nunsigned);
  for (uint32_t i = 0; i < n; i++) r->parent[i] = i;
  r->finished = false;
}

void ir_repr_free(ir_repr *r) {
  free(r->parent);
  free(r->balance);
  free(r->nsigned);
  free(r->nunsigned);
  memset(r, 0, sizeof *r);
}

uint32_t ir_repr_find(ir_repr *r, uint32_t x) {
  assert(x < r->n);
  while (r->parent[x] != x) x = r->parent[x] = r->parent[r->parent[x]];
  return x;
}

void ir_repr_join(ir_repr *r, uint32_t a, uint32_t b) {
  assert(!r->finished);
  a = ir_repr_find(r, a), b = ir_repr_find(r, b);
  if (a != b) r->parent[a < b ? b : a] = a < b ? a : b; /* the smaller node is the root */
}

void ir_repr_vote(ir_repr *r, uint32_t x, int32_t weight) {
  assert(!r->finished && x < r->n);
  r->balance[x] += weight;
  if (weight > 0) r->nunsigned[x] += (uint64_t)weight;
  if (weight < 0) r->nsigned[x] += (uint64_t)-(int64_t)weight;
}

void ir_repr_finish(ir_repr *r) {
  assert(!r->finished);
  /* roots are not moved by find, so each node's vote lands on its final root */
  for (uint32_t i = 0; i < r->n; i++) {
    uint32_t c = ir_repr_find(r, i);
    if (c == i) continue;
    r->balance[c] += r->balance[i], r->balance[i] = 0;
    r->nsigned[c] += r->nsigned[i], r->nsigned[i] = 0;
    r->nunsigned[c] += r->nunsigned[i], r->nunsigned[i] = 0;
  }
  r->finished = true;
}

bool ir_repr_signed(ir_repr *r, uint32_t x) {
  assert(r->finished);
  return r->balance[ir_repr_find(r, x)] <= 0;
}

int ir_repr_unanimous(ir_repr *r, uint32_t x) {
  assert(r->finished);
  uint32_t c = ir_repr_find(r, x);
  if (r->nsigned[c] && !r->nunsigned[c]) return -1;
  if (r->nunsigned[c] && !r->nsigned[c]) return 1;
  return 0;
}

/* ---- the scan of seed 000, Sect. 2 ---------------------------------------------- */

typedef struct {
  ir_repr *r;
  const ir_func *f;
  ir_repr_map map;
  const ir_repr_rules *rules;
} scan;

static bool is_int(ir_type t) { return t.kind == IR_TY_INT; }

/* The node of a parameter or instruction result, IR_NONE for anything else. */
static uint32_t node_of(const scan *s, ir_value v) {
  if (v.kind == IR_VAL_INST && v.id < s->f->ninsts) return s->map.inst0 + v.id;
  if (v.kind == IR_VAL_ARG && v.id < s->f->nparams) return s->map.param0 + v.id;
  return IR_NONE;
}

static bool joinable(const scan *s, ir_type a, ir_type b) {
  if (!is_int(a) || !is_int(b)) return false;
  return s->rules->join_bool || (a.bits > 1 && ir_type_eq(a, b));
}

/* Joins a with b ("occurs in a ... instruction together with another
 * variable y"); a is the result where there is one. */
static void join(scan *s, ir_value a, ir_value b) {
  uint32_t x = node_of(s, a), y = node_of(s, b);
  if (x == IR_NONE || y == IR_NONE || !joinable(s, a.type, b.type)) return;
  ir_repr_join(s->r, x, y);
}

static void vote(scan *s, ir_value v, int32_t w) {
  uint32_t x = node_of(s, v);
  if (x != IR_NONE && is_int(v.type)) ir_repr_vote(s->r, x, w);
}

/* Votes w on operands 0 .. n-1 (those that exist). */
static void vote_ops(scan *s, const ir_inst *in, uint32_t n, int32_t w) {
  for (uint32_t k = 0; k < in->nops && k < n; k++) vote(s, in->ops[k], w);
}

static bool pred_unsigned(uint8_t p) { return p >= IR_UGT && p <= IR_ULE; }
static bool pred_signed(uint8_t p) { return p >= IR_SGT && p <= IR_SLE; }

static void scan_inst(scan *s, uint32_t j) {
  const ir_inst *in = &s->f->insts[j];
  const ir_repr_rules *ru = s->rules;
  ir_value res = ir_result(s->f, j);
  int32_t strong = ru->strong;
  switch (in->op) {
  case IR_ADD: case IR_SUB: case IR_MUL: case IR_AND: case IR_OR: case IR_XOR:
    for (uint32_t k = 0; k < in->nops && k < 2; k++) join(s, res, in->ops[k]);
    break;
  case IR_SHL:
    if (in->nops >= 1) join(s, res, in->ops[0]);
    break;
  case IR_UDIV: case IR_UREM: case IR_SDIV: case IR_SREM: {
    int32_t w = in->op == IR_UDIV || in->op == IR_UREM ? strong : -strong;
    if (ru->join_div_shift)
      for (uint32_t k = 0; k < in->nops && k < 2; k++) join(s, res, in->ops[k]);
    vote_ops(s, in, 2, w);
    vote(s, res, w);
    break;
  }
  case IR_LSHR: case IR_ASHR: {
    int32_t w = in->op == IR_LSHR ? strong : -strong;
    if (ru->join_div_shift && in->nops >= 1) join(s, res, in->ops[0]);
    vote_ops(s, in, ru->vote_shift_amount ? 2 : 1, w);
    vote(s, res, w);
    break;
  }
  case IR_ICMP:
    if (in->nops < 2) break;
    if (pred_unsigned(in->pred)) vote_ops(s, in, 2, strong);
    else if (pred_signed(in->pred)) vote_ops(s, in, 2, -strong);
    if (ru->join_ordered_cmp || in->pred == IR_EQ || in->pred == IR_NE) join(s, in->ops[0], in->ops[1]);
    break;
  case IR_OVERFLOW:
    if (ru->vote_overflow && in->nops >= 2) {
      bool sg = in->pred == IR_OVF_SADD || in->pred == IR_OVF_SSUB || in->pred == IR_OVF_SMUL;
      vote_ops(s, in, 2, sg ? -1 : 1);
    }
    break;
  case IR_ZEXT:
    vote_ops(s, in, 1, 1);
    break;
  case IR_SEXT:
    vote_ops(s, in, 1, -1);
    if (ru->sext_votes_result) vote(s, res, -1);
    break;
  case IR_SELECT:
    for (uint32_t k = 1; k < in->nops && k < 3; k++) join(s, res, in->ops[k]);
    break;
  case IR_COPY:
    if (in->nops >= 1) join(s, res, in->ops[0]);
    break;
  case IR_PHI:
    for (uint32_t k = 0; k < in->nops; k++) join(s, res, in->ops[k]);
    break;
  case IR_PTRADD:
    if (ru->vote_ptr_offset && in->nops >= 2) vote(s, in->ops[1], -1); /* a signed byte offset */
    break;
  default:
    break;
  }
  /* seed 000: "x occurs in an instruction flagged by nsw" (signed); "x
   * occurs in an add, sub, mul, or shl instruction without nsw flag"
   * (unsigned) */
  if (in->op == IR_ADD || in->op == IR_SUB || in->op == IR_MUL || in->op == IR_SHL) {
    if (in->flags & IR_NSW) {
      vote(s, res, -1);
      vote_ops(s, in, 2, -1);
    } else {
      vote(s, res, 1);
      if (ru->wrap_votes_operands) vote_ops(s, in, 2, 1);
    }
    if (ru->nuw_votes && (in->flags & IR_NUW)) {
      vote(s, res, 1);
      vote_ops(s, in, 2, 1);
    }
  }
}

/* seed 000: "x is loaded from an address where a variable y is stored to".
 * Accesses are keyed by the pointer operand (kind, id, constant offset) and
 * the width; equal keys join. */
typedef struct {
  uint8_t kind;
  uint32_t id;
  uint64_t imm;
  uint32_t bits;
  uint32_t node;
} mem_use;

static int mem_use_cmp(const void *a, const void *b) {
  const mem_use *x = a, *y = b;
  if (x->kind != y->kind) return x->kind < y->kind ? -1 : 1;
  if (x->id != y->id) return x->id < y->id ? -1 : 1;
  if (x->imm != y->imm) return x->imm < y->imm ? -1 : 1;
  if (x->bits != y->bits) return x->bits < y->bits ? -1 : 1;
  return 0;
}

static void join_same_pointer(scan *s) {
  const ir_func *f = s->f;
  VEC(mem_use) uses = {0};
  for (uint32_t j = 0; j < f->ninsts; j++) {
    const ir_inst *in = &f->insts[j];
    ir_value ptr, val;
    if (in->op == IR_LOAD && in->nops >= 1) {
      ptr = in->ops[0];
      val = ir_result(f, j);
    } else if (in->op == IR_STORE && in->nops >= 2) {
      ptr = in->ops[1];
      val = in->ops[0];
    } else {
      continue;
    }
    uint32_t x = node_of(s, val);
    if (x == IR_NONE || !joinable(s, val.type, val.type)) continue;
    if (ptr.kind != IR_VAL_INST && ptr.kind != IR_VAL_ARG && ptr.kind != IR_VAL_GLOBAL) continue;
    mem_use u = {ptr.kind, ptr.id, ptr.imm, val.type.bits, x};
    VEC_PUSH(uses, u);
  }
  if (uses.len > 1) qsort(uses.data, uses.len, sizeof *uses.data, mem_use_cmp);
  for (size_t i = 1; i < uses.len; i++)
    if (mem_use_cmp(&uses.data[i - 1], &uses.data[i]) == 0)
      ir_repr_join(s->r, uses.data[i - 1].node, uses.data[i].node);
  VEC_FREE(uses);
}

void ir_repr_scan_func(ir_repr *r, const ir_func *f, ir_repr_map map, const ir_repr_rules *rules) {
  assert(!r->finished);
  assert(map.inst0 + (uint64_t)f->ninsts <= r->n || f->ninsts == 0);
  assert(map.param0 + (uint64_t)f->nparams <= r->n || f->nparams == 0);
  scan s = {r, f, map, rules};
  for (uint32_t j = 0; j < f->ninsts; j++) scan_inst(&s, j);
  if (rules->join_same_pointer) join_same_pointer(&s);
}
