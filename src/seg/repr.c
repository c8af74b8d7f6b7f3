/* repr: per-function static information for the SEG (internal.h):
 *  - the representation of every value slot, by the U_P / S_P heuristic of
 *    seed 000 Sect. 2 (votes from unsigned/signed uses, classes of values
 *    joined by phi / select / copy / arithmetic share one representation);
 *  - loop headers (targets of back edges of a DFS from the entry block);
 *  - liveness of slots at each block's first non-phi instruction.
 * The representation only affects precision, never soundness (seed 000:
 * "failure of the above heuristic ... only affects the performance"). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---- union-find over slots ------------------------------------------------ */

static uint32_t uf_find(uint32_t *par, uint32_t x) {
  while (par[x] != x) {
    par[x] = par[par[x]];
    x = par[x];
  }
  return x;
}

static void uf_union(uint32_t *par, uint32_t a, uint32_t b) {
  a = uf_find(par, a);
  b = uf_find(par, b);
  if (a != b) par[a < b ? b : a] = a < b ? a : b;
}

/* The slot of an operand, IR_NONE for constants, globals, ... */
static uint32_t slot_of(const ir_func *f, ir_value v) {
  if (v.kind == IR_VAL_INST && v.id < f->ninsts) return seg_slot_of_inst(f, v.id);
  if (v.kind == IR_VAL_ARG && v.id < f->nparams) return seg_slot_of_arg(v.id);
  return IR_NONE;
}

static bool is_plain_int(ir_type t) { return t.kind == IR_TY_INT && t.bits > 1; }

typedef struct {
  const ir_func *f;
  uint32_t *par;
  int32_t *uvotes, *svotes;
} repr_ctx;

static void vote(repr_ctx *r, ir_value v, bool is_signed) {
  uint32_t s = slot_of(r->f, v);
  if (s == IR_NONE) return;
  if (is_signed)
    r->svotes[s]++;
  else
    r->uvotes[s]++;
}

static void vote_slot(repr_ctx *r, uint32_t s, bool is_signed) {
  if (is_signed)
    r->svotes[s]++;
  else
    r->uvotes[s]++;
}

/* Joins two values of the same integer type (seed 000: "occurs in a ...
 * instruction together with another variable y"). */
static void join(repr_ctx *r, ir_value a, ir_value b) {
  uint32_t x = slot_of(r->f, a), y = slot_of(r->f, b);
  if (x == IR_NONE || y == IR_NONE) return;
  if (!is_plain_int(a.type) || !ir_type_eq(a.type, b.type)) return;
  uf_union(r->par, x, y);
}

static bool pred_unsigned(uint8_t p) { return p >= IR_UGT && p <= IR_ULE; }
static bool pred_signed(uint8_t p) { return p >= IR_SGT && p <= IR_SLE; }

/* Votes and joins of one instruction j. */
static void scan_inst(repr_ctx *r, uint32_t j) {
  const ir_func *f = r->f;
  const ir_inst *in = &f->insts[j];
  uint32_t rs = seg_slot_of_inst(f, j);
  ir_value res = ir_result(f, j);
  switch (in->op) {
  case IR_ADD: case IR_SUB: case IR_MUL: case IR_AND: case IR_OR: case IR_XOR:
    if (in->nops >= 2) {
      join(r, res, in->ops[0]);
      join(r, res, in->ops[1]);
    }
    break;
  case IR_SHL:
    if (in->nops >= 1) join(r, res, in->ops[0]);
    break;
  case IR_UDIV: case IR_UREM:
    for (uint32_t i = 0; i < in->nops; i++) vote(r, in->ops[i], false);
    vote_slot(r, rs, false);
    break;
  case IR_SDIV: case IR_SREM:
    for (uint32_t i = 0; i < in->nops; i++) vote(r, in->ops[i], true);
    vote_slot(r, rs, true);
    break;
  case IR_LSHR:
    if (in->nops >= 1) vote(r, in->ops[0], false);
    vote_slot(r, rs, false);
    break;
  case IR_ASHR:
    if (in->nops >= 1) vote(r, in->ops[0], true);
    vote_slot(r, rs, true);
    break;
  case IR_ICMP:
    if (in->nops >= 2) {
      if (pred_unsigned(in->pred)) {
        vote(r, in->ops[0], false);
        vote(r, in->ops[1], false);
      } else if (pred_signed(in->pred)) {
        vote(r, in->ops[0], true);
        vote(r, in->ops[1], true);
      } else {
        join(r, in->ops[0], in->ops[1]);
      }
    }
    break;
  case IR_OVERFLOW:
    if (in->nops >= 2) {
      bool sg = in->pred == IR_OVF_SADD || in->pred == IR_OVF_SSUB || in->pred == IR_OVF_SMUL;
      vote(r, in->ops[0], sg);
      vote(r, in->ops[1], sg);
    }
    break;
  case IR_ZEXT:
    if (in->nops >= 1) vote(r, in->ops[0], false);
    break;
  case IR_SEXT:
    if (in->nops >= 1) vote(r, in->ops[0], true);
    vote_slot(r, rs, true);
    break;
  case IR_SELECT:
    if (in->nops >= 3) {
      join(r, res, in->ops[1]);
      join(r, res, in->ops[2]);
    }
    break;
  case IR_COPY:
    if (in->nops >= 1) join(r, res, in->ops[0]);
    break;
  case IR_PHI:
    for (uint32_t i = 0; i < in->nops; i++) join(r, res, in->ops[i]);
    break;
  case IR_PTRADD:
    if (in->nops >= 2) vote(r, in->ops[1], true); /* a signed byte offset */
    break;
  default:
    break;
  }
  /* nsw / nuw flags (seed 000: "x occurs in an instruction flagged by nsw";
   * an add/sub/mul/shl without nsw is unsigned: "x occurs in an add, sub,
   * mul, or shl instruction without nsw flag") */
  if (in->op == IR_ADD || in->op == IR_SUB || in->op == IR_MUL || in->op == IR_SHL) {
    if (!(in->flags & IR_NSW)) vote_slot(r, rs, false);
    if (in->flags & IR_NSW) {
      vote_slot(r, rs, true);
      for (uint32_t i = 0; i < in->nops && i < 2; i++) vote(r, in->ops[i], true);
    }
    if (in->flags & IR_NUW) {
      vote_slot(r, rs, false);
      for (uint32_t i = 0; i < in->nops && i < 2; i++) vote(r, in->ops[i], false);
    }
  }
}

/* Values stored to and loaded from the same pointer operand share a
 * representation (seed 000: "x is loaded from an address where a variable
 * y is stored to"). Pairs (pointer key, slot) sorted by key. */
typedef struct {
  uint8_t kind;
  uint32_t id;
  uint64_t imm;
  uint32_t slot;
  ir_type type;
} mem_use;

static int mem_use_cmp(const void *a, const void *b) {
  const mem_use *x = a, *y = b;
  if (x->kind != y->kind) return x->kind < y->kind ? -1 : 1;
  if (x->id != y->id) return x->id < y->id ? -1 : 1;
  if (x->imm != y->imm) return x->imm < y->imm ? -1 : 1;
  if (x->type.bits != y->type.bits) return x->type.bits < y->type.bits ? -1 : 1;
  return 0;
}

static void join_memory(repr_ctx *r) {
  const ir_func *f = r->f;
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
    uint32_t s = slot_of(f, val);
    if (s == IR_NONE || !is_plain_int(val.type)) continue;
    if (ptr.kind != IR_VAL_INST && ptr.kind != IR_VAL_ARG && ptr.kind != IR_VAL_GLOBAL) continue;
    mem_use u = {ptr.kind, ptr.id, ptr.imm, s, val.type};
    VEC_PUSH(uses, u);
  }
  if (uses.len > 1) qsort(uses.data, uses.len, sizeof *uses.data, mem_use_cmp);
  for (size_t i = 1; i < uses.len; i++)
    if (mem_use_cmp(&uses.data[i - 1], &uses.data[i]) == 0) uf_union(r->par, uses.data[i - 1].slot, uses.data[i].slot);
  VEC_FREE(uses);
}

static ir_type slot_type(const ir_func *f, uint32_t s) {
  return s < f->nparams ? f->params[s] : f->insts[s - f->nparams].type;
}

static void compute_repr(seg_func_info *fi, const ir_func *f) {
  uint32_t n = fi->nslots;
  repr_ctx r = {f, xcalloc(n ? n : 1, sizeof(uint32_t)), xcalloc(n ? n : 1, sizeof(int32_t)),
                xcalloc(n ? n : 1, sizeof(int32_t))};
  for (uint32_t i = 0; i < n; i++) r.par[i] = i;
  for (uint32_t j = 0; j < f->ninsts; j++) scan_inst(&r, j);
  join_memory(&r);
  /* sum the votes per class */
  int32_t *cu = xcalloc(n ? n : 1, sizeof(int32_t)), *cs = xcalloc(n ? n : 1, sizeof(int32_t));
  for (uint32_t i = 0; i < n; i++) {
    uint32_t c = uf_find(r.par, i);
    cu[c] += r.uvotes[i];
    cs[c] += r.svotes[i];
  }
  for (uint32_t i = 0; i < n; i++) {
    uint32_t c = uf_find(r.par, i);
    /* ties and no votes: signed; i1 and pointers: unsigned */
    fi->is_signed[i] = is_plain_int(slot_type(f, i)) && cs[c] >= cu[c];
  }
  free(cu);
  free(cs);
  free(r.par);
  free(r.uvotes);
  free(r.svotes);
}

/* ---- loop headers: back edges of an iterative DFS from block 0 ----------- */

static const ir_inst *terminator(const ir_func *f, uint32_t b) {
  const ir_block *bl = &f->blocks[b];
  if (bl->count == 0) return NULL;
  const ir_inst *t = &f->insts[bl->first + bl->count - 1];
  return ir_is_terminator(t->op) ? t : NULL;
}

static void compute_loop_headers(seg_func_info *fi, const ir_func *f) {
  uint32_t nb = f->nblocks;
  if (nb == 0) return;
  uint8_t *color = xcalloc(nb, 1); /* 0 white, 1 on stack, 2 done */
  uint32_t *stk = xmalloc(nb * sizeof *stk), *next = xcalloc(nb, sizeof *next);
  uint32_t sp = 0;
  stk[sp++] = 0;
  color[0] = 1;
  while (sp > 0) {
    uint32_t b = stk[sp - 1];
    const ir_inst *t = terminator(f, b);
    uint32_t nt = t ? t->ntargets : 0;
    if (next[b] < nt) {
      uint32_t c = t->targets[next[b]++];
      if (c >= nb) continue;
      if (color[c] == 1)
        fi->loop_header[c] = true; /* back edge */
      else if (color[c] == 0) {
        color[c] = 1;
        stk[sp++] = c;
      }
    } else {
      color[b] = 2;
      sp--;
    }
  }
  free(color);
  free(stk);
  free(next);
}

/* ---- liveness ---------------------------------------------------------------- */
/* live_in[b] = values live at b's first non-phi instruction. A phi operand
 * is used at the end of its incoming block; phi results are defined at the
 * block start. live_out[b] = U_c (live_in[c] - phis(c)) + phi operands of c
 * for b; live_in[b] = use(b) + (live_out[b] - def(b)) over b's non-phis. */

static void use_val(const ir_func *f, ir_value v, bool *set) {
  uint32_t s = slot_of(f, v);
  if (s != IR_NONE) set[s] = true;
}

uint32_t seg_first_non_phi(const ir_func *f, uint32_t b) {
  const ir_block *bl = &f->blocks[b];
  uint32_t i = bl->first;
  while (i < bl->first + bl->count && f->insts[i].op == IR_PHI) i++;
  return i;
}

/* live = live at the end of b; computes live at b's first non-phi in place. */
static void transfer_block(const ir_func *f, uint32_t b, bool *live) {
  const ir_block *bl = &f->blocks[b];
  uint32_t fnp = seg_first_non_phi(f, b);
  for (uint32_t i = bl->first + bl->count; i-- > fnp;) {
    const ir_inst *in = &f->insts[i];
    live[seg_slot_of_inst(f, i)] = false;
    for (uint32_t k = 0; k < in->nops; k++) use_val(f, in->ops[k], live);
  }
}

static void live_out_of(const seg_func_info *fi, const ir_func *f, uint32_t b, bool *out) {
  memset(out, 0, fi->nslots);
  const ir_inst *t = terminator(f, b);
  if (!t) return;
  for (uint32_t k = 0; k < t->ntargets; k++) {
    uint32_t c = t->targets[k];
    if (c >= f->nblocks) continue;
    const bool *lc = fi->live_in[c];
    const ir_block *cb = &f->blocks[c];
    uint32_t phi_lo = f->nparams + cb->first, phi_hi = f->nparams + seg_first_non_phi(f, c);
    for (uint32_t s = 0; s < fi->nslots; s++)
      if (lc[s] && (s < phi_lo || s >= phi_hi)) out[s] = true; /* c's phis: defined at c */
    for (uint32_t i = cb->first; i < cb->first + cb->count && f->insts[i].op == IR_PHI; i++) {
      const ir_inst *phi = &f->insts[i];
      for (uint32_t a = 0; a < phi->nops && a < phi->ntargets; a++)
        if (phi->targets[a] == b) use_val(f, phi->ops[a], out);
    }
  }
}

/* Above this many bytes of liveness table every slot counts as live in
 * every block (one shared row): sound, projection just keeps more. */
#define SEG_LIVE_MAX_BYTES ((size_t)64 << 20)

static void compute_liveness(seg_func_info *fi, const ir_func *f) {
  uint32_t nb = f->nblocks, n = fi->nslots;
  fi->live_in = xcalloc(nb ? nb : 1, sizeof(bool *));
  if (nb == 0) return;
  size_t rowsz = n ? n : 1;
  if ((size_t)nb * rowsz > SEG_LIVE_MAX_BYTES) {
    bool *all = xmalloc(rowsz);
    memset(all, 1, rowsz);
    for (uint32_t b = 0; b < nb; b++) fi->live_in[b] = all;
    return;
  }
  bool *base = xcalloc((size_t)nb * rowsz, 1);
  for (uint32_t b = 0; b < nb; b++) fi->live_in[b] = base + (size_t)b * rowsz;
  bool *tmp = xmalloc(rowsz);
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t b = nb; b-- > 0;) {
      live_out_of(fi, f, b, tmp);
      transfer_block(f, b, tmp);
      if (memcmp(tmp, fi->live_in[b], n) != 0) {
        memcpy(fi->live_in[b], tmp, n);
        changed = true;
      }
    }
  }
  free(tmp);
}

void seg_func_info_init(seg_func_info *fi, const ir_func *f) {
  memset(fi, 0, sizeof *fi);
  fi->nslots = f->nparams + f->ninsts;
  fi->is_signed = xcalloc(fi->nslots ? fi->nslots : 1, sizeof(bool));
  fi->loop_header = xcalloc(f->nblocks ? f->nblocks : 1, sizeof(bool));
  compute_repr(fi, f);
  compute_loop_headers(fi, f);
  compute_liveness(fi, f);
}

void seg_func_info_free(seg_func_info *fi) {
  if (fi->live_in) free(fi->live_in[0]); /* rows share one allocation */
  free(fi->live_in);
  free(fi->is_signed);
  free(fi->loop_header);
  memset(fi, 0, sizeof *fi);
}
