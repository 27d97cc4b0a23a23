#!/usr/bin/env python3
"""run.py -- differential testing of sluice against the CPU with csmith.

    tests/csmith/run.py --count N --seed S [-j 2] [--keep DIR]
                        [--sim icarus|verilator] [--div model|rtl]
                        [--quick] [--seeds a,b,c] [--profile small|big]
                        [--without unions,bitfields]
                        [--with arrays,pointers,floats]
                        [--max-blocks N]
                        [--max-lines N] [--ref-only]

For each seed: csmith generates a program (integer scalars of every width,
globals, structs, unions and bitfields by value; arrays, pointers and float
arithmetic when --with turns them on; no volatiles); run.py wraps
it into a kernel (prelude.h: `csmith_kernel` runs csmith's main, which runs
func_1() and then streams every global's value, struct fields one by one,
out of the 64-bit I/O pipe `csmith_out`, then an end marker).  The CPU
reference is the same wrapped file compiled by gcc and by clang with
ref_main.c (they must agree; clang's build counts the basic blocks executed,
and programs running more than --max-blocks are skipped).  `sluice build
--no-sim-image` compiles it; the test harness's bench (tests/harness, via
csmith_sim.py) simulates sluice_core under Icarus (or Verilator), starting
the kernel once (even seeds) or twice (odd seeds: the second run starts
from the state the first left), with back-pressure (random mode) or without
(timing mode, seeds divisible by 4); the words must equal the CPU's.

Each program is classified and printed on one line:
  pass, mismatch (wrong, missing or extra words, or done-pulse trouble; the
  first wrong global is named), compiler-error (sluice rejected it; its
  diagnostic is shown), crash (the compiler died or timed out, or the
  simulation could not run), sim-timeout (no done within the cycle limit),
  unsupported (sluice rejected it, and every error names C that has no
  hardware meaning and is not supported on purpose: UNSUPPORTED),
  skipped (csmith failed, the program is trivial or too big, the reference
  runs too long, gcc and clang disagree, or, with floats, a float is
  converted to an integer that cannot hold it: not counted as passed).
The run ends with a summary line and then the line `N passed, N failed`,
and exits non-zero if anything failed.  Every failing program is saved under
build/csmith-failures/seed-N/ (the csmith program, the wrapped C, the
module, the logs, result.txt and repro.sh).  reduce.py shrinks one and turns
it into a regression kernel under regress/.

Programs are reproducible from their seed alone: the csmith options are a
function of the seed (csmith_options()).  --quick runs the fixed batch of
`make test` (30 programs, about a minute on 2 cores); --target ice40 (or
ecp5) builds them for that target's schedule.  The compiler is
build/bin/sluice (or $SLUICE), copied at the start so that a rebuild does
not disturb a batch.
"""
import argparse
import concurrent.futures
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import csmith_sim  # noqa: E402  (the simulation step, next to this file)

CSMITH_INC = '/usr/include/csmith'
SLUICE = os.environ.get('SLUICE') or os.path.join(ROOT, 'build', 'bin',
                                                  'sluice')
FAIL_DIR = os.path.join(ROOT, 'build', 'csmith-failures')
END_MARKER = 0xC5C5E4D0C5C5E4D0

# the fixed batch of `make test` (--quick): the first 30 seeds whose
# programs are not skipped (with the options of csmith_options(); pick them
# again with --ref-only if those change)
QUICK_SEEDS = [1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 20, 23,
               24, 25, 27, 28, 29, 30, 31, 32, 33, 36, 38, 39]
# --quick --with arrays: programs with arrays, none skipped and none with an
# array over the 512 bytes sluice keeps in registers (the first 14 such of
# seeds 6000 on, and six that found a bug in pass_balance_adds)
QUICK_ARRAY_SEEDS = [6000, 6001, 6002, 6003, 6004, 6009, 6010, 6012, 6013, 6014,
                     6016, 6021, 6022, 6023, 6020, 6059, 6079, 6107, 6136, 6147,
                     # arrays of more than 512 bytes: memories
                     6006, 6007, 6011, 6015, 6017, 6018, 6024, 6040]
# --quick --with arrays,pointers: the first 12 such programs of seeds 9000
# on that are not skipped, and eight that found bugs (a stale integer form
# after a choice; accesses split in memories; a slot SROA left; a pointer
# to a packed struct's member; a second run reading a dead local, run once)
QUICK_POINTER_SEEDS = [9001, 9002, 9003, 9004, 9005, 9006, 9007, 9008, 9009,
                       9010, 9011, 9012, 9034, 9038, 9127, 9243, 9304, 20055,
                       20225, 20232]

TIMEOUT_CSMITH = 20
TIMEOUT_REF_COMPILE = 60
TIMEOUT_REF_RUN = 2          # a reference slower than this is skipped
TIMEOUT_SLUICE = 180
BUILD_OPTS = []  # --target T: the delay model, and so the schedule and units
TIMEOUT_SIM = 300            # wall clock, seconds
SIM_CYCLES_BASE = 20000      # the bench's cycle limit is this plus
SIM_CYCLES_PER_BLOCK = 400   # this per basic block the reference ran
MAX_SOURCE_LINES = 1500      # bigger csmith programs are skipped
MIN_GLOBALS = 2              # and those with fewer globals than this
MAX_BLOCKS = 100000          # and those running more basic blocks

FAILED_CLASSES = ('mismatch', 'compiler-error', 'crash', 'sim-timeout')

# diagnostics of C that sluice does not take on purpose (there is no
# hardware for it): a program rejected with only these is 'unsupported',
# not a failure
UNSUPPORTED = [
    r'calls through function pointers are not supported',
    r'the address of a function is used as data',
    r'recursion is not supported',
    r'call to external function .* is not supported',
    r'variadic functions are not supported',
    r'a pointer computed this way is not supported',
    r'a pointer that may point to several objects is passed to',
]


def csmith_options(seed, without=(), profile='small', with_=()):
    """The csmith command line for `seed`: a fixed restriction to the subset
    sluice supports (no arrays, pointers, volatiles, floats), plus size
    knobs drawn from the seed so that a batch covers small and larger
    programs.  Unions and bitfields are in (sluice handles them); `without`
    turns them off (--without unions,bitfields).  profile 'big' draws
    larger knobs (slower; more skipped as too long or too big).  `with_`
    turns on what is off by default: arrays (--with arrays), pointers
    (--with pointers) and float arithmetic (--with floats)."""
    r = random.Random(seed * 7919 + 17)
    opts = [
        '--no-argc', '--no-arrays', '--no-pointers', '--no-volatiles',
        '--no-volatile-pointers', '--no-const-pointers',
        '--no-float', '--no-builtins', '--concise',
    ]
    if 'arrays' in with_:
        opts.remove('--no-arrays')
    if 'pointers' in with_:
        opts.remove('--no-pointers')
        opts.remove('--no-const-pointers')
    if 'floats' in with_:
        opts.remove('--no-float')
        opts.append('--float')
    if 'unions' in without:
        opts += ['--no-unions', '--no-return-unions', '--no-arg-unions']
    if 'bitfields' in without:
        opts += ['--no-bitfields']
    if profile == 'big':
        opts += [
            '--max-funcs', str(r.choice([6, 8, 10, 12])),
            '--max-block-depth', str(r.choice([3, 4, 5])),
            '--max-block-size', str(r.choice([3, 4, 5, 6])),
            '--max-expr-complexity', str(r.choice([6, 8, 10])),
            '--max-struct-fields', str(r.choice([3, 5, 8])),
        ]
    else:
        opts += [
            '--max-funcs', str(r.choice([2, 3, 4, 5, 6, 8, 10])),
            '--max-block-depth', str(r.choice([2, 3, 3, 4, 5])),
            '--max-block-size', str(r.choice([2, 3, 4, 5])),
            '--max-expr-complexity', str(r.choice([3, 4, 5, 6, 8])),
            '--max-struct-fields', str(r.choice([2, 3, 4, 5])),
        ]
    if r.random() < 0.2:
        opts.append('--no-structs')
    if r.random() < 0.3:
        opts.append('--no-packed-struct')
    if r.random() < 0.2:
        opts.append('--no-jumps')
    return opts


class Result:
    def __init__(self, seed, cls, detail='', seconds=0.0, cycles=None):
        self.seed = seed
        self.cls = cls
        self.detail = detail
        self.seconds = seconds
        self.cycles = cycles

    def line(self):
        s = 'seed %-8d %-14s %6.1fs' % (self.seed, self.cls, self.seconds)
        if self.cycles is not None:
            s += ' %8d cycles' % self.cycles
        if self.detail:
            s += '  ' + self.detail
        return s


def run(cmd, timeout, cwd=None, env=None):
    """Runs cmd; returns (returncode or 'timeout', stdout, stderr).  The
    child gets a process group of its own so a timeout kills all of it."""
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
        return p.returncode, out.decode(errors='replace'), \
            err.decode(errors='replace')
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        return 'timeout', out.decode(errors='replace'), \
            err.decode(errors='replace')


def generate(seed, work, extra, profile, with_=()):
    prog = os.path.join(work, 'prog.c')
    cmd = ['csmith', '--seed', str(seed)] + \
        csmith_options(seed, extra, profile, with_) + \
        ['-o', prog]
    rc, out, err = run(cmd, TIMEOUT_CSMITH, cwd=work)
    if rc != 0 or not os.path.exists(prog):
        return None, 'csmith failed (%s): %s' % (rc, err.strip()[:200])
    return prog, None


def stdc_branches(text):
    """text with each `#ifdef __STDC__ ... #else ... #endif` reduced to its
    first branch, as a C compiler takes it (safe_math.h defines the float
    functions twice, for C and for other compilers)."""
    out, stack = [], []
    for line in text.splitlines(keepends=True):
        d = line.strip()
        if d.startswith('#if'):
            stack.append('stdc' if d.split()[:2] == ['#ifdef', '__STDC__'] else 'other')
            if stack[-1] == 'stdc':
                continue
        elif d.startswith('#else') and stack and stack[-1].startswith('stdc'):
            stack[-1] = 'stdc-else'
            continue
        elif d.startswith('#endif') and stack:
            if stack.pop().startswith('stdc'):
                continue
        if 'stdc-else' not in stack:
            out.append(line)
    return ''.join(out)


def safe_math_for(body):
    """The functions of csmith's safe_math.h that `body` calls (they call
    no others), so that the wrapped file is self-contained and short and has
    no floating point in it."""
    with open(os.path.join(CSMITH_INC, 'safe_math.h')) as f:
        text = f.read()
    text = text[:text.rindex('#endif')]      # the include guard's
    text = stdc_branches(text)
    chunks = re.split(r'^(?=STATIC )', text, flags=re.M)[1:]
    used = set(re.findall(r'\bsafe_(\w+)\s*\(', body))
    keep = []
    for c in chunks:
        m = re.search(r'^FUNC_NAME\((\w+)\)', c, re.M)
        if m and m.group(1) in used:
            keep.append(c.rstrip() + '\n\n')
    return ''.join(keep)


def wrap(prog_text, seed):
    """Returns (wrapped C text, list of the names main() streams)."""
    with open(os.path.join(HERE, 'prelude.h')) as f:
        prelude = f.read()
    if not re.search(r'^#include "csmith.h"\s*$', prog_text, re.M):
        raise ValueError('no #include "csmith.h" in the csmith program')
    body = re.sub(r'^#include "csmith.h"\s*$', '', prog_text, count=1,
                  flags=re.M)
    body, n = re.subn(r'^int main \(void\)\s*$', 'static int csmith_main(void)',
                      body, count=1, flags=re.M)
    if n != 1:
        raise ValueError('no `int main (void)` in the csmith program')
    safe_math = safe_math_for(body)
    names = streamed_names(body)
    text = ('/* csmith seed %d, wrapped into a sluice kernel by '
            'tests/csmith/run.py */\n' % seed)
    text += '/* ---- tests/csmith/prelude.h ---- */\n' + prelude
    text += ('/* ---- the functions of %s/safe_math.h that the program '
             'uses ---- */\n' % CSMITH_INC) + safe_math
    text += '\n#undef FUNC_NAME\n'
    text += '/* ---- the csmith program ---- */\n' + body
    text += ('\n/* ---- the kernel ---- */\n'
             'SLUICE_KERNEL void csmith_kernel(void)\n{\n'
             '\t(void)csmith_main();\n}\n')
    return text, names


def parse_words(text):
    words = []
    for line in text.split():
        words.append(int(line, 16))
    return words


def runs_of(seed):
    """How many times the kernel is started: twice for odd seeds, so that
    the second run starts from the state the first one left (once, with
    pointers, when the second run would read a local of the first:
    second_run_undefined)."""
    return 1 + (seed & 1)


def float_conversion_undefined(wrapped, work, runs):
    """The first conversion of a float to an integer type that cannot
    represent it (undefined in C; csmith's float mode assigns such values
    to integers, which x86 makes 0x80000000 for gcc and clang alike, and
    which sluice's front end, once the value is a constant after inlining,
    folds to poison: the code after it goes), as gcc's UndefinedBehavior-
    Sanitizer reports it, or None."""
    inc = os.path.join(ROOT, 'include')
    exe = os.path.join(work, 'ref-ubsan')
    rc, out, err = run(['gcc', '-std=gnu11', '-O0', '-w',
                        '-fsanitize=float-cast-overflow',
                        '-fno-sanitize-recover=float-cast-overflow', '-I', inc,
                        wrapped, os.path.join(HERE, 'ref_main.c'), '-o', exe,
                        '-lm'], TIMEOUT_REF_COMPILE)
    if rc != 0:
        return None
    rc, out, err = run([exe, str(runs)], TIMEOUT_REF_RUN * 10)
    m = re.search(r'runtime error: (.*)', err)
    return m.group(1).strip() if rc != 0 and m else None


def second_run_undefined(wrapped, work):
    """Whether running the program a second time reads a local of the
    first run that is dead (csmith's main runs once: a global pointer may
    be left pointing at a local, which a second run dereferences; gcc's
    AddressSanitizer finds that).  Also true when the sanitizer cannot be
    used, so that the program is run once."""
    inc = os.path.join(ROOT, 'include')
    exe = os.path.join(work, 'ref-asan')
    rc, out, err = run(['gcc', '-std=gnu11', '-O1', '-w', '-g',
                        '-fsanitize=address', '-I', inc, wrapped,
                        os.path.join(HERE, 'ref_main.c'), '-o', exe, '-lm'],
                       TIMEOUT_REF_COMPILE)
    if rc != 0:
        return True
    env = dict(os.environ, ASAN_OPTIONS='detect_stack_use_after_return=1:'
               'detect_leaks=0')
    rc, out, err = run([exe, '2'], TIMEOUT_REF_RUN * 10, env=env)
    return rc != 0


def sim_mode(seed):
    """The harness's random mode (gaps, back-pressure) for seeds that are
    not multiples of 4, the timing mode (no back-pressure) for the rest."""
    return 'timing' if seed % 4 == 0 else 'random'


def reference(wrapped, work, max_blocks, runs):
    """Compiles and runs the CPU reference: gcc, and clang with every basic
    block counted (ref_main.c), which bounds the work a program may do.
    Returns (words, blocks, None) or (None, None, reason-to-skip)."""
    inc = os.path.join(ROOT, 'include')
    ref_main = os.path.join(HERE, 'ref_main.c')
    obj = os.path.join(work, 'ref-clang.o')
    builds = [
        ('clang', [['clang-19', '-std=gnu11', '-O0', '-w', '-I', inc,
                    '-fsanitize-coverage=trace-pc', '-c', wrapped, '-o', obj],
                   ['clang-19', '-std=gnu11', '-O1', '-w', '-I', inc,
                    '-DCSMITH_COUNT_BLOCKS=%d' % max_blocks, obj, ref_main,
                    '-o', os.path.join(work, 'ref-clang'), '-lm']]),
        ('gcc', [['gcc', '-std=gnu11', '-O1', '-w', '-I', inc, wrapped,
                  ref_main, '-o', os.path.join(work, 'ref-gcc'), '-lm']]),
    ]
    outs = []
    blocks = None
    for cc, cmds in builds:
        for cmd in cmds:
            rc, out, err = run(cmd, TIMEOUT_REF_COMPILE)
            if rc != 0:
                return None, None, '%s cannot compile the reference: %s' % (
                    cc, first_diag(err, 1))
        rc, out, err = run([os.path.join(work, 'ref-' + cc), str(runs)],
                           TIMEOUT_REF_RUN)
        if rc == 3 and cc == 'clang':
            return None, None, 'reference too long (> %d basic blocks)' % \
                max_blocks
        if rc == 'timeout':
            return None, None, 'reference too slow (%s > %ds)' % (
                cc, TIMEOUT_REF_RUN)
        if rc != 0:
            return None, None, 'reference %s exited %s' % (cc, rc)
        m = re.search(r'blocks: (\d+)', err)
        if m:
            blocks = int(m.group(1))
        outs.append(out)
    if outs[0] != outs[1]:
        return None, None, 'clang and gcc disagree (undefined behaviour?)'
    words = parse_words(outs[0])
    if not words or words[-1] != END_MARKER or \
            words.count(END_MARKER) != runs:
        return None, None, 'reference output has not %d end markers' % runs
    return words, blocks, None


def first_diag(text, n=3):
    """The first error lines of a compiler's stderr, for the one-line report."""
    lines = [l for l in text.splitlines() if 'error' in l or 'Assert' in l
             or 'assert' in l]
    if not lines:
        lines = [l for l in text.splitlines() if l.strip()]
    return ' | '.join(l.strip() for l in lines[:n])[:400]


def compile_sluice(wrapped, work):
    """Returns (module dir, None) or (None, (class, detail, log))."""
    module = os.path.join(work, 'csmith.sluice')
    cmd = [SLUICE, 'build', wrapped, '-o', module, '--no-sim-image'] + BUILD_OPTS
    for _ in range(30):
        # the binary may be being rebuilt under us (make in a shared tree)
        try:
            rc, out, err = run(cmd, TIMEOUT_SLUICE, cwd=ROOT)
        except OSError as e:
            rc, out, err = 126, '', str(e)
        if rc not in (126, 127):
            break
        time.sleep(10)
    log = '$ %s\n%s%s\nexit: %s\n' % (' '.join(cmd), out, err, rc)
    with open(os.path.join(work, 'sluice-build.log'), 'w') as f:
        f.write(log)
    if rc == 'timeout':
        return None, ('crash', 'sluice build timed out (%ds)' % TIMEOUT_SLUICE)
    if rc != 0:
        # a signal (negative rc), an assertion or an internal error is a
        # crash; a diagnosed rejection is a compiler error
        crashed = (rc < 0 or rc >= 128 or 'Assertion' in err or
                   'internal error' in err or 'Sanitizer' in err)
        cls = 'crash' if crashed else 'compiler-error'
        errors = [l for l in (err + out).splitlines() if ': error: ' in l]
        if cls == 'compiler-error' and errors and all(
                any(re.search(u, l) for u in UNSUPPORTED) for l in errors):
            cls = 'unsupported'
        detail = first_diag(err + out)
        if rc < 0:
            try:
                sig = signal.Signals(-rc).name
            except ValueError:
                sig = 'signal %d' % -rc
            detail = ('sluice build killed by %s' % sig +
                      (': ' + detail if detail else ''))
        return None, (cls, detail)
    return module, None


def compare(ref, got, names):
    """Describes the first difference between two word streams, naming the
    global it belongs to."""
    def fmt(w):
        return 'x/z' if w < 0 else '%#x' % w

    def name(i):
        run, j = divmod(i, len(names) + 1)
        what = names[j] if j < len(names) else 'end marker'
        return what + (' (run %d)' % (run + 1) if len(ref) > len(names) + 1
                       else '')
    for i in range(min(len(ref), len(got))):
        if ref[i] != got[i]:
            ndiff = sum(1 for a, b in zip(ref, got) if a != b)
            return '%s: expected %s, got %s (%d of %d words differ)' % (
                name(i), fmt(ref[i]), fmt(got[i]), ndiff, len(ref))
    if len(got) < len(ref):
        return 'only %d of %d words (missing %s)' % (len(got), len(ref),
                                                      name(len(got)))
    return '%d words, expected %d' % (len(got), len(ref))


def save_failure(seed, work, res, args):
    extra = args.extra
    dest = os.path.join(FAIL_DIR, 'seed-%d' % seed)
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    for name in os.listdir(work):
        src = os.path.join(work, name)
        if name.startswith('ref-') or name in ('sim-obj',):
            continue
        if os.path.isdir(src):
            shutil.copytree(src, os.path.join(dest, name), symlinks=True)
        else:
            shutil.copy(src, dest)
    with open(os.path.join(dest, 'result.txt'), 'w') as f:
        f.write(res.line() + '\n')
    with open(os.path.join(dest, 'repro.sh'), 'w') as f:
        f.write('#!/bin/sh\n# reproduce csmith seed %d from the repository '
                'root\n' % seed)
        f.write('# csmith --seed %d %s -o prog.c\n' % (
            seed, ' '.join(csmith_options(seed, extra, args.profile, args.with_))))
        f.write('build/bin/sluice build %s/wrapped.c -o /tmp/csmith-%d.sluice '
                '--no-sim-image --dump-ir=/tmp/csmith-%d.ir%s\n'
                % (dest, seed, seed, ''.join(' ' + o for o in BUILD_OPTS)))
        f.write('tests/csmith/run.py --seeds %d%s%s%s%s --keep /tmp/csmith-keep\n'
                % (seed, ' --without ' + ','.join(extra) if extra else '',
                   ' --with ' + ','.join(args.with_) if args.with_ else '',
                   ' --profile big' if args.profile == 'big' else '',
                   ' --target ' + args.target if args.target else ''))
    os.chmod(os.path.join(dest, 'repro.sh'), 0o755)


def run_one(seed, args):
    t0 = time.time()
    keep = os.path.join(args.keep, 'seed-%d' % seed) if args.keep else None
    if keep:
        shutil.rmtree(keep, ignore_errors=True)
        os.makedirs(keep)
        work = keep
    else:
        work = tempfile.mkdtemp(prefix='csmith-%d-' % seed)
    try:
        res = run_in(seed, args, work)
    except Exception as e:  # a bug of this script, not of sluice
        res = Result(seed, 'crash', 'run.py: %s: %s' % (type(e).__name__, e))
    res.seconds = time.time() - t0
    if res.cls in FAILED_CLASSES:
        save_failure(seed, work, res, args)
    if not keep:
        shutil.rmtree(work, ignore_errors=True)
    return res


def run_in(seed, args, work):
    prog, why = generate(seed, work, args.extra, args.profile, args.with_)
    if not prog:
        return Result(seed, 'skipped', why)
    with open(prog) as f:
        prog_text = f.read()
    if prog_text.count('\n') > args.max_lines:
        return Result(seed, 'skipped', 'program too big (%d lines)' %
                      prog_text.count('\n'))
    text, names = wrap(prog_text, seed)
    if len(names) < MIN_GLOBALS:
        return Result(seed, 'skipped', 'trivial program (%d globals)' %
                      len(names))
    wrapped = os.path.join(work, 'wrapped.c')
    with open(wrapped, 'w') as f:
        f.write(text)
    runs = runs_of(seed)
    if runs > 1 and 'pointers' in args.with_ and \
            second_run_undefined(wrapped, work):
        runs = 1
    if 'floats' in args.with_:
        ub = float_conversion_undefined(wrapped, work, runs)
        if ub:
            return Result(seed, 'skipped', 'undefined behaviour: %s' % ub)
    return check_wrapped(wrapped, work, seed, runs, sim_mode(seed), args)


def streamed_names(text):
    """The names of the values a wrapped program streams, in order."""
    return re.findall(r'^\s*transparent_crc(?:_bytes)?\((?:[^,]*, ){1,2}"([^"]*)"', text, re.M)


def check_wrapped(wrapped, work, seed, runs, mode, args):
    """Runs a wrapped program through the reference, sluice and the
    simulator (args: sim, div, max_blocks, ref_only) and classifies it.
    `seed` seeds the bench's back-pressure."""
    with open(wrapped) as f:
        names = streamed_names(f.read())
    ref, blocks, why = reference(wrapped, work, args.max_blocks, runs)
    if ref is None:
        return Result(seed, 'skipped', why)
    with open(os.path.join(work, 'expected.txt'), 'w') as f:
        f.write(''.join('%016x\n' % w for w in ref))
    if args.ref_only:
        return Result(seed, 'pass', 'reference only: %d words, %d runs, '
                      '%d blocks' % (len(ref), runs, blocks))
    module, fail = compile_sluice(wrapped, work)
    if module is None:
        return Result(seed, fail[0], fail[1])
    limit = SIM_CYCLES_BASE + SIM_CYCLES_PER_BLOCK * (blocks or 0)
    sim = csmith_sim.simulate(module, work, args.sim, seed, ref, runs, mode,
                              timeout=TIMEOUT_SIM, limit=limit, div=args.div)
    with open(os.path.join(work, 'got.txt'), 'w') as f:
        f.write(''.join('%016x\n' % (w & (2**64 - 1)) for w in sim.words))
    if sim.status == 'timeout':
        return Result(seed, 'sim-timeout', sim.detail, cycles=sim.cycles)
    if sim.status != 'done':
        return Result(seed, 'crash', sim.detail, cycles=sim.cycles)
    if sim.words != ref:
        return Result(seed, 'mismatch', compare(ref, sim.words, names),
                      cycles=sim.cycles)
    if sim.errors:
        return Result(seed, 'mismatch', sim.detail, cycles=sim.cycles)
    return Result(seed, 'pass', '%d words, %d run%s, %s' % (
        len(ref), runs, 's' if runs > 1 else '', mode), cycles=sim.cycles)


def main():
    global SLUICE
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--count', type=int, default=30)
    ap.add_argument('--seed', type=int, default=1, help='first seed')
    ap.add_argument('--seeds', help='comma-separated seeds (overrides '
                    '--count/--seed)')
    ap.add_argument('--quick', action='store_true',
                    help='the fixed batch of `make test`')
    ap.add_argument('-j', type=int, default=2)
    ap.add_argument('--keep', help='keep every work directory under DIR')
    ap.add_argument('--sim', choices=('icarus', 'verilator'),
                    default='icarus')
    ap.add_argument('--div', choices=('model', 'rtl'),
                    help='divider in simulation: the behavioural model '
                    '(default with icarus) or rtl/sluice_div.v (default with '
                    'verilator)')
    ap.add_argument('--max-blocks', type=int, default=MAX_BLOCKS,
                    help='skip programs whose reference runs more basic '
                    'blocks (default %(default)s)')
    ap.add_argument('--without', dest='extra', default='',
                    type=lambda s: [x for x in s.split(',') if x],
                    help='turn csmith features off: unions,bitfields')
    ap.add_argument('--with', dest='with_', default='',
                    type=lambda s: [x for x in s.split(',') if x],
                    help='turn csmith features on: arrays, pointers, floats')
    ap.add_argument('--profile', choices=('small', 'big'), default='small',
                    help='size knobs of the programs')
    ap.add_argument('--max-lines', type=int, default=MAX_SOURCE_LINES,
                    help='skip csmith programs longer than this')
    ap.add_argument('--ref-only', action='store_true',
                    help='generate and run the CPU reference only')
    ap.add_argument('--target', choices=('sim', 'ice40', 'ecp5', 'gowin'),
                    help='sluice build --target (default sim): ice40 schedules '
                    'for 48 MHz, with its exit tests, multiplier units and '
                    'narrower chains')
    args = ap.parse_args()
    if args.target:
        BUILD_OPTS.extend(['--target', args.target])
    if args.keep:
        args.keep = os.path.abspath(args.keep)
    if not args.div:
        args.div = 'model' if args.sim == 'icarus' else 'rtl'
    if args.quick:
        seeds = QUICK_POINTER_SEEDS if 'pointers' in args.with_ else \
            QUICK_ARRAY_SEEDS if 'arrays' in args.with_ else QUICK_SEEDS
    elif args.seeds:
        seeds = [int(s) for s in args.seeds.split(',') if s]
    else:
        seeds = list(range(args.seed, args.seed + args.count))
    if not args.ref_only and not os.access(SLUICE, os.X_OK):
        print('error: %s not built (run make)' % SLUICE)
        print('0 passed, %d failed' % len(seeds))
        return 1

    # run a copy of the compiler: the tree's binary may be rebuilt while a
    # batch runs (it finds its include/ and rtl/ through SLUICE_HOME)
    snap = None
    if not args.ref_only:
        snap = tempfile.mkdtemp(prefix='csmith-sluice-')
        shutil.copy2(SLUICE, os.path.join(snap, 'sluice'))
        os.environ.setdefault('SLUICE_HOME', ROOT)
        SLUICE = os.path.join(snap, 'sluice')
    counts = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as ex:
        for res in ex.map(lambda s: run_one(s, args), seeds):
            print(res.line(), flush=True)
            counts[res.cls] = counts.get(res.cls, 0) + 1
    if snap:
        shutil.rmtree(snap, ignore_errors=True)
    failed = sum(counts.get(c, 0) for c in FAILED_CLASSES)
    summary = ', '.join('%d %s' % (counts[c], c) for c in
                        ('pass', 'mismatch', 'compiler-error', 'crash',
                         'sim-timeout', 'unsupported', 'skipped')
                        if counts.get(c))
    print('csmith: %d programs: %s' % (len(seeds), summary or 'none'))
    if failed:
        rel = os.path.relpath(FAIL_DIR, os.getcwd())
        print('failing programs saved under %s' %
              (FAIL_DIR if rel.startswith('..') else rel))
    print('%d passed, %d failed' % (counts.get('pass', 0), failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
