/* cmd_its: the `bitprove its` subcommand — reads an integer transition
 * system (termCOMP SMT2, KoAT or ARI) and answers whether it terminates.
 *
 * Contract: argv[0] is "its". Usage:
 *   bitprove its [--timeout S] [--format smt2|koat|ari]
 *                [--print koat|smt2|ari|text] [--without STEP]...
 *                [--stats] [--dump-smt DIR] FILE
 * The format defaults by extension (.smt2, .koat, .ari). With --print the
 * parsed system is written to stdout and nothing else is done. Otherwise the
 * ITS prover (its/prove.h: preprocessing, linear / nested / polynomial
 * ranking, non-termination; --without switches one step off) answers in
 * the termCOMP convention: first line YES, NO or MAYBE, then the proof, the
 * checked witness or "reason: ...". Each solver check gets at most
 * min(--timeout, 10 s); past --timeout the answer is MAYBE with
 * "reason: timeout".
 * A file that cannot be read or parsed: MAYBE on stdout, one line
 * "bitprove: error: FILE: line N: ..." on stderr, exit status 0. Usage
 * errors exit 2; --help prints the usage and exits 0. A --print format
 * that cannot express the system (KoAT has no ite, div, mod): an error
 * line on stderr, exit status 1. */
#ifndef BITPROVE_CMD_ITS_H
#define BITPROVE_CMD_ITS_H

int cmd_its(int argc, char **argv);

#endif
