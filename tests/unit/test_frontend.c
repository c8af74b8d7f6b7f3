/* Unit tests of the front end: flag recovery, getelementptr offsets, global
 * initializers and relocations, data models, unsupported constructs with
 * their lines, error handling, builtins and reachability. Inputs are written
 * to temporary files under /tmp (mkstemps) and removed again. */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "frontend/fe_internal.h"
#include "frontend/frontend.h"
#include "test_util.h"

/* ---- helpers ------------------------------------------------------------ */
static char *write_temp(const char *suffix, const char *text) {
  char *path = xasprintf("/tmp/bitprove-fe-test-XXXXXX%s", suffix);
  int fd = mkstemps(path, (int)strlen(suffix));
  if (fd < 0) {
    free(path);
    return NULL;
  }
  size_t n = strlen(text);
  if (write(fd, text, n) != (ssize_t)n) {
    close(fd);
    unlink(path);
    free(path);
    return NULL;
  }
  close(fd);
  return path;
}

static ir_module *load_text_opt(const char *suffix, const char *text, const fe_options *o, char **err) {
  char *path = write_temp(suffix, text);
  if (!path) {
    *err = xstrdup("cannot write temp file");
    return NULL;
  }
  ir_module *m = fe_load(path, o, err);
  unlink(path);
  free(path);
  return m;
}

static ir_module *load_text(const char *suffix, const char *text, unsigned ptr_bits) {
  fe_options o;
  fe_options_default(&o);
  o.ptr_bits = ptr_bits;
  char *err = NULL;
  ir_module *m = load_text_opt(suffix, text, &o, &err);
  if (!m) fprintf(stderr, "load failed: %s\n", err ? err : "?");
  free(err);
  return m;
}

static const ir_func *func(const ir_module *m, const char *name) {
  uint32_t id = m ? ir_func_find(m, name) : IR_NONE;
  return id == IR_NONE ? NULL : &m->funcs.data[id];
}

static const ir_global *global(const ir_module *m, const char *name) {
  uint32_t id = m ? ir_global_find(m, name) : IR_NONE;
  return id == IR_NONE ? NULL : &m->globals.data[id];
}

static const ir_inst *inst_named(const ir_func *f, const char *name) {
  for (uint32_t i = 0; f && i < f->ninsts; i++)
    if (f->insts[i].name && strcmp(f->insts[i].name, name) == 0) return &f->insts[i];
  return NULL;
}

static int count_op(const ir_func *f, ir_opcode op) {
  int n = 0;
  for (uint32_t i = 0; f && i < f->ninsts; i++) n += f->insts[i].op == op;
  return n;
}

static const ir_inst *first_op(const ir_func *f, ir_opcode op) {
  for (uint32_t i = 0; f && i < f->ninsts; i++)
    if (f->insts[i].op == op) return &f->insts[i];
  return NULL;
}

static bool has_unsupported(const ir_module *m, const char *what, uint32_t line) {
  for (size_t i = 0; m && i < m->unsupported.len; i++)
    if (strcmp(m->unsupported.data[i].what, what) == 0 && (!line || m->unsupported.data[i].loc.line == line))
      return true;
  return false;
}

static unsigned flags_of(const ir_func *f, const char *name) {
  const ir_inst *in = inst_named(f, name);
  return in ? in->flags : 0xff;
}

/* ---- flag parsing on text ------------------------------------------------- */
static void test_parse_flags(void) {
  CHECK(fe_parse_flags("  %x = add nuw nsw i32 %a, %b", "add") == (IR_NUW | IR_NSW));
  CHECK(fe_parse_flags("%x = add nsw i32 %a, %b, !dbg !12", "add") == IR_NSW);
  CHECK(fe_parse_flags("%x = add i32 %nsw, %nuw", "add") == 0);
  CHECK(fe_parse_flags("%nsw = sub i32 %a, 1", "sub") == 0);
  CHECK(fe_parse_flags("<badref> = mul nuw i64 %a, 3", "mul") == IR_NUW);
  CHECK(fe_parse_flags("%\"a = add nsw\" = shl nuw i8 %x, 1", "shl") == IR_NUW);
  CHECK(fe_parse_flags("%12 = udiv exact i32 %a, %b", "udiv") == IR_EXACT);
  CHECK(fe_parse_flags("%12 = ashr i32 %a, 3", "ashr") == 0);
  CHECK(fe_parse_flags("%p = getelementptr inbounds %struct.S, %struct.S* %s, i64 0", "getelementptr") ==
        IR_INBOUNDS);
  CHECK(fe_parse_flags("%x = add nsw i32 %a, %b", "sub") == 0); /* wrong opcode */
  CHECK(fe_parse_flags("", "add") == 0);
  CHECK(fe_parse_flags(NULL, "add") == 0);
  CHECK(fe_parse_flags("%x =", "add") == 0);
  CHECK(fe_parse_flags("%\"unterminated = add nsw", "add") == 0);
}

/* ---- flags from handwritten LLVM IR ------------------------------------------- */
static const char flags_ll[] =
    "define i32 @main(i32 %a, i32 %b) {\n"
    "entry:\n"
    "  %add = add i32 %a, %b\n"
    "  %add_nsw = add nsw i32 %a, %b\n"
    "  %add_nuw = add nuw i32 %a, %b\n"
    "  %add_both = add nuw nsw i32 %a, %b\n"
    "  %sub = sub i32 %a, %b\n"
    "  %sub_nsw = sub nsw i32 %a, %b\n"
    "  %sub_nuw = sub nuw i32 %a, %b\n"
    "  %sub_both = sub nuw nsw i32 %a, %b\n"
    "  %mul = mul i32 %a, %b\n"
    "  %mul_nsw = mul nsw i32 %a, %b\n"
    "  %mul_nuw = mul nuw i32 %a, %b\n"
    "  %mul_both = mul nuw nsw i32 %a, %b\n"
    "  %shl = shl i32 %a, 3\n"
    "  %shl_nsw = shl nsw i32 %a, 3\n"
    "  %shl_nuw = shl nuw i32 %a, 3\n"
    "  %shl_both = shl nuw nsw i32 %a, 3\n"
    "  %udiv = udiv i32 %a, %b\n"
    "  %udiv_exact = udiv exact i32 %a, %b\n"
    "  %sdiv = sdiv i32 %a, %b\n"
    "  %sdiv_exact = sdiv exact i32 %a, %b\n"
    "  %lshr = lshr i32 %a, 2\n"
    "  %lshr_exact = lshr exact i32 %a, 2\n"
    "  %ashr = ashr i32 %a, 2\n"
    "  %ashr_exact = ashr exact i32 %a, 2\n"
    "  %nsw = add i32 %add_nsw, %add_nuw\n"
    "  %0 = add nsw i32 %nsw, 1\n"
    "  %1 = sub nuw i32 %0, 1\n"
    "  %\"quoted nsw\" = mul i32 %1, 2\n"
    "  %and = and i32 %a, %b\n"
    "  ret i32 %1\n"
    "}\n";

static void test_flags_ll(void) {
  ir_module *m = load_text(".ll", flags_ll, 64);
  CHECK(m != NULL);
  const ir_func *f = func(m, "main");
  CHECK(f != NULL);
  if (!f) {
    ir_module_free(m);
    return;
  }
  static const struct {
    const char *name;
    unsigned flags;
  } want[] = {
      {"add", 0}, {"add_nsw", IR_NSW}, {"add_nuw", IR_NUW}, {"add_both", IR_NSW | IR_NUW},
      {"sub", 0}, {"sub_nsw", IR_NSW}, {"sub_nuw", IR_NUW}, {"sub_both", IR_NSW | IR_NUW},
      {"mul", 0}, {"mul_nsw", IR_NSW}, {"mul_nuw", IR_NUW}, {"mul_both", IR_NSW | IR_NUW},
      {"shl", 0}, {"shl_nsw", IR_NSW}, {"shl_nuw", IR_NUW}, {"shl_both", IR_NSW | IR_NUW},
      {"udiv", 0}, {"udiv_exact", IR_EXACT}, {"sdiv", 0}, {"sdiv_exact", IR_EXACT},
      {"lshr", 0}, {"lshr_exact", IR_EXACT}, {"ashr", 0}, {"ashr_exact", IR_EXACT},
      {"nsw", 0}, {"quoted nsw", 0}, {"and", 0},
  };
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
    CHECK_MSG(flags_of(f, want[i].name) == want[i].flags, "%s: got %#x want %#x", want[i].name,
              flags_of(f, want[i].name), want[i].flags);
  /* unnamed values: %0 = add nsw, %1 = sub nuw */
  int seen = 0;
  for (uint32_t i = 0; i < f->ninsts; i++) {
    const ir_inst *in = &f->insts[i];
    if (in->name) continue;
    if (in->op == IR_ADD) {
      CHECK(in->flags == IR_NSW);
      seen++;
    }
    if (in->op == IR_SUB) {
      CHECK(in->flags == IR_NUW);
      seen++;
    }
  }
  CHECK(seen == 2);
  ir_module_free(m);
}

/* ---- flags from C ------------------------------------------------------------ */
static void test_flags_c(void) {
  ir_module *m = load_text(".c",
                           "int sadd(int a, int b) { int r = a + b; return r; }\n"
                           "unsigned uadd(unsigned a, unsigned b) { unsigned r = a + b; return r; }\n"
                           "int sdiv(int a) { return a / 4; }\n"
                           "int main(void) { return sadd(1, 2) + (int)uadd(3u, 4u) + sdiv(8); }\n",
                           64);
  CHECK(m != NULL);
  const ir_inst *s = first_op(func(m, "sadd"), IR_ADD);
  const ir_inst *u = first_op(func(m, "uadd"), IR_ADD);
  const ir_inst *d = first_op(func(m, "sdiv"), IR_SDIV);
  CHECK(s && s->flags == IR_NSW);
  CHECK(u && u->flags == 0);
  CHECK(d && d->flags == 0);
  ir_module_free(m);
}

/* ---- the C signedness of left shifts (fe_options.shift_signs) ------------------------ */
static const char shifts_c[] =
    "int sshl(int a, int k) { return a << k; }\n"
    "unsigned ushl(unsigned a) { return a << 3; }\n"
    "unsigned byte(unsigned char b) { return b << 24; }\n" /* b is promoted to int: signed */
    "unsigned mixed(unsigned char b, unsigned w) { return (w << 8) | ((unsigned)b << 1) | (b << 2); }\n"
    "long long wide(long long x, int k) { return x << k; }\n" /* the amount widened to i64 before the shl */
    "int main(void) { return sshl(1, 2) + (int)ushl(3u) + (int)byte(4) + (int)mixed(5, 6) + (int)wide(7, 8); }\n";

static void test_shift_signs(void) {
  fe_options o;
  fe_options_default(&o);
  char *err = NULL;
  ir_module *m = load_text_opt(".c", shifts_c, &o, &err); /* off by default: no shl is marked */
  CHECK(m != NULL);
  if (m) {
    for (size_t f = 0; f < m->funcs.len; f++)
      for (uint32_t i = 0; i < m->funcs.data[f].ninsts; i++)
        if (m->funcs.data[f].insts[i].op == IR_SHL) CHECK(m->funcs.data[f].insts[i].flags == 0);
    ir_module_free(m);
  }
  o.shift_signs = true;
  m = load_text_opt(".c", shifts_c, &o, &err);
  CHECK(m != NULL);
  if (!m) {
    free(err);
    return;
  }
  const ir_inst *s = first_op(func(m, "sshl"), IR_SHL), *u = first_op(func(m, "ushl"), IR_SHL);
  const ir_inst *b = first_op(func(m, "byte"), IR_SHL);
  CHECK(s && s->flags == IR_NSW);
  CHECK(u && u->flags == IR_UNSIGNED_SHL);
  CHECK(b && b->flags == IR_NSW);
  const ir_inst *w = first_op(func(m, "wide"), IR_SHL);
  CHECK(w && w->flags == IR_NSW);
  /* three shifts in one function, in source order: unsigned, unsigned, signed */
  const ir_func *mx = func(m, "mixed");
  unsigned seen[3] = {0}, n = 0;
  for (uint32_t i = 0; mx && i < mx->ninsts; i++)
    if (mx->insts[i].op == IR_SHL && n < 3) seen[n++] = mx->insts[i].flags;
  CHECK(n == 3);
  CHECK(seen[0] == IR_UNSIGNED_SHL && seen[1] == IR_UNSIGNED_SHL && seen[2] == IR_NSW);
  ir_module_free(m);
}

/* ---- getelementptr -------------------------------------------------------------- */
static const char gep_ll[] =
    "%struct.In = type { i8, [4 x i32] }\n"
    "%struct.Out = type { i64, [3 x %struct.In] }\n"
    "@o = global %struct.Out zeroinitializer\n"
    "define i32 @main(%struct.Out* %p, i64 %i) {\n"
    "entry:\n"
    "  %c = getelementptr inbounds %struct.Out, %struct.Out* %p, i64 1, i32 1, i64 2, i32 1, i64 3\n"
    "  %v = getelementptr %struct.Out, %struct.Out* %p, i64 0, i32 1, i64 %i, i32 1, i64 3\n"
    "  %z = getelementptr inbounds %struct.Out, %struct.Out* %p, i64 0, i32 0\n"
    "  %x = load i32, i32* %c\n"
    "  %y = load i32, i32* %v\n"
    "  %w = load i64, i64* %z\n"
    "  %g = load i32, i32* getelementptr inbounds (%struct.Out, %struct.Out* @o, i64 0, i32 1, i64 2, i32 1, i64 3)\n"
    "  %s = add i32 %x, %y\n"
    "  ret i32 %s\n"
    "}\n";

static void test_gep(void) {
  ir_module *m = load_text(".ll", gep_ll, 64);
  CHECK(m != NULL);
  const ir_func *f = func(m, "main");
  CHECK(f != NULL);
  if (!f) {
    ir_module_free(m);
    return;
  }
  /* In = 20 bytes (i8, pad 3, 4 x i32); Out = 8 + 3*20 = 68 -> 72 */
  const ir_inst *c = inst_named(f, "c");
  CHECK(c && c->op == IR_PTRADD && c->flags == IR_INBOUNDS);
  CHECK(c && c->ops[0].kind == IR_VAL_ARG && c->ops[1].kind == IR_VAL_CONST && c->ops[1].imm == 72 + 8 + 40 + 4 + 12);
  /* variable index: one multiplication by 20, constant 8 + 4 + 12 added, one ptradd */
  const ir_inst *v = inst_named(f, "v");
  CHECK(v && v->op == IR_PTRADD && v->flags == 0);
  CHECK(count_op(f, IR_PTRADD) == 2);
  const ir_inst *mul = first_op(f, IR_MUL);
  CHECK(mul && mul->ops[1].kind == IR_VAL_CONST && mul->ops[1].imm == 20);
  const ir_inst *add = first_op(f, IR_ADD);
  CHECK(add && add->ops[1].kind == IR_VAL_CONST && add->ops[1].imm == 24);
  /* zero offset: the load reads the parameter itself */
  const ir_inst *w = inst_named(f, "w");
  CHECK(w && w->ops[0].kind == IR_VAL_ARG && w->ops[0].id == 0);
  /* constant GEP of a global: IR_VAL_GLOBAL with the byte offset */
  const ir_inst *g = inst_named(f, "g");
  CHECK(g && g->ops[0].kind == IR_VAL_GLOBAL && g->ops[0].imm == 8 + 40 + 4 + 12);
  ir_module_free(m);

  /* the same from C, ILP32 and LP64 (long is 4 or 8 bytes) */
  const char *src = "struct S { char c; long l; int a[5]; };\n"
                    "int get(struct S *p, int i) { return p->a[i]; }\n"
                    "struct S s;\n"
                    "int main(void) { return get(&s, 2) + (int)s.l; }\n";
  for (unsigned bits = 32; bits <= 64; bits += 32) {
    m = load_text(".c", src, bits);
    CHECK(m && m->ptr_bits == bits);
    const ir_func *gf = func(m, "get");
    const ir_inst *fa = first_op(gf, IR_PTRADD);
    CHECK(fa && fa->ops[1].kind == IR_VAL_CONST && fa->ops[1].imm == (bits == 64 ? 16u : 8u));
    CHECK(fa && fa->type.kind == IR_TY_PTR && fa->type.bits == bits);
    const ir_global *gs = global(m, "s");
    CHECK(gs && gs->size == (bits == 64 ? 40u : 28u));
    const ir_inst *l = first_op(func(m, "main"), IR_LOAD);
    CHECK(l && l->ops[0].kind == IR_VAL_GLOBAL && l->ops[0].imm == bits / 8 && l->size == bits / 8);
    ir_module_free(m);
  }
}

/* ---- globals ----------------------------------------------------------------------- */
static void test_globals(void) {
  const char *src = "char *s = \"hi\";\n"
                    "int a[3] = {1, 2, 3};\n"
                    "struct { char c; int x; } g = {1, 2};\n"
                    "int *pa = &a[2];\n"
                    "int f(void) { return 1; }\n"
                    "int (*fp)(void) = f;\n"
                    "const int k = 7;\n"
                    "const int *kp = &k;\n"
                    "int unused_global = 5;\n"
                    "int zero;\n"
                    "int main(void) { return s[0] + a[1] + g.x + *pa + fp() + *kp + zero; }\n";
  ir_module *m = load_text(".c", src, 64);
  CHECK(m != NULL);
  const ir_global *s = global(m, "s");
  CHECK(s && s->size == 8 && s->nrelocs == 1 && s->relocs[0].offset == 0 && s->relocs[0].kind == IR_VAL_GLOBAL);
  if (s && s->nrelocs == 1) {
    const ir_global *str = &m->globals.data[s->relocs[0].target];
    CHECK(str->size == 3 && str->constant && str->init && memcmp(str->init, "hi", 3) == 0);
    CHECK(s->relocs[0].addend == 0);
  }
  const ir_global *a = global(m, "a");
  static const uint8_t abytes[12] = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0};
  CHECK(a && a->size == 12 && a->align == 4 && a->init && memcmp(a->init, abytes, 12) == 0 && !a->constant);
  const ir_global *g = global(m, "g");
  static const uint8_t gbytes[8] = {1, 0, 0, 0, 2, 0, 0, 0};
  CHECK(g && g->size == 8 && g->init && memcmp(g->init, gbytes, 8) == 0);
  const ir_global *pa = global(m, "pa");
  CHECK(pa && pa->nrelocs == 1 && pa->relocs[0].kind == IR_VAL_GLOBAL && pa->relocs[0].addend == 8 &&
        pa->relocs[0].target == ir_global_find(m, "a"));
  const ir_global *fp = global(m, "fp");
  CHECK(fp && fp->nrelocs == 1 && fp->relocs[0].kind == IR_VAL_FUNC && fp->relocs[0].target == ir_func_find(m, "f"));
  CHECK(func(m, "f") && func(m, "f")->defined); /* reached through the initializer */
  const ir_global *k = global(m, "k");
  CHECK(k && k->constant && k->init && k->init[0] == 7);
  const ir_global *z = global(m, "zero");
  CHECK(z && z->size == 4 && z->init == NULL && !z->external);
  CHECK(global(m, "unused_global") == NULL);
  CHECK(m && m->unsupported.len == 0);
  ir_module_free(m);

  /* ILP32: pointers are 4 bytes, relocations too */
  m = load_text(".c", src, 32);
  CHECK(m && m->ptr_bits == 32);
  s = global(m, "s");
  CHECK(s && s->size == 4 && s->nrelocs == 1);
  ir_module_free(m);
}

/* ---- unsupported constructs ------------------------------------------------------------ */
static void test_unsupported(void) {
  const char *src = "int h(int x) {\n"                    /* 1 */
                    "  long double d = x;\n"              /* 2 */
                    "  d = d * 1.5;\n"                    /* 3 */
                    "  return (int)d;\n"                  /* 4 */
                    "}\n"                                 /* 5 */
                    "int main(void) {\n"                  /* 6 */
                    "  int r = h(3);\n"                   /* 7 */
                    "  __asm__ volatile (\"syscall\");\n" /* 8 */
                    "  __asm__ volatile (\"\" ::: \"memory\");\n" /* 9: a barrier, dropped */
                    "  return r;\n"                       /* 10 */
                    "}\n";
  ir_module *m = load_text(".c", src, 64);
  CHECK(m != NULL);
  CHECK(has_unsupported(m, "floating point (long double, x86_fp80)", 2));
  CHECK(has_unsupported(m, "floating point (long double, x86_fp80)", 3));
  CHECK(has_unsupported(m, "inline asm (control transfer)", 8));
  CHECK(!has_unsupported(m, "inline asm (control transfer)", 9));
  for (size_t i = 0; m && i < m->unsupported.len; i++) {
    ir_loc l = m->unsupported.data[i].loc;
    CHECK(l.file != IR_NONE && l.file < m->files.len && util_ends_with(m->files.data[l.file], ".c"));
  }
  ir_module_free(m);

  /* the kernel's templates (lower_asm.c): ud2 alone (BUG(), its bug-table
   * entry in another section) is a trap; one `call name` is modelled by its
   * constraints; an indirect call and two calls stay unsupported */
  m = load_text(".c",
                "int main(void) {\n"                                                              /* 1 */
                "  int r = 0; unsigned long v;\n"                                                 /* 2 */
                "  __asm__ volatile (\"call __get_user_4\" : \"=a\"(r), \"=d\"(v) : \"0\"(&r));\n" /* 3 */
                "  if (v == 7) __asm__ volatile (\"call *%%rax\" : \"=a\"(r));\n"                /* 4 */
                "  if (v == 8) __asm__ volatile (\"call f\\n call g\" : \"=a\"(r));\n"            /* 5 */
                "  if (v == 9) __asm__ volatile (\"1:\\tud2\\n.pushsection __bug_table,\\\"aw\\\"\\n"
                "2:\\t.long 1b - 2b\\n.popsection\");\n"                                            /* 6 */
                "  return r;\n"
                "}\n",
                64);
  CHECK(m != NULL);
  CHECK(m && m->asm_traps == 1 && m->asm_calls == 1);
  CHECK(!has_unsupported(m, "inline asm (control transfer)", 3));
  CHECK(has_unsupported(m, "inline asm (control transfer)", 4));
  CHECK(has_unsupported(m, "inline asm (control transfer)", 5));
  CHECK(!has_unsupported(m, "inline asm (control transfer)", 6));
  ir_module_free(m);

  /* undefined functions, threads */
  m = load_text(".c",
                "int foo(int);\n"
                "int pthread_create(void *, void *, void *(*)(void *), void *);\n"
                "void *t(void *a) { return a; }\n"
                "int main(void) {\n"
                "  pthread_create(0, 0, t, 0);\n"
                "  return foo(1);\n"
                "}\n",
                64);
  CHECK(has_unsupported(m, "call to undefined function 'foo'", 6));
  CHECK(has_unsupported(m, "threads (pthread_create)", 5));
  ir_module_free(m);
}

/* ---- errors ------------------------------------------------------------------------------ */
static void check_error(const char *suffix, const char *text, const char *prefix) {
  fe_options o;
  fe_options_default(&o);
  char *err = NULL;
  ir_module *m = load_text_opt(suffix, text, &o, &err);
  CHECK(m == NULL);
  CHECK_MSG(err && strncmp(err, prefix, strlen(prefix)) == 0 && !strchr(err, '\n'), "error: %s", err ? err : "(null)");
  ir_module_free(m);
  free(err);
}

static void test_errors(void) {
  check_error(".c", "int main(void) { return 0 }\n", "compilation failed: ");
  {
    fe_options o;
    fe_options_default(&o);
    char *err = NULL;
    ir_module *m = load_text_opt(".c", "int main(void) { return 0 }\n", &o, &err);
    CHECK(m == NULL && err && strstr(err, "error: expected ';'"));
    free(err);
  }
  check_error(".ll", "this is not LLVM IR\n", "cannot load ");
  check_error(".bc", "BC\xc0\xde garbage that is no bitcode", "cannot load ");
  check_error(".bc", "", "cannot load ");
  check_error(".txt", "int main(void) { return 0; }\n", "unknown input file extension");
  check_error(".c", "int notmain(void) { return 0; }\n", "no main function");
  check_error(".ll", "define i32 @main() {\nentry:\n  %x = add i32 %y, 1\n  %y = add i32 %x, 1\n  ret i32 %x\n}\n",
              "invalid LLVM IR");

  fe_options o;
  fe_options_default(&o);
  char *err = NULL;
  CHECK(fe_load("/nonexistent/file.c", &o, &err) == NULL);
  CHECK(err && strncmp(err, "cannot read", 11) == 0);
  free(err);
  err = NULL;
  CHECK(fe_load("/tmp", &o, &err) == NULL && err);
  free(err);

  /* timeout of the compiler */
  o.timeout = 0.001;
  err = NULL;
  ir_module *m = load_text_opt(".c", "int main(void) { return 0; }\n", &o, &err);
  CHECK(m == NULL && err && strncmp(err, "compilation timed out", 21) == 0);
  free(err);

  /* a compiler that does not exist */
  fe_options_default(&o);
  o.clang = "/nonexistent/clang";
  err = NULL;
  m = load_text_opt(".c", "int main(void) { return 0; }\n", &o, &err);
  CHECK(m == NULL && err && strncmp(err, "compilation failed", 18) == 0 && !strchr(err, '\n'));
  free(err);
}

/* ---- builtins and reachability ------------------------------------------------------------------ */
static void test_builtins_reachability(void) {
  const char *src = "#include <stdlib.h>\n"
                    "#include <string.h>\n"
                    "void reach_error(void) { abort(); }\n"
                    "void __VERIFIER_assume(int c) { if (!c) for (;;); }\n"
                    "int dead(int x) { float f = x; __asm__(\"nop\"); return undefined_fn(f); }\n"
                    "int used(int x) { return x + 1; }\n"
                    "int main(void) {\n"
                    "  int x = __VERIFIER_nondet_int();\n"
                    "  long l = __VERIFIER_nondet_long();\n"
                    "  __VERIFIER_assume(x > 0);\n"
                    "  char buf[8], buf2[8];\n"
                    "  memset(buf, 1, sizeof buf);\n"
                    "  memcpy(buf2, buf, sizeof buf);\n"
                    "  int *p = malloc(4); free(p);\n"
                    "  if (used(x) == 5) reach_error();\n"
                    "  return (int)l + buf2[3];\n"
                    "}\n";
  ir_module *m = load_text(".c", src, 64);
  CHECK(m != NULL);
  const ir_func *re = func(m, "reach_error");
  CHECK(re && !re->defined && re->builtin == IR_BUILTIN_REACH_ERROR);
  const ir_func *as = func(m, "__VERIFIER_assume");
  CHECK(as && !as->defined && as->builtin == IR_BUILTIN_ASSUME);
  CHECK(func(m, "abort") == NULL); /* only called from the dropped body */
  CHECK(func(m, "dead") == NULL);
  CHECK(func(m, "used") && func(m, "used")->defined);
  const ir_func *nl = func(m, "__VERIFIER_nondet_long");
  CHECK(nl && nl->builtin == IR_BUILTIN_NONDET && nl->ret.kind == IR_TY_INT && nl->ret.bits == 64);
  const ir_func *ms = func(m, "memset");
  const ir_func *mc = func(m, "memcpy");
  CHECK(ms && ms->builtin == IR_BUILTIN_MEMSET && ms->nparams == 3);
  CHECK(mc && mc->builtin == IR_BUILTIN_MEMCPY && mc->nparams == 3);
  CHECK(func(m, "malloc") && func(m, "malloc")->builtin == IR_BUILTIN_MALLOC);
  CHECK(m && m->unsupported.len == 0);
  for (size_t i = 0; m && i < m->unsupported.len; i++) fprintf(stderr, "  unsupported: %s\n", m->unsupported.data[i].what);
  ir_module_free(m);

  /* a benchmark that declares a prelude function incompatibly still loads */
  m = load_text(".c", "int __VERIFIER_nondet_bool(void);\nint main(void) { return __VERIFIER_nondet_bool(); }\n", 64);
  CHECK(m && func(m, "__VERIFIER_nondet_bool") && func(m, "__VERIFIER_nondet_bool")->ret.bits == 32);
  ir_module_free(m);

  /* a program's own strlen keeps its body; its own memcpy too, while clang's
   * llvm.memcpy calls get a builtin of another name */
  m = load_text(".c",
                "unsigned long strlen(const char *s) { unsigned long n = 0; while (s[n]) n++; return n; }\n"
                "void *memcpy(void *d, const void *s, unsigned long n) {\n"
                "  char *a = d; const char *b = s; while (n--) *a++ = *b++; return d; }\n"
                "void *(*cp)(void *, const void *, unsigned long) = memcpy;\n"
                "struct T { int a[8]; };\n"
                "int main(void) { int x = 1, y; struct T t1 = {{1}}, t2; t2 = t1; /* llvm.memcpy */\n"
                "  memcpy(&y, &x, sizeof x); return y + (int)strlen(\"ab\") + !!cp + t2.a[0]; }\n",
                64);
  CHECK(m && func(m, "strlen") && func(m, "strlen")->defined && func(m, "strlen")->builtin == IR_BUILTIN_NONE);
  CHECK(m && func(m, "memcpy") && func(m, "memcpy")->defined && func(m, "memcpy")->builtin == IR_BUILTIN_NONE);
  CHECK(m && func(m, "bitprove.memcpy") && func(m, "bitprove.memcpy")->builtin == IR_BUILTIN_MEMCPY);
  ir_module_free(m);

  /* SV-COMP's nondet functions stay builtins with a body; a pointer-returning
   * __VERIFIER_nondet_ helper of the program's own keeps its body (and every
   * engine runs it: ir_func_effective_builtin) */
  m = load_text(".c",
                "#include <stdlib.h>\n"
                "int __VERIFIER_nondet_int(void) { int x = 0; return x; }\n"
                "char *__VERIFIER_nondet_String(void) {\n"
                "  int n = __VERIFIER_nondet_int(); if (n < 1) n = 1;\n"
                "  char *s = malloc(n); s[n - 1] = 0; return s; }\n"
                "int main(void) { return *__VERIFIER_nondet_String(); }\n",
                64);
  const ir_func *ni = m ? func(m, "__VERIFIER_nondet_int") : NULL, *ns = m ? func(m, "__VERIFIER_nondet_String") : NULL;
  CHECK(ni && !ni->defined && ni->body_dropped && ir_func_effective_builtin(ni) == IR_BUILTIN_NONDET);
  CHECK(ns && ns->defined && ns->builtin == IR_BUILTIN_NONE && ir_func_effective_builtin(ns) == IR_BUILTIN_NONE);
  ir_module_free(m);
}

/* ---- intrinsics, calls, control flow ----------------------------------------------------------- */
static void test_intrinsics_calls(void) {
  ir_module *m = load_text(".c",
                           "int main(void) {\n"
                           "  int a = __VERIFIER_nondet_int(), r;\n"
                           "  if (__builtin_sadd_overflow(a, 1, &r)) return 1;\n"
                           "  unsigned u = (unsigned)a;\n"
                           "  return r + __builtin_popcount(u) + __builtin_clz(u | 1) + (int)__builtin_bswap32(u);\n"
                           "}\n",
                           64);
  CHECK(m != NULL);
  const ir_func *f = func(m, "main");
  const ir_inst *o = first_op(f, IR_OVERFLOW);
  CHECK(o && o->pred == IR_OVF_SADD);
  CHECK(m && m->unsupported.len == 0);
  ir_module_free(m);

  /* byval: the callee gets a copy (alloca + memcpy at the call) */
  m = load_text(".c",
                "struct B { int a[10]; };\n"
                "int take(struct B b) { b.a[0] = 5; return b.a[1]; }\n"
                "int main(void) { struct B b = {{0}}; return take(b) + b.a[0]; }\n",
                32);
  CHECK(m != NULL);
  f = func(m, "main");
  CHECK(count_op(f, IR_ALLOCA) == 2);
  const ir_inst *tc = NULL;
  for (uint32_t i = 0; f && i < f->ninsts; i++)
    if (f->insts[i].op == IR_CALL && f->insts[i].callee == ir_func_find(m, "take")) tc = &f->insts[i];
  CHECK(tc && tc->nops == 1 && tc->ops[0].kind == IR_VAL_INST && f->insts[tc->ops[0].id].op == IR_ALLOCA &&
        f->insts[tc->ops[0].id].size == 40);
  ir_module_free(m);

  /* K&R call with a mismatching signature becomes an indirect call */
  m = load_text(".ll",
                "define i32 @g(i32 %x) {\nentry:\n  ret i32 %x\n}\n"
                "define i32 @main() {\nentry:\n"
                "  %r = call i32 bitcast (i32 (i32)* @g to i32 (i32, i32)*)(i32 1, i32 2)\n"
                "  ret i32 %r\n}\n",
                64);
  CHECK(m != NULL);
  f = func(m, "main");
  const ir_inst *ic = first_op(f, IR_CALL);
  CHECK(ic && ic->callee == IR_NONE && ic->nops == 3 && ic->ops[0].kind == IR_VAL_FUNC &&
        ic->ops[0].id == ir_func_find(m, "g"));
  ir_module_free(m);

  /* forward references, dead blocks, constant expressions in phis */
  m = load_text(".ll",
                "@g = global [4 x i32] zeroinitializer\n"
                "define i64 @main(i1 %c) {\n"
                "entry:\n"
                "  br label %b2\n"
                "b1:\n"
                "  %use = add nsw i64 %def, 1\n"
                "  br label %exit\n"
                "dead:\n"
                "  br label %exit\n"
                "b2:\n"
                "  %def = add i64 7, 0\n"
                "  br i1 %c, label %b1, label %exit\n"
                "exit:\n"
                "  %p = phi i64 [ %use, %b1 ], [ 0, %dead ], [ ptrtoint (i32* getelementptr ([4 x i32], [4 x i32]* @g, i64 0, i64 1) to i64), %b2 ]\n"
                "  ret i64 %p\n"
                "}\n",
                64);
  CHECK(m != NULL);
  f = func(m, "main");
  CHECK(f && f->nblocks == 4); /* dead dropped */
  const ir_inst *phi = first_op(f, IR_PHI);
  CHECK(phi && phi->nops == 2);
  const ir_inst *use = inst_named(f, "use");
  const ir_inst *def = inst_named(f, "def");
  CHECK(use && def && use->ops[0].kind == IR_VAL_INST && &f->insts[use->ops[0].id] == def);
  const ir_inst *p2i = first_op(f, IR_PTRTOINT);
  CHECK(p2i && p2i->block == 0 && p2i->ops[0].kind == IR_VAL_GLOBAL && p2i->ops[0].imm == 4);
  ir_module_free(m);
}

/* ---- split values: aggregates and wide integers in registers ------------------ */
static void test_split_values(void) {
  /* x86-64 returns a 16-byte struct in two registers ({i64, i64}): the IR
   * passes a hidden result pointer instead */
  ir_module *m = load_text(".c",
                           "struct s16 { long a, b; };\n"
                           "struct s16 mk(long x) { struct s16 r = { x, -x }; return r; }\n"
                           "int main(void) { struct s16 v = mk(3); return (int)(v.a + v.b); }\n",
                           64);
  CHECK(m && m->unsupported.len == 0);
  const ir_func *mk = func(m, "mk");
  CHECK(mk && mk->ret.kind == IR_TY_VOID && mk->nparams == 2 && mk->params[0].kind == IR_TY_PTR &&
        mk->param_names[0] && strcmp(mk->param_names[0], "agg.result") == 0);
  CHECK(count_op(mk, IR_STORE) >= 2);
  const ir_func *f = func(m, "main");
  const ir_inst *call = first_op(f, IR_CALL);
  CHECK(call && call->nops == 2 && call->ops[0].kind == IR_VAL_INST && f->insts[call->ops[0].id].op == IR_ALLOCA &&
        f->insts[call->ops[0].id].block == 0);
  ir_module_free(m);

  /* bit-fields whose storage unit is wider than 64 bits (i72), i128 constants */
  m = load_text(".c",
                "#pragma pack(push, 1)\n"
                "struct b { unsigned long long a : 60; unsigned b : 10; unsigned char t; };\n"
                "#pragma pack(pop)\n"
                "struct b g = { 5, 7, 1 };\n"
                "unsigned __int128 w = ((unsigned __int128)1 << 64) | 5;\n"
                "int main(void) { g.b = 1023; g.a += 1; w = w * 3 + (w >> 3); return (int)g.b + (int)w; }\n",
                64);
  CHECK(m && m->unsupported.len == 0);
  for (size_t i = 0; m && i < m->unsupported.len; i++) fprintf(stderr, "  unsupported: %s\n", m->unsupported.data[i].what);
  const ir_global *w = global(m, "w");
  static const uint8_t wbytes[16] = {5, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0};
  CHECK(w && w->size == 16 && w->init && memcmp(w->init, wbytes, 16) == 0);
  const ir_global *g = global(m, "g");
  CHECK(g && g->size == 10 && g->init && g->init[0] == 5 && g->init[7] == 0x70 && g->init[9] == 1);
  f = func(m, "main");
  bool i8_leaf = false;
  for (uint32_t i = 0; f && i < f->ninsts; i++)
    if (f->insts[i].op == IR_LOAD && f->insts[i].type.bits == 8) i8_leaf = true; /* i72 = i64 + i8 */
  CHECK(i8_leaf);
  ir_module_free(m);

  /* first-class aggregates in handwritten IR: insertvalue/extractvalue, phi,
   * select, aggregate parameters (passed leaf by leaf) */
  m = load_text(".ll",
                "define i32 @sum({ i32, [2 x i8] } %p) {\n"
                "entry:\n"
                "  %a = extractvalue { i32, [2 x i8] } %p, 0\n"
                "  %b = extractvalue { i32, [2 x i8] } %p, 1, 1\n"
                "  %c = zext i8 %b to i32\n"
                "  %s = add i32 %a, %c\n"
                "  ret i32 %s\n"
                "}\n"
                "define i32 @main(i1 %k) {\n"
                "entry:\n"
                "  %x = insertvalue { i32, [2 x i8] } undef, i32 40, 0\n"
                "  %y = insertvalue { i32, [2 x i8] } %x, i8 2, 1, 1\n"
                "  br i1 %k, label %l, label %r\n"
                "l:\n"
                "  br label %j\n"
                "r:\n"
                "  br label %j\n"
                "j:\n"
                "  %z = phi { i32, [2 x i8] } [ %y, %l ], [ zeroinitializer, %r ]\n"
                "  %q = select i1 %k, { i32, [2 x i8] } %z, { i32, [2 x i8] } %y\n"
                "  %v = call i32 @sum({ i32, [2 x i8] } %q)\n"
                "  ret i32 %v\n"
                "}\n",
                64);
  CHECK(m && m->unsupported.len == 0);
  const ir_func *sum = func(m, "sum");
  CHECK(sum && sum->nparams == 3 && sum->params[0].bits == 32 && sum->params[1].bits == 8 && sum->params[2].bits == 8);
  f = func(m, "main");
  CHECK(count_op(f, IR_PHI) == 3 && count_op(f, IR_SELECT) == 3);
  call = first_op(f, IR_CALL);
  CHECK(call && call->nops == 3);
  ir_module_free(m);
}

/* ---- floating point and inline asm ------------------------------------------------------ */
static void test_float(void) {
  const char *src = "#include <math.h>\n"
                    "float g = -1.5f;\n"
                    "double h(double x, float y) {\n"
                    "  double s = x + y;\n"
                    "  double n = -s;\n"
                    "  double q = sqrt(s) + fabs(n) + fmod(x, 2.0) + fminf(y, 1.0f);\n"
                    "  int i = (int)q; unsigned u = (unsigned)y;\n"
                    "  return (x < y ? 1.0 : 2.0) + i + u + (float)x + copysign(x, y);\n"
                    "}\n"
                    "int main(void) { return h(2.0, g) > 0; }\n";
  ir_module *m = load_text(".c", src, 64);
  CHECK(m && m->unsupported.len == 0);
  const ir_func *f = func(m, "h");
  CHECK(f && f->nparams == 2 && ir_type_eq(f->params[0], ir_type_int(64)) && ir_type_eq(f->params[1], ir_type_int(32)));
  CHECK(f && ir_type_eq(f->ret, ir_type_int(64)));
  CHECK(count_op(f, IR_FADD) >= 6 && count_op(f, IR_FPEXT) >= 2 && count_op(f, IR_FPTRUNC) == 1);
  CHECK(count_op(f, IR_FREM) == 1 && count_op(f, IR_FCMP) == 1 && count_op(f, IR_CALL) == 0);
  CHECK(count_op(f, IR_FPTOSI) == 1 && count_op(f, IR_FPTOUI) == 1 && count_op(f, IR_SITOFP) == 1 &&
        count_op(f, IR_UITOFP) == 1);
  const ir_inst *fm = first_op(f, IR_FMATH);
  CHECK(fm && fm->pred == IR_FM_SQRT && ir_type_eq(fm->type, ir_type_int(64)));
  CHECK(count_op(f, IR_FMATH) == 2); /* sqrt, fminf */
  const ir_inst *c = first_op(f, IR_FCMP);
  CHECK(c && c->pred == IR_FOLT);
  /* fneg: xor with the sign bit; fabs: and with its complement */
  const ir_inst *x = first_op(f, IR_XOR);
  CHECK(x && x->ops[1].kind == IR_VAL_CONST && x->ops[1].imm == 0x8000000000000000ull);
  const ir_inst *a = first_op(f, IR_AND);
  CHECK(a && a->ops[1].kind == IR_VAL_CONST && a->ops[1].imm == 0x7fffffffffffffffull);
  /* float constants are their exact bits */
  const ir_global *gv = global(m, "g");
  CHECK(gv && gv->size == 4 && gv->init && gv->init[3] == 0xbf && gv->init[2] == 0xc0);
  char err[256];
  CHECK(m && ir_verify(m, err, sizeof err));
  ir_module_free(m);

  /* libm functions the program defines keep their body; fma stays unsupported */
  m = load_text(".c",
                "double sqrt(double x) { return x; }\n"
                "double fma(double, double, double);\n"
                "int main(void) { double d = 2.0; return (int)sqrt(d) + (int)fma(d, d, d); }\n", 64);
  CHECK(m && has_unsupported(m, "call to undefined function 'fma'", 3));
  f = func(m, "main");
  CHECK(f && count_op(f, IR_FMATH) == 0 && count_op(f, IR_CALL) >= 1);
  ir_module_free(m);
}

static void test_asm(void) {
  const char *src = "int g;\n"                                                              /* 1 */
                    "int main(void) {\n"                                                    /* 2 */
                    "  int x = 1, y, z;\n"                                                  /* 3 */
                    "  __asm__ volatile(\"movl %1, %0\" : \"=r\"(y) : \"r\"(x));\n"           /* 4 */
                    "  __asm__ volatile(\"incl %0\" : \"+m\"(g));\n"                        /* 5 */
                    "  __asm__ volatile(\"\" ::: \"memory\");\n"                            /* 6 */
                    "  __asm__ volatile(\"mfence\" ::: \"memory\");\n"                      /* 7 */
                    "  __asm__(\"movl $1, %0; movl $2, %1\" : \"=r\"(y), \"=&r\"(z));\n"    /* 8 */
                    "  return x + y + z;\n"                                                 /* 9 */
                    "}\n";
  ir_module *m = load_text(".c", src, 64);
  CHECK(m && m->unsupported.len == 0);
  const ir_func *f = func(m, "main");
  CHECK(count_op(f, IR_ASM) == 5); /* 4, 5, 7, two for 8; 6 is a barrier */
  const ir_inst *a = first_op(f, IR_ASM);
  CHECK(a && a->nops == 1 && ir_type_eq(a->type, ir_type_int(32)) && a->loc.line == 4);
  const ir_inst *h = first_op(f, IR_HAVOC);
  CHECK(h && h->size == 4 && h->ops[0].kind == IR_VAL_GLOBAL && h->loc.line == 5);
  bool mem = false;
  for (uint32_t i = 0; f && i < f->ninsts; i++)
    if (f->insts[i].op == IR_ASM && f->insts[i].loc.line == 7) mem = f->insts[i].flags & IR_ASM_MEMORY;
  CHECK(mem);
  char err[256];
  CHECK(m && ir_verify(m, err, sizeof err));
  ir_module_free(m);

  m = load_text(".c",
                "int main(void) {\n"
                "  __asm__ goto(\"jmp %l0\" :::: out);\n"
                "  return 0;\n"
                "out:\n"
                "  return 1;\n"
                "}\n", 64);
  CHECK(m && has_unsupported(m, "inline asm goto", 2));
  ir_module_free(m);
}

/* ---- projects, functions without a body, assert, --function ------------ */
static const ir_func *func_of(const ir_module *m, const char *name) {
  for (size_t i = 0; i < m->funcs.len; i++)
    if (strcmp(m->funcs.data[i].name, name) == 0) return &m->funcs.data[i];
  return NULL;
}

static size_t count_extern_calls(const ir_module *m, uint32_t fid) {
  size_t n = 0;
  for (size_t f = 0; f < m->funcs.len; f++)
    for (uint32_t i = 0; i < m->funcs.data[f].ninsts; i++) {
      const ir_inst *in = &m->funcs.data[f].insts[i];
      n += in->op == IR_ASM && (in->flags & IR_ASM_EXTERN_CALL) && in->size == fid;
    }
  return n;
}

static void test_projects(void) {
  fe_options o;
  fe_options_default(&o);
  char *err = NULL;
  char *a = write_temp(".c", "int twice(int x);\nextern int lib(int);\nint main(void) { return twice(lib(1)); }\n");
  char *b = write_temp(".c", "#ifndef K\n#error K\n#endif\nint twice(int x) { return K * x; }\n");
  const char *flags[] = {"-D", "K=2"};
  fe_input in[2] = {{a, NULL, 0, NULL}, {b, flags, 2, NULL}};
  /* linked, with b's flags; lib has no body: unsupported by default */
  ir_module *m = fe_load_inputs(in, 2, &o, &err);
  CHECK_MSG(m != NULL, "%s", err ? err : "");
  if (m) {
    const ir_func *t = func_of(m, "twice");
    CHECK(t && t->defined);
    CHECK(m->unsupported.len == 1 && m->unsupported.data[0].undefined_call &&
          strstr(m->unsupported.data[0].what, "'lib'"));
    ir_module_free(m);
  }
  /* the convention: an IR_ASM standing for the call, and nothing unsupported */
  o.undefined = FE_UNDEFINED_ARBITRARY;
  m = fe_load_inputs(in, 2, &o, &err);
  CHECK(m != NULL);
  if (m) {
    const ir_func *lib = func_of(m, "lib");
    CHECK(m->unsupported.len == 0 && lib && !lib->defined);
    CHECK(lib && count_extern_calls(m, (uint32_t)(lib - m->funcs.data)) == 1);
    ir_module_free(m);
  }
  /* b without its -D: clang's error, naming the file */
  fe_input plain[2] = {{a, NULL, 0, NULL}, {b, NULL, 0, NULL}};
  free(err);
  err = NULL;
  CHECK(fe_load_inputs(plain, 2, &o, &err) == NULL && err && strstr(err, "compilation failed") && strstr(err, "K"));
  /* a symbol defined twice */
  char *c = write_temp(".c", "int twice(int x) { return x; }\n");
  fe_input dup[3] = {{a, NULL, 0, NULL}, {b, flags, 2, NULL}, {c, NULL, 0, NULL}};
  free(err);
  err = NULL;
  CHECK(fe_load_inputs(dup, 3, &o, &err) == NULL && err && strstr(err, "cannot link") && strstr(err, "twice"));
  free(err);
  err = NULL;
  unlink(a);
  unlink(b);
  unlink(c);
  free(a);
  free(b);
  free(c);

  /* --prop assert: __assert_fail is reach_error */
  fe_options_default(&o);
  o.assert_is_error = true;
  m = load_text_opt(".c", "#include <assert.h>\nint main(void) { int x = 1; assert(x == 2); return 0; }\n", &o, &err);
  CHECK(m != NULL);
  if (m) {
    const ir_func *f = func_of(m, "__assert_fail");
    CHECK(f && f->builtin == IR_BUILTIN_REACH_ERROR);
    ir_module_free(m);
  }

  /* --function: a generated main, the model stated, errors for what it cannot give */
  fe_options_default(&o);
  o.entry.name = "f";
  const char *prog = "struct s { int n; char *p; };\n"
                     "int f(struct s *x, unsigned k, double d) { return x->n + (int)k + (int)d + x->p[0]; }\n"
                     "int g(int n, ...) { return n; }\nint main(void) { return 0; }\n";
  m = load_text_opt(".c", prog, &o, &err);
  CHECK_MSG(m != NULL, "%s", err ? err : "");
  if (m) {
    CHECK(m->entry_function && strcmp(m->entry_function, "f") == 0 && m->entry_model && m->entry_c);
    CHECK(m->entry_renamed_main && strstr(m->entry_c, "f(") && strstr(m->entry_c, "malloc(16)"));
    CHECK(strstr(m->entry_model, "64 bytes") != NULL); /* the char pointer's object */
    CHECK(strcmp(m->funcs.data[0].name, "main") == 0 && func_of(m, "f") != NULL);
    ir_module_free(m);
  }
  o.entry.name = "g";
  CHECK(load_text_opt(".c", prog, &o, &err) == NULL && err && strstr(err, "variadic"));
  free(err);
  err = NULL;
  o.entry.name = "nothere";
  CHECK(load_text_opt(".c", prog, &o, &err) == NULL && err && strstr(err, "no function of that name"));
  free(err);
  err = NULL;

  /* --char-args string (the default): char, signed and unsigned char are
   * strings; void, uint8_t (a typedef of unsigned char) and _Bool are bytes */
  fe_options_default(&o);
  o.entry.name = "s";
  const char *sprog = "#include <stdint.h>\n"
                      "int s(const char *a, unsigned char *b, void *c, const uint8_t *d, _Bool *e, char **f) {\n"
                      "  return a[0] + b[0] + (c != 0) + d[0] + e[0] + (f[0] != 0);\n}\n";
  m = load_text_opt(".c", sprog, &o, &err);
  CHECK_MSG(m != NULL, "%s", err ? err : "");
  if (m) {
    CHECK(strstr(m->entry_model, "argument a of s: a NUL-terminated string of at most 63 characters in an "
                                 "object of 64 bytes") != NULL);
    CHECK(strstr(m->entry_model, "argument b of s: a NUL-terminated string") != NULL);
    CHECK(!strstr(m->entry_model, "argument c of") && !strstr(m->entry_model, "argument d of") &&
          !strstr(m->entry_model, "argument e of") && !strstr(m->entry_model, "argument f of"));
    /* the harness's main: the same draws, the terminator at the drawn length */
    CHECK(strstr(m->entry_c, "__VERIFIER_assume(v") && strstr(m->entry_c, " < 64ULL);") &&
          strstr(m->entry_c, "] = 0;"));
    ir_module_free(m);
  }
  o.entry.char_args = FE_CHAR_ARGS_BYTES;
  m = load_text_opt(".c", sprog, &o, &err);
  CHECK(m && !strstr(m->entry_model, "NUL-terminated") && !strstr(m->entry_c, "] = 0;"));
  if (m) ir_module_free(m);

  /* --buffer-arg P,N: by name or position, the length drawn first */
  fe_options_default(&o);
  o.entry.name = "b";
  o.entry.object_size = 16;
  const char *bprog = "int b(const int *p, unsigned n, char *q) { return n ? p[n - 1] + q[0] : 0; }\n";
  o.entry.buffer_args[0] = "p,n";
  o.entry.nbuffer_args = 1;
  m = load_text_opt(".c", bprog, &o, &err);
  CHECK_MSG(m != NULL, "%s", err ? err : "");
  if (m) {
    CHECK(strstr(m->entry_model, "argument p of b: an array of n elements of 4 bytes with arbitrary contents, "
                                 "0 <= n <= 16") != NULL);
    CHECK(strstr(m->entry_model, "argument q of b: a NUL-terminated string of at most 15 characters") != NULL);
    const char *n_at = strstr(m->entry_c, "unsigned int a1 = "), *p_at = strstr(m->entry_c, "malloc(a1 * 4ULL");
    CHECK(n_at && p_at && n_at < p_at && strstr(m->entry_c, "__VERIFIER_assume(a1 <= 16ULL);") &&
          strstr(m->entry_c, "void *a0 = o0 + (a1 == 0);"));
    ir_module_free(m);
  }
  o.entry.buffer_args[0] = "3,2"; /* q, n by position */
  m = load_text_opt(".c", bprog, &o, &err);
  CHECK(m && strstr(m->entry_model, "argument q of b: an object of n bytes") &&
        !strstr(m->entry_model, "NUL-terminated"));
  if (m) ir_module_free(m);
  /* one line each for what the option cannot give */
  static const struct {
    const char *spec, *why;
  } bad[] = {{"x,n", "the pointer is not a parameter"}, {"p,4", "the length is not a parameter"},
             {"n,p", "the pointer is not a pointer"},   {"p,q", "the length is not an integer"},
             {"p,p", "one parameter"}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    o.entry.buffer_args[0] = bad[i].spec;
    free(err);
    err = NULL;
    CHECK_MSG(load_text_opt(".c", bprog, &o, &err) == NULL && err && strstr(err, "--function b: --buffer-arg") &&
                  strstr(err, bad[i].why) && !strchr(err, '\n'),
              "%s: %s", bad[i].spec, err ? err : "(none)");
  }
  o.entry.buffer_args[0] = "p,n";
  o.entry.buffer_args[1] = "q,n";
  o.entry.nbuffer_args = 2;
  free(err);
  err = NULL;
  CHECK(load_text_opt(".c", bprog, &o, &err) == NULL && err && strstr(err, "two --buffer-arg"));
  o.entry.name = "st";
  o.entry.buffer_args[0] = "s,n";
  o.entry.nbuffer_args = 1;
  free(err);
  err = NULL;
  CHECK(load_text_opt(".c", "struct t { int *x; };\nint st(struct t *s, int n) { return n + (s != 0); }\n", &o,
                      &err) == NULL &&
        err && strstr(err, "not a scalar"));
  free(err);
}

/* ---- atomics: their sequential meaning ---------------------------------------------------- */
static void test_atomics(void) {
  const char *prog = "#include <stdatomic.h>\n"
                     "atomic_int a; _Atomic long long w; _Atomic float f; _Atomic(int *) p; int x;\n"
                     "int main(void) {\n"
                     "  atomic_store(&a, 1);\n"
                     "  int v = atomic_load_explicit(&a, memory_order_relaxed);\n"
                     "  v += atomic_fetch_add(&a, 2) + (int)atomic_fetch_sub(&w, 3);\n"
                     "  int e = 3;\n"
                     "  _Bool ok = atomic_compare_exchange_strong(&a, &e, 4);\n"
                     "  ok &= atomic_compare_exchange_weak(&a, &e, 5);\n"
                     "  atomic_thread_fence(memory_order_seq_cst);\n"
                     "  v += __sync_fetch_and_nand(&x, 6) + __atomic_fetch_max(&x, 7, __ATOMIC_SEQ_CST);\n"
                     "  f += 1.0f;\n"
                     "  atomic_store(&p, &x);\n"
                     "  return v + ok + (atomic_exchange(&p, 0) == &x);\n"
                     "}\n";
  for (unsigned bits = 32; bits <= 64; bits += 32) {
    ir_module *m = load_text(".c", prog, bits);
    CHECK(m && m->unsupported.len == 0);
    for (size_t i = 0; m && i < m->unsupported.len; i++) fprintf(stderr, "  unsupported: %s\n", m->unsupported.data[i].what);
    /* store, load, 2 rmw, 2 cmpxchg, fence, nand, max, the float's load and
     * cmpxchg loop, pointer store, exchange */
    CHECK(m && m->atomics >= 13 && m->atomics_weak == 1);
    const ir_func *f = func(m, "main");
    CHECK(f && count_op(f, IR_CALL) == 0);
    /* every read-modify-write is a load and a store of the same width */
    CHECK(f && count_op(f, IR_LOAD) >= 10 && count_op(f, IR_STORE) >= 10);
    /* atomic arithmetic wraps: no nsw on what fetch_add computes */
    for (uint32_t i = 0; f && i < f->ninsts; i++)
      if (f->insts[i].op == IR_ADD && f->insts[i].ops[0].kind == IR_VAL_INST &&
          f->insts[f->insts[i].ops[0].id].op == IR_LOAD && f->insts[i].ops[1].kind == IR_VAL_CONST &&
          f->insts[i].ops[1].imm == 2)
        CHECK(!(f->insts[i].flags & IR_NSW));
    /* cmpxchg: old == cmp decides what is stored back */
    CHECK(f && count_op(f, IR_SELECT) >= 4 && count_op(f, IR_FADD) == 1);
    char err[256];
    CHECK(m && ir_verify(m, err, sizeof err));
    ir_module_free(m);
  }

  /* a program without atomics counts none */
  ir_module *m = load_text(".c", "int x; int main(void) { return x; }\n", 64);
  CHECK(m && m->atomics == 0 && m->atomics_weak == 0);
  ir_module_free(m);

  /* what has no sequential form here is reported by name */
  m = load_text(".ll",
                "define i32 @main() {\n"
                "  %p = alloca i128\n"
                "  store i128 0, i128* %p\n"
                "  %o = atomicrmw add i128* %p, i128 1 seq_cst\n"
                "  %f = alloca double\n"
                "  %d = atomicrmw fadd double* %f, double 1.0 seq_cst\n"
                "  ret i32 0\n"
                "}\n", 64);
  CHECK(m && has_unsupported(m, "atomicrmw add", 0) && !has_unsupported(m, "atomicrmw fadd", 0));
  ir_module_free(m);

  /* an _Atomic struct goes through the generic library functions */
  m = load_text(".c",
                "#include <stdatomic.h>\n"
                "struct S { int a, b, c; };\n"
                "_Atomic struct S s;\n"
                "int main(void) {\n"
                "  struct S t = {1, 2, 3}, e = t;\n"
                "  atomic_store(&s, t);\n"
                "  t = atomic_load(&s);\n"
                "  t = atomic_exchange(&s, e);\n"
                "  return atomic_compare_exchange_strong(&s, &e, t) + t.a;\n"
                "}\n", 64);
  CHECK(m && m->unsupported.len == 0 && m->atomics == 4 && m->atomics_weak == 1);
  const ir_func *f = func(m, "main");
  int memmoves = 0, memcmps = 0;
  for (uint32_t i = 0; f && i < f->ninsts; i++)
    if (f->insts[i].op == IR_CALL && f->insts[i].callee != IR_NONE) {
      uint8_t bk = m->funcs.data[f->insts[i].callee].builtin;
      memmoves += bk == IR_BUILTIN_MEMMOVE;
      memcmps += bk == IR_BUILTIN_MEMCMP;
    }
  CHECK(memmoves == 6 && memcmps == 1);
  ir_module_free(m);
}

int main(void) {
  test_projects();
  test_atomics();
  test_parse_flags();
  test_float();
  test_asm();
  test_flags_ll();
  test_flags_c();
  test_shift_signs();
  test_gep();
  test_globals();
  test_unsupported();
  test_errors();
  test_builtins_reachability();
  test_intrinsics_calls();
  test_split_values();
  return TEST_SUMMARY();
}
