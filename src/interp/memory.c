/* interp memory: objects, the address map, bytes with provenance and
 * uninitialised bits, the dereference check and the leak check.
 * See interp.h ("The story of the data") for the model and internal.h for
 * the lazy storage conventions. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---- storage -------------------------------------------------------------- */
/* Storage is calloc'd on first need; when the host refuses (a huge object
 * under a memory limit) the run ends OUT_OF_RESOURCES instead of the process. */
static bool host_failed(interp_state *st, uint64_t n) {
  interp_end_resources(st, st->cur_loc, "host memory exhausted materialising %llu bytes", (unsigned long long)n);
  return false;
}

static bool need_bytes(interp_state *st, iobj *o) {
  if (o->bytes) return true;
  o->bytes = calloc(o->size ? (size_t)o->size : 1, 1);
  return o->bytes ? true : host_failed(st, o->size);
}

static bool need_prov(interp_state *st, iobj *o) {
  if (o->prov) return true;
  o->prov = calloc(o->size ? (size_t)o->size : 1, sizeof *o->prov);
  return o->prov ? true : host_failed(st, o->size * sizeof *o->prov);
}

/* The bitmap has a bit set per *defined* byte, so that a fresh bitmap from
 * calloc (all undefined) costs no touched pages even for huge objects. */
static bool is_undef(const iobj *o, uint64_t i) {
  assert(i < o->size);
  if (o->undef_all) return true;
  return o->undef && !(o->undef[i >> 3] >> (i & 7) & 1);
}

static size_t bitmap_bytes(const iobj *o) {
  size_t n = (size_t)((o->size + 7) / 8);
  return n ? n : 1;
}

/* Turns undef_all into an explicit bitmap (all undefined). */
static void need_undef_bitmap(iobj *o) {
  if (!o->undef_all) return;
  o->undef = xcalloc(bitmap_bytes(o), 1);
  o->n_undef = o->size;
  o->undef_all = false;
}

static void drop_bitmap_if_clean(iobj *o) {
  if (o->undef && o->n_undef == 0) {
    free(o->undef);
    o->undef = NULL;
  }
}

/* Marks bytes [off, off+n) initialised: bit by bit at the edges, a byte (8
 * object bytes) at a time in between. */
static void define_range(iobj *o, uint64_t off, uint64_t n) {
  if (n == 0) return;
  assert(off <= o->size && n <= o->size - off);
  if (o->undef_all) {
    if (off == 0 && n == o->size) {
      o->undef_all = false;
      return;
    }
    need_undef_bitmap(o);
  }
  if (!o->undef) return;
  uint64_t i = off, end = off + n;
  for (; i < end && (i & 7); i++) {
    uint8_t bit = (uint8_t)(1u << (i & 7));
    if (!(o->undef[i >> 3] & bit)) {
      o->undef[i >> 3] |= bit;
      o->n_undef--;
    }
  }
  for (; i + 8 <= end; i += 8) {
    uint8_t *b = &o->undef[i >> 3];
    if (*b != 0xff) {
      o->n_undef -= 8 - (uint64_t)__builtin_popcount(*b);
      *b = 0xff;
    }
  }
  for (; i < end; i++) {
    uint8_t bit = (uint8_t)(1u << (i & 7));
    if (!(o->undef[i >> 3] & bit)) {
      o->undef[i >> 3] |= bit;
      o->n_undef--;
    }
  }
  assert(o->n_undef <= o->size);
  drop_bitmap_if_clean(o);
}

static void undefine_byte(iobj *o, uint64_t i) {
  assert(i < o->size);
  if (o->undef_all) return;
  if (!o->undef) { /* everything defined so far */
    o->undef = xmalloc(bitmap_bytes(o));
    memset(o->undef, 0xff, bitmap_bytes(o));
    o->n_undef = 0;
  }
  uint8_t bit = (uint8_t)(1u << (i & 7));
  if (o->undef[i >> 3] & bit) {
    o->undef[i >> 3] &= (uint8_t)~bit;
    o->n_undef++;
  }
}

static bool any_undef(const iobj *o, uint64_t off, uint64_t n) {
  assert(off <= o->size && n <= o->size - off);
  if (o->undef_all) return n > 0;
  if (!o->undef) return false;
  for (uint64_t i = off; i < off + n; i++)
    if (is_undef(o, i)) return true;
  return false;
}

static void clear_prov(iobj *o, uint64_t off, uint64_t n) {
  assert(off <= o->size && n <= o->size - off);
  if (o->prov) memset(o->prov + off, 0, (size_t)n * sizeof *o->prov);
}

static void release(iobj *o) {
  free(o->bytes);
  free(o->prov);
  free(o->undef);
  o->bytes = NULL;
  o->prov = NULL;
  o->undef = NULL;
  o->undef_all = false;
  o->n_undef = 0;
}

/* ---- objects and addresses ------------------------------------------------ */
uint32_t mem_new(interp_state *st, obj_kind kind, uint64_t size, uint64_t align, const char *name, ir_loc loc) {
  if (st->objs.len >= INTERP_MAX_OBJECTS) return 0;
  /* Round to the alignment (at least 16, a power of two) and keep a gap. */
  uint64_t a = INTERP_GAP;
  while (a < align && a < ((uint64_t)1 << 32)) a <<= 1;
  uint64_t base = (st->next_addr + a - 1) & ~(a - 1);
  if (base < st->next_addr || base > st->addr_end) return 0;
  uint64_t span = size ? size : 1;
  if (span > st->addr_end - base || INTERP_GAP > st->addr_end - base - span) return 0;
  st->next_addr = base + span + INTERP_GAP;
  /* mem_lookup's binary search needs ids to grow with addresses */
  assert(st->objs.len >= 1 && st->objs.data[st->objs.len - 1].base < base);
  assert((base & (a - 1)) == 0);
  iobj o = {0};
  o.base = base;
  o.size = size;
  o.kind = (uint8_t)kind;
  o.state = OBJ_LIVE;
  o.name = name;
  o.loc = loc;
  o.end_loc = ir_loc_none();
  VEC_PUSH(st->objs, o);
  return (uint32_t)(st->objs.len - 1);
}

uint32_t mem_lookup(const interp_state *st, uint64_t addr) {
  /* Ids grow with addresses: binary search for the last base <= addr. */
  size_t lo = 1, hi = st->objs.len;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (st->objs.data[mid].base <= addr) lo = mid + 1;
    else hi = mid;
  }
  if (lo <= 1) return 0;
  const iobj *o = &st->objs.data[lo - 1];
  uint64_t span = o->size ? o->size : 1;
  return addr - o->base < span ? (uint32_t)(lo - 1) : 0;
}

ival mem_resolve(const interp_state *st, ival p) {
  if (!p.prov) p.prov = mem_lookup(st, p.bits);
  return p;
}

bool mem_init(interp_state *st) {
  const ir_module *m = st->m;
  VEC_PUSH(st->objs, (iobj){0}); /* id 0: no object */
  assert(st->objs.len == 1);
  st->next_addr = INTERP_FIRST_ADDR;
  /* Keep the top page free so that p + size never wraps. */
  st->addr_end = st->pmask - 0xfff;
  st->func_obj = xcalloc(m->funcs.len + 1, sizeof *st->func_obj);
  st->global_obj = xcalloc(m->globals.len + 1, sizeof *st->global_obj);
  for (size_t i = 0; i < m->funcs.len; i++) {
    const ir_func *f = &m->funcs.data[i];
    uint32_t id = mem_new(st, OBJ_FUNC, 0, 16, f->name, f->loc);
    if (!id) {
      interp_end_resources(st, f->loc, "address space exhausted by functions");
      return false;
    }
    mem_obj(st, id)->ref = (uint32_t)i;
    st->func_obj[i] = id;
  }
  for (size_t i = 0; i < m->globals.len; i++) {
    const ir_global *g = &m->globals.data[i];
    if (g->size > st->opt->object_limit) {
      interp_end_resources(st, g->loc, "global '%s' of %llu bytes exceeds the object limit", g->name,
                           (unsigned long long)g->size);
      return false;
    }
    uint32_t id = mem_new(st, g->external ? OBJ_EXTERN : OBJ_GLOBAL, g->size, g->align, g->name, g->loc);
    if (!id) {
      interp_end_resources(st, g->loc, "address space exhausted by globals");
      return false;
    }
    iobj *o = mem_obj(st, id);
    o->ref = (uint32_t)i;
    o->readonly = g->constant;
    /* an external global: contents unknown, drawn when first read */
    if (g->external) o->undef_all = !st->opt->uninit_zero && g->size > 0;
    if (g->external && st->opt->keep_externals)
      VEC_PUSH(st->res->externals, ((interp_extern){(uint32_t)i, g->size, xcalloc(g->size ? g->size : 1, 1)}));
    if (g->init && g->size) {
      st->cur_loc = g->loc;
      if (!need_bytes(st, o)) return false;
      memcpy(o->bytes, g->init, (size_t)g->size);
    }
    st->global_obj[i] = id;
  }
  /* Relocations: now that every address is known. */
  unsigned pb = st->pw / 8;
  for (size_t i = 0; i < m->globals.len; i++) {
    const ir_global *g = &m->globals.data[i];
    for (uint32_t r = 0; r < g->nrelocs; r++) {
      const ir_reloc *rl = &g->relocs[r];
      uint32_t target = 0;
      if (rl->kind == IR_VAL_GLOBAL && rl->target < m->globals.len) target = st->global_obj[rl->target];
      else if (rl->kind == IR_VAL_FUNC && rl->target < m->funcs.len) target = st->func_obj[rl->target];
      if (!target || rl->offset > g->size || pb > g->size - rl->offset) {
        interp_end_unsupported(st, g->loc, "malformed relocation in global '%s'", g->name);
        return false;
      }
      ival v = mem_ptr(st, target, rl->addend);
      mem_store(st, st->global_obj[i], rl->offset, pb, v.bits, v.prov);
    }
  }
  return true;
}

void mem_free_all(interp_state *st) {
  for (size_t i = 0; i < st->objs.len; i++) release(&st->objs.data[i]);
  VEC_FREE(st->objs);
  free(st->func_obj);
  free(st->global_obj);
  st->func_obj = st->global_obj = NULL;
}

void mem_kill(interp_state *st, uint32_t id, obj_state state, ir_loc loc) {
  assert(id != 0);
  iobj *o = mem_obj(st, id);
  if (o->state != OBJ_LIVE) return;
  assert(o->kind != OBJ_HEAP || st->heap_live >= o->size);
  assert(o->kind != OBJ_STACK || st->stack_live >= o->size);
  if (o->kind == OBJ_HEAP) st->heap_live -= o->size;
  if (o->kind == OBJ_STACK) st->stack_live -= o->size;
  o->state = (uint8_t)state;
  o->end_loc = loc;
  release(o);
}

uint32_t mem_heap_alloc(interp_state *st, uint64_t size, bool zero, const char *via, ir_loc loc) {
  uint32_t id = 0;
  if (size <= st->opt->heap_limit - st->heap_live) id = mem_new(st, OBJ_HEAP, size, 16, NULL, loc);
  if (!id) {
    /* SV-COMP tasks assume allocation succeeds: an allocation we cannot
     * model ends the run rather than fabricating a NULL (unless asked to). */
    if (!st->opt->malloc_may_fail)
      interp_end_resources(st, loc, "heap limit (%llu bytes) exceeded by %s of %llu bytes",
                           (unsigned long long)st->opt->heap_limit, via, (unsigned long long)size);
    return 0;
  }
  iobj *o = mem_obj(st, id);
  o->via = via;
  o->undef_all = !zero && !st->opt->uninit_zero && size > 0;
  st->heap_live += size;
  assert(st->heap_live <= st->opt->heap_limit);
  return id;
}

uint32_t mem_stack_alloc(interp_state *st, uint64_t size, uint64_t align, const char *name, ir_loc loc) {
  if (size > st->opt->object_limit || size > st->opt->stack_limit - st->stack_live) {
    interp_end_resources(st, loc, "stack overflow: %llu bytes on the stack, %llu more requested",
                         (unsigned long long)st->stack_live, (unsigned long long)size);
    return 0;
  }
  uint32_t id = mem_new(st, OBJ_STACK, size, align, name, loc);
  if (!id) {
    interp_end_resources(st, loc, "address space exhausted");
    return 0;
  }
  iobj *o = mem_obj(st, id);
  o->undef_all = !st->opt->uninit_zero && size > 0;
  st->stack_live += size;
  assert(st->stack_live <= st->opt->stack_limit);
  VEC_PUSH(st->allocas, id);
  return id;
}

/* ---- descriptions ------------------------------------------------------------ */
const char *mem_describe(const interp_state *st, uint32_t id, char *buf, size_t n) {
  const iobj *o = &st->objs.data[id];
  char lb[256];
  switch (o->kind) {
  case OBJ_FUNC: snprintf(buf, n, "function '%s'", o->name); break;
  case OBJ_HEAP:
    snprintf(buf, n, "heap object from %s at %s", o->via ? o->via : "malloc", interp_loc(st, o->loc, lb, sizeof lb));
    break;
  case OBJ_STACK:
    if (o->name) snprintf(buf, n, "'%s'", o->name);
    else snprintf(buf, n, "stack object allocated at %s", interp_loc(st, o->loc, lb, sizeof lb));
    break;
  default: snprintf(buf, n, "'%s'", o->name ? o->name : "?"); break;
  }
  return buf;
}

/* ---- the dereference check ---------------------------------------------------- */
uint32_t mem_check(interp_state *st, ival p, uint64_t n, const char *what, bool write, ir_loc loc, uint64_t *off) {
  unsigned long long nb = (unsigned long long)n;
  const char *bytes = n == 1 ? "byte" : "bytes";
  uint32_t id = p.prov;
  if (!id) {
    id = mem_lookup(st, p.bits);
    if (!id) {
      if (p.bits < INTERP_NULL_PAGE)
        interp_end_ub(st, INTERP_UB_NULL_DEREF, loc, "%s of %llu %s at address 0x%llx (null pointer)", what, nb,
                      bytes, (unsigned long long)p.bits);
      else
        interp_end_ub(st, INTERP_UB_INVALID_DEREF, loc, "%s of %llu %s at address 0x%llx, which is in no object",
                      what, nb, bytes, (unsigned long long)p.bits);
      return 0;
    }
  }
  iobj *o = mem_obj(st, id);
  char db[512], lb[256];
  mem_describe(st, id, db, sizeof db);
  uint64_t o_off = (p.bits - o->base) & st->pmask;
  long long soff = (long long)ir_sext(o_off, st->pw);
  if (o->kind == OBJ_FUNC) {
    interp_end_ub(st, INTERP_UB_INVALID_DEREF, loc, "%s of %llu %s at %s", what, nb, bytes, db);
    return 0;
  }
  if (o->state == OBJ_FREED) {
    interp_end_ub(st, INTERP_UB_USE_AFTER_FREE, loc, "%s of %llu %s at offset %lld of %s, freed at %s", what, nb,
                  bytes, soff, db, interp_loc(st, o->end_loc, lb, sizeof lb));
    return 0;
  }
  if (o->state == OBJ_DEAD) {
    interp_end_ub(st, INTERP_UB_DANGLING_STACK, loc, "%s of %llu %s at offset %lld of %s, out of scope since %s", what,
                  nb, bytes, soff, db, interp_loc(st, o->end_loc, lb, sizeof lb));
    return 0;
  }
  if (o_off > o->size || n > o->size - o_off) {
    if (o->kind == OBJ_EXTERN && st->m->globals.data[o->ref].incomplete) {
      /* its size is only assumed: beyond it we know nothing */
      interp_end_unsupported(st, loc, "%s of %llu %s at offset %lld of external global '%s', beyond the %llu bytes "
                                      "assumed for its incomplete type",
                             what, nb, bytes, soff, o->name ? o->name : "?", (unsigned long long)o->size);
      return 0;
    }
    if (p.bits < INTERP_NULL_PAGE)
      interp_end_ub(st, INTERP_UB_NULL_DEREF, loc, "%s of %llu %s at address 0x%llx (null pointer)", what, nb, bytes,
                    (unsigned long long)p.bits);
    else
      interp_end_ub(st, INTERP_UB_OUT_OF_BOUNDS, loc, "%s of %llu %s at offset %lld of %s (size %llu)", what, nb,
                    bytes, soff, db, (unsigned long long)o->size);
    return 0;
  }
  if (write && o->readonly) {
    interp_end_ub(st, INTERP_UB_WRITE_CONST, loc, "%s of %llu %s at offset %lld of constant %s", what, nb, bytes, soff,
                  db);
    return 0;
  }
  *off = o_off;
  return id;
}

/* ---- reading and writing ------------------------------------------------------- */
uint64_t mem_load(interp_state *st, uint32_t id, uint64_t off, unsigned n, unsigned bits, bool pointer, ir_loc loc,
                  uint32_t *prov) {
  iobj *o = mem_obj(st, id);
  /* the caller checked the access (mem_check) */
  assert(n >= 1 && n <= 8);
  assert(id != 0 && o->state == OBJ_LIVE && off <= o->size && n <= o->size - off);
  *prov = 0;
  if (any_undef(o, off, n)) {
    /* One draw for the whole load; it fills only the uninitialised bytes. */
    uint64_t v = interp_nondet_next(st, bits, pointer, INTERP_ND_UNINIT, loc, IR_NONE);
    o = mem_obj(st, id);
    need_undef_bitmap(o);
    interp_extern *ext = NULL; /* an external global's first contents, kept */
    for (size_t k = 0; o->kind == OBJ_EXTERN && k < st->res->externals.len; k++)
      if (st->res->externals.data[k].global == o->ref) ext = &st->res->externals.data[k];
    for (unsigned i = 0; i < n; i++) {
      if (is_undef(o, off + i)) {
        uint8_t b = (uint8_t)(i < 8 ? v >> (8 * i) : 0);
        if (ext && off + i < ext->size) ext->bytes[off + i] = b;
        if (b) {
          if (!need_bytes(st, o)) return 0;
          o->bytes[off + i] = b;
        } else if (o->bytes) {
          o->bytes[off + i] = 0;
        }
        if (o->prov) o->prov[off + i] = 0;
      }
    }
    define_range(o, off, n);
  }
  uint64_t v = 0;
  if (o->bytes)
    for (unsigned i = 0; i < n && i < 8; i++) v |= (uint64_t)o->bytes[off + i] << (8 * i);
  uint32_t pv = 0;
  if (o->prov) {
    pv = o->prov[off];
    for (unsigned i = 1; i < n; i++)
      if (o->prov[off + i] != pv) pv = 0;
  }
  *prov = pv;
  return v;
}

void mem_store(interp_state *st, uint32_t id, uint64_t off, unsigned n, uint64_t v, uint32_t prov) {
  iobj *o = mem_obj(st, id);
  assert(id != 0 && o->state == OBJ_LIVE && off <= o->size && n <= o->size - off);
  if (v || o->bytes) {
    if (!need_bytes(st, o)) return;
    for (unsigned i = 0; i < n; i++) o->bytes[off + i] = (uint8_t)(i < 8 ? v >> (8 * i) : 0);
  }
  if (prov) {
    if (!need_prov(st, o)) return;
    for (unsigned i = 0; i < n; i++) o->prov[off + i] = prov;
  } else {
    clear_prov(o, off, n);
  }
  define_range(o, off, n);
}

uint8_t mem_get_byte(interp_state *st, uint32_t id, uint64_t off, ir_loc loc) {
  uint32_t pv;
  return (uint8_t)mem_load(st, id, off, 1, 8, false, loc, &pv);
}

void mem_fill(interp_state *st, uint32_t id, uint64_t off, uint64_t n, uint8_t c) {
  iobj *o = mem_obj(st, id);
  if (n == 0) return;
  assert(id != 0 && o->state == OBJ_LIVE && off <= o->size && n <= o->size - off);
  if (c || o->bytes) {
    if (!need_bytes(st, o)) return;
    memset(o->bytes + off, c, (size_t)n);
  }
  clear_prov(o, off, n);
  define_range(o, off, n);
}

/* Copies the uninitialised state of n bytes between distinct objects, both
 * offsets multiples of 8: whole bitmap bytes at a time. */
static void copy_undef_aligned(iobj *d, uint64_t doff, const iobj *s, uint64_t soff, uint64_t n) {
  assert(d != s && ((doff | soff) & 7) == 0);
  if (d->undef_all) {
    need_undef_bitmap(d);
  } else if (!d->undef) {
    d->undef = xmalloc(bitmap_bytes(d));
    memset(d->undef, 0xff, bitmap_bytes(d));
    d->n_undef = 0;
  }
  uint64_t whole = n / 8;
  for (uint64_t k = 0; k < whole; k++) {
    uint8_t src = s->undef_all ? 0 : s->undef[(soff >> 3) + k];
    uint8_t *dst = &d->undef[(doff >> 3) + k];
    d->n_undef += (uint64_t)__builtin_popcount(*dst);
    d->n_undef -= (uint64_t)__builtin_popcount(src);
    *dst = src;
  }
  for (uint64_t i = whole * 8; i < n; i++) {
    if (is_undef(s, soff + i)) undefine_byte(d, doff + i);
    else define_range(d, doff + i, 1);
  }
  drop_bitmap_if_clean(d);
}

void mem_copy(interp_state *st, uint32_t did, uint64_t doff, uint32_t sid, uint64_t soff, uint64_t n) {
  if (n == 0) return;
  iobj *d = mem_obj(st, did), *s = mem_obj(st, sid);
  assert(did != 0 && d->state == OBJ_LIVE && doff <= d->size && n <= d->size - doff);
  assert(sid != 0 && s->state == OBJ_LIVE && soff <= s->size && n <= s->size - soff);
  /* Bytes */
  if (s->bytes) {
    if (!need_bytes(st, d)) return;
    memmove(d->bytes + doff, s->bytes + soff, (size_t)n);
  } else if (d->bytes) {
    memset(d->bytes + doff, 0, (size_t)n);
  }
  /* Provenance */
  if (s->prov) {
    if (!need_prov(st, d)) return;
    memmove(d->prov + doff, s->prov + soff, (size_t)n * sizeof *d->prov);
  } else {
    clear_prov(d, doff, n);
  }
  /* Uninitialised state. */
  if (!s->undef_all && !s->undef) {
    define_range(d, doff, n);
  } else if (s->undef_all && d->undef_all) {
    /* nothing changes */
  } else if (s->undef_all && doff == 0 && n == d->size) {
    free(d->undef);
    d->undef = NULL;
    d->undef_all = true;
    d->n_undef = 0;
  } else if (did != sid && !((doff | soff) & 7)) {
    copy_undef_aligned(d, doff, s, soff, n);
  } else {
    /* Snapshot the source's bits first: the ranges may overlap. */
    uint8_t *bits = malloc((size_t)n);
    if (!bits) {
      host_failed(st, n);
      return;
    }
    for (uint64_t i = 0; i < n; i++) bits[i] = is_undef(s, soff + i);
    define_range(d, doff, n);
    for (uint64_t i = 0; i < n; i++)
      if (bits[i]) undefine_byte(d, doff + i);
    free(bits);
  }
}

/* ---- leaks -------------------------------------------------------------------- */
static void mark_push(interp_state *st, u32_vec *work, uint32_t id) {
  if (!id || id >= st->objs.len) return;
  iobj *o = mem_obj(st, id);
  if (o->mark || o->state != OBJ_LIVE) return;
  o->mark = true;
  VEC_PUSH(*work, id);
}

void mem_check_leaks(interp_state *st, bool frames_are_roots, bool count_cleanup) {
  u32_vec work = {0};
  for (size_t i = 1; i < st->objs.len; i++) st->objs.data[i].mark = false;
  for (size_t i = 1; i < st->objs.len; i++) {
    uint8_t k = st->objs.data[i].kind;
    if (k == OBJ_GLOBAL || k == OBJ_ARGV || (frames_are_roots && k == OBJ_STACK)) mark_push(st, &work, (uint32_t)i);
  }
  if (frames_are_roots)
    for (size_t i = 0; i < st->regs.len; i++) mark_push(st, &work, st->regs.data[i].prov);
  while (work.len) {
    uint32_t id = work.data[--work.len];
    iobj *o = mem_obj(st, id);
    if (!o->prov) continue;
    for (uint64_t i = 0; i < o->size; i++)
      if (o->prov[i]) mark_push(st, &work, o->prov[i]);
  }
  VEC_FREE(work);
  interp_result *r = st->res;
  r->leaks_checked = true;
  for (size_t i = 1; i < st->objs.len; i++) {
    const iobj *o = &st->objs.data[i];
    if (o->kind != OBJ_HEAP || o->state != OBJ_LIVE) continue;
    interp_leak l = {o->loc, o->size, o->mark};
    VEC_PUSH(r->leaks, l);
    if (count_cleanup) r->n_memcleanup++;
    if (!o->mark) r->n_memtrack++;
  }
}
