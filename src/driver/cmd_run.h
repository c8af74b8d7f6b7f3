/* cmd_run: the `bitprove run` subcommand — runs a program in the concrete
 * interpreter (src/interp) and reports how the run ended.
 *
 * Contract: argv[0] is "run". The program's own output goes to stdout; the
 * report (one outcome line, then optional leak / nondet lines, all starting
 * with "run: ", spelled as documented in interp/interp.h) goes to stderr.
 * Returns the process exit status: 0 for every outcome of the run, 2 for a
 * usage error, 1 when the file cannot be loaded. */
#ifndef BITPROVE_CMD_RUN_H
#define BITPROVE_CMD_RUN_H

int cmd_run(int argc, char **argv);

#endif
