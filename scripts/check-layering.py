#!/usr/bin/env python3
"""Checks the layering of src/ as docs/ARCHITECTURE.md ("Layers") states it.

Every #include "..." of a file in src/<folder>/ must name a header of the
same folder or of a folder that LAYERS allows for it. In the folders of
ACYCLIC (the driver and what sits just below it), the files must not depend
on each other in a cycle (a module is a .c with its .h; A depends on B when
A.c or A.h includes B.h): each of their files does one job. (Elsewhere a
folder's internal.h may include the folder's public header and be included
by its .c files: one module seen from two sides.) Exit 0 when both hold; 1 with
one line per violation otherwise. Run by CI (tests/layering) and by hand:
    scripts/check-layering.py [SRC_DIR]
"""
import os
import re
import sys

# folder -> the folders its files may include (besides its own). Keep in
# step with docs/ARCHITECTURE.md, section "Layers".
LAYERS = {
    'util': [],
    'ir': ['util'],
    'smt': ['util'],
    'interp': ['util', 'ir'],
    'frontend': ['util', 'ir'],
    'its': ['util', 'smt'],                          # the ITS back end, below the engines that feed it
    'bmc': ['util', 'ir', 'smt', 'interp'],          # engines: never each other
    'direct': ['util', 'ir', 'smt', 'its'],
    'seg': ['util', 'ir', 'smt', 'its'],
    'nonterm': ['util', 'ir', 'interp'],
    'output': ['util', 'ir', 'smt', 'interp', 'its', 'seg'],
    'driver': ['util', 'ir', 'smt', 'interp', 'frontend', 'its', 'bmc', 'direct', 'seg', 'nonterm', 'output'],
}

ACYCLIC = {'driver', 'output', 'nonterm'}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def main():
    src = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                          os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'src'))
    errors = []
    folders = sorted(d for d in os.listdir(src) if os.path.isdir(os.path.join(src, d)))
    for folder in folders:
        if folder not in LAYERS:
            errors.append('src/%s: a folder the layering does not know (add it to LAYERS and '
                          'docs/ARCHITECTURE.md)' % folder)
            continue
        allowed = set(LAYERS[folder]) | {folder}
        deps = {}  # module -> modules of the same folder it includes
        for name in sorted(os.listdir(os.path.join(src, folder))):
            if not name.endswith(('.c', '.h')):
                continue
            path = os.path.join(src, folder, name)
            module = name[:-2]
            with open(path, encoding='utf-8', errors='replace') as f:
                text = f.read()
            for inc in INCLUDE.findall(text):
                target = os.path.normpath(os.path.join(src, folder, inc))
                rel = os.path.relpath(target, src)
                parts = rel.split(os.sep)
                if parts[0] == '..' or len(parts) < 2:
                    errors.append('src/%s/%s: includes "%s", outside src/' % (folder, name, inc))
                    continue
                if parts[0] not in allowed:
                    errors.append('src/%s/%s: includes "%s": %s may not depend on %s' %
                                  (folder, name, inc, folder, parts[0]))
                elif parts[0] == folder and parts[1][:-2] != module:
                    deps.setdefault(module, set()).add(parts[1][:-2])
        if folder in ACYCLIC:
            errors.extend(cycles(folder, deps))
    for e in errors:
        print(e)
    if not errors:
        print('layering: %d folders, every include allowed; no cycle inside %s' % (len(folders), ', '.join(sorted(ACYCLIC))))
    return 1 if errors else 0


def cycles(folder, deps):
    """One line per module on a dependency cycle inside the folder."""
    found = []
    state = {}

    def visit(m, stack):
        state[m] = 1
        stack.append(m)
        for n in sorted(deps.get(m, ())):
            if state.get(n) == 1:
                found.append('src/%s: files depend on each other: %s' %
                             (folder, ' -> '.join(stack[stack.index(n):] + [n])))
            elif n not in state:
                visit(n, stack)
        stack.pop()
        state[m] = 2

    for m in sorted(deps):
        if m not in state:
            visit(m, [])
    return found


if __name__ == '__main__':
    sys.exit(main())
