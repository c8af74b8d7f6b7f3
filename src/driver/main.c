/* bitprove's command line.
 *
 *   bitprove [options] FILE              check FILE against --prop
 *   bitprove task [options] TASK.yml     check an SV-COMP task
 *   bitprove run [options] FILE          run FILE in the concrete interpreter
 *   bitprove its [options] FILE          termination of an integer transition system
 *   bitprove termcomp [options] FILE.c   termination of a C program, termCOMP style
 *
 * Exit status: 0 for every verdict (including UNKNOWN for bad input), 2 for
 * usage errors, 1 when --dump-ir / --frontend-only cannot load the file;
 * with --fail-on-violation, 10 when any verdict is FALSE (CI). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../frontend/frontend.h"
#include "../ir/ir.h"
#include "../util/progress.h"
#include "../util/util.h"
#include "cmd_its.h"
#include "cmd_run.h"
#include "cmd_termcomp.h"
#include "dispatch.h"
#include "../output/harness.h"
#include "../output/report.h"
#include "../output/witness.h"
#include "options.h"
#include "project.h"
#include "property.h"
#include "task.h"
#include "verdict.h"

#define EXIT_USAGE 2
#define EXIT_VIOLATION 10 /* --fail-on-violation and a FALSE */

typedef struct {
  const char *prop_path;
  const char *property_name; /* task: --property */
  unsigned ptr_bits;
  bool ptr_bits_given;
  double timeout;
  bool dump_ir;
  bool frontend_only;
  util_live_mode progress;   /* --progress / --no-progress (progress.h); auto by default */
  const char *harness_file;  /* --harness FILE.c: on FALSE, the native replay */
  const char *testcase_file; /* --testcase FILE.xml: on FALSE, the Test-Comp test case */
  const char *witness_file;  /* --witness FILE: on TRUE and FALSE, the witness(es) */
  unsigned witness_formats;  /* --witness-format: WITNESS_GRAPHML / _YAML; 0: by the file name */
  const char *report_file;   /* --report FILE.sarif|.json: every verdict, for CI */
  report_format report_fmt;
  bool fail_on_violation;    /* --fail-on-violation: exit EXIT_VIOLATION on any FALSE */
  const char *file;           /* the task file, or the first input file */
  VEC(const char *) files;    /* the input files (not for a task: its own) */
  VEC(const char *) cflags;   /* -I, -D, -U, -include, -std=...: passed to clang (project.h) */
  const char *compile_commands; /* --compile-commands DB: each file's flags from DB */
  fe_undefined undefined;     /* --undefined-functions; default by the mode (load()) */
  bool undefined_given;
  fe_entry entry;             /* --function NAME, --object-size, --args-may-be-null */
  drv_options drv; /* engine choice and engine options */
} options;

static void usage(FILE *out) {
  fputs("usage: bitprove [options] FILE...       check a program (.c .i .ll .bc; several files are\n"
        "                                        compiled and linked) against --prop\n"
        "       bitprove task [options] TASK.yml check an SV-COMP task (format 2.0)\n"
        "       bitprove run [options] FILE      run FILE in the concrete interpreter (run --help)\n"
        "       bitprove its [options] FILE      termination of an integer transition system:\n"
        "                                        YES, NO or MAYBE (its --help)\n"
        "       bitprove termcomp [options] FILE.c  termination of a C program, termCOMP style:\n"
        "                                        YES, NO or MAYBE (termcomp --help)\n"
        "\n"
        "options:\n"
        "  --prop FILE.prp        SV-COMP property file (several CHECK lines allowed), or a\n"
        "                         property name: unreach-call, no-overflow, termination,\n"
        "                         valid-memsafety, valid-memcleanup, or assert (a failing\n"
        "                         assert() of <assert.h>, or reach_error: FALSE(assert))\n"
        "  --property NAME        (task) answer only the property whose file is NAME.prp\n"
        "  -I DIR, -D NAME[=VALUE], -U NAME, -include FILE, -isystem DIR, -iquote DIR, -std=STD\n"
        "                         passed to clang for every C file\n"
        "  --compile-commands DB  take each file's flags from a compilation database\n"
        "                         (compile_commands.json); without FILE, check all its C files\n"
        "  --function NAME        check NAME, called with arbitrary arguments, instead of main:\n"
        "                         scalars arbitrary, each pointer to a fresh heap object of its\n"
        "                         pointee type with arbitrary contents (one level down too)\n"
        "  --object-size BYTES    the object a void or char pointer argument points to (default 64)\n"
        "  --char-args M          a char pointer argument (char, signed char, unsigned char):\n"
        "                         string (default: NUL-terminated, any length below\n"
        "                         --object-size) or bytes (arbitrary bytes, as void *)\n"
        "  --buffer-arg P,N       pointer parameter P points to exactly N elements, N an integer\n"
        "                         parameter in [0, --object-size] (names or 1-based positions;\n"
        "                         repeatable)\n"
        "  --args-may-be-null     pointer arguments (and pointers in their objects) may be NULL\n"
        "  --undefined-functions M  a call of a function without a body: arbitrary (default: it\n"
        "                         terminates, returns an arbitrary value, writes nothing), havoc\n"
        "                         (it may also write what its pointer arguments reach), or\n"
        "                         unsupported (UNKNOWN; the default for SV-COMP tasks)\n"
        "  --data-model M         ILP32 or LP64 (default LP64; a task file sets its own)\n"
        "  --timeout SECONDS      give up with UNKNOWN (timeout) after this much wall time or\n"
        "                         CPU time, whichever comes first\n"
        "  --dump-ir              print bitprove's IR of FILE and stop\n"
        "  --dump-its FMT FILE    termination: write the ITS of the direct translation to FILE\n"
        "                         in format koat, smt2 or ari (for other ITS tools)\n"
        "  --engine E             auto (default: termination by a short search for a lasso\n"
        "                         with a repeated state (FALSE), then the symbolic execution\n"
        "                         graph, then the direct translation; the other properties\n"
        "                         by a short bounded model checking run (at most 2 s),\n"
        "                         then the symbolic execution graph for TRUE, k-induction,\n"
        "                         and bounded model checking with the rest), seg, bmc,\n"
        "                         direct, lasso (termination: the lasso\n"
        "                         search alone) or kind (unreach-call, no-overflow and\n"
        "                         valid-memcleanup: k-induction alone)\n"
        "  --int-semantics S      termination: bit (default) or math (unbounded integers, the\n"
        "                         Termination Competition's reading: the direct translation,\n"
        "                         the graph and the lasso search read integers unbounded)\n"
        "  --dump-seg FILE.dot    write the symbolic execution graph (Graphviz) to FILE.dot\n"
        "  --proof                print the whole proof behind a TRUE (the ITS of the graph\n"
        "                         and its ranking functions)\n"
        "  --seg-modular-all      symbolic execution graph: every function with branching gets\n"
        "                         summaries (call abstraction), not only recursive ones (the\n"
        "                         default for programs of at least 400 instructions)\n"
        "  --seg-join-states N    symbolic execution graph: merge the states of different paths\n"
        "                         at a join point once N stand there (default 4; when the graph\n"
        "                         proves nothing, it is built again without; 0: never)\n"
        "  --bmc-bound K          BMC: unroll loops and recursion K times (default: 1, 2, 4, ...)\n"
        "  --harness FILE.c       on FALSE, write a C test harness that replays the counterexample\n"
        "                         natively: clang -fsanitize=address,undefined PROG FILE.c && ./a.out\n"
        "                         (the compile command is in its first comment)\n"
        "  --witness FILE         on TRUE and FALSE, write the SV-COMP witness: GraphML 1.0\n"
        "                         and/or YAML 2.0 (FILE.graphml and FILE.yml when FILE has no\n"
        "                         .graphml/.xml/.yml/.yaml extension)\n"
        "  --witness-format F     graphml or yaml: write only that format, to FILE as given\n"
        "  --testcase FILE.xml    on FALSE, write the counterexample's values as a Test-Comp test\n"
        "                         case (format 1.1)\n"
        "                         Both write nothing on TRUE or UNKNOWN; with several properties\n"
        "                         (a task) FILE gets the property's name: h.c -> h.no-overflow.c\n"
        "  --report FILE          write every verdict to FILE for CI: SARIF 2.1.0 (FILE.sarif: one\n"
        "                         result per violation, with its location and the counterexample\n"
        "                         as a code flow; TRUE and UNKNOWN in run.properties.verdicts),\n"
        "                         bitprove's own JSON (FILE.json) or one self-contained page for\n"
        "                         people (FILE.html: the source, each verdict with its time, the\n"
        "                         counterexample over the source, the proof with the graph drawn;\n"
        "                         docs/report.md); one file for all properties\n"
        "  --fail-on-violation    exit with status 10 when a verdict is FALSE (default: 0 for\n"
        "                         every verdict)\n"
        "  --stats                solver statistics on stderr\n"
        "  --dump-smt DIR         write every query of bounded model checking to DIR as\n"
        "                         SMT-LIB 2 (DIR/query-NNNNNN.smt2, replayable with z3)\n"
        "  --progress             a live status line on stderr (run time, engine phase, step,\n"
        "                         counters, solver queries): redrawn in place every 250 ms on a\n"
        "                         terminal, one line a second otherwise; never on stdout\n"
        "  --no-progress          no status line. Default: on when stderr is a terminal, TERM is\n"
        "                         not dumb, CI is unset (or 0/false) and neither --debug nor\n"
        "                         --stats is given\n"
        "  --debug                engine diagnostics on stderr\n"
        "  --frontend-only        only lower FILE: LOWERED, or UNKNOWN with the reasons\n"
        "  --version, --help\n"
        "\n"
        "The first line of the answer is the verdict: TRUE, FALSE(<subproperty>) or UNKNOWN;\n"
        "the lines after it explain it.\n",
        out);
}

static int usage_error(const char *msg, const char *arg) {
  fprintf(stderr, "bitprove: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
  fputs("Try 'bitprove --help'.\n", stderr);
  return EXIT_USAGE;
}

/* Parses options after argv[first]; returns -1 on success or an exit code. */
static int parse_options(int argc, char **argv, int first, bool is_task, options *o) {
  int cflag_args = 0;
  for (int i = first; i < argc; i++) {
    const char *a = argv[i];
    const char *next = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage(stdout);
      return 0;
    } else if (strcmp(a, "--version") == 0) {
      printf("bitprove %s\n", BITPROVE_VERSION);
      return 0;
    } else if (strcmp(a, "--prop") == 0 && !is_task) {
      if (!next) return usage_error("--prop needs a property file", NULL);
      o->prop_path = argv[++i];
    } else if (strcmp(a, "--property") == 0 && is_task) {
      if (!next) return usage_error("--property needs a name", NULL);
      o->property_name = argv[++i];
    } else if (strcmp(a, "--data-model") == 0) {
      if (!next) return usage_error("--data-model needs ILP32 or LP64", NULL);
      i++;
      if (strcmp(next, "ILP32") == 0) o->ptr_bits = 32;
      else if (strcmp(next, "LP64") == 0) o->ptr_bits = 64;
      else return usage_error("unknown data model (expected ILP32 or LP64)", next);
      o->ptr_bits_given = true;
    } else if (strcmp(a, "--timeout") == 0) {
      if (!next) return usage_error("--timeout needs seconds", NULL);
      if (!util_parse_seconds(argv[++i], &o->timeout)) return usage_error("bad --timeout", next);
    } else if (strcmp(a, "--dump-ir") == 0) {
      o->dump_ir = true;
    } else if (strcmp(a, "--dump-its") == 0) {
      if (!next || i + 2 >= argc) return usage_error("--dump-its needs a format and a file", NULL);
      if (strcmp(next, "koat") != 0 && strcmp(next, "smt2") != 0 && strcmp(next, "ari") != 0)
        return usage_error("unknown ITS format (expected koat, smt2 or ari)", next);
      o->drv.dump_its_format = argv[i + 1];
      o->drv.dump_its_file = argv[i + 2];
      i += 2;
    } else if (strcmp(a, "--engine") == 0) {
      if (!next || !drv_engine_parse(next, &o->drv.engine))
        return usage_error("--engine needs auto, seg, bmc, direct, lasso or kind", next);
      i++;
    } else if (strcmp(a, "--int-semantics") == 0) {
      if (!next || !drv_int_semantics_parse(next, &o->drv)) return usage_error("--int-semantics needs bit or math", next);
      i++;
    } else if (strcmp(a, "--bmc-bound") == 0) {
      char *end;
      unsigned long k = next ? strtoul(next, &end, 10) : 0;
      if (!next || *next == 0 || *end || k == 0 || k > 1000000) return usage_error("bad --bmc-bound", next);
      o->drv.bmc_bound = (unsigned)k;
      i++;
    } else if (strcmp(a, "--dump-seg") == 0) {
      if (!next) return usage_error("--dump-seg needs a file", NULL);
      o->drv.dump_seg_file = next;
      i++;
    } else if (strcmp(a, "--harness") == 0) {
      if (!next) return usage_error("--harness needs a file", NULL);
      o->harness_file = argv[++i];
    } else if (strcmp(a, "--witness") == 0) {
      if (!next) return usage_error("--witness needs a file", NULL);
      o->witness_file = argv[++i];
    } else if (strcmp(a, "--witness-format") == 0) {
      if (!next || !witness_format_parse(next, &o->witness_formats))
        return usage_error("--witness-format needs graphml or yaml", next);
      i++;
    } else if (strcmp(a, "--testcase") == 0) {
      if (!next) return usage_error("--testcase needs a file", NULL);
      o->testcase_file = argv[++i];
    } else if (strcmp(a, "--report") == 0) {
      if (!next || !report_format_of(next, &o->report_fmt))
        return usage_error("--report needs a file ending in .sarif, .json or .html", next);
      o->report_file = argv[++i];
      o->drv.for_report = o->report_fmt == REPORT_HTML; /* the proof and graph texts as data */
    } else if (strcmp(a, "--fail-on-violation") == 0) {
      o->fail_on_violation = true;
    } else if (strcmp(a, "--proof") == 0) {
      o->drv.proof = true;
    } else if (strcmp(a, "--stats") == 0) {
      o->drv.stats = true;
    } else if (strcmp(a, "--dump-smt") == 0) {
      if (!next) return usage_error("--dump-smt needs a folder", NULL);
      o->drv.dump_smt = argv[++i];
    } else if (util_progress_live_option(a, &o->progress)) {
      /* --progress / --no-progress: set */
    } else if (strcmp(a, "--seg-modular-all") == 0) {
      o->drv.seg_modular_all = true;
    } else if (strcmp(a, "--seg-join-states") == 0) {
      char *end = NULL;
      unsigned long k = next ? strtoul(next, &end, 10) : 0;
      if (!next || !*next || *end || k > 1000000) return usage_error("--seg-join-states needs a number", next);
      o->drv.seg_join_set = true;
      o->drv.seg_join_states = (unsigned)k;
      i++;
    } else if (strcmp(a, "--debug") == 0) {
      o->drv.debug = true;
    } else if (strcmp(a, "--frontend-only") == 0) {
      o->frontend_only = true;
    } else if (strcmp(a, "--compile-commands") == 0) {
      if (!next) return usage_error("--compile-commands needs a file (compile_commands.json)", NULL);
      o->compile_commands = argv[++i];
    } else if (strcmp(a, "--undefined-functions") == 0) {
      if (!next) return usage_error("--undefined-functions needs arbitrary, havoc or unsupported", NULL);
      i++;
      if (strcmp(next, "arbitrary") == 0) o->undefined = FE_UNDEFINED_ARBITRARY;
      else if (strcmp(next, "havoc") == 0) o->undefined = FE_UNDEFINED_HAVOC;
      else if (strcmp(next, "unsupported") == 0) o->undefined = FE_UNDEFINED_UNSUPPORTED;
      else return usage_error("--undefined-functions needs arbitrary, havoc or unsupported", next);
      o->undefined_given = true;
    } else if (strcmp(a, "--function") == 0) {
      if (!next || !*next) return usage_error("--function needs a function name", NULL);
      o->entry.name = argv[++i];
    } else if (strcmp(a, "--object-size") == 0) {
      char *end = NULL;
      unsigned long long k = next ? strtoull(next, &end, 10) : 0;
      if (!next || !*next || *end || k == 0 || k > (1u << 20))
        return usage_error("--object-size needs a number of bytes (1 to 1048576)", next);
      o->entry.object_size = k;
      i++;
    } else if (strcmp(a, "--args-may-be-null") == 0) {
      o->entry.args_may_be_null = true;
    } else if (strcmp(a, "--char-args") == 0) {
      if (next && strcmp(next, "string") == 0) o->entry.char_args = FE_CHAR_ARGS_STRING;
      else if (next && strcmp(next, "bytes") == 0) o->entry.char_args = FE_CHAR_ARGS_BYTES;
      else return usage_error("--char-args needs string or bytes", next);
      i++;
    } else if (strcmp(a, "--buffer-arg") == 0) {
      /* P,N: two non-empty names; whether they name parameters is the front end's check */
      const char *comma = next ? strchr(next, ',') : NULL;
      if (!comma || comma == next || !comma[1] || strchr(comma + 1, ','))
        return usage_error("--buffer-arg needs POINTER,LENGTH (two parameters of --function)", next);
      if (o->entry.nbuffer_args == FE_MAX_BUFFER_ARGS) return usage_error("too many --buffer-arg (at most 16)", next);
      o->entry.buffer_args[o->entry.nbuffer_args++] = argv[++i];
    } else if (project_is_cflag(a, next, &cflag_args)) {
      for (int k = 0; k < cflag_args; k++) VEC_PUSH(o->cflags, argv[i + k]);
      i += cflag_args - 1;
    } else if (a[0] == '-' && a[1]) {
      return usage_error("unknown option", a);
    } else if (is_task && o->file) {
      return usage_error("more than one task file", a);
    } else {
      if (!o->file) o->file = a;
      VEC_PUSH(o->files, a);
    }
  }
  if (!o->file && (is_task || !o->compile_commands))
    return usage_error(is_task ? "no task file given" : "no input file given", NULL);
  return -1;
}

/* The program to check: its files, and whether they are an SV-COMP task's
 * (a task is self-contained: a call of a function without a body stays
 * unsupported unless --undefined-functions says otherwise). */
typedef struct {
  const char *const *files;
  size_t n;
  bool task;
  bool asserts; /* --prop assert: __assert_fail is a violation */
  bool overflow; /* no-overflow is checked: the front end tells signed from unsigned shifts */
} input_files;

static ir_module *load(const options *o, const input_files *in, unsigned ptr_bits, char **err) {
  fe_options fo;
  fe_options_default(&fo);
  fo.ptr_bits = ptr_bits;
  fo.timeout = o->timeout;
  fo.undefined = o->undefined_given ? o->undefined : in->task ? FE_UNDEFINED_UNSUPPORTED : FE_UNDEFINED_ARBITRARY;
  fo.assert_is_error = in->asserts;
  fo.shift_signs = in->overflow;
  fo.entry = o->entry;
  project pr;
  char perr[1024];
  if (!project_build(in->files, in->n, o->cflags.data, o->cflags.len, o->compile_commands, &pr, perr, sizeof perr)) {
    *err = xstrdup(perr);
    return NULL;
  }
  ir_module *m = fe_load_inputs(pr.inputs, pr.ninputs, &fo, err);
  project_free(&pr);
  return m;
}

static int dump_ir(const options *o, const input_files *in, unsigned ptr_bits) {
  char *err = NULL;
  ir_module *m = load(o, in, ptr_bits, &err);
  if (!m) {
    util_error("%s", err);
    free(err);
    return 1;
  }
  ir_print_module(m, stdout);
  ir_module_free(m);
  return 0;
}

static int frontend_only(const options *o, const input_files *in, unsigned ptr_bits) {
  char *err = NULL;
  ir_module *m = load(o, in, ptr_bits, &err);
  if (!m) {
    printf("UNKNOWN\nreason: %s\n", err);
    free(err);
    return 0;
  }
  if (m->unsupported.len) {
    char loc[512];
    printf("UNKNOWN\nreason: unsupported construct: %s\n", m->unsupported.data[0].what);
    for (size_t i = 0; i < m->unsupported.len; i++)
      printf("unsupported: %s at %s\n", m->unsupported.data[i].what,
             ir_loc_format(m, m->unsupported.data[i].loc, loc, sizeof loc));
  } else {
    size_t blocks = 0, insts = 0, defined = 0;
    for (size_t i = 0; i < m->funcs.len; i++) {
      if (!m->funcs.data[i].defined) continue;
      defined++;
      blocks += m->funcs.data[i].nblocks;
      insts += m->funcs.data[i].ninsts;
    }
    printf("LOWERED\nfunctions %zu, blocks %zu, instructions %zu, globals %zu\n", defined, blocks, insts,
           m->globals.len);
  }
  ir_module_free(m);
  return 0;
}

/* The file a FALSE of property `head` writes: `file` itself for one
 * property; for several, the property's name before the extension
 * (h.c -> h.no-overflow.c; no extension: appended). */
static char *per_property_path(const char *file, const char *head) {
  if (!head) return xstrdup(file);
  const char *slash = strrchr(file, '/');
  const char *dot = strrchr(file, '.');
  if (!dot || (slash && dot < slash) || dot == (slash ? slash + 1 : file)) return xasprintf("%s.%s", file, head);
  return xasprintf("%.*s.%s%s", (int)(dot - file), file, head, dot);
}

/* Writes --harness and --testcase for one FALSE verdict; a failure is one
 * "bitprove: error:" line (the verdict stands). */
/* One word for the shell: as is when it holds only safe characters, else
 * in single quotes. */
static void shell_word(strbuf *b, const char *w) {
  bool plain = *w != 0;
  for (const char *c = w; *c && plain; c++)
    plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || strchr("-_./=+,:@%", *c);
  if (plain) {
    strbuf_printf(b, "%s", w);
    return;
  }
  strbuf_append(b, "'", 1);
  for (const char *c = w; *c; c++) {
    if (*c == '\'') strbuf_printf(b, "'\\''");
    else strbuf_append(b, c, 1);
  }
  strbuf_append(b, "'", 1);
}

/* A flag's value that names a path (-I DIR, -include FILE, ...), made to
 * hold outside its entry's directory. */
static bool path_flag(const char *flag) {
  return strcmp(flag, "-I") == 0 || strcmp(flag, "-isystem") == 0 || strcmp(flag, "-iquote") == 0 ||
         strcmp(flag, "-idirafter") == 0 || strcmp(flag, "-include") == 0 || strcmp(flag, "-imacros") == 0;
}

/* path as seen from our directory: joined to dir (a compilation database
 * entry's) when it is relative. Heap string. */
static char *in_dir(const char *dir, const char *path) {
  return dir && path[0] != '/' ? xasprintf("%s/%s", dir, path) : xstrdup(path);
}

/* The program's part of the harness's compile command: the flags of its
 * inputs (each distinct flag, with its value, once; paths of a compilation
 * database's entries made absolute), -Dmain=... when --function renamed the
 * program's main, and the C files. */
static char *harness_program(const options *o, const input_files *in, const ir_module *m, const char *file) {
  project pr;
  char perr[256];
  if (!project_build(in->files, in->n, o->cflags.data, o->cflags.len, o->compile_commands, &pr, perr, sizeof perr))
    return xstrdup(file);
  VEC(char *) words = {0}; /* each a flag with its value, quoted for the shell */
  for (size_t i = 0; i < pr.ninputs; i++) {
    const fe_input *x = &pr.inputs[i];
    for (size_t k = 0; k < x->nflags; k++) {
      const char *f = x->flags[k];
      strbuf w = {0};
      char *arg = NULL;
      if ((path_flag(f) || strcmp(f, "-D") == 0 || strcmp(f, "-U") == 0) && k + 1 < x->nflags) {
        shell_word(&w, f);
        strbuf_append(&w, " ", 1);
        k++;
        arg = path_flag(f) ? in_dir(x->directory, x->flags[k]) : xstrdup(x->flags[k]);
      } else if (strncmp(f, "-I", 2) == 0 && f[2]) { /* -Idir */
        char *dir = in_dir(x->directory, f + 2);
        arg = xasprintf("-I%s", dir);
        free(dir);
      } else {
        arg = xstrdup(f);
      }
      shell_word(&w, arg);
      free(arg);
      bool seen = false;
      for (size_t j = 0; j < words.len && !seen; j++) seen = strcmp(words.data[j], w.data) == 0;
      if (seen) strbuf_free(&w);
      else VEC_PUSH(words, w.data);
    }
  }
  strbuf b = {0};
  if (m->entry_renamed_main) strbuf_printf(&b, "-Dmain=__bitprove_program_main");
  for (size_t j = 0; j < words.len; j++) {
    strbuf_printf(&b, "%s%s", b.data ? " " : "", words.data[j]);
    free(words.data[j]);
  }
  VEC_FREE(words);
  for (size_t i = 0; i < pr.ninputs; i++) {
    const fe_input *x = &pr.inputs[i];
    if (util_ends_with(x->path, ".ll") || util_ends_with(x->path, ".bc")) continue; /* not for a C compiler */
    char *path = in_dir(x->directory, x->path);
    strbuf_printf(&b, "%s", b.data ? " " : "");
    shell_word(&b, path);
    free(path);
  }
  project_free(&pr);
  return b.data ? b.data : xstrdup(file);
}

/* The harness written, if any, and its compile command go to *harness and
 * *command (heap strings, for the HTML report; NULL: none). */
static void write_replay_files(const options *o, const input_files *in, const ir_module *m, const char *file,
                               const char *head, const verdict *v, char **harness, char **command) {
  char err[1024];
  if (v->violated == PROP_TERMINATION) { /* a lasso: its stem and cycle are in the verdict and the witness */
    util_warning("--harness / --testcase: not written for a non-terminating run (use --witness)");
    return;
  }
  if (o->harness_file) {
    char *path = per_property_path(o->harness_file, head);
    char *program = harness_program(o, in, m, file);
    if (!harness_write_c(m, &v->ev.cex, v->violated, program, path, err, sizeof err)) {
      util_error("%s", err);
      free(path);
    } else {
      *command = harness_command(m, program, path);
      *harness = path;
    }
    free(program);
  }
  if (o->testcase_file) {
    char *path = per_property_path(o->testcase_file, head);
    if (!harness_write_testcase(m, &v->ev.cex, path, err, sizeof err)) util_error("%s", err);
    free(path);
  }
}

/* Writes --witness for one TRUE or FALSE verdict of property p; a failure
 * is one "bitprove: error:" line (the verdict stands). The files written
 * go to written[0..*nwritten) (heap strings, for the HTML report). */
static void write_witness(const options *o, const ir_module *m, const char *file, unsigned ptr_bits,
                          const char *head, const property *p, const verdict *v, char *written[2],
                          size_t *nwritten) {
  char err[1024];
  char *base = per_property_path(o->witness_file, head);
  unsigned formats;
  char *graphml = NULL, *yaml = NULL;
  witness_paths(base, o->witness_formats, &formats, &graphml, &yaml);
  witness_task t = {file, ptr_bits};
  bool ok = v->kind == VERDICT_FALSE
                ? witness_write_violation(m, &t, v->violated, &v->ev, formats, graphml, yaml, err, sizeof err)
                : witness_write_correctness(m, &t, p->checks, &v->ev, formats, graphml, yaml, err, sizeof err);
  if (!ok) {
    util_error("%s", err);
    free(graphml);
    free(yaml);
  } else {
    if (graphml) written[(*nwritten)++] = graphml;
    if (yaml) written[(*nwritten)++] = yaml;
  }
  free(base);
}

/* What a property's check took, and the files written for it (for --report). */
typedef struct {
  double seconds; /* < 0: not checked */
  util_progress_phase phases[UTIL_PROGRESS_PHASES];
  size_t nphases;
  char *harness, *harness_command; /* owned; NULL: none */
  char *witnesses[2];              /* owned */
  size_t nwitnesses;
} property_run;

static void property_run_free(property_run *pr) {
  free(pr->harness);
  free(pr->harness_command);
  for (size_t i = 0; i < pr->nwitnesses; i++) free(pr->witnesses[i]);
}

/* Feeds one verdict of property `name` (p: its checks; NULL when its file
 * did not load) to --report. */
static void report_verdict_of(report *rep, const ir_module *m, const char *file, unsigned ptr_bits, const char *name,
                              const property *p, const verdict *v, const property_run *run) {
  report_verdict rv = {.property = name,
                       .checks = p ? p->checks : 0,
                       .answer = v->kind == VERDICT_TRUE    ? REPORT_TRUE
                                 : v->kind == VERDICT_FALSE ? REPORT_FALSE
                                                            : REPORT_UNKNOWN,
                       .violated = v->violated,
                       .violated_name = v->label,
                       .detail = v->detail.data,
                       .ev = &v->ev};
  rv.seconds = run->seconds;
  rv.phases = run->phases;
  rv.nphases = run->nphases;
  rv.proof = v->proof.data;
  rv.graph_dot = v->graph_dot;
  rv.graph_states = v->graph_states;
  rv.harness = run->harness;
  rv.harness_command = run->harness_command;
  rv.witnesses = (const char *const *)run->witnesses;
  rv.nwitnesses = run->nwitnesses;
  witness_task t = {file, ptr_bits};
  report_add(rep, m, &t, &rv);
}

/* The name a property is reported under. */
static const char *property_label(const options *o, const property *props, const char *const *load_errors,
                                  const char *const *heads, size_t i) {
  return load_errors[i] ? (heads ? heads[i] : o->prop_path) : props[i].name;
}

/* --report FILE.html: the page as it stands before property `next` is
 * checked, a draft (report_set_pending): the verdicts so far, the others
 * not answered yet. A run that its --timeout ends leaves this page; the
 * final one replaces it. Written quietly (the final write says what fails). */
static void write_draft(const options *o, const input_files *in, const char *file, unsigned ptr_bits,
                        const property *props, const char *const *load_errors, const char *const *heads,
                        const verdict *kept, const property_run *runs, size_t next, size_t n) {
  report *d = report_new(in->files, in->n);
  const char **names = xcalloc(n - next + 1, sizeof *names);
  for (size_t i = next; i < n; i++) names[i - next] = property_label(o, props, load_errors, heads, i);
  report_set_pending(d, names, n - next);
  for (size_t i = 0; i < next; i++)
    report_verdict_of(d, NULL, file, ptr_bits, property_label(o, props, load_errors, heads, i),
                      load_errors[i] ? NULL : &props[i], &kept[i], &runs[i]);
  char err[256];
  (void)report_write(d, REPORT_HTML, o->report_file, err, sizeof err);
  report_free(d);
  free(names);
}

/* Answers the given properties of one program; `heads` non-NULL prints each
 * verdict as "<name>: VERDICT" with indented detail (several properties).
 * The files of --harness / --testcase / --report are written once every
 * verdict is out. Returns whether a verdict is FALSE. */
static bool answer(const options *o, const input_files *in, unsigned ptr_bits, const property *props,
                   const char *const *load_errors, const char *const *heads, size_t n) {
  char *err = NULL;
  ir_module *m = NULL;
  bool any = false;
  const char *file = in->n ? in->files[0] : o->compile_commands; /* names the files written */
  for (size_t i = 0; i < n; i++) any |= load_errors[i] == NULL;
  if (any) {
    input_files with = *in;
    for (size_t i = 0; i < n; i++)
      with.overflow |= !load_errors[i] && (props[i].checks & (1u << PROP_NO_OVERFLOW));
    m = load(o, &with, ptr_bits, &err);
    if (!m) util_error("%s", err);
  }
  bool replay = o->harness_file || o->testcase_file;
  report *rep = o->report_file ? report_new(in->files, in->n) : NULL;
  bool violated = false;
  verdict *kept = xcalloc(n, sizeof *kept); /* the verdicts the replay and witness files need */
  property_run *runs = xcalloc(n, sizeof *runs);
  for (size_t i = 0; i < n; i++) kept[i].kind = VERDICT_UNKNOWN; /* none kept yet */
  for (size_t i = 0; i < n; i++) {
    verdict v = {0};
    v.kind = VERDICT_UNKNOWN;
    runs[i].seconds = -1;
    if (rep && o->report_fmt == REPORT_HTML)
      write_draft(o, in, file, ptr_bits, props, load_errors, heads, kept, runs, i, n);
    if (load_errors[i]) verdict_unknown(&v, "%s", load_errors[i]);
    else if (!m) verdict_unknown(&v, "%s", err);
    else {
      size_t first = util_progress_phase_count(); /* the phases this check adds (a full table: its last) */
      if (first >= UTIL_PROGRESS_PHASES) first = UTIL_PROGRESS_PHASES - 1;
      double start = util_now();
      drv_check(m, &props[i], &o->drv, budget_of_run(), &v);
      runs[i].seconds = util_now() - start;
      runs[i].nphases = util_progress_phases(first, runs[i].phases, UTIL_PROGRESS_PHASES);
    }
    if (v.kind == VERDICT_FALSE && props[i].assert_calls) v.label = "assert";
    /* allocated: a property's name comes from the task file and has no bound */
    char *head = heads ? xasprintf("%s: ", heads[i]) : xstrdup("");
    util_progress_live_pause(); /* the live status line leaves the terminal first */
    verdict_print(&v, head, heads ? "  " : "", stdout);
    fflush(stdout);
    util_progress_live_resume(); /* (a task's next property) */
    free(head);
    violated |= v.kind == VERDICT_FALSE;
    if ((replay && v.kind == VERDICT_FALSE) || (o->witness_file && v.kind != VERDICT_UNKNOWN && m) || rep) {
      kept[i] = v;
    } else {
      verdict_free(&v);
    }
  }
  fflush(stdout);
  util_progress_live_stop();
  /* every verdict is out: a timeout during the clean-up (freeing a large
   * module, the sanitizers' exit checks) must not print a second one */
  util_set_timeout(0);
  for (size_t i = 0; i < n; i++) {
    const char *head = heads ? heads[i] : NULL;
    property_run *run = &runs[i];
    if (kept[i].kind == VERDICT_FALSE && replay)
      write_replay_files(o, in, m, file, head, &kept[i], &run->harness, &run->harness_command);
    if (o->witness_file && (kept[i].kind == VERDICT_FALSE || kept[i].kind == VERDICT_TRUE))
      write_witness(o, m, file, ptr_bits, head, &props[i], &kept[i], run->witnesses, &run->nwitnesses);
    if (rep)
      report_verdict_of(rep, m, file, ptr_bits, property_label(o, props, load_errors, heads, i),
                        load_errors[i] ? NULL : &props[i], &kept[i], run);
    verdict_free(&kept[i]);
    property_run_free(run);
  }
  if (rep) {
    char rerr[1024];
    if (!report_write(rep, o->report_fmt, o->report_file, rerr, sizeof rerr)) util_error("%s", rerr);
    report_free(rep);
  }
  free(kept);
  free(runs);
  free(err);
  ir_module_free(m);
  return violated;
}

static int check_file(const options *o) {
  input_files in = {o->files.data, o->files.len, false, false, false};
  if (o->dump_ir) return dump_ir(o, &in, o->ptr_bits);
  if (o->frontend_only) return frontend_only(o, &in, o->ptr_bits);
  if (!o->prop_path) return usage_error("no property given (use --prop FILE.prp)", NULL);
  property p;
  char err[512];
  const char *load_error = NULL;
  if (!prop_load(o->prop_path, &p, err, sizeof err)) {
    util_error("%s", err);
    load_error = err;
  }
  in.asserts = !load_error && p.assert_calls;
  bool violated = answer(o, &in, o->ptr_bits, &p, &load_error, NULL, 1);
  return violated && o->fail_on_violation ? EXIT_VIOLATION : 0;
}

static int check_task(const options *o) {
  task t;
  char err[512];
  if (!task_load(o->file, &t, err, sizeof err)) {
    util_error("%s", err);
    printf("UNKNOWN\nreason: %s\n", err);
    task_free(&t);
    return 0;
  }
  int rc = 0;
  if (o->ptr_bits_given && o->ptr_bits != t.ptr_bits)
    util_warning("the task's data model (%s) overrides --data-model", t.ptr_bits == 32 ? "ILP32" : "LP64");
  size_t first = 0, count = t.nprops;
  if (o->property_name) {
    count = 0;
    for (size_t i = 0; i < t.nprops && !count; i++)
      if (strcmp(t.props[i].name, o->property_name) == 0) first = i, count = 1;
    if (!count) {
      rc = usage_error("the task has no such property", o->property_name);
      task_free(&t);
      return rc;
    }
  }
  input_files in = {(const char *const *)t.inputs, t.ninputs, true, false, false};
  if (o->dump_ir || o->frontend_only) {
    rc = o->dump_ir ? dump_ir(o, &in, t.ptr_bits) : frontend_only(o, &in, t.ptr_bits);
    task_free(&t);
    return rc;
  }
  property *props = xcalloc(count, sizeof *props);
  char (*errs)[512] = xcalloc(count, sizeof *errs);
  const char **load_errors = xcalloc(count, sizeof *load_errors);
  const char **heads = xcalloc(count, sizeof *heads);
  for (size_t k = 0; k < count; k++) {
    task_property *tp = &t.props[first + k];
    heads[k] = tp->name;
    if (strcmp(t.language, "C") != 0) {
      snprintf(errs[k], sizeof errs[k], "unsupported language '%s'", t.language);
      load_errors[k] = errs[k];
    } else if (!prop_load(tp->property_file, &props[k], errs[k], sizeof errs[k])) {
      util_error("%s", errs[k]);
      load_errors[k] = errs[k];
    }
  }
  if (answer(o, &in, t.ptr_bits, props, load_errors, count > 1 ? heads : NULL, count) && o->fail_on_violation)
    rc = EXIT_VIOLATION;
  free(props);
  free(errs);
  free(load_errors);
  free(heads);
  task_free(&t);
  return rc;
}

int main(int argc, char **argv) {
  if (argc >= 2 && strcmp(argv[1], "run") == 0) return cmd_run(argc - 1, argv + 1);
  if (argc >= 2 && strcmp(argv[1], "its") == 0) return cmd_its(argc - 1, argv + 1);
  if (argc >= 2 && strcmp(argv[1], "termcomp") == 0) return cmd_termcomp(argc - 1, argv + 1);
  bool is_task = argc >= 2 && strcmp(argv[1], "task") == 0;
  options o = {0};
  o.ptr_bits = 64;
  o.entry.object_size = FE_DEFAULT_OBJECT_SIZE;
  int rc = parse_options(argc, argv, is_task ? 2 : 1, is_task, &o);
  if (rc >= 0) {
    VEC_FREE(o.files);
    VEC_FREE(o.cflags);
    return rc;
  }
  util_set_timeout(o.timeout);
  /* --debug and --stats write to stderr unsynchronized with the live line */
  util_progress_live_start(o.progress == UTIL_LIVE_AUTO && (o.drv.debug || o.drv.stats) ? UTIL_LIVE_OFF : o.progress);
  rc = is_task ? check_task(&o) : check_file(&o);
  VEC_FREE(o.files);
  VEC_FREE(o.cflags);
  return rc;
}
