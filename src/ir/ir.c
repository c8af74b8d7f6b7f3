/* ir: module construction, the function builder and name tables.
 * See ir.h for the data model and contracts. */
#include "ir.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ir_arith.h"

int64_t ir_const_signed(ir_value v) { return ir_sext(v.imm, v.type.bits); }

/* ---- builtins ----------------------------------------------------------- */
static const char *const builtin_names[] = {
#define IR_BUILTIN_NAME(id, name) name,
    IR_BUILTINS(IR_BUILTIN_NAME)
#undef IR_BUILTIN_NAME
};

const char *ir_builtin_name(ir_builtin b) {
  return (unsigned)b < IR_BUILTIN_COUNT ? builtin_names[b] : "?";
}

ir_builtin ir_builtin_of_name(const char *name) {
  if (!name || !*name) return IR_BUILTIN_NONE;
  if (strncmp(name, "__VERIFIER_nondet_", 18) == 0 && name[18]) return IR_BUILTIN_NONDET;
  for (int b = 1; b < IR_BUILTIN_COUNT; b++)
    if (b != IR_BUILTIN_NONDET && strcmp(name, builtin_names[b]) == 0) return (ir_builtin)b;
  return IR_BUILTIN_NONE;
}

ir_builtin ir_func_effective_builtin(const ir_func *f) {
  ir_builtin by_name = ir_builtin_of_name(f->name);
  if (!f->defined) return f->builtin != IR_BUILTIN_NONE ? (ir_builtin)f->builtin : by_name;
  switch (by_name) {
  case IR_BUILTIN_NONDET: return f->builtin == IR_BUILTIN_NONE ? IR_BUILTIN_NONE : by_name;
  case IR_BUILTIN_ASSUME: case IR_BUILTIN_REACH_ERROR: case IR_BUILTIN_VERIFIER_ERROR: return by_name;
  default: return IR_BUILTIN_NONE;
  }
}

/* ---- names ---------------------------------------------------------------- */
static const char *const opcode_names[IR_OPCODE_COUNT] = {
    [IR_ADD] = "add", [IR_SUB] = "sub", [IR_MUL] = "mul", [IR_UDIV] = "udiv",
    [IR_SDIV] = "sdiv", [IR_UREM] = "urem", [IR_SREM] = "srem", [IR_SHL] = "shl",
    [IR_LSHR] = "lshr", [IR_ASHR] = "ashr", [IR_AND] = "and", [IR_OR] = "or",
    [IR_XOR] = "xor", [IR_ICMP] = "icmp", [IR_SELECT] = "select", [IR_TRUNC] = "trunc",
    [IR_ZEXT] = "zext", [IR_SEXT] = "sext", [IR_PTRTOINT] = "ptrtoint",
    [IR_INTTOPTR] = "inttoptr", [IR_COPY] = "copy", [IR_PTRADD] = "ptradd",
    [IR_OVERFLOW] = "overflow", [IR_PHI] = "phi", [IR_ALLOCA] = "alloca",
    [IR_LOAD] = "load", [IR_STORE] = "store", [IR_CALL] = "call", [IR_BR] = "br",
    [IR_CONDBR] = "condbr", [IR_SWITCH] = "switch", [IR_RET] = "ret",
    [IR_UNREACHABLE] = "unreachable", [IR_FADD] = "fadd", [IR_FSUB] = "fsub",
    [IR_FMUL] = "fmul", [IR_FDIV] = "fdiv", [IR_FREM] = "frem", [IR_FCMP] = "fcmp",
    [IR_FPTOSI] = "fptosi", [IR_FPTOUI] = "fptoui", [IR_SITOFP] = "sitofp",
    [IR_UITOFP] = "uitofp", [IR_FPEXT] = "fpext", [IR_FPTRUNC] = "fptrunc",
    [IR_FMATH] = "fmath", [IR_ASM] = "asm", [IR_HAVOC] = "havoc",
};

const char *ir_opcode_name(ir_opcode op) {
  return (unsigned)op < IR_OPCODE_COUNT && opcode_names[op] ? opcode_names[op] : "?";
}

static const char *const pred_names[] = {"eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle"};

const char *ir_pred_name(ir_pred p) { return (unsigned)p <= IR_SLE ? pred_names[p] : "?"; }

static const char *const fpred_names[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                          "uno", "ueq", "ugt", "uge", "ult", "ule", "une", "true"};

const char *ir_fpred_name(ir_fpred p) { return (unsigned)p <= IR_FTRUE ? fpred_names[p] : "?"; }

static const char *const fmath_names[] = {"sqrt", "floor", "ceil", "trunc", "round", "rint", "fmin", "fmax"};

const char *ir_fmath_name(ir_fmath f) { return (unsigned)f < IR_FM_COUNT ? fmath_names[f] : "?"; }

const char *ir_loc_format(const ir_module *m, ir_loc loc, char *buf, size_t n) {
  if (loc.file == IR_NONE || loc.file >= m->files.len) {
    if (loc.line) snprintf(buf, n, "?:%u:%u", loc.line, loc.col);
    else snprintf(buf, n, "?");
  } else {
    snprintf(buf, n, "%s:%u:%u", m->files.data[loc.file], loc.line, loc.col);
  }
  return buf;
}

/* ---- module ------------------------------------------------------------- */
ir_module *ir_module_new(unsigned ptr_bits, const char *source_name) {
  ir_module *m = xcalloc(1, sizeof *m);
  arena_init(&m->mem);
  m->ptr_bits = ptr_bits;
  m->source_name = source_name ? arena_strdup(&m->mem, source_name) : NULL;
  return m;
}

void ir_module_free(ir_module *m) {
  if (!m) return;
  for (size_t i = 0; i < m->funcs.len; i++) {
    free(m->funcs.data[i].blocks);
    free(m->funcs.data[i].insts);
  }
  VEC_FREE(m->funcs);
  VEC_FREE(m->globals);
  VEC_FREE(m->files);
  VEC_FREE(m->unsupported);
  VEC_FREE(m->unreached_decls);
  VEC_FREE(m->unreached_data);
  arena_free(&m->mem);
  free(m);
}

uint32_t ir_module_file(ir_module *m, const char *path) {
  for (size_t i = 0; i < m->files.len; i++)
    if (strcmp(m->files.data[i], path) == 0) return (uint32_t)i;
  VEC_PUSH(m->files, arena_strdup(&m->mem, path));
  return (uint32_t)(m->files.len - 1);
}

void ir_module_unsupported(ir_module *m, const char *what, ir_loc loc) {
  ir_unsupported u = {arena_strdup(&m->mem, what), loc, false};
  VEC_PUSH(m->unsupported, u);
}

uint32_t ir_func_add(ir_module *m, const char *name, ir_type ret, uint32_t nparams,
                     const ir_type *params, bool variadic) {
  ir_func f = {0};
  assert(name && (nparams == 0 || params));
  f.name = arena_strdup(&m->mem, name);
  f.ret = ret;
  f.nparams = nparams;
  f.params = arena_memdup(&m->mem, params, nparams * sizeof *params);
  f.param_names = arena_alloc(&m->mem, nparams * sizeof *f.param_names);
  f.variadic = variadic;
  f.builtin = (uint8_t)ir_builtin_of_name(name);
  f.loc = ir_loc_none();
  VEC_PUSH(m->funcs, f);
  return (uint32_t)(m->funcs.len - 1);
}

uint32_t ir_func_find(const ir_module *m, const char *name) {
  for (size_t i = 0; i < m->funcs.len; i++)
    if (strcmp(m->funcs.data[i].name, name) == 0) return (uint32_t)i;
  return IR_NONE;
}

uint32_t ir_global_add(ir_module *m, const char *name, uint64_t size, uint32_t align) {
  ir_global g = {0};
  g.name = arena_strdup(&m->mem, name);
  g.size = size;
  g.align = align ? align : 1;
  g.loc = ir_loc_none();
  VEC_PUSH(m->globals, g);
  return (uint32_t)(m->globals.len - 1);
}

uint32_t ir_global_find(const ir_module *m, const char *name) {
  for (size_t i = 0; i < m->globals.len; i++)
    if (strcmp(m->globals.data[i].name, name) == 0) return (uint32_t)i;
  return IR_NONE;
}

/* ---- builder -------------------------------------------------------------- */
void ir_build_begin(ir_builder *b, ir_module *m, uint32_t func) {
  memset(b, 0, sizeof *b);
  b->m = m;
  b->func = func;
  b->cur_block = IR_NONE;
}

uint32_t ir_build_new_block(ir_builder *b, const char *name) {
  ir_block blk = {0, 0, name && *name ? arena_strdup(&b->m->mem, name) : NULL};
  VEC_PUSH(b->blocks, blk);
  return (uint32_t)(b->blocks.len - 1);
}

void ir_build_block(ir_builder *b, uint32_t block) {
  /* Blocks are filled in increasing order so their instructions are contiguous. */
  if (block >= b->blocks.len || (b->cur_block != IR_NONE && block <= b->cur_block)) {
    util_error("internal error: ir_build_block(%u) out of order", block);
    abort();
  }
  b->cur_block = block;
  b->blocks.data[block].first = (uint32_t)b->insts.len;
  b->blocks.data[block].count = 0;
}

uint32_t ir_build_emit(ir_builder *b, const ir_inst *proto) {
  if (b->cur_block == IR_NONE) {
    util_error("internal error: instruction emitted outside a block");
    abort();
  }
  arena *a = &b->m->mem;
  ir_inst in = *proto;
  in.block = b->cur_block;
  in.ops = in.nops ? arena_memdup(a, proto->ops, in.nops * sizeof *in.ops) : NULL;
  in.targets = in.ntargets ? arena_memdup(a, proto->targets, in.ntargets * sizeof *in.targets) : NULL;
  if (proto->case_values && in.ntargets > 1)
    in.case_values = arena_memdup(a, proto->case_values, (in.ntargets - 1) * sizeof *in.case_values);
  else
    in.case_values = NULL;
  if (proto->name) in.name = arena_strdup(a, proto->name);
  VEC_PUSH(b->insts, in);
  b->blocks.data[b->cur_block].count++;
  /* the current block's instructions are the last ones: blocks stay contiguous */
  assert(b->blocks.data[b->cur_block].first + b->blocks.data[b->cur_block].count == b->insts.len);
  return (uint32_t)(b->insts.len - 1);
}

ir_inst *ir_build_inst(ir_builder *b, uint32_t id) {
  assert(id < b->insts.len);
  return &b->insts.data[id];
}

void ir_build_finish(ir_builder *b) {
  assert(b->func < b->m->funcs.len);
  ir_func *f = &b->m->funcs.data[b->func];
  free(f->blocks);
  free(f->insts);
  f->blocks = b->blocks.data;
  f->nblocks = (uint32_t)b->blocks.len;
  f->insts = b->insts.data;
  f->ninsts = (uint32_t)b->insts.len;
  f->defined = true;
  f->builtin = IR_BUILTIN_NONE;
  memset(&b->blocks, 0, sizeof b->blocks);
  memset(&b->insts, 0, sizeof b->insts);
}

static ir_inst proto_of(ir_opcode op, ir_type t, ir_loc loc) {
  ir_inst in = {0};
  in.op = (uint8_t)op;
  in.type = t;
  in.callee = IR_NONE;
  in.loc = loc;
  return in;
}

uint32_t ir_emit_binary(ir_builder *b, ir_opcode op, unsigned flags, ir_value x, ir_value y, ir_loc loc) {
  /* operands and result of one type (ir.h, binary and float arithmetic) */
  assert((ir_is_binary(op) || ir_is_float_op(op)) && ir_type_eq(x.type, y.type));
  ir_inst in = proto_of(op, x.type, loc);
  ir_value ops[2] = {x, y};
  in.flags = (uint8_t)flags;
  in.nops = 2;
  in.ops = ops;
  return ir_build_emit(b, &in);
}

uint32_t ir_emit_icmp(ir_builder *b, ir_pred p, ir_value x, ir_value y, ir_loc loc) {
  assert(p <= IR_SLE && ir_type_eq(x.type, y.type));
  ir_inst in = proto_of(IR_ICMP, ir_type_int(1), loc);
  ir_value ops[2] = {x, y};
  in.pred = (uint8_t)p;
  in.nops = 2;
  in.ops = ops;
  return ir_build_emit(b, &in);
}

uint32_t ir_emit_cast(ir_builder *b, ir_opcode op, ir_type to, ir_value x, ir_loc loc) {
  assert(ir_is_cast(op) || ir_is_float_op(op));
  ir_inst in = proto_of(op, to, loc);
  in.nops = 1;
  in.ops = &x;
  return ir_build_emit(b, &in);
}

uint32_t ir_emit_select(ir_builder *b, ir_value c, ir_value x, ir_value y, ir_loc loc) {
  assert(ir_type_eq(c.type, ir_type_int(1)) && ir_type_eq(x.type, y.type));
  ir_inst in = proto_of(IR_SELECT, x.type, loc);
  ir_value ops[3] = {c, x, y};
  in.nops = 3;
  in.ops = ops;
  return ir_build_emit(b, &in);
}

uint32_t ir_emit_ptradd(ir_builder *b, unsigned flags, ir_value p, ir_value off, ir_loc loc) {
  assert(p.type.kind == IR_TY_PTR);
  ir_inst in = proto_of(IR_PTRADD, p.type, loc);
  ir_value ops[2] = {p, off};
  in.flags = (uint8_t)flags;
  in.nops = 2;
  in.ops = ops;
  return ir_build_emit(b, &in);
}

uint32_t ir_emit_alloca(ir_builder *b, uint64_t elem_size, ir_value count, uint32_t align, ir_loc loc) {
  ir_inst in = proto_of(IR_ALLOCA, ir_ptr_type(b->m), loc);
  in.nops = 1;
  in.ops = &count;
  in.size = elem_size;
  in.align = align;
  return ir_build_emit(b, &in);
}

uint32_t ir_emit_load(ir_builder *b, ir_type t, ir_value p, uint32_t align, ir_loc loc) {
  assert(t.kind != IR_TY_VOID); /* size is the type's bytes */
  ir_inst in = proto_of(IR_LOAD, t, loc);
  in.nops = 1;
  in.ops = &p;
  in.size = ir_type_bytes(t);
  in.align = align;
  return ir_build_emit(b, &in);
}

uint32_t ir_emit_store(ir_builder *b, ir_value v, ir_value p, uint32_t align, ir_loc loc) {
  assert(v.type.kind != IR_TY_VOID);
  ir_inst in = proto_of(IR_STORE, ir_type_void(), loc);
  ir_value ops[2] = {v, p};
  in.nops = 2;
  in.ops = ops;
  in.size = ir_type_bytes(v.type);
  in.align = align;
  return ir_build_emit(b, &in);
}

uint32_t ir_emit_call(ir_builder *b, uint32_t callee, ir_type ret, uint32_t nargs, const ir_value *args, ir_loc loc) {
  assert(nargs == 0 || args);
  ir_inst in = proto_of(IR_CALL, ret, loc);
  in.callee = callee;
  in.nops = nargs;
  in.ops = (ir_value *)args;
  return ir_build_emit(b, &in);
}

uint32_t ir_emit_br(ir_builder *b, uint32_t target, ir_loc loc) {
  ir_inst in = proto_of(IR_BR, ir_type_void(), loc);
  in.ntargets = 1;
  in.targets = &target;
  return ir_build_emit(b, &in);
}

uint32_t ir_emit_condbr(ir_builder *b, ir_value c, uint32_t t, uint32_t f, ir_loc loc) {
  assert(ir_type_eq(c.type, ir_type_int(1)));
  ir_inst in = proto_of(IR_CONDBR, ir_type_void(), loc);
  uint32_t targets[2] = {t, f};
  in.nops = 1;
  in.ops = &c;
  in.ntargets = 2;
  in.targets = targets;
  return ir_build_emit(b, &in);
}

uint32_t ir_emit_ret(ir_builder *b, const ir_value *v, ir_loc loc) {
  ir_inst in = proto_of(IR_RET, ir_type_void(), loc);
  in.nops = v ? 1 : 0;
  in.ops = (ir_value *)v;
  return ir_build_emit(b, &in);
}

uint32_t ir_emit_unreachable(ir_builder *b, ir_loc loc) {
  ir_inst in = proto_of(IR_UNREACHABLE, ir_type_void(), loc);
  return ir_build_emit(b, &in);
}
