/* Unit tests of driver/harness: the C type of each nondet function (and
 * its agreement with the front end's prelude), the formatting of values per
 * type and width, what a harness defines and what it leaves to libc, the
 * Test-Comp XML, and one native round trip: the harness compiled with its
 * program returns exactly the values harness_format_value prints, and notes
 * once when the program asks for more than the counterexample has. Then
 * valid-memtrack runs that do not end by a return from main (abort(), the
 * end of the values, no end at all): the native run's leak report shows the
 * block the interpreter lost. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "c_fixture.h"
#include "output/harness.h"
#include "frontend/fe_internal.h"
#include "interp/interp.h"
#include "test_util.h"

static const char *type_of(const char *name, ir_type ret, unsigned ptr_bits) {
  return harness_nondet_type(name, ret, ptr_bits).c_type;
}

static void test_types(void) {
  ir_type i32 = ir_type_int(32), i64 = ir_type_int(64), i8 = ir_type_int(8);
  CHECK(strcmp(type_of("__VERIFIER_nondet_int", i32, 64), "int") == 0);
  CHECK(harness_nondet_type("__VERIFIER_nondet_int", i32, 64).kind == HARNESS_SIGNED);
  CHECK(strcmp(type_of("__VERIFIER_nondet_uint", i32, 64), "unsigned int") == 0);
  CHECK(strcmp(type_of("__VERIFIER_nondet_unsigned", i32, 32), "unsigned int") == 0);
  CHECK(strcmp(type_of("__VERIFIER_nondet_char", i8, 64), "char") == 0);
  CHECK(strcmp(type_of("__VERIFIER_nondet_uchar", i8, 64), "unsigned char") == 0);
  CHECK(strcmp(type_of("__VERIFIER_nondet_bool", ir_type_int(1), 64), "_Bool") == 0);
  /* long, size_t and pointers follow the data model */
  CHECK(strcmp(type_of("__VERIFIER_nondet_long", i64, 64), "long") == 0);
  CHECK(strcmp(type_of("__VERIFIER_nondet_long", i32, 32), "long") == 0);
  CHECK(harness_nondet_type("__VERIFIER_nondet_ulong", i32, 32).bits == 32);
  CHECK(strcmp(type_of("__VERIFIER_nondet_size_t", i32, 32), "size_t") == 0);
  CHECK(strcmp(type_of("__VERIFIER_nondet_pointer", ir_type_ptr(32), 32), "void *") == 0);
  CHECK(strcmp(type_of("__VERIFIER_nondet_charp", ir_type_ptr(64), 64), "char *") == 0);
  /* a declaration of another width than the name says: its own type */
  CHECK(strcmp(type_of("__VERIFIER_nondet_int", i64, 64), "unsigned long long") == 0);
  CHECK(strcmp(type_of("__VERIFIER_nondet_long", i32, 64), "unsigned int") == 0);
  CHECK(strcmp(type_of("__VERIFIER_nondet_pointer", i64, 64), "unsigned long long") == 0);
  /* names outside the table: the IR type */
  CHECK(strcmp(type_of("__VERIFIER_nondet_s16", ir_type_int(16), 64), "unsigned short") == 0);
  CHECK(strcmp(type_of("__VERIFIER_nondet_foo", ir_type_int(24), 64), "unsigned int") == 0);
  CHECK(harness_nondet_type("__VERIFIER_nondet_foo", ir_type_int(24), 64).bits == 24);
  CHECK(strcmp(type_of("__VERIFIER_nondet_foo", ir_type_ptr(64), 64), "void *") == 0);
  CHECK(harness_nondet_type("__VERIFIER_nondet_foo", ir_type_void(), 64).kind == HARNESS_VOID);
  /* floats by name (the IR has none) */
  CHECK(harness_nondet_type("__VERIFIER_nondet_float", ir_type_void(), 64).kind == HARNESS_FLOAT);
  CHECK(harness_nondet_type("__VERIFIER_nondet_double", ir_type_void(), 32).bits == 64);
}

/* Every __VERIFIER_nondet_* of the front end's prelude gets the prelude's
 * type, in both data models: the harness and the program's lowering agree. */
static void test_prelude_agrees(void) {
  const char *p = fe_prelude_text();
  strbuf prog = {0};
  size_t n = 0;
  for (const char *line = p; line && *line;) {
    const char *nl = strchr(line, '\n');
    size_t len = nl ? (size_t)(nl - line) : strlen(line);
    const char *at = strstr(line, "__VERIFIER_nondet_");
    if (at && at < line + len) {
      const char *paren = strchr(at, '(');
      char name[64], type[64];
      snprintf(name, sizeof name, "%.*s", (int)(paren - at), at);
      snprintf(type, sizeof type, "%.*s", (int)(at - line), line);
      size_t tl = strlen(type);
      while (tl && type[tl - 1] == ' ') type[--tl] = 0; /* "char *" keeps its star */
      if (strcmp(type, "__SIZE_TYPE__") == 0) strcpy(type, "size_t");
      if (strcmp(type, "float") == 0 || strcmp(type, "double") == 0) {
        CHECK_MSG(strcmp(type_of(name, ir_type_void(), 64), type) == 0, "%s", name);
      } else {
        strbuf_printf(&prog, "  (void)%s(); /* %s */\n", name, type);
        n++;
      }
    }
    line = nl ? nl + 1 : NULL;
  }
  CHECK(n >= 15);
  char *text = xasprintf("int main(void) {\n%s  return 0;\n}\n", prog.data);
  for (unsigned bits = 32; bits <= 64; bits += 32) {
    ir_module *m = load_c_text(text, bits);
    CHECK(m != NULL);
    if (!m) continue;
    size_t seen = 0;
    for (size_t i = 0; i < m->funcs.len; i++) {
      const ir_func *f = &m->funcs.data[i];
      if (f->builtin != IR_BUILTIN_NONDET) continue;
      seen++;
      /* the prelude's type, from the comment after the call */
      char pattern[80];
      snprintf(pattern, sizeof pattern, "%s(); /* ", f->name);
      const char *want = strstr(text, pattern);
      want = want ? want + strlen(pattern) - 3 : NULL;
      char type[64] = "?";
      const char *end = want ? strstr(want, " */") : NULL;
      if (want && end) snprintf(type, sizeof type, "%.*s", (int)(end - want - 3), want + 3);
      CHECK_MSG(strcmp(type_of(f->name, f->ret, bits), type) == 0, "%s (ILP%u): harness %s, prelude %s", f->name,
                bits, type_of(f->name, f->ret, bits), type);
    }
    CHECK(seen == n);
    ir_module_free(m);
  }
  free(text);
  strbuf_free(&prog);
}

static const char *fmt(harness_type t, uint64_t v, unsigned w) {
  static char buf[64];
  return harness_format_value(t, v, w, buf, sizeof buf);
}

static void test_format(void) {
  harness_type s32 = {"int", HARNESS_SIGNED, 32}, u32 = {"unsigned int", HARNESS_UNSIGNED, 32};
  harness_type s8 = {"char", HARNESS_SIGNED, 8}, u8 = {"unsigned char", HARNESS_UNSIGNED, 8};
  harness_type s16 = {"short", HARNESS_SIGNED, 16}, s64 = {"long", HARNESS_SIGNED, 64};
  harness_type u64 = {"unsigned long", HARNESS_UNSIGNED, 64}, b = {"_Bool", HARNESS_BOOL, 1};
  harness_type p32 = {"void *", HARNESS_POINTER, 32}, p64 = {"void *", HARNESS_POINTER, 64};
  harness_type f32 = {"float", HARNESS_FLOAT, 32}, f64 = {"double", HARNESS_FLOAT, 64};
  CHECK(strcmp(fmt(s32, 0xffffffff, 32), "-1") == 0);
  CHECK(strcmp(fmt(u32, 0xffffffff, 32), "4294967295") == 0);
  CHECK(strcmp(fmt(s32, 0x80000000, 32), "-2147483648") == 0);
  CHECK(strcmp(fmt(s32, 0x7fffffff, 32), "2147483647") == 0);
  CHECK(strcmp(fmt(s8, 0x80, 8), "-128") == 0);
  CHECK(strcmp(fmt(u8, 0x80, 8), "128") == 0);
  CHECK(strcmp(fmt(s16, 0xfffb, 16), "-5") == 0);
  CHECK(strcmp(fmt(s64, 0xffffffffffffffffull, 64), "-1") == 0);
  CHECK(strcmp(fmt(s64, 0x8000000000000000ull, 64), "-9223372036854775808") == 0);
  CHECK(strcmp(fmt(u64, 0xfedcba9876543210ull, 64), "18364758544493064720") == 0);
  /* the recorded bits beyond the width do not count */
  CHECK(strcmp(fmt(u8, 0x1ff, 8), "255") == 0);
  /* a value of another width than the type (a run that went elsewhere):
   * signed types sign-extend from the recorded width, then wrap */
  CHECK(strcmp(fmt(s32, 0xff, 8), "-1") == 0);
  CHECK(strcmp(fmt(u32, 0xff, 8), "255") == 0);
  CHECK(strcmp(fmt(s8, 0x1ff, 16), "-1") == 0);
  CHECK(strcmp(fmt(u8, 0x1234, 16), "52") == 0);
  CHECK(strcmp(fmt(s32, 0x17fffffffull, 64), "2147483647") == 0);
  CHECK(strcmp(fmt(b, 1, 1), "1") == 0 && strcmp(fmt(b, 0, 1), "0") == 0 && strcmp(fmt(b, 2, 8), "1") == 0);
  CHECK(strcmp(fmt(p64, 0, 64), "0") == 0);
  CHECK(strcmp(fmt(p32, 0x10010, 32), "65552") == 0);
  CHECK(strcmp(fmt(p32, 0x100010010ull, 64), "65552") == 0);
  CHECK(strcmp(fmt(f32, 0x3fc00000, 32), "1.5") == 0);
  CHECK(strcmp(fmt(f64, 0xc004000000000000ull, 64), "-2.5") == 0);
}

static char tmpdir[] = "/tmp/bitprove-harness-XXXXXX";

static char *in_tmp(const char *name) { return xasprintf("%s/%s", tmpdir, name); }

static char *printed(void (*print)(const ir_module *, const interp_nondet_vec *, FILE *), const ir_module *m,
                     const interp_nondet_vec *cex) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  print(m, cex, f);
  fclose(f);
  return buf;
}

static void print_c_for_test(const ir_module *m, const interp_nondet_vec *cex, FILE *out) {
  harness_print_c(m, cex, PROP_UNREACH_CALL, "prog.c", "h.c", out);
}

static size_t count(const char *s, const char *what) {
  size_t n = 0;
  for (const char *p = strstr(s, what); p; p = strstr(p + 1, what)) n++;
  return n;
}

/* What is defined and what is left alone; values that cannot be replayed. */
static void test_definitions(void) {
  static const char prog[] =
      "#include <stdlib.h>\n"
      "extern int __VERIFIER_nondet_int(void);\n"
      "extern void __VERIFIER_assume(int);\n"
      "extern void __assert_fail(const char *, const char *, unsigned int, const char *);\n"
      "void reach_error(void) { __assert_fail(\"0\", \"p.c\", 3, \"reach_error\"); }\n"
      "unsigned char __VERIFIER_nondet_uchar(void) { return 7; }\n"
      "int main(void) {\n"
      "  int x;\n"
      "  int a = __VERIFIER_nondet_int();\n"
      "  unsigned char c = __VERIFIER_nondet_uchar();\n"
      "  __VERIFIER_assume(a > 0);\n"
      "  int *p = malloc(sizeof *p);\n"
      "  free(p);\n"
      "  if (a + c == x) reach_error();\n"
      "  return 0;\n"
      "}\n";
  ir_module *m = load_c_text(prog, 64);
  CHECK(m != NULL);
  if (!m) return;
  interp_options o;
  interp_options_default(&o);
  uint64_t vals[] = {5, 9, 14};
  o.nondet = vals;
  o.nnondet = 3;
  o.nondet_strict = true;
  o.out = NULL;
  interp_result r;
  interp_run(m, &o, &r);
  CHECK(r.outcome == INTERP_ERROR_REACHED);
  CHECK(r.nondet.len == 3);
  if (r.nondet.len == 3) {
    CHECK(r.nondet.data[0].origin == INTERP_ND_CALL &&
          strcmp(m->funcs.data[r.nondet.data[0].func].name, "__VERIFIER_nondet_int") == 0);
    CHECK(r.nondet.data[1].origin == INTERP_ND_CALL &&
          strcmp(m->funcs.data[r.nondet.data[1].func].name, "__VERIFIER_nondet_uchar") == 0);
    CHECK(r.nondet.data[2].origin != INTERP_ND_CALL && r.nondet.data[2].func == IR_NONE);
    CHECK(harness_replayable(m, &r.nondet.data[0]));
    CHECK(!harness_replayable(m, &r.nondet.data[1])); /* the program defines it */
    CHECK(!harness_replayable(m, &r.nondet.data[2])); /* an uninitialised read */
  }
  char *c = printed(print_c_for_test, m, &r.nondet);
  CHECK(strstr(c, "int __VERIFIER_nondet_int(void) {") != NULL);
  CHECK(strstr(c, "void __VERIFIER_assume(int cond) {") != NULL);
  CHECK(strstr(c, "__VERIFIER_nondet_uchar(void) {") == NULL); /* defined by the program */
  CHECK(strstr(c, "void reach_error(void) {") == NULL);        /* likewise */
  CHECK(strstr(c, "malloc(") == NULL && strstr(c, "free(") == NULL && strstr(c, "__assert_fail(") == NULL);
  CHECK(strstr(c, "bp_count = 1;") != NULL);
  CHECK(strstr(c, "2 value(s) of the interpreter's run cannot be given") != NULL);
  CHECK(strstr(c, "__VERIFIER_nondet_uchar() (defined by the program) at") != NULL);
  CHECK(strstr(c, "undef value at") != NULL || strstr(c, "uninitialised read at") != NULL);
  CHECK(strstr(c, "clang -fsanitize=address,undefined -g prog.c h.c && ./a.out") != NULL);
  CHECK(strstr(c, "__lsan_default_options") == NULL); /* only for valid-memcleanup */
  char *x = printed(harness_print_testcase, m, &r.nondet);
  CHECK(strstr(x, "<!DOCTYPE testcase PUBLIC \"+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN\" "
                  "\"https://sosy-lab.org/test-format/testcase-1.1.dtd\">") != NULL);
  CHECK(count(x, "<input") == 1 && strstr(x, "<input type=\"int\">5</input>") != NULL);
  free(c);
  free(x);
  /* writing failures: one reason */
  char err[256] = "";
  CHECK(!harness_write_c(m, &r.nondet, PROP_UNREACH_CALL, "prog.c", "/nonexistent/dir/h.c", err, sizeof err));
  CHECK(strstr(err, "--harness: cannot write /nonexistent/dir/h.c") != NULL && !strchr(err, '\n'));
  CHECK(!harness_write_testcase(m, &r.nondet, "/nonexistent/dir/t.xml", err, sizeof err));
  CHECK(strstr(err, "--testcase: cannot write") != NULL);
  interp_result_free(&r);
  ir_module_free(m);
}

/* The program of the round trip: reads one value of each type and prints it
 * as the test case would write it, then asks for two values too many. */
static const char round_trip_prog[] =
    "#include <stdio.h>\n"
    "#include <stdint.h>\n"
    "#include <stddef.h>\n"
    "extern char __VERIFIER_nondet_char(void);\n"
    "extern unsigned char __VERIFIER_nondet_uchar(void);\n"
    "extern short __VERIFIER_nondet_short(void);\n"
    "extern _Bool __VERIFIER_nondet_bool(void);\n"
    "extern int __VERIFIER_nondet_int(void);\n"
    "extern unsigned int __VERIFIER_nondet_uint(void);\n"
    "extern long __VERIFIER_nondet_long(void);\n"
    "extern unsigned long __VERIFIER_nondet_ulong(void);\n"
    "extern long long __VERIFIER_nondet_longlong(void);\n"
    "extern size_t __VERIFIER_nondet_size_t(void);\n"
    "extern void *__VERIFIER_nondet_pointer(void);\n"
    "extern void reach_error(void);\n"
    "int main(void) {\n"
    "  printf(\"%d\\n\", (int)__VERIFIER_nondet_char());\n"
    "  printf(\"%u\\n\", (unsigned)__VERIFIER_nondet_uchar());\n"
    "  printf(\"%d\\n\", (int)__VERIFIER_nondet_short());\n"
    "  printf(\"%d\\n\", (int)__VERIFIER_nondet_bool());\n"
    "  printf(\"%d\\n\", __VERIFIER_nondet_int());\n"
    "  printf(\"%u\\n\", __VERIFIER_nondet_uint());\n"
    "  printf(\"%ld\\n\", __VERIFIER_nondet_long());\n"
    "  printf(\"%lu\\n\", __VERIFIER_nondet_ulong());\n"
    "  printf(\"%lld\\n\", __VERIFIER_nondet_longlong());\n"
    "  printf(\"%lu\\n\", (unsigned long)__VERIFIER_nondet_size_t());\n"
    "  printf(\"%lu\\n\", (unsigned long)(uintptr_t)__VERIFIER_nondet_pointer());\n"
    "  printf(\"%d\\n\", __VERIFIER_nondet_int());\n"
    "  printf(\"%d\\n\", __VERIFIER_nondet_int());\n"
    "  reach_error();\n"
    "  return 0;\n"
    "}\n";

static char *read_all(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return xstrdup("");
  strbuf b = {0};
  char line[512];
  while (fgets(line, sizeof line, f)) strbuf_printf(&b, "%s", line);
  fclose(f);
  return b.data ? b.data : xstrdup("");
}

static void test_round_trip(void) {
  ir_module *m = load_c_text(round_trip_prog, 64);
  CHECK(m != NULL);
  if (!m) return;
  interp_options o;
  interp_options_default(&o);
  uint64_t vals[] = {0xfd, 200, 0xfffb, 1, 0x80000000u, 0xffffffffu, 0xfffffffffffffff9ull, 0xfedcba9876543210ull,
                     0x8000000000000000ull, 77, 0, 12, 13};
  o.nondet = vals;
  o.nnondet = sizeof vals / sizeof vals[0];
  o.nondet_strict = true;
  o.out = NULL;
  interp_result r;
  interp_run(m, &o, &r);
  CHECK(r.outcome == INTERP_ERROR_REACHED && r.nondet.len == 13);
  /* the counterexample without its last two values: the native run asks for more */
  interp_nondet_vec cex = {0};
  for (size_t i = 0; i + 2 < r.nondet.len; i++) VEC_PUSH(cex, r.nondet.data[i]);
  char *prog = in_tmp("prog.c"), *h = in_tmp("h.c"), *exe = in_tmp("a.out"), *out = in_tmp("out"),
       *errf = in_tmp("err");
  FILE *f = fopen(prog, "w");
  fputs(round_trip_prog, f);
  fclose(f);
  char err[256];
  CHECK(harness_write_c(m, &cex, PROP_UNREACH_CALL, prog, h, err, sizeof err));
  char *cmd = xasprintf("%s -Wall -Wextra -Werror -c %s -o %s.o && %s -w %s %s -o %s", BITPROVE_CLANG, h, h,
                        BITPROVE_CLANG, prog, h, exe);
  CHECK_MSG(system(cmd) == 0, "%s", cmd);
  free(cmd);
  cmd = xasprintf("%s >%s 2>%s", exe, out, errf);
  int rc = system(cmd);
  CHECK(rc != 0); /* reach_error aborts */
  free(cmd);
  /* what the native run printed = what the test case says, then 0 twice */
  strbuf want = {0};
  for (size_t i = 0; i < cex.len; i++) {
    const ir_func *g = &m->funcs.data[cex.data[i].func];
    char v[64];
    strbuf_printf(&want, "%s\n",
                  harness_format_value(harness_nondet_type(g->name, g->ret, 64), cex.data[i].value, cex.data[i].bits,
                                       v, sizeof v));
  }
  strbuf_printf(&want, "0\n0\n");
  char *got = read_all(out), *gerr = read_all(errf);
  CHECK_MSG(strcmp(got, want.data) == 0, "native:\n%sexpected:\n%s", got, want.data);
  CHECK(strcmp(want.data, "-3\n200\n-5\n1\n-2147483648\n4294967295\n-7\n18364758544493064720\n"
                          "-9223372036854775808\n77\n0\n0\n0\n") == 0);
  CHECK_MSG(count(gerr, "bitprove harness: __VERIFIER_nondet_int() asks for value 12, the counterexample has only "
                        "11") == 1,
            "%s", gerr);
  CHECK(strstr(gerr, "bitprove harness: reach_error() called") != NULL);
  char *x = printed(harness_print_testcase, m, &cex);
  CHECK(count(x, "<input") == 11 && strstr(x, "<input type=\"long long\">-9223372036854775808</input>") != NULL);
  free(x);
  free(got);
  free(gerr);
  strbuf_free(&want);
  VEC_FREE(cex);
  interp_result_free(&r);
  ir_module_free(m);
  free(prog);
  free(h);
  free(exe);
  free(out);
  free(errf);
}

/* valid-memtrack where the interpreter's run does not end by returning
 * from main: the harness has LeakSanitizer check there. `vals`: the
 * counterexample (strict); `lost_line`: the source line of the block the
 * interpreter finds lost; `status`: the native run's exit status (-1: any
 * but 0). */
static void memtrack_case(const char *name, const char *text, const uint64_t *vals, size_t n, interp_outcome end,
                          unsigned lost_line, int status) {
  ir_module *m = load_c_text(text, 64);
  CHECK(m != NULL);
  if (!m) return;
  interp_options o;
  interp_options_replay(&o, vals, n);
  o.max_steps = 1000000; /* the same values, less time (the harness writer replays with its own limit) */
  interp_result r;
  interp_run(m, &o, &r);
  CHECK_MSG(r.outcome == end && r.leaks_checked && r.n_memtrack == 1, "%s: outcome %d, %zu lost", name,
            (int)r.outcome, r.n_memtrack);
  char *prog = in_tmp("mt.c"), *h = in_tmp("mt_h.c"), *exe = in_tmp("mt.out"), *errf = in_tmp("mt.err");
  FILE *f = fopen(prog, "w");
  fputs(text, f);
  fclose(f);
  char err[256];
  CHECK(harness_write_c(m, &r.nondet, PROP_VALID_MEMTRACK, prog, h, err, sizeof err));
  char *c = read_all(h), *want = xasprintf(":%u:", lost_line);
  CHECK_MSG(strstr(c, "use_stacks=0:use_registers=0") != NULL && strstr(c, "finds 1 block(s) lost") != NULL &&
                strstr(c, want) != NULL,
            "%s:\n%s", name, c);
  char *cmd = xasprintf("%s -Wall -Wextra -Werror -c %s -o %s.o && %s -fsanitize=address -g -w %s %s -o %s",
                        BITPROVE_CLANG, h, h, BITPROVE_CLANG, prog, h, exe);
  CHECK_MSG(system(cmd) == 0, "%s", cmd);
  free(cmd);
  cmd = xasprintf("ASAN_OPTIONS= LSAN_OPTIONS= %s >/dev/null 2>%s", exe, errf);
  int rc = system(cmd);
  free(cmd);
  char *gerr = read_all(errf), *site = xasprintf("mt.c:%u:", lost_line);
  CHECK_MSG(strstr(gerr, "ERROR: LeakSanitizer: detected memory leaks") && strstr(gerr, site), "%s: %s", name, gerr);
  CHECK_MSG(status < 0 ? rc != 0 : WIFEXITED(rc) && WEXITSTATUS(rc) == status, "%s: status %d", name, rc);
  free(site);
  free(gerr);
  free(want);
  free(c);
  free(prog);
  free(h);
  free(exe);
  free(errf);
  interp_result_free(&r);
  ir_module_free(m);
}

static void test_memtrack(void) {
  /* lost (when lose() returns), then abort(): the SIGABRT handler checks
   * before the signal ends the run; p, which a live frame holds, is no loss
   * for the interpreter (the report may list it too) */
  static const char aborts[] = "#include <stdlib.h>\n"
                               "extern int __VERIFIER_nondet_int(void);\n"
                               "static void lose(void) {\n"
                               "  char *q = malloc(16);\n" /* line 4: lost */
                               "  q[0] = 1;\n"
                               "}\n"
                               "int main(void) {\n"
                               "  lose();\n"
                               "  char *p = malloc(32);\n"
                               "  p[0] = (char)__VERIFIER_nondet_int();\n"
                               "  abort();\n"
                               "}\n";
  uint64_t one[] = {3};
  memtrack_case("abort", aborts, one, 1, INTERP_ABORT, 4, -1);
  /* lost in a loop the counterexample leaves asking for one more value:
   * the check where the sequence runs out, then status 23 */
  static const char loops[] = "#include <stdlib.h>\n"
                              "extern int __VERIFIER_nondet_int(void);\n"
                              "int main(void) {\n"
                              "  char *p = 0;\n"
                              "  while (__VERIFIER_nondet_int()) {\n"
                              "    p = malloc(8);\n" /* line 6: the first block is lost */
                              "    p[0] = 1;\n"
                              "  }\n"
                              "  free(p);\n"
                              "  return 0;\n"
                              "}\n";
  uint64_t two[] = {1, 1};
  memtrack_case("out of values", loops, two, 2, INTERP_OUT_OF_NONDET, 6, 23);
  /* lost, then a loop without end: the check after HARNESS_LEAK_ALARM_SECONDS */
  static const char spins[] = "#include <stdlib.h>\n"
                              "extern int __VERIFIER_nondet_int(void);\n"
                              "static void lose(int v) {\n"
                              "  char *q = malloc(16);\n" /* line 4: lost */
                              "  q[0] = (char)v;\n"
                              "}\n"
                              "int main(void) {\n"
                              "  volatile unsigned n = 0;\n"
                              "  lose(__VERIFIER_nondet_int());\n"
                              "  for (;;) n++;\n"
                              "}\n";
  memtrack_case("no end", spins, one, 1, INTERP_OUT_OF_STEPS, 4, 23);
}

int main(void) {
  test_types();
  test_prelude_agrees();
  test_format();
  test_definitions();
  if (!mkdtemp(tmpdir)) {
    CHECK(!"mkdtemp");
    return TEST_SUMMARY();
  }
  test_round_trip();
  test_memtrack();
  char *cmd = xasprintf("rm -rf %s", tmpdir);
  if (system(cmd) != 0) fprintf(stderr, "cannot remove %s\n", tmpdir);
  free(cmd);
  return TEST_SUMMARY();
}
