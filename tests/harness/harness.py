#!/usr/bin/env python3
"""harness.py -- tests one kernel file end to end.

    tests/harness/harness.py K.c [--module DIR] [--sims verilator,icarus]
                             [--modes random,timing] [--seed N] [--cpu-only]
                             [--no-lint] [--json] [-v]

1. reads the file's /* sluice-test: ... */ scenario (scenario.py);
2. builds the file for the CPU (gcc, shared object) and runs the scenario
   through the emulator (runtime/emu/) to get the reference words: the
   `cpu` check (it must end without deadlock, timeout or undefined
   behaviour, produce no more words than expected, and match any exact
   `expect` values);
3. compiles it with `build/bin/sluice build --no-sim-image` (or takes
   --module DIR), checks the manifest against the source and the kernel
   object;
4. for each simulator (Verilator, Icarus) and mode (random: seeded gaps
   and back-pressure; timing: none), drives sluice_core (host pipes and
   kernel control as ports) with the scenario, compares every output word
   with the CPU's, checks done pulses, hangs (cycle limit) and, in timing
   mode, the `cycles` assertions; the two simulators' logs must agree line
   for line;
5. `lint`: verilator --lint-only -Wall on the module's Verilog, with
   sluice_core and with sluice_top (the core behind the host bridge) as
   the top module.

Prints one line per check (PASS/FAIL name check: detail) and exits 1 if
any failed.  Work files go to build/harness/work/<name>/.
"""

import argparse
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import check      # noqa: E402
import cpu        # noqa: E402
import ksource    # noqa: E402
import module     # noqa: E402
import scenario   # noqa: E402
import sim        # noqa: E402
import util       # noqa: E402
from util import hexw  # noqa: E402


class Outcome:
    def __init__(self, name):
        self.name = name
        self.checks = []  # (check, ok, detail)

    def add(self, what, errs, note=""):
        if isinstance(errs, str):
            errs = [errs]
        self.checks.append((what, not errs, "\n".join(errs) if errs else note))
        return not errs


def test_name(path):
    rel = os.path.relpath(os.path.abspath(path), util.ROOT)
    rel = rel[:-2] if rel.endswith(".c") else rel
    parts = rel.split(os.sep)
    if ".." in parts:  # a file outside the repository
        parts = ["ext", parts[-1]]
    if parts[0] == "tests":
        parts = parts[1:]
    if len(parts) >= 3 and parts[0] == "examples" and parts[-1] == parts[-2]:
        parts = parts[:-1]
    return "/".join(parts)


def cpu_reference(src, sc, work, out):
    """Returns (pipes, kernels, inputs, starts, expected, ref) or None."""
    try:
        kernels = ksource.kernels(src)
        so = os.path.join(work, "cpu", "kernel.so")
        warnings = cpu.build_kernel(src, so, sc.cpu_flags)
        pipes = cpu.list_pipes(so)
    except (ksource.SourceError, cpu.CpuError) as e:
        out.add("cpu", str(e))
        return None
    errs = []
    inputs, expected, exact = {}, {}, {}
    try:
        for name, items in sc.inputs.items():
            p = pipes.get(name)
            if not p or not p.into:
                errs.append(f"{sc.path}: input '{name}': no pipe into the design has that name")
                continue
            inputs[name] = scenario.words(sc, name, items, p.width)
        for name in sc.expects:
            p = pipes.get(name)
            if not p or not p.outof:
                errs.append(f"{sc.path}: expect '{name}': no pipe out of the design has that name")
                continue
            expected[name] = scenario.expected_count(sc, name, p.width)
            exact[name] = scenario.expected_values(sc, name, p.width)
        starts = []
        for kname, args, line in sc.starts:
            k = kernels.get(kname)
            if not k or k.kind != "started":
                errs.append(f"{sc.path}:{line}: start {kname}: no started kernel of that name")
                continue
            if len(args) != len(k.params):
                errs.append(f"{sc.path}:{line}: start {kname}: {len(args)} arguments for "
                            f"{len(k.params)} parameters")
                continue
            starts.append((kname, [ksource.arg_value(p, a) for p, a in zip(k.params, args)]))
    except scenario.ScenarioError as e:
        errs.append(str(e))
    if errs:
        out.add("cpu", errs)
        return None

    plan = []
    for name in sc.buffers:
        bpath = os.path.join(work, "cpu", f"buffer_{name}.bin")
        try:
            data = scenario.buffer_bytes(sc, name)
        except scenario.ScenarioError as e:
            out.add("cpu", str(e))
            return None
        with open(bpath, "wb") as f:
            f.write(data)
        plan.append(f"buffer {name} {bpath}")
    plan += [f"autorun {k.name}" for k in kernels.values() if k.kind == "autorun"]
    plan += [f"start {k} " + " ".join(str(a) for a in args) for k, args in starts]
    for name, ws in inputs.items():
        w = pipes[name].width
        plan += [f"input {name} {hexw(v, w)}" for v in ws]
    plan += [f"expect {name} {n}" for name, n in expected.items()]
    plan += [f"hold {name}" for name in sc.holds]
    plan_path = os.path.join(work, "cpu", "plan.txt")
    with open(plan_path, "w") as f:
        f.write("\n".join(plan) + "\n")
    res = cpu.run_plan(so, plan_path, timeout_s=20)
    errs = []
    if res.end != "ok":
        errs.append(f"CPU run ended with '{res.end}'")
        errs += res.report
        if res.stderr.strip():
            errs.append(res.stderr.strip())
        if warnings.strip():
            errs.append("gcc warnings:\n" + warnings.strip())
    for name, vals in exact.items():
        if vals is None:
            continue
        got = res.outs.get(name, [])
        for i, (a, b) in enumerate(zip(vals, got)):
            if a != b:
                w = pipes[name].width
                errs.append(f"{sc.path}: expect '{name}': CPU word {i} is 0x{hexw(b, w)}, "
                            f"the scenario says 0x{hexw(a, w)}")
                break
    for name, vals in res.extras.items():
        errs.append(f"the CPU offered more words on '{name}' than the scenario expects "
                    f"(next: 0x{hexw(vals[0], pipes[name].width)})")
    for name, n in res.left.items():
        pass  # unread inputs are allowed
    missing = [b for b in sc.buffers if b not in res.buffers]
    if missing and res.end == "ok":
        errs.append(f"the CPU run left no contents of buffer(s) {', '.join(missing)}")
    if not out.add("cpu", errs):
        return None
    return pipes, kernels, inputs, starts, expected, res.outs, res.buffers


# The device memory's host port (rtl/sluice_devmem.v, runtime/devmem.c).
DEVMEM_CMD, DEVMEM_DATA = "sluice_devmem_cmd", "sluice_devmem_data"


def with_device_memory(sc, inputs, starts, expected, ref_outs, cpu_buffers):
    """The scenario's buffers as stimulus: fill them through the device
    memory's host port before any kernel starts (a gate on its command
    pipe), read them back after every started kernel has returned, and
    expect the words the CPU's kernels left; `@NAME` arguments become
    addresses.  Returns (inputs, starts, expected, ref_outs, gates)."""
    if not sc.buffers:
        return inputs, starts, expected, ref_outs, {}
    addr, fill, read, want = devmem_plan(sc, cpu_buffers)
    inputs, expected, ref_outs = dict(inputs), dict(expected), dict(ref_outs)
    inputs[DEVMEM_CMD] = fill + read
    expected[DEVMEM_DATA] = len(want)
    ref_outs[DEVMEM_DATA] = want
    starts = [(k, [addr[a[1:]] if isinstance(a, str) else a for a in args])
              for k, args in starts]
    return inputs, starts, expected, ref_outs, {DEVMEM_CMD: len(fill)}


def devmem_plan(sc, cpu_buffers):
    """The buffers' device addresses (from 64 on, 64-byte aligned, 64
    bytes apart, as libsluice places them), the command words that fill
    them (ALLOC and WRITE), the READ commands that take them back, and the
    words those bring if the hardware agrees with the CPU."""
    addr, at = {}, 64
    fill, read, want = [], [], []
    for name in sc.buffers:
        data = scenario.buffer_bytes(sc, name)
        n = (len(data) + 7) // 8
        data = data + bytes(8 * n - len(data))
        addr[name] = at
        fill += [3 << 56 | len(addr) - 1 << 32 | at, len(data)]
        fill += [1 << 56 | n << 32 | at] + [int.from_bytes(data[8 * i:8 * i + 8], "little")
                                            for i in range(n)]
        read.append(2 << 56 | n << 32 | at)
        final = cpu_buffers.get(name, b"") + bytes(8 * n)
        want += [int.from_bytes(final[8 * i:8 * i + 8], "little") for i in range(n)]
        at = (at + 8 * n + 64 + 63) // 64 * 64
    return addr, fill, read, want


def write_stimulus(d, shape, inputs, starts):
    os.makedirs(d, exist_ok=True)
    widths = {p.name: p.width for p in shape.inputs}
    for name, ws in inputs.items():
        with open(os.path.join(d, f"in_{name}.hex"), "w") as f:
            f.write("".join(hexw(v, widths[name]) + "\n" for v in ws))
    kp = {k.name: k for k in shape.kernels}
    per = {}
    for kname, args in starts:
        per.setdefault(kname, []).append(args)
    for kname, invs in per.items():
        with open(os.path.join(d, f"start_{kname}.hex"), "w") as f:
            for args in invs:
                for (pn, pw), a in zip(kp[kname].params, args):
                    f.write(hexw(a & ((1 << pw) - 1), pw) + "\n")
    return {k: len(v) for k, v in per.items()}


def lint(vfiles, tops):
    """verilator --lint-only -Wall with each of `tops` as the top module."""
    errs = []
    for top in tops:
        r = util.run(["verilator", "--lint-only", "-Wall", "--top-module", top] + vfiles,
                     timeout=300)
        if r.returncode or "%Warning" in r.stderr or "%Error" in r.stderr:
            lines = [l for l in r.stderr.splitlines() if l.startswith("%")]
            errs += [f"verilator --lint-only -Wall --top-module {top}: {len(lines)} message(s)"]
            errs += lines[:20]
    return errs


def test_file(src, args):
    name = test_name(src)
    out = Outcome(name)
    try:
        sc = scenario.parse(src)
    except (scenario.ScenarioError, OSError) as e:
        out.add("cpu", str(e))
        return out
    sims = [s for s in sc.sims if not args.sims or s in args.sims]
    modes = [m for m in sc.run_modes() if not args.modes or m in args.modes]
    work = os.path.join(util.BUILD, "work", name)
    assert os.path.abspath(work).startswith(os.path.join(util.BUILD, "work") + os.sep)
    # another harness process testing the same file waits for this one
    with util.FileLock(work + ".lock"):
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(os.path.join(work, "cpu"))
        return _test_in(src, args, sc, sims, modes, work, out)


def _test_in(src, args, sc, sims, modes, work, out):
    ref = cpu_reference(src, sc, work, out)
    if args.cpu_only:
        return out

    def fail_sims(msg):
        for s in sims:
            out.add(s, msg)
        if not args.no_lint:
            out.add("lint", msg)

    if ref is None:
        fail_sims("no CPU reference")
        return out
    pipes, kernels, inputs, starts, expected, ref_outs, cpu_buffers = ref
    inputs, starts, expected, ref_outs, gates = with_device_memory(
        sc, inputs, starts, expected, ref_outs, cpu_buffers)

    # the module
    if args.module:
        mdir = args.module
    else:
        mdir = os.path.join(work, "module.sluice")
        if not os.path.exists(args.sluice):
            fail_sims(f"the compiler {os.path.relpath(args.sluice, util.ROOT)} is not built")
            return out
        cmd = [args.sluice, "build", os.path.abspath(src), "-o", mdir, "--no-sim-image"]
        cmd += sc.build_opts
        r = util.run(cmd, timeout=600, cwd=util.ROOT)
        if r.returncode:
            fail_sims("sluice build failed" + (" (timeout)" if r.timed_out else "") + ":\n"
                      + "\n".join((r.stderr or r.stdout).strip().splitlines()[:40]))
            return out
    try:
        mod = module.Module(mdir)
        shape = mod.shape()
    except module.ModuleError as e:
        fail_sims(str(e))
        return out
    errs = mod.check_against(pipes, kernels)
    ports = {p.name for p in shape.inputs + shape.outputs}
    errs += [f"pipe '{n}' has scenario words but is not a port of sluice_core"
             for n in list(inputs) + list(expected) if n not in ports]
    if errs:
        fail_sims(["the module disagrees with the source:"] + errs)
        return out

    if not args.no_lint:
        out.add("lint", lint(mod.vfiles, mod.tops))

    stim = os.path.join(work, "stim")
    invocations = write_stimulus(stim, shape, inputs, starts)
    counts = dict((p.name, len(inputs.get(p.name, []))) for p in shape.inputs)
    counts.update((q.name, expected.get(q.name, 0)) for q in shape.outputs)
    counts.update((k.name, invocations.get(k.name, 0)) for k in shape.kernels)
    total = sum(counts.values())
    limit = sc.limit or max(20000, 200 * total)
    seed = args.seed if args.seed is not None else sc.seed
    masks = dict(sc.masks)

    logs = {}
    for s in sims:
        errs = []
        try:
            rdir = os.path.join(work, s)
            os.makedirs(rdir, exist_ok=True)
            exe = (sim.verilator_build(shape, mod.vfiles) if s == "verilator"
                   else sim.icarus_build(shape, mod.vfiles, rdir))
            for mode in modes:
                logp = os.path.join(rdir, f"{mode}.log")
                pa = sim.plusargs(stim, logp, seed, mode == "timing", limit, 50, counts, sc.holds,
                                  gates)
                r = sim.run(s, exe, pa, timeout=args.sim_timeout)
                lg = sim.parse_log(logp)
                e = check.check_run(lg, shape, invocations, limit, sc.holds)
                if lg.end is None:
                    e.append((r.stderr + r.stdout).strip()[-2000:])
                e += check.compare_outputs(ref_outs, lg, shape, expected, masks)
                if mode == "timing" and lg.end == "ok":
                    e += check.cycle_assertions(sc.cycles, lg, shape, sc.path)
                errs += [f"[{mode}] {x}" for x in e]
                logs[(s, mode)] = lg.text
        except sim.SimError as e:
            errs.append(str(e))
        out.add(s, errs, note=", ".join(modes))
    if len(sims) == 2:
        errs, compared = [], []
        for mode in modes:
            a, b = logs.get(("verilator", mode)), logs.get(("icarus", mode))
            if a is not None and b is not None:
                compared.append(mode)
                errs += [f"[{mode}] {x}" for x in check.compare_logs(a, b, "verilator", "icarus")]
        if compared:
            out.add("crosscheck", errs, note=", ".join(compared))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kernels", nargs="+", help="kernel files with a sluice-test block")
    ap.add_argument("--module", help="use this module directory instead of compiling")
    ap.add_argument("--sims", type=lambda s: s.split(","), help="verilator,icarus")
    ap.add_argument("--modes", type=lambda s: s.split(","), help="random,timing")
    ap.add_argument("--seed", type=int, help="override the scenario's seed")
    ap.add_argument("--cpu-only", action="store_true", help="only the CPU reference")
    ap.add_argument("--no-lint", action="store_true")
    ap.add_argument("--sim-timeout", type=int, default=600, help="seconds per simulation")
    ap.add_argument("--sluice", default=os.path.join(util.ROOT, "build", "bin", "sluice"))
    ap.add_argument("--json", action="store_true", help="print results as JSON")
    ap.add_argument("-v", "--verbose", action="store_true", help="print details of passes too")
    args = ap.parse_args()
    if args.module and len(args.kernels) != 1:
        ap.error("--module goes with exactly one kernel file")

    results, failed = [], 0
    for src in args.kernels:
        try:
            o = test_file(src, args)
        except Exception as e:  # a harness bug must still give a FAIL line
            import traceback
            o = Outcome(test_name(src))
            o.add("harness", f"internal error: {e}\n{traceback.format_exc()}")
        for what, ok, detail in o.checks:
            failed += not ok
            results.append({"name": o.name, "check": what, "ok": ok, "detail": detail})
            if not args.json:
                line = f"{'PASS' if ok else 'FAIL'} {o.name} {what}"
                if detail and (not ok or args.verbose):
                    line += ": " + detail.replace("\n", "\n    ")
                print(line, flush=True)
    if args.json:
        print(json.dumps(results, indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
