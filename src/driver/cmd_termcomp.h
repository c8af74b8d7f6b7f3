/* cmd_termcomp: `bitprove termcomp FILE.c [--int-semantics bit|math] [--timeout S]`,
 * termination of a C program as the Termination Competition asks it.
 *
 * Contract: the first line of stdout is exactly YES, NO or MAYBE; the lines
 * after it are the proof (YES) or the reason (MAYBE), as `bitprove its`
 * prints them. The default semantics is math (termCOMP's C categories read
 * integers as unbounded mathematical integers; memory stays byte-precise);
 * bit is the bit-precise reading of SV-COMP. YES rests on a termination
 * proof of an ITS that over-approximates every run in the chosen semantics
 * (the direct translation; in bit mode also the symbolic execution graph).
 * NO is printed only for a checked non-termination of the program; no engine
 * checks one yet, so a non-terminating run of the over-approximating ITS
 * stays MAYBE (with the ITS's witness quoted as a hint). Giving up (timeout,
 * memory, unsupported input) is MAYBE. Exit status 0, 2 for usage errors. */
#ifndef BITPROVE_DRIVER_CMD_TERMCOMP_H
#define BITPROVE_DRIVER_CMD_TERMCOMP_H

int cmd_termcomp(int argc, char **argv);

#endif
