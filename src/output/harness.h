/* harness: native replay of a counterexample (--harness FILE.c, --testcase
 * FILE.xml): the run a FALSE verdict rests on, as files that tools outside
 * bitprove understand (docs/ARCHITECTURE.md, rule of soundness 5).
 *
 * The story of the data
 * ---------------------
 * Every FALSE of a safety property rests on a run that the interpreter
 * replayed from nondeterministic values (evidence.cex, evidence.h: value masked to its
 * width, origin, and for a __VERIFIER_nondet_* call the function called).
 * A native run of the program can be given only the values of the calls of
 * __VERIFIER_nondet_* functions that the program declares without defining
 * (in the module: no body, and none dropped by the front end, which lowers
 * reach_error and __VERIFIER_* as builtins even when the program defines
 * them; ir_func.body_dropped): those are the *replayable* values (harness_replayable()), and in the
 * interpreter's order they form ONE sequence that every such function reads
 * from, whatever its type. The other values cannot be given: a value the
 * interpreter drew for an uninitialised read or an undef operand is, natively,
 * whatever the memory holds; a call of a nondet function the program defines
 * itself (the interpreter treats the call as the builtin all the same) runs
 * the program's own body natively. The harness lists those in a comment (the
 * native run may then differ from the interpreter's).
 *
 * A value's C type is the return type of its function, from the function's
 * name as SV-COMP spells it (__VERIFIER_nondet_int -> int, _uchar ->
 * unsigned char, _pointer -> void *, _size_t -> size_t, ...; the table
 * matches the front end's prelude), unless the module's declaration has
 * another width (then the unsigned type of that width) or the name is not
 * in the table (the IR type: unsigned of its width, or void *).
 *
 * Contract
 * --------
 * harness_print_c() writes a C file that, compiled and linked with the
 * program (the comment at its top gives the command, with -m32 for ILP32),
 * defines, among the functions the module declares without body:
 *   - every __VERIFIER_nondet_<T>: returns the next value of the sequence,
 *     sign-extended from its recorded width for a signed T, then converted to
 *     T (bool: != 0; pointer: the integer as an address, so 0 is NULL;
 *     float/double: the bits reinterpreted); once the sequence is used up,
 *     one note on stderr and 0 from then on;
 *   - reach_error, __VERIFIER_error: stdout flushed, a message on stderr,
 *     then abort();
 *   - __VERIFIER_assume(c): _Exit(0) without a word when c is false (no
 *     atexit handlers: LeakSanitizer does not judge a run the program
 *     excludes, as the interpreter does not);
 *   - every external global (ir_global.external), as a byte array of its
 *     size holding the bytes the interpreter's run read from it (the
 *     harness replays cex to learn them);
 *   - weakly, each of the SV-COMP functions above (the nondet functions of
 *     the table, reach_error, __VERIFIER_error, __VERIFIER_assume) that the
 *     module does not have at all: the front end lowers only what main can
 *     call, but a function main never calls may still call them, and the
 *     native link needs them; a definition of the program's own wins;
 *   - every function without a body that the program calls by the
 *     convention for such functions (IR_ASM_EXTERN_CALL: it returns an
 *     arbitrary value and writes nothing): it returns the next value of the
 *     sequence (the value the run used), or nothing for void, declared
 *     without a prototype; the values of these calls are replayable as the
 *     nondet functions' are (--prop assert leaves __assert_fail to libc,
 *     which prints the assertion and aborts);
 *   - with --function (ir_module.entry_c): the generated main, which draws
 *     the arguments' objects and values from the same sequence in the same
 *     order as the IR's main and calls the function (the program's own main
 *     is renamed by -Dmain=... in the compile command, which the file
 *     #undefs for itself); and each function or variable that only code the
 *     run never reaches declares and no library of bitprove's process
 *     defines (ir_module.unreached_decls / _data; dlsym tells), so that the
 *     program links: a function that aborts with a message, a byte array;
 * and nothing else (__VERIFIER_atomic_* mean threads, which make the
 * verdict UNKNOWN): every other declared function is libc's business.
 * `program` is the program's part of the compile command (its flags and
 * files, as the driver composes it).
 * It also sets the sanitizer runtimes' options (__asan_default_options:
 * leak check at exit, stack use after return, and for unreach-call
 * handle_abort=1, so that the abort() of a reach_error the program defines
 * itself shows reach_error on the reported stack; for valid-memcleanup,
 * __lsan_default_options without roots, so that every block not freed at
 * exit is reported, and a suppression of stdio's own buffers; for
 * valid-memtrack, see below). The file compiles without warnings with
 * clang -Wall -Wextra in the module's data model.
 *
 * valid-memtrack. The interpreter finds a block lost when no root points to
 * it, and after main returns its roots are the globals alone. LeakSanitizer
 * scans the stack conservatively, from the stack pointer of its check up:
 * at exit that range is the frames of exit() and of the check itself,
 * which lie where main and its callees ran, and their unwritten slots and
 * ASan's redzones (and ASan's fake stack of returned frames) still hold
 * the stale pointers of those returned frames. A lost block then looks
 * reachable and the run exits without a report (on the dev SV-COMP tasks:
 * 9 of the 15 ILP32 memtrack harnesses; of the two sites of lost blocks in
 * tests/harness/tasks/harness-memtrack-ilp32-unsafe.c, one). So a memtrack
 * harness gives LeakSanitizer the globals and thread-locals as its only roots
 * (__lsan_default_options "use_stacks=0:use_registers=0"): exactly the
 * interpreter's roots when main returns. The check runs where the
 * interpreter's run ended: at exit (LeakSanitizer's own check), in a
 * SIGABRT / SIGILL handler (abort(), assertions, reach_error, traps; the
 * check, then the signal again), where the sequence runs out when the
 * interpreter's run ended asking for one more value (INTERP_OUT_OF_NONDET:
 * the run ends with status 23 if blocks are lost), and after
 * HARNESS_LEAK_ALARM_SECONDS of the native run when the interpreter's
 * run did not end (out of steps or resources: a SIGALRM handler). At those
 * ends other than a return from main the interpreter counts the live frames
 * as roots too, so the report may list, besides the lost blocks, blocks that
 * only a live local points to; the top comment names the run's end and the
 * allocation sites of the blocks the interpreter lost, which the report
 * shows in its allocation stacks. (Losing a block is for good: no later
 * point of the run can make it reachable again, so a check after the point
 * of loss sees it as well.)
 *
 * ILP32: the compile command has -m32. Debian 12 has what it needs:
 * libc6-dev-i386, lib32gcc-12-dev (crtbeginS.o, libgcc) and
 * libclang-rt-14-dev (the i386 ASan, UBSan and LeakSanitizer runtimes);
 * scripts/install-deps.sh installs them, and the same sanitizers run in
 * both data models.
 *
 * harness_print_testcase() writes the same sequence as a Test-Comp test case
 * (format 1.1): one <input type="T"> per value, in call order, the value as
 * its type reads it (harness_format_value()).
 * The writers only read m and cex. harness_write_c() / _testcase() write to
 * a path and return false with a one-line reason in err when they cannot. */
#ifndef BITPROVE_OUTPUT_HARNESS_H
#define BITPROVE_OUTPUT_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../interp/interp.h"
#include "../ir/ir.h"
#include "../ir/check.h"

/* valid-memtrack: the leak check's delay when the interpreter's run did not end. */
#define HARNESS_LEAK_ALARM_SECONDS 5

typedef enum { HARNESS_SIGNED, HARNESS_UNSIGNED, HARNESS_BOOL, HARNESS_POINTER, HARNESS_FLOAT, HARNESS_VOID } harness_kind;

typedef struct {
  const char *c_type; /* as the harness writes it: "int", "unsigned char", "void *", ... */
  harness_kind kind;
  unsigned bits;      /* width in the data model (bool: 1; float: 32; double: 64) */
} harness_type;

/* The C return type of the nondet function `name` whose declaration in a
 * module of pointer width ptr_bits returns `ret` (see the story above). */
harness_type harness_nondet_type(const char *name, ir_type ret, unsigned ptr_bits);

/* The value (bits masked to `width`, as recorded) as type t reads it, in
 * decimal: signed types sign-extend from width and then wrap to t.bits,
 * unsigned types and pointers take the low t.bits, bool is 0 or 1, floats
 * print the number their bits encode (%.9g / %.17g). Returns buf. */
const char *harness_format_value(harness_type t, uint64_t value, unsigned width, char *buf, size_t n);

/* Whether a native run can be given this value: a call of a
 * __VERIFIER_nondet_* function the module declares without body. */
bool harness_replayable(const ir_module *m, const interp_nondet *nd);

/* program: the program's path and harness_path this file's, both as the
 * compile command in the comment names them; violated: the subproperty. */
void harness_print_c(const ir_module *m, const interp_nondet_vec *cex, prop_check violated, const char *program,
                     const char *harness_path, FILE *out);
void harness_print_testcase(const ir_module *m, const interp_nondet_vec *cex, FILE *out);
/* The command in that comment: "clang -fsanitize=address,undefined -g
 * [-m32] PROGRAM HARNESS && ./a.out" (heap string). */
char *harness_command(const ir_module *m, const char *program, const char *harness_path);

bool harness_write_c(const ir_module *m, const interp_nondet_vec *cex, prop_check violated, const char *program,
                     const char *path, char *err, size_t errlen);
bool harness_write_testcase(const ir_module *m, const interp_nondet_vec *cex, const char *path, char *err,
                            size_t errlen);

#endif
