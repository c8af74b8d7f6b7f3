/* c_types: the C integer type of a width and representation, for the C
 * expressions bitprove writes (witness invariants, recurrent sets).
 *
 * Contract: c_int_type(8|16|32|64, signed?) is "signed char"/"unsigned char",
 * "short"/"unsigned short", "int"/"unsigned int", "long long"/"unsigned long
 * long" (the types of those widths in both ILP32 and LP64); any other width
 * gives NULL (no C type names it). */
#ifndef BITPROVE_IR_C_TYPES_H
#define BITPROVE_IR_C_TYPES_H

#include <stdbool.h>

const char *c_int_type(unsigned bits, bool is_signed);

#endif
