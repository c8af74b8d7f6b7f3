/* its_file: an integer transition system written for other ITS tools
 * (--dump-its FORMAT FILE): KoAT ("koat"), termCOMP SMT2 ("smt2") or ARI
 * ("ari"), as its/print writes them.
 *
 * Contract: its_file_write() returns true when the whole file was written;
 * otherwise false after a one-line warning on stderr (a format the system
 * cannot be printed in, a file that cannot be written). */
#ifndef BITPROVE_OUTPUT_ITS_FILE_H
#define BITPROVE_OUTPUT_ITS_FILE_H

#include <stdbool.h>

#include "../its/its.h"

bool its_file_write(const its *s, const char *format, const char *file);

#endif
