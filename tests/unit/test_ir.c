/* Unit tests of src/ir: builder, constants, builtins, verifier, printer. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "test_util.h"

/* int abs_diff(int a, int b) { return a > b ? a - b : b - a; } as a diamond with a phi. */
static uint32_t build_abs_diff(ir_module *m) {
  ir_type i32 = ir_type_int(32);
  ir_type params[2] = {i32, i32};
  uint32_t f = ir_func_add(m, "abs_diff", i32, 2, params, false);
  ir_builder b;
  ir_build_begin(&b, m, f);
  uint32_t entry = ir_build_new_block(&b, "entry");
  uint32_t then = ir_build_new_block(&b, "then");
  uint32_t els = ir_build_new_block(&b, "else");
  uint32_t join = ir_build_new_block(&b, "join");
  ir_value a = ir_arg_val(i32, 0), bb = ir_arg_val(i32, 1);
  ir_loc loc = {ir_module_file(m, "abs.c"), 3, 7};
  ir_build_block(&b, entry);
  uint32_t c = ir_emit_icmp(&b, IR_SGT, a, bb, loc);
  ir_emit_condbr(&b, ir_inst_val(ir_type_int(1), c), then, els, loc);
  ir_build_block(&b, then);
  uint32_t d1 = ir_emit_binary(&b, IR_SUB, IR_NSW, a, bb, loc);
  ir_emit_br(&b, join, loc);
  ir_build_block(&b, els);
  uint32_t d2 = ir_emit_binary(&b, IR_SUB, IR_NSW, bb, a, loc);
  ir_emit_br(&b, join, loc);
  ir_build_block(&b, join);
  ir_value in[2] = {ir_inst_val(i32, d1), ir_inst_val(i32, d2)};
  uint32_t from[2] = {then, els};
  ir_inst phi = {0};
  phi.op = IR_PHI;
  phi.type = i32;
  phi.nops = phi.ntargets = 2;
  phi.ops = in;
  phi.targets = from;
  phi.callee = IR_NONE;
  phi.name = "d";
  uint32_t p = ir_build_emit(&b, &phi);
  ir_value r = ir_inst_val(i32, p);
  ir_emit_ret(&b, &r, loc);
  ir_build_finish(&b);
  return f;
}

static void test_constants(void) {
  CHECK(ir_const(ir_type_int(8), 0x1ff).imm == 0xff);
  CHECK(ir_const_signed(ir_const(ir_type_int(8), 0x80)) == -128);
  CHECK(ir_const_signed(ir_const(ir_type_int(1), 1)) == -1);
  CHECK(ir_const_signed(ir_const(ir_type_int(64), UINT64_MAX)) == -1);
  CHECK(ir_const_signed(ir_const(ir_type_int(32), 0x7fffffff)) == 0x7fffffff);
  CHECK(ir_type_bytes(ir_type_int(1)) == 1 && ir_type_bytes(ir_type_int(17)) == 3);
}

static void test_builtins(void) {
  CHECK(ir_builtin_of_name("__VERIFIER_nondet_int") == IR_BUILTIN_NONDET);
  CHECK(ir_builtin_of_name("__VERIFIER_nondet_ulonglong") == IR_BUILTIN_NONDET);
  CHECK(ir_builtin_of_name("__VERIFIER_nondet_") == IR_BUILTIN_NONE);
  CHECK(ir_builtin_of_name("reach_error") == IR_BUILTIN_REACH_ERROR);
  CHECK(ir_builtin_of_name("malloc") == IR_BUILTIN_MALLOC);
  CHECK(ir_builtin_of_name("mallocx") == IR_BUILTIN_NONE);
  CHECK(ir_builtin_of_name("") == IR_BUILTIN_NONE);
  CHECK(strcmp(ir_builtin_name(IR_BUILTIN_FREE), "free") == 0);
}

static void test_build_verify_print(void) {
  ir_module *m = ir_module_new(64, "abs.c");
  uint32_t f = build_abs_diff(m);
  CHECK(f == ir_func_find(m, "abs_diff"));
  CHECK(ir_func_find(m, "nope") == IR_NONE);
  const ir_func *fn = &m->funcs.data[f];
  CHECK(fn->defined && fn->nblocks == 4 && fn->ninsts == 8);
  CHECK(fn->blocks[3].first == 6 && fn->blocks[3].count == 2);
  char err[256];
  bool ok = ir_verify(m, err, sizeof err);
  CHECK_MSG(ok, "%s", err);

  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  ir_print_module(m, out);
  fclose(out);
  CHECK(strstr(text, "define i32 @abs_diff(i32 %arg0, i32 %arg1) {") != NULL);
  CHECK(strstr(text, "%2 = sub nsw i32 %arg0, i32 %arg1  ; abs.c:3:7") != NULL);
  CHECK(strstr(text, "%d.6 = phi i32 [%2, b1], [%4, b2]") != NULL);
  CHECK(strstr(text, "condbr i1 %0, b1, b2") != NULL);
  free(text);

  /* Break it in several ways; each must be caught. */
  ir_func *mf = &m->funcs.data[f];
  mf->insts[6].targets[1] = 0; /* phi entry for a non-predecessor */
  CHECK(!ir_verify(m, err, sizeof err) && strstr(err, "not a predecessor"));
  mf->insts[6].targets[1] = 2;
  mf->insts[2].ops[1] = ir_const(ir_type_int(16), 1); /* type mismatch */
  CHECK(!ir_verify(m, err, sizeof err) && strstr(err, "integer type"));
  mf->insts[2].ops[1] = ir_arg_val(ir_type_int(32), 1);
  mf->insts[7].ops[0] = ir_inst_val(ir_type_int(32), 99); /* dangling operand */
  CHECK(!ir_verify(m, err, sizeof err) && strstr(err, "out of range"));
  mf->insts[7].ops[0] = ir_inst_val(ir_type_int(32), 6);
  mf->insts[1].targets[0] = 17; /* bad branch target */
  CHECK(!ir_verify(m, err, sizeof err) && strstr(err, "target block"));
  mf->insts[1].targets[0] = 1;
  CHECK(ir_verify(m, err, sizeof err));
  ir_module_free(m);
}

static void test_globals_calls(void) {
  ir_module *m = ir_module_new(32, "g.c");
  ir_type ptr = ir_ptr_type(m), i32 = ir_type_int(32);
  uint32_t s = ir_global_add(m, "s", 3, 1);
  m->globals.data[s].init = arena_memdup(&m->mem, "hi", 3);
  m->globals.data[s].constant = true;
  uint32_t p = ir_global_add(m, "p", 4, 4);
  ir_reloc *r = arena_alloc(&m->mem, sizeof *r);
  *r = (ir_reloc){0, IR_VAL_GLOBAL, s, 1};
  m->globals.data[p].relocs = r;
  m->globals.data[p].nrelocs = 1;
  CHECK(ir_global_find(m, "p") == p);
  uint32_t mal = ir_func_add(m, "malloc", ptr, 1, &i32, false);
  CHECK(m->funcs.data[mal].builtin == IR_BUILTIN_MALLOC);
  uint32_t mainf = ir_func_add(m, "main", i32, 0, NULL, false);
  ir_builder b;
  ir_build_begin(&b, m, mainf);
  ir_build_block(&b, ir_build_new_block(&b, NULL));
  ir_value four = ir_const(i32, 4);
  uint32_t call = ir_emit_call(&b, mal, ptr, 1, &four, ir_loc_none());
  uint32_t q = ir_emit_ptradd(&b, IR_INBOUNDS, ir_inst_val(ptr, call), ir_const(ir_type_int(32), 2), ir_loc_none());
  ir_emit_store(&b, ir_const(ir_type_int(8), 7), ir_inst_val(ptr, q), 1, ir_loc_none());
  ir_value zero = ir_const(i32, 0);
  ir_emit_ret(&b, &zero, ir_loc_none());
  ir_build_finish(&b);
  char err[256];
  CHECK_MSG(ir_verify(m, err, sizeof err), "%s", err);
  /* A 64-bit offset on a 32-bit target is wrong. */
  m->funcs.data[mainf].insts[1].ops[1] = ir_const(ir_type_int(64), 2);
  CHECK(!ir_verify(m, err, sizeof err) && strstr(err, "pointer-width offset"));
  m->funcs.data[mainf].insts[1].ops[1] = ir_const(ir_type_int(32), 2);
  /* Wrong arity for a direct call. */
  m->funcs.data[mainf].insts[0].nops = 0;
  CHECK(!ir_verify(m, err, sizeof err) && strstr(err, "arguments"));
  m->funcs.data[mainf].insts[0].nops = 1;

  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  ir_print_module(m, out);
  fclose(out);
  CHECK(strstr(text, "global @s : 3 bytes, align 1 constant") != NULL);
  CHECK(strstr(text, "init: 68 69") != NULL);
  CHECK(strstr(text, "reloc +0 -> @s+1") != NULL);
  CHECK(strstr(text, "declare ptr @malloc(i32) builtin malloc") != NULL);
  CHECK(strstr(text, "ptradd inbounds ptr %0, i32 2") != NULL);
  free(text);
  ir_module_free(m);
}

int main(void) {
  test_constants();
  test_builtins();
  test_build_verify_print();
  test_globals_calls();
  return TEST_SUMMARY();
}
