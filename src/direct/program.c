/* program.c: the program as the translation sees it (internal.h): reachable
 * functions, tracked globals, U/S representation per value, slicing,
 * liveness, and the expanded control-flow graph of block segments over the
 * copies (instances) of the functions. */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static void refuse(dt_ctx *c, const char *fmt, ...) UTIL_PRINTF(2, 3);
static void refuse(dt_ctx *c, const char *fmt, ...) {
  if (c->failed) return;
  c->failed = true;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->err, c->errlen, fmt, ap);
  va_end(ap);
}

static bool is_int(ir_type t) { return t.kind == IR_TY_INT; }
static bool val_is_local(ir_value v) { return v.kind == IR_VAL_INST || v.kind == IR_VAL_ARG; }
static uint32_t local_index(const ir_func *f, ir_value v) { return v.kind == IR_VAL_INST ? v.id : f->ninsts + v.id; }

/* A value the translation follows: an integer, or the pointer of a tracked cell. */
uint32_t dt_cell_of(const dt_ctx *c, uint32_t fi, ir_value v) {
  assert(fi < c->m->funcs.len);
  const dt_func *df = &c->funcs[fi];
  if (v.kind != IR_VAL_INST || !df->cell_of) return DT_NONE;
  assert(v.id < c->m->funcs.data[fi].ninsts);
  uint32_t r = df->cell_of[v.id];
  assert(r == DT_NONE || r < c->m->funcs.data[fi].ninsts);
  return r != DT_NONE && df->cell_bits[r] ? r : DT_NONE;
}
static bool is_cell(const dt_ctx *c, uint32_t fi, ir_value v) { return dt_cell_of(c, fi, v) != DT_NONE; }
static bool followed(const dt_ctx *c, uint32_t fi, ir_value v) {
  return val_is_local(v) && (is_int(v.type) || is_cell(c, fi, v));
}

/* Builtins after which the run ends (SV-COMP error functions, exit). */
static bool builtin_ends_run(uint8_t b) {
  return b == IR_BUILTIN_REACH_ERROR || b == IR_BUILTIN_VERIFIER_ERROR || b == IR_BUILTIN_ASSERT_FAIL ||
         b == IR_BUILTIN_ABORT || b == IR_BUILTIN_EXIT || b == IR_BUILTIN_TRAP;
}
static bool builtin_touches_memory(uint8_t b) {
  return (b >= IR_BUILTIN_MEMSET && b <= IR_BUILTIN_SNPRINTF) || b == IR_BUILTIN_PRINTF || b == IR_BUILTIN_PUTS;
}

/* ---- call targets (issue 40: indirect calls) ------------------------------------- */

#define DT_MAX_LEAVES 64u

/* The function addresses pointer v of f can be when it is computed in
 * registers only: phis, selects and copies whose leaves are function
 * addresses or null (calling null is undefined behaviour: dropped). Appends
 * them to *out (repeats possible); false when some leaf is anything else
 * (a load, a parameter, a call's result, ...) or there are too many. */
static bool pointer_leaves(const ir_func *f, ir_value v, u32_vec *out) {
  VEC(ir_value) work = {0};
  bool *seen = xcalloc(f->ninsts + 1, sizeof *seen);
  bool ok = true;
  VEC_PUSH(work, v);
  while (ok && work.len) {
    ir_value cur = work.data[--work.len];
    if (cur.kind == IR_VAL_FUNC) {
      VEC_PUSH(*out, cur.id);
      ok = out->len <= DT_MAX_LEAVES;
    } else if (cur.kind == IR_VAL_INST && cur.id < f->ninsts) {
      const ir_inst *d = &f->insts[cur.id];
      if (seen[cur.id]) continue;
      seen[cur.id] = true;
      if (d->op == IR_PHI || (d->op == IR_COPY && d->nops == 1))
        for (uint32_t k = 0; k < d->nops; k++) VEC_PUSH(work, d->ops[k]);
      else if (d->op == IR_SELECT && d->nops == 3)
        for (uint32_t k = 1; k < 3; k++) VEC_PUSH(work, d->ops[k]);
      else
        ok = false;
    } else if (cur.kind != IR_VAL_NULL) {
      ok = false;
    }
  }
  VEC_FREE(work);
  free(seen);
  return ok;
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

uint32_t dt_call_targets(dt_ctx *c, uint32_t fi, uint32_t i, uint32_t *first) {
  const ir_module *m = c->m;
  assert(fi < m->funcs.len && i < m->funcs.data[fi].ninsts);
  const ir_func *f = &m->funcs.data[fi];
  const ir_inst *in = &f->insts[i];
  assert(in->op == IR_CALL);
  bool added;
  uint64_t *slot = u64_map_slot(&c->targets_of, ((uint64_t)fi << 32) | i, c->targets.len, &added);
  uint32_t at = (uint32_t)*slot;
  if (added) {
    VEC_PUSH(c->targets, 0u); /* n */
    VEC_PUSH(c->targets, 0u); /* how */
    uint32_t n = 0, how = DT_TARGETS_LOOKUP;
    u32_vec leaves = {0};
    if (in->callee != IR_NONE) {
      VEC_PUSH(c->targets, in->callee);
      n = 1, how = DT_TARGETS_DIRECT;
    } else if (dt_call_through_const(in)) {
      uint32_t g = in->ops[0].id;
      if (ir_callee_compatible(m, in, g)) {
        VEC_PUSH(c->targets, g);
        n = 1;
      }
      how = DT_TARGETS_CONST;
    } else if (pointer_leaves(f, in->ops[0], &leaves)) {
      /* the pointer is one of these addresses (or null): those that fit */
      if (leaves.len) qsort(leaves.data, leaves.len, sizeof *leaves.data, cmp_u32);
      for (size_t k = 0; k < leaves.len; k++)
        if ((k == 0 || leaves.data[k] != leaves.data[k - 1]) && ir_callee_compatible(m, in, leaves.data[k])) {
          VEC_PUSH(c->targets, leaves.data[k]);
          n++;
        }
      how = DT_TARGETS_LEAVES;
    } else {
      n = ir_indirect_candidates(m, c->taken, in, &c->targets);
    }
    VEC_FREE(leaves);
    c->targets.data[at] = n;
    c->targets.data[at + 1] = how;
  }
  *first = at + 2;
  return c->targets.data[at];
}

uint32_t dt_call_targets_how(const dt_ctx *c, uint32_t first) {
  assert(first >= 2 && first <= c->targets.len);
  return c->targets.data[first - 1];
}

/* ---- reachability and recursion ------------------------------------------ */

static void mark_reachable(dt_ctx *c, uint32_t root) {
  const ir_module *m = c->m;
  uint32_t *stack = xmalloc((m->funcs.len + 1) * sizeof *stack);
  size_t sp = 0;
  c->funcs[root].reachable = true;
  stack[sp++] = root;
  while (sp) {
    uint32_t fi = stack[--sp];
    const ir_func *f = &m->funcs.data[fi];
    for (uint32_t i = 0; i < f->ninsts; i++) {
      if (f->insts[i].op != IR_CALL) continue;
      uint32_t first, n = dt_call_targets(c, fi, i, &first);
      for (uint32_t k = 0; k < n; k++) {
        uint32_t g = c->targets.data[first + k];
        if (!c->funcs[g].reachable) {
          c->funcs[g].reachable = true;
          stack[sp++] = g;
        }
      }
    }
  }
  free(stack);
}

/* f is recursive when it can reach itself through calls: direct ones and
 * the targets of indirect ones (dt_call_targets), so that recursion through
 * a function pointer is abstracted as direct recursion is. */
static void mark_recursive(dt_ctx *c) {
  const ir_module *m = c->m;
  uint32_t n = (uint32_t)m->funcs.len;
  u32_vec src = {0}, dst = {0};
  for (uint32_t fi = 0; fi < n; fi++) {
    if (!c->funcs[fi].reachable) continue;
    const ir_func *f = &m->funcs.data[fi];
    for (uint32_t i = 0; i < f->ninsts; i++) {
      if (f->insts[i].op != IR_CALL) continue;
      uint32_t first, nt = dt_call_targets(c, fi, i, &first);
      for (uint32_t k = 0; k < nt; k++) {
        VEC_PUSH(src, fi);
        VEC_PUSH(dst, c->targets.data[first + k]);
      }
    }
  }
  graph g;
  graph_build(&g, n, (uint32_t)src.len, src.data, dst.data, NULL);
  uint32_t *comp = xmalloc((n ? n : 1) * sizeof *comp);
  bool *recursive = xcalloc(n ? n : 1, sizeof *recursive);
  graph_sccs(&g, NULL, 0, comp);
  graph_nodes_on_cycle(&g, comp, recursive);
  for (uint32_t r = 0; r < n; r++)
    c->funcs[r].recursive = c->funcs[r].reachable && m->funcs.data[r].defined && recursive[r];
  free(recursive);
  free(comp);
  graph_free(&g);
  VEC_FREE(src);
  VEC_FREE(dst);
}

/* Where a function pointer may come from outside the program, so that it
 * may be the address of a function the module does not have (its effects
 * and termination unknown): an external global's contents, a pointer an
 * asm or a function without a body returns, memory an asm writes. Writes
 * the first such source to c->foreign ("" when there is none). Elsewhere
 * every function pointer a run computes is one of the address-taken
 * functions or no function at all (ir_address_taken_funcs). */
static void find_foreign_pointers(dt_ctx *c) {
  const ir_module *m = c->m;
  c->foreign[0] = 0;
  for (size_t g = 0; g < m->globals.len; g++)
    if (m->globals.data[g].external) {
      snprintf(c->foreign, sizeof c->foreign, "the external global '%s' may hold one", m->globals.data[g].name);
      return;
    }
  char loc[256];
  for (uint32_t fi = 0; fi < m->funcs.len; fi++) {
    if (!c->funcs[fi].reachable) continue;
    const ir_func *f = &m->funcs.data[fi];
    for (uint32_t i = 0; i < f->ninsts; i++) {
      const ir_inst *in = &f->insts[i];
      bool from_asm = in->op == IR_ASM && (in->type.kind == IR_TY_PTR || (in->flags & IR_ASM_MEMORY));
      if (!from_asm && in->op != IR_HAVOC) continue;
      const char *what = in->op == IR_ASM && (in->flags & IR_ASM_EXTERN_CALL) && in->size < m->funcs.len
                             ? m->funcs.data[in->size].name
                             : "inline asm";
      snprintf(c->foreign, sizeof c->foreign, "%s at %s may produce one", what,
               ir_loc_format(m, in->loc, loc, sizeof loc));
      return;
    }
  }
}

/* ---- tracked globals ---------------------------------------------------------- */

/* A global is tracked when every use of its address is the pointer of a
 * load or store of its whole size (<= 8 bytes) at offset 0 with one integer
 * width, and no initializer points to it. Under memory safety nothing else
 * can read or write it. */
static void find_tracked_globals(dt_ctx *c) {
  const ir_module *m = c->m;
  size_t ng = m->globals.len;
  for (size_t g = 0; g < ng; g++) {
    const ir_global *gl = &m->globals.data[g];
    c->gtracked[g] = !gl->external && gl->size >= 1 && gl->size <= 8;
    c->gbits[g] = (uint16_t)(gl->size * 8);
  }
  for (size_t g = 0; g < ng; g++)
    for (uint32_t r = 0; r < m->globals.data[g].nrelocs; r++) {
      const ir_reloc *rl = &m->globals.data[g].relocs[r];
      if (rl->kind == IR_VAL_GLOBAL && rl->target < ng) c->gtracked[rl->target] = false;
    }
  for (size_t fi = 0; fi < m->funcs.len; fi++) {
    if (!c->funcs[fi].reachable) continue;
    const ir_func *f = &m->funcs.data[fi];
    for (uint32_t i = 0; i < f->ninsts; i++) {
      const ir_inst *in = &f->insts[i];
      for (uint32_t k = 0; k < in->nops; k++) {
        ir_value v = in->ops[k];
        if (v.kind != IR_VAL_GLOBAL || v.id >= ng) continue;
        const ir_global *gl = &m->globals.data[v.id];
        bool ok = false;
        if (in->flags & IR_VOLATILE) ok = false; /* may change behind the program's back */
        else if (in->op == IR_LOAD && k == 0)
          ok = v.imm == 0 && in->size == gl->size && is_int(in->type) && in->type.bits == gl->size * 8;
        else if (in->op == IR_STORE && k == 1)
          ok = v.imm == 0 && in->size == gl->size && is_int(in->ops[0].type) && in->ops[0].type.bits == gl->size * 8;
        if (!ok) c->gtracked[v.id] = false;
      }
    }
  }
  /* memory the translation does not follow */
  for (size_t fi = 0; fi < m->funcs.len; fi++) {
    if (!c->funcs[fi].reachable) continue;
    const ir_func *f = &m->funcs.data[fi];
    for (uint32_t i = 0; i < f->ninsts; i++) {
      const ir_inst *in = &f->insts[i];
      if (in->op == IR_LOAD || in->op == IR_STORE) {
        ir_value p = in->ops[in->op == IR_LOAD ? 0 : 1];
        bool tracked = (p.kind == IR_VAL_GLOBAL && p.id < ng && c->gtracked[p.id]) || is_cell(c, (uint32_t)fi, p);
        if (!tracked) c->untracked_memory = true;
      } else if (in->op == IR_CALL) {
        uint32_t first, n = dt_call_targets(c, (uint32_t)fi, i, &first);
        for (uint32_t k = 0; k < n; k++)
          if (builtin_touches_memory(m->funcs.data[c->targets.data[first + k]].builtin)) c->untracked_memory = true;
      } else if (in->op == IR_HAVOC) {
        c->untracked_memory = true; /* an asm's memory output writes untracked memory */
      }
    }
  }
}

/* Cells: an alloca / malloc / calloc / alloca() of 1..8 bytes (constant
 * size) whose pointer is used only as the address of loads and stores of
 * exactly that size, in comparisons, copies and as the argument of free. Under memory safety no
 * other access reaches it; an execution of the allocation makes a new cell
 * (the old one is unreachable), so the cell is one variable per copy of the
 * function: fresh at the allocation (0 for calloc), set by stores. */
static void find_cells(dt_ctx *c) {
  const ir_module *m = c->m;
  for (uint32_t fi = 0; fi < m->funcs.len; fi++) {
    if (!c->funcs[fi].reachable || !m->funcs.data[fi].defined) continue;
    const ir_func *f = &m->funcs.data[fi];
    uint16_t *cb = xcalloc(f->ninsts + 1, sizeof *cb);
    uint32_t *root = xmalloc((f->ninsts + 1) * sizeof *root);
    bool any = false;
    for (uint32_t i = 0; i < f->ninsts; i++) {
      const ir_inst *in = &f->insts[i];
      uint64_t bytes = 0;
      root[i] = DT_NONE;
      if (in->op == IR_ALLOCA && in->nops && in->ops[0].kind == IR_VAL_CONST) {
        bytes = in->size * in->ops[0].imm;
      } else if (in->op == IR_CALL && in->callee != IR_NONE && in->type.kind == IR_TY_PTR) {
        uint8_t b = m->funcs.data[in->callee].builtin;
        if ((b == IR_BUILTIN_MALLOC || b == IR_BUILTIN_ALLOCA) && in->nops == 1 && in->ops[0].kind == IR_VAL_CONST)
          bytes = in->ops[0].imm;
        else if (b == IR_BUILTIN_CALLOC && in->nops == 2 && in->ops[0].kind == IR_VAL_CONST &&
                 in->ops[1].kind == IR_VAL_CONST && in->ops[0].imm <= 8 && in->ops[1].imm <= 8)
          bytes = in->ops[0].imm * in->ops[1].imm;
      } else if (in->op == IR_COPY && in->type.kind == IR_TY_PTR && in->ops[0].kind == IR_VAL_INST &&
                 in->ops[0].id < i) {
        root[i] = root[in->ops[0].id]; /* an alias (bitcast) */
      }
      if (bytes >= 1 && bytes <= 8) cb[i] = (uint16_t)(bytes * 8), root[i] = i, any = true;
    }
    for (uint32_t i = 0; i < f->ninsts && any; i++) {
      const ir_inst *in = &f->insts[i];
      for (uint32_t k = 0; k < in->nops; k++) {
        ir_value v = in->ops[k];
        if (v.kind != IR_VAL_INST || root[v.id] == DT_NONE) continue;
        uint32_t r = root[v.id];
        bool ok = false;
        if (in->flags & IR_VOLATILE) ok = false;
        else if (in->op == IR_LOAD && k == 0) ok = is_int(in->type) && in->type.bits == cb[r] && in->size * 8 == cb[r];
        else if (in->op == IR_STORE && k == 1)
          ok = is_int(in->ops[0].type) && in->ops[0].type.bits == cb[r] && in->size * 8 == cb[r];
        else if (in->op == IR_CALL && in->callee != IR_NONE && m->funcs.data[in->callee].builtin == IR_BUILTIN_FREE)
          ok = true;
        else if (in->op == IR_COPY && root[i] == r)
          ok = true;
        else if (in->op == IR_ICMP) /* comparing the address does not access the cell */
          ok = true;
        if (!ok) cb[r] = 0;
      }
    }
    if (any) {
      c->funcs[fi].cell_bits = cb;
      c->funcs[fi].cell_of = root;
    } else {
      free(cb);
      free(root);
    }
  }
}

/* ---- representation: seed 000, Sect. 2, U_P/S_P (ir/repr.h) -------------------- */

/* The node of the memory that pointer p of function fi addresses when the
 * translation follows it (a tracked global or a cell), IR_NONE otherwise. */
static uint32_t followed_memory(const dt_ctx *c, uint32_t fi, ir_value p, const uint32_t *fbase, uint32_t gbase) {
  if (p.kind == IR_VAL_GLOBAL && c->gtracked[p.id]) return gbase + p.id;
  if (is_cell(c, fi, p)) return fbase[fi] + dt_cell_of(c, fi, p);
  return IR_NONE;
}

/* Nodes: the values of function fi from fbase[fi] on (instruction v, then
 * parameters, as local_index), tracked globals from gbase on. Besides the
 * scan of each reachable function (IR_REPR_RULES_DIRECT), values joined
 * through memory the translation follows (tracked globals, cells) and
 * through calls (arguments with the callee's parameters). */
static void choose_reps(dt_ctx *c) {
  const ir_module *m = c->m;
  size_t nf = m->funcs.len;
  uint32_t *fbase = xmalloc((nf + 1) * sizeof *fbase);
  uint32_t total = 0;
  for (size_t fi = 0; fi < nf; fi++) fbase[fi] = total, total += c->funcs[fi].nvals;
  uint32_t gbase = total;
  total += (uint32_t)m->globals.len;
  ir_repr u;
  ir_repr_init(&u, total);
  for (size_t fi = 0; fi < nf; fi++) {
    if (!c->funcs[fi].reachable) continue;
    const ir_func *f = &m->funcs.data[fi];
    ir_repr_map map = {fbase[fi], fbase[fi] + f->ninsts};
    ir_repr_scan_func(&u, f, map, &IR_REPR_RULES_DIRECT);
    for (uint32_t i = 0; i < f->ninsts; i++) {
      const ir_inst *in = &f->insts[i];
      uint32_t self = fbase[fi] + i;
      if (in->op == IR_LOAD) {
        uint32_t x = followed_memory(c, (uint32_t)fi, in->ops[0], fbase, gbase);
        if (x != IR_NONE) ir_repr_join(&u, self, x);
      } else if (in->op == IR_STORE && val_is_local(in->ops[0])) {
        uint32_t x = followed_memory(c, (uint32_t)fi, in->ops[1], fbase, gbase);
        if (x != IR_NONE) ir_repr_join(&u, fbase[fi] + local_index(f, in->ops[0]), x);
      } else if (in->op == IR_CALL) {
        uint32_t first, n = dt_call_targets(c, (uint32_t)fi, i, &first), a0 = dt_call_arg0(in);
        for (uint32_t t = 0; t < n; t++) {
          uint32_t gi = c->targets.data[first + t];
          const ir_func *g = &m->funcs.data[gi];
          if (!g->defined) continue;
          for (uint32_t k = 0; a0 + k < in->nops && k < g->nparams; k++)
            if (val_is_local(in->ops[a0 + k]) && is_int(in->ops[a0 + k].type) && is_int(g->params[k]))
              ir_repr_join(&u, fbase[fi] + local_index(f, in->ops[a0 + k]), fbase[gi] + g->ninsts + k);
        }
      }
    }
  }
  ir_repr_finish(&u);
  for (size_t fi = 0; fi < nf; fi++) {
    if (!c->funcs[fi].reachable) continue;
    for (uint32_t v = 0; v < c->funcs[fi].nvals; v++) {
      c->funcs[fi].rep[v] = ir_repr_signed(&u, fbase[fi] + v) ? DT_REP_S : DT_REP_U;
      int side = ir_repr_unanimous(&u, fbase[fi] + v);
      c->funcs[fi].math_rep[v] = side < 0 ? DT_REP_S : side > 0 ? DT_REP_U : DT_REP_NONE;
    }
  }
  for (size_t g = 0; g < m->globals.len; g++)
    c->grep[g] = ir_repr_signed(&u, gbase + (uint32_t)g) ? DT_REP_S : DT_REP_U;
  free(fbase);
  ir_repr_free(&u);
}

/* ---- slicing (seed 001, Sect. 3.2: backward slicing w.r.t. the constraints) ---- */

/* Calls fn(c, fi, value) for every local integer value that instruction i
 * reads when the translation encodes it under the current relevance (phi
 * operands are not included: they are read on the incoming edge). */
typedef void (*use_fn)(dt_ctx *c, uint32_t fi, ir_value v, void *arg);

static void inst_uses(dt_ctx *c, uint32_t fi, uint32_t i, use_fn fn, void *arg) {
  const ir_module *m = c->m;
  const ir_func *f = &m->funcs.data[fi];
  const ir_inst *in = &f->insts[i];
  const dt_func *df = &c->funcs[fi];
  switch (in->op) {
  case IR_CONDBR: case IR_SWITCH:
    fn(c, fi, in->ops[0], arg);
    return;
  case IR_RET:
    if (in->nops && df->ret_relevant) fn(c, fi, in->ops[0], arg);
    return;
  case IR_STORE:
    if (in->ops[1].kind == IR_VAL_GLOBAL && c->gtracked[in->ops[1].id] && c->grelevant[in->ops[1].id])
      fn(c, fi, in->ops[0], arg);
    if (is_cell(c, fi, in->ops[1]) && df->relevant[dt_cell_of(c, fi, in->ops[1])]) {
      fn(c, fi, in->ops[0], arg);
      fn(c, fi, in->ops[1], arg); /* the cell lives on (a store is not a full kill for this simple liveness) */
    }
    return;
  case IR_CALL: {
    if (in->callee != IR_NONE && !m->funcs.data[in->callee].defined) {
      if (m->funcs.data[in->callee].builtin == IR_BUILTIN_ASSUME && in->nops) fn(c, fi, in->ops[0], arg);
      return;
    }
    /* the arguments of the relevant parameters of every function it may run
     * (an indirect call of a builtin reads none: its edge only gives the result) */
    uint32_t first, n = dt_call_targets(c, fi, i, &first), a0 = dt_call_arg0(in);
    for (uint32_t t = 0; t < n; t++) {
      uint32_t gi = c->targets.data[first + t];
      const ir_func *g = &m->funcs.data[gi];
      if (!g->defined) continue;
      for (uint32_t k = 0; a0 + k < in->nops && k < g->nparams; k++)
        if (c->funcs[gi].relevant[g->ninsts + k]) fn(c, fi, in->ops[a0 + k], arg);
    }
    return;
  }
  case IR_PHI:
    return;
  default:
    /* results the translation leaves unknown depend on nothing: floats are
     * not modelled, an asm's output is any value */
    if (ir_is_float_op(in->op) || in->op == IR_ASM) return;
    if (!df->relevant[i]) return;
    for (uint32_t k = 0; k < in->nops; k++) fn(c, fi, in->ops[k], arg);
    return;
  }
}

static void mark_use(dt_ctx *c, uint32_t fi, ir_value v, void *arg) {
  bool *changed = arg;
  if (!followed(c, fi, v)) return;
  const ir_func *f = &c->m->funcs.data[fi];
  uint32_t x = is_cell(c, fi, v) ? dt_cell_of(c, fi, v) : local_index(f, v);
  if (!c->funcs[fi].relevant[x]) c->funcs[fi].relevant[x] = *changed = true;
}

static void compute_relevance(dt_ctx *c) {
  const ir_module *m = c->m;
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t fi = 0; fi < m->funcs.len; fi++) {
      if (!c->funcs[fi].reachable || !m->funcs.data[fi].defined) continue;
      const ir_func *f = &m->funcs.data[fi];
      dt_func *df = &c->funcs[fi];
      for (uint32_t i = 0; i < f->ninsts; i++) {
        const ir_inst *in = &f->insts[i];
        inst_uses(c, fi, i, mark_use, &changed);
        if (!df->relevant[i]) continue;
        if (in->op == IR_PHI)
          for (uint32_t k = 0; k < in->nops; k++) mark_use(c, fi, in->ops[k], &changed);
        if (in->op == IR_LOAD && in->ops[0].kind == IR_VAL_GLOBAL && c->gtracked[in->ops[0].id] &&
            !c->grelevant[in->ops[0].id])
          c->grelevant[in->ops[0].id] = changed = true;
        if (in->op == IR_CALL) {
          uint32_t first, n = dt_call_targets(c, fi, i, &first);
          for (uint32_t t = 0; t < n; t++) {
            uint32_t gi = c->targets.data[first + t];
            if (m->funcs.data[gi].defined && !c->funcs[gi].ret_relevant) c->funcs[gi].ret_relevant = changed = true;
          }
        }
      }
    }
  }
  for (uint32_t fi = 0; fi < m->funcs.len; fi++) {
    if (!c->funcs[fi].reachable || !m->funcs.data[fi].defined) continue;
    const ir_func *f = &m->funcs.data[fi];
    for (uint32_t v = 0; v < c->funcs[fi].nvals; v++) {
      ir_type t = v < f->ninsts ? f->insts[v].type : f->params[v - f->ninsts];
      if (!is_int(t)) continue;
      if (c->funcs[fi].relevant[v]) c->info->relevant_values++;
      else c->info->sliced_values++;
      if (c->funcs[fi].relevant[v] && v < f->ninsts && ir_is_float_op(f->insts[v].op)) c->info->float_unknown++;
      if (c->funcs[fi].relevant[v] && v < f->ninsts && f->insts[v].op == IR_ASM) c->info->asm_unknown++;
    }
  }
}

/* ---- liveness (seed 001, Sect. 3.2; ir/cfg.h) ------------------------------------ */
/* Values: the relevant integers and cells of one function (local_index). An
 * instruction reads what inst_uses reports, a relevant phi its operand on
 * the edge; integer results and allocations of cells are defined. */

typedef struct {
  dt_ctx *c;
  uint32_t fi;
} live_arg;

static void gen_use(dt_ctx *c, uint32_t fi, ir_value v, void *arg) {
  uint64_t *bs = arg;
  if (!followed(c, fi, v)) return;
  uint32_t x = is_cell(c, fi, v) ? dt_cell_of(c, fi, v) : local_index(&c->m->funcs.data[fi], v);
  if (c->funcs[fi].relevant[x]) ir_bits_set(bs, x);
}

static uint32_t live_def(void *arg, uint32_t i) {
  const live_arg *la = arg;
  const ir_func *f = &la->c->m->funcs.data[la->fi];
  const dt_func *df = &la->c->funcs[la->fi];
  return is_int(f->insts[i].type) || (df->cell_bits && df->cell_bits[i]) ? i : IR_NONE;
}

static void live_uses(void *arg, uint32_t i, uint64_t *live) {
  const live_arg *la = arg;
  inst_uses(la->c, la->fi, i, gen_use, live);
}

static void live_phi_uses(void *arg, uint32_t i, uint32_t k, uint64_t *live) {
  const live_arg *la = arg;
  if (la->c->funcs[la->fi].relevant[i]) gen_use(la->c, la->fi, la->c->m->funcs.data[la->fi].insts[i].ops[k], live);
}

static void live_before(dt_ctx *c, uint32_t fi, uint32_t b, uint32_t from, uint64_t *live) {
  live_arg la = {c, fi};
  ir_live_fns fns = {live_def, live_uses, live_phi_uses, &la};
  ir_live_before(&c->funcs[fi].live, &c->m->funcs.data[fi], b, from, &fns, live);
}

static void compute_liveness(dt_ctx *c, uint32_t fi) {
  dt_func *df = &c->funcs[fi];
  live_arg la = {c, fi};
  ir_live_fns fns = {live_def, live_uses, live_phi_uses, &la};
  ir_live_init(&df->live, &c->m->funcs.data[fi], df->nvals, 0, &fns);
}

void dt_live_at_node(const dt_ctx *cc, uint32_t n, u32_vec *out) {
  dt_ctx *c = (dt_ctx *)cc; /* live_before only reads */
  assert(n < c->nodes.len);
  const dt_node *nd = &c->nodes.data[n];
  uint32_t inst = nd->instance, block = nd->block, from = nd->first;
  bool at_node = true;
  while (inst != DT_NONE) {
    const dt_instance *I = &c->insts.data[inst];
    const dt_func *df = &c->funcs[I->func];
    uint64_t *live = xcalloc(df->live.words + 1, sizeof *live);
    live_before(c, I->func, block, from, live);
    if (!at_node) ir_bits_clear(live, from - 1); /* the call's result comes back with the return */
    for (uint32_t v = 0; v < df->nvals; v++)
      if (ir_bits_get(live, v)) VEC_PUSH(*out, I->base + v);
    free(live);
    at_node = false;
    if (I->parent == DT_NONE) break;
    block = I->call_block, from = I->call_inst + 1;
    inst = I->parent;
  }
  for (size_t g = 0; g < c->m->globals.len; g++)
    if (c->gtracked[g] && c->grelevant[g]) VEC_PUSH(*out, c->nvals_total + (uint32_t)g);
}

uint32_t dt_gval_instance(const dt_ctx *c, uint32_t gval) {
  /* instances are sorted by base */
  assert(c->insts.len > 0 && gval < c->nvals_total);
  uint32_t lo = 0, hi = (uint32_t)c->insts.len;
  while (hi - lo > 1) {
    uint32_t mid = (lo + hi) / 2;
    if (c->insts.data[mid].base <= gval) lo = mid;
    else hi = mid;
  }
  assert(gval - c->insts.data[lo].base < c->funcs[c->insts.data[lo].func].nvals);
  return lo;
}

uint8_t dt_gval_math_rep(const dt_ctx *c, uint32_t gval) {
  if (gval >= c->nvals_total) return DT_REP_NONE;
  const dt_instance *I = &c->insts.data[dt_gval_instance(c, gval)];
  return c->funcs[I->func].math_rep[gval - I->base];
}

uint8_t dt_gval_rep(const dt_ctx *c, uint32_t gval, unsigned *bits) {
  if (gval >= c->nvals_total) {
    uint32_t g = gval - c->nvals_total;
    assert(g < c->m->globals.len && c->gtracked[g]);
    *bits = c->gbits[g];
    return c->grep[g];
  }
  const dt_instance *I = &c->insts.data[dt_gval_instance(c, gval)];
  const ir_func *f = &c->m->funcs.data[I->func];
  uint32_t v = gval - I->base;
  ir_type t = v < f->ninsts ? f->insts[v].type : f->params[v - f->ninsts];
  *bits = t.bits;
  if (v < f->ninsts && c->funcs[I->func].cell_bits && c->funcs[I->func].cell_bits[v]) *bits = c->funcs[I->func].cell_bits[v];
  return c->funcs[I->func].rep[v];
}

/* ---- instances and the graph of segments ----------------------------------- */

static uint32_t new_instance(dt_ctx *c, uint32_t func, uint32_t parent, uint32_t cb, uint32_t ci, bool summary) {
  assert(func < c->m->funcs.len && c->m->funcs.data[func].defined);
  assert(parent == DT_NONE || parent < c->insts.len);
  dt_instance I = {0};
  I.func = func, I.parent = parent, I.call_block = cb, I.call_inst = ci, I.summary = summary;
  I.depth = parent == DT_NONE ? 0 : c->insts.data[parent].depth + 1;
  I.base = c->nvals_total;
  c->nvals_total += c->funcs[func].nvals;
  VEC_PUSH(c->insts, I);
  c->info->instances++;
  return (uint32_t)c->insts.len - 1;
}

static uint64_t node_key(uint32_t instance, uint32_t first) { return ((uint64_t)instance << 32) | first; }

/* The node starting at instruction `first` of instance `instance`, created
 * (and queued by being new: nodes are processed in order) when absent. */
static uint32_t get_node(dt_ctx *c, uint32_t instance, uint32_t block, uint32_t first) {
  assert(instance < c->insts.len);
  /* a node starts a block or follows a call inside it */
  const ir_func *f = &c->m->funcs.data[c->insts.data[instance].func];
  assert(block < f->nblocks && first >= f->blocks[block].first && first < f->blocks[block].first + f->blocks[block].count);
  bool added;
  uint64_t *slot = u64_map_slot(&c->node_of, node_key(instance, first), c->nodes.len, &added);
  if (!added) return (uint32_t)*slot;
  dt_node n = {0};
  n.instance = instance, n.block = block, n.first = first, n.last = DT_NONE, n.loc = DT_NONE;
  VEC_PUSH(c->nodes, n);
  return (uint32_t)*slot;
}

static void add_edge(dt_ctx *c, uint8_t kind, uint32_t to, uint32_t succ, uint32_t callee_instance) {
  assert(to == DT_NONE ? kind == DT_E_END : to < c->nodes.len);
  dt_edge e = {kind, to, succ, callee_instance};
  VEC_PUSH(c->edges, e);
  if (to != DT_NONE) c->nodes.data[to].npreds++;
}

static uint32_t summary_instance(dt_ctx *c, uint32_t func) {
  if (c->summary_of_func[func] == DT_NONE) c->summary_of_func[func] = new_instance(c, func, DT_NONE, 0, 0, true);
  return c->summary_of_func[func];
}

static uint32_t entry_node(dt_ctx *c, uint32_t instance) {
  const ir_func *f = &c->m->funcs.data[c->insts.data[instance].func];
  return get_node(c, instance, 0, f->blocks[0].first);
}

/* The edges of call instruction i (in block b of instance `instance`) that
 * runs function g: a builtin that ends the run ends it; another builtin
 * (only as the target of an indirect call: a direct one stays inside the
 * segment) continues after the call; a defined function is inlined (a new
 * instance), or, when recursive or beyond the budgets, abstracted (seed 001
 * footnote 3: into the shared copy's entry, and on after the call with a
 * fresh result). */
static void call_edges(dt_ctx *c, uint32_t instance, uint32_t b, uint32_t i, uint32_t g) {
  const ir_func *gf = &c->m->funcs.data[g];
  if (!gf->defined) {
    assert(gf->builtin != IR_BUILTIN_NONE); /* refused before */
    if (builtin_ends_run(gf->builtin)) add_edge(c, DT_E_END, DT_NONE, 0, DT_NONE);
    else add_edge(c, DT_E_BUILTIN, get_node(c, instance, b, i + 1), g, DT_NONE);
    return;
  }
  uint32_t depth = c->insts.data[instance].depth;
  bool inline_it = !c->funcs[g].recursive && depth + 1 <= DT_MAX_DEPTH && c->inlined_insts + gf->ninsts <= DT_INLINE_BUDGET;
  if (inline_it) {
    c->inlined_insts += gf->ninsts;
    uint32_t callee = new_instance(c, g, instance, b, i, false);
    uint32_t to = entry_node(c, callee);
    add_edge(c, DT_E_ENTER, to, 0, callee);
    c->info->inlined_calls++;
  } else {
    uint32_t callee = summary_instance(c, g);
    uint32_t to = entry_node(c, callee);
    add_edge(c, DT_E_SUMMARY, to, 0, callee);
    uint32_t after = get_node(c, instance, b, i + 1);
    add_edge(c, DT_E_SKIP, after, 0, callee);
    c->info->abstracted_calls++;
    c->info->recursion_abstracted = true;
  }
}

/* Can the translation make indirect call i of function fi a choice among
 * its targets (dt_call_targets)? Each real run calls one of them or none:
 * a function pointer computed from the program's own values is one of the
 * address-taken functions (ir_address_taken_funcs), and calling one that
 * does not fit the call, null or data is undefined behaviour, which TRUE
 * does not cover (direct.h). Refused (c->err) when the pointer may come
 * from outside the program (find_foreign_pointers), when no function fits,
 * or when one that may be called has no body. */
static bool indirect_call_ok(dt_ctx *c, uint32_t fi, uint32_t i) {
  const ir_module *m = c->m;
  const ir_func *f = &m->funcs.data[fi];
  const ir_inst *in = &f->insts[i];
  char loc[256];
  ir_loc_format(m, in->loc, loc, sizeof loc);
  uint32_t first, n = dt_call_targets(c, fi, i, &first), how = dt_call_targets_how(c, first);
  if (how == DT_TARGETS_LOOKUP && c->foreign[0]) {
    refuse(c, "indirect call in '%s' at %s: the pointer may be a function outside the program (%s)", f->name, loc,
           c->foreign);
    return false;
  }
  if (n == 0) {
    refuse(c, "indirect call in '%s' at %s: %s", f->name, loc,
           how == DT_TARGETS_CONST    ? "the function's type does not fit the call"
           : how == DT_TARGETS_LEAVES ? "no function the pointer can be fits the call"
                                      : "no function whose address is taken fits the call (the pointer may point "
                                        "anywhere)");
    return false;
  }
  for (uint32_t t = 0; t < n; t++) {
    const ir_func *g = &m->funcs.data[c->targets.data[first + t]];
    if (!g->defined && g->builtin == IR_BUILTIN_NONE) {
      refuse(c, "indirect call in '%s' at %s may call '%s', a function without a body", f->name, loc, g->name);
      return false;
    }
  }
  return true;
}

static void build_node(dt_ctx *c, uint32_t n) {
  const ir_module *m = c->m;
  uint32_t instance = c->nodes.data[n].instance, b = c->nodes.data[n].block;
  uint32_t fi = c->insts.data[instance].func;
  const ir_func *f = &m->funcs.data[fi];
  uint32_t i = c->nodes.data[n].first, end = f->blocks[b].first + f->blocks[b].count;
  char loc[256];
  for (; i < end; i++) {
    const ir_inst *in = &f->insts[i];
    if (ir_is_terminator(in->op)) break;
    if (in->op != IR_CALL) continue;
    if (in->callee == IR_NONE) {
      if (!indirect_call_ok(c, fi, i)) return;
      break; /* the edges make the choice among its targets */
    }
    const ir_func *g = &m->funcs.data[in->callee];
    if (g->defined) break;
    if (builtin_ends_run(g->builtin)) break;
    if (g->builtin == IR_BUILTIN_NONE) {
      refuse(c, "call to unknown function '%s' at %s", g->name, ir_loc_format(m, in->loc, loc, sizeof loc));
      return;
    }
  }
  if (i >= end) {
    refuse(c, "block without terminator in '%s'", f->name);
    return;
  }
  c->nodes.data[n].last = i;
  c->nodes.data[n].edge0 = (uint32_t)c->edges.len;
  const ir_inst *in = &f->insts[i];
  switch (in->op) {
  case IR_BR: case IR_CONDBR: case IR_SWITCH:
    for (uint32_t k = 0; k < in->ntargets; k++) {
      uint32_t t = in->targets[k];
      uint32_t to = get_node(c, instance, t, f->blocks[t].first);
      add_edge(c, DT_E_BRANCH, to, k, DT_NONE);
    }
    break;
  case IR_RET: {
    const dt_instance *I = &c->insts.data[instance];
    if (I->parent == DT_NONE) {
      add_edge(c, DT_E_END, DT_NONE, 0, DT_NONE);
    } else {
      uint32_t to = get_node(c, I->parent, I->call_block, I->call_inst + 1);
      add_edge(c, DT_E_RETURN, to, 0, DT_NONE);
    }
    break;
  }
  case IR_UNREACHABLE:
    add_edge(c, DT_E_END, DT_NONE, 0, DT_NONE);
    break;
  case IR_CALL: {
    if (in->callee != IR_NONE) {
      call_edges(c, instance, b, i, in->callee);
      break;
    }
    /* an indirect call: one choice per target (indirect_call_ok) */
    uint32_t first, nt = dt_call_targets(c, fi, i, &first);
    assert(nt >= 1);
    for (uint32_t t = 0; t < nt; t++) call_edges(c, instance, b, i, c->targets.data[first + t]);
    c->info->indirect_calls++;
    if (dt_call_targets_how(c, first) != DT_TARGETS_CONST) c->info->indirect_choices++;
    break;
  }
  default:
    refuse(c, "unexpected terminator in '%s'", f->name);
    return;
  }
  c->nodes.data[n].nedges = (uint32_t)c->edges.len - c->nodes.data[n].edge0;
}

/* The whole graph of segments (internal.h): every node has its segment and
 * its edges, every edge a node of the right instance or END. */
static bool graph_valid(const dt_ctx *c) {
  for (uint32_t n = 0; n < c->nodes.len; n++) {
    const dt_node *nd = &c->nodes.data[n];
    if (nd->instance >= c->insts.len || nd->last == DT_NONE || nd->last < nd->first) return false;
    if (nd->edge0 + (uint64_t)nd->nedges > c->edges.len) return false;
    for (uint32_t k = 0; k < nd->nedges; k++) {
      const dt_edge *e = &c->edges.data[nd->edge0 + k];
      if ((e->to == DT_NONE) != (e->kind == DT_E_END) || (e->to != DT_NONE && e->to >= c->nodes.len)) return false;
      if ((e->kind == DT_E_ENTER || e->kind == DT_E_SUMMARY) &&
          (e->callee_instance >= c->insts.len || c->nodes.data[e->to].instance != e->callee_instance))
        return false;
      if ((e->kind == DT_E_BRANCH || e->kind == DT_E_SKIP || e->kind == DT_E_BUILTIN) &&
          c->nodes.data[e->to].instance != nd->instance)
        return false;
      if (e->kind == DT_E_BUILTIN && (e->succ >= c->m->funcs.len || c->m->funcs.data[e->succ].defined)) return false;
    }
  }
  for (uint32_t i = 1; i < c->insts.len; i++)
    if (c->insts.data[i].base < c->insts.data[i - 1].base) return false; /* dt_gval_instance searches by base */
  return true;
}

bool dt_program_build(dt_ctx *c) {
  const ir_module *m = c->m;
  uint32_t mainf = ir_func_find(m, "main");
  if (mainf == IR_NONE || !m->funcs.data[mainf].defined) {
    refuse(c, "no function main");
    return false;
  }
  size_t nf = m->funcs.len, ng = m->globals.len;
  c->funcs = xcalloc(nf ? nf : 1, sizeof *c->funcs);
  for (size_t fi = 0; fi < nf; fi++) {
    dt_func *df = &c->funcs[fi];
    df->nvals = dt_nvals(&m->funcs.data[fi]);
    df->rep = xcalloc(df->nvals + 1, 1);
    df->math_rep = xmalloc(df->nvals + 1);
    memset(df->math_rep, DT_REP_NONE, df->nvals + 1);
    df->relevant = xcalloc(df->nvals + 1, sizeof *df->relevant);
  }
  c->gtracked = xcalloc(ng + 1, sizeof *c->gtracked);
  c->grelevant = xcalloc(ng + 1, sizeof *c->grelevant);
  c->grep = xcalloc(ng + 1, 1);
  c->gbits = xcalloc(ng + 1, sizeof *c->gbits);
  c->summary_of_func = xmalloc((nf + 1) * sizeof *c->summary_of_func);
  for (size_t fi = 0; fi < nf; fi++) c->summary_of_func[fi] = DT_NONE;

  c->taken = xcalloc(nf + 1, sizeof *c->taken);
  ir_address_taken_funcs(m, c->taken);
  mark_reachable(c, mainf);
  mark_recursive(c);
  find_foreign_pointers(c);
  find_cells(c);
  find_tracked_globals(c);
  choose_reps(c);
  compute_relevance(c);
  for (size_t g = 0; g < ng; g++) c->info->tracked_globals += c->gtracked[g] && c->grelevant[g];
  for (uint32_t fi = 0; fi < nf; fi++)
    if (c->funcs[fi].reachable && m->funcs.data[fi].defined) compute_liveness(c, fi);

  uint32_t root = new_instance(c, mainf, DT_NONE, 0, 0, false);
  entry_node(c, root);
  for (uint32_t n = 0; n < c->nodes.len && !c->failed; n++) build_node(c, n);
  c->info->nodes = (uint32_t)c->nodes.len;
  assert(c->failed || graph_valid(c));
  return !c->failed;
}

void dt_program_free(dt_ctx *c) {
  if (c->funcs) {
    for (size_t fi = 0; fi < c->m->funcs.len; fi++) {
      dt_func *df = &c->funcs[fi];
      free(df->rep);
      free(df->math_rep);
      free(df->relevant);
      free(df->cell_bits);
      free(df->cell_of);
      ir_live_free(&df->live);
    }
    free(c->funcs);
  }
  free(c->gtracked);
  free(c->grelevant);
  free(c->grep);
  free(c->gbits);
  free(c->summary_of_func);
  free(c->taken);
  VEC_FREE(c->targets);
  u64_map_free(&c->targets_of);
  VEC_FREE(c->insts);
  VEC_FREE(c->nodes);
  VEC_FREE(c->edges);
  u64_map_free(&c->node_of);
}
