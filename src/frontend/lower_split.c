/* lower_split: aggregates and integers wider than 64 bits in registers.
 *
 * Contract: the IR has only scalar registers (integers up to 64 bits and
 * pointers), so a value of a first-class aggregate type ({i64, i16} returned
 * by value, {i32, i1} from with.overflow) or of a wide integer type (the i72
 * storage unit of a packed bit-field, i128) is kept as its list of leaves
 * (fe_leaf: offset in the memory image and scalar type; see fe_internal.h):
 *  - load/store: one load/store per leaf at base + offset;
 *  - extractvalue/insertvalue: a sub-range of the leaves;
 *  - phi/select/freeze: one per leaf;
 *  - wide integers: and/or/xor per word; add/sub with carries; shifts by a
 *    constant; icmp; trunc/zext/sext. Other wide arithmetic is reported
 *    ("integer wider than 64 bits");
 *  - calls (lower_inst.c): split arguments are passed leaf by leaf, a split
 *    result through a hidden first pointer argument to a caller temporary
 *    (the callee stores the leaves there and returns void). Both sides are
 *    lowered by the same rule from the LLVM function type, so direct and
 *    indirect calls agree.
 * Leaf offsets come from the data layout, little endian (x86).
 */
#include "fe_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static unsigned wide_words(unsigned bits) { return (bits + 63) / 64; }

/* Number of leaves, saturated at FE_MAX_LEAVES + 1. */
static uint64_t leaf_count(LLVMTypeRef t) {
  const uint64_t cap = FE_MAX_LEAVES + 1;
  switch (LLVMGetTypeKind(t)) {
  case LLVMStructTypeKind: {
    uint64_t n = 0;
    unsigned k = LLVMCountStructElementTypes(t);
    for (unsigned i = 0; i < k && n < cap; i++) n += leaf_count(LLVMStructGetTypeAtIndex(t, i));
    return n < cap ? n : cap;
  }
  case LLVMArrayTypeKind: {
    uint64_t len = LLVMGetArrayLength(t), c = leaf_count(LLVMGetElementType(t));
    if (len && c > cap / len) return cap;
    return len * c < cap ? len * c : cap;
  }
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(t);
    return w > 64 ? wide_words(w) : 1;
  }
  default: return 1;
  }
}

bool fe_is_split(fe_lower *L, LLVMTypeRef t) {
  (void)L;
  switch (LLVMGetTypeKind(t)) {
  case LLVMStructTypeKind:
  case LLVMArrayTypeKind: return LLVMTypeIsSized(t) && leaf_count(t) <= FE_MAX_LEAVES;
  case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t) > 64 && wide_words(LLVMGetIntTypeWidth(t)) <= FE_MAX_LEAVES;
  default: return false;
  }
}

static void leaves_rec(fe_lower *L, LLVMTypeRef t, uint64_t off, fe_leaf *out, unsigned *n, const char **why) {
  if (*n >= FE_MAX_LEAVES) return;
  switch (LLVMGetTypeKind(t)) {
  case LLVMStructTypeKind: {
    unsigned k = LLVMCountStructElementTypes(t);
    for (unsigned i = 0; i < k; i++)
      leaves_rec(L, LLVMStructGetTypeAtIndex(t, i), off + LLVMOffsetOfElement(L->td, t, i), out, n, why);
    return;
  }
  case LLVMArrayTypeKind: {
    LLVMTypeRef e = LLVMGetElementType(t);
    uint64_t esz = LLVMABISizeOfType(L->td, e);
    unsigned len = LLVMGetArrayLength(t);
    for (unsigned i = 0; i < len && *n < FE_MAX_LEAVES; i++) leaves_rec(L, e, off + i * esz, out, n, why);
    return;
  }
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(t);
    if (w > 64) {
      unsigned k = wide_words(w);
      for (unsigned j = 0; j < k && *n < FE_MAX_LEAVES; j++)
        out[(*n)++] = (fe_leaf){off + 8 * j, ir_type_int(j + 1 < k ? 64 : w - 64 * (k - 1))};
      return;
    }
    break;
  }
  default: break;
  }
  const char *w = NULL;
  ir_type ty = fe_type(L, t, &w);
  if (w && !*why) *why = w;
  if (ty.kind == IR_TY_VOID) ty = ir_type_int(8);
  out[(*n)++] = (fe_leaf){off, ty};
}

unsigned fe_leaves(fe_lower *L, LLVMTypeRef t, fe_leaf *out, const char **why) {
  unsigned n = 0;
  *why = NULL;
  leaves_rec(L, t, 0, out, &n, why);
  assert(n <= FE_MAX_LEAVES);
  /* leaf_range (extractvalue, insertvalue) counts leaves with leaf_count */
  assert(!fe_is_split(L, t) || n == leaf_count(t));
  return n;
}

/* ---- values ------------------------------------------------------------ */
void fe_set_split(fe_lower *L, LLVMValueRef v, const ir_value *leaves, unsigned n) {
  assert(n <= FE_MAX_LEAVES); /* the count is packed in 16 bits */
  uint64_t start = L->splitpool.len;
  for (unsigned i = 0; i < n; i++) VEC_PUSH(L->splitpool, leaves[i]);
  fe_map_put(&L->splits, v, (start << 16) | n);
}

static ir_value zero_of(fe_lower *L, ir_type t) {
  return t.kind == IR_TY_PTR ? ir_null_val(L->pty) : ir_const(t, 0);
}

void fe_wide_const_words(LLVMValueRef c, unsigned nwords, uint64_t *out) {
  LLVMTypeRef t = LLVMTypeOf(c);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(t));
  for (unsigned j = 0; j < nwords; j++) {
    LLVMValueRef sh = j ? LLVMConstLShr(c, LLVMConstInt(t, 64ull * j, 0)) : c;
    LLVMValueRef w = LLVMConstTrunc(sh, i64);
    out[j] = LLVMIsAConstantInt(w) ? LLVMConstIntGetZExtValue(w) : 0;
  }
}

/* Fills vals[*i ..] for constant c of type t (leaf types in lv). */
static void const_leaves(fe_lower *L, LLVMValueRef c, LLVMTypeRef t, const fe_leaf *lv, ir_value *vals, unsigned *i,
                         unsigned n) {
  assert(*i <= n);
  unsigned cnt = (unsigned)leaf_count(t);
  if (*i + cnt > n) cnt = n - *i;
  LLVMValueKind k = LLVMGetValueKind(c);
  if (k == LLVMUndefValueValueKind || k == LLVMPoisonValueValueKind) {
    for (unsigned j = 0; j < cnt; j++, (*i)++) vals[*i] = ir_undef_val(lv[*i].type);
    return;
  }
  if (k == LLVMConstantAggregateZeroValueKind) {
    for (unsigned j = 0; j < cnt; j++, (*i)++) vals[*i] = zero_of(L, lv[*i].type);
    return;
  }
  switch (LLVMGetTypeKind(t)) {
  case LLVMStructTypeKind:
  case LLVMArrayTypeKind: {
    bool is_struct = LLVMGetTypeKind(t) == LLVMStructTypeKind;
    unsigned nel = is_struct ? LLVMCountStructElementTypes(t) : LLVMGetArrayLength(t);
    bool data = k == LLVMConstantDataArrayValueKind;
    if (!data && k != LLVMConstantStructValueKind && k != LLVMConstantArrayValueKind) break;
    for (unsigned e = 0; e < nel && *i < n; e++) {
      LLVMTypeRef et = is_struct ? LLVMStructGetTypeAtIndex(t, e) : LLVMGetElementType(t);
      LLVMValueRef ec = data ? LLVMGetElementAsConstant(c, e) : LLVMGetOperand(c, e);
      const_leaves(L, ec, et, lv, vals, i, n);
    }
    return;
  }
  case LLVMIntegerTypeKind:
    if (LLVMGetIntTypeWidth(t) > 64) {
      if (k != LLVMConstantIntValueKind) break;
      uint64_t words[FE_MAX_LEAVES];
      fe_wide_const_words(c, cnt, words);
      for (unsigned j = 0; j < cnt; j++, (*i)++) vals[*i] = ir_const(lv[*i].type, words[j]);
      return;
    }
    /* fall through - a scalar leaf */
  default: {
    ir_value x = fe_val(L, c);
    vals[*i] = ir_type_eq(x.type, lv[*i].type) ? x : ir_undef_val(lv[*i].type);
    (*i)++;
    return;
  }
  }
  fe_unsupported(L, "constant expression");
  for (unsigned j = 0; j < cnt; j++, (*i)++) vals[*i] = ir_undef_val(lv[*i].type);
}

unsigned fe_split_val(fe_lower *L, LLVMValueRef v, ir_value *out) {
  fe_leaf lv[FE_MAX_LEAVES];
  const char *why;
  unsigned n = fe_leaves(L, LLVMTypeOf(v), lv, &why);
  LLVMValueKind k = LLVMGetValueKind(v);
  if (k == LLVMInstructionValueKind || k == LLVMArgumentValueKind) {
    uint64_t got;
    if (fe_map_get(&L->splits, v, &got)) {
      unsigned have = (unsigned)(got & 0xffff);
      for (unsigned i = 0; i < n; i++)
        out[i] = i < have && ir_type_eq(L->splitpool.data[(got >> 16) + i].type, lv[i].type)
                     ? L->splitpool.data[(got >> 16) + i]
                     : ir_undef_val(lv[i].type);
      return n;
    }
    if (!L->in_func || k != LLVMInstructionValueKind) {
      for (unsigned i = 0; i < n; i++) out[i] = ir_undef_val(lv[i].type);
      return n;
    }
    /* not lowered yet: one marker per leaf */
    uint64_t base;
    if (!fe_map_get(&L->pend_idx, v, &base)) {
      base = L->pending.len;
      for (unsigned i = 0; i < n; i++) VEC_PUSH(L->pending, ((fe_pending){v, i}));
      fe_map_put(&L->pend_idx, v, base);
    }
    for (unsigned i = 0; i < n; i++) out[i] = ir_inst_val(lv[i].type, FE_MARK + (uint32_t)(base + i));
    return n;
  }
  unsigned i = 0;
  const_leaves(L, v, LLVMTypeOf(v), lv, out, &i, n);
  return n;
}

void fe_split_undef(fe_lower *L, LLVMValueRef inst) {
  fe_leaf lv[FE_MAX_LEAVES];
  ir_value vals[FE_MAX_LEAVES];
  const char *why;
  unsigned n = fe_leaves(L, LLVMTypeOf(inst), lv, &why);
  for (unsigned i = 0; i < n; i++) vals[i] = ir_undef_val(lv[i].type);
  fe_set_split(L, inst, vals, n);
}

/* ---- memory ------------------------------------------------------------ */
ir_value fe_leaf_addr(fe_lower *L, ir_value p, uint64_t off) {
  assert(ir_type_eq(p.type, L->pty));
  if (!off) return p;
  return ir_inst_val(L->pty, ir_emit_ptradd(&L->b, 0, p, ir_const(ir_type_int(L->pbits), off), L->loc));
}

static unsigned leaf_align(unsigned align, uint64_t off) {
  while (align > 1 && off % align) align /= 2;
  return align;
}

void fe_load_leaves(fe_lower *L, ir_value p, const fe_leaf *lv, ir_value *vals, unsigned n, unsigned align) {
  for (unsigned i = 0; i < n; i++) {
    uint32_t id = ir_emit_load(&L->b, lv[i].type, fe_leaf_addr(L, p, lv[i].off), leaf_align(align, lv[i].off), L->loc);
    vals[i] = ir_inst_val(lv[i].type, id);
  }
}

void fe_store_leaves(fe_lower *L, ir_value p, const fe_leaf *lv, const ir_value *vals, unsigned n, unsigned align) {
  for (unsigned i = 0; i < n; i++) {
    ir_value v = ir_type_eq(vals[i].type, lv[i].type) ? vals[i] : ir_undef_val(lv[i].type);
    ir_emit_store(&L->b, v, fe_leaf_addr(L, p, lv[i].off), leaf_align(align, lv[i].off), L->loc);
  }
}

/* ---- wide integer arithmetic -------------------------------------------- */
static ir_value bin(fe_lower *L, ir_opcode op, ir_value x, ir_value y) {
  return ir_inst_val(x.type, ir_emit_binary(&L->b, op, 0, x, y, L->loc));
}
static ir_value cmp(fe_lower *L, ir_pred p, ir_value x, ir_value y) {
  return ir_inst_val(ir_type_int(1), ir_emit_icmp(&L->b, p, x, y, L->loc));
}
static ir_value cast(fe_lower *L, ir_opcode op, ir_type t, ir_value x) {
  if (x.kind == IR_VAL_CONST) {
    if (op == IR_TRUNC || op == IR_ZEXT) return ir_const(t, x.imm);
    if (op == IR_SEXT) return ir_const(t, (uint64_t)ir_const_signed(x));
  }
  return ir_inst_val(t, ir_emit_cast(&L->b, op, t, x, L->loc));
}

/* Leaves -> full 64-bit words (the last one zero- or sign-extended). */
static void widen(fe_lower *L, const ir_value *leaves, unsigned k, bool sign, ir_value *w) {
  ir_type i64 = ir_type_int(64);
  for (unsigned j = 0; j < k; j++) {
    ir_value x = leaves[j];
    /* iN's leaves: i64 ... i64, i(N mod 64 or 64) */
    assert(x.type.kind == IR_TY_INT && (x.type.bits == 64 || j + 1 == k));
    w[j] = x.type.bits == 64 ? x : cast(L, sign && j + 1 == k ? IR_SEXT : IR_ZEXT, i64, x);
  }
}

/* Full words -> leaves of the types in lv (the last one truncated). */
static void narrow(fe_lower *L, const ir_value *w, const fe_leaf *lv, unsigned k, ir_value *out) {
  assert(k <= FE_MAX_LEAVES);
  for (unsigned j = 0; j < k; j++) out[j] = lv[j].type.bits == 64 ? w[j] : cast(L, IR_TRUNC, lv[j].type, w[j]);
}

/* Shift by a variable amount s: q = s / 64 whole words and r = s % 64 bits;
 * each output word selects among the k possible q. The bits that move into
 * a neighbour word are shifted in two steps (by 1, then by 63 - r) so that
 * no shift amount reaches 64. An amount >= the width gives poison in LLVM;
 * here it gives 0 (or the sign fill), a valid refinement. */
static bool lower_wide_shift_var(fe_lower *L, LLVMOpcode op, const ir_value *a, unsigned k, LLVMValueRef amount_v,
                                 ir_value *w) {
  ir_type i64 = ir_type_int(64);
  ir_value in[FE_MAX_LEAVES], sv[FE_MAX_LEAVES], am[FE_MAX_LEAVES];
  if (k > 8) return false; /* k*k selects: keep it small */
  widen(L, a, k, op == LLVMAShr, in);
  fe_split_val(L, amount_v, sv);
  widen(L, sv, k, false, am);
  ir_value r = bin(L, IR_AND, am[0], ir_const(i64, 63));
  ir_value q = bin(L, IR_LSHR, am[0], ir_const(i64, 6));
  ir_value inv = bin(L, IR_SUB, ir_const(i64, 63), r);
  ir_value fill = op == LLVMAShr ? bin(L, IR_ASHR, in[k - 1], ir_const(i64, 63)) : ir_const(i64, 0);
  for (unsigned j = 0; j < k; j++) {
    ir_value acc = fill;
    for (unsigned Q = 0; Q < k; Q++) {
      ir_value part;
      if (op == LLVMShl) {
        if (Q > j) continue;
        part = bin(L, IR_SHL, in[j - Q], r);
        if (j >= Q + 1)
          part = bin(L, IR_OR, part, bin(L, IR_LSHR, bin(L, IR_LSHR, in[j - Q - 1], ir_const(i64, 1)), inv));
      } else {
        ir_value lo = j + Q < k ? in[j + Q] : fill;
        ir_value nx = j + Q + 1 < k ? in[j + Q + 1] : fill;
        part = bin(L, IR_OR, bin(L, IR_LSHR, lo, r), bin(L, IR_SHL, bin(L, IR_SHL, nx, ir_const(i64, 1)), inv));
      }
      acc = ir_inst_val(i64, ir_emit_select(&L->b, cmp(L, IR_EQ, q, ir_const(i64, Q)), part, acc, L->loc));
    }
    w[j] = acc;
  }
  return true;
}

static bool lower_wide_shift(fe_lower *L, LLVMOpcode op, const ir_value *a, unsigned k, LLVMValueRef amount_v,
                             unsigned bits, ir_value *w) {
  ir_type i64 = ir_type_int(64);
  uint64_t amount;
  assert(k >= 2 && k <= FE_MAX_LEAVES); /* a wide integer has at least two words */
  if (LLVMIsAConstantInt(amount_v)) {
    uint64_t words[FE_MAX_LEAVES];
    fe_wide_const_words(amount_v, k, words);
    amount = words[0];
    for (unsigned j = 1; j < k; j++)
      if (words[j]) amount = bits;
  } else {
    return lower_wide_shift_var(L, op, a, k, amount_v, w);
  }
  if (amount >= bits) {
    for (unsigned j = 0; j < k; j++) w[j] = ir_undef_val(i64); /* poison */
    return true;
  }
  ir_value in[FE_MAX_LEAVES];
  widen(L, a, k, op == LLVMAShr, in);
  unsigned q = (unsigned)(amount / 64), s = (unsigned)(amount % 64);
  ir_value fill = op == LLVMAShr ? bin(L, IR_ASHR, in[k - 1], ir_const(i64, 63)) : ir_const(i64, 0);
  for (unsigned j = 0; j < k; j++) {
    if (op == LLVMShl) {
      /* out[j] = in[j-q] << s | in[j-q-1] >> (64-s) */
      ir_value hi = j >= q ? in[j - q] : ir_const(i64, 0);
      if (s) hi = bin(L, IR_SHL, hi, ir_const(i64, s));
      if (s && j >= q + 1) hi = bin(L, IR_OR, hi, bin(L, IR_LSHR, in[j - q - 1], ir_const(i64, 64 - s)));
      w[j] = hi;
    } else {
      /* out[j] = in[j+q] >> s | in[j+q+1] << (64-s), beyond the top: fill */
      ir_value lo = j + q < k ? in[j + q] : fill;
      if (s) {
        lo = bin(L, IR_LSHR, lo, ir_const(i64, s));
        ir_value nx = j + q + 1 < k ? in[j + q + 1] : fill;
        lo = bin(L, IR_OR, lo, bin(L, IR_SHL, nx, ir_const(i64, 64 - s)));
      }
      w[j] = lo;
    }
  }
  return true;
}

static ir_value wide_icmp(fe_lower *L, LLVMIntPredicate p, const ir_value *a, const ir_value *b, unsigned k) {
  ir_type i1 = ir_type_int(1);
  assert(k >= 1);
  bool sign = p == LLVMIntSGT || p == LLVMIntSGE || p == LLVMIntSLT || p == LLVMIntSLE;
  ir_value x[FE_MAX_LEAVES], y[FE_MAX_LEAVES];
  widen(L, a, k, sign, x);
  widen(L, b, k, sign, y);
  if (p == LLVMIntEQ || p == LLVMIntNE) {
    ir_value acc = bin(L, IR_XOR, x[0], y[0]);
    for (unsigned j = 1; j < k; j++) acc = bin(L, IR_OR, acc, bin(L, IR_XOR, x[j], y[j]));
    return cmp(L, p == LLVMIntEQ ? IR_EQ : IR_NE, acc, ir_const(ir_type_int(64), 0));
  }
  /* lexicographic from the top word: signed there, unsigned below */
  ir_value lt = cmp(L, sign ? IR_SLT : IR_ULT, x[k - 1], y[k - 1]);
  ir_value gt = cmp(L, sign ? IR_SGT : IR_UGT, x[k - 1], y[k - 1]);
  for (unsigned j = k - 1; j-- > 0;) {
    ir_value undecided = bin(L, IR_XOR, bin(L, IR_OR, lt, gt), ir_const(i1, 1));
    lt = bin(L, IR_OR, lt, bin(L, IR_AND, undecided, cmp(L, IR_ULT, x[j], y[j])));
    gt = bin(L, IR_OR, gt, bin(L, IR_AND, undecided, cmp(L, IR_UGT, x[j], y[j])));
  }
  switch (p) {
  case LLVMIntULT: case LLVMIntSLT: return lt;
  case LLVMIntUGT: case LLVMIntSGT: return gt;
  case LLVMIntULE: case LLVMIntSLE: return bin(L, IR_XOR, gt, ir_const(i1, 1));
  default: return bin(L, IR_XOR, lt, ir_const(i1, 1));
  }
}

/* add/sub with carry/borrow over full words */
static void wide_addsub(fe_lower *L, bool sub, const ir_value *x, const ir_value *y, unsigned k, ir_value *w) {
  ir_type i64 = ir_type_int(64);
  ir_value carry = ir_const(i64, 0);
  for (unsigned j = 0; j < k; j++) {
    ir_value t = bin(L, sub ? IR_SUB : IR_ADD, x[j], y[j]);
    if (j + 1 == k) { /* the top word needs no carry out */
      w[j] = bin(L, sub ? IR_SUB : IR_ADD, t, carry);
      break;
    }
    ir_value c1 = cmp(L, IR_ULT, sub ? x[j] : t, sub ? y[j] : x[j]);
    ir_value u = bin(L, sub ? IR_SUB : IR_ADD, t, carry);
    ir_value c2 = cmp(L, IR_ULT, sub ? t : u, sub ? carry : t);
    w[j] = u;
    carry = cast(L, IR_ZEXT, i64, bin(L, IR_OR, c1, c2));
  }
}

/* High 64 bits of the 128-bit product of two 64-bit words (32-bit halves). */
static ir_value mul_hi64(fe_lower *L, ir_value a, ir_value b) {
  ir_type i64 = ir_type_int(64);
  ir_value m32 = ir_const(i64, 0xffffffffu), s32 = ir_const(i64, 32);
  ir_value al = bin(L, IR_AND, a, m32), ah = bin(L, IR_LSHR, a, s32);
  ir_value bl = bin(L, IR_AND, b, m32), bh = bin(L, IR_LSHR, b, s32);
  ir_value p0 = bin(L, IR_MUL, al, bl), p1 = bin(L, IR_MUL, al, bh);
  ir_value p2 = bin(L, IR_MUL, ah, bl), p3 = bin(L, IR_MUL, ah, bh);
  ir_value mid = bin(L, IR_ADD, bin(L, IR_ADD, bin(L, IR_LSHR, p0, s32), bin(L, IR_AND, p1, m32)), bin(L, IR_AND, p2, m32));
  ir_value hi = bin(L, IR_ADD, p3, bin(L, IR_LSHR, p1, s32));
  hi = bin(L, IR_ADD, hi, bin(L, IR_LSHR, p2, s32));
  return bin(L, IR_ADD, hi, bin(L, IR_LSHR, mid, s32));
}

static void wide_addsub(fe_lower *L, bool sub, const ir_value *x, const ir_value *y, unsigned k, ir_value *w);

/* Product mod 2^(64k): every word pair (i, j) with i + j < k contributes its
 * low half at word i+j and its high half at word i+j+1, with carries. */
static void wide_mul(fe_lower *L, const ir_value *x, const ir_value *y, unsigned k, ir_value *w) {
  ir_type i64 = ir_type_int(64);
  ir_value part[FE_MAX_LEAVES], acc[FE_MAX_LEAVES];
  for (unsigned j = 0; j < k; j++) acc[j] = ir_const(i64, 0);
  for (unsigned i = 0; i < k; i++)
    for (unsigned j = 0; i + j < k; j++) {
      for (unsigned t = 0; t < k; t++) part[t] = ir_const(i64, 0);
      part[i + j] = bin(L, IR_MUL, x[i], y[j]);
      if (i + j + 1 < k) part[i + j + 1] = mul_hi64(L, x[i], y[j]);
      wide_addsub(L, false, acc, part, k, acc);
    }
  for (unsigned j = 0; j < k; j++) w[j] = acc[j];
}

static bool lower_wide_arith(fe_lower *L, LLVMValueRef inst, LLVMOpcode op) {
  ir_type i64 = ir_type_int(64);
  fe_leaf lv[FE_MAX_LEAVES];
  const char *why;
  LLVMTypeRef rt = LLVMTypeOf(inst);
  ir_value a[FE_MAX_LEAVES], b[FE_MAX_LEAVES], w[FE_MAX_LEAVES], out[FE_MAX_LEAVES];
  switch (op) {
  case LLVMMul: {
    unsigned k = fe_leaves(L, rt, lv, &why);
    if (k > 4) return false;
    ir_value x[FE_MAX_LEAVES], y[FE_MAX_LEAVES];
    fe_split_val(L, LLVMGetOperand(inst, 0), a);
    fe_split_val(L, LLVMGetOperand(inst, 1), b);
    widen(L, a, k, false, x);
    widen(L, b, k, false, y);
    wide_mul(L, x, y, k, w);
    narrow(L, w, lv, k, out);
    fe_set_split(L, inst, out, k);
    return true;
  }
  case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMAdd: case LLVMSub: case LLVMShl: case LLVMLShr: case LLVMAShr: {
    unsigned k = fe_leaves(L, rt, lv, &why);
    fe_split_val(L, LLVMGetOperand(inst, 0), a);
    if (op == LLVMShl || op == LLVMLShr || op == LLVMAShr) {
      if (!lower_wide_shift(L, op, a, k, LLVMGetOperand(inst, 1), LLVMGetIntTypeWidth(rt), w)) return false;
      narrow(L, w, lv, k, out);
    } else if (op == LLVMAdd || op == LLVMSub) {
      ir_value x[FE_MAX_LEAVES], y[FE_MAX_LEAVES];
      fe_split_val(L, LLVMGetOperand(inst, 1), b);
      widen(L, a, k, false, x);
      widen(L, b, k, false, y);
      wide_addsub(L, op == LLVMSub, x, y, k, w);
      narrow(L, w, lv, k, out);
    } else {
      fe_split_val(L, LLVMGetOperand(inst, 1), b);
      ir_opcode io = op == LLVMAnd ? IR_AND : op == LLVMOr ? IR_OR : IR_XOR;
      for (unsigned j = 0; j < k; j++) out[j] = bin(L, io, a[j], b[j]);
    }
    fe_set_split(L, inst, out, k);
    return true;
  }
  case LLVMICmp: {
    LLVMTypeRef ot = LLVMTypeOf(LLVMGetOperand(inst, 0));
    if (LLVMGetTypeKind(ot) != LLVMIntegerTypeKind) return false;
    unsigned k = fe_split_val(L, LLVMGetOperand(inst, 0), a);
    fe_split_val(L, LLVMGetOperand(inst, 1), b);
    ir_value r = wide_icmp(L, LLVMGetICmpPredicate(inst), a, b, k);
    uint32_t id = ir_emit_cast(&L->b, IR_COPY, r.type, r, L->loc);
    ir_build_inst(&L->b, id)->name = fe_name(L, inst);
    fe_set_val(L, inst, ir_inst_val(r.type, id));
    return true;
  }
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: {
    LLVMValueRef src = LLVMGetOperand(inst, 0);
    bool src_wide = fe_is_split(L, LLVMTypeOf(src)), dst_wide = fe_is_split(L, rt);
    bool sign = op == LLVMSExt;
    if (src_wide) {
      unsigned ks = fe_split_val(L, src, a);
      widen(L, a, ks, sign, w);
    } else {
      ir_value x = fe_val(L, src);
      w[0] = x.type.bits == 64 ? x : cast(L, sign ? IR_SEXT : IR_ZEXT, i64, x);
    }
    unsigned ks = src_wide ? wide_words(LLVMGetIntTypeWidth(LLVMTypeOf(src))) : 1;
    ir_value fill = sign ? bin(L, IR_ASHR, w[ks - 1], ir_const(i64, 63)) : ir_const(i64, 0);
    if (dst_wide) {
      unsigned k = fe_leaves(L, rt, lv, &why);
      for (unsigned j = ks; j < k; j++) w[j] = fill;
      narrow(L, w, lv, k, out);
      fe_set_split(L, inst, out, k);
    } else {
      unsigned bits = LLVMGetIntTypeWidth(rt);
      ir_value r = bits == 64 ? w[0] : cast(L, IR_TRUNC, ir_type_int(bits), w[0]);
      uint32_t id = ir_emit_cast(&L->b, IR_COPY, r.type, r, L->loc);
      ir_build_inst(&L->b, id)->name = fe_name(L, inst);
      fe_set_val(L, inst, ir_inst_val(r.type, id));
    }
    return true;
  }
  default: return false;
  }
}

/* ---- aggregates ---------------------------------------------------------------- */
static bool leaf_range(LLVMTypeRef t, const unsigned *idx, unsigned nidx, unsigned *first, unsigned *count) {
  unsigned f = 0;
  for (unsigned i = 0; i < nidx; i++) {
    if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
      if (idx[i] >= LLVMCountStructElementTypes(t)) return false;
      for (unsigned j = 0; j < idx[i]; j++) f += (unsigned)leaf_count(LLVMStructGetTypeAtIndex(t, j));
      t = LLVMStructGetTypeAtIndex(t, idx[i]);
    } else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
      if (idx[i] >= LLVMGetArrayLength(t)) return false;
      t = LLVMGetElementType(t);
      f += idx[i] * (unsigned)leaf_count(t);
    } else {
      return false;
    }
  }
  *first = f;
  *count = (unsigned)leaf_count(t);
  return f + *count <= FE_MAX_LEAVES;
}

static void lower_split_phi(fe_lower *L, LLVMValueRef inst) {
  fe_leaf lv[FE_MAX_LEAVES];
  const char *why;
  unsigned k = fe_leaves(L, LLVMTypeOf(inst), lv, &why);
  if (why) fe_unsupported(L, why);
  unsigned n = LLVMCountIncoming(inst);
  ir_value *vals = xcalloc((size_t)(n ? n : 1) * (k ? k : 1), sizeof *vals);
  uint32_t *targets = xcalloc(n ? n : 1, sizeof *targets);
  ir_value *ops = xcalloc(n ? n : 1, sizeof *ops);
  unsigned m = 0;
  for (unsigned i = 0; i < n; i++) {
    uint64_t blk;
    if (!fe_map_get(&L->blocks, LLVMGetIncomingBlock(inst, i), &blk)) continue;
    targets[m] = (uint32_t)blk;
    fe_split_val(L, LLVMGetIncomingValue(inst, i), vals + (size_t)m * k);
    m++;
  }
  assert(m <= n);
  ir_value res[FE_MAX_LEAVES];
  for (unsigned j = 0; j < k; j++) {
    for (unsigned i = 0; i < m; i++) ops[i] = vals[(size_t)i * k + j];
    ir_inst p = {0};
    p.op = IR_PHI;
    p.type = lv[j].type;
    p.callee = IR_NONE;
    p.loc = L->loc;
    p.nops = p.ntargets = m;
    p.ops = ops;
    p.targets = targets;
    res[j] = ir_inst_val(lv[j].type, ir_build_emit(&L->b, &p));
  }
  fe_set_split(L, inst, res, k);
  free(vals);
  free(targets);
  free(ops);
}

/* A switch on a wide integer (i128): the number of the case whose value
 * the condition equals (1 for the first case operand pair, ...), 0 for the
 * default, as an i32 computed in the switch's own block by a chain of
 * wide equalities and selects. The switch becomes one on that number with
 * the same targets, so the phis of the targets keep their predecessor. */
ir_value fe_wide_switch_index(fe_lower *L, LLVMValueRef inst) {
  ir_value a[FE_MAX_LEAVES], b[FE_MAX_LEAVES];
  unsigned ns = LLVMGetNumSuccessors(inst);
  unsigned k = fe_split_val(L, LLVMGetOperand(inst, 0), a);
  ir_type i32 = ir_type_int(32);
  ir_value idx = ir_const(i32, 0);
  /* from the last case to the first: the first equal case wins, as the
   * switch's case values are distinct anyway */
  for (unsigned i = ns - 1; i >= 1; i--) {
    fe_split_val(L, LLVMGetOperand(inst, 2 * i), b); /* operands: cond, default, (value, dest)* */
    ir_value eq = wide_icmp(L, LLVMIntEQ, a, b, k);
    idx = ir_inst_val(i32, ir_emit_select(&L->b, eq, ir_const(i32, i), idx, L->loc));
  }
  return idx;
}

void fe_lower_split_inst(fe_lower *L, LLVMValueRef inst) {
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  fe_leaf lv[FE_MAX_LEAVES];
  ir_value a[FE_MAX_LEAVES], b[FE_MAX_LEAVES];
  const char *why = NULL;
  LLVMTypeRef rt = LLVMTypeOf(inst);
  switch (op) {
  case LLVMLoad: {
    unsigned k = fe_leaves(L, rt, lv, &why);
    if (why) fe_unsupported(L, why);
    if (LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic) fe_note_atomic(L); /* plain loads */
    ir_value p = fe_val(L, LLVMGetOperand(inst, 0));
    uint32_t first = (uint32_t)L->b.insts.len;
    fe_load_leaves(L, p, lv, a, k, LLVMGetAlignment(inst));
    if (LLVMGetVolatile(inst))
      for (size_t i = first; i < L->b.insts.len; i++)
        if (L->b.insts.data[i].op == IR_LOAD) L->b.insts.data[i].flags |= IR_VOLATILE;
    fe_set_split(L, inst, a, k);
    return;
  }
  case LLVMStore: {
    LLVMValueRef v = LLVMGetOperand(inst, 0);
    unsigned k = fe_leaves(L, LLVMTypeOf(v), lv, &why);
    if (why) fe_unsupported(L, why);
    if (LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic) fe_note_atomic(L); /* plain stores */
    fe_split_val(L, v, a);
    ir_value p = fe_val(L, LLVMGetOperand(inst, 1));
    uint32_t first = (uint32_t)L->b.insts.len;
    fe_store_leaves(L, p, lv, a, k, LLVMGetAlignment(inst));
    if (LLVMGetVolatile(inst))
      for (size_t i = first; i < L->b.insts.len; i++)
        if (L->b.insts.data[i].op == IR_STORE) L->b.insts.data[i].flags |= IR_VOLATILE;
    return;
  }
  case LLVMExtractValue: {
    LLVMValueRef agg = LLVMGetOperand(inst, 0);
    unsigned first, count;
    if (!fe_is_split(L, LLVMTypeOf(agg)) ||
        !leaf_range(LLVMTypeOf(agg), LLVMGetIndices(inst), LLVMGetNumIndices(inst), &first, &count))
      break;
    fe_split_val(L, agg, a);
    if (fe_is_split(L, rt)) {
      fe_set_split(L, inst, a + first, count);
    } else {
      fe_type(L, rt, &why);
      if (why) break;
      fe_set_val(L, inst, a[first]);
    }
    return;
  }
  case LLVMInsertValue: {
    LLVMValueRef agg = LLVMGetOperand(inst, 0), elt = LLVMGetOperand(inst, 1);
    unsigned first, count;
    if (!fe_is_split(L, rt) || !leaf_range(rt, LLVMGetIndices(inst), LLVMGetNumIndices(inst), &first, &count))
      break;
    unsigned k = fe_split_val(L, agg, a);
    if (fe_is_split(L, LLVMTypeOf(elt))) {
      fe_split_val(L, elt, b);
    } else {
      b[0] = fe_val(L, elt);
    }
    for (unsigned j = 0; j < count && first + j < k; j++)
      a[first + j] = ir_type_eq(b[j].type, a[first + j].type) ? b[j] : ir_undef_val(a[first + j].type);
    fe_set_split(L, inst, a, k);
    return;
  }
  case LLVMPHI:
    if (!fe_is_split(L, rt)) break;
    lower_split_phi(L, inst);
    return;
  case LLVMSelect: {
    if (!fe_is_split(L, rt)) break;
    ir_value c = fe_val(L, LLVMGetOperand(inst, 0));
    if (!ir_type_eq(c.type, ir_type_int(1))) {
      why = "vector";
      break;
    }
    unsigned k = fe_split_val(L, LLVMGetOperand(inst, 1), a);
    fe_split_val(L, LLVMGetOperand(inst, 2), b);
    for (unsigned j = 0; j < k; j++) a[j] = ir_inst_val(a[j].type, ir_emit_select(&L->b, c, a[j], b[j], L->loc));
    fe_set_split(L, inst, a, k);
    return;
  }
  case LLVMFreeze:
  case LLVMBitCast: {
    LLVMValueRef src = LLVMGetOperand(inst, 0);
    if (LLVMTypeOf(src) != rt || !fe_is_split(L, rt)) break;
    unsigned k = fe_split_val(L, src, a);
    fe_set_split(L, inst, a, k);
    return;
  }
  default: {
    bool wide = false;
    if (LLVMGetTypeKind(rt) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(rt) > 64) wide = true;
    int nops = LLVMGetNumOperands(inst);
    for (int i = 0; i < nops; i++) {
      LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(inst, (unsigned)i));
      if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) > 64) wide = true;
    }
    if (wide && lower_wide_arith(L, inst, op)) return;
    why = wide ? "integer wider than 64 bits" : "aggregate value (struct/array in register)";
    break;
  }
  }
  fe_unsupported(L, why ? why : "aggregate value (struct/array in register)");
  if (fe_is_split(L, rt)) {
    fe_split_undef(L, inst);
  } else {
    const char *w2;
    ir_type t = fe_type(L, rt, &w2);
    if (t.kind != IR_TY_VOID) fe_set_val(L, inst, ir_undef_val(t));
  }
}
