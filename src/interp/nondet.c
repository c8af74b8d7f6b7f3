/* interp nondet: the source of nondeterministic values — the given list in
 * order, then a splitmix64 PRNG (or the end of the run when strict) — and
 * the log of every value consumed, which is the run's counterexample. */
#include "internal.h"

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

uint64_t interp_nondet_next(interp_state *st, unsigned bits, bool pointer, interp_nd_origin origin, ir_loc loc,
                           uint32_t func) {
  if (st->done) return 0;
  if ((origin == INTERP_ND_UNDEF || origin == INTERP_ND_UNINIT) && st->opt->uninit_zero) return 0;
  uint64_t v;
  interp_draw d = {(uint8_t)origin, (uint16_t)bits, pointer, loc, IR_NONE, IR_NONE};
  if (st->frames.len) {
    const iframe *fr = &st->frames.data[st->frames.len - 1];
    d.func = fr->func;
    d.inst = fr->pc;
  }
  if (st->opt->draw && st->opt->draw(st->opt->draw_ctx, &d, &v)) {
    /* answered by the caller */
  } else if (st->nd_pos < st->opt->nnondet) {
    v = st->opt->nondet[st->nd_pos++];
  } else if (st->opt->nondet_strict) {
    interp_end(st, INTERP_OUT_OF_NONDET, loc, NULL);
    return 0;
  } else {
    v = splitmix64(&st->rng);
  }
  v &= ir_mask(bits ? bits : 64);
  interp_nondet rec = {v, (uint16_t)bits, (uint8_t)origin, pointer, loc, func};
  VEC_PUSH(st->res->nondet, rec);
  return v;
}
