/* Unit tests of the concrete interpreter: small IR functions built with the
 * ir builder, run with interp_run, outcomes checked (arithmetic at widths 1,
 * 8, 16, 32, 64, every UB kind, phi/switch, calls/recursion, memory,
 * builtins, nondet, leaks, report spellings). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "interp/interp.h"
#include "test_util.h"

/* ---- helpers ------------------------------------------------------------- */
static ir_type I(unsigned b) { return ir_type_int(b); }
static ir_loc L(unsigned line) { return (ir_loc){0, line, 1}; }
static ir_value C(unsigned b, uint64_t v) { return ir_const(I(b), v); }
static ir_value R(ir_builder *b, uint32_t id) { return ir_inst_val(b->insts.data[id].type, id); }

static ir_module *new_mod(unsigned pw) {
  ir_module *m = ir_module_new(pw, "t.c");
  ir_module_file(m, "t.c");
  return m;
}

/* Starts function `name` with an entry block. */
static uint32_t fn_begin(ir_module *m, ir_builder *b, const char *name, ir_type ret, uint32_t np,
                         const ir_type *params) {
  uint32_t f = ir_func_add(m, name, ret, np, params, false);
  ir_build_begin(b, m, f);
  ir_build_block(b, ir_build_new_block(b, "entry"));
  return f;
}

static uint32_t decl(ir_module *m, const char *name, ir_type ret, uint32_t np, const ir_type *params, bool va) {
  return ir_func_add(m, name, ret, np, params, va);
}

static void ret_i32(ir_builder *b, ir_value v, unsigned line) { ir_emit_ret(b, &v, L(line)); }

static interp_result run_opts(ir_module *m, interp_options *o) {
  interp_result r;
  interp_run(m, o, &r);
  return r;
}

static interp_result run_nd(ir_module *m, const uint64_t *nd, size_t n) {
  interp_options o;
  interp_options_default(&o);
  o.out = NULL;
  o.nondet = nd;
  o.nnondet = n;
  o.max_steps = 1000000;
  return run_opts(m, &o);
}

static interp_result run(ir_module *m) { return run_nd(m, NULL, 0); }

static char *outcome_line(ir_module *m, const interp_result *r) {
  FILE *f = tmpfile();
  interp_report_outcome(m, r, f);
  interp_report_extra(m, r, f, 100);
  long n = ftell(f);
  rewind(f);
  char *s = calloc((size_t)n + 1, 1);
  size_t got = fread(s, 1, (size_t)n, f);
  s[got] = 0;
  fclose(f);
  return s;
}

#define CHECK_UB(r, kind, ln)                                                                    \
  CHECK_MSG((r).outcome == INTERP_UB && (r).ub == (kind) && (r).loc.line == (ln),                \
            "outcome %d ub %s line %u detail %s", (r).outcome, interp_ub_name((r).ub), (r).loc.line, \
            (r).detail ? (r).detail : "")

#define CHECK_EXIT(r, code)                                                                      \
  CHECK_MSG((r).outcome == INTERP_EXIT && (r).exit_code == (code), "outcome %d exit %d ub %s detail %s", \
            (r).outcome, (r).exit_code, interp_ub_name((r).ub), (r).detail ? (r).detail : "")

/* ---- a small builder context ------------------------------------------------ */
typedef struct {
  ir_module *m;
  ir_builder b;
  ir_type P;
} T;

static void t_init(T *t, unsigned pw) {
  t->m = new_mod(pw);
  t->P = ir_ptr_type(t->m);
}

static void t_main(T *t) { fn_begin(t->m, &t->b, "main", I(32), 0, NULL); }

/* The function `name`, declared with this signature unless it exists. */
static uint32_t t_fn(T *t, const char *name, ir_type ret, uint32_t np, const ir_type *params, bool va) {
  uint32_t f = ir_func_find(t->m, name);
  return f != IR_NONE ? f : decl(t->m, name, ret, np, params, va);
}

static ir_value t_call(T *t, uint32_t f, uint32_t n, const ir_value *args, unsigned line) {
  ir_type rt = t->m->funcs.data[f].ret;
  uint32_t id = ir_emit_call(&t->b, f, rt, n, args, L(line));
  return ir_inst_val(rt, id);
}

static ir_value t_malloc(T *t, uint64_t n, unsigned line) {
  ir_type ps[1] = {I(t->m->ptr_bits)};
  uint32_t f = t_fn(t, "malloc", t->P, 1, ps, false);
  ir_value a[1] = {C(t->m->ptr_bits, n)};
  return t_call(t, f, 1, a, line);
}

static void t_free(T *t, ir_value p, unsigned line) {
  ir_type ps[1] = {t->P};
  uint32_t f = t_fn(t, "free", ir_type_void(), 1, ps, false);
  t_call(t, f, 1, &p, line);
}

static ir_value t_nondet(T *t, unsigned bits, unsigned line) {
  char name[64];
  snprintf(name, sizeof name, "__VERIFIER_nondet_i%u", bits);
  uint32_t f = t_fn(t, name, I(bits), 0, NULL, false);
  return t_call(t, f, 0, NULL, line);
}

static ir_value t_alloca(T *t, uint64_t size, const char *name, unsigned line) {
  uint32_t id = ir_emit_alloca(&t->b, size, C(64, 1), 8, L(line));
  ir_build_inst(&t->b, id)->name = name;
  return R(&t->b, id);
}

static ir_value t_load(T *t, ir_type ty, ir_value p, unsigned line) {
  return R(&t->b, ir_emit_load(&t->b, ty, p, 1, L(line)));
}

static void t_store(T *t, ir_value v, ir_value p, unsigned line) { ir_emit_store(&t->b, v, p, 1, L(line)); }

static ir_value t_gep(T *t, ir_value p, int64_t off, unsigned line) {
  return R(&t->b, ir_emit_ptradd(&t->b, 0, p, C(t->m->ptr_bits, (uint64_t)off), L(line)));
}

static ir_value t_bin(T *t, ir_opcode op, unsigned flags, ir_value x, ir_value y, unsigned line) {
  return R(&t->b, ir_emit_binary(&t->b, op, flags, x, y, L(line)));
}

static ir_value t_cast(T *t, ir_opcode op, ir_type to, ir_value x, unsigned line) {
  return R(&t->b, ir_emit_cast(&t->b, op, to, x, L(line)));
}

/* Returns v (any int width) from main as i32. */
static void t_ret(T *t, ir_value v, unsigned line) {
  if (v.type.bits < 32) v = t_cast(t, IR_ZEXT, I(32), v, line);
  else if (v.type.bits > 32) v = t_cast(t, IR_TRUNC, I(32), v, line);
  ret_i32(&t->b, v, line);
}

static void t_done(T *t) { ir_build_finish(&t->b); }

/* A global with initial bytes. */
static uint32_t t_global(T *t, const char *name, const void *init, uint64_t size, bool constant) {
  uint32_t g = ir_global_add(t->m, name, size, 8);
  if (init) t->m->globals.data[g].init = arena_memdup(&t->m->mem, init, size);
  t->m->globals.data[g].constant = constant;
  return g;
}

static ir_value G(T *t, uint32_t g, uint64_t off) { return ir_global_val(t->P, g, off); }

static uint32_t t_phi(T *t, ir_type ty, ir_value v0, uint32_t b0, ir_value v1, uint32_t b1, unsigned line) {
  ir_inst in = {0};
  ir_value ops[2] = {v0, v1};
  uint32_t tg[2] = {b0, b1};
  in.op = IR_PHI;
  in.type = ty;
  in.nops = 2;
  in.ops = ops;
  in.ntargets = 2;
  in.targets = tg;
  in.callee = IR_NONE;
  in.loc = L(line);
  return ir_build_emit(&t->b, &in);
}

/* ---- arithmetic through the interpreter ------------------------------------- */
/* main: x, y = nondet (width w); return op(x, y) as i32 (zext/trunc). */
/* Finishes the function being built in t, runs the module and checks the
 * outcome with CHECK_UB / CHECK_EXIT (failures point at the caller's line),
 * then frees the result and the module. */
#define FINISH_RUN_CHECK(t, check, ...)                                                         \
  do {                                                                                          \
    t_done(&(t));                                                                               \
    interp_result r_ = run((t).m);                                                              \
    check(r_, __VA_ARGS__);                                                                     \
    interp_result_free(&r_);                                                                    \
    ir_module_free((t).m);                                                                      \
  } while (0)

static interp_result run_binop(unsigned op, unsigned flags, unsigned w, uint64_t a, uint64_t b) {
  T t;
  t_init(&t, 64);
  t_main(&t);
  ir_value x = t_nondet(&t, w, 3), y = t_nondet(&t, w, 4);
  ir_value r = t_bin(&t, (ir_opcode)op, flags, x, y, 10);
  t_ret(&t, r, 11);
  t_done(&t);
  uint64_t nd[2] = {a, b};
  interp_result res = run_nd(t.m, nd, 2);
  ir_module_free(t.m);
  return res;
}

static void test_arith_run(void) {
  struct {
    unsigned op, flags, w;
    uint64_t a, b;
    int32_t exit;   /* when ub == NONE */
    interp_ub ub;
  } cases[] = {
      {IR_ADD, 0, 1, 1, 1, 0, INTERP_UB_NONE},
      {IR_ADD, IR_NSW, 1, 1, 1, 0, INTERP_UB_SIGNED_OVERFLOW},
      {IR_ADD, 0, 8, 200, 100, 44, INTERP_UB_NONE},
      {IR_ADD, IR_NSW, 8, 100, 28, 0, INTERP_UB_SIGNED_OVERFLOW},
      {IR_ADD, IR_NUW, 8, 200, 56, 0, INTERP_UB_UNSIGNED_WRAP},
      {IR_SUB, IR_NSW, 16, 0x8000, 1, 0, INTERP_UB_SIGNED_OVERFLOW},
      {IR_SDIV, 0, 16, (uint16_t)-7, 2, 0xfffd, INTERP_UB_NONE},
      {IR_SREM, 0, 16, (uint16_t)-7, 2, 0xffff, INTERP_UB_NONE},
      {IR_MUL, IR_NSW, 32, 0x10000, 0x8000, 0, INTERP_UB_SIGNED_OVERFLOW},
      {IR_MUL, 0, 32, 0x10000, 0x8000, INT32_MIN, INTERP_UB_NONE},
      {IR_MUL, 0, 64, 0x100000001ull, 3, 3, INTERP_UB_NONE},
      {IR_SDIV, 0, 32, 0x80000000, 0xffffffff, 0, INTERP_UB_DIV_OVERFLOW},
      {IR_SREM, 0, 64, (uint64_t)INT64_MIN, UINT64_MAX, 0, INTERP_UB_REM_OVERFLOW},
      {IR_UDIV, 0, 8, 1, 0, 0, INTERP_UB_DIV_BY_ZERO},
      {IR_UREM, 0, 64, 1, 0, 0, INTERP_UB_DIV_BY_ZERO},
      {IR_SHL, 0, 16, 1, 16, 0, INTERP_UB_SHIFT_OUT_OF_RANGE},
      {IR_LSHR, 0, 64, 1, 64, 0, INTERP_UB_SHIFT_OUT_OF_RANGE},
      {IR_ASHR, 0, 8, 0x80, 3, 0xf0, INTERP_UB_NONE},
      {IR_SHL, IR_NSW, 8, 0x40, 1, 0, INTERP_UB_SIGNED_OVERFLOW},
      {IR_LSHR, IR_EXACT, 32, 3, 1, 0, INTERP_UB_INEXACT},
      {IR_UDIV, IR_EXACT, 64, 9, 3, 3, INTERP_UB_NONE},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    interp_result r = run_binop(cases[i].op, cases[i].flags, cases[i].w, cases[i].a, cases[i].b);
    if (cases[i].ub == INTERP_UB_NONE) {
      CHECK_MSG(r.outcome == INTERP_EXIT && r.exit_code == cases[i].exit, "case %zu: outcome %d exit %d", i, r.outcome,
                r.exit_code);
    } else {
      CHECK_MSG(r.outcome == INTERP_UB && r.ub == cases[i].ub && r.loc.line == 10, "case %zu: outcome %d ub %s", i,
                r.outcome, interp_ub_name(r.ub));
    }
    CHECK(r.nondet.len == 2 && r.nondet.data[0].bits == cases[i].w && r.nondet.data[0].origin == INTERP_ND_CALL &&
          r.nondet.data[0].loc.line == 3);
    interp_result_free(&r);
  }
}

/* Report spelling of a signed overflow, and of its property. */
static void test_report_overflow(void) {
  T t;
  t_init(&t, 64);
  t_main(&t);
  ir_value x = t_nondet(&t, 32, 3);
  ir_value r = t_bin(&t, IR_ADD, IR_NSW, x, C(32, 1), 10);
  t_ret(&t, r, 11);
  t_done(&t);
  uint64_t nd[1] = {0x7fffffff};
  interp_result res = run_nd(t.m, nd, 1);
  char *s = outcome_line(t.m, &res);
  CHECK_MSG(strcmp(s,
                   "run: ub signed-overflow at t.c:10:1: 2147483647 + 1 does not fit in i32\n"
                   "run: nondet values (1): 2147483647\n") == 0,
            "got '%s'", s);
  CHECK(interp_violates(&res, INTERP_PROP_NO_OVERFLOW) && !interp_violates(&res, INTERP_PROP_VALID_DEREF));
  free(s);
  interp_result_free(&res);
  ir_module_free(t.m);
}

/* ---- control flow --------------------------------------------------------------- */
static void test_phi_loop(void) {
  /* sum of 1..10 with phis */
  T t;
  t_init(&t, 64);
  fn_begin(t.m, &t.b, "main", I(32), 0, NULL);
  uint32_t loop = ir_build_new_block(&t.b, "loop"), exit = ir_build_new_block(&t.b, "exit");
  ir_emit_br(&t.b, loop, L(1));
  ir_build_block(&t.b, loop);
  uint32_t i = t_phi(&t, I(32), C(32, 0), 0, C(32, 0), loop, 2);
  uint32_t s = t_phi(&t, I(32), C(32, 0), 0, C(32, 0), loop, 2);
  ir_value i1 = t_bin(&t, IR_ADD, IR_NSW, R(&t.b, i), C(32, 1), 3);
  ir_value s1 = t_bin(&t, IR_ADD, IR_NSW, R(&t.b, s), i1, 4);
  ir_build_inst(&t.b, i)->ops[1] = i1;
  ir_build_inst(&t.b, s)->ops[1] = s1;
  ir_value c = R(&t.b, ir_emit_icmp(&t.b, IR_SLT, i1, C(32, 10), L(5)));
  ir_emit_condbr(&t.b, c, loop, exit, L(5));
  ir_build_block(&t.b, exit);
  t_ret(&t, s1, 6);
  t_done(&t);
  interp_result r = run(t.m);
  CHECK_EXIT(r, 55);
  CHECK(r.steps > 40 && r.steps < 80);
  interp_result_free(&r);
  ir_module_free(t.m);

  /* phis are assigned together: x, y = y, x */
  t_init(&t, 64);
  fn_begin(t.m, &t.b, "main", I(32), 0, NULL);
  loop = ir_build_new_block(&t.b, "loop");
  exit = ir_build_new_block(&t.b, "exit");
  ir_emit_br(&t.b, loop, L(1));
  ir_build_block(&t.b, loop);
  uint32_t x = t_phi(&t, I(32), C(32, 1), 0, C(32, 0), loop, 2);
  uint32_t y = t_phi(&t, I(32), C(32, 2), 0, C(32, 0), loop, 2);
  uint32_t n = t_phi(&t, I(32), C(32, 0), 0, C(32, 0), loop, 2);
  ir_build_inst(&t.b, x)->ops[1] = R(&t.b, y);
  ir_build_inst(&t.b, y)->ops[1] = R(&t.b, x);
  ir_value n1 = t_bin(&t, IR_ADD, 0, R(&t.b, n), C(32, 1), 3);
  ir_build_inst(&t.b, n)->ops[1] = n1;
  c = R(&t.b, ir_emit_icmp(&t.b, IR_SLT, n1, C(32, 3), L(5)));
  ir_emit_condbr(&t.b, c, loop, exit, L(5));
  ir_build_block(&t.b, exit);
  ir_value x10 = t_bin(&t, IR_MUL, 0, R(&t.b, x), C(32, 10), 6);
  t_ret(&t, t_bin(&t, IR_ADD, 0, x10, R(&t.b, y), 6), 6);
  FINISH_RUN_CHECK(t, CHECK_EXIT, 12);
}

static void test_switch(void) {
  uint64_t vals[3] = {2, 5, 1};
  int32_t want[3] = {20, 30, 10};
  for (int k = 0; k < 3; k++) {
    T t;
    t_init(&t, 64);
    t_main(&t);
    ir_value v = t_nondet(&t, 8, 2);
    uint32_t b1 = ir_build_new_block(&t.b, "one"), b2 = ir_build_new_block(&t.b, "two"),
             bd = ir_build_new_block(&t.b, "dflt");
    ir_inst sw = {0};
    uint32_t tg[3] = {bd, b1, b2};
    uint64_t cv[2] = {1, 2};
    sw.op = IR_SWITCH;
    sw.type = ir_type_void();
    sw.nops = 1;
    sw.ops = &v;
    sw.ntargets = 3;
    sw.targets = tg;
    sw.case_values = cv;
    sw.callee = IR_NONE;
    sw.loc = L(3);
    ir_build_emit(&t.b, &sw);
    ir_build_block(&t.b, b1);
    t_ret(&t, C(32, 10), 4);
    ir_build_block(&t.b, b2);
    t_ret(&t, C(32, 20), 5);
    ir_build_block(&t.b, bd);
    t_ret(&t, C(32, 30), 6);
    t_done(&t);
    interp_result r = run_nd(t.m, &vals[k], 1);
    CHECK_EXIT(r, want[k]);
    interp_result_free(&r);
    ir_module_free(t.m);
  }
}

static void test_unreachable_and_steps(void) {
  T t;
  t_init(&t, 64);
  t_main(&t);
  ir_emit_unreachable(&t.b, L(7));
  t_done(&t);
  interp_result r = run(t.m);
  CHECK_UB(r, INTERP_UB_UNREACHABLE, 7);
  interp_result_free(&r);
  ir_module_free(t.m);

  /* an endless loop ends after max_steps */
  t_init(&t, 64);
  t_main(&t);
  uint32_t loop = ir_build_new_block(&t.b, "loop");
  ir_emit_br(&t.b, loop, L(1));
  ir_build_block(&t.b, loop);
  ir_emit_br(&t.b, loop, L(2));
  t_done(&t);
  interp_options o;
  interp_options_default(&o);
  o.out = NULL;
  o.max_steps = 1000;
  r = run_opts(t.m, &o);
  CHECK(r.outcome == INTERP_OUT_OF_STEPS && r.steps == 1000);
  char *s = outcome_line(t.m, &r);
  CHECK_MSG(strcmp(s, "run: out of steps (1000)\n") == 0, "got '%s'", s);
  free(s);
  interp_result_free(&r);
  ir_module_free(t.m);
}

/* ---- calls -------------------------------------------------------------------------- */
static uint32_t build_fact(T *t) {
  ir_type ps[1] = {I(32)};
  uint32_t f = ir_func_add(t->m, "fact", I(32), 1, ps, false);
  ir_build_begin(&t->b, t->m, f);
  uint32_t entry = ir_build_new_block(&t->b, "entry"), base = ir_build_new_block(&t->b, "base"),
           rec = ir_build_new_block(&t->b, "rec");
  ir_build_block(&t->b, entry);
  ir_value n = ir_arg_val(I(32), 0);
  ir_value c = R(&t->b, ir_emit_icmp(&t->b, IR_SLE, n, C(32, 1), L(20)));
  ir_emit_condbr(&t->b, c, base, rec, L(20));
  ir_build_block(&t->b, base);
  ret_i32(&t->b, C(32, 1), 21);
  ir_build_block(&t->b, rec);
  ir_value n1 = t_bin(t, IR_SUB, IR_NSW, n, C(32, 1), 22);
  ir_value r = t_call(t, f, 1, &n1, 22);
  ret_i32(&t->b, t_bin(t, IR_MUL, IR_NSW, n, r, 22), 22);
  ir_build_finish(&t->b);
  return f;
}

static void test_calls(void) {
  T t;
  t_init(&t, 64);
  uint32_t fact = build_fact(&t);
  t_main(&t);
  ir_value a = t_nondet(&t, 32, 2);
  t_ret(&t, t_call(&t, fact, 1, &a, 3), 3);
  t_done(&t);
  uint64_t nd = 10;
  interp_result r = run_nd(t.m, &nd, 1);
  CHECK_EXIT(r, 3628800);
  interp_result_free(&r);
  nd = 13; /* 13! overflows i32 */
  r = run_nd(t.m, &nd, 1);
  CHECK_UB(r, INTERP_UB_SIGNED_OVERFLOW, 22);
  interp_result_free(&r);
  /* deep recursion hits the depth limit */
  nd = 100000;
  interp_options o;
  interp_options_default(&o);
  o.out = NULL;
  o.nondet = &nd;
  o.nnondet = 1;
  o.max_depth = 1000;
  r = run_opts(t.m, &o);
  CHECK(r.outcome == INTERP_OUT_OF_RESOURCES && r.detail && strstr(r.detail, "call depth"));
  interp_result_free(&r);
  ir_module_free(t.m);

  /* indirect call through a function pointer stored in memory */
  t_init(&t, 64);
  uint32_t seven = fn_begin(t.m, &t.b, "seven", I(32), 0, NULL);
  ret_i32(&t.b, C(32, 7), 30);
  t_done(&t);
  t_main(&t);
  ir_value slot = t_alloca(&t, 8, "fp", 31);
  t_store(&t, ir_func_val(t.P, seven), slot, 31);
  ir_value fp = t_load(&t, t.P, slot, 32);
  uint32_t id = ir_emit_call(&t.b, IR_NONE, I(32), 1, &fp, L(32));
  t_ret(&t, R(&t.b, id), 33);
  FINISH_RUN_CHECK(t, CHECK_EXIT, 7);

  /* calling a null pointer and a data pointer */
  for (int k = 0; k < 2; k++) {
    t_init(&t, 64);
    t_main(&t);
    ir_value p = k == 0 ? ir_null_val(t.P) : t_alloca(&t, 8, "d", 40);
    id = ir_emit_call(&t.b, IR_NONE, I(32), 1, &p, L(41));
    t_ret(&t, R(&t.b, id), 42);
    t_done(&t);
    r = run(t.m);
    CHECK_UB(r, INTERP_UB_INVALID_CALL, 41);
    interp_result_free(&r);
    ir_module_free(t.m);
  }

  /* too few arguments */
  t_init(&t, 64);
  fact = build_fact(&t);
  t_main(&t);
  t_ret(&t, t_call(&t, fact, 0, NULL, 50), 50);
  FINISH_RUN_CHECK(t, CHECK_UB, INTERP_UB_INVALID_CALL, 50);

  /* undefined function */
  t_init(&t, 64);
  t_main(&t);
  uint32_t foo = decl(t.m, "foo", I(32), 0, NULL, false);
  t_ret(&t, t_call(&t, foo, 0, NULL, 60), 60);
  t_done(&t);
  r = run(t.m);
  CHECK(r.outcome == INTERP_UNSUPPORTED && r.loc.line == 60 && strcmp(r.detail, "call to undefined function 'foo'") == 0);
  interp_result_free(&r);
  ir_module_free(t.m);

  /* no main */
  t_init(&t, 64);
  r = run(t.m);
  CHECK(r.outcome == INTERP_UNSUPPORTED);
  interp_result_free(&r);
  ir_module_free(t.m);
}

static void test_main_args(void) {
  T t;
  t_init(&t, 64);
  ir_type ps[2] = {I(32), t.P};
  fn_begin(t.m, &t.b, "main", I(32), 2, ps);
  ir_value argv0 = t_load(&t, t.P, ir_arg_val(t.P, 1), 2);
  ir_value c = t_load(&t, I(8), argv0, 3);
  ir_value argv1 = t_load(&t, t.P, t_gep(&t, ir_arg_val(t.P, 1), 8, 4), 4);
  ir_value isnull = R(&t.b, ir_emit_icmp(&t.b, IR_EQ, argv1, ir_null_val(t.P), L(4)));
  ir_value s = t_bin(&t, IR_ADD, 0, t_cast(&t, IR_ZEXT, I(32), c, 5), ir_arg_val(I(32), 0), 5);
  s = t_bin(&t, IR_ADD, 0, s, t_cast(&t, IR_ZEXT, I(32), isnull, 5), 5);
  t_ret(&t, s, 6);
  t_done(&t);
  interp_result r = run(t.m);
  CHECK_EXIT(r, 'p' + 1 + 1);
  interp_result_free(&r);
  ir_module_free(t.m);
}

/* ---- memory ------------------------------------------------------------------------ */
static void test_memory_basic(void) {
  /* pointer round trip through memory keeps provenance */
  T t;
  t_init(&t, 64);
  t_main(&t);
  ir_value a = t_alloca(&t, 4, "a", 2);
  ir_value slot = t_alloca(&t, 8, "slot", 3);
  t_store(&t, C(32, 41), a, 4);
  t_store(&t, a, slot, 5);
  ir_value p = t_load(&t, t.P, slot, 6);
  ir_value v = t_load(&t, I(32), p, 7);
  t_ret(&t, t_bin(&t, IR_ADD, 0, v, C(32, 1), 8), 8);
  t_done(&t);
  interp_result r = run(t.m);
  CHECK_EXIT(r, 42);
  CHECK(r.nondet.len == 0);
  interp_result_free(&r);
  ir_module_free(t.m);

  /* little endian bytes, partial loads, i1 stores */
  t_init(&t, 64);
  t_main(&t);
  a = t_alloca(&t, 8, "a", 2);
  t_store(&t, C(64, 0x1122334455667788ull), a, 3);
  ir_value b2 = t_load(&t, I(16), t_gep(&t, a, 2, 4), 4); /* 0x5566 */
  t_store(&t, C(1, 1), a, 5);
  ir_value b0 = t_load(&t, I(8), a, 6); /* 1 */
  t_ret(&t, t_bin(&t, IR_ADD, 0, t_cast(&t, IR_ZEXT, I(32), b2, 7), t_cast(&t, IR_ZEXT, I(32), b0, 7), 7), 7);
  FINISH_RUN_CHECK(t, CHECK_EXIT, 0x5566 + 1);

  /* globals with initial bytes and relocations */
  t_init(&t, 64);
  int32_t x42 = 42;
  uint32_t gx = t_global(&t, "x", &x42, 4, false);
  uint32_t gt = t_global(&t, "tab", NULL, 16, true);
  ir_reloc rl = {8, IR_VAL_GLOBAL, gx, 0};
  t.m->globals.data[gt].nrelocs = 1;
  t.m->globals.data[gt].relocs = arena_memdup(&t.m->mem, &rl, sizeof rl);
  t_main(&t);
  p = t_load(&t, t.P, G(&t, gt, 8), 2);
  v = t_load(&t, I(32), p, 3);
  t_ret(&t, v, 4);
  FINISH_RUN_CHECK(t, CHECK_EXIT, 42);
}

static void test_deref_ub(void) {
  T t;
  interp_result r;
  /* null dereference */
  t_init(&t, 64);
  t_main(&t);
  t_ret(&t, t_load(&t, I(32), ir_null_val(t.P), 5), 6);
  t_done(&t);
  r = run(t.m);
  CHECK_UB(r, INTERP_UB_NULL_DEREF, 5);
  CHECK(interp_violates(&r, INTERP_PROP_VALID_DEREF));
  interp_result_free(&r);
  ir_module_free(t.m);

  /* field of a null struct pointer */
  t_init(&t, 64);
  t_main(&t);
  t_ret(&t, t_load(&t, I(32), t_gep(&t, ir_null_val(t.P), 8, 5), 5), 6);
  FINISH_RUN_CHECK(t, CHECK_UB, INTERP_UB_NULL_DEREF, 5);

  /* out of bounds by one element, detail spelled out */
  t_init(&t, 64);
  t_main(&t);
  ir_value a = t_alloca(&t, 12, "a", 2);
  t_ret(&t, t_load(&t, I(32), t_gep(&t, a, 12, 7), 7), 8);
  t_done(&t);
  r = run(t.m);
  CHECK_UB(r, INTERP_UB_OUT_OF_BOUNDS, 7);
  CHECK_MSG(r.detail && strcmp(r.detail, "load of 4 bytes at offset 12 of 'a' (size 12)") == 0, "%s", r.detail);
  interp_result_free(&r);
  ir_module_free(t.m);

  /* straddling the end */
  t_init(&t, 64);
  t_main(&t);
  a = t_alloca(&t, 12, "a", 2);
  t_store(&t, C(64, 1), t_gep(&t, a, 8, 7), 7);
  t_ret(&t, C(32, 0), 8);
  FINISH_RUN_CHECK(t, CHECK_UB, INTERP_UB_OUT_OF_BOUNDS, 7);

  /* negative offset */
  t_init(&t, 32);
  t_main(&t);
  a = t_malloc(&t, 10, 2);
  t_store(&t, C(8, 1), t_gep(&t, a, -1, 9), 9);
  t_ret(&t, C(32, 0), 10);
  t_done(&t);
  r = run(t.m);
  CHECK_UB(r, INTERP_UB_OUT_OF_BOUNDS, 9);
  CHECK(r.detail && strstr(r.detail, "offset -1 of heap object from malloc at t.c:2:1 (size 10)"));
  interp_result_free(&r);
  ir_module_free(t.m);

  /* a pointer to a, moved by arithmetic onto b: still out of bounds of a */
  t_init(&t, 64);
  t_main(&t);
  a = t_alloca(&t, 8, "a", 2);
  ir_value b = t_alloca(&t, 8, "b", 3);
  ir_value ia = t_cast(&t, IR_PTRTOINT, I(64), a, 4), ib = t_cast(&t, IR_PTRTOINT, I(64), b, 4);
  ir_value d = t_bin(&t, IR_SUB, 0, ib, ia, 4);
  ir_value q = R(&t.b, ir_emit_ptradd(&t.b, 0, a, d, L(5)));
  t_store(&t, C(32, 1), q, 6);
  t_ret(&t, C(32, 0), 7);
  FINISH_RUN_CHECK(t, CHECK_UB, INTERP_UB_OUT_OF_BOUNDS, 6);

  /* provenance through ptrtoint / add / inttoptr: in bounds, then one past */
  for (int k = 0; k < 2; k++) {
    t_init(&t, 64);
    t_main(&t);
    a = t_alloca(&t, 8, "a", 2);
    ia = t_cast(&t, IR_PTRTOINT, I(64), a, 3);
    ir_value j = t_bin(&t, IR_ADD, 0, ia, C(64, k ? 8 : 4), 3);
    q = t_cast(&t, IR_INTTOPTR, t.P, j, 3);
    t_store(&t, C(32, 5), q, 4);
    t_ret(&t, t_load(&t, I(32), q, 5), 5);
    t_done(&t);
    r = run(t.m);
    if (k == 0) CHECK_EXIT(r, 5);
    else CHECK_UB(r, INTERP_UB_OUT_OF_BOUNDS, 4);
    interp_result_free(&r);
    ir_module_free(t.m);
  }

  /* an address made from a plain integer: found by address, or wild */
  for (int k = 0; k < 2; k++) {
    t_init(&t, 64);
    t_main(&t);
    a = t_alloca(&t, 8, "a", 2);
    ia = t_cast(&t, IR_PTRTOINT, I(64), a, 3);
    ir_value j = t_bin(&t, IR_XOR, 0, ia, C(64, k ? 0x4000000 : 0), 3); /* xor drops provenance */
    q = t_cast(&t, IR_INTTOPTR, t.P, j, 3);
    t_store(&t, C(32, 6), q, 4);
    t_ret(&t, t_load(&t, I(32), a, 5), 5);
    t_done(&t);
    r = run(t.m);
    if (k == 0) CHECK_EXIT(r, 6);
    else CHECK_UB(r, INTERP_UB_INVALID_DEREF, 4);
    interp_result_free(&r);
    ir_module_free(t.m);
  }

  /* use after free, realloc'd away, and stack use after return */
  t_init(&t, 64);
  t_main(&t);
  a = t_malloc(&t, 4, 2);
  t_free(&t, a, 3);
  t_ret(&t, t_load(&t, I(32), a, 4), 4);
  t_done(&t);
  r = run(t.m);
  CHECK_UB(r, INTERP_UB_USE_AFTER_FREE, 4);
  CHECK(r.detail && strstr(r.detail, "freed at t.c:3:1"));
  interp_result_free(&r);
  ir_module_free(t.m);

  t_init(&t, 64);
  uint32_t f = fn_begin(t.m, &t.b, "f", t.P, 0, NULL);
  a = t_alloca(&t, 4, "local", 20);
  t_store(&t, C(32, 3), a, 21);
  ir_emit_ret(&t.b, &a, L(22));
  t_done(&t);
  t_main(&t);
  ir_value p = t_call(&t, f, 0, NULL, 30);
  t_ret(&t, t_load(&t, I(32), p, 31), 31);
  t_done(&t);
  r = run(t.m);
  CHECK_UB(r, INTERP_UB_DANGLING_STACK, 31);
  CHECK(r.detail && strstr(r.detail, "'local'"));
  interp_result_free(&r);
  ir_module_free(t.m);

  /* a write to a constant global; a read of a function */
  t_init(&t, 64);
  uint32_t g = t_global(&t, "k", "abc", 4, true);
  t_main(&t);
  t_store(&t, C(8, 'x'), G(&t, g, 1), 5);
  t_ret(&t, C(32, 0), 6);
  FINISH_RUN_CHECK(t, CHECK_UB, INTERP_UB_WRITE_CONST, 5);

  t_init(&t, 64);
  t_main(&t);
  t_ret(&t, t_load(&t, I(8), ir_func_val(t.P, 0), 5), 6);
  FINISH_RUN_CHECK(t, CHECK_UB, INTERP_UB_INVALID_DEREF, 5);
}

static void test_free_ub(void) {
  T t;
  interp_result r;
  /* double free */
  t_init(&t, 64);
  t_main(&t);
  ir_value a = t_malloc(&t, 4, 2);
  t_free(&t, a, 3);
  t_free(&t, a, 4);
  t_ret(&t, C(32, 0), 5);
  t_done(&t);
  r = run(t.m);
  CHECK_UB(r, INTERP_UB_DOUBLE_FREE, 4);
  CHECK(interp_violates(&r, INTERP_PROP_VALID_FREE));
  interp_result_free(&r);
  ir_module_free(t.m);
  /* free of the middle, of a stack object, of a global, of a wild address; free(NULL) is fine */
  for (int k = 0; k < 5; k++) {
    t_init(&t, 64);
    uint32_t g = t_global(&t, "g", NULL, 8, false);
    t_main(&t);
    ir_value p;
    if (k == 0) p = t_gep(&t, t_malloc(&t, 8, 2), 4, 2);
    else if (k == 1) p = t_alloca(&t, 8, "s", 2);
    else if (k == 2) p = G(&t, g, 0);
    else if (k == 3) p = ir_const(t.P, 0x123456);
    else p = ir_null_val(t.P);
    t_free(&t, p, 3);
    t_ret(&t, C(32, 0), 4);
    t_done(&t);
    r = run(t.m);
    if (k == 4) CHECK_EXIT(r, 0);
    else CHECK_UB(r, INTERP_UB_INVALID_FREE, 3);
    interp_result_free(&r);
    ir_module_free(t.m);
  }
}

/* ---- leaks ------------------------------------------------------------------------- */
static interp_result run_leak(int variant) {
  T t;
  t_init(&t, 64);
  uint32_t g = t_global(&t, "g", NULL, 8, false);
  ir_type ps[1] = {I(32)};
  uint32_t ex = t_fn(&t, "exit", ir_type_void(), 1, ps, false);
  t_main(&t);
  ir_value p = t_malloc(&t, 16, 2);
  ir_value s = t_alloca(&t, 8, "s", 3);
  switch (variant) {
  case 0: break;                             /* lost: memtrack + memcleanup */
  case 1: t_store(&t, p, G(&t, g, 0), 4); break; /* reachable from a global */
  case 2: t_free(&t, p, 4); break;            /* freed: clean */
  case 3: t_store(&t, p, s, 4); break;        /* only main's local, main returns: lost */
  case 4: {                                   /* only main's local, exit(): reachable */
    t_store(&t, p, s, 4);
    ir_value z = C(32, 0);
    t_call(&t, ex, 1, &z, 5);
    break;
  }
  case 5: { /* global -> p -> q: both reachable */
    ir_value q = t_malloc(&t, 8, 6);
    t_store(&t, q, p, 6);
    t_store(&t, p, G(&t, g, 0), 6);
    break;
  }
  case 6: { /* a cycle p <-> q not reachable */
    ir_value q = t_malloc(&t, 8, 6);
    t_store(&t, q, p, 6);
    t_store(&t, p, q, 6);
    break;
  }
  }
  t_ret(&t, C(32, 0), 9);
  t_done(&t);
  interp_result r = run(t.m);
  if (variant == 0) {
    char *line = outcome_line(t.m, &r);
    CHECK_MSG(strcmp(line,
                     "run: exit 0\n"
                     "run: leak valid-memtrack: 1 object(s) unreachable at exit, allocated at t.c:2:1\n"
                     "run: leak valid-memcleanup: 1 object(s) not freed at exit, allocated at t.c:2:1\n") == 0,
              "got '%s'", line);
    free(line);
  }
  ir_module_free(t.m);
  return r;
}

/* Memory lost before an abort is a memtrack violation too (not memcleanup). */
static void test_leak_at_abort(void) {
  T t;
  t_init(&t, 64);
  uint32_t ab = t_fn(&t, "abort", ir_type_void(), 0, NULL, false);
  t_main(&t);
  ir_value p = t_malloc(&t, 8, 2);
  t_malloc(&t, 8, 3); /* the result is kept in a register: reachable */
  (void)p;
  ir_value s = t_alloca(&t, 8, "s", 4);
  t_store(&t, C(64, 0), s, 4);
  ir_value q = t_malloc(&t, 8, 5);
  t_store(&t, q, s, 5);
  t_store(&t, C(64, 0), s, 6); /* q's only copy in memory is overwritten, its register remains */
  t_call(&t, ab, 0, NULL, 7);
  t_ret(&t, C(32, 0), 8);
  t_done(&t);
  interp_result r = run(t.m);
  CHECK(r.outcome == INTERP_ABORT && r.leaks_checked && r.n_memtrack == 0 && r.n_memcleanup == 0 && r.leaks.len == 3);
  interp_result_free(&r);
  ir_module_free(t.m);
}

static void test_leaks(void) {
  size_t track[7] = {1, 0, 0, 1, 0, 0, 2}, clean[7] = {1, 1, 0, 1, 1, 2, 2};
  for (int v = 0; v < 7; v++) {
    interp_result r = run_leak(v);
    CHECK_MSG(r.outcome == INTERP_EXIT && r.leaks_checked && r.n_memtrack == track[v] && r.n_memcleanup == clean[v],
              "variant %d: outcome %d track %zu clean %zu", v, r.outcome, r.n_memtrack, r.n_memcleanup);
    CHECK(interp_violates(&r, INTERP_PROP_VALID_MEMTRACK) == (track[v] > 0));
    CHECK(interp_violates(&r, INTERP_PROP_VALID_MEMCLEANUP) == (clean[v] > 0));
    interp_result_free(&r);
  }
}

/* ---- builtins --------------------------------------------------------------------- */
static uint32_t t_memfn(T *t, const char *name, int nptr, int nsize, ir_type ret) {
  ir_type ps[3];
  int n = 0;
  for (int i = 0; i < nptr; i++) ps[n++] = t->P;
  for (int i = 0; i < nsize; i++) ps[n++] = I(t->m->ptr_bits);
  return t_fn(t, name, ret, (uint32_t)n, ps, false);
}

static void test_mem_builtins(void) {
  T t;
  interp_result r;
  /* memset + memcpy + memcmp + strlen */
  t_init(&t, 64);
  uint32_t hello = t_global(&t, ".str", "hello", 6, true);
  t_main(&t);
  ir_value a = t_alloca(&t, 16, "a", 2), b = t_alloca(&t, 16, "b", 2);
  ir_type ps3[3] = {t.P, I(32), I(64)};
  uint32_t memset_f = t_fn(&t, "memset", t.P, 3, ps3, false);
  ir_value args[3] = {a, C(32, 0xab), C(64, 16)};
  t_call(&t, memset_f, 3, args, 3);
  uint32_t memcpy_f = t_memfn(&t, "memcpy", 2, 1, t.P);
  ir_value cargs[3] = {b, G(&t, hello, 0), C(64, 6)};
  t_call(&t, memcpy_f, 3, cargs, 4);
  uint32_t memcmp_f = t_memfn(&t, "memcmp", 2, 1, I(32));
  ir_value margs[3] = {b, G(&t, hello, 0), C(64, 6)};
  ir_value cmp = t_call(&t, memcmp_f, 3, margs, 5);
  uint32_t strlen_f = t_memfn(&t, "strlen", 1, 0, I(64));
  ir_value len = t_call(&t, strlen_f, 1, &b, 6);
  ir_value word = t_load(&t, I(32), t_gep(&t, a, 4, 7), 7);
  ir_value hi = t_bin(&t, IR_LSHR, 0, word, C(32, 24), 7); /* 0xab */
  ir_value sum = t_bin(&t, IR_ADD, 0, hi, t_cast(&t, IR_TRUNC, I(32), len, 8), 8);
  sum = t_bin(&t, IR_ADD, 0, sum, cmp, 8);
  t_ret(&t, sum, 9);
  FINISH_RUN_CHECK(t, CHECK_EXIT, 0xab + 5);

  /* strcpy past the end */
  t_init(&t, 64);
  hello = t_global(&t, ".str", "hello", 6, true);
  t_main(&t);
  a = t_alloca(&t, 4, "buf", 2);
  uint32_t strcpy_f = t_memfn(&t, "strcpy", 2, 0, t.P);
  ir_value sargs[2] = {a, G(&t, hello, 0)};
  t_call(&t, strcpy_f, 2, sargs, 3);
  t_ret(&t, C(32, 0), 4);
  t_done(&t);
  r = run(t.m);
  CHECK_UB(r, INTERP_UB_OUT_OF_BOUNDS, 3);
  CHECK_MSG(r.detail && strcmp(r.detail, "strcpy write of 6 bytes at offset 0 of 'buf' (size 4)") == 0, "%s",
            r.detail);
  interp_result_free(&r);
  ir_module_free(t.m);

  /* strlen without a terminator */
  t_init(&t, 64);
  t_main(&t);
  a = t_alloca(&t, 4, "buf", 2);
  t_store(&t, C(32, 0x61616161), a, 3);
  strlen_f = t_memfn(&t, "strlen", 1, 0, I(64));
  t_ret(&t, t_call(&t, strlen_f, 1, &a, 4), 4);
  t_done(&t);
  r = run(t.m);
  CHECK_UB(r, INTERP_UB_OUT_OF_BOUNDS, 4);
  CHECK(r.detail && strstr(r.detail, "strlen read of 1 byte at offset 4 of 'buf'"));
  interp_result_free(&r);
  ir_module_free(t.m);

  /* overlapping memcpy; memmove is fine */
  for (int k = 0; k < 2; k++) {
    t_init(&t, 64);
    t_main(&t);
    a = t_alloca(&t, 8, "a", 2);
    t_store(&t, C(64, 0x0807060504030201ull), a, 2);
    uint32_t fn = t_memfn(&t, k ? "memmove" : "memcpy", 2, 1, t.P);
    ir_value margs2[3] = {t_gep(&t, a, 1, 3), a, C(64, 4)};
    t_call(&t, fn, 3, margs2, 3);
    t_ret(&t, t_load(&t, I(32), t_gep(&t, a, 4, 4), 4), 4);
    t_done(&t);
    r = run(t.m);
    if (k == 0) CHECK_UB(r, INTERP_UB_OVERLAP, 3);
    else CHECK_EXIT(r, 0x08070604);
    interp_result_free(&r);
    ir_module_free(t.m);
  }

  /* realloc keeps the contents and frees the old block; calloc is zeroed */
  t_init(&t, 64);
  t_main(&t);
  a = t_malloc(&t, 4, 2);
  t_store(&t, C(32, 0x11223344), a, 3);
  uint32_t realloc_f = t_fn(&t, "realloc", t.P, 2, (ir_type[]){t.P, I(64)}, false);
  ir_value rargs[2] = {a, C(64, 8)};
  ir_value q = t_call(&t, realloc_f, 2, rargs, 4);
  ir_value v1 = t_load(&t, I(32), q, 5);
  uint32_t calloc_f = t_fn(&t, "calloc", t.P, 2, (ir_type[]){I(64), I(64)}, false);
  ir_value cal[2] = {C(64, 2), C(64, 4)};
  ir_value z = t_call(&t, calloc_f, 2, cal, 6);
  ir_value v2 = t_load(&t, I(32), t_gep(&t, z, 4, 7), 7);
  t_free(&t, q, 8);
  t_free(&t, z, 8);
  ir_value v3 = t_load(&t, I(32), a, 9); /* the old block */
  t_ret(&t, t_bin(&t, IR_ADD, 0, t_bin(&t, IR_ADD, 0, v1, v2, 10), v3, 10), 10);
  FINISH_RUN_CHECK(t, CHECK_UB, INTERP_UB_USE_AFTER_FREE, 9);

  /* with malloc_may_fail, malloc beyond the heap limit returns NULL; malloc(0)
   * is a unique 0-byte object; by default the big malloc ends the run */
  t_init(&t, 64);
  t_main(&t);
  a = t_malloc(&t, (uint64_t)1 << 40, 2);
  ir_value isnull = R(&t.b, ir_emit_icmp(&t.b, IR_EQ, a, ir_null_val(t.P), L(3)));
  b = t_malloc(&t, 0, 4);
  ir_value bnull = R(&t.b, ir_emit_icmp(&t.b, IR_EQ, b, ir_null_val(t.P), L(5)));
  t_free(&t, b, 6);
  ir_value s = t_bin(&t, IR_ADD, 0, t_cast(&t, IR_ZEXT, I(32), isnull, 7),
                     t_bin(&t, IR_MUL, 0, t_cast(&t, IR_ZEXT, I(32), bnull, 7), C(32, 2), 7), 7);
  t_ret(&t, s, 8);
  t_done(&t);
  interp_options mo;
  interp_options_default(&mo);
  mo.out = NULL;
  mo.malloc_may_fail = true;
  r = run_opts(t.m, &mo);
  CHECK_EXIT(r, 1);
  CHECK(r.leaks_checked && r.n_memcleanup == 0);
  interp_result_free(&r);
  r = run(t.m);
  CHECK(r.outcome == INTERP_OUT_OF_RESOURCES && r.loc.line == 2 && strstr(r.detail, "heap limit"));
  interp_result_free(&r);
  ir_module_free(t.m);

  /* llvm.stackrestore ends the life of a VLA */
  t_init(&t, 64);
  t_main(&t);
  uint32_t save = t_fn(&t, "llvm.stacksave", t.P, 0, NULL, false);
  uint32_t restore = t_fn(&t, "llvm.stackrestore", ir_type_void(), 1, (ir_type[]){t.P}, false);
  ir_value tok = t_call(&t, save, 0, NULL, 2);
  a = t_alloca(&t, 4, "vla", 3);
  t_store(&t, C(32, 1), a, 4);
  t_call(&t, restore, 1, &tok, 5);
  t_ret(&t, t_load(&t, I(32), a, 6), 6);
  FINISH_RUN_CHECK(t, CHECK_UB, INTERP_UB_DANGLING_STACK, 6);

  /* a huge alloca runs out of stack */
  t_init(&t, 64);
  t_main(&t);
  uint32_t id = ir_emit_alloca(&t.b, 4, t_nondet(&t, 64, 2), 4, L(3));
  t_ret(&t, t_load(&t, I(32), R(&t.b, id), 4), 4);
  t_done(&t);
  uint64_t big = (uint64_t)1 << 40;
  r = run_nd(t.m, &big, 1);
  CHECK(r.outcome == INTERP_OUT_OF_RESOURCES && r.loc.line == 3 && strstr(r.detail, "stack overflow"));
  interp_result_free(&r);
  ir_module_free(t.m);
}

static char *run_printf(const char *fmt, uint32_t n, const ir_value *vals, interp_result *r) {
  T t;
  t_init(&t, 64);
  uint32_t gf = t_global(&t, ".fmt", fmt, strlen(fmt) + 1, true);
  uint32_t gs = t_global(&t, ".s", "ab", 3, true);
  t_main(&t);
  uint32_t pf = t_fn(&t, "printf", I(32), 1, &t.P, true);
  ir_value args[16];
  args[0] = G(&t, gf, 0);
  for (uint32_t i = 0; i < n; i++) args[i + 1] = vals[i].kind == IR_VAL_GLOBAL ? G(&t, gs, 0) : vals[i];
  ir_value rv = t_call(&t, pf, n + 1, args, 3);
  t_ret(&t, rv, 4);
  t_done(&t);
  interp_options o;
  interp_options_default(&o);
  FILE *f = tmpfile();
  o.out = f;
  *r = run_opts(t.m, &o);
  long len = ftell(f);
  rewind(f);
  char *s = calloc((size_t)len + 1, 1);
  size_t got = fread(s, 1, (size_t)len, f);
  s[got] = 0;
  fclose(f);
  ir_module_free(t.m);
  return s;
}

static void test_printf(void) {
  interp_result r;
  ir_type P = ir_type_ptr(64);
  ir_value vals[] = {C(32, (uint32_t)-5), C(32, 10), C(32, 'z'), ir_global_val(P, 0, 0), C(64, UINT64_MAX),
                     C(32, 300), C(32, 6), C(32, 42), C(64, 255)};
  char *s = run_printf("%d|%5.2x|%-3c|%s|%lld|%hhd|%*d|%#lo%%\n", 9, vals, &r);
  const char *want = "-5|   0a|z  |ab|-1|44|    42|0377%\n";
  CHECK_MSG(strcmp(s, want) == 0, "got '%s'", s);
  CHECK_EXIT(r, (int32_t)strlen(want));
  free(s);
  interp_result_free(&r);

  ir_value v2[] = {C(32, (uint32_t)INT32_MIN), C(32, UINT32_MAX), ir_global_val(P, 0, 0), ir_null_val(P)};
  s = run_printf("%+i %u %.1s %p\n", 4, v2, &r);
  CHECK_MSG(strcmp(s, "-2147483648 4294967295 a (nil)\n") == 0, "got '%s'", s);
  free(s);
  interp_result_free(&r);

  s = run_printf("%d %d\n", 1, vals, &r);
  CHECK(r.outcome == INTERP_UB && r.ub == INTERP_UB_BAD_FORMAT);
  free(s);
  interp_result_free(&r);

  s = run_printf("x=%Lf\n", 1, vals, &r);
  CHECK(r.outcome == INTERP_UNSUPPORTED && r.detail && strstr(r.detail, "'%L'"));
  free(s);
  interp_result_free(&r);

  /* doubles: the 64 bits of the (promoted) argument, formatted by the host */
  double d = -1.25;
  uint64_t db;
  memcpy(&db, &d, sizeof db);
  ir_value vd[] = {C(64, db), C(64, db), C(64, db), C(64, db)};
  s = run_printf("%f %.2e %g %a\n", 4, vd, &r);
  CHECK_MSG(strcmp(s, "-1.250000 -1.25e+00 -1.25 -0x1.4p+0\n") == 0, "got '%s'", s);
  free(s);
  interp_result_free(&r);

  ir_value v3[] = {ir_null_val(P)};
  s = run_printf("%s\n", 1, v3, &r);
  CHECK(r.outcome == INTERP_UB && r.ub == INTERP_UB_NULL_DEREF);
  free(s);
  interp_result_free(&r);
}

/* ---- nondet, uninitialised memory, assume, errors ---------------------------------- */
static void test_nondet(void) {
  T t;
  interp_result r;
  /* an uninitialised local is a nondet draw, stable across reads */
  t_init(&t, 64);
  t_main(&t);
  ir_value a = t_alloca(&t, 4, "x", 2);
  ir_value v1 = t_load(&t, I(32), a, 3), v2 = t_load(&t, I(32), a, 4);
  t_ret(&t, t_bin(&t, IR_ADD, 0, v1, v2, 5), 5);
  t_done(&t);
  uint64_t nd = 21;
  r = run_nd(t.m, &nd, 1);
  CHECK_EXIT(r, 42);
  CHECK(r.nondet.len == 1 && r.nondet.data[0].origin == INTERP_ND_UNINIT && r.nondet.data[0].loc.line == 3 &&
        r.nondet.data[0].value == 21);
  interp_result_free(&r);
  /* the same with uninit_zero: no draw */
  interp_options o;
  interp_options_default(&o);
  o.out = NULL;
  o.uninit_zero = true;
  r = run_opts(t.m, &o);
  CHECK_EXIT(r, 0);
  CHECK(r.nondet.len == 0);
  interp_result_free(&r);
  /* PRNG after the list is deterministic by seed */
  o.uninit_zero = false;
  o.seed = 7;
  interp_result r1 = run_opts(t.m, &o), r2 = run_opts(t.m, &o);
  CHECK(r1.nondet.len == 1 && r2.nondet.len == 1 && r1.nondet.data[0].value == r2.nondet.data[0].value);
  /* replaying the recorded values gives the same run */
  uint64_t rec = r1.nondet.data[0].value;
  interp_result r3 = run_nd(t.m, &rec, 1);
  CHECK(r3.outcome == r1.outcome && r3.exit_code == r1.exit_code);
  interp_result_free(&r1);
  interp_result_free(&r2);
  interp_result_free(&r3);
  /* strict: running out of values ends the run */
  o.nondet_strict = true;
  r = run_opts(t.m, &o);
  CHECK(r.outcome == INTERP_OUT_OF_NONDET && r.loc.line == 3);
  interp_result_free(&r);
  ir_module_free(t.m);

  /* undef operands draw at each evaluation; partial initialisation keeps the defined bytes */
  t_init(&t, 64);
  t_main(&t);
  a = t_alloca(&t, 4, "x", 2);
  t_store(&t, C(8, 0x11), a, 3);
  v1 = t_load(&t, I(32), a, 4);
  v2 = t_bin(&t, IR_ADD, 0, ir_undef_val(I(8)), ir_undef_val(I(8)), 5);
  t_ret(&t, t_bin(&t, IR_ADD, 0, v1, t_cast(&t, IR_ZEXT, I(32), v2, 6), 6), 6);
  t_done(&t);
  uint64_t nds[3] = {0xaabbccdd, 1, 2};
  r = run_nd(t.m, nds, 3);
  CHECK_EXIT(r, (int32_t)(0xaabbcc11 + 3));
  CHECK(r.nondet.len == 3 && r.nondet.data[1].origin == INTERP_ND_UNDEF && r.nondet.data[1].bits == 8);
  char *line = outcome_line(t.m, &r);
  CHECK_MSG(strstr(line, "run: nondet values (3): -1430532899,1,2\n") != NULL, "got '%s'", line);
  free(line);
  interp_result_free(&r);
  ir_module_free(t.m);
}

/* memcpy carries the uninitialised state: copied defined bytes keep their
 * value, copied undefined bytes are drawn when read from the copy. */
static void test_undef_copy(void) {
  T t;
  t_init(&t, 64);
  t_main(&t);
  ir_value a = t_alloca(&t, 8, "a", 2), b = t_alloca(&t, 8, "b", 2);
  t_store(&t, C(16, 0x2211), t_gep(&t, a, 2, 3), 3);          /* a: ?? ?? 11 22 ?? ?? ?? ?? */
  uint32_t memcpy_f = t_memfn(&t, "memcpy", 2, 1, t.P);
  ir_value args[3] = {b, a, C(64, 8)};
  t_call(&t, memcpy_f, 3, args, 4);
  ir_value w = t_load(&t, I(32), b, 5);                        /* draws one value for bytes 0,1 */
  ir_value v = t_load(&t, I(32), t_gep(&t, b, 4, 6), 6);       /* a second draw */
  ir_value w2 = t_load(&t, I(32), b, 7);                       /* stable now */
  ir_value d = t_bin(&t, IR_SUB, 0, w, w2, 8);                 /* 0 */
  t_ret(&t, t_bin(&t, IR_ADD, 0, t_bin(&t, IR_ADD, 0, w, v, 8), d, 8), 8);
  t_done(&t);
  uint64_t nd[2] = {0xaaaabbcc, 0x01000000};
  interp_result r = run_nd(t.m, nd, 2);
  CHECK_EXIT(r, (int32_t)(0x2211bbcc + 0x01000000));
  CHECK(r.nondet.len == 2 && r.nondet.data[0].loc.line == 5 && r.nondet.data[1].loc.line == 6);
  interp_result_free(&r);
  ir_module_free(t.m);
}

static void test_errors(void) {
  T t;
  interp_result r;
  /* assume: false -> infeasible, true -> goes on */
  for (int k = 0; k < 2; k++) {
    t_init(&t, 64);
    t_main(&t);
    uint32_t as = t_fn(&t, "__VERIFIER_assume", ir_type_void(), 1, (ir_type[]){I(32)}, false);
    ir_value c = t_nondet(&t, 32, 2);
    t_call(&t, as, 1, &c, 3);
    t_ret(&t, C(32, 9), 4);
    t_done(&t);
    uint64_t nd = (uint64_t)k;
    r = run_nd(t.m, &nd, 1);
    if (k == 0) {
      CHECK(r.outcome == INTERP_INFEASIBLE && r.loc.line == 3);
      char *s = outcome_line(t.m, &r);
      CHECK_MSG(strncmp(s, "run: infeasible (assume) at t.c:3:1\n", 36) == 0, "got '%s'", s);
      free(s);
    } else {
      CHECK_EXIT(r, 9);
    }
    interp_result_free(&r);
    ir_module_free(t.m);
  }

  /* reach_error without body; with a body (it is the call that counts); __assert_fail */
  for (int k = 0; k < 3; k++) {
    t_init(&t, 64);
    uint32_t af = decl(t.m, "__assert_fail", ir_type_void(), 4, (ir_type[]){t.P, t.P, I(32), t.P}, false);
    uint32_t re;
    if (k == 1) {
      re = fn_begin(t.m, &t.b, "reach_error", ir_type_void(), 0, NULL);
      ir_value as[4] = {ir_null_val(t.P), ir_null_val(t.P), C(32, 0), ir_null_val(t.P)};
      t_call(&t, af, 4, as, 40);
      ir_emit_ret(&t.b, NULL, L(41));
      t_done(&t);
    } else {
      re = decl(t.m, "reach_error", ir_type_void(), 0, NULL, false);
    }
    t_main(&t);
    if (k == 2) {
      ir_value as[4] = {ir_null_val(t.P), ir_null_val(t.P), C(32, 0), ir_null_val(t.P)};
      t_call(&t, af, 4, as, 12);
    } else {
      t_call(&t, re, 0, NULL, 12);
    }
    t_ret(&t, C(32, 0), 13);
    t_done(&t);
    r = run(t.m);
    CHECK(r.outcome == INTERP_ERROR_REACHED && r.loc.line == 12);
    CHECK(r.error_fn == (k == 2 ? IR_BUILTIN_ASSERT_FAIL : IR_BUILTIN_REACH_ERROR));
    CHECK(interp_violates(&r, INTERP_PROP_UNREACH_CALL) == (k != 2));
    char *s = outcome_line(t.m, &r);
    CHECK_MSG(strcmp(s, k == 2 ? "run: error reached (__assert_fail) at t.c:12:1\n"
                               : "run: error reached (reach_error) at t.c:12:1\n") == 0,
              "got '%s'", s);
    free(s);
    interp_result_free(&r);
    ir_module_free(t.m);
  }

  /* abort, trap, exit with a code */
  const char *names[3] = {"abort", "llvm.trap", "exit"};
  for (int k = 0; k < 3; k++) {
    t_init(&t, 64);
    t_main(&t);
    uint32_t f = k == 2 ? t_fn(&t, "exit", ir_type_void(), 1, (ir_type[]){I(32)}, false)
                        : t_fn(&t, names[k], ir_type_void(), 0, NULL, false);
    ir_value code = C(32, (uint32_t)-3);
    t_call(&t, f, k == 2 ? 1 : 0, &code, 5);
    t_ret(&t, C(32, 0), 6);
    t_done(&t);
    r = run(t.m);
    if (k == 0) CHECK(r.outcome == INTERP_ABORT && r.loc.line == 5);
    if (k == 1) CHECK(r.outcome == INTERP_TRAP && r.loc.line == 5);
    if (k == 2) {
      CHECK_EXIT(r, -3);
      char *s = outcome_line(t.m, &r);
      CHECK_MSG(strcmp(s, "run: exit -3\n") == 0, "got '%s'", s);
      free(s);
    }
    interp_result_free(&r);
    ir_module_free(t.m);
  }
}

/* Malformed IR ends the run as unsupported, never crashes. */
static void test_malformed(void) {
  for (int k = 0; k < 3; k++) {
    T t;
    t_init(&t, 64);
    t_main(&t);
    ir_inst in = {0};
    ir_value x = C(32, 1);
    uint32_t tg = 7;
    in.callee = IR_NONE;
    in.loc = L(3);
    if (k == 0) { /* add with one operand */
      in.op = IR_ADD;
      in.type = I(32);
      in.nops = 1;
      in.ops = &x;
    } else if (k == 1) { /* zero-width result */
      in.op = IR_ZEXT;
      in.type = I(0);
      in.nops = 1;
      in.ops = &x;
    } else { /* branch to a missing block */
      in.op = IR_BR;
      in.type = ir_type_void();
      in.ntargets = 1;
      in.targets = &tg;
    }
    ir_build_emit(&t.b, &in);
    t_ret(&t, C(32, 0), 4);
    t_done(&t);
    interp_result r = run(t.m);
    CHECK_MSG(r.outcome == INTERP_UNSUPPORTED && r.detail && strstr(r.detail, "malformed IR"), "case %d: %d", k,
              r.outcome);
    interp_result_free(&r);
    ir_module_free(t.m);
  }
}

static void test_names(void) {
  CHECK(strcmp(interp_ub_name(INTERP_UB_SIGNED_OVERFLOW), "signed-overflow") == 0);
  CHECK(interp_ub_property(INTERP_UB_SIGNED_OVERFLOW) == INTERP_PROP_NO_OVERFLOW);
  CHECK(interp_ub_property(INTERP_UB_DIV_OVERFLOW) == INTERP_PROP_NO_OVERFLOW);
  CHECK(interp_ub_property(INTERP_UB_DIV_BY_ZERO) == INTERP_PROP_NONE);
  CHECK(interp_ub_property(INTERP_UB_SHIFT_OUT_OF_RANGE) == INTERP_PROP_NONE);
  CHECK(interp_ub_property(INTERP_UB_UNSIGNED_WRAP) == INTERP_PROP_NONE);
  CHECK(interp_ub_property(INTERP_UB_OUT_OF_BOUNDS) == INTERP_PROP_VALID_DEREF);
  CHECK(interp_ub_property(INTERP_UB_DANGLING_STACK) == INTERP_PROP_VALID_DEREF);
  CHECK(interp_ub_property(INTERP_UB_DOUBLE_FREE) == INTERP_PROP_VALID_FREE);
  CHECK(strcmp(interp_prop_name(INTERP_PROP_VALID_MEMTRACK), "valid-memtrack") == 0);
  for (int k = 0; k < INTERP_UB_COUNT; k++) CHECK(interp_ub_name((interp_ub)k)[0] != '?');
}

/* Lassos: a loop that swaps x and y forever repeats its state every two
 * visits (search finds it, check confirms it); visits 1 and 2 differ; a
 * counter that only grows never repeats within the steps. */
static ir_module *swap_loop(bool forever) {
  T t;
  t_init(&t, 64);
  fn_begin(t.m, &t.b, "main", I(32), 0, NULL);
  uint32_t loop = ir_build_new_block(&t.b, "loop"), exit = ir_build_new_block(&t.b, "exit");
  ir_emit_br(&t.b, loop, L(1));
  ir_build_block(&t.b, loop);
  uint32_t x = t_phi(&t, I(32), C(32, 1), 0, C(32, 0), loop, 2);
  uint32_t y = t_phi(&t, I(32), C(32, 2), 0, C(32, 0), loop, 2);
  uint32_t n = t_phi(&t, I(32), C(32, 0), 0, C(32, 0), loop, 2);
  ir_build_inst(&t.b, x)->ops[1] = R(&t.b, y);
  ir_build_inst(&t.b, y)->ops[1] = R(&t.b, x);
  /* forever: n stays 0; else n counts up (no state repeats) */
  ir_value n1 = t_bin(&t, IR_ADD, 0, R(&t.b, n), C(32, forever ? 0 : 1), 3);
  ir_build_inst(&t.b, n)->ops[1] = n1;
  ir_value c = R(&t.b, ir_emit_icmp(&t.b, IR_NE, R(&t.b, x), C(32, 3), L(5)));
  ir_emit_condbr(&t.b, c, loop, exit, L(5));
  ir_build_block(&t.b, exit);
  t_ret(&t, n1, 6);
  t_done(&t);
  return t.m;
}

static interp_result run_lasso(ir_module *m, uint64_t first, uint64_t second) {
  interp_options o;
  interp_options_default(&o);
  o.out = NULL;
  o.max_steps = 100000;
  o.lasso.enabled = true;
  o.lasso.check_first = first;
  o.lasso.check_second = second;
  interp_result r;
  interp_run(m, &o, &r);
  return r;
}

static void test_lasso(void) {
  ir_module *m = swap_loop(true);
  interp_result r = run_lasso(m, 0, 0);
  CHECK(r.outcome == INTERP_LASSO && !r.lasso.checked);
  CHECK(r.lasso.second == r.lasso.first + 2 && r.lasso.first >= 1);
  uint64_t first = r.lasso.first, second = r.lasso.second;
  interp_result_free(&r);
  r = run_lasso(m, first, second);
  CHECK(r.outcome == INTERP_LASSO && r.lasso.checked && r.lasso.equal);
  CHECK(r.lasso.first == first && r.lasso.second == second && r.lasso.loc.line == 3); /* the first non-phi */
  char *line = outcome_line(m, &r);
  CHECK_MSG(strstr(line, "run: repeated state at ") != NULL, "%s", line);
  free(line);
  interp_result_free(&r);
  r = run_lasso(m, first, first + 1); /* x and y swapped: not the same state */
  CHECK(r.outcome == INTERP_LASSO && r.lasso.checked && !r.lasso.equal);
  interp_result_free(&r);
  ir_module_free(m);

  m = swap_loop(false);
  r = run_lasso(m, 0, 0);
  CHECK(r.outcome == INTERP_OUT_OF_STEPS && r.head_visits > 1000);
  interp_result_free(&r);

  /* a deadline already passed ends the run early, with its reason */
  interp_options o;
  interp_options_default(&o);
  o.out = NULL;
  o.budget = budget_until(budget_unlimited(), util_now() - 1);
  interp_run(m, &o, &r);
  CHECK(r.outcome == INTERP_OUT_OF_RESOURCES && r.steps < 10000);
  CHECK(r.detail && strcmp(r.detail, "time budget") == 0);
  interp_result_free(&r);
  ir_module_free(m);
}

/* ---- floating point and inline asm ------------------------------------------------ */
static uint64_t dbits(double d) {
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return u;
}

static ir_value t_inst(T *t, ir_opcode op, unsigned pred, ir_type ty, uint32_t n, ir_value *ops, uint64_t size,
                       unsigned line) {
  ir_inst in = {0};
  in.op = (uint8_t)op;
  in.pred = (uint8_t)pred;
  in.type = ty;
  in.nops = n;
  in.ops = ops;
  in.size = size;
  in.callee = IR_NONE;
  in.loc = L(line);
  return ir_inst_val(ty, ir_build_emit(&t->b, &in));
}

/* main returns op(x) converted to i32 with fptosi (or the i1 of an fcmp). */
static interp_result run_float(ir_opcode op, unsigned pred, ir_type ty, ir_value x, ir_value y) {
  T t;
  t_init(&t, 64);
  t_main(&t);
  ir_value ops[2] = {x, y};
  uint32_t n = op == IR_FMATH ? ir_fmath_arity((ir_fmath)pred) : (op <= IR_FCMP && op != IR_FPTOSI) ? 2 : 1;
  ir_value r = t_inst(&t, op, pred, ty, n, ops, 0, 3);
  if (ir_float_width_ok(r.type.bits) && op != IR_FCMP && op != IR_FPTOSI && op != IR_FPTOUI)
    r = t_inst(&t, IR_FPTOSI, 0, I(32), 1, &r, 0, 4);
  t_ret(&t, r, 5);
  t_done(&t);
  interp_result res = run(t.m);
  ir_module_free(t.m);
  return res;
}

static void test_float(void) {
  ir_value nan = C(64, 0x7ff8000000000000ull), one = C(64, dbits(1.0));
  static const struct { unsigned pred; int want; } cmps[] = {
      {IR_FOEQ, 0}, {IR_FUEQ, 1}, {IR_FONE, 0}, {IR_FUNE, 1}, {IR_FORD, 0}, {IR_FUNO, 1}, {IR_FOLT, 0}, {IR_FULT, 1}};
  for (size_t i = 0; i < sizeof cmps / sizeof cmps[0]; i++) {
    interp_result r = run_float(IR_FCMP, cmps[i].pred, I(1), nan, one);
    CHECK_EXIT(r, cmps[i].want);
    interp_result_free(&r);
  }
  interp_result r = run_float(IR_FCMP, IR_FOGE, I(1), one, C(64, dbits(-0.0)));
  CHECK_EXIT(r, 1);
  interp_result_free(&r);
  /* arithmetic and libm: 7.5 / 2 = 3.75 -> 3; round(-2.5) = -3; fmod(-7.5, 2) = -1.5 -> -1 */
  r = run_float(IR_FDIV, 0, I(64), C(64, dbits(7.5)), C(64, dbits(2.0)));
  CHECK_EXIT(r, 3);
  interp_result_free(&r);
  r = run_float(IR_FMATH, IR_FM_ROUND, I(64), C(64, dbits(-2.5)), one);
  CHECK_EXIT(r, -3);
  interp_result_free(&r);
  r = run_float(IR_FREM, 0, I(64), C(64, dbits(-7.5)), C(64, dbits(2.0)));
  CHECK_EXIT(r, -1);
  interp_result_free(&r);
  r = run_float(IR_FMATH, IR_FM_FMAX, I(64), nan, C(64, dbits(2.0)));
  CHECK_EXIT(r, 2);
  interp_result_free(&r);
  /* float: 16777217 rounds to 16777216 */
  r = run_float(IR_SITOFP, 0, I(32), C(32, 16777217), one);
  CHECK_EXIT(r, 16777216);
  interp_result_free(&r);
  /* i8 -1 is -1.0 signed, 255.0 unsigned */
  r = run_float(IR_SITOFP, 0, I(64), C(8, 0xff), one);
  CHECK_EXIT(r, -1);
  interp_result_free(&r);
  r = run_float(IR_UITOFP, 0, I(64), C(8, 0xff), one);
  CHECK_EXIT(r, 255);
  interp_result_free(&r);
  /* conversions: in range truncates; out of range, NaN, inf are UB */
  r = run_float(IR_FPTOUI, 0, I(32), C(64, dbits(-0.75)), one);
  CHECK_EXIT(r, 0);
  interp_result_free(&r);
  r = run_float(IR_FPTOSI, 0, I(32), C(64, dbits(-2147483648.9)), one);
  CHECK_EXIT(r, INT32_MIN);
  interp_result_free(&r);
  r = run_float(IR_FPTOSI, 0, I(32), C(64, dbits(2147483648.0)), one);
  CHECK_UB(r, INTERP_UB_FLOAT_TO_INT, 3);
  interp_result_free(&r);
  r = run_float(IR_FPTOUI, 0, I(32), C(64, dbits(-1.0)), one);
  CHECK_UB(r, INTERP_UB_FLOAT_TO_INT, 3);
  interp_result_free(&r);
  r = run_float(IR_FPTOSI, 0, I(32), nan, one);
  CHECK_UB(r, INTERP_UB_FLOAT_TO_INT, 3);
  interp_result_free(&r);
  /* fptrunc then fpext: 0.1 as a float */
  T t;
  t_init(&t, 64);
  t_main(&t);
  ir_value x = C(64, dbits(0.1));
  ir_value f = t_inst(&t, IR_FPTRUNC, 0, I(32), 1, &x, 0, 3);
  ir_value e = t_inst(&t, IR_FPEXT, 0, I(64), 1, &f, 0, 3);
  ir_value c = t_bin(&t, IR_XOR, 0, e, C(64, dbits((double)0.1f)), 4);
  t_ret(&t, t_inst(&t, IR_ICMP, IR_EQ, I(1), 2, (ir_value[]){c, C(64, 0)}, 0, 4), 5);
  t_done(&t);
  r = run(t.m);
  CHECK_EXIT(r, 1);
  interp_result_free(&r);
  ir_module_free(t.m);
}

static void test_asm(void) {
  /* an asm result is one draw of its width; a havoc one draw per byte */
  T t;
  t_init(&t, 64);
  t_main(&t);
  ir_value a = t_inst(&t, IR_ASM, 0, I(16), 0, NULL, 0, 3);
  ir_value p = t_alloca(&t, 4, "x", 4);
  t_inst(&t, IR_HAVOC, 0, ir_type_void(), 1, &p, 4, 5);
  ir_value v = t_load(&t, I(32), p, 6);
  ir_value s = t_bin(&t, IR_ADD, 0, v, t_cast(&t, IR_ZEXT, I(32), a, 7), 7);
  t_ret(&t, s, 8);
  t_done(&t);
  uint64_t nd[] = {0x10005, 1, 2, 3, 4};
  interp_result r = run_nd(t.m, nd, 5);
  CHECK_EXIT(r, 0x04030201 + 5);
  CHECK(r.nondet.len == 5 && r.nondet.data[0].origin == INTERP_ND_ASM && r.nondet.data[0].bits == 16 &&
        r.nondet.data[4].origin == INTERP_ND_ASM && r.nondet.data[4].bits == 8);
  interp_result_free(&r);
  ir_module_free(t.m);

  /* a havoc is checked like a store */
  t_init(&t, 64);
  t_main(&t);
  ir_value q = t_alloca(&t, 2, "y", 3);
  t_inst(&t, IR_HAVOC, 0, ir_type_void(), 1, &q, 4, 4);
  t_ret(&t, C(32, 0), 5);
  t_done(&t);
  r = run(t.m);
  CHECK_UB(r, INTERP_UB_OUT_OF_BOUNDS, 4);
  interp_result_free(&r);
  ir_module_free(t.m);
}

/* math_exact: main returns x op c for a drawn x; the run must end
 * UNSUPPORTED ("mathematical integers: ...") exactly when the two readings
 * of integers could part. */
static interp_outcome math_run(unsigned w, unsigned op, unsigned flags, uint64_t c, uint64_t x, bool trunc8) {
  T t;
  t_init(&t, 64);
  t_main(&t);
  ir_value v = t_nondet(&t, w, 3);
  ir_value r = t_bin(&t, (ir_opcode)op, flags, v, C(w, c), 10);
  if (trunc8) r = t_cast(&t, IR_ZEXT, I(32), t_cast(&t, IR_TRUNC, I(8), r, 11), 12);
  else if (w != 32) r = t_cast(&t, IR_TRUNC, I(32), r, 11);
  t_ret(&t, r, 13);
  t_done(&t);
  interp_options o;
  interp_options_default(&o);
  o.out = NULL;
  o.nondet = &x;
  o.nnondet = 1;
  o.math_exact = true;
  interp_result res = run_opts(t.m, &o);
  interp_outcome k = res.outcome;
  if (k == INTERP_UNSUPPORTED)
    CHECK_MSG(res.detail && strncmp(res.detail, "mathematical integers: ", 23) == 0, "detail '%s'",
              res.detail ? res.detail : "");
  interp_result_free(&res);
  ir_module_free(t.m);
  return k;
}

static void test_math_exact(void) {
  CHECK(math_run(32, IR_ADD, IR_NSW, 1, 5, false) == INTERP_EXIT);              /* 5 + 1 */
  CHECK(math_run(32, IR_ADD, IR_NSW, 0xffffffff, 5, false) == INTERP_EXIT);     /* 5 + (-1): nsw reads -1 */
  CHECK(math_run(32, IR_ADD, 0, 0xffffffff, 5, false) == INTERP_EXIT);          /* C's x - 1 */
  CHECK(math_run(32, IR_ADD, IR_NUW, 0xffffffff, 5, false) == INTERP_UNSUPPORTED); /* nuw: 2^32 - 1 */
  CHECK(math_run(32, IR_ADD, IR_NSW, 0xffffffff, 0, false) == INTERP_UNSUPPORTED); /* 0 - 1 < 0 */
  CHECK(math_run(32, IR_ADD, 0, 1, 0x7fffffff, false) == INTERP_UNSUPPORTED);   /* the sign bit */
  CHECK(math_run(32, IR_MUL, 0, 3, 0x7fffffff, false) == INTERP_UNSUPPORTED);   /* wraps */
  CHECK(math_run(32, IR_ADD, 0, 20, 100, true) == INTERP_EXIT);                 /* 120 fits a signed char */
  CHECK(math_run(32, IR_ADD, 0, 100, 100, true) == INTERP_UNSUPPORTED);         /* 200: the sign bit of 8 */
  CHECK(math_run(32, IR_ADD, 0, 100, 200, true) == INTERP_UNSUPPORTED);         /* 300 does not */
  CHECK(math_run(64, IR_UDIV, 0, 7, 100, false) == INTERP_EXIT);
  CHECK(math_run(32, IR_XOR, 0, 0xffffffff, 5, false) == INTERP_UNSUPPORTED);   /* ~5 */
}

int main(void) {
  test_math_exact();
  test_float();
  test_asm();
  test_arith_run();
  test_report_overflow();
  test_phi_loop();
  test_switch();
  test_unreachable_and_steps();
  test_calls();
  test_main_args();
  test_memory_basic();
  test_deref_ub();
  test_free_ub();
  test_leaks();
  test_leak_at_abort();
  test_mem_builtins();
  test_printf();
  test_nondet();
  test_undef_copy();
  test_errors();
  test_malformed();
  test_names();
  test_lasso();
  return TEST_SUMMARY();
}
