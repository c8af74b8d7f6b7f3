/* interp builtins: the library functions the interpreter models, selected by
 * ir_builtin (see interp.h, "Builtins", for the documented choices).
 *
 * Every byte a builtin reads or writes goes through mem_check like a load or
 * store, with the builtin's name in the message ("memcpy write of 8 bytes at
 * offset 4 of 'buf' (size 8)"). Pointers without provenance are resolved by
 * address once, at entry, so that running off the end of an object is
 * reported as out-of-bounds of that object. A size of 0 touches nothing. */
#include <string.h>

#include "internal.h"

/* Checks n bytes at p (n may be 0: no check); *id, *off for the copy. */
static bool access(interp_state *st, ival p, uint64_t n, const char *what, bool write, ir_loc loc, uint32_t *id,
                   uint64_t *off) {
  *id = 0;
  *off = 0;
  if (n == 0) return true;
  *id = mem_check(st, p, n, what, write, loc, off);
  return *id != 0;
}

static ival ptr_add(const interp_state *st, ival p, uint64_t k) {
  p.bits = (p.bits + k) & st->pmask;
  return p;
}

/* Byte i of the string at p, checked. */
static bool read_byte(interp_state *st, ival p, uint64_t i, const char *what, ir_loc loc, uint8_t *c) {
  uint64_t off;
  uint32_t id = mem_check(st, ptr_add(st, p, i), 1, what, false, loc, &off);
  if (!id) return false;
  *c = mem_get_byte(st, id, off, loc);
  return !st->done;
}

bool interp_strlen(interp_state *st, ival p, uint64_t max, const char *what, ir_loc loc, uint64_t *len) {
  p = mem_resolve(st, p);
  for (uint64_t i = 0; i < max; i++) {
    uint8_t c;
    if (!read_byte(st, p, i, what, loc, &c)) return false;
    if (c == 0) {
      *len = i;
      return true;
    }
  }
  *len = max;
  return true;
}

/* Two ranges of n and k bytes overlap (and are not the very same start). */
static bool overlap(const interp_state *st, ival d, uint64_t n, ival s, uint64_t k) {
  if (n == 0 || k == 0 || d.bits == s.bits) return false;
  (void)st;
  return d.bits < s.bits + k && s.bits < d.bits + n;
}

static void output(interp_state *st, const char *s, size_t n) {
  if (st->opt->out && n) fwrite(s, 1, n, st->opt->out);
}

static bool heap_free(interp_state *st, ival p, const char *via, ir_loc loc) {
  if (p.bits == 0 && !p.prov) return true; /* free(NULL) */
  uint32_t id = p.prov ? p.prov : mem_lookup(st, p.bits);
  char db[512], lb[256];
  if (!id) {
    interp_end_ub(st, INTERP_UB_INVALID_FREE, loc, "%s of address 0x%llx, which is in no object", via,
                  (unsigned long long)p.bits);
    return false;
  }
  iobj *o = mem_obj(st, id);
  mem_describe(st, id, db, sizeof db);
  if (o->kind != OBJ_HEAP) {
    const char *k = o->kind == OBJ_STACK ? "stack object " : o->kind == OBJ_FUNC ? "" : "non-heap object ";
    interp_end_ub(st, INTERP_UB_INVALID_FREE, loc, "%s of %s%s", via, k, db);
    return false;
  }
  if (p.bits != o->base) {
    interp_end_ub(st, INTERP_UB_INVALID_FREE, loc, "%s of a pointer to offset %lld of %s, not its start", via,
                  (long long)ir_sext((p.bits - o->base) & st->pmask, st->pw), db);
    return false;
  }
  if (o->state == OBJ_FREED) {
    interp_end_ub(st, INTERP_UB_DOUBLE_FREE, loc, "%s of %s, already freed at %s", via, db,
                  interp_loc(st, o->end_loc, lb, sizeof lb));
    return false;
  }
  mem_kill(st, id, OBJ_FREED, loc);
  return true;
}

static bool need_args(interp_state *st, const ir_func *g, const ir_inst *in, uint32_t nargs, uint32_t need) {
  if (nargs >= need) return true;
  interp_end_ub(st, INTERP_UB_INVALID_CALL, in->loc, "call of '%s' with %u argument(s), it takes %u", g->name, nargs,
                need);
  return false;
}

static void do_realloc(interp_state *st, const ir_inst *in, ival p, uint64_t n, ival *ret) {
  if (p.bits == 0 && !p.prov) {
    uint32_t id = mem_heap_alloc(st, n, false, "realloc", in->loc);
    if (id) *ret = mem_ptr(st, id, 0);
    return;
  }
  uint32_t old = p.prov ? p.prov : mem_lookup(st, p.bits);
  /* Validate p as free() would, without freeing yet. */
  if (!old || mem_obj(st, old)->kind != OBJ_HEAP || mem_obj(st, old)->state != OBJ_LIVE ||
      p.bits != mem_obj(st, old)->base) {
    heap_free(st, p, "realloc", in->loc); /* reports the right kind of UB */
    if (!st->done) interp_end_ub(st, INTERP_UB_INVALID_FREE, in->loc, "realloc of an invalid pointer");
    return;
  }
  if (n == 0) { /* glibc: frees and returns NULL */
    heap_free(st, p, "realloc", in->loc);
    return;
  }
  uint32_t id = mem_heap_alloc(st, n, false, "realloc", in->loc);
  if (!id) return; /* NULL, p untouched */
  uint64_t keep = mem_obj(st, old)->size < n ? mem_obj(st, old)->size : n;
  mem_copy(st, id, 0, old, 0, keep);
  mem_kill(st, old, OBJ_FREED, in->loc);
  *ret = mem_ptr(st, id, 0);
}

static int cmp_bytes(uint8_t a, uint8_t b) { return (int)a - (int)b; }

void interp_builtin(interp_state *st, ir_builtin b, const ir_func *g, const ir_inst *in, const ival *args,
                    uint32_t nargs, ival *ret) {
  ir_loc loc = in->loc;
  uint32_t id, id2;
  uint64_t off, off2, len, len2;
  ret->bits = 0;
  ret->prov = 0;
  switch (b) {
  case IR_BUILTIN_NONDET:
    if (in->type.kind != IR_TY_VOID)
      ret->bits = interp_nondet_next(st, in->type.bits, in->type.kind == IR_TY_PTR, INTERP_ND_CALL, loc,
                                     (uint32_t)(g - st->m->funcs.data));
    return;
  case IR_BUILTIN_ASSUME:
    if (!need_args(st, g, in, nargs, 1)) return;
    if ((args[0].bits & ir_mask(in->ops[in->callee == IR_NONE ? 1 : 0].type.bits)) == 0)
      interp_end(st, INTERP_INFEASIBLE, loc, NULL);
    return;
  case IR_BUILTIN_REACH_ERROR:
  case IR_BUILTIN_VERIFIER_ERROR:
  case IR_BUILTIN_ASSERT_FAIL:
    interp_end(st, INTERP_ERROR_REACHED, loc, NULL);
    st->res->error_fn = b;
    return;
  case IR_BUILTIN_ATOMIC_BEGIN:
  case IR_BUILTIN_ATOMIC_END: return;
  case IR_BUILTIN_ABORT: interp_end(st, INTERP_ABORT, loc, NULL); return;
  case IR_BUILTIN_TRAP: interp_end(st, INTERP_TRAP, loc, NULL); return;
  case IR_BUILTIN_EXIT:
    if (!need_args(st, g, in, nargs, 1)) return;
    interp_end_exit(st, (int32_t)ir_sext(args[0].bits, 32), loc, true);
    return;

  /* ---- memory ---- */
  case IR_BUILTIN_MALLOC:
    if (!need_args(st, g, in, nargs, 1)) return;
    if ((id = mem_heap_alloc(st, args[0].bits, false, "malloc", loc))) *ret = mem_ptr(st, id, 0);
    return;
  case IR_BUILTIN_CALLOC:
    if (!need_args(st, g, in, nargs, 2)) return;
    if (__builtin_mul_overflow(args[0].bits, args[1].bits, &len) || len > st->pmask) return; /* NULL */
    if ((id = mem_heap_alloc(st, len, true, "calloc", loc))) *ret = mem_ptr(st, id, 0);
    return;
  case IR_BUILTIN_REALLOC:
    if (!need_args(st, g, in, nargs, 2)) return;
    do_realloc(st, in, args[0], args[1].bits, ret);
    return;
  case IR_BUILTIN_FREE:
    if (!need_args(st, g, in, nargs, 1)) return;
    heap_free(st, args[0], "free", loc);
    return;
  case IR_BUILTIN_ALLOCA:
    if (!need_args(st, g, in, nargs, 1)) return;
    if ((id = mem_stack_alloc(st, args[0].bits, 16, NULL, loc))) *ret = mem_ptr(st, id, 0);
    return;
  case IR_BUILTIN_STACKSAVE:
    /* A token: the number of stack objects so far. */
    ret->bits = st->allocas.len & st->pmask;
    return;
  case IR_BUILTIN_STACKRESTORE: {
    if (!need_args(st, g, in, nargs, 1)) return;
    size_t from = st->frames.data[st->frames.len - 1].allocas;
    uint64_t tok = args[0].bits;
    if (tok >= from && tok <= st->allocas.len) {
      for (size_t i = (size_t)tok; i < st->allocas.len; i++) mem_kill(st, st->allocas.data[i], OBJ_DEAD, loc);
      st->allocas.len = (size_t)tok;
    }
    return;
  }
  case IR_BUILTIN_MEMSET:
    if (!need_args(st, g, in, nargs, 3)) return;
    if (!access(st, mem_resolve(st, args[0]), args[2].bits, "memset", true, loc, &id, &off)) return;
    if (id) mem_fill(st, id, off, args[2].bits, (uint8_t)args[1].bits);
    *ret = args[0];
    return;
  case IR_BUILTIN_MEMCPY:
  case IR_BUILTIN_MEMMOVE: {
    if (!need_args(st, g, in, nargs, 3)) return;
    bool cpy = b == IR_BUILTIN_MEMCPY;
    ival d = mem_resolve(st, args[0]), s = mem_resolve(st, args[1]);
    uint64_t n = args[2].bits;
    if (!access(st, s, n, cpy ? "memcpy read" : "memmove read", false, loc, &id2, &off2)) return;
    if (!access(st, d, n, cpy ? "memcpy write" : "memmove write", true, loc, &id, &off)) return;
    if (cpy && overlap(st, d, n, s, n)) {
      interp_end_ub(st, INTERP_UB_OVERLAP, loc, "memcpy of %llu bytes between overlapping ranges",
                    (unsigned long long)n);
      return;
    }
    if (id) mem_copy(st, id, off, id2, off2, n);
    *ret = args[0];
    return;
  }
  case IR_BUILTIN_MEMCMP: {
    if (!need_args(st, g, in, nargs, 3)) return;
    ival p = mem_resolve(st, args[0]), q = mem_resolve(st, args[1]);
    uint64_t n = args[2].bits;
    if (!access(st, p, n, "memcmp read", false, loc, &id, &off)) return;
    if (!access(st, q, n, "memcmp read", false, loc, &id2, &off2)) return;
    for (uint64_t i = 0; i < n && !st->done; i++) {
      int c = cmp_bytes(mem_get_byte(st, id, off + i, loc), mem_get_byte(st, id2, off2 + i, loc));
      if (c) {
        ret->bits = (uint64_t)(int64_t)c & ir_mask(in->type.bits);
        return;
      }
    }
    return;
  }

  /* ---- strings ---- */
  case IR_BUILTIN_STRLEN:
    if (!need_args(st, g, in, nargs, 1)) return;
    if (interp_strlen(st, args[0], UINT64_MAX, "strlen read", loc, &len)) ret->bits = len & st->pmask;
    return;
  case IR_BUILTIN_STRNLEN:
    if (!need_args(st, g, in, nargs, 2)) return;
    if (interp_strlen(st, args[0], args[1].bits, "strnlen read", loc, &len)) ret->bits = len & st->pmask;
    return;
  case IR_BUILTIN_STRCPY:
  case IR_BUILTIN_STRNCPY: {
    bool bounded = b == IR_BUILTIN_STRNCPY;
    if (!need_args(st, g, in, nargs, bounded ? 3 : 2)) return;
    const char *nm = bounded ? "strncpy" : "strcpy";
    char rd[32], wr[32];
    snprintf(rd, sizeof rd, "%s read", nm);
    snprintf(wr, sizeof wr, "%s write", nm);
    ival d = mem_resolve(st, args[0]), s = mem_resolve(st, args[1]);
    uint64_t max = bounded ? args[2].bits : UINT64_MAX;
    if (!interp_strlen(st, s, max, rd, loc, &len)) return;
    /* strcpy copies len + 1 bytes; strncpy copies min(len, n) and pads to n. */
    uint64_t copy = bounded ? len : len + 1, total = bounded ? max : len + 1;
    if (!access(st, d, total, wr, true, loc, &id, &off)) return;
    if (overlap(st, d, total, s, bounded && len < max ? len + 1 : copy)) {
      interp_end_ub(st, INTERP_UB_OVERLAP, loc, "%s between overlapping ranges", nm);
      return;
    }
    if (copy) {
      uint64_t soff;
      uint32_t sid = mem_check(st, s, copy, rd, false, loc, &soff);
      if (!sid) return;
      mem_copy(st, id, off, sid, soff, copy);
    }
    if (total > copy) mem_fill(st, id, off + copy, total - copy, 0);
    *ret = args[0];
    return;
  }
  case IR_BUILTIN_STRCAT:
  case IR_BUILTIN_STRNCAT: {
    bool bounded = b == IR_BUILTIN_STRNCAT;
    if (!need_args(st, g, in, nargs, bounded ? 3 : 2)) return;
    const char *nm = bounded ? "strncat" : "strcat";
    char rd[32], wr[32];
    snprintf(rd, sizeof rd, "%s read", nm);
    snprintf(wr, sizeof wr, "%s write", nm);
    ival d = mem_resolve(st, args[0]), s = mem_resolve(st, args[1]);
    if (!interp_strlen(st, d, UINT64_MAX, rd, loc, &len)) return;
    if (!interp_strlen(st, s, bounded ? args[2].bits : UINT64_MAX, rd, loc, &len2)) return;
    ival end = ptr_add(st, d, len);
    if (!access(st, end, len2 + 1, wr, true, loc, &id, &off)) return;
    if (overlap(st, d, len + len2 + 1, s, len2 + 1)) {
      interp_end_ub(st, INTERP_UB_OVERLAP, loc, "%s between overlapping ranges", nm);
      return;
    }
    if (len2) {
      uint64_t soff;
      uint32_t sid = mem_check(st, s, len2, rd, false, loc, &soff);
      if (!sid) return;
      mem_copy(st, id, off, sid, soff, len2);
    }
    mem_fill(st, id, off + len2, 1, 0);
    *ret = args[0];
    return;
  }
  case IR_BUILTIN_STRCMP:
  case IR_BUILTIN_STRNCMP: {
    bool bounded = b == IR_BUILTIN_STRNCMP;
    if (!need_args(st, g, in, nargs, bounded ? 3 : 2)) return;
    const char *rd = bounded ? "strncmp read" : "strcmp read";
    ival p = mem_resolve(st, args[0]), q = mem_resolve(st, args[1]);
    uint64_t max = bounded ? args[2].bits : UINT64_MAX;
    for (uint64_t i = 0; i < max; i++) {
      uint8_t x, y;
      if (!read_byte(st, p, i, rd, loc, &x) || !read_byte(st, q, i, rd, loc, &y)) return;
      if (x != y || x == 0) {
        ret->bits = (uint64_t)(int64_t)cmp_bytes(x, y) & ir_mask(in->type.bits);
        return;
      }
    }
    return;
  }
  case IR_BUILTIN_STRCHR:
  case IR_BUILTIN_STRRCHR: {
    if (!need_args(st, g, in, nargs, 2)) return;
    const char *rd = b == IR_BUILTIN_STRCHR ? "strchr read" : "strrchr read";
    ival p = mem_resolve(st, args[0]);
    uint8_t c = (uint8_t)args[1].bits;
    bool found = false;
    uint64_t at = 0;
    for (uint64_t i = 0;; i++) {
      uint8_t x;
      if (!read_byte(st, p, i, rd, loc, &x)) return;
      if (x == c) {
        found = true;
        at = i;
        if (b == IR_BUILTIN_STRCHR) break;
      }
      if (x == 0) break;
    }
    if (found) *ret = ptr_add(st, args[0], at);
    return;
  }
  case IR_BUILTIN_STRDUP: {
    if (!need_args(st, g, in, nargs, 1)) return;
    ival s = mem_resolve(st, args[0]);
    if (!interp_strlen(st, s, UINT64_MAX, "strdup read", loc, &len)) return;
    if (!(id = mem_heap_alloc(st, len + 1, false, "strdup", loc))) return; /* NULL */
    uint32_t sid = mem_check(st, s, len + 1, "strdup read", false, loc, &off);
    if (!sid) return;
    mem_copy(st, id, 0, sid, off, len + 1);
    *ret = mem_ptr(st, id, 0);
    return;
  }

  case IR_BUILTIN_MEMCHR: {
    /* Reads (checked) up to the first match, at most n bytes. */
    if (!need_args(st, g, in, nargs, 3)) return;
    ival p = mem_resolve(st, args[0]);
    uint8_t c = (uint8_t)args[1].bits;
    for (uint64_t i = 0; i < args[2].bits; i++) {
      uint8_t x;
      if (!read_byte(st, p, i, "memchr read", loc, &x)) return;
      if (x == c) {
        *ret = ptr_add(st, args[0], i);
        return;
      }
    }
    return;
  }
  case IR_BUILTIN_STRSTR: {
    if (!need_args(st, g, in, nargs, 2)) return;
    ival h = mem_resolve(st, args[0]), n = mem_resolve(st, args[1]);
    if (!interp_strlen(st, n, UINT64_MAX, "strstr read", loc, &len)) return;
    /* Every haystack byte up to its terminator (or the first match) is read, checked. */
    for (uint64_t i = 0;; i++) {
      bool match = true;
      for (uint64_t j = 0; j < len && match; j++) {
        uint8_t x, y;
        if (!read_byte(st, h, i + j, "strstr read", loc, &x) || !read_byte(st, n, j, "strstr read", loc, &y)) return;
        if (x == 0) return; /* haystack ended: NULL */
        match = x == y;
      }
      if (match) {
        *ret = ptr_add(st, args[0], i);
        return;
      }
      uint8_t x;
      if (!read_byte(st, h, i, "strstr read", loc, &x)) return;
      if (x == 0) return;
    }
  }

  /* ---- output ---- */
  case IR_BUILTIN_SPRINTF:
  case IR_BUILTIN_SNPRINTF: {
    /* sprintf(dst, fmt, ...) / snprintf(dst, n, fmt, ...): format as printf,
     * then write the (truncated) text and its terminator into dst, checked. */
    bool bounded = b == IR_BUILTIN_SNPRINTF;
    uint32_t fmt_at = bounded ? 2 : 1;
    if (!need_args(st, g, in, nargs, fmt_at + 1)) return;
    strbuf out = {0};
    if (interp_format(st, args + fmt_at, nargs - fmt_at, loc, &out)) {
      uint64_t cap = bounded ? args[1].bits : UINT64_MAX;
      uint64_t text = out.len < cap ? out.len : (cap ? cap - 1 : 0);
      uint64_t total = cap ? text + 1 : 0;
      const char *wr = bounded ? "snprintf write" : "sprintf write";
      if (total && access(st, args[0], total, wr, true, loc, &id, &off)) {
        for (uint64_t i = 0; i < text; i++) mem_fill(st, id, off + i, 1, (uint8_t)out.data[i]);
        mem_fill(st, id, off + text, 1, 0);
      }
      if (!st->done)
        ret->bits = (uint64_t)(out.len > 0x7fffffff ? 0x7fffffff : out.len) & ir_mask(in->type.bits);
    }
    strbuf_free(&out);
    return;
  }
  case IR_BUILTIN_PRINTF: {
    if (!need_args(st, g, in, nargs, 1)) return;
    strbuf out = {0};
    if (interp_format(st, args, nargs, loc, &out)) {
      output(st, out.data, out.len);
      ret->bits = (uint64_t)(out.len > 0x7fffffff ? 0x7fffffff : out.len) & ir_mask(in->type.bits);
    }
    strbuf_free(&out);
    return;
  }
  case IR_BUILTIN_PUTS: {
    if (!need_args(st, g, in, nargs, 1)) return;
    ival s = mem_resolve(st, args[0]);
    if (!interp_strlen(st, s, UINT64_MAX, "puts read", loc, &len)) return;
    for (uint64_t i = 0; i < len; i++) {
      uint8_t c;
      if (!read_byte(st, s, i, "puts read", loc, &c)) return;
      output(st, (const char *)&c, 1);
    }
    output(st, "\n", 1);
    ret->bits = (len + 1 > 0x7fffffff ? 0x7fffffff : len + 1) & ir_mask(in->type.bits);
    return;
  }
  case IR_BUILTIN_PUTCHAR: {
    if (!need_args(st, g, in, nargs, 1)) return;
    char c = (char)(uint8_t)args[0].bits;
    output(st, &c, 1);
    ret->bits = (uint8_t)args[0].bits;
    return;
  }
  default:
    interp_end_unsupported(st, loc, "builtin '%s'", ir_builtin_name(b));
    return;
  }
}
