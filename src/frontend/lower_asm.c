/* lower_asm: inline assembly -> IR_ASM and IR_HAVOC (ir.h).
 *
 * Contract:
 *  - LLVM 14's C API has no getter for an asm's template or constraints:
 *    both are read from the printed value
 *    `<type> asm [sideeffect] [alignstack] [inteldialect] [unwind] "template", "constraints"`
 *    (strings escaped as \\ and \XX).
 *  - Constraints, comma separated, in LLVM's order: direct outputs ("=r",
 *    "=&r", "={ax}") are the call's result; indirect outputs ("=*m") and
 *    inputs ("r", "0", "*m", "i", ...) take the call's arguments in order;
 *    clobbers ("~{...}") take none.
 *  - One IR_ASM carries the inputs (as operands) and the "memory" clobber
 *    (IR_ASM_MEMORY); its result is the scalar direct output, or VOID. With
 *    several direct outputs (a struct) every leaf is an unknown: the first
 *    from that IR_ASM, the others from IR_ASMs without operands. Each
 *    indirect output becomes an IR_HAVOC of its pointee's bytes.
 *  - Other clobbers (flags, cc, dirflag, fpsr, registers) change nothing the
 *    program can observe, except the stack pointer, which is unsupported.
 *  - An empty template without outputs does nothing (a compiler barrier,
 *    asm volatile("" ::: "memory")): dropped.
 *  - A template whose only executed instruction is ud2 (the kernel's BUG(),
 *    with its __bug_table entry in another section) and that has no outputs
 *    is the trap it is: IR_BUILTIN_TRAP, the run ends (module.asm_traps
 *    counts them for the answer's assumption line).
 *  - A template that is one `call name` (the kernel's __get_user_N: outputs
 *    an error code and a value; __put_user_N: writes user memory, which the
 *    program does not read) is modelled by its constraints like any other
 *    asm: arbitrary outputs, arbitrary memory under a "memory" clobber
 *    (module.asm_calls counts them for the assumption line).
 *  - The model holds for asm that only computes and writes its outputs. A
 *    template that transfers control (call, ret, jumps other than to local
 *    numeric labels, syscall, int, ud2, hlt), moves the stack (unbalanced
 *    push/pop, the stack registers), changes the floating-point environment
 *    (fldcw, ldmxcsr, ...) or uses assembler directives (but alignment, and
 *    data put into a section other than code: the kernel's lock prefixes
 *    list) is reported as "inline asm (<why>)".
 */
#include "fe_internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Reads a printed LLVM string starting at *p (at the opening quote). */
static char *read_string(const char **p) {
  const char *s = *p;
  if (*s != '"') return NULL;
  s++;
  size_t cap = strlen(s) + 1, n = 0;
  char *out = xcalloc(cap, 1);
  while (*s && *s != '"') {
    if (*s == '\\' && s[1] == '\\') {
      out[n++] = '\\';
      s += 2;
    } else if (*s == '\\' && isxdigit((unsigned char)s[1]) && isxdigit((unsigned char)s[2])) {
      char hex[3] = {s[1], s[2], 0};
      out[n++] = (char)strtol(hex, NULL, 16);
      s += 3;
    } else {
      out[n++] = *s++;
    }
  }
  if (*s != '"') {
    free(out);
    return NULL;
  }
  *p = s + 1;
  out[n] = 0;
  return out;
}

/* Template and constraints of an inline asm value; false if unreadable. */
static bool asm_text(LLVMValueRef asmv, char **tmpl, char **cons) {
  *tmpl = *cons = NULL;
  char *text = LLVMPrintValueToString(asmv);
  const char *p = text ? strstr(text, " asm ") : NULL;
  if (p) {
    p += 5;
    static const char *const kws[] = {"sideeffect ", "alignstack ", "inteldialect ", "unwind "};
    for (bool again = true; again;) {
      again = false;
      for (size_t i = 0; i < sizeof kws / sizeof kws[0]; i++)
        if (strncmp(p, kws[i], strlen(kws[i])) == 0) p += strlen(kws[i]), again = true;
    }
    *tmpl = read_string(&p);
    if (*tmpl && strncmp(p, ", ", 2) == 0) {
      p += 2;
      *cons = read_string(&p);
    }
  }
  LLVMDisposeMessage(text);
  if (*tmpl && *cons) return true;
  free(*tmpl);
  free(*cons);
  *tmpl = *cons = NULL;
  return false;
}

static bool word_is(const char *w, size_t n, const char *const *list) {
  for (size_t i = 0; list[i]; i++)
    if (strlen(list[i]) == n && strncmp(w, list[i], n) == 0) return true;
  return false;
}

/* Whether [s, end) is one symbol name (the operand of `call name`). */
static bool is_symbol(const char *s, const char *end) {
  while (s < end && isspace((unsigned char)*s)) s++;
  while (end > s && isspace((unsigned char)end[-1])) end--;
  if (s == end || !(isalpha((unsigned char)*s) || *s == '_' || *s == '.')) return false;
  for (; s < end; s++)
    if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '.' || *s == '$')) return false;
  return true;
}

/* What a template within the model is: plain computation, one `call name`
 * (the kernel's __get_user_N, __put_user_N: the routine's effect is what
 * the constraints declare, like any asm's), or one ud2 (the kernel's
 * BUG(); what it puts into other sections, such as the __bug_table entry,
 * is data that never runs: the machine traps, the run ends as with
 * llvm.trap or abort()). */
typedef enum { ASM_PLAIN, ASM_NAMED_CALL, ASM_TRAP } asm_kind;

/* Why the template falls outside the model, or NULL (and *kind). The
 * result is a static string. */
static const char *template_problem(const char *t, asm_kind *kind) {
  static const char *const ctl[] = {"call", "callq", "calll", "lcall", "ret", "retq", "retl", "lret", "iret",
                                    "iretq", "iretd", "syscall", "sysenter", "sysexit", "sysret", "int", "int3",
                                    "into", "ud0", "ud1", "ud2", "hlt", "leave", "leaveq", "ljmp", NULL};
  static const char *const fenv[] = {"fldcw", "ldmxcsr", "vldmxcsr", "fldenv", "frstor", "fxrstor", "fxrstor64",
                                     "xrstor", "xrstor64", "fninit", "finit", NULL};
  if (strstr(t, "rsp") || strstr(t, "esp") || strstr(t, "rbp") || strstr(t, "ebp")) return "inline asm (stack registers)";
  int pushes = 0, other = 0; /* other: nesting of sections other than this code's */
  int executed = 0, calls = 0, traps = 0;
  *kind = ASM_PLAIN;
  const char *p = t;
  while (*p) {
    /* one instruction: up to a newline or ';' */
    const char *end = p + strcspn(p, "\n;");
    const char *s = p;
    for (;;) { /* skip blanks and labels ("1:", "loop:") */
      while (s < end && isspace((unsigned char)*s)) s++;
      const char *w = s;
      while (w < end && (isalnum((unsigned char)*w) || *w == '_' || *w == '.')) w++;
      if (w < end && *w == ':' && w > s) s = w + 1;
      else break;
    }
    const char *w = s;
    while (w < end && (isalnum((unsigned char)*w) || *w == '_' || *w == '.')) w++;
    size_t n = (size_t)(w - s);
    bool enter = n && (word_is(s, n, (const char *const[]){".section", ".pushsection", NULL}));
    bool leave = n && (word_is(s, n, (const char *const[]){".previous", ".popsection", NULL}));
    if (enter) {
      /* data put into another section (the kernel's .smp_locks) is never
       * executed; more code is */
      const char *a = w;
      while (a < end && isspace((unsigned char)*a)) a++;
      if (strncmp(a, ".text", 5) == 0 || strncmp(a, ".init", 5) == 0 || strncmp(a, ".fixup", 6) == 0 ||
          strncmp(a, ".exit", 5) == 0)
        return "inline asm (code in another section)";
      other++;
    } else if (leave) {
      if (!other) return "inline asm (assembler directive)";
      other--;
    } else if (other) {
      /* inside the other section: not executed here */
    } else if (n) {
      static const char *const align[] = {".align", ".balign", ".p2align", NULL}; /* padding only */
      if (*s == '.' && !word_is(s, n, align)) return "inline asm (assembler directive)";
      executed++;
      /* allowed alone (asm_kind): `call name` and ud2 */
      bool named_call = word_is(s, n, (const char *const[]){"call", "callq", "calll", NULL}) && is_symbol(w, end);
      bool trap = word_is(s, n, (const char *const[]){"ud2", "ud2a", NULL});
      if (named_call || trap) {
        calls += named_call;
        traps += trap;
        p = *end ? end + 1 : end;
        continue;
      }
      if (word_is(s, n, ctl)) return "inline asm (control transfer)";
      if (word_is(s, n, fenv)) return "inline asm (changes the floating-point environment)";
      if (n >= 4 && strncmp(s, "push", 4) == 0) pushes++;
      if (n >= 3 && strncmp(s, "pop", 3) == 0) pushes--;
      if (*s == 'j' || (n >= 4 && strncmp(s, "loop", 4) == 0)) {
        /* only a local numeric label ("1f", "2b") stays inside the asm */
        const char *a = w;
        while (a < end && isspace((unsigned char)*a)) a++;
        const char *d = a;
        while (d < end && isdigit((unsigned char)*d)) d++;
        bool local = d > a && d < end && (*d == 'f' || *d == 'b');
        if (local) {
          d++;
          while (d < end && isspace((unsigned char)*d)) d++;
          local = d == end;
        }
        if (!local) return "inline asm (jump out of the asm)";
      }
    }
    p = *end ? end + 1 : end;
  }
  if (pushes) return "inline asm (unbalanced push/pop)";
  if (other) return "inline asm (assembler directive)";
  if ((calls || traps) && executed != 1) return "inline asm (control transfer)";
  *kind = calls ? ASM_NAMED_CALL : traps ? ASM_TRAP : ASM_PLAIN;
  return NULL;
}

static bool is_blank(const char *t) {
  while (*t && isspace((unsigned char)*t)) t++;
  return *t == 0;
}

static uint32_t emit_asm(fe_lower *L, ir_type t, unsigned flags, uint32_t n, ir_value *ops) {
  ir_inst in = {0};
  in.op = IR_ASM;
  in.flags = (uint8_t)flags;
  in.type = t;
  in.callee = IR_NONE;
  in.loc = L->loc;
  in.nops = n;
  in.ops = ops;
  return ir_build_emit(&L->b, &in);
}

uint32_t fe_emit_extern_call(fe_lower *L, ir_type t, uint32_t fid, bool writes, uint32_t n, ir_value *ops) {
  ir_inst in = {0};
  in.op = IR_ASM;
  in.flags = (uint8_t)(IR_ASM_EXTERN_CALL | (writes ? IR_ASM_MEMORY : 0));
  in.type = t;
  in.callee = IR_NONE;
  in.size = fid;
  in.loc = L->loc;
  in.nops = n;
  in.ops = ops;
  return ir_build_emit(&L->b, &in);
}

static void emit_havoc(fe_lower *L, ir_value p, uint64_t size) {
  ir_inst in = {0};
  in.op = IR_HAVOC;
  in.type = ir_type_void();
  in.callee = IR_NONE;
  in.loc = L->loc;
  in.nops = 1;
  in.ops = &p;
  in.size = size;
  ir_build_emit(&L->b, &in);
}

/* Builds the IR for the asm call; returns why it cannot (a static string;
 * nothing was emitted then), or NULL. */
static const char *lower(fe_lower *L, LLVMValueRef inst, const char *tmpl, const char *cons) {
  unsigned nargs = LLVMGetNumArgOperands(inst);
  LLVMTypeRef rty = LLVMGetReturnType(LLVMGetCalledFunctionType(inst));
  unsigned ndirect = 0, nindirect = 0, flags = 0, argi = 0;
  VEC(ir_value) ins = {0};
  VEC(uint32_t) outs = {0}; /* argument numbers of indirect outputs */
  const char *why = NULL;
  /* pass 1: classify the constraints */
  for (const char *c = cons; *c && !why;) {
    size_t n = strcspn(c, ",");
    if (c[0] == '~') {
      if (n == 9 && strncmp(c, "~{memory}", 9) == 0) flags |= IR_ASM_MEMORY;
      if ((n == 6 && strncmp(c, "~{rsp}", 6) == 0) || (n == 6 && strncmp(c, "~{esp}", 6) == 0) ||
          (n == 5 && strncmp(c, "~{sp}", 5) == 0))
        why = "inline asm (stack registers)";
    } else if (c[0] == '=' && c[1] != '*') {
      ndirect++;
    } else if (argi >= nargs) {
      why = "inline asm (constraint string)";
    } else if (c[0] == '=') {
      VEC_PUSH(outs, argi++);
      nindirect++;
    } else {
      LLVMValueRef a = LLVMGetOperand(inst, argi++);
      const char *w = NULL;
      if (fe_is_split(L, LLVMTypeOf(a))) w = "inline asm (aggregate operand)";
      else fe_type(L, LLVMTypeOf(a), &w);
      if (w) why = w;
      else VEC_PUSH(ins, fe_val(L, a));
    }
    c += n;
    if (*c == ',') c++;
  }
  if (!why && argi != nargs) why = "inline asm (constraint string)";
  if (!why && (ndirect == 0) != (LLVMGetTypeKind(rty) == LLVMVoidTypeKind)) why = "inline asm (constraint string)";
  asm_kind kind = ASM_PLAIN;
  if (!why) why = template_problem(tmpl, &kind);
  if (!why && kind == ASM_TRAP) {
    if (ndirect || nindirect) {
      why = "inline asm (control transfer)"; /* a trap with outputs: not BUG() */
    } else {
      fe_call_builtin(L, IR_BUILTIN_TRAP, ir_type_void(), 0, NULL, NULL);
      L->m->asm_traps++;
      VEC_FREE(ins);
      VEC_FREE(outs);
      return NULL;
    }
  }
  for (size_t i = 0; i < outs.len && !why; i++) {
    LLVMTypeRef pt = LLVMTypeOf(LLVMGetOperand(inst, outs.data[i]));
    if (LLVMGetTypeKind(pt) != LLVMPointerTypeKind || !LLVMTypeIsSized(LLVMGetElementType(pt)))
      why = "inline asm (memory output of unknown size)";
  }
  bool split = fe_is_split(L, rty);
  ir_type rt = ir_type_void();
  if (!why && !split) rt = fe_type(L, rty, &why);
  if (why || (ndirect == 0 && nindirect == 0 && is_blank(tmpl))) {
    VEC_FREE(ins);
    VEC_FREE(outs);
    return why; /* nothing to do for a barrier */
  }
  fe_leaf lv[FE_MAX_LEAVES];
  unsigned k = 0;
  if (split) {
    const char *w = NULL;
    k = fe_leaves(L, rty, lv, &w);
    if (w) fe_unsupported(L, w); /* that leaf gets a stand-in type */
    if (k) rt = lv[0].type;
  }
  uint32_t id = emit_asm(L, rt, flags, (uint32_t)ins.len, ins.data);
  if (kind == ASM_NAMED_CALL) L->m->asm_calls++;
  for (size_t i = 0; i < outs.len; i++) {
    LLVMValueRef a = LLVMGetOperand(inst, outs.data[i]);
    uint64_t size = LLVMStoreSizeOfType(L->td, LLVMGetElementType(LLVMTypeOf(a)));
    if (size) emit_havoc(L, fe_val(L, a), size);
  }
  if (split) {
    ir_value vals[FE_MAX_LEAVES];
    for (unsigned j = 0; j < k; j++)
      vals[j] = j == 0 ? ir_inst_val(rt, id) : ir_inst_val(lv[j].type, emit_asm(L, lv[j].type, 0, 0, NULL));
    fe_set_split(L, inst, vals, k);
  } else if (rt.kind != IR_TY_VOID) {
    fe_set_result(L, inst, id);
  }
  VEC_FREE(ins);
  VEC_FREE(outs);
  return NULL;
}

void fe_lower_asm(fe_lower *L, LLVMValueRef inst) {
  char *tmpl, *cons;
  const char *why = "inline asm (unreadable)";
  if (asm_text(LLVMGetCalledValue(inst), &tmpl, &cons)) {
    why = lower(L, inst, tmpl, cons);
    free(tmpl);
    free(cons);
    if (!why) return;
  }
  fe_give_up(L, inst, why);
}
