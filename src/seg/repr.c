/* repr: per-function static information for the SEG (internal.h), computed
 * by the shared IR analyses:
 *  - the representation of every value slot, by the U_P / S_P vote of seed
 *    000 Sect. 2 (ir/repr.h, IR_REPR_RULES_SEG);
 *  - loop headers (ir/cfg.h: targets of back edges of a DFS from the entry);
 *  - liveness of slots at each block's first non-phi instruction (ir/cfg.h,
 *    every operand is a use, every instruction defines its slot).
 * The representation only affects precision, never soundness (seed 000:
 * "failure of the above heuristic ... only affects the performance"). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static bool is_plain_int(ir_type t) { return t.kind == IR_TY_INT && t.bits > 1; }

static ir_type slot_type(const ir_func *f, uint32_t s) {
  return s < f->nparams ? f->params[s] : f->insts[s - f->nparams].type;
}

static void compute_repr(seg_func_info *fi, const ir_func *f) {
  ir_repr r;
  ir_repr_init(&r, fi->nslots);
  ir_repr_map map = {seg_slot_of_inst(f, 0), seg_slot_of_arg(0)};
  ir_repr_scan_func(&r, f, map, &IR_REPR_RULES_SEG);
  ir_repr_finish(&r);
  /* i1 and pointers: unsigned */
  for (uint32_t i = 0; i < fi->nslots; i++) fi->is_signed[i] = is_plain_int(slot_type(f, i)) && ir_repr_signed(&r, i);
  ir_repr_free(&r);
}

/* ---- liveness: every operand is a use, every instruction defines its slot ---- */

static uint32_t slot_of(const ir_func *f, ir_value v) {
  if (v.kind == IR_VAL_INST && v.id < f->ninsts) return seg_slot_of_inst(f, v.id);
  if (v.kind == IR_VAL_ARG && v.id < f->nparams) return seg_slot_of_arg(v.id);
  return IR_NONE;
}

static void use_val(const ir_func *f, ir_value v, uint64_t *live) {
  uint32_t s = slot_of(f, v);
  if (s != IR_NONE) ir_bits_set(live, s);
}

static uint32_t live_def(void *arg, uint32_t inst) { return seg_slot_of_inst(arg, inst); }

static void live_uses(void *arg, uint32_t inst, uint64_t *live) {
  const ir_func *f = arg;
  const ir_inst *in = &f->insts[inst];
  for (uint32_t k = 0; k < in->nops; k++) use_val(f, in->ops[k], live);
}

static void live_phi_uses(void *arg, uint32_t inst, uint32_t k, uint64_t *live) {
  const ir_func *f = arg;
  use_val(f, f->insts[inst].ops[k], live);
}

/* Above this many bytes of a bool-per-slot liveness table every slot counts
 * as live in every block: sound, projection just keeps more. (The bitsets
 * are 8 times smaller; the bound is kept so results do not change.) */
#define SEG_LIVE_MAX_BYTES ((size_t)64 << 20)

static void compute_liveness(seg_func_info *fi, const ir_func *f) {
  uint32_t nb = f->nblocks, n = fi->nslots;
  size_t rowsz = n ? n : 1;
  if ((size_t)nb * rowsz > SEG_LIVE_MAX_BYTES) {
    fi->all_live = true;
    return;
  }
  ir_live_fns fns = {live_def, live_uses, live_phi_uses, (void *)f};
  ir_live_init(&fi->live, f, n, 0, &fns);
}

void seg_func_info_init(seg_func_info *fi, const ir_func *f) {
  memset(fi, 0, sizeof *fi);
  fi->nslots = f->nparams + f->ninsts;
  fi->is_signed = xcalloc(fi->nslots ? fi->nslots : 1, sizeof(bool));
  fi->loop_header = xcalloc(f->nblocks ? f->nblocks : 1, sizeof(bool));
  compute_repr(fi, f);
  ir_loop_headers(f, fi->loop_header);
  fi->join_block = xcalloc(f->nblocks ? f->nblocks : 1, sizeof(bool));
  ir_join_blocks(f, fi->join_block);
  for (uint32_t b = 0; b < f->nblocks; b++) /* loop headers have graph.c's generalization strategy */
    if (fi->loop_header[b]) fi->join_block[b] = false;
  compute_liveness(fi, f);
  fi->has_info = true;
}

void seg_func_info_free(seg_func_info *fi) {
  ir_live_free(&fi->live);
  free(fi->is_signed);
  free(fi->loop_header);
  free(fi->join_block);
  memset(fi, 0, sizeof *fi);
}
