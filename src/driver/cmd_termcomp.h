/* cmd_termcomp: `bitprove termcomp FILE.c [--int-semantics bit|math] [--timeout S]`,
 * termination of a C program as the Termination Competition asks it.
 *
 * Contract: the first line of stdout is exactly YES, NO or MAYBE; the lines
 * after it are the proof (YES) or the reason (MAYBE), as `bitprove its`
 * prints them. The default semantics is math (termCOMP's C categories read
 * integers as unbounded mathematical integers; memory stays byte-precise);
 * bit is the bit-precise reading of SV-COMP. The competition's rules hold
 * (drv_options.require_memory_safety, driver/check_math.h): YES rests on a
 * termination proof of an ITS that over-approximates every run in the
 * chosen semantics, NO on a checked non-terminating run (a lasso the
 * interpreter compared; with math, one exact over the integers, or an
 * infinite run of the direct translation's exact ITS), and both on memory
 * safety proved (a memory-unsafe program deserves neither); allocation
 * succeeds; functions without a body terminate, return any value and write
 * nothing. Giving up (timeout, memory, unsupported input) is MAYBE. Exit
 * status 0, 2 for usage errors. */
#ifndef BITPROVE_DRIVER_CMD_TERMCOMP_H
#define BITPROVE_DRIVER_CMD_TERMCOMP_H

int cmd_termcomp(int argc, char **argv);

#endif
