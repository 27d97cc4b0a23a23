"""sim.py -- builds and runs the testbenches of tbgen.py on a module's
Verilog (the test bench drives sluice_core; the other modules of the files,
sluice_top and the host bridge, are not elaborated), and reads their logs.

Verilator builds are cached in build/harness/vl/<hash>/, the hash covering
the testbench, every Verilog file (name and content), the Verilator version
and the flags, so a re-run of an unchanged design does not rebuild.  Builds
do what `--build -j 2` does (make -j 2), -O1 for the C++, no tracing, and
reuse Verilator's runtime objects from the first build; concurrent runs of
the harness take a lock per cache entry.  Icarus compiles in a second, so it is
compiled per run into the run directory.
"""

import os
import shutil

import tbgen
import util

# `verilator --build -j 2` in two steps (generate, then the same make call
# that --build makes), so that the runtime objects can be put in between.
VERILATOR_FLAGS = ["--cc", "--exe", "-Wno-fatal", "--top-module", "sluice_core",
                   "-CFLAGS", "-O1"]
MAKE_ARGS = ["-j", "2", "OPT_FAST=-O1", "OPT_SLOW=-O1", "OPT_GLOBAL=-O1"]


class SimError(Exception):
    pass


_vl_version = None


def verilator_version():
    global _vl_version
    if _vl_version is None:
        r = util.run(["verilator", "--version"], timeout=30)
        _vl_version = r.stdout.strip() if r.returncode == 0 else "?"
    return _vl_version


def verilator_build(shape, vfiles, timeout=900):
    """Returns the path of the simulator binary for these files."""
    tb = tbgen.verilator_tb(shape)
    key = util.hash_files(sorted(vfiles), extra=util.hash_text(
        tb, verilator_version(), " ".join(VERILATOR_FLAGS + MAKE_ARGS)))[:24]
    root = os.path.join(util.BUILD, "vl")
    final = os.path.join(root, key)
    exe = os.path.join(final, "Vtb")
    if os.path.exists(exe):
        return exe
    with util.FileLock(os.path.join(root, key + ".lock")):
        if os.path.exists(exe):
            return exe
        tmp = final + f".tmp{os.getpid()}"
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(tmp)
        with open(os.path.join(tmp, "tb.cpp"), "w") as f:
            f.write(tb)
        libdir = os.path.join(root, "lib-" + util.hash_text(
            verilator_version(), " ".join(VERILATOR_FLAGS + MAKE_ARGS), "lib-v1")[:16])
        obj = os.path.join(tmp, "obj")
        cmd = ["verilator"] + VERILATOR_FLAGS + ["--Mdir", obj, "-o", "../Vtb",
                                                 os.path.join(tmp, "tb.cpp")] + vfiles
        r = util.run(cmd, timeout=timeout, cwd=tmp)
        log = " ".join(cmd) + "\n" + r.stdout + r.stderr
        if r.returncode == 0:
            _seed_runtime_objects(libdir, obj)
            mk = ["make", "-C", obj, "-f", "Vsluice_core.mk"] + MAKE_ARGS
            r = util.run(mk, timeout=timeout, cwd=tmp)
            log += " ".join(mk) + "\n" + r.stdout + r.stderr
        with open(os.path.join(tmp, "build.log"), "w") as f:
            f.write(log)
        if r.returncode or not os.path.exists(os.path.join(tmp, "Vtb")):
            raise SimError("Verilator build failed" + (" (timeout)" if r.timed_out else "") +
                           ":\n" + _tail(r.stderr or r.stdout, 60) +
                           f"\n(full log: {os.path.join(tmp, 'build.log')})")
        _save_runtime_objects(os.path.join(tmp, "obj"), libdir)
        shutil.rmtree(os.path.join(tmp, "obj"), ignore_errors=True)  # keep the cache small
        shutil.rmtree(final, ignore_errors=True)
        os.replace(tmp, final)
    return exe


# Verilator's runtime library objects are the same for every design built
# with the same Verilator and flags: keep them from the first build and put
# them (with a fresh time stamp, so make takes them as up to date) into the
# object directory of the next builds.  Saves two of the four compiles.
RUNTIME_OBJECTS = ["verilated.o", "verilated_threads.o"]


def _seed_runtime_objects(libdir, objdir):
    if not all(os.path.exists(os.path.join(libdir, o)) for o in RUNTIME_OBJECTS):
        return
    os.makedirs(objdir, exist_ok=True)
    for o in RUNTIME_OBJECTS:
        dst = os.path.join(objdir, o)
        shutil.copyfile(os.path.join(libdir, o), dst)
        os.utime(dst)


def _save_runtime_objects(objdir, libdir):
    if os.path.isdir(libdir) or not all(os.path.exists(os.path.join(objdir, o))
                                        for o in RUNTIME_OBJECTS):
        return
    tmp = f"{libdir}.tmp{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    for o in RUNTIME_OBJECTS:
        shutil.copyfile(os.path.join(objdir, o), os.path.join(tmp, o))
    try:
        os.rename(tmp, libdir)
    except OSError:  # another process saved them first
        shutil.rmtree(tmp, ignore_errors=True)


def icarus_build(shape, vfiles, run_dir, timeout=300):
    tbv = os.path.join(run_dir, "tb.v")
    with open(tbv, "w") as f:
        f.write(tbgen.icarus_tb(shape))
    vvp = os.path.join(run_dir, "sim.vvp")
    cmd = ["iverilog", "-g2012", "-o", vvp, "-s", "sluice_tb", tbv] + vfiles
    r = util.run(cmd, timeout=timeout)
    if r.returncode:
        raise SimError("Icarus compile failed:\n" + _tail(r.stderr + r.stdout, 60))
    return vvp


def _tail(text, n):
    lines = text.strip().splitlines()
    return "\n".join(lines[-n:])


def plusargs(run_dir, log, seed, timing, limit, drain, counts, holds, gates=None):
    """gates: input port -> N, its first N words are taken before any
    kernel starts and the rest offered only after every started kernel
    has returned (the device memory's commands: fill, then read back)."""
    a = [f"+dir={run_dir}", f"+log={log}", f"+seed={seed}", f"+timing={int(timing)}",
         f"+limit={limit}", f"+drain={drain}"]
    a += [f"+n_{name}={n}" for name, n in counts.items()]
    a += [f"+hold_{name}=1" for name in holds]
    a += [f"+gate_{name}={n}" for name, n in (gates or {}).items()]
    return a


def run(sim, exe, args, timeout):
    cmd = [exe] + args if sim == "verilator" else ["vvp", "-n", exe] + args
    r = util.run(cmd, timeout=timeout)
    if r.timed_out:
        raise SimError(f"{sim} did not finish in {timeout} s (wall clock)")
    return r


class SimLog:
    def __init__(self):
        self.ins = {}      # port -> [cycle]
        self.outs = {}     # port -> [(cycle, value or None if X)]
        self.starts = {}   # kernel -> [cycle]
        self.dones = {}    # kernel -> [cycle]
        self.unexpected_done = {}  # kernel -> [cycle]
        self.early_done = {}  # kernel -> [cycle]: done with requests still for the memory
        self.state = []    # "in a 3 10" ...
        self.end = None
        self.end_cycle = None
        self.text = ""


def parse_log(path):
    lg = SimLog()
    try:
        with open(path) as f:
            lg.text = f.read()
    except OSError:
        return lg
    for line in lg.text.splitlines():
        f = line.split()
        if len(f) < 2:
            continue
        try:
            cyc = int(f[0])
        except ValueError:
            continue
        kind = f[1]
        if kind == "in" and len(f) == 5:
            lg.ins.setdefault(f[2], []).append(cyc)
        elif kind == "out" and len(f) == 5:
            v = f[4]
            val = None if any(c in v for c in "xXzZ") else int(v, 16)
            lg.outs.setdefault(f[2], []).append((cyc, val))
        elif kind == "start" and len(f) == 4:
            lg.starts.setdefault(f[2], []).append(cyc)
        elif kind == "done" and len(f) == 4:
            if f[3] == "unexpected":
                lg.unexpected_done.setdefault(f[2], []).append(cyc)
            elif f[3] == "early":
                lg.early_done.setdefault(f[2], []).append(cyc)
            else:
                lg.dones.setdefault(f[2], []).append(cyc)
        elif kind == "state":
            lg.state.append(" ".join(f[2:]))
        elif kind == "end" and len(f) == 3:
            lg.end, lg.end_cycle = f[2], cyc
    return lg
