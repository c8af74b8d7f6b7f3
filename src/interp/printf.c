/* interp printf: formats printf's arguments as glibc does.
 *
 * Supported: conversions d i u x X o c s p f F e E g G a A %, flags - + space # 0 ', width
 * and precision (digits or *), length modifiers hh h l ll z j t. Each
 * conversion is parsed here and the number formatting is delegated to the
 * host's snprintf with an equivalent, fully controlled format (the host is
 * glibc: output matches the native program). Arguments are read from the
 * IR values as passed (default promotions already applied by the compiler)
 * and cut to the width the length modifier names (long = pointer width);
 * a floating-point conversion reads the 64 bits of a double (l allowed).
 *
 * Anything else (long double %Lf, %n, wide characters, L, q) ends the run as
 * UNSUPPORTED; a missing argument is UB (bad-format); %s reads its string
 * with the usual checks (a null pointer is a null dereference, as in C). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define MAX_FIELD (1 << 24) /* widths and precisions beyond: unsupported */

static bool fmt_byte(interp_state *st, ival p, uint64_t i, const char *what, ir_loc loc, uint8_t *c) {
  uint64_t off;
  ival q = {(p.bits + i) & st->pmask, p.prov};
  uint32_t id = mem_check(st, q, 1, what, false, loc, &off);
  if (!id) return false;
  *c = mem_get_byte(st, id, off, loc);
  return !st->done;
}

/* snprintf with optional * width and * precision arguments. */
#define HOSTFMT(buf, cap, spec, hw, w, hp, p, v)                                               \
  ((hw) && (hp) ? snprintf(buf, cap, spec, w, p, v)                                            \
   : (hw)       ? snprintf(buf, cap, spec, w, v)                                               \
   : (hp)       ? snprintf(buf, cap, spec, p, v)                                               \
                : snprintf(buf, cap, spec, v))

#define EMIT(st, out, loc, spec, hw, w, hp, p, v)                                              \
  do {                                                                                         \
    int n_ = HOSTFMT(NULL, 0, spec, hw, w, hp, p, v);                                          \
    if (n_ < 0) {                                                                              \
      interp_end_unsupported(st, loc, "printf conversion the host cannot format");             \
      return false;                                                                            \
    }                                                                                          \
    char *b_ = xmalloc((size_t)n_ + 1);                                                        \
    HOSTFMT(b_, (size_t)n_ + 1, spec, hw, w, hp, p, v);                                        \
    strbuf_append(out, b_, (size_t)n_);                                                        \
    free(b_);                                                                                  \
  } while (0)

bool interp_format(interp_state *st, const ival *args, uint32_t nargs, ir_loc loc, strbuf *out) {
  ival fmt = mem_resolve(st, args[0]);
  uint32_t next = 1;
  const char *rd = "printf format read";
  uint64_t i = 0;
  for (;;) {
    uint8_t c;
    if (!fmt_byte(st, fmt, i++, rd, loc, &c)) return false;
    if (c == 0) return true;
    if (c != '%') {
      char ch = (char)c;
      strbuf_append(out, &ch, 1);
      continue;
    }
    /* One conversion: %[flags][width][.precision][length]conv */
    char spec[32];
    size_t sl = 0;
    spec[sl++] = '%';
    if (!fmt_byte(st, fmt, i++, rd, loc, &c)) return false;
    while (c && strchr("-+ #0'", c)) {
      if (sl < 12) spec[sl++] = (char)c;
      if (!fmt_byte(st, fmt, i++, rd, loc, &c)) return false;
    }
    bool hw = false, hp = false;
    int w = 0, p = 0;
    if (c == '*') {
      if (next >= nargs) goto missing;
      w = (int)ir_sext(args[next++].bits, 32);
      hw = true;
      if (!fmt_byte(st, fmt, i++, rd, loc, &c)) return false;
    } else {
      while (c >= '0' && c <= '9') {
        if (w > MAX_FIELD) goto too_large;
        w = w * 10 + (c - '0');
        hw = true;
        if (!fmt_byte(st, fmt, i++, rd, loc, &c)) return false;
      }
    }
    if (hw && (w > MAX_FIELD || w < -MAX_FIELD)) goto too_large;
    if (c == '.') {
      hp = true;
      if (!fmt_byte(st, fmt, i++, rd, loc, &c)) return false;
      if (c == '*') {
        if (next >= nargs) goto missing;
        p = (int)ir_sext(args[next++].bits, 32);
        if (!fmt_byte(st, fmt, i++, rd, loc, &c)) return false;
      } else {
        while (c >= '0' && c <= '9') {
          if (p > MAX_FIELD) goto too_large;
          p = p * 10 + (c - '0');
          if (!fmt_byte(st, fmt, i++, rd, loc, &c)) return false;
        }
      }
      if (p > MAX_FIELD) goto too_large;
    }
    if (hw) spec[sl++] = '*';
    if (hp) {
      spec[sl++] = '.';
      spec[sl++] = '*';
    }
    /* Length modifier: the width in bits the argument is cut to. */
    unsigned lbits = 32;
    bool lmod = false, ell = false; /* ell: exactly one 'l' */
    if (c == 'h') {
      lmod = true;
      lbits = 16;
      if (!fmt_byte(st, fmt, i++, rd, loc, &c)) return false;
      if (c == 'h') {
        lbits = 8;
        if (!fmt_byte(st, fmt, i++, rd, loc, &c)) return false;
      }
    } else if (c == 'l') {
      lmod = ell = true;
      lbits = st->pw;
      if (!fmt_byte(st, fmt, i++, rd, loc, &c)) return false;
      if (c == 'l') {
        ell = false;
        lbits = 64;
        if (!fmt_byte(st, fmt, i++, rd, loc, &c)) return false;
      }
    } else if (c == 'z' || c == 't' || c == 'j') {
      lmod = true;
      lbits = c == 'j' ? 64 : st->pw;
      if (!fmt_byte(st, fmt, i++, rd, loc, &c)) return false;
    }
    if (c == '%') {
      strbuf_append(out, "%", 1);
      continue;
    }
    if (c == 0) {
      interp_end_unsupported(st, loc, "printf format ending inside a conversion");
      return false;
    }
    ival a;
    switch (c) {
    case 'd': case 'i': {
      if (next >= nargs) goto missing;
      a = args[next++];
      long long v = (long long)ir_sext(a.bits, lbits);
      memcpy(spec + sl, "lld", 4);
      EMIT(st, out, loc, spec, hw, w, hp, p, v);
      break;
    }
    case 'u': case 'x': case 'X': case 'o': {
      if (next >= nargs) goto missing;
      a = args[next++];
      unsigned long long v = (unsigned long long)(a.bits & ir_mask(lbits));
      spec[sl] = 'l';
      spec[sl + 1] = 'l';
      spec[sl + 2] = (char)c;
      spec[sl + 3] = 0;
      EMIT(st, out, loc, spec, hw, w, hp, p, v);
      break;
    }
    case 'c': {
      if (lmod) goto unsupported;
      if (next >= nargs) goto missing;
      a = args[next++];
      int v = (int)(uint8_t)a.bits;
      memcpy(spec + sl, "c", 2);
      EMIT(st, out, loc, spec, hw, w, hp, p, v);
      break;
    }
    case 's': {
      if (lmod) goto unsupported;
      if (next >= nargs) goto missing;
      ival s = mem_resolve(st, args[next++]);
      uint64_t max = hp && p >= 0 ? (uint64_t)p : UINT64_MAX;
      strbuf str = {0};
      for (uint64_t k = 0; k < max; k++) {
        uint8_t ch;
        if (!fmt_byte(st, s, k, "printf %s read", loc, &ch)) {
          strbuf_free(&str);
          return false;
        }
        if (ch == 0) break;
        char cc = (char)ch;
        strbuf_append(&str, &cc, 1);
      }
      if (!str.data) strbuf_append(&str, "", 0);
      memcpy(spec + sl, "s", 2);
      const char *sv = str.data;
      /* The host must not read beyond what we read: precision is honoured by
       * cutting the string above; pass the rest unchanged. */
      int n_ = HOSTFMT(NULL, 0, spec, hw, w, hp, p, sv);
      if (n_ >= 0) {
        char *b_ = xmalloc((size_t)n_ + 1);
        HOSTFMT(b_, (size_t)n_ + 1, spec, hw, w, hp, p, sv);
        strbuf_append(out, b_, (size_t)n_);
        free(b_);
      }
      strbuf_free(&str);
      break;
    }
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': {
      /* a double (a float argument arrives promoted); %lf means the same */
      if (lmod && !ell) goto unsupported;
      if (next >= nargs) goto missing;
      a = args[next++];
      double v;
      memcpy(&v, &a.bits, sizeof v);
      spec[sl] = (char)c;
      spec[sl + 1] = 0;
      EMIT(st, out, loc, spec, hw, w, hp, p, v);
      break;
    }
    case 'p': {
      if (lmod) goto unsupported;
      if (next >= nargs) goto missing;
      a = args[next++];
      void *v = (void *)(uintptr_t)a.bits;
      memcpy(spec + sl, "p", 2);
      EMIT(st, out, loc, spec, hw, w, hp, p, v);
      break;
    }
    default: goto unsupported;
    }
    continue;
  unsupported:
    if (c >= 32 && c < 127)
      interp_end_unsupported(st, loc, "printf conversion '%%%c'%s", c, lmod ? " with a length modifier" : "");
    else
      interp_end_unsupported(st, loc, "printf conversion with byte 0x%02x", c);
    return false;
  }
missing:
  interp_end_ub(st, INTERP_UB_BAD_FORMAT, loc, "printf: missing argument %u for the format", next);
  return false;
too_large:
  interp_end_unsupported(st, loc, "printf field width or precision above %d", MAX_FIELD);
  return false;
}
