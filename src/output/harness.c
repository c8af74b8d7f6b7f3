/* harness: see harness.h. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "harness.h"

#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- types ---------------------------------------------------------------- */

/* The SV-COMP nondet functions by suffix, as the front end's prelude declares
 * them (src/frontend/clang.c; test_harness checks that the two agree). bits
 * 0: the pointer width (long, unsigned long, pointers, size_t). */
static const struct {
  const char *suffix;
  const char *c_type;
  harness_kind kind;
  unsigned bits;
} nondet_types[] = {
    {"bool", "_Bool", HARNESS_BOOL, 1},
    {"char", "char", HARNESS_SIGNED, 8},
    {"uchar", "unsigned char", HARNESS_UNSIGNED, 8},
    {"short", "short", HARNESS_SIGNED, 16},
    {"ushort", "unsigned short", HARNESS_UNSIGNED, 16},
    {"int", "int", HARNESS_SIGNED, 32},
    {"uint", "unsigned int", HARNESS_UNSIGNED, 32},
    {"unsigned", "unsigned int", HARNESS_UNSIGNED, 32},
    {"long", "long", HARNESS_SIGNED, 0},
    {"ulong", "unsigned long", HARNESS_UNSIGNED, 0},
    {"longlong", "long long", HARNESS_SIGNED, 64},
    {"ulonglong", "unsigned long long", HARNESS_UNSIGNED, 64},
    {"pointer", "void *", HARNESS_POINTER, 0},
    {"pchar", "char *", HARNESS_POINTER, 0},
    {"charp", "char *", HARNESS_POINTER, 0},
    {"size_t", "size_t", HARNESS_UNSIGNED, 0},
    {"loff_t", "long long", HARNESS_SIGNED, 64},
    {"u32", "unsigned int", HARNESS_UNSIGNED, 32},
    {"u16", "unsigned short", HARNESS_UNSIGNED, 16},
    {"u8", "unsigned char", HARNESS_UNSIGNED, 8},
    {"float", "float", HARNESS_FLOAT, 32},
    {"double", "double", HARNESS_FLOAT, 64},
};

static const char nondet_prefix[] = "__VERIFIER_nondet_";

/* The type of the declaration alone: unsigned of its width, or void *. */
static harness_type type_of_ir(ir_type ret, unsigned ptr_bits) {
  if (ret.kind == IR_TY_VOID) return (harness_type){"void", HARNESS_VOID, 0};
  if (ret.kind == IR_TY_PTR) return (harness_type){"void *", HARNESS_POINTER, ptr_bits};
  if (ret.bits == 1) return (harness_type){"_Bool", HARNESS_BOOL, 1};
  const char *t = ret.bits <= 8    ? "unsigned char"
                  : ret.bits <= 16 ? "unsigned short"
                  : ret.bits <= 32 ? "unsigned int"
                                   : "unsigned long long";
  return (harness_type){t, HARNESS_UNSIGNED, ret.bits};
}

harness_type harness_nondet_type(const char *name, ir_type ret, unsigned ptr_bits) {
  size_t np = sizeof nondet_prefix - 1;
  if (name && strncmp(name, nondet_prefix, np) == 0)
    for (size_t i = 0; i < sizeof nondet_types / sizeof nondet_types[0]; i++) {
      if (strcmp(name + np, nondet_types[i].suffix) != 0) continue;
      harness_type t = {nondet_types[i].c_type, nondet_types[i].kind,
                        nondet_types[i].bits ? nondet_types[i].bits : ptr_bits};
      /* a float is its IEEE bits (INT 32/64 in the IR): taken by its name */
      if (t.kind == HARNESS_FLOAT) return t;
      bool ptr = t.kind == HARNESS_POINTER;
      if (ret.kind == (ptr ? IR_TY_PTR : IR_TY_INT) && ret.bits == t.bits) return t;
      break; /* declared with another type: what the declaration says */
    }
  return type_of_ir(ret, ptr_bits);
}

/* ---- values --------------------------------------------------------------- */

static uint64_t mask(unsigned bits) { return bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1; }

static uint64_t sext(uint64_t v, unsigned bits) {
  if (bits == 0 || bits >= 64) return v;
  v &= mask(bits);
  return (v >> (bits - 1)) & 1 ? v | ~mask(bits) : v;
}

const char *harness_format_value(harness_type t, uint64_t value, unsigned width, char *buf, size_t n) {
  value &= mask(width ? width : 64);
  switch (t.kind) {
  case HARNESS_SIGNED: snprintf(buf, n, "%" PRId64, (int64_t)sext(sext(value, width), t.bits)); break;
  case HARNESS_BOOL: snprintf(buf, n, "%d", value != 0); break;
  case HARNESS_FLOAT:
    if (t.bits == 32) {
      uint32_t u = (uint32_t)value;
      float f;
      memcpy(&f, &u, sizeof f);
      snprintf(buf, n, "%.9g", (double)f);
    } else {
      double d;
      memcpy(&d, &value, sizeof d);
      snprintf(buf, n, "%.17g", d);
    }
    break;
  case HARNESS_VOID: snprintf(buf, n, "0"); break;
  default: snprintf(buf, n, "%" PRIu64, value & mask(t.bits)); break; /* unsigned, pointer */
  }
  return buf;
}

/* Declared by the program without a body (and so this harness's to define)? */
static bool declared_only(const ir_func *f) { return !f->defined && !f->body_dropped; }

bool harness_replayable(const ir_module *m, const interp_nondet *nd) {
  return (nd->origin == INTERP_ND_CALL || nd->origin == INTERP_ND_EXTERN) && nd->func < m->funcs.len &&
         declared_only(&m->funcs.data[nd->func]);
}

/* Per function: does the program call it, a function without a body, by
 * the convention for such functions (an IR_ASM with IR_ASM_EXTERN_CALL,
 * frontend.h)? Then this file defines it: it returns the next value of the
 * sequence. One scan of the module; the caller frees the array. */
static bool *extern_called_funcs(const ir_module *m) {
  bool *called = xcalloc(m->funcs.len ? m->funcs.len : 1, sizeof *called);
  for (size_t g = 0; g < m->funcs.len; g++)
    for (uint32_t i = 0; i < m->funcs.data[g].ninsts; i++) {
      const ir_inst *in = &m->funcs.data[g].insts[i];
      if (in->op == IR_ASM && (in->flags & IR_ASM_EXTERN_CALL) && in->size < m->funcs.len) called[in->size] = true;
    }
  for (size_t f = 0; f < m->funcs.len; f++)
    called[f] = called[f] && declared_only(&m->funcs.data[f]) && m->funcs.data[f].builtin == IR_BUILTIN_NONE;
  return called;
}

/* ---- the C harness ---------------------------------------------------------- */

/* Text inside a C comment: no comment end, no line break. */
static void put_comment_text(FILE *out, const char *s) {
  for (; s && *s; s++) {
    if (s[0] == '*' && s[1] == '/') fputs("*\\", out);
    else if (*s == '\n' || *s == '\r') fputc('?', out);
    else fputc(*s, out);
  }
}

/* One value as a comment: "<function> at <loc> = <value> (i<width>)". */
static void comment_value(const ir_module *m, const interp_nondet *nd, FILE *out) {
  static const char *origin[] = {"call", "undef value", "uninitialised read", "inline asm output"};
  char loc[512], val[64];
  if ((nd->origin == INTERP_ND_CALL || nd->origin == INTERP_ND_EXTERN) && nd->func < m->funcs.len) {
    const ir_func *f = &m->funcs.data[nd->func];
    harness_type t = harness_nondet_type(f->name, f->ret, m->ptr_bits);
    put_comment_text(out, f->name);
    fprintf(out, "()%s", declared_only(f) ? "" : " (defined by the program)");
    fputs(" at ", out);
    put_comment_text(out, ir_loc_format(m, nd->loc, loc, sizeof loc));
    fprintf(out, " = %s (%s)", harness_format_value(t, nd->value, nd->bits, val, sizeof val), t.c_type);
  } else {
    fprintf(out, "%s at ", origin[nd->origin < 4 ? nd->origin : 0]);
    put_comment_text(out, ir_loc_format(m, nd->loc, loc, sizeof loc));
    fprintf(out, " = %" PRIu64 " (i%u)", nd->value, nd->bits);
  }
}

/* The body of a nondet function of type t: the next value, converted; its
 * statements each on a line of their own, or (oneline) on one line. */
static void nondet_body(const char *name, harness_type t, bool oneline, FILE *out) {
  const char *in = oneline ? " " : "  ", *nl = oneline ? "" : "\n";
  const char *u = t.bits == 32 ? "unsigned int" : "unsigned long long";
  switch (t.kind) {
  case HARNESS_SIGNED: fprintf(out, "%sreturn (%s)bp_next(\"%s\", 1);%s", in, t.c_type, name, nl); break;
  case HARNESS_UNSIGNED: fprintf(out, "%sreturn (%s)bp_next(\"%s\", 0);%s", in, t.c_type, name, nl); break;
  case HARNESS_BOOL: fprintf(out, "%sreturn bp_next(\"%s\", 0) != 0;%s", in, name, nl); break;
  case HARNESS_POINTER: fprintf(out, "%sreturn (%s)(uintptr_t)bp_next(\"%s\", 0);%s", in, t.c_type, name, nl); break;
  case HARNESS_FLOAT:
    fprintf(out, "%sunion { %s u; %s f; } c;%s%sc.u = (%s)bp_next(\"%s\", 0);%s%sreturn c.f;%s", in, u, t.c_type,
            nl, in, u, name, nl, in, nl);
    break;
  case HARNESS_VOID: break;
  }
}

/* The definition this file gives a function the program declares without
 * defining, or false when that is libc's business. With `proto`, only the
 * prototype. extern_called: the program calls it by the convention for
 * functions without a body (extern_called_funcs). */
static bool print_definition(const ir_module *m, const ir_func *f, bool extern_called, bool proto, FILE *out) {
  switch ((ir_builtin)f->builtin) {
  case IR_BUILTIN_NONDET: {
    harness_type t = harness_nondet_type(f->name, f->ret, m->ptr_bits);
    fprintf(out, "%s%s%s(void)", t.c_type, t.kind == HARNESS_POINTER ? "" : " ", f->name);
    if (proto) break;
    fputs(" {\n", out);
    nondet_body(f->name, t, false, out);
    fputs("}\n", out);
    return true;
  }
  case IR_BUILTIN_REACH_ERROR:
  case IR_BUILTIN_VERIFIER_ERROR:
    /* --prop assert: a failing assert() is libc's __assert_fail, which
     * prints the assertion and aborts natively */
    if (strncmp(f->name, "__assert", 8) == 0) return false;
    fprintf(out, "void %s(void)", f->name);
    if (proto) break;
    fprintf(out,
            " {\n"
            "  fflush(stdout); /* the program's output so far, before abort() drops it */\n"
            "  fputs(\"bitprove harness: %s() called: unreach-call is violated\\n\", stderr);\n"
            "  abort();\n"
            "}\n",
            f->name);
    return true;
  case IR_BUILTIN_ASSUME:
    fprintf(out, "void %s(int cond)", f->name);
    if (proto) break;
    fputs(" {\n"
          "  if (!cond) _Exit(0); /* a run the program excludes: no word, no atexit handlers (no leak report) */\n"
          "}\n",
          out);
    return true;
  case IR_BUILTIN_NONE: {
    if (!extern_called) return false; /* libc's business */
    /* a function without a body, read as one that returns an arbitrary
     * value and writes nothing: the value the run used. No prototype: its
     * parameters are the program's business (the caller's registers are
     * ignored); a float result is not distinguished from its bits. */
    harness_type t = type_of_ir(f->ret, m->ptr_bits);
    fprintf(out, "%s%s%s()", t.c_type, t.kind == HARNESS_POINTER ? "" : " ", f->name);
    if (proto) break;
    fputs(" {\n", out);
    nondet_body(f->name, t, false, out);
    fputs("}\n", out);
    return true;
  }
  default: return false; /* libc's business */
  }
  fputs(";\n", out);
  return true;
}

/* The external globals (declared, not defined): defined here as byte
 * arrays of their size holding what the interpreter's replay of cex read
 * from them first (0 where it read nothing). Another type than the
 * program's declaration is no problem for the linker, which sees only the
 * symbol. r: that replay, run with keep_externals. */
static void print_externals(const ir_module *m, const interp_result *r, FILE *out) {
  if (!r->externals.len) return;
  fputs("\n/* The external globals the program declares without defining, with the contents\n"
        " * the interpreter's run read from them (0 where it read nothing). */\n",
        out);
  for (size_t k = 0; k < r->externals.len; k++) {
    const interp_extern *x = &r->externals.data[k];
    const ir_global *g = &m->globals.data[x->global];
    fprintf(out, "unsigned char %s[%" PRIu64 "] __attribute__((aligned(%u))) = {", g->name, x->size,
            g->align ? g->align : 1);
    uint64_t last = 0; /* trailing zeros are implied */
    for (uint64_t b = 0; b < x->size; b++)
      if (x->bytes[b]) last = b + 1;
    for (uint64_t b = 0; b < (last ? last : 1); b++) fprintf(out, "%s%u", b ? ", " : "", x->bytes[b]);
    fputs("};\n", out);
  }
}

/* The module's function of this name, or NULL. */
static const ir_func *func_named(const ir_module *m, const char *name) {
  for (size_t i = 0; i < m->funcs.len; i++)
    if (strcmp(m->funcs.data[i].name, name) == 0) return &m->funcs.data[i];
  return NULL;
}

#define N_NONDET_TYPES (sizeof nondet_types / sizeof nondet_types[0])

/* The name of the SV-COMP function number i: the nondet functions of the
 * table, then reach_error, __VERIFIER_error, __VERIFIER_assume. */
static const char *svcomp_name(size_t i, char *buf, size_t n) {
  static const char *const others[] = {"reach_error", "__VERIFIER_error", "__VERIFIER_assume"};
  if (i >= N_NONDET_TYPES) return others[i - N_NONDET_TYPES];
  snprintf(buf, n, "%s%s", nondet_prefix, nondet_types[i].suffix);
  return buf;
}

/* How many nondet functions of the table the module does not have. */
static size_t missing_nondet(const ir_module *m) {
  size_t n = 0;
  char buf[64];
  for (size_t i = 0; i < N_NONDET_TYPES; i++) n += !func_named(m, svcomp_name(i, buf, sizeof buf));
  return n;
}

/* The SV-COMP functions the module does not have at all, defined weakly
 * (see harness.h): the front end keeps only what main can call, but the
 * native link needs every function the program's code calls. */
static void print_fallbacks(const ir_module *m, FILE *out) {
  bool first = true;
  char buf[64];
  for (size_t i = 0; i < N_NONDET_TYPES + 3; i++) {
    const char *name = svcomp_name(i, buf, sizeof buf);
    if (func_named(m, name)) continue;
    if (first)
      fputs("\n/* Weak definitions of the SV-COMP functions the module does not have: the front\n"
            " * end drops the functions main cannot call, yet the linker needs whatever their\n"
            " * code calls. A definition of the program's own wins over these. */\n",
            out);
    first = false;
    if (i < N_NONDET_TYPES) {
      harness_type t = {nondet_types[i].c_type, nondet_types[i].kind,
                        nondet_types[i].bits ? nondet_types[i].bits : m->ptr_bits};
      fprintf(out, "__attribute__((weak)) %s%s%s(void) {", t.c_type, t.kind == HARNESS_POINTER ? "" : " ", name);
      nondet_body(name, t, true, out);
      fputs(" }\n", out);
    } else if (strcmp(name, "__VERIFIER_assume") == 0) {
      fprintf(out, "__attribute__((weak)) void %s(int cond) { if (!cond) _Exit(0); }\n", name);
    } else {
      fprintf(out,
              "__attribute__((weak)) void %s(void) { fflush(stdout); "
              "fputs(\"bitprove harness: %s() called: unreach-call is violated\\n\", stderr); abort(); }\n",
              name, name);
    }
  }
}

/* The end of the interpreter's run, as interp_report_outcome spells it
 * (without "run: " and the line break); the caller frees it. */
static char *outcome_text(const ir_module *m, const interp_result *r) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return xstrdup("?");
  interp_report_outcome(m, r, f);
  fclose(f);
  char *s = xstrdup(strncmp(buf, "run: ", 5) == 0 ? buf + 5 : buf);
  free(buf);
  s[strcspn(s, "\n")] = 0;
  return s;
}

/* valid-memtrack: where and how the harness has LeakSanitizer look for lost
 * blocks (see harness.h, "valid-memtrack"). */
static void print_memtrack_check(const interp_result *r, FILE *out) {
  bool timer = r->outcome == INTERP_OUT_OF_STEPS || r->outcome == INTERP_OUT_OF_RESOURCES;
  fputs("\n/* valid-memtrack: the roots of LeakSanitizer's reachability are the globals (and\n"
        " * thread-locals), not the stack and not the registers. The interpreter finds a block\n"
        " * lost when no root points to it, and once main has returned its roots are the\n"
        " * globals alone. Natively the frames of exit() and of the leak check lie where main\n"
        " * and its callees ran; their unwritten slots and ASan's redzones keep the stale\n"
        " * pointers of those returned frames (so does ASan's fake stack), and a check that\n"
        " * scans the stack reads them as live: the lost block looks reachable, and the run\n"
        " * exits without a report. Without the stack as a root, every block the interpreter\n"
        " * found lost is reported. Where the run ends otherwise than by a return from main\n"
        " * (exit(), abort(), a trap, the end of the values), the interpreter's roots also\n"
        " * include the live frames, so the report may list blocks that only a live local\n"
        " * points to as well: the lost ones are those allocated at the sites the top comment\n"
        " * lists. */\n"
        "const char *__lsan_default_options(void) { return \"use_stacks=0:use_registers=0\"; }\n",
        out);
  fputs("\n/* LeakSanitizer's check now (weak: a build without -fsanitize=address has none). */\n"
        "int __lsan_do_recoverable_leak_check(void) __attribute__((weak));\n"
        "static int bp_leak_check(void) {\n"
        "  return __lsan_do_recoverable_leak_check ? __lsan_do_recoverable_leak_check() : 0;\n"
        "}\n"
        "\n/* abort() (an assertion, reach_error) and traps end the run without LeakSanitizer's\n"
        " * check at exit: it runs here first. */\n"
        "static void bp_on_signal(int sig) {\n"
        "  bp_leak_check();\n"
        "  signal(sig, SIG_DFL);\n"
        "  raise(sig);\n"
        "}\n",
        out);
  if (timer)
    fprintf(out,
            "\n/* The interpreter's run did not end (%s): the check runs after\n"
            " * %d seconds of the native run, which ends then if it finds a lost block. */\n"
            "static void bp_on_alarm(int sig) {\n"
            "  (void)sig;\n"
            "  if (bp_leak_check()) _Exit(23);\n"
            "}\n",
            r->outcome == INTERP_OUT_OF_STEPS ? "out of steps" : "out of resources", HARNESS_LEAK_ALARM_SECONDS);
  fputs("\n__attribute__((constructor)) static void bp_install_leak_checks(void) {\n"
        "  signal(SIGABRT, bp_on_signal);\n"
        "  signal(SIGILL, bp_on_signal);\n",
        out);
  if (timer) fprintf(out, "  signal(SIGALRM, bp_on_alarm);\n  alarm(%d);\n", HARNESS_LEAK_ALARM_SECONDS);
  fputs("}\n", out);
}

/* --function: what only unreached code of the program uses and no library
 * of this process defines (a platform's functions: the C library's are left
 * to it, which dlsym tells) gets a definition, so that the program links;
 * the replayed run never calls or reads it. */
static void print_unreached(const ir_module *m, FILE *out) {
  bool first = true;
  for (size_t i = 0; i < m->unreached_decls.len + m->unreached_data.len; i++) {
    bool fn = i < m->unreached_decls.len;
    const char *name = fn ? m->unreached_decls.data[i] : m->unreached_data.data[i - m->unreached_decls.len];
    if (dlsym(RTLD_DEFAULT, name) || strncmp(name, "__VERIFIER_", 11) == 0 || strcmp(name, "reach_error") == 0)
      continue;
    if (first)
      fputs("\n/* Declared by the program, used only where the checked run never goes (the program's\n"
            " * own main): defined here for the link alone. */\n",
            out);
    first = false;
    if (fn)
      fprintf(out, "void %s(void) { fputs(\"bitprove harness: %s() is outside the replayed run\\n\", stderr); abort(); }\n",
              name, name);
    else
      fprintf(out, "unsigned char %s[%u];\n", name, (unsigned)IR_EXTERN_UNSIZED_BYTES);
  }
}

char *harness_command(const ir_module *m, const char *program, const char *harness_path) {
  return xasprintf("clang -fsanitize=address,undefined -g%s %s %s && ./a.out", m->ptr_bits == 32 ? " -m32" : "",
                   program, harness_path);
}

void harness_print_c(const ir_module *m, const interp_nondet_vec *cex, prop_check violated, const char *program,
                     const char *harness_path, FILE *out) {
  size_t nvalues = 0, nlost = 0, nnondet = missing_nondet(m);
  bool *called = extern_called_funcs(m);
  for (size_t i = 0; i < cex->len; i++) {
    if (harness_replayable(m, &cex->data[i])) nvalues++;
    else nlost++;
  }
  for (size_t i = 0; i < m->funcs.len; i++) { /* the functions that read the sequence */
    const ir_func *f = &m->funcs.data[i];
    if (declared_only(f) && f->builtin == IR_BUILTIN_NONDET &&
        harness_nondet_type(f->name, f->ret, m->ptr_bits).kind != HARNESS_VOID)
      nnondet++;
    else if (f->ret.kind != IR_TY_VOID && called[i])
      nnondet++;
  }
  bool ilp32 = m->ptr_bits == 32;
  bool cleanup = violated == PROP_VALID_MEMCLEANUP;
  bool memtrack = violated == PROP_VALID_MEMTRACK;
  bool unreach = violated == PROP_UNREACH_CALL;

  /* the interpreter's replay of cex: the external globals' contents, and
   * for valid-memtrack where its run ended and which blocks it lost */
  bool externals = false;
  for (size_t i = 0; i < m->globals.len && !externals; i++) externals = m->globals.data[i].external;
  interp_result r;
  memset(&r, 0, sizeof r);
  bool ran = externals || memtrack;
  if (ran) {
    uint64_t *vals = xcalloc(cex->len + 1, sizeof *vals);
    for (size_t i = 0; i < cex->len; i++) vals[i] = cex->data[i].value;
    interp_options io;
    interp_options_replay(&io, vals, cex->len);
    io.keep_externals = externals;
    interp_run(m, &io, &r);
    free(vals);
  }
  bool end_check = memtrack && r.outcome == INTERP_OUT_OF_NONDET;
  bool timer = memtrack && (r.outcome == INTERP_OUT_OF_STEPS || r.outcome == INTERP_OUT_OF_RESOURCES);

  fputs("/* Test harness written by bitprove ", out);
  put_comment_text(out, BITPROVE_VERSION);
  fprintf(out, ": native replay of the counterexample of\n * FALSE(%s) for ", prop_check_name(violated));
  put_comment_text(out, program);
  fprintf(out, " (%s).\n * Compile it with the program and run:\n *\n", ilp32 ? "ILP32" : "LP64");
  char *command = harness_command(m, program, harness_path);
  fputs(" *   ", out);
  put_comment_text(out, command);
  fputs("\n *\n", out);
  free(command);
  if (ilp32)
    fputs(" * (-m32 needs the i386 libraries: on Debian 12 libc6-dev-i386, lib32gcc-12-dev and\n"
          " * libclang-rt-14-dev, whose i386 ASan, UBSan and LeakSanitizer runtimes serve.)\n *\n",
          out);
  fputs(" * It defines what the program declares without defining: each __VERIFIER_nondet_*\n"
        " * function returns the next value of one shared sequence (the values the\n"
        " * interpreter consumed, in call order, with their widths), converted to its\n"
        " * return type; past the end it notes that once on stderr and returns 0.\n"
        " * reach_error() and __VERIFIER_error() print a message and abort();\n"
        " * __VERIFIER_assume(c) ends the run quietly when c is false. It also sets the\n"
        " * options of the sanitizers' runtimes (below).\n",
        out);
  if (memtrack) {
    char *end = outcome_text(m, &r);
    fputs(" *\n * valid-memtrack: the interpreter's run ends with \"", out);
    put_comment_text(out, end);
    fprintf(out, "\" and finds %zu block(s) lost", r.n_memtrack);
    free(end);
    size_t shown = 0;
    char loc[512];
    for (size_t i = 0; i < r.leaks.len; i++) {
      const interp_leak *l = &r.leaks.data[i];
      bool again = false; /* one line per allocation site */
      for (size_t k = 0; k < i && !again; k++)
        again = !r.leaks.data[k].reachable && r.leaks.data[k].loc.file == l->loc.file &&
                r.leaks.data[k].loc.line == l->loc.line && r.leaks.data[k].loc.col == l->loc.col;
      if (l->reachable || again) continue;
      fputs(shown++ ? "\n *   " : ", allocated at\n *   ", out);
      put_comment_text(out, ir_loc_format(m, l->loc, loc, sizeof loc));
    }
    fputs(".\n * LeakSanitizer looks for lost blocks with the globals as its roots, at exit and\n"
          " * where the run ends by abort() or a trap", out);
    if (end_check) fputs(", and where the values run out (where the\n * interpreter's run ended)", out);
    if (timer) fprintf(out, ", and after %d seconds", HARNESS_LEAK_ALARM_SECONDS);
    fputs(" (see __lsan_default_options below).\n", out);
  }
  if (nlost) {
    fprintf(out, " *\n * %zu value(s) of the interpreter's run cannot be given to a native run (the\n"
                 " * native run may take another path there):\n",
            nlost);
    for (size_t i = 0; i < cex->len; i++) {
      if (harness_replayable(m, &cex->data[i])) continue;
      fputs(" *   ", out);
      comment_value(m, &cex->data[i], out);
      fputc('\n', out);
    }
  }
  fputs(" */\n", out);
  if (timer) fputs("#define _POSIX_C_SOURCE 200809L /* alarm() */\n", out);
  if (m->entry_renamed_main)
    fputs("#undef main /* the program's main is renamed by -Dmain=... in the command above */\n", out);
  fputs("#include <stdint.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <stddef.h>\n", out);
  if (m->entry_c) fputs("#include <string.h>\n", out);
  if (memtrack) fputs("#include <signal.h>\n", out);
  if (timer) fputs("#include <unistd.h>\n", out);

  fputs("\n/* What this file defines. */\n", out);
  for (size_t i = 0; i < m->funcs.len; i++)
    if (declared_only(&m->funcs.data[i])) print_definition(m, &m->funcs.data[i], called[i], true, out);
  fputs("const char *__asan_default_options(void);\n", out);
  if (cleanup || memtrack) fputs("const char *__lsan_default_options(void);\n", out);
  if (cleanup) fputs("const char *__lsan_default_suppressions(void);\n", out);

  fputs("\n/* Options of the sanitizers' runtimes, read by a build with -fsanitize=address\n"
        " * (unused otherwise; ASAN_OPTIONS and LSAN_OPTIONS in the environment come on\n"
        " * top): the leak check at exit, and use after return of a stack frame", out);
  if (unreach)
    fputs(";\n * an abort() is reported with its stack, which shows a reach_error() of the\n"
          " * program's own that aborts without a word", out);
  fprintf(out, ". */\nconst char *__asan_default_options(void) { return \"detect_leaks=1:detect_stack_use_after_return=1%s\"; }\n",
          unreach ? ":handle_abort=1" : "");
  if (cleanup)
    fputs("\n/* valid-memcleanup: every block not freed at exit is a leak, reachable or not,\n"
          " * so LeakSanitizer runs without its roots (globals, stacks, registers, TLS);\n"
          " * the buffers stdio allocates for itself are not the program's. */\n"
          "const char *__lsan_default_options(void) { return \"use_globals=0:use_stacks=0:use_registers=0:use_tls=0\"; }\n"
          "const char *__lsan_default_suppressions(void) { return \"leak:_IO_file_doallocate\\n\"; }\n",
          out);
  if (memtrack) print_memtrack_check(&r, out);

  if (nnondet) {
    fprintf(out, "\n/* %zu value(s): the bits the interpreter consumed (masked to width) and the width. */\n",
            nvalues);
    fputs("static const struct bp_value {\n  unsigned long long bits;\n  unsigned width;\n} bp_values[] = {\n", out);
    size_t k = 0;
    for (size_t i = 0; i < cex->len; i++) {
      const interp_nondet *nd = &cex->data[i];
      if (!harness_replayable(m, nd)) continue;
      fprintf(out, "    {0x%" PRIx64 "ull, %u}, /* %zu: ", nd->value, nd->bits, ++k);
      comment_value(m, nd, out);
      fputs(" */\n", out);
    }
    if (!nvalues) fputs("    {0, 0} /* no values: a placeholder */\n", out);
    fprintf(out, "};\nstatic const unsigned long bp_count = %zu;\nstatic unsigned long bp_pos;\n", nvalues);
    fputs("\n/* The next value of the sequence, sign-extended from its width when asked. */\n"
          "static unsigned long long bp_next(const char *fn, int sign_extend) {\n"
          "  static int noted;\n"
          "  if (bp_pos >= bp_count) {\n",
          out);
    if (end_check)
      fputs("    /* valid-memtrack: the interpreter's run ended here, asking for one more value */\n"
            "    if (!noted && bp_leak_check()) {\n"
            "      fflush(NULL);\n"
            "      _Exit(23);\n"
            "    }\n",
            out);
    fputs("    if (!noted)\n"
          "      fprintf(stderr, \"bitprove harness: %s() asks for value %lu, the counterexample has only %lu: \"\n"
          "                      \"0 from now on\\n\", fn, bp_count + 1, bp_count);\n"
          "    noted = 1;\n"
          "    return 0;\n"
          "  }\n"
          "  const struct bp_value *v = &bp_values[bp_pos++];\n"
          "  unsigned long long x = v->bits;\n"
          "  if (sign_extend && v->width > 0 && v->width < 64 && ((x >> (v->width - 1)) & 1))\n"
          "    x |= ~0ull << v->width;\n"
          "  return x;\n"
          "}\n",
          out);
  }

  for (size_t i = 0; i < m->funcs.len; i++)
    if (declared_only(&m->funcs.data[i])) {
      fputc('\n', out);
      print_definition(m, &m->funcs.data[i], called[i], false, out);
    }
  if (externals) print_externals(m, &r, out);
  print_fallbacks(m, out);
  print_unreached(m, out);
  if (m->entry_c) {
    fputc('\n', out);
    fputs(m->entry_c, out);
  }
  if (ran) interp_result_free(&r);
  free(called);
}

void harness_print_testcase(const ir_module *m, const interp_nondet_vec *cex, FILE *out) {
  fputs("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
        "<!DOCTYPE testcase PUBLIC \"+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN\" "
        "\"https://sosy-lab.org/test-format/testcase-1.1.dtd\">\n"
        "<testcase>\n",
        out);
  for (size_t i = 0; i < cex->len; i++) {
    const interp_nondet *nd = &cex->data[i];
    if (!harness_replayable(m, nd)) continue;
    const ir_func *f = &m->funcs.data[nd->func];
    harness_type t = harness_nondet_type(f->name, f->ret, m->ptr_bits);
    char val[64];
    fprintf(out, "  <input type=\"%s\">%s</input>\n", t.c_type, harness_format_value(t, nd->value, nd->bits, val, sizeof val));
  }
  fputs("</testcase>\n", out);
}

/* Opens path, lets print write it, closes it; false with the reason in err. */
static bool write_file(const char *what, const char *path, char *err, size_t errlen,
                       void (*print)(void *ctx, FILE *out), void *ctx) {
  FILE *f = fopen(path, "w");
  if (!f) {
    snprintf(err, errlen, "%s: cannot write %s: %s", what, path, strerror(errno));
    return false;
  }
  print(ctx, f);
  bool ok = !ferror(f);
  int saved = errno;
  if (fclose(f) != 0) {
    ok = false;
    saved = errno;
  }
  if (!ok) snprintf(err, errlen, "%s: cannot write %s: %s", what, path, strerror(saved));
  return ok;
}

typedef struct {
  const ir_module *m;
  const interp_nondet_vec *cex;
  prop_check violated;
  const char *program, *path;
} print_ctx;

static void print_c(void *ctx, FILE *out) {
  const print_ctx *c = ctx;
  harness_print_c(c->m, c->cex, c->violated, c->program, c->path, out);
}

static void print_testcase(void *ctx, FILE *out) {
  const print_ctx *c = ctx;
  harness_print_testcase(c->m, c->cex, out);
}

bool harness_write_c(const ir_module *m, const interp_nondet_vec *cex, prop_check violated, const char *program,
                     const char *path, char *err, size_t errlen) {
  print_ctx c = {m, cex, violated, program, path};
  return write_file("--harness", path, err, errlen, print_c, &c);
}

bool harness_write_testcase(const ir_module *m, const interp_nondet_vec *cex, const char *path, char *err,
                            size_t errlen) {
  print_ctx c = {m, cex, PROP_CHECK_COUNT, NULL, path};
  return write_file("--testcase", path, err, errlen, print_testcase, &c);
}
