/* frontend: fe_load() ties the front end together (contract in frontend.h).
 *
 *   .c  -> clang with the SV-COMP prelude and -fno-builtin (variants without
 *          them if that fails)
 *   .i  -> clang without prelude, -fno-builtin (without it if that fails)
 *   .ll -> LLVMParseIRInContext, .bc -> LLVMParseBitcodeInContext2
 *   then: LLVM verifier, passes.c, lower*.c, ir_verify().
 *
 * A diagnostic handler is installed on the LLVM context: without one, LLVM
 * calls exit() on the first error diagnostic (e.g. malformed bitcode).
 * Temporary files live in one mkdtemp() directory that is removed at the end
 * unless keep_temps is set.
 */
#define _POSIX_C_SOURCE 200809L
#include "fe_internal.h"

#include <assert.h>
#include <errno.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void fe_options_default(fe_options *o) {
  memset(o, 0, sizeof *o);
  o->ptr_bits = 64;
  o->timeout = 0;
  o->keep_temps = false;
  o->clang = NULL;
  o->undefined = FE_UNDEFINED_UNSUPPORTED;
  o->assert_is_error = false;
  o->entry.name = NULL;
  o->entry.object_size = FE_DEFAULT_OBJECT_SIZE;
  o->entry.args_may_be_null = false;
  o->entry.char_args = FE_CHAR_ARGS_STRING;
  o->entry.nbuffer_args = 0;
}

typedef struct {
  char *first_error;
} diag_state;

static void on_diagnostic(LLVMDiagnosticInfoRef di, void *ctx) {
  diag_state *d = ctx;
  if (LLVMGetDiagInfoSeverity(di) != LLVMDSError || d->first_error) return;
  char *msg = LLVMGetDiagInfoDescription(di);
  d->first_error = xstrdup(msg ? msg : "error");
  LLVMDisposeMessage(msg);
}

/* The first line of a (possibly multi-line) message, as a heap string. */
static char *first_line(const char *s) {
  if (!s) return xstrdup("");
  while (*s == '\n' || *s == ' ') s++;
  size_t n = strcspn(s, "\n");
  return xstrndup(s, n);
}

static void set_default_layout(LLVMModuleRef mod, unsigned ptr_bits) {
  const char *dl = LLVMGetDataLayoutStr(mod);
  if (dl && *dl) return;
  /* Hand-written IR without a layout: the x86 one of the chosen data model. */
  if (ptr_bits == 32) {
    LLVMSetDataLayout(mod, "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-f64:32:64-f80:32-n8:16:32-S128");
  } else {
    LLVMSetDataLayout(mod, "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128");
  }
}

static LLVMModuleRef load_module(LLVMContextRef ctx, const char *file, bool bitcode, diag_state *d, char **err) {
  LLVMMemoryBufferRef buf = NULL;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(file, &buf, &msg)) {
    *err = xasprintf("cannot read %s: %s", file, msg ? msg : "error");
    LLVMDisposeMessage(msg);
    return NULL;
  }
  LLVMModuleRef mod = NULL;
  if (bitcode) {
    bool failed = LLVMParseBitcodeInContext2(ctx, buf, &mod);
    LLVMDisposeMemoryBuffer(buf);
    if (failed || !mod) {
      char *line = first_line(d->first_error ? d->first_error : "malformed bitcode");
      *err = xasprintf("cannot load %s: %s", file, line);
      free(line);
      return NULL;
    }
  } else {
    /* takes ownership of buf */
    if (LLVMParseIRInContext(ctx, buf, &mod, &msg) || !mod) {
      char *line = first_line(msg ? msg : d->first_error ? d->first_error : "malformed IR");
      *err = xasprintf("cannot load %s: %s", file, line);
      free(line);
      LLVMDisposeMessage(msg);
      return NULL;
    }
  }
  return mod;
}

static void remove_tmpdir(const char *dir, size_t ninputs) {
  char *p = xasprintf("%s/prelude.h", dir);
  unlink(p);
  free(p);
  for (size_t i = 0; i < ninputs; i++) {
    p = xasprintf("%s/out%zu.bc", dir, i);
    unlink(p);
    free(p);
  }
  rmdir(dir);
}

/* Checks that an input exists and has a known kind; NULL or the reason. */
static char *check_input(const char *path) {
  if (!path) return xstrdup("no input file");
  struct stat st;
  if (stat(path, &st) != 0) return xasprintf("cannot read %s: %s", path, strerror(errno));
  if (!S_ISREG(st.st_mode) || access(path, R_OK) != 0)
    return xasprintf("cannot read %s: %s", path, S_ISREG(st.st_mode) ? strerror(errno) : "not a regular file");
  if (!util_ends_with(path, ".c") && !util_ends_with(path, ".i") && !util_ends_with(path, ".ll") &&
      !util_ends_with(path, ".bc"))
    return xasprintf("unknown input file extension: %s (expected .c, .i, .ll or .bc)", path);
  return NULL;
}

/* Compiles one C input into `bc`. Preferred: prelude (for .c) and
 * -fno-builtin. A program may declare an SV-COMP function incompatibly with
 * the prelude, or rely on the implicit declaration of a library function
 * (memcpy used before its declaration) that only exists with builtins: then
 * the next variant is tried. The error reported is that of the plain
 * compilation. */
static const struct {
  bool prelude, no_builtin;
} variants[] = {{true, true}, {true, false}, {false, true}, {false, false}};

/* Sets *variant to the index in variants[] that compiled. */
static bool compile_c(const fe_input *in, const fe_options *opt, const char *tmpdir, const char *bc, char **err,
                      size_t *variant) {
  bool is_c = util_ends_with(in->path, ".c");
  bool ok = false;
  for (size_t v = 0; v < sizeof variants / sizeof variants[0] && !ok; v++) {
    if (variants[v].prelude && !is_c) continue;
    if (*err) {
      if (strncmp(*err, "compilation failed", 18) != 0) break; /* timeout, no compiler */
      free(*err);
      *err = NULL;
    }
    ok = fe_compile(in, opt, variants[v].prelude, variants[v].no_builtin, tmpdir, bc, err);
    if (ok) *variant = v;
  }
  return ok;
}

/* fe_options.shift_signs for one loaded C input: the same compilation with
 * -fsanitize=shift-base, loaded beside it to mark its shl. Any failure
 * leaves the shl unmarked (the engines' cautious reading). */
static void mark_shift_signs(LLVMModuleRef one, const fe_input *in, const fe_options *opt, size_t variant,
                             const char *tmpdir, size_t idx, LLVMContextRef ctx, diag_state *d) {
  if (!fe_module_has_shl(one)) return;
  const char **flags = xcalloc(in->nflags + 1, sizeof *flags);
  for (size_t i = 0; i < in->nflags; i++) flags[i] = in->flags[i];
  flags[in->nflags] = "-fsanitize=shift-base";
  fe_input san = *in;
  san.flags = flags;
  san.nflags = in->nflags + 1;
  char *bc = xasprintf("%s/out%zu-shift.bc", tmpdir, idx), *err = NULL;
  if (fe_compile(&san, opt, variants[variant].prelude, variants[variant].no_builtin, tmpdir, bc, &err)) {
    LLVMModuleRef s = load_module(ctx, bc, true, d, &err);
    if (s) {
      fe_mark_shift_signs(one, s, ctx);
      LLVMDisposeModule(s);
    }
  }
  free(err);
  unlink(bc);
  free(bc);
  free(flags);
}

/* Links src into dest (src is consumed); false with the reason. */
static bool link_into(LLVMModuleRef dest, LLVMModuleRef src, const char *src_name, diag_state *d, char **err) {
  free(d->first_error);
  d->first_error = NULL;
  if (!LLVMLinkModules2(dest, src)) return true;
  char *line = first_line(d->first_error ? d->first_error : "link error");
  *err = xasprintf("cannot link %s: %s", src_name, line);
  free(line);
  return false;
}

ir_module *fe_load(const char *path, const fe_options *opt, char **err) {
  fe_input in = {path, NULL, 0, NULL};
  return fe_load_inputs(&in, 1, opt, err);
}

ir_module *fe_load_inputs(const fe_input *inputs, size_t n, const fe_options *opt_in, char **err) {
  char *dummy = NULL;
  if (!err) err = &dummy;
  *err = NULL;
  fe_options opt;
  if (opt_in) opt = *opt_in;
  else fe_options_default(&opt);
  if (opt.ptr_bits != 32) opt.ptr_bits = 64;

  if (n == 0) {
    *err = xstrdup("no input file");
    return NULL;
  }
  bool any_c = false;
  for (size_t i = 0; i < n; i++) {
    if ((*err = check_input(inputs[i].path))) return NULL;
    any_c |= util_ends_with(inputs[i].path, ".c") || util_ends_with(inputs[i].path, ".i");
  }

  char *tmpdir = NULL;
  char **irfiles = xcalloc(n, sizeof *irfiles);
  size_t *variant = xcalloc(n, sizeof *variant);
  bool ok = true;
  if (any_c) {
    const char *base = getenv("TMPDIR");
    tmpdir = xasprintf("%s/bitprove-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmpdir)) {
      *err = xasprintf("cannot create a temporary directory: %s", strerror(errno));
      free(tmpdir);
      free(irfiles);
      return NULL;
    }
  }
  for (size_t i = 0; i < n && ok; i++) {
    const char *path = inputs[i].path;
    if (util_ends_with(path, ".c") || util_ends_with(path, ".i")) {
      irfiles[i] = xasprintf("%s/out%zu.bc", tmpdir, i);
      ok = compile_c(&inputs[i], &opt, tmpdir, irfiles[i], err, &variant[i]);
    } else {
      irfiles[i] = xstrdup(path);
    }
  }
  ir_module *m = NULL;
  diag_state d = {NULL};
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMContextSetDiagnosticHandler(ctx, on_diagnostic, &d);
  LLVMModuleRef mod = NULL;
  for (size_t i = 0; i < n && ok; i++) {
    const char *path = inputs[i].path;
    LLVMModuleRef one = load_module(ctx, irfiles[i], !util_ends_with(path, ".ll"), &d, err);
    if (!one) {
      ok = false;
      break;
    }
    char *msg = NULL;
    if (LLVMVerifyModule(one, LLVMReturnStatusAction, &msg)) {
      char *line = first_line(msg);
      *err = xasprintf("invalid LLVM IR in %s: %s", path, line);
      free(line);
      ok = false;
      LLVMDisposeModule(one);
    } else {
      set_default_layout(one, opt.ptr_bits);
      if (opt.shift_signs && tmpdir && (util_ends_with(path, ".c") || util_ends_with(path, ".i")))
        mark_shift_signs(one, &inputs[i], &opt, variant[i], tmpdir, i, ctx, &d);
      if (!mod) mod = one;
      else ok = link_into(mod, one, path, &d, err);
    }
    LLVMDisposeMessage(msg);
  }
  if (ok && mod) {
    const char **sources = xcalloc(n, sizeof *sources);
    for (size_t i = 0; i < n; i++) sources[i] = inputs[i].path;
    fe_entry_text entry = {0};
    if (fe_build_entry(mod, &opt, &entry, err) && fe_run_passes(mod, err))
      m = fe_lower_module(mod, ctx, sources, n, &opt, err);
    if (m && entry.model) {
      m->entry_function = arena_strdup(&m->mem, opt.entry.name);
      m->entry_model = arena_strdup(&m->mem, entry.model);
      m->entry_c = arena_strdup(&m->mem, entry.c_main);
      m->entry_renamed_main = entry.renamed_main;
    }
    free(entry.c_main);
    free(entry.model);
    free(sources);
  }
  if (mod) LLVMDisposeModule(mod);
  LLVMContextDispose(ctx);
  free(d.first_error);

  if (m) {
    char verr[512];
    if (!ir_verify(m, verr, sizeof verr)) {
      *err = xasprintf("internal error: lowered IR fails verification: %s", verr);
      ir_module_free(m);
      m = NULL;
    }
  }
  assert(m ? !*err : *err != NULL); /* frontend.h: a module, or NULL with the reason */
  if (tmpdir && !opt.keep_temps) remove_tmpdir(tmpdir, n);
  else if (tmpdir) util_warning("kept temporary files in %s", tmpdir);
  free(tmpdir);
  for (size_t i = 0; i < n; i++) free(irfiles[i]);
  free(irfiles);
  free(variant);
  if (err == &dummy) free(dummy);
  return m;
}
