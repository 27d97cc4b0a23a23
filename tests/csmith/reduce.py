#!/usr/bin/env python3
"""reduce.py -- shrinks a failing wrapped csmith program by deleting lines,
and turns the result into a regression kernel.

    tests/csmith/reduce.py build/csmith-failures/seed-N/wrapped.c -o min.c
        [--class mismatch|crash|compiler-error|sim-timeout] [--match REGEX]
        [--runs N] [--mode random|timing] [--seed S] [-j 2]
    tests/csmith/reduce.py min.c --regress NAME --note "what it found"

A candidate is kept when it still fails in the same class as the original
(and its one-line detail still matches REGEX, when given), and is still a
valid program: gcc and clang both compile it without warnings about
uninitialised variables, run it within the limits, and agree
(run.py's reference step).  Deletion goes from chunks of half the file down
to single lines (ddmin's complement step), repeated until nothing more can
go; the prelude (the lines before the safe-math functions) and the kernel at
the end are kept.  The output file holds the smallest program so far at
every step, so an interrupted run leaves a result.  For crash and
compiler-error classes the compiler is tried first (most candidates fail
there fast).

--regress NAME writes tests/csmith/regress/NAME.c: the file, a header
comment (the note), and a `sluice-test` scenario for tests/harness that
starts the kernel RUNS times and expects exactly the CPU's words, so that
`make test` runs it from then on.
"""
import argparse
import os
import re
import shutil
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as csmith_run  # noqa: E402

KEEP_BEFORE = '/* ---- the functions of'
KEEP_AFTER = '/* ---- the kernel ---- */'


class Opts:
    sim = 'icarus'
    div = 'model'
    max_blocks = csmith_run.MAX_BLOCKS
    ref_only = False


def no_uninit(path, work):
    """True when neither compiler warns about an uninitialised read: line
    deletion must not turn a miscompilation into undefined behaviour."""
    inc = os.path.join(csmith_run.ROOT, 'include')
    for cmd in (['gcc', '-std=gnu11', '-O1', '-fsyntax-only', '-w',
                 '-Wuninitialized', '-Wmaybe-uninitialized',
                 '-Werror=uninitialized', '-Werror=maybe-uninitialized',
                 '-I', inc, path],
                ['clang-19', '-std=gnu11', '-fsyntax-only',
                 '-Werror=uninitialized', '-Werror=sometimes-uninitialized',
                 '-Wno-everything', '-Wuninitialized',
                 '-Wsometimes-uninitialized', '-I', inc, path]):
        rc, _, _ = csmith_run.run(cmd, 60, cwd=work)
        if rc != 0:
            return False
    return True


def classify(text, args, opts):
    work = tempfile.mkdtemp(prefix='csmith-reduce-')
    try:
        path = os.path.join(work, 'wrapped.c')
        with open(path, 'w') as f:
            f.write(text)
        if args.cls in ('crash', 'compiler-error'):
            # fast path: the compiler alone decides most candidates
            module, fail = csmith_run.compile_sluice(path, work)
            if module is not None or fail[0] != args.cls or \
                    (args.match and not re.search(args.match, fail[1])):
                return csmith_run.Result(args.seed, 'other')
        if not no_uninit(path, work):
            return None
        return csmith_run.check_wrapped(path, work, args.seed, args.runs,
                                        args.mode, opts)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def interesting(text, args, opts):
    res = classify(text, args, opts)
    if res is None or res.cls != args.cls:
        return False
    return not args.match or re.search(args.match, res.detail or '')


def reduce_lines(lines, lo, hi, args, opts):
    """Deletes chunks of lines[lo:hi] while the program stays interesting."""
    n = max(1, (hi - lo) // 2)
    while True:
        progress = False
        i = lo
        while i < hi:
            j = min(i + n, hi)
            cand = lines[:i] + lines[j:]
            if interesting(''.join(cand), args, opts):
                lines = cand
                hi -= j - i
                progress = True
                print('  %d lines' % len(lines), flush=True)
                with open(args.output, 'w') as f:  # the best so far
                    f.write(''.join(lines))
            else:
                i = j
        if n == 1 and not progress:
            return lines
        if not progress:
            n = max(1, n // 2)


def cmd_reduce(args):
    opts = Opts()
    with open(args.file) as f:
        text = f.read()
    res = classify(text, args, opts)
    if res is None:
        sys.exit('reduce: the original has uninitialised reads')
    print('original: ' + res.line())
    if not args.cls:
        args.cls = res.cls
    if res.cls != args.cls:
        sys.exit('reduce: the original is %s, not %s' % (res.cls, args.cls))
    lines = text.splitlines(keepends=True)
    lo = next((i for i, l in enumerate(lines) if l.startswith(KEEP_BEFORE)),
              0)
    hi = next((i for i, l in enumerate(lines) if l.startswith(KEEP_AFTER)),
              len(lines))
    lines = reduce_lines(lines, lo, hi, args, opts)
    with open(args.output, 'w') as f:
        f.write(''.join(lines))
    res = classify(''.join(lines), args, opts)
    print('reduced to %d lines: %s' % (len(lines), res.line()))


def cmd_regress(args):
    opts = Opts()
    opts.ref_only = True
    with open(args.file) as f:
        text = f.read()
    work = tempfile.mkdtemp(prefix='csmith-regress-')
    try:
        path = os.path.join(work, 'wrapped.c')
        with open(path, 'w') as f:
            f.write(text)
        ref, _, why = csmith_run.reference(path, work, opts.max_blocks,
                                           args.runs)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if ref is None:
        sys.exit('regress: no reference: %s' % why)
    text = re.sub(r'^/\* csmith seed .*?\*/\n', '', text, count=1)
    head = '/*\n * %s.c -- csmith regression kernel (tests/csmith/reduce.py).\n' \
        % args.regress
    for line in args.note.splitlines():
        head += (' * ' + line).rstrip() + '\n'
    head += ' */\n'
    scen = '\n/* sluice-test:\n'
    scen += ''.join('   start csmith_kernel()\n' for _ in range(args.runs))
    words = ['0x%016x' % w for w in ref]
    scen += '   expect csmith_out ='
    for i in range(0, len(words), 3):
        scen += ' ' + ' '.join(words[i:i + 3]) + '\n'
        if i + 3 < len(words):
            scen += '       '
    scen += '   seed %d\n*/\n' % args.seed
    dest = os.path.join(HERE, 'regress', args.regress + '.c')
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open(dest, 'w') as f:
        f.write(head + text + scen)
    print('wrote %s (%d words)' % (os.path.relpath(dest), len(ref)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('file')
    ap.add_argument('-o', '--output')
    ap.add_argument('--class', dest='cls', choices=csmith_run.FAILED_CLASSES)
    ap.add_argument('--match', help='regex the failure detail must match')
    ap.add_argument('--runs', type=int, default=1)
    ap.add_argument('--mode', choices=('random', 'timing'), default='random')
    ap.add_argument('--seed', type=int, default=1, help='bench seed')
    ap.add_argument('--regress', metavar='NAME')
    ap.add_argument('--note', default='')
    args = ap.parse_args()
    if args.regress:
        cmd_regress(args)
    elif args.output:
        cmd_reduce(args)
    else:
        ap.error('give -o OUT or --regress NAME')


if __name__ == '__main__':
    main()
