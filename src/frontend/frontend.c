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

static void remove_tmpdir(const char *dir) {
  static const char *const names[] = {"prelude.h", "out.bc"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    char *p = xasprintf("%s/%s", dir, names[i]);
    unlink(p);
    free(p);
  }
  rmdir(dir);
}

ir_module *fe_load(const char *path, const fe_options *opt_in, char **err) {
  char *dummy = NULL;
  if (!err) err = &dummy;
  *err = NULL;
  fe_options opt;
  if (opt_in) opt = *opt_in;
  else fe_options_default(&opt);
  if (opt.ptr_bits != 32) opt.ptr_bits = 64;

  if (!path) {
    *err = xstrdup("no input file");
    return NULL;
  }
  struct stat st;
  if (stat(path, &st) != 0) {
    *err = xasprintf("cannot read %s: %s", path, strerror(errno));
    return NULL;
  }
  if (!S_ISREG(st.st_mode) || access(path, R_OK) != 0) {
    *err = xasprintf("cannot read %s: %s", path, S_ISREG(st.st_mode) ? strerror(errno) : "not a regular file");
    return NULL;
  }
  bool is_c = util_ends_with(path, ".c"), is_i = util_ends_with(path, ".i");
  bool is_ll = util_ends_with(path, ".ll"), is_bc = util_ends_with(path, ".bc");
  if (!is_c && !is_i && !is_ll && !is_bc) {
    *err = xasprintf("unknown input file extension: %s (expected .c, .i, .ll or .bc)", path);
    return NULL;
  }

  char *tmpdir = NULL, *bc = NULL;
  const char *irfile = path;
  if (is_c || is_i) {
    const char *base = getenv("TMPDIR");
    tmpdir = xasprintf("%s/bitprove-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmpdir)) {
      *err = xasprintf("cannot create a temporary directory: %s", strerror(errno));
      free(tmpdir);
      return NULL;
    }
    bc = xasprintf("%s/out.bc", tmpdir);
    /* Preferred: prelude (for .c) and -fno-builtin. A program may declare
     * an SV-COMP function incompatibly with the prelude, or rely on the
     * implicit declaration of a library function (memcpy used before its
     * declaration) that only exists with builtins: then the next variant is
     * tried. The error reported is that of the plain compilation. */
    static const struct {
      bool prelude, no_builtin;
    } variants[] = {{true, true}, {true, false}, {false, true}, {false, false}};
    bool ok = false;
    for (size_t v = 0; v < sizeof variants / sizeof variants[0] && !ok; v++) {
      if (variants[v].prelude && !is_c) continue;
      if (*err) {
        if (strncmp(*err, "compilation failed", 18) != 0) break; /* timeout, no compiler */
        free(*err);
        *err = NULL;
      }
      ok = fe_compile(path, &opt, variants[v].prelude, variants[v].no_builtin, tmpdir, bc, err);
    }
    if (!ok) {
      if (!opt.keep_temps) remove_tmpdir(tmpdir);
      free(tmpdir);
      free(bc);
      return NULL;
    }
    irfile = bc;
  }

  ir_module *m = NULL;
  diag_state d = {NULL};
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMContextSetDiagnosticHandler(ctx, on_diagnostic, &d);
  LLVMModuleRef mod = load_module(ctx, irfile, is_bc || is_c || is_i, &d, err);
  if (mod) {
    char *msg = NULL;
    if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg)) {
      char *line = first_line(msg);
      *err = xasprintf("invalid LLVM IR in %s: %s", path, line);
      free(line);
    } else {
      set_default_layout(mod, opt.ptr_bits);
      if (fe_run_passes(mod, err)) m = fe_lower_module(mod, ctx, path, err);
    }
    LLVMDisposeMessage(msg);
    LLVMDisposeModule(mod);
  }
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
  if (tmpdir && !opt.keep_temps) remove_tmpdir(tmpdir);
  else if (tmpdir) util_warning("kept temporary files in %s", tmpdir);
  free(tmpdir);
  free(bc);
  if (err == &dummy) free(dummy);
  return m;
}
