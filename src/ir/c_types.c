/* c_types.c: C integer types by width (c_types.h). */
#include "c_types.h"

#include <stddef.h>

const char *c_int_type(unsigned bits, bool is_signed) {
  switch (bits) {
  case 8: return is_signed ? "signed char" : "unsigned char";
  case 16: return is_signed ? "short" : "unsigned short";
  case 32: return is_signed ? "int" : "unsigned int";
  case 64: return is_signed ? "long long" : "unsigned long long";
  default: return NULL;
  }
}
