/* clang: compiles C (.c, .i) into LLVM bitcode with clang-14.
 *
 * Contract:
 *  - fe_compile() runs the compiler with fork/exec (no shell, so file names
 *    are never interpreted), -O0 -Xclang -disable-O0-optnone -g
 *    -fno-discard-value-names -w -fgnu89-inline, -m32 for ILP32, optionally
 *    -fno-builtin, and optionally the SV-COMP prelude force-included
 *    (-include), then the input's own flags (-I, -D, ...), in the input's
 *    directory when it names one; fe_load() decides which variants to try.
 *  - The child gets its own process group; when opt->timeout (> 0) expires
 *    the group is killed and the compilation fails with "compilation timed
 *    out".
 *  - clang's stderr is captured; the first line containing "error:" becomes
 *    the one-line error ("compilation failed: foo.c:3:1: error: ...").
 */
#define _POSIX_C_SOURCE 200809L
#include "fe_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* Declarations of the SV-COMP functions. Declaring them makes implicitly
 * declared calls (int f()) get the right return width; a benchmark that
 * declares one incompatibly is compiled again without the prelude. */
static const char prelude[] =
    "/* bitprove SV-COMP prelude */\n"
    "_Bool __VERIFIER_nondet_bool(void);\n"
    "char __VERIFIER_nondet_char(void);\n"
    "unsigned char __VERIFIER_nondet_uchar(void);\n"
    "short __VERIFIER_nondet_short(void);\n"
    "unsigned short __VERIFIER_nondet_ushort(void);\n"
    "int __VERIFIER_nondet_int(void);\n"
    "unsigned int __VERIFIER_nondet_uint(void);\n"
    "unsigned int __VERIFIER_nondet_unsigned(void);\n"
    "long __VERIFIER_nondet_long(void);\n"
    "unsigned long __VERIFIER_nondet_ulong(void);\n"
    "long long __VERIFIER_nondet_longlong(void);\n"
    "unsigned long long __VERIFIER_nondet_ulonglong(void);\n"
    "void *__VERIFIER_nondet_pointer(void);\n"
    "char *__VERIFIER_nondet_pchar(void);\n"
    "char *__VERIFIER_nondet_charp(void);\n"
    "__SIZE_TYPE__ __VERIFIER_nondet_size_t(void);\n"
    "long long __VERIFIER_nondet_loff_t(void);\n"
    "unsigned int __VERIFIER_nondet_u32(void);\n"
    "unsigned short __VERIFIER_nondet_u16(void);\n"
    "unsigned char __VERIFIER_nondet_u8(void);\n"
    "float __VERIFIER_nondet_float(void);\n"
    "double __VERIFIER_nondet_double(void);\n"
    "void __VERIFIER_assume(int);\n"
    "void __VERIFIER_error(void) __attribute__((__noreturn__));\n"
    "void reach_error(void);\n"
    "void __assert_fail(const char *, const char *, unsigned int, const char *)"
    " __attribute__((__noreturn__));\n"
    "void abort(void) __attribute__((__noreturn__));\n"
    "void exit(int) __attribute__((__noreturn__));\n";

const char *fe_prelude_text(void) { return prelude; }

static bool write_text_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  if (!f) return false;
  size_t n = strlen(text);
  bool ok = fwrite(text, 1, n, f) == n;
  ok &= fclose(f) == 0;
  return ok;
}

/* The first line of clang's stderr that reports an error, trimmed. */
static char *first_error_line(const char *text) {
  const char *p = text;
  while (p && *p) {
    const char *eol = strchr(p, '\n');
    size_t n = eol ? (size_t)(eol - p) : strlen(p);
    char *line = xstrndup(p, n);
    if (strstr(line, "error:")) {
      while (n && (line[n - 1] == '\r' || line[n - 1] == ' ')) line[--n] = 0;
      return line;
    }
    free(line);
    p = eol ? eol + 1 : NULL;
  }
  return NULL;
}

bool fe_compile(const fe_input *in, const fe_options *opt, bool with_prelude, bool no_builtin, const char *tmpdir,
                const char *out_bc, char **err) {
  const char *path = in->path;
  const char *clang = opt->clang ? opt->clang : BITPROVE_CLANG;
  char *prelude_path = NULL;
  if (with_prelude) {
    prelude_path = xasprintf("%s/prelude.h", tmpdir);
    if (!write_text_file(prelude_path, prelude)) {
      *err = xasprintf("cannot write the prelude to %s: %s", prelude_path, strerror(errno));
      free(prelude_path);
      return false;
    }
  }
  const char **argv = xcalloc(32 + in->nflags, sizeof *argv);
  int argc = 0;
  argv[argc++] = clang;
  argv[argc++] = "-c";
  argv[argc++] = "-emit-llvm";
  argv[argc++] = "-O0";
  argv[argc++] = "-Xclang";
  argv[argc++] = "-disable-O0-optnone";
  argv[argc++] = "-g";
  argv[argc++] = "-fno-discard-value-names";
  argv[argc++] = "-w";
  /* C99 inline functions without an external definition would otherwise
   * become calls to undefined functions at -O0. */
  argv[argc++] = "-fgnu89-inline";
  /* Library calls stay calls: clang must not fold strlen("ab") or turn
   * printf into puts, and a program's own strlen is what gets verified. */
  if (no_builtin) argv[argc++] = "-fno-builtin";
  if (opt->ptr_bits == 32) argv[argc++] = "-m32";
  if (prelude_path) {
    argv[argc++] = "-include";
    argv[argc++] = prelude_path;
  }
  /* the project's flags (-I, -D, -std=, ...) after ours: a -std= or -U of
   * the user's wins */
  for (size_t i = 0; i < in->nflags; i++) argv[argc++] = in->flags[i];
  argv[argc++] = "-o";
  argv[argc++] = out_bc;
  argv[argc++] = "--";
  argv[argc++] = path;
  argv[argc] = NULL;

  int pipefd[2];
  if (pipe(pipefd) != 0) {
    *err = xasprintf("cannot run the compiler: pipe: %s", strerror(errno));
    free(prelude_path);
    free(argv);
    return false;
  }
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    *err = xasprintf("cannot run the compiler: fork: %s", strerror(errno));
    close(pipefd[0]);
    close(pipefd[1]);
    free(prelude_path);
    free(argv);
    return false;
  }
  if (pid == 0) {
    /* Child: own process group (so a timeout kills everything clang starts),
     * stdin/stdout from/to /dev/null, stderr into the pipe. */
    setpgid(0, 0);
    int devnull = open("/dev/null", O_RDWR);
    if (devnull >= 0) {
      dup2(devnull, 0);
      dup2(devnull, 1);
    }
    dup2(pipefd[1], 2);
    close(pipefd[0]);
    close(pipefd[1]);
    if (in->directory && chdir(in->directory) != 0) {
      dprintf(2, "error: cannot enter directory '%s': %s\n", in->directory, strerror(errno));
      _exit(127);
    }
    execv(clang, (char *const *)argv);
    dprintf(2, "error: cannot execute '%s': %s\n", clang, strerror(errno));
    _exit(127);
  }
  setpgid(pid, pid); /* also from the parent: no race with kill() below */
  close(pipefd[1]);

  strbuf errtext = {0};
  /* clang's stderr (at most 1 MiB kept) until it exits or the deadline passes */
  bool timed_out = !util_read_until(pipefd[0], opt->timeout > 0 ? util_now() + opt->timeout : 0, 1u << 20, &errtext);
  close(pipefd[0]);
  int status = 0;
  if (timed_out) {
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
  }
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  free(prelude_path);
  free(argv);

  bool ok = false;
  if (timed_out) {
    *err = xasprintf("compilation timed out after %g s", opt->timeout);
  } else if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    ok = true;
  } else {
    char *line = errtext.data ? first_error_line(errtext.data) : NULL;
    if (line) {
      *err = xasprintf("compilation failed: %s", line);
      free(line);
    } else if (WIFSIGNALED(status)) {
      *err = xasprintf("compilation failed: %s killed by signal %d", clang, WTERMSIG(status));
    } else {
      *err = xasprintf("compilation failed: %s exited with status %d", clang, WEXITSTATUS(status));
    }
  }
  strbuf_free(&errtext);
  return ok;
}
