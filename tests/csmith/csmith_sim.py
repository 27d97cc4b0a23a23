"""csmith_sim.py -- runs a compiled csmith kernel in a Verilog simulator,
through the test harness's testbenches (tests/harness: module.py reads the
manifest, tbgen.py/sim.py build and run the bench, check.py judges the log).

simulate(module_dir, work, sim, seed, expected, runs, mode, ...) starts the
host-started kernel `csmith_kernel` `runs` times, in the harness's mode
`mode` ('random': seeded back-pressure on the output pipe and random delays
before the starts; 'timing': none), collects the words of the I/O pipe `csmith_out` and checks the run: done
pulse, no X on control outputs, no hang within the cycle limit, and every
word against `expected` (the CPU's words).

Returns a SimResult: status 'done' (the run completed; errors, if any, are
in .errors: wrong or missing or extra words, done-pulse trouble) |
'timeout' (no completion within the cycle limit or the wall-clock limit) |
'error' (the bench did not build or the simulator died), the words, the
cycles from the accepted starts to the done pulses, and a one-line detail.

div='model' replaces rtl/sluice_div.v by tests/csmith/div_model.v, a
behavioural divider with the same ports, timing and results: Icarus spends
about 40 ms per simulated cycle on each 64-bit instance of the real
bit-level pipeline, and csmith kernels are full of divisions (the real
divider has tests of its own in tests/rtl).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'harness'))
import check    # noqa: E402
import module   # noqa: E402
import sim as hsim  # noqa: E402

KERNEL = 'csmith_kernel'
PIPE = 'csmith_out'
DIV_MODEL = os.path.join(HERE, 'div_model.v')


class SimResult:
    def __init__(self, status, words=(), cycles=None, detail='', errors=()):
        self.status = status
        self.words = list(words)
        self.cycles = cycles
        self.detail = detail
        self.errors = list(errors)


def simulate(module_dir, work, sim, seed, expected, runs, mode, timeout,
             limit, div='rtl'):
    try:
        mod = module.Module(module_dir)
        shape = mod.shape()
    except module.ModuleError as e:
        return SimResult('error', detail=str(e))
    if [q.name for q in shape.outputs] != [PIPE] or \
            [k.name for k in shape.kernels] != [KERNEL] or shape.inputs:
        return SimResult('error', detail='unexpected ports: outputs %s, '
                         'kernels %s' % ([q.name for q in shape.outputs],
                                         [k.name for k in shape.kernels]))
    vfiles = list(mod.vfiles)
    if div == 'model' and any(os.path.basename(f) == 'sluice_div.v'
                              for f in vfiles):
        vfiles = [f for f in vfiles if os.path.basename(f) != 'sluice_div.v']
        vfiles.append(DIV_MODEL)
    rdir = os.path.join(work, sim)
    stim = os.path.join(work, 'stim')
    os.makedirs(rdir, exist_ok=True)
    os.makedirs(stim, exist_ok=True)
    log = os.path.join(rdir, mode + '.log')
    counts = {PIPE: len(expected), KERNEL: runs}
    try:
        exe = (hsim.verilator_build(shape, vfiles) if sim == 'verilator'
               else hsim.icarus_build(shape, vfiles, rdir))
        pa = hsim.plusargs(stim, log, seed, mode == 'timing', limit, 50,
                           counts, set())
        r = hsim.run(sim, exe, pa, timeout=timeout)
    except hsim.SimError as e:
        text = str(e)
        status = 'timeout' if 'wall clock' in text else 'error'
        return SimResult(status, detail=' | '.join(text.splitlines()[:3]))
    lg = hsim.parse_log(log)
    words = [-1 if v is None else v for _, v in lg.outs.get(PIPE, [])]
    starts, dones = lg.starts.get(KERNEL, []), lg.dones.get(KERNEL, [])
    cycles = sum(d - s for s, d in zip(starts, dones)) if dones else None
    if lg.end == 'limit':
        return SimResult('timeout', words, cycles,
                         'no done within %d cycles, %d of %d words' %
                         (limit, len(words), len(expected)))
    if lg.end is None:
        tail = (r.stderr + r.stdout).strip().splitlines()[-3:]
        return SimResult('error', words, cycles,
                         '%s wrote no end line: %s' % (sim, ' | '.join(tail)))
    errs = check.check_run(lg, shape, {KERNEL: runs}, limit)
    errs += check.compare_outputs({PIPE: expected}, lg, shape,
                                  {PIPE: len(expected)}, {})
    return SimResult('done', words, cycles, '; '.join(errs), errs)
