"""cpu.py -- the CPU reference: builds the emulator tool `sluice-emu`
(tests/harness/emu_run.c over the library in runtime/emu/) and a
kernel file as a shared object, and runs a plan through them.

The kernel object is built with
    gcc -std=gnu11 -shared -fPIC -O1 -g -I include
        -fsanitize=undefined -fno-sanitize-recover=all
        -ftrivial-auto-var-init=zero
so that undefined behaviour in a test kernel (signed overflow, a shift by
the width or more, division by zero) stops the reference with a message
instead of silently producing a value the hardware need not match, and so
that padding bytes of local structs are reproducible (zero).
"""

import glob
import os

import util

def _emu_files():
    """(sources, headers) of the emulator tool, relative to the root."""
    lib = sorted(glob.glob(os.path.join(util.ROOT, "runtime", "emu", "*.c")))
    hdr = sorted(glob.glob(os.path.join(util.ROOT, "runtime", "emu", "*.h")))
    srcs = [os.path.relpath(f, util.ROOT) for f in lib] + ["tests/harness/emu_run.c"]
    hdrs = [os.path.relpath(f, util.ROOT) for f in hdr] + ["include/sluice/emu.h",
                                                            "include/sluice.h"]
    return srcs, hdrs


KERNEL_CFLAGS = ["-std=gnu11", "-shared", "-fPIC", "-O1", "-g",
                 "-fsanitize=undefined", "-fno-sanitize-recover=all",
                 "-ftrivial-auto-var-init=zero", "-Wall", "-Wextra"]


class CpuError(Exception):
    pass


def emu_tool():
    """Builds (once per source hash) and returns the path of sluice-emu."""
    srcs, hdrs = _emu_files()
    files = [os.path.join(util.ROOT, f) for f in srcs + hdrs]
    key = util.hash_files(files, extra="emu-v1")
    out_dir = os.path.join(util.BUILD, "emu")
    exe = os.path.join(out_dir, f"sluice-emu-{key[:16]}")
    if os.path.exists(exe):
        return exe
    os.makedirs(out_dir, exist_ok=True)
    with util.FileLock(exe + ".lock"):
        if os.path.exists(exe):
            return exe
        tmp = f"{exe}.tmp{os.getpid()}"
        cmd = ["gcc", "-std=gnu11", "-O1", "-g", "-Wall", "-Wextra", "-Werror",
               "-I", os.path.join(util.ROOT, "include"), "-rdynamic", "-o", tmp] + \
              [os.path.join(util.ROOT, f) for f in srcs] + ["-lpthread", "-ldl"]
        r = util.run(cmd, timeout=120)
        if r.returncode:
            raise CpuError("cannot build the emulator:\n" + r.stdout + r.stderr)
        os.replace(tmp, exe)
    return exe


def build_kernel(src, out_so, extra_flags=()):
    os.makedirs(os.path.dirname(out_so), exist_ok=True)
    cmd = ["gcc"] + KERNEL_CFLAGS + list(extra_flags) + [
        "-I", os.path.join(util.ROOT, "include"), src, "-o", out_so]
    r = util.run(cmd, timeout=120)
    if r.returncode:
        raise CpuError(f"gcc cannot build {src} for the CPU:\n" + r.stderr)
    return r.stderr  # warnings


class Pipe:
    def __init__(self, name, size, min_capacity, kind, dir, ctype):
        self.name, self.size, self.min_capacity = name, size, min_capacity
        self.kind, self.dir, self.type = kind, dir, ctype
        self.width = 8 * size

    @property
    def into(self):
        return self.dir in ("h2d", "in")

    @property
    def outof(self):
        return self.dir in ("d2h", "out")


def list_pipes(so):
    r = util.run([emu_tool(), "--list", so], timeout=30)
    if r.returncode:
        raise CpuError(r.stderr.strip() or "sluice-emu --list failed")
    pipes = {}
    for line in r.stdout.splitlines():
        f = line.split(None, 6)
        if len(f) == 7 and f[0] == "pipe":
            pipes[f[1]] = Pipe(f[1], int(f[2]), int(f[3]), f[4], f[5], f[6])
    return pipes


class CpuResult:
    def __init__(self):
        self.outs = {}     # pipe -> [int]
        self.extras = {}   # pipe -> [int]
        self.done = {}     # kernel -> invocations finished
        self.left = {}     # pipe -> input words never taken
        self.buffers = {}  # device-memory buffer -> its bytes after the run
        self.end = None
        self.report = []
        self.stderr = ""


def run_plan(so, plan_path, timeout_s=10):
    cmd = [emu_tool(), "--timeout", str(int(timeout_s * 1000)), so, plan_path]
    env = dict(os.environ, UBSAN_OPTIONS="print_stacktrace=1")
    r = util.run(cmd, timeout=timeout_s + 30, env=env)
    res = CpuResult()
    res.stderr = r.stderr
    for line in r.stdout.splitlines():
        if line.startswith("# "):
            res.report.append(line[2:])
            continue
        f = line.split()
        if not f:
            continue
        if f[0] == "out" and len(f) == 4:
            res.outs.setdefault(f[1], []).append(int(f[3], 16))
        elif f[0] == "extra" and len(f) == 3:
            res.extras.setdefault(f[1], []).append(int(f[2], 16))
        elif f[0] == "done" and len(f) == 3:
            res.done[f[1]] = int(f[2])
        elif f[0] == "left" and len(f) == 3:
            res.left[f[1]] = int(f[2])
        elif f[0] == "buffer" and len(f) in (2, 3):
            res.buffers[f[1]] = bytes.fromhex(f[2] if len(f) == 3 else "")
        elif f[0] == "end" and len(f) == 2:
            res.end = f[1]
    if r.timed_out:
        res.end = "killed"
    elif res.end is None:
        res.end = "crashed"
    return res
