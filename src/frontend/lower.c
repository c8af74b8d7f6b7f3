/* lower: LLVM module -> bitprove IR, the module and function level.
 *
 * Contract (see frontend.h and ir.h):
 *  - Only what main needs is lowered: main, then every function and global
 *    that lowered code (or a lowered global's initializer) refers to, found
 *    through a work list as operands are lowered. Dead functions, however
 *    exotic, are never looked at.
 *  - Functions named reach_error or __VERIFIER_<builtin> are builtins even
 *    when the program defines them (SV-COMP semantics): their bodies are
 *    dropped (ir_func.body_dropped records it). Other defined functions keep
 *    their bodies.
 *  - Blocks unreachable from the entry are dropped (with their phi entries);
 *    the remaining blocks keep the source order. Operands that refer to
 *    instructions later in that order get a marker that is resolved once the
 *    whole function is lowered.
 *  - Unsupported constructs are recorded (deduplicated per reason and line,
 *    at most FE_MAX_PER_REASON per reason) and lowering goes on with
 *    something structurally valid: values of unsupported types become undef
 *    of a stand-in integer type, used consistently for one LLVM type.
 */
#define _XOPEN_SOURCE 700
#include "fe_internal.h"
#include <llvm-c/DebugInfo.h>

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define FE_MAX_PER_REASON 10

/* ---- names, locations, unsupported ------------------------------------------ */
const char *fe_name(fe_lower *L, LLVMValueRef v) {
  size_t len = 0;
  const char *s = LLVMGetValueName2(v, &len);
  if (!s || !len) return NULL;
  return arena_strndup(&L->m->mem, s, len);
}

/* The file name to show for a debug-info file: the input path exactly as
 * the user gave it when it is that file (clang splits absolute names into a
 * directory and a relative name), otherwise the recorded name. */
static char *display_name(fe_lower *L, const char *file, unsigned len, const char *dir, unsigned dlen) {
  char *rel = xstrndup(file, len);
  char *joined = rel[0] == '/' || !dir || !dlen ? xstrdup(rel) : xasprintf("%.*s/%s", (int)dlen, dir, rel);
  char *real = realpath(joined, NULL);
  free(joined);
  for (size_t i = 0; real && i < L->nsources; i++) {
    if (L->sources_real[i] && strcmp(real, L->sources_real[i]) == 0) {
      free(real);
      free(rel);
      return xstrdup(L->sources[i]);
    }
  }
  free(real);
  return rel;
}

ir_loc fe_loc_of(fe_lower *L, LLVMValueRef v) {
  ir_loc loc = ir_loc_none();
  bool inst = LLVMIsAInstruction(v) != NULL;
  /* These getters only accept instructions, functions and global variables. */
  if (!inst && !LLVMIsAFunction(v) && !LLVMIsAGlobalVariable(v)) return loc;
  unsigned len = 0;
  const char *file = LLVMGetDebugLocFilename(v, &len);
  loc.line = LLVMGetDebugLocLine(v);
  loc.col = inst ? LLVMGetDebugLocColumn(v) : 0;
  if (file && len) {
    /* The name is an MDString: one address per distinct name. */
    uint64_t id;
    if (fe_map_get(&L->files, file, &id)) {
      loc.file = (uint32_t)id;
    } else {
      unsigned dlen = 0;
      const char *dir = LLVMGetDebugLocDirectory(v, &dlen);
      char *name = display_name(L, file, len, dir, dlen);
      loc.file = ir_module_file(L->m, name);
      free(name);
      fe_map_put(&L->files, file, loc.file);
    }
  }
  return loc;
}

bool fe_unsupported_at(fe_lower *L, const char *what, ir_loc loc) {
  ir_module *m = L->m;
  unsigned same = 0;
  for (size_t i = 0; i < m->unsupported.len; i++) {
    const ir_unsupported *u = &m->unsupported.data[i];
    if (strcmp(u->what, what) != 0) continue;
    if (u->loc.file == loc.file && u->loc.line == loc.line) return false;
    if (++same >= FE_MAX_PER_REASON) return false;
  }
  ir_module_unsupported(m, what, loc);
  return true;
}

bool fe_unsupported(fe_lower *L, const char *what) {
  ir_loc loc = L->loc;
  if (!loc.line && L->in_func) loc = L->fn_loc;
  return fe_unsupported_at(L, what, loc);
}

/* ---- types ------------------------------------------------------------- */
static unsigned stand_in_bits(fe_lower *L, LLVMTypeRef t) {
  if (!LLVMTypeIsSized(t)) return 32;
  unsigned long long bytes = LLVMABISizeOfType(L->td, t);
  if (bytes == 0) return 8;
  return bytes >= 8 ? 64 : (unsigned)bytes * 8;
}

ir_type fe_type(fe_lower *L, LLVMTypeRef t, const char **why) {
  *why = NULL;
  switch (LLVMGetTypeKind(t)) {
  case LLVMVoidTypeKind: return ir_type_void();
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(t);
    if (w >= 1 && w <= 64) return ir_type_int(w);
    *why = "integer wider than 64 bits";
    return ir_type_int(64);
  }
  case LLVMPointerTypeKind: return L->pty;
  /* A float or double is its IEEE bit pattern (ir.h, IR_FADD). The other
   * formats are not modelled: long double (x86_fp80) computes with 64-bit
   * significands that no IR opcode describes. */
  case LLVMFloatTypeKind: return ir_type_int(32);
  case LLVMDoubleTypeKind: return ir_type_int(64);
  case LLVMX86_FP80TypeKind: *why = "floating point (long double, x86_fp80)"; break;
  case LLVMFP128TypeKind: *why = "floating point (fp128)"; break;
  case LLVMPPC_FP128TypeKind: *why = "floating point (ppc_fp128)"; break;
  case LLVMHalfTypeKind: *why = "floating point (half)"; break;
  case LLVMBFloatTypeKind: *why = "floating point (bfloat)"; break;
  case LLVMVectorTypeKind:
  case LLVMScalableVectorTypeKind:
  case LLVMX86_MMXTypeKind:
  case LLVMX86_AMXTypeKind: *why = "vector"; break;
  case LLVMStructTypeKind:
  case LLVMArrayTypeKind: *why = "aggregate value (struct/array in register)"; break;
  default: *why = "unsupported type"; return ir_type_int(32);
  }
  return ir_type_int(stand_in_bits(L, t));
}

/* ---- functions --------------------------------------------------------- */
/* SV-COMP's functions are builtins even where the program defines them
 * (`int __VERIFIER_nondet_int(void) { int x; return x; }`). Not so a
 * pointer-returning __VERIFIER_nondet_ function of the program's own other
 * than SV-COMP's pointer, pchar and charp: a helper that borrows the prefix
 * and builds an object (AProVE's `__VERIFIER_nondet_String`, which returns a
 * fresh NUL-terminated string in the termination benchmarks); an arbitrary
 * pointer would be no model of it. */
static bool forced_builtin(const char *name, ir_builtin bk, bool returns_pointer) {
  if (bk == IR_BUILTIN_NONDET && returns_pointer && strcmp(name, "__VERIFIER_nondet_pointer") != 0 &&
      strcmp(name, "__VERIFIER_nondet_pchar") != 0 && strcmp(name, "__VERIFIER_nondet_charp") != 0)
    return false;
  return bk != IR_BUILTIN_NONE && (strcmp(name, "reach_error") == 0 || strncmp(name, "__VERIFIER_", 11) == 0);
}

static bool is_assert_failure(const char *name) {
  return strcmp(name, "__assert_fail") == 0 || strcmp(name, "__assert_perror_fail") == 0 ||
         strcmp(name, "__assert") == 0 || strcmp(name, "__assert_rtn") == 0 || strcmp(name, "__assert2") == 0;
}

uint32_t fe_func_id(fe_lower *L, LLVMValueRef fn) {
  uint64_t got;
  if (fe_map_get(&L->funcs, fn, &got)) {
    assert(got < L->m->funcs.len && got < L->will_define.len);
    return (uint32_t)got;
  }
  size_t len = 0;
  const char *raw = LLVMGetValueName2(fn, &len);
  char *name = raw && len ? xstrndup(raw, len) : xasprintf("fn.%zu", L->m->funcs.len);
  bool defined = !LLVMIsDeclaration(fn);
  ir_builtin bk = ir_builtin_of_name(name);
  bool own = L->opt && L->opt->own_assume && bk == IR_BUILTIN_ASSUME;
  LLVMTypeRef fn_type = LLVMGlobalGetValueType(fn);
  bool returns_pointer = LLVMGetTypeKind(fn_type) == LLVMFunctionTypeKind &&
                         LLVMGetTypeKind(LLVMGetReturnType(fn_type)) == LLVMPointerTypeKind;
  bool body = defined && (own || !forced_builtin(name, bk, returns_pointer));
  ir_loc loc = fe_loc_of(L, fn);

  LLVMTypeRef fty = LLVMGlobalGetValueType(fn);
  const char *why = NULL;
  ir_type ret = ir_type_void();
  unsigned n = 0;
  ir_type *params = NULL;
  bool variadic = false;
  if (LLVMGetTypeKind(fty) == LLVMFunctionTypeKind) {
    VEC(ir_type) ps = {0};
    fe_leaf lv[FE_MAX_LEAVES];
    LLVMTypeRef rty = LLVMGetReturnType(fty);
    if (fe_is_split(L, rty)) {
      /* split result: stored through a hidden first pointer argument */
      fe_leaves(L, rty, lv, &why);
      VEC_PUSH(ps, L->pty);
    } else {
      ret = fe_type(L, rty, &why);
    }
    if (why && body) fe_unsupported_at(L, why, loc);
    unsigned np = LLVMCountParamTypes(fty);
    LLVMTypeRef *pts = xcalloc(np ? np : 1, sizeof *pts);
    LLVMGetParamTypes(fty, pts);
    for (unsigned i = 0; i < np; i++) {
      if (fe_is_split(L, pts[i])) {
        unsigned k = fe_leaves(L, pts[i], lv, &why); /* passed leaf by leaf */
        for (unsigned j = 0; j < k; j++) VEC_PUSH(ps, lv[j].type);
      } else {
        VEC_PUSH(ps, fe_type(L, pts[i], &why));
      }
      if (why && body) fe_unsupported_at(L, why, loc);
    }
    free(pts);
    n = (unsigned)ps.len;
    params = ps.data;
    variadic = LLVMIsFunctionVarArg(fty);
  }
  uint32_t id = ir_func_add(L->m, name, ret, n, params, variadic);
  free(params);
  free(name);
  L->m->funcs.data[id].loc = loc;
  L->m->funcs.data[id].body_dropped = defined && !body;
  if ((own || bk == IR_BUILTIN_NONDET) && body)
    L->m->funcs.data[id].builtin = IR_BUILTIN_NONE; /* an ordinary function of the program */
  /* --prop assert: a failing assert() (glibc's __assert_fail, and the
   * variants of other C libraries) is a violation as reach_error is */
  if (L->opt && L->opt->assert_is_error && !body && is_assert_failure(L->m->funcs.data[id].name))
    L->m->funcs.data[id].builtin = IR_BUILTIN_REACH_ERROR;
  fe_map_put(&L->funcs, fn, id);
  while (L->will_define.len <= id) VEC_PUSH(L->will_define, 0);
  L->will_define.data[id] = body;
  if (body) VEC_PUSH(L->fn_work, fn);
  assert(id < L->m->funcs.len && id < L->will_define.len);
  return id;
}

/* ---- values of the current function ---------------------------------------- */
void fe_set_val(fe_lower *L, LLVMValueRef v, ir_value x) {
  uint64_t idx;
  assert(L->in_func);
  if (fe_map_get(&L->vals, v, &idx)) {
    assert(idx < L->valtab.len);
    L->valtab.data[idx] = x;
    return;
  }
  VEC_PUSH(L->valtab, x);
  fe_map_put(&L->vals, v, L->valtab.len - 1);
}

bool fe_has_val(fe_lower *L, LLVMValueRef v) { return fe_map_get(&L->vals, v, NULL); }

/* The value of an instruction or argument of the current function, or a
 * marker for an instruction that is lowered later. */
ir_value fe_local_val(fe_lower *L, LLVMValueRef v) {
  uint64_t idx;
  if (fe_map_get(&L->vals, v, &idx)) {
    assert(idx < L->valtab.len);
    return L->valtab.data[idx];
  }
  const char *why;
  ir_type t = fe_type(L, LLVMTypeOf(v), &why);
  if (!L->in_func || !LLVMIsAInstruction(v) || t.kind == IR_TY_VOID) return ir_undef_val(t.kind == IR_TY_VOID ? ir_type_int(32) : t);
  if (!fe_map_get(&L->pend_idx, v, &idx)) {
    VEC_PUSH(L->pending, ((fe_pending){v, UINT32_MAX}));
    idx = L->pending.len - 1;
    fe_map_put(&L->pend_idx, v, idx);
  }
  assert(idx < L->pending.len && idx < FE_MARK);
  return ir_inst_val(t, FE_MARK + (uint32_t)idx);
}

static ir_value resolve(fe_lower *L, ir_value x) {
  for (int k = 0; k < 16 && x.kind == IR_VAL_INST && x.id >= FE_MARK; k++) {
    uint64_t idx;
    assert(x.id - FE_MARK < L->pending.len);
    fe_pending pd = L->pending.data[x.id - FE_MARK];
    ir_value y;
    if (pd.leaf == UINT32_MAX) {
      if (!fe_map_get(&L->vals, pd.v, &idx)) return ir_undef_val(x.type);
      y = L->valtab.data[idx];
    } else {
      if (!fe_map_get(&L->splits, pd.v, &idx) || pd.leaf >= (idx & 0xffff)) return ir_undef_val(x.type);
      y = L->splitpool.data[(idx >> 16) + pd.leaf];
    }
    if (!ir_type_eq(y.type, x.type)) return ir_undef_val(x.type);
    x = y;
  }
  if (x.kind == IR_VAL_INST && x.id >= FE_MARK) return ir_undef_val(x.type);
  return x;
}

/* ---- function bodies ------------------------------------------------------- */
static void mark_reachable(fe_lower *L, LLVMBasicBlockRef entry, fe_ptrmap *seen) {
  VEC(LLVMBasicBlockRef) stack = {0};
  VEC_PUSH(stack, entry);
  fe_map_put(seen, entry, 1);
  while (stack.len) {
    LLVMBasicBlockRef bb = stack.data[--stack.len];
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    /* Only br and switch keep their edges; other terminators (indirectbr,
     * invoke, callbr) are lowered to unreachable, so their targets are dead. */
    if (!term) continue;
    LLVMOpcode op = LLVMGetInstructionOpcode(term);
    if (op != LLVMBr && op != LLVMSwitch) continue;
    unsigned n = LLVMGetNumSuccessors(term);
    for (unsigned i = 0; i < n; i++) {
      LLVMBasicBlockRef s = LLVMGetSuccessor(term, i);
      if (s && !fe_map_get(seen, s, NULL)) {
        fe_map_put(seen, s, 1);
        VEC_PUSH(stack, s);
      }
    }
  }
  VEC_FREE(stack);
  (void)L;
}

/* Constant expressions that flow into phis and need instructions are built
 * at the start of the entry block, which dominates every incoming edge. */
static void prematerialize_phi_consts(fe_lower *L) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(L->fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    if (!fe_map_get(&L->blocks, bb, NULL)) continue;
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in && LLVMIsAPHINode(in); in = LLVMGetNextInstruction(in)) {
      unsigned n = LLVMCountIncoming(in);
      for (unsigned i = 0; i < n; i++) {
        LLVMValueRef v = LLVMGetIncomingValue(in, i);
        if (!LLVMIsAConstantExpr(v) || fe_map_get(&L->entry_consts, v, NULL)) continue;
        if (!fe_map_get(&L->blocks, LLVMGetIncomingBlock(in, i), NULL)) continue;
        ir_value x = fe_val(L, v);
        VEC_PUSH(L->valtab, x);
        fe_map_put(&L->entry_consts, v, L->valtab.len - 1);
      }
    }
  }
}

/* Stack temporaries of calls (the hidden result of a split-returning call,
 * the copies of byval arguments) are allocated once in the entry block, so a
 * call in a loop does not grow the stack. */
static void preallocate_call_temps(fe_lower *L) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(L->fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    if (!fe_map_get(&L->blocks, bb, NULL)) continue;
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      if (LLVMGetInstructionOpcode(in) != LLVMCall) continue;
      LLVMValueRef callee = LLVMGetCalledValue(in);
      if (LLVMIsAInlineAsm(callee)) continue;
      LLVMValueRef fn = fe_strip_casts(callee);
      if (LLVMIsAFunction(fn) && LLVMGetIntrinsicID(fn)) continue;
      unsigned nargs = LLVMGetNumArgOperands(in);
      LLVMTypeRef rty = LLVMGetReturnType(LLVMGetCalledFunctionType(in));
      bool need = fe_is_split(L, rty);
      LLVMTypeRef *bt = xcalloc(nargs + 1, sizeof *bt);
      for (unsigned i = 0; i < nargs && L->kind_byval; i++) {
        LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(in, i + 1, L->kind_byval);
        if (!a && LLVMIsAFunction(fn) && i < LLVMCountParams(fn)) a = LLVMGetEnumAttributeAtIndex(fn, i + 1, L->kind_byval);
        if (a) bt[i] = LLVMGetTypeAttributeValue(a);
        if (bt[i] && !LLVMTypeIsSized(bt[i])) bt[i] = NULL;
        need |= bt[i] != NULL;
      }
      if (need) {
        size_t base = L->valtab.len;
        for (unsigned i = 0; i <= nargs; i++) {
          LLVMTypeRef t = i == 0 ? (fe_is_split(L, rty) ? rty : NULL) : bt[i - 1];
          ir_value x = ir_undef_val(L->pty);
          if (t)
            x = ir_inst_val(L->pty, ir_emit_alloca(&L->b, LLVMABISizeOfType(L->td, t), ir_const(ir_type_int(32), 1),
                                                  LLVMABIAlignmentOfType(L->td, t), L->fn_loc));
          VEC_PUSH(L->valtab, x);
        }
        assert(L->valtab.len == base + nargs + 1); /* [ret temp, arg temps...] */
        fe_map_put(&L->call_tmps, in, base);
      }
      free(bt);
    }
  }
}

/* ---- source variables (debug info) ----------------------------------------------------------- */
/* One llvm.dbg.value record: the LLVM value the C variable takes there. */
typedef struct {
  LLVMValueRef value;
  LLVMValueRef var;   /* the DILocalVariable (as a value: uniqued, so comparable) */
  LLVMBasicBlockRef block;
} fe_dbg_value;

/* The name of a DILocalVariable (operand 1, an MDString), or NULL. */
static const char *dbg_var_name(LLVMValueRef var, unsigned *len) {
  if (!var || LLVMGetMDNodeNumOperands(var) < 2) return NULL;
  LLVMValueRef ops[8];
  unsigned n = LLVMGetMDNodeNumOperands(var);
  if (n > 8) return NULL;
  LLVMGetMDNodeOperands(var, ops);
  return ops[1] ? LLVMGetMDString(ops[1], len) : NULL;
}

/* The scope of a DILocalVariable (operand 0). */
static LLVMValueRef dbg_var_scope(LLVMValueRef var) {
  LLVMValueRef ops[8];
  unsigned n = LLVMGetMDNodeNumOperands(var);
  if (n < 1 || n > 8) return NULL;
  LLVMGetMDNodeOperands(var, ops);
  return ops[0];
}

/* Sets ir_inst.var (ir.h) from the function's llvm.dbg.value calls. A
 * variable whose name is shared by two variables of the function is
 * skipped (shadowing would make the name ambiguous). */
static void name_source_vars(fe_lower *L, LLVMValueRef fn) {
  VEC(fe_dbg_value) recs = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      if (!LLVMIsACallInst(in)) continue;
      LLVMValueRef callee = LLVMGetCalledValue(in);
      size_t len = 0;
      const char *nm = callee ? LLVMGetValueName2(callee, &len) : NULL;
      if (!nm || len != strlen("llvm.dbg.value") || strncmp(nm, "llvm.dbg.value", len) != 0) continue;
      if (LLVMGetNumArgOperands(in) < 2) continue;
      LLVMValueRef wrapped = LLVMGetOperand(in, 0), var = LLVMGetOperand(in, 1);
      if (LLVMGetValueKind(wrapped) != LLVMMetadataAsValueValueKind || !LLVMIsAMDNode(var)) continue;
      if (LLVMGetMDNodeNumOperands(wrapped) != 1) continue; /* DIArgList: several values */
      LLVMValueRef v = NULL;
      LLVMGetMDNodeOperands(wrapped, &v);
      fe_dbg_value r = {v, var, bb};
      VEC_PUSH(recs, r);
    }
  LLVMMetadataRef sp = LLVMGetSubprogram(fn);
  LLVMValueRef top = sp ? LLVMMetadataAsValue(L->ctx, sp) : NULL;
  for (size_t i = 0; i < recs.len; i++) {
    fe_dbg_value *r = &recs.data[i];
    if (!r->value || !LLVMIsAInstruction(r->value) || !fe_has_val(L, r->value)) continue;
    /* a float's IR value is its bit pattern: an invariant over it would not
     * mean what the C variable's name says */
    LLVMTypeKind tk = LLVMGetTypeKind(LLVMTypeOf(r->value));
    if (tk != LLVMIntegerTypeKind && tk != LLVMPointerTypeKind) continue;
    unsigned len = 0;
    const char *name = dbg_var_name(r->var, &len);
    if (!name || !len) continue;
    bool single = true, unique = true;
    for (size_t j = 0; j < recs.len; j++) {
      if (recs.data[j].var == r->var) {
        if (recs.data[j].value != r->value) single = false;
        continue;
      }
      unsigned l2 = 0;
      const char *n2 = dbg_var_name(recs.data[j].var, &l2);
      if (n2 && l2 == len && memcmp(n2, name, len) == 0) unique = false;
    }
    if (!unique) continue;
    bool phi_here = LLVMIsAPHINode(r->value) && LLVMGetInstructionParent(r->value) == r->block;
    bool whole_function = single && !LLVMIsAPHINode(r->value) && top && dbg_var_scope(r->var) == top;
    if (!phi_here && !whole_function) continue;
    ir_value x = fe_local_val(L, r->value);
    if (x.kind == IR_VAL_INST && x.id >= FE_MARK) x = resolve(L, x);
    if (x.kind != IR_VAL_INST || x.id >= L->b.insts.len) continue;
    ir_inst *target = &L->b.insts.data[x.id];
    if (!target->var) target->var = arena_strndup(&L->m->mem, name, len);
  }
  VEC_FREE(recs);
}

static void lower_function(fe_lower *L, LLVMValueRef fn) {
  assert(!L->in_func); /* bodies are lowered one at a time, from the work list */
  uint32_t id = fe_func_id(L, fn);
  ir_builder *b = &L->b;
  ir_build_begin(b, L->m, id);
  L->in_func = true;
  L->fn = fn;
  L->fn_loc = L->m->funcs.data[id].loc;
  /* the main that --function generates has no debug info: its steps (the
   * arguments' objects) are shown at the checked function's definition */
  LLVMValueRef target = id == 0 && L->opt && L->opt->entry.name ? LLVMGetNamedFunction(L->mod, L->opt->entry.name) : NULL;
  if (target) L->fn_loc = fe_loc_of(L, target);
  L->loc = L->fn_loc;
  fe_map_clear(&L->vals);
  fe_map_clear(&L->blocks);
  fe_map_clear(&L->pend_idx);
  fe_map_clear(&L->entry_consts);
  fe_map_clear(&L->splits);
  fe_map_clear(&L->call_tmps);
  L->valtab.len = 0;
  L->pending.len = 0;
  L->splitpool.len = 0;

  /* LLVM parameters -> IR parameters: a hidden result pointer first when
   * the result is split, split parameters leaf by leaf. */
  unsigned np = LLVMCountParams(fn), cur = 0;
  const ir_func *f = &L->m->funcs.data[id];
  L->ret_ptr = ir_undef_val(L->pty);
  if (fe_is_split(L, LLVMGetReturnType(LLVMGlobalGetValueType(fn))) && f->nparams) {
    L->ret_ptr = ir_arg_val(L->pty, 0);
    L->m->funcs.data[id].param_names[0] = "agg.result";
    cur = 1;
  }
  for (unsigned i = 0; i < np; i++) {
    LLVMValueRef p = LLVMGetParam(fn, i);
    f = &L->m->funcs.data[id];
    if (fe_is_split(L, LLVMTypeOf(p))) {
      fe_leaf lv[FE_MAX_LEAVES];
      ir_value vals[FE_MAX_LEAVES];
      const char *why;
      unsigned k = fe_leaves(L, LLVMTypeOf(p), lv, &why);
      for (unsigned j = 0; j < k; j++)
        vals[j] = cur + j < f->nparams ? ir_arg_val(f->params[cur + j], cur + j) : ir_undef_val(lv[j].type);
      if (k && cur < f->nparams) f->param_names[cur] = fe_name(L, p);
      fe_set_split(L, p, vals, k);
      cur += k;
    } else if (cur < f->nparams) {
      fe_set_val(L, p, ir_arg_val(f->params[cur], cur));
      f->param_names[cur] = fe_name(L, p);
      cur++;
    }
  }
  /* fe_func_id made the parameters by the same rule */
  assert(cur == L->m->funcs.data[id].nparams);

  fe_ptrmap seen = {0};
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  mark_reachable(L, entry, &seen);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    if (!fe_map_get(&seen, bb, NULL)) continue;
    const char *nm = LLVMGetBasicBlockName(bb);
    uint32_t k = ir_build_new_block(b, nm);
    fe_map_put(&L->blocks, bb, k);
  }
  fe_map_free(&seen);
  /* the entry block is reachable and comes first: IR block 0 */
  assert(b->blocks.len >= 1 && fe_map_get(&L->blocks, entry, NULL));

  bool first = true;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    uint64_t k;
    if (!fe_map_get(&L->blocks, bb, &k)) continue;
    ir_build_block(b, (uint32_t)k);
    if (first) {
      prematerialize_phi_consts(L);
      preallocate_call_temps(L);
      first = false;
    }
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      L->loc = fe_loc_of(L, in);
      if (!L->loc.line) L->loc = L->fn_loc;
      fe_lower_inst(L, in);
    }
  }

  for (size_t i = 0; i < b->insts.len; i++) {
    ir_inst *in = &b->insts.data[i];
    for (uint32_t j = 0; j < in->nops; j++) {
      if (in->ops[j].kind == IR_VAL_INST && in->ops[j].id >= FE_MARK) in->ops[j] = resolve(L, in->ops[j]);
      assert(in->ops[j].kind != IR_VAL_INST || in->ops[j].id < b->insts.len); /* every marker resolved */
    }
  }
  assert(b->blocks.len == 0 || b->cur_block == b->blocks.len - 1); /* every block was started */
  name_source_vars(L, fn);
  ir_build_finish(b);
  L->in_func = false;
  L->fn = NULL;
}

/* ---- module ---------------------------------------------------------------- */
/* --function: the symbols the linked program declares without defining
 * that only code the generated main never reaches uses (the program's own
 * main, say). The replay does not run that code, but a native link of the
 * program needs them (ir_module.unreached_decls). */
static void record_unreached_decls(fe_lower *L) {
  for (LLVMValueRef f = LLVMGetFirstFunction(L->mod); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f) || LLVMGetIntrinsicID(f) || fe_map_get(&L->funcs, f, NULL)) continue;
    if (!LLVMGetFirstUse(f)) continue;
    const char *name = fe_name(L, f);
    if (name) VEC_PUSH(L->m->unreached_decls, name);
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(L->mod); g; g = LLVMGetNextGlobal(g)) {
    if (!LLVMIsDeclaration(g) || fe_map_get(&L->globals, g, NULL) || !LLVMGetFirstUse(g)) continue;
    const char *name = fe_name(L, g);
    if (name) VEC_PUSH(L->m->unreached_data, name);
  }
}

static void free_sources_real(fe_lower *L) {
  for (size_t i = 0; i < L->nsources; i++) free(L->sources_real[i]);
  free(L->sources_real);
}

ir_module *fe_lower_module(LLVMModuleRef mod, LLVMContextRef ctx, const char *const *sources, size_t nsources,
                           const fe_options *opt, char **err) {
  assert(nsources >= 1);
  const char *source = sources[0];
  LLVMValueRef main_fn = LLVMGetNamedFunction(mod, "main");
  if (!main_fn || LLVMIsDeclaration(main_fn)) {
    *err = nsources == 1 ? xasprintf("no main function in %s (to check one function, use --function NAME)", source)
                         : xstrdup("no main function in the program (to check one function, use --function NAME)");
    return NULL;
  }
  fe_lower L;
  memset(&L, 0, sizeof L);
  L.mod = mod;
  L.ctx = ctx;
  L.sources = sources;
  L.nsources = nsources;
  L.sources_real = xcalloc(nsources, sizeof *L.sources_real);
  for (size_t i = 0; i < nsources; i++) L.sources_real[i] = realpath(sources[i], NULL);
  L.opt = opt;
  L.td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
  L.pbits = LLVMPointerSize(L.td) * 8;
  if (L.pbits != 32 && L.pbits != 64) {
    *err = xasprintf("unsupported pointer width %u bits", L.pbits);
    LLVMDisposeTargetData(L.td);
    free_sources_real(&L);
    return NULL;
  }
  L.pty = ir_type_ptr(L.pbits);
  L.m = ir_module_new(L.pbits, source);
  for (int i = 0; i < IR_BUILTIN_COUNT; i++) L.builtin_fn[i] = IR_NONE;
  L.kind_byval = LLVMGetEnumAttributeKindForName("byval", 5);
  L.loc = ir_loc_none();
  L.fn_loc = ir_loc_none();

  uint32_t main_id = fe_func_id(&L, main_fn);
  assert(main_id == 0); /* the first function lowered */
  (void)main_id;
  size_t fn_next = 0, gv_next = 0;
  while (fn_next < L.fn_work.len || gv_next < L.gv_work.len) {
    if (gv_next < L.gv_work.len) {
      fe_lower_global_init(&L, L.gv_work.data[gv_next++]);
      continue;
    }
    lower_function(&L, L.fn_work.data[fn_next++]);
  }
  assert(!L.in_func && L.will_define.len == L.m->funcs.len);

  if (opt && opt->entry.name) record_unreached_decls(&L);
  fe_map_free(&L.funcs);
  fe_map_free(&L.globals);
  fe_map_free(&L.files);
  fe_map_free(&L.vals);
  fe_map_free(&L.blocks);
  fe_map_free(&L.pend_idx);
  fe_map_free(&L.entry_consts);
  fe_map_free(&L.splits);
  fe_map_free(&L.call_tmps);
  VEC_FREE(L.splitpool);
  VEC_FREE(L.fn_work);
  VEC_FREE(L.gv_work);
  VEC_FREE(L.will_define);
  VEC_FREE(L.valtab);
  VEC_FREE(L.pending);
  LLVMDisposeTargetData(L.td);
  free_sources_real(&L);
  return L.m;
}
