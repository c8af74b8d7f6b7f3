/* BMC on floating-point and inline-asm IR (src/bmc/float.c, encode.c),
 * built by hand: float results are exact (a loop of 0.1f additions; every
 * opcode against the host's IEEE arithmetic, proved by a complete
 * unwinding), fptosi out of range gives no proof, an asm with a "memory"
 * clobber gives no proof, asm results and IR_HAVOC bytes are draws that
 * replay, and IR_HAVOC is checked like a store. Recurrent sets refuse loops
 * with asm.
 *
 * A counterexample is reported only after the interpreter replays it; where
 * the interpreter of this build does not execute floats or asm yet
 * (INTERP_UNSUPPORTED), a violation must come back as UNKNOWN instead, and
 * never as SAFE. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bmc/bmc.h"
#include "interp/interp.h"
#include "ir/ir.h"
#include "test_util.h"

static const ir_type I1 = {IR_TY_INT, 1}, I32 = {IR_TY_INT, 32}, I64 = {IR_TY_INT, 64}, VOID = {IR_TY_VOID, 0};

static uint32_t fb(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static uint64_t db(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}
static ir_value F(float f) { return ir_const(I32, fb(f)); }
static ir_value D(double d) { return ir_const(I64, db(d)); }

static uint32_t emit(ir_builder *b, uint8_t op, ir_type t, uint8_t pred, uint8_t flags, uint32_t nops,
                     const ir_value *ops, uint64_t size) {
  ir_inst in = {0};
  in.op = op;
  in.type = t;
  in.pred = pred;
  in.flags = flags;
  in.nops = nops;
  in.ops = (ir_value *)ops;
  in.size = size;
  in.callee = IR_NONE;
  in.loc = ir_loc_none();
  return ir_build_emit(b, &in);
}
static uint32_t op2(ir_builder *b, uint8_t op, ir_type t, uint8_t pred, ir_value x, ir_value y) {
  ir_value o[2] = {x, y};
  return emit(b, op, t, pred, 0, 2, o, 0);
}
static uint32_t op1(ir_builder *b, uint8_t op, ir_type t, uint8_t pred, ir_value x) {
  return emit(b, op, t, pred, 0, 1, &x, 0);
}
static ir_value V(ir_type t, uint32_t id) { return ir_inst_val(t, id); }

/* A module with reach_error, __VERIFIER_nondet_int and main (i32, no
 * parameters) begun in *b, its first block started. */
static ir_module *begin(ir_builder *b, uint32_t *err_fn, uint32_t *nondet_fn) {
  ir_module *m = ir_module_new(64, "float.c");
  *err_fn = ir_func_add(m, "reach_error", VOID, 0, NULL, false);
  *nondet_fn = ir_func_add(m, "__VERIFIER_nondet_int", I32, 0, NULL, false);
  uint32_t mainf = ir_func_add(m, "main", I32, 0, NULL, false);
  ir_build_begin(b, m, mainf);
  ir_build_block(b, ir_build_new_block(b, "entry"));
  return m;
}

/* condbr c, err, ok; err: reach_error(); ret 0; ok: ret 0; then finish. */
static void end_check(ir_builder *b, uint32_t err_fn, ir_value c) {
  uint32_t err = ir_build_new_block(b, "err"), ok = ir_build_new_block(b, "ok");
  ir_emit_condbr(b, c, err, ok, ir_loc_none());
  ir_value zero = ir_const(I32, 0);
  ir_build_block(b, err);
  ir_emit_call(b, err_fn, VOID, 0, NULL, ir_loc_none());
  ir_emit_ret(b, &zero, ir_loc_none());
  ir_build_block(b, ok);
  ir_emit_ret(b, &zero, ir_loc_none());
  ir_build_finish(b);
}

/* Does the interpreter of this build execute m (no INTERP_UNSUPPORTED)? */
static bool interp_runs(const ir_module *m) {
  interp_options io;
  interp_options_default(&io);
  io.out = NULL;
  io.max_steps = 100000;
  interp_result r;
  interp_run(m, &io, &r);
  bool ok = r.outcome != INTERP_UNSUPPORTED;
  interp_result_free(&r);
  return ok;
}

/* Runs BMC on m for the checks and compares with want; a violation the
 * interpreter cannot replay in this build must be UNKNOWN. reason_part: a
 * text the UNKNOWN reason must contain (NULL: any). Frees m. */
static void expect(const char *name, ir_module *m, unsigned checks, bmc_answer want, prop_check want_sub,
                   const char *reason_part) {
  char err[256];
  CHECK_MSG(ir_verify(m, err, sizeof err), "%s: %s", name, err);
  bool replays = interp_runs(m);
  bmc_options o;
  bmc_options_default(&o);
  o.budget = budget_until(o.budget, util_now() + 60);
  o.max_bound = 16; /* the loops here run at most 10 times */
  bmc_result r;
  bmc_answer a = bmc_check(m, checks, &o, &r);
  bmc_answer w = want == BMC_VIOLATION && !replays ? BMC_UNKNOWN : want;
  CHECK_MSG(a == w, "%s: answer %d, wanted %d (%s)", name, (int)a, (int)w, r.reason);
  if (want == BMC_VIOLATION && !replays)
    printf("%s: the interpreter of this build does not run it: UNKNOWN (%s)\n", name, r.reason);
  if (a == BMC_VIOLATION) {
    CHECK_MSG(r.violated == want_sub, "%s: violated check %d", name, (int)r.violated);
    /* the returned run's draws, fed again, violate again */
    uint64_t *vals = xcalloc(r.trace.nondet.len + 1, sizeof *vals);
    for (size_t i = 0; i < r.trace.nondet.len; i++) vals[i] = r.trace.nondet.data[i].value;
    interp_options io;
    interp_options_replay(&io, vals, r.trace.nondet.len);
    interp_result res;
    interp_run(m, &io, &res);
    CHECK_MSG(interp_violates(&res, interp_prop_of_check(want_sub)), "%s: does not replay", name);
    interp_result_free(&res);
    free(vals);
  }
  if (a == BMC_UNKNOWN && reason_part)
    CHECK_MSG(strstr(r.reason, reason_part) != NULL, "%s: reason '%s'", name, r.reason);
  bmc_result_free(&r);
  ir_module_free(m);
}

/* float x = 0; for (i = 0; i < 10; i++) x += 0.1f; if (x != target) reach_error(); */
static ir_module *float_loop(float target) {
  ir_builder b;
  uint32_t err_fn, nd;
  ir_module *m = begin(&b, &err_fn, &nd);
  uint32_t loop = ir_build_new_block(&b, "loop"), exit = ir_build_new_block(&b, "exit");
  ir_emit_br(&b, loop, ir_loc_none());
  ir_build_block(&b, loop);
  ir_value pi[2] = {ir_const(I32, 0), ir_const(I32, 0)}, px[2] = {F(0.0f), F(0.0f)};
  uint32_t tg[2] = {0, loop};
  ir_inst phi = {0};
  phi.op = IR_PHI;
  phi.callee = IR_NONE;
  phi.nops = phi.ntargets = 2;
  phi.targets = tg;
  phi.type = I32;
  phi.ops = pi;
  uint32_t i = ir_build_emit(&b, &phi);
  phi.ops = px;
  uint32_t x = ir_build_emit(&b, &phi);
  uint32_t x1 = op2(&b, IR_FADD, I32, 0, V(I32, x), F(0.1f));
  uint32_t i1 = ir_emit_binary(&b, IR_ADD, IR_NSW, V(I32, i), ir_const(I32, 1), ir_loc_none());
  ir_build_inst(&b, i)->ops[1] = V(I32, i1);
  ir_build_inst(&b, x)->ops[1] = V(I32, x1);
  uint32_t c = ir_emit_icmp(&b, IR_SLT, V(I32, i1), ir_const(I32, 10), ir_loc_none());
  ir_emit_condbr(&b, V(I1, c), loop, exit, ir_loc_none());
  ir_build_block(&b, exit);
  uint32_t ne = op2(&b, IR_FCMP, I1, IR_FUNE, V(I32, x1), F(target));
  end_check(&b, err_fn, V(I1, ne));
  return m;
}

static void test_float_loop(void) {
  volatile float h = 0.0f;
  for (int i = 0; i < 10; i++) h += 0.1f;
  CHECK(h != 1.0f);
  expect("float-loop-unsafe", float_loop(1.0f), 1u << PROP_UNREACH_CALL, BMC_VIOLATION, PROP_UNREACH_CALL, NULL);
  expect("float-loop-safe", float_loop(h), 1u << PROP_UNREACH_CALL, BMC_SAFE, PROP_CHECK_COUNT, NULL);
}

/* ---- every opcode against the host, proved by BMC -------------------------- */
typedef struct {
  ir_builder *b;
  ir_value bad; /* i1: some result differs from the host's */
} opcheck;

static void expect_bits(opcheck *k, ir_type t, uint32_t id, uint64_t want) {
  uint32_t ne = ir_emit_icmp(k->b, IR_NE, V(t, id), ir_const(t, want), ir_loc_none());
  k->bad = V(I1, ir_emit_binary(k->b, IR_OR, 0, k->bad, V(I1, ne), ir_loc_none()));
}

static bool host_fcmp(unsigned p, double a, double b) {
  bool uno = isnan(a) || isnan(b);
  bool rel[16] = {false, a == b, a > b, a >= b, a < b, a <= b, a < b || a > b, !uno,
                  uno,   uno || a == b, uno || a > b, uno || a >= b, uno || a < b, uno || a <= b, a != b, true};
  return rel[p];
}

static void test_ops(void) {
  ir_builder b;
  uint32_t err_fn, nd;
  ir_module *m = begin(&b, &err_fn, &nd);
  opcheck k = {&b, ir_const(I1, 0)};
  /* fmod (exact) on a spread of operands, float and double */
  static const double pairs[][2] = {{5.5, 2.0},   {-5.5, 2.0}, {5.0, -3.0}, {-5.0, -3.0}, {3.0, 2.0},
                                    {1.0, 2.0},   {-0.0, 1.0}, {1e300, 3.0}, {7.0, INFINITY}, {0.3, 0.1},
                                    {1e-310, 3e-311}, {123456.789, 0.001}};
  for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
    double x = pairs[i][0], y = pairs[i][1];
    expect_bits(&k, I64, op2(&b, IR_FREM, I64, 0, D(x), D(y)), db(fmod(x, y)));
    float xf = (float)x, yf = (float)y;
    if (isnan(fmodf(xf, yf))) continue; /* a NaN's bits are open */
    expect_bits(&k, I32, op2(&b, IR_FREM, I32, 0, F(xf), F(yf)), fb(fmodf(xf, yf)));
  }
  /* arithmetic */
  volatile double a = 0.1, c = 3.0;
  expect_bits(&k, I64, op2(&b, IR_FADD, I64, 0, D(a), D(c)), db(a + c));
  expect_bits(&k, I64, op2(&b, IR_FSUB, I64, 0, D(a), D(c)), db(a - c));
  expect_bits(&k, I64, op2(&b, IR_FMUL, I64, 0, D(a), D(c)), db(a * c));
  expect_bits(&k, I64, op2(&b, IR_FDIV, I64, 0, D(a), D(c)), db(a / c));
  /* comparisons: all 16 predicates, with a NaN too */
  static const double cmp[][2] = {{1.0, 2.0}, {2.0, 1.0}, {1.0, 1.0}, {NAN, 1.0}, {-0.0, 0.0}};
  for (size_t i = 0; i < sizeof cmp / sizeof *cmp; i++)
    for (unsigned p = IR_FFALSE; p <= IR_FTRUE; p++)
      expect_bits(&k, I1, op2(&b, IR_FCMP, I1, (uint8_t)p, D(cmp[i][0]), D(cmp[i][1])),
                  host_fcmp(p, cmp[i][0], cmp[i][1]));
  /* conversions */
  expect_bits(&k, I32, op1(&b, IR_FPTOSI, I32, 0, D(-3.7)), (uint32_t)-3);
  expect_bits(&k, I1, op1(&b, IR_FPTOUI, I1, 0, F(1.9f)), 1);
  expect_bits(&k, I64, op1(&b, IR_FPTOUI, I64, 0, D(1e19)), (uint64_t)1e19);
  volatile int imax = 2147483647;
  expect_bits(&k, I32, op1(&b, IR_SITOFP, I32, 0, ir_const(I32, (uint32_t)imax)), fb((float)imax));
  expect_bits(&k, I64, op1(&b, IR_UITOFP, I64, 0, ir_const(I32, 0xffffffffu)), db(4294967295.0));
  volatile float t = 0.1f;
  expect_bits(&k, I64, op1(&b, IR_FPEXT, I64, 0, F(t)), db((double)t));
  volatile double u = 0.1;
  expect_bits(&k, I32, op1(&b, IR_FPTRUNC, I32, 0, D(u)), fb((float)u));
  /* libm */
  expect_bits(&k, I64, op1(&b, IR_FMATH, I64, IR_FM_SQRT, D(2.0)), db(sqrt(2.0)));
  expect_bits(&k, I64, op1(&b, IR_FMATH, I64, IR_FM_FLOOR, D(-1.5)), db(-2.0));
  expect_bits(&k, I64, op1(&b, IR_FMATH, I64, IR_FM_CEIL, D(-1.5)), db(-1.0));
  expect_bits(&k, I64, op1(&b, IR_FMATH, I64, IR_FM_TRUNC, D(-1.5)), db(-1.0));
  expect_bits(&k, I64, op1(&b, IR_FMATH, I64, IR_FM_ROUND, D(2.5)), db(3.0));
  expect_bits(&k, I64, op1(&b, IR_FMATH, I64, IR_FM_RINT, D(2.5)), db(2.0));
  expect_bits(&k, I32, op1(&b, IR_FMATH, I32, IR_FM_CEIL, F(-0.5f)), fb(-0.0f));
  expect_bits(&k, I64, op2(&b, IR_FMATH, I64, IR_FM_FMIN, D(NAN), D(4.0)), db(4.0));
  expect_bits(&k, I64, op2(&b, IR_FMATH, I64, IR_FM_FMAX, D(-1.0), D(4.0)), db(4.0));
  end_check(&b, err_fn, k.bad);
  expect("float-ops", m, 1u << PROP_UNREACH_CALL, BMC_SAFE, PROP_CHECK_COUNT, NULL);
}

/* A NaN's bit pattern is not fixed: no proof that 0/0 has Z3's pattern. */
static void test_nan_bits(void) {
  ir_builder b;
  uint32_t err_fn, nd;
  ir_module *m = begin(&b, &err_fn, &nd);
  uint32_t q = op2(&b, IR_FDIV, I32, 0, F(0.0f), F(0.0f));
  uint32_t ne = ir_emit_icmp(&b, IR_NE, V(I32, q), ir_const(I32, 0x7fc00000u), ir_loc_none());
  end_check(&b, err_fn, V(I1, ne));
  expect("nan-bits", m, 1u << PROP_UNREACH_CALL, BMC_VIOLATION, PROP_UNREACH_CALL, NULL);
}

/* k = nondet; z = (signed char)(float)k; if (k > 1000 && z == 5)
 * reach_error(); z == 5 only through an out-of-range conversion
 * (undefined): no proof, and no counterexample (the run ends at the
 * conversion). */
static void test_fptosi_ub(void) {
  ir_builder b;
  uint32_t err_fn, nd;
  ir_module *m = begin(&b, &err_fn, &nd);
  uint32_t kk = ir_emit_call(&b, nd, I32, 0, NULL, ir_loc_none());
  uint32_t x = op1(&b, IR_SITOFP, I32, 0, V(I32, kk));
  uint32_t z = op1(&b, IR_FPTOSI, (ir_type){IR_TY_INT, 8}, 0, V(I32, x));
  uint32_t c1 = ir_emit_icmp(&b, IR_SGT, V(I32, kk), ir_const(I32, 1000), ir_loc_none());
  uint32_t c2 = ir_emit_icmp(&b, IR_EQ, V((ir_type){IR_TY_INT, 8}, z), ir_const((ir_type){IR_TY_INT, 8}, 5), ir_loc_none());
  uint32_t c = ir_emit_binary(&b, IR_AND, 0, V(I1, c1), V(I1, c2), ir_loc_none());
  end_check(&b, err_fn, V(I1, c));
  char err[256];
  CHECK_MSG(ir_verify(m, err, sizeof err), "%s", err);
  bmc_options o;
  bmc_options_default(&o);
  o.budget = budget_until(o.budget, util_now() + 60);
  o.max_bound = 4;
  bmc_result r;
  CHECK(bmc_check(m, 1u << PROP_UNREACH_CALL, &o, &r) == BMC_UNKNOWN);
  bmc_result_free(&r);
  ir_module_free(m);
}

/* ---- inline asm --------------------------------------------------------------- */
/* r = asm(); if (r == 42) reach_error(); (flags on the asm) */
static ir_module *asm_result(uint8_t flags) {
  ir_builder b;
  uint32_t err_fn, nd;
  ir_module *m = begin(&b, &err_fn, &nd);
  ir_value in = ir_const(I32, 1);
  uint32_t r = emit(&b, IR_ASM, I32, 0, flags, 1, &in, 0);
  uint32_t c = ir_emit_icmp(&b, IR_EQ, V(I32, r), ir_const(I32, 42), ir_loc_none());
  end_check(&b, err_fn, V(I1, c));
  return m;
}

/* asm volatile("" ::: flags); x = 1; if (x != 1) reach_error(); */
static ir_module *asm_void(uint8_t flags) {
  ir_builder b;
  uint32_t err_fn, nd;
  ir_module *m = begin(&b, &err_fn, &nd);
  emit(&b, IR_ASM, VOID, 0, flags, 0, NULL, 0);
  uint32_t c = ir_emit_icmp(&b, IR_NE, ir_const(I32, 1), ir_const(I32, 1), ir_loc_none());
  end_check(&b, err_fn, V(I1, c));
  return m;
}

/* char p[psize]; *(int *)(p + 4) = 7; havoc(p, hsize); v = *(int *)(p + at);
 * if (at == 4 ? v != 7 : v == 0x12345678) reach_error(); */
static ir_module *havoc(uint64_t psize, uint64_t hsize, uint64_t at) {
  ir_builder b;
  uint32_t err_fn, nd;
  ir_module *m = begin(&b, &err_fn, &nd);
  ir_type ptr = ir_ptr_type(m);
  uint32_t p = ir_emit_alloca(&b, 1, ir_const(I64, psize), 4, ir_loc_none());
  uint32_t p4 = ir_emit_ptradd(&b, 0, V(ptr, p), ir_const(I64, 4), ir_loc_none());
  ir_emit_store(&b, ir_const(I32, 7), V(ptr, p4), 4, ir_loc_none());
  ir_value hp = V(ptr, p);
  emit(&b, IR_HAVOC, VOID, 0, 0, 1, &hp, hsize);
  uint32_t pa = ir_emit_ptradd(&b, 0, V(ptr, p), ir_const(I64, at), ir_loc_none());
  uint32_t v = ir_emit_load(&b, I32, V(ptr, pa), 4, ir_loc_none());
  uint32_t c = at == 4 ? ir_emit_icmp(&b, IR_NE, V(I32, v), ir_const(I32, 7), ir_loc_none())
                       : ir_emit_icmp(&b, IR_EQ, V(I32, v), ir_const(I32, 0x12345678u), ir_loc_none());
  end_check(&b, err_fn, V(I1, c));
  return m;
}

static void test_asm(void) {
  unsigned unreach = 1u << PROP_UNREACH_CALL, deref = 1u << PROP_VALID_DEREF;
  expect("asm-result", asm_result(0), unreach, BMC_VIOLATION, PROP_UNREACH_CALL, NULL);
  expect("asm-void", asm_void(0), unreach, BMC_SAFE, PROP_CHECK_COUNT, NULL);
  expect("asm-memory", asm_void(IR_ASM_MEMORY), unreach, BMC_UNKNOWN, PROP_CHECK_COUNT,
         "inline asm with a memory clobber");
  expect("asm-memory-result", asm_result(IR_ASM_MEMORY), unreach, BMC_VIOLATION, PROP_UNREACH_CALL, NULL);
  /* havoc keeps the bytes it does not cover and draws the others */
  expect("havoc-keeps", havoc(8, 4, 4), unreach, BMC_SAFE, PROP_CHECK_COUNT, NULL);
  expect("havoc-draws", havoc(8, 4, 0), unreach, BMC_VIOLATION, PROP_UNREACH_CALL, NULL);
  expect("havoc-draws-2", havoc(8, 8, 4), unreach, BMC_VIOLATION, PROP_UNREACH_CALL, NULL);
  /* and writes like a store: 8 bytes into 6 */
  expect("havoc-oob", havoc(6, 8, 0), deref, BMC_VIOLATION, PROP_VALID_DEREF, NULL);
}

/* while (asm() != 0) {}: no recurrent set (the asm is no draw). */
static void test_recur_asm(void) {
  ir_builder b;
  uint32_t err_fn, nd;
  ir_module *m = begin(&b, &err_fn, &nd);
  uint32_t loop = ir_build_new_block(&b, "loop"), exit = ir_build_new_block(&b, "exit");
  ir_emit_br(&b, loop, ir_loc_none());
  ir_build_block(&b, loop);
  uint32_t r = emit(&b, IR_ASM, I32, 0, 0, 0, NULL, 0);
  uint32_t c = ir_emit_icmp(&b, IR_EQ, V(I32, r), ir_const(I32, 0), ir_loc_none());
  ir_emit_condbr(&b, V(I1, c), exit, loop, ir_loc_none());
  ir_build_block(&b, exit);
  ir_value zero = ir_const(I32, 0);
  ir_emit_ret(&b, &zero, ir_loc_none());
  ir_build_finish(&b);
  uint32_t mainf = ir_func_find(m, "main");
  const ir_func *f = &m->funcs.data[mainf];
  uint64_t *vals = xcalloc(f->ninsts + f->nparams + 1, sizeof *vals);
  bmc_recur_query q = {.func = mainf, .head = loop, .values = vals, .nvalues = f->ninsts + f->nparams};
  bmc_recur_result out;
  CHECK(!bmc_recur_find(m, &q, &out));
  CHECK_MSG(strstr(out.reason, "inline asm") != NULL, "reason '%s'", out.reason);
  bmc_recur_free(&out);
  free(vals);
  ir_module_free(m);
}

/* float x = 1; while (x > 0.5f) x = x * factor; at the first visit of the
 * loop head: a recurrent set (x == 1.0f) for factor 1, none for 0.5
 * (the iteration leaves after one more step: the float encoding is exact). */
static void test_recur_float(float factor, bool want) {
  ir_builder b;
  uint32_t err_fn, nd;
  ir_module *m = begin(&b, &err_fn, &nd);
  uint32_t loop = ir_build_new_block(&b, "loop"), exit = ir_build_new_block(&b, "exit");
  ir_emit_br(&b, loop, ir_loc_none());
  ir_build_block(&b, loop);
  ir_value px[2] = {F(1.0f), F(1.0f)};
  uint32_t tg[2] = {0, loop};
  ir_inst phi = {0};
  phi.op = IR_PHI;
  phi.callee = IR_NONE;
  phi.nops = phi.ntargets = 2;
  phi.targets = tg;
  phi.type = I32;
  phi.ops = px;
  uint32_t x = ir_build_emit(&b, &phi);
  uint32_t x1 = op2(&b, IR_FMUL, I32, 0, V(I32, x), F(factor));
  ir_build_inst(&b, x)->ops[1] = V(I32, x1);
  uint32_t c = op2(&b, IR_FCMP, I1, IR_FOGT, V(I32, x1), F(0.5f));
  ir_emit_condbr(&b, V(I1, c), loop, exit, ir_loc_none());
  ir_build_block(&b, exit);
  ir_value zero = ir_const(I32, 0);
  ir_emit_ret(&b, &zero, ir_loc_none());
  ir_build_finish(&b);
  char err[256];
  CHECK_MSG(ir_verify(m, err, sizeof err), "%s", err);
  uint32_t mainf = ir_func_find(m, "main");
  const ir_func *f = &m->funcs.data[mainf];
  uint64_t *vals = xcalloc(f->ninsts + f->nparams + 1, sizeof *vals);
  volatile float fx = 1.0f, fx1 = fx * factor;
  vals[x] = fb(fx);
  vals[x1] = fb(fx1);
  vals[c] = fx1 > 0.5f;
  bmc_recur_query q = {.func = mainf, .head = loop, .values = vals, .nvalues = f->ninsts + f->nparams};
  q.budget = budget_until(q.budget, util_now() + 30);
  bmc_recur_result out;
  bool found = bmc_recur_find(m, &q, &out);
  CHECK_MSG(found == want, "recur-float %g: found %d (%s)", (double)factor, found, out.reason);
  bmc_recur_free(&out);
  free(vals);
  ir_module_free(m);
}

int main(void) {
  test_float_loop();
  test_ops();
  test_nan_bits();
  test_fptosi_ub();
  test_asm();
  test_recur_asm();
  test_recur_float(1.0f, true);
  test_recur_float(0.5f, false);
  test_recur_float(0.999f, false);
  return TEST_SUMMARY();
}
