/* ir_print: the textual form of bitprove IR (what --dump-ir shows).
 *
 *   global @name : SIZE bytes, align A [constant] [external]
 *     init: hex bytes (trailing zeros elided)   reloc +OFF -> @target+ADDEND
 *   declare TYPE @name(TYPES) builtin NAME
 *   define TYPE @name(TYPE %p, ...) {            ; file:line
 *   b0:                                          ; entry
 *     %3 = add nsw i32 %x.1, 1                   ; file:line:col
 *   }
 *
 * Values: %N (instruction N), %name.N (named instruction N), %param, i32 5,
 * @global+off, @func, null, undef. Types: iN, ptr, void. */
#include "ir.h"

#include <inttypes.h>
#include <string.h>

static void print_type(ir_type t, FILE *out) {
  switch (t.kind) {
  case IR_TY_VOID: fputs("void", out); break;
  case IR_TY_INT: fprintf(out, "i%u", t.bits); break;
  default: fputs("ptr", out); break;
  }
}

static void print_value(const ir_module *m, const ir_func *f, ir_value v, FILE *out) {
  switch (v.kind) {
  case IR_VAL_CONST:
    if (v.type.bits == 1) fputs(v.imm ? "true" : "false", out);
    else if (v.type.kind == IR_TY_INT && ir_const_signed(v) < 0) fprintf(out, "%" PRId64, ir_const_signed(v));
    else fprintf(out, "%" PRIu64, v.imm);
    break;
  case IR_VAL_INST:
    if (f && v.id < f->ninsts && f->insts[v.id].name) fprintf(out, "%%%s.%u", f->insts[v.id].name, v.id);
    else fprintf(out, "%%%u", v.id);
    break;
  case IR_VAL_ARG:
    if (f && v.id < f->nparams && f->param_names[v.id]) fprintf(out, "%%%s", f->param_names[v.id]);
    else fprintf(out, "%%arg%u", v.id);
    break;
  case IR_VAL_GLOBAL:
    fprintf(out, "@%s", v.id < m->globals.len ? m->globals.data[v.id].name : "?");
    if (v.imm) fprintf(out, "+%" PRIu64, v.imm);
    break;
  case IR_VAL_FUNC: fprintf(out, "@%s", v.id < m->funcs.len ? m->funcs.data[v.id].name : "?"); break;
  case IR_VAL_NULL: fputs("null", out); break;
  case IR_VAL_UNDEF: fputs("undef", out); break;
  default: fputs("<none>", out); break;
  }
}

static void print_typed_value(const ir_module *m, const ir_func *f, ir_value v, FILE *out) {
  print_type(v.type, out);
  fputc(' ', out);
  print_value(m, f, v, out);
}

static void print_loc_comment(const ir_module *m, ir_loc loc, FILE *out) {
  if (!loc.line) return;
  char buf[512];
  fprintf(out, "  ; %s", ir_loc_format(m, loc, buf, sizeof buf));
}

static void print_flags(unsigned flags, FILE *out) {
  if (flags & IR_NUW) fputs(" nuw", out);
  if (flags & IR_NSW) fputs(" nsw", out);
  if (flags & IR_EXACT) fputs(" exact", out);
  if (flags & IR_INBOUNDS) fputs(" inbounds", out);
  if (flags & IR_VOLATILE) fputs(" volatile", out);
  if (flags & IR_UNSIGNED_SHL) fputs(" unsigned", out);
  /* IR_ASM_MEMORY is printed by the asm itself (the bit means nothing elsewhere) */
}

static const char *const ovf_names[] = {"sadd", "uadd", "ssub", "usub", "smul", "umul"};

static void print_inst(const ir_module *m, const ir_func *f, uint32_t id, FILE *out) {
  const ir_inst *in = &f->insts[id];
  fputs("  ", out);
  if (in->type.kind != IR_TY_VOID) {
    print_value(m, f, ir_result(f, id), out);
    fputs(" = ", out);
  }
  fputs(ir_opcode_name((ir_opcode)in->op), out);
  print_flags(in->flags, out);
  switch (in->op) {
  case IR_ICMP: fprintf(out, " %s", ir_pred_name((ir_pred)in->pred)); break;
  case IR_OVERFLOW: fprintf(out, " %s", in->pred < 6 ? ovf_names[in->pred] : "?"); break;
  case IR_FCMP: fprintf(out, " %s", ir_fpred_name((ir_fpred)in->pred)); break;
  case IR_FMATH: fprintf(out, " %s", ir_fmath_name((ir_fmath)in->pred)); break;
  case IR_ASM: if (in->flags & IR_ASM_MEMORY) fputs(" memory", out); break;
  case IR_HAVOC: fprintf(out, " %" PRIu64, in->size); break;
  default: break;
  }
  switch (in->op) {
  case IR_PHI:
    fputc(' ', out);
    print_type(in->type, out);
    for (uint32_t i = 0; i < in->nops; i++) {
      fputs(i ? ", [" : " [", out);
      print_value(m, f, in->ops[i], out);
      fprintf(out, ", b%u]", in->ntargets > i ? in->targets[i] : IR_NONE);
    }
    break;
  case IR_ALLOCA:
    fprintf(out, " %" PRIu64 " x ", in->size);
    print_typed_value(m, f, in->ops[0], out);
    fprintf(out, ", align %u", in->align);
    break;
  case IR_LOAD:
    fputc(' ', out);
    print_type(in->type, out);
    fputs(", ", out);
    print_typed_value(m, f, in->ops[0], out);
    fprintf(out, ", align %u", in->align);
    break;
  case IR_CALL: {
    fputc(' ', out);
    print_type(in->type, out);
    fputc(' ', out);
    uint32_t first = 0;
    if (in->callee != IR_NONE && in->callee < m->funcs.len) {
      fprintf(out, "@%s", m->funcs.data[in->callee].name);
    } else {
      print_value(m, f, in->nops ? in->ops[0] : (ir_value){0}, out);
      first = 1;
    }
    fputc('(', out);
    for (uint32_t i = first; i < in->nops; i++) {
      if (i > first) fputs(", ", out);
      print_typed_value(m, f, in->ops[i], out);
    }
    fputc(')', out);
    break;
  }
  case IR_BR: fprintf(out, " b%u", in->targets[0]); break;
  case IR_CONDBR:
    fputc(' ', out);
    print_typed_value(m, f, in->ops[0], out);
    fprintf(out, ", b%u, b%u", in->targets[0], in->targets[1]);
    break;
  case IR_SWITCH:
    fputc(' ', out);
    print_typed_value(m, f, in->ops[0], out);
    fprintf(out, ", default b%u [", in->targets[0]);
    for (uint32_t i = 1; i < in->ntargets; i++) {
      ir_value c = ir_const(in->ops[0].type, in->case_values[i - 1]);
      fputs(i > 1 ? ", " : "", out);
      print_value(m, f, c, out);
      fprintf(out, ": b%u", in->targets[i]);
    }
    fputc(']', out);
    break;
  default:
    if (ir_is_cast(in->op) && in->op != IR_COPY) {
      fputc(' ', out);
      print_typed_value(m, f, in->ops[0], out);
      fputs(" to ", out);
      print_type(in->type, out);
    } else {
      for (uint32_t i = 0; i < in->nops; i++) {
        fputs(i ? ", " : " ", out);
        print_typed_value(m, f, in->ops[i], out);
      }
      if (in->op == IR_STORE) fprintf(out, ", align %u", in->align);
    }
    break;
  }
  print_loc_comment(m, in->loc, out);
  if (in->var) fprintf(out, "%s C variable %s", in->loc.line ? "," : "  ;", in->var);
  fputc('\n', out);
}

static void print_signature(const ir_module *m, const ir_func *f, FILE *out) {
  print_type(f->ret, out);
  fprintf(out, " @%s(", f->name);
  for (uint32_t i = 0; i < f->nparams; i++) {
    if (i) fputs(", ", out);
    print_type(f->params[i], out);
    if (f->defined) {
      fputc(' ', out);
      print_value(m, f, ir_arg_val(f->params[i], i), out);
    }
  }
  if (f->variadic) fputs(f->nparams ? ", ..." : "...", out);
  fputc(')', out);
}

void ir_print_func(const ir_module *m, const ir_func *f, FILE *out) {
  if (!f->defined) {
    fputs("declare ", out);
    print_signature(m, f, out);
    if (f->builtin) fprintf(out, " builtin %s", ir_builtin_name((ir_builtin)f->builtin));
    fputc('\n', out);
    return;
  }
  fputs("define ", out);
  print_signature(m, f, out);
  fputs(" {", out);
  print_loc_comment(m, f->loc, out);
  fputc('\n', out);
  for (uint32_t b = 0; b < f->nblocks; b++) {
    const ir_block *blk = &f->blocks[b];
    fprintf(out, "b%u:", b);
    if (blk->name) fprintf(out, "  ; %s", blk->name);
    fputc('\n', out);
    for (uint32_t i = 0; i < blk->count; i++) print_inst(m, f, blk->first + i, out);
  }
  fputs("}\n", out);
}

static void print_global(const ir_module *m, const ir_global *g, FILE *out) {
  fprintf(out, "global @%s : %" PRIu64 " bytes, align %u%s%s", g->name, g->size, g->align,
          g->constant ? " constant" : "", g->external ? " external" : "");
  print_loc_comment(m, g->loc, out);
  fputc('\n', out);
  if (g->init) {
    uint64_t last = g->size;
    while (last > 0 && g->init[last - 1] == 0) last--;
    if (last > 0) {
      fputs("  init:", out);
      uint64_t shown = last > 256 ? 256 : last;
      for (uint64_t i = 0; i < shown; i++) fprintf(out, " %02x", g->init[i]);
      if (shown < last) fprintf(out, " ... (%" PRIu64 " more)", last - shown);
      fputc('\n', out);
    }
  }
  for (uint32_t r = 0; r < g->nrelocs; r++) {
    const ir_reloc *rl = &g->relocs[r];
    const char *target = rl->kind == IR_VAL_FUNC
                             ? (rl->target < m->funcs.len ? m->funcs.data[rl->target].name : "?")
                             : (rl->target < m->globals.len ? m->globals.data[rl->target].name : "?");
    fprintf(out, "  reloc +%" PRIu64 " -> @%s+%" PRIu64 "\n", rl->offset, target, rl->addend);
  }
}

void ir_print_module(const ir_module *m, FILE *out) {
  fprintf(out, "; bitprove IR: %s, pointer width %u\n", m->source_name ? m->source_name : "?", m->ptr_bits);
  for (size_t i = 0; i < m->globals.len; i++) print_global(m, &m->globals.data[i], out);
  if (m->globals.len) fputc('\n', out);
  for (size_t i = 0; i < m->funcs.len; i++)
    if (!m->funcs.data[i].defined) ir_print_func(m, &m->funcs.data[i], out);
  for (size_t i = 0; i < m->funcs.len; i++) {
    if (!m->funcs.data[i].defined) continue;
    fputc('\n', out);
    ir_print_func(m, &m->funcs.data[i], out);
  }
  for (size_t i = 0; i < m->unsupported.len; i++) {
    char buf[512];
    fprintf(out, "; unsupported: %s at %s\n", m->unsupported.data[i].what,
            ir_loc_format(m, m->unsupported.data[i].loc, buf, sizeof buf));
  }
}
