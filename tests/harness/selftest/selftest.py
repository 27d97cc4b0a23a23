#!/usr/bin/env python3
"""selftest.py -- tests the test harness itself, without the compiler.

Four hand-written hardware fixtures (scale, wide, lat, fill: a sluice_core
with the compiler's port conventions and a manifest written by hand, whose
top is that core, without a host bridge) must pass; broken variants of them
(a wrong word, a hang, a missed latency, a FIFO smaller than MinCapacity, a
missing padding mask) must fail with the right message, on both
simulators; CPU-side failures (deadlock, undefined
behaviour, a spinning kernel, a malformed scenario, extra words) must be
reported; and test_emu.c exercises the emulation library's C API.

Prints one line per case and `N passed, N failed`; exits 1 on failure.
Work files: build/harness/selftest/.
"""

import glob
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
WORK = os.path.join(ROOT, "build", "harness", "selftest")
HARNESS = os.path.join(ROOT, "tests", "harness", "harness.py")

# (case, kernel file, fixture, {file: [(old, new)]}, harness args,
#  [(check, ok, regex on its detail)])
CASES = [
    ("scale", "scale/scale.c", "scale", {}, [],
     [("cpu", True, ""), ("lint", True, ""), ("verilator", True, ""),
      ("icarus", True, ""), ("crosscheck", True, "")]),
    ("scale-wrong-word", "scale/scale.c", "scale",
     {"rtl/kernel_scale.v": [("x_reg <= in_tdata * 32'd3;",
                              "x_reg <= (i_reg == 32'd17) ? 32'd5 : in_tdata * 32'd3;")]},
     ["--no-lint", "--sims", "icarus"],
     [("icarus", False, r"output 'out' word 17 \(cycle \d+\): expected 0x[0-9a-f]{8}, got 0x00000005")]),
    ("scale-hang", "scale/scale.c", "scale",
     {"rtl/kernel_scale.v": [("S_READ: if (in_tvalid) begin",
                              "S_READ: if (in_tvalid && !(i_reg == 32'd10 && n_reg == 32'd32)) begin")]},
     ["--no-lint", "--sims", "icarus"],
     [("icarus", False, r"hang: not finished after \d+ cycles .*output 'out' 30 of 52 words arrived; "
                        r"kernel 'scale' 1 of 2 invocations done \(running\)")]),
    ("wide", "wide/wide.c", "wide", {}, [],
     [("cpu", True, ""), ("lint", True, ""), ("verilator", True, ""),
      ("icarus", True, ""), ("crosscheck", True, "")]),
    ("wide-no-mask", "wide/wide.c", "wide", {"wide.c": [("   mask sout", "   #mask sout")]},
     ["--no-lint"],
     [("verilator", False, r"output 'sout' word \d+"), ("icarus", False, r"output 'sout' word \d+")]),
    ("lat", "lat/lat.c", "lat", {}, [],
     [("cpu", True, ""), ("lint", True, ""), ("verilator", True, "random, timing"),
      ("icarus", True, "random, timing"), ("crosscheck", True, "")]),
    ("lat-late", "lat/lat.c", "lat",
     {"rtl/sluice_core.v": [("S_W1: st <= S_B;",
                            "S_W1: begin if (i_reg == 5) i_reg <= 55; else if (i_reg == 55) "
                            "begin i_reg <= 5; st <= S_B; end else st <= S_B; end")]},
     ["--no-lint", "--sims", "icarus"],
     [("icarus", False, r"lat\.c:\d+: cycles b\[i\] - a\[i\] == 2: false for 1 of 20 indices, first i=5")]),
    ("fill", "fill/fill.c", "fill", {}, ["--no-lint"],
     [("cpu", True, ""), ("verilator", True, ""), ("icarus", True, ""), ("crosscheck", True, "")]),
    ("fill-depth7", "fill/fill.c", "fill",
     {"rtl/sluice_core.v": [("DEPTH = 16", "DEPTH = 7")]}, ["--no-lint", "--sims", "icarus"],
     [("icarus", False, r"hang: .*output 'out' 0 of 8 words arrived \(held until the started kernels finish\)")]),
    ("cpu-deadlock", "deadlock.c", None, {}, ["--cpu-only"],
     [("cpu", False, r"deadlock.*kernel 'needs_four' \(started, invocation 1 of 1\): blocked reading I/O pipe 'in'")]),
    ("cpu-ub", "ub.c", None, {}, ["--cpu-only"],
     [("cpu", False, r"ub\.c:\d+:\d+: runtime error: signed integer overflow")]),
    ("cpu-spin", "spin.c", None, {}, ["--cpu-only"],
     [("cpu", False, r"timeout.*kernel 'spinner' \(autorun, call \d+\): running")]),
    ("cpu-bad-scenario", "bad_scenario.c", None, {}, ["--cpu-only"],
     [("cpu", False, r"bad_scenario\.c:17: unknown directive 'frobnicate'")]),
    ("cpu-extra", "extra.c", None, {}, ["--cpu-only"],
     [("cpu", False, r"more words on 'out' than the scenario expects \(next: 0x00000002\)")]),
]


def prepare(case, kfile, fixture, edits):
    d = os.path.join(WORK, case)
    shutil.rmtree(d, ignore_errors=True)
    if fixture is None:
        os.makedirs(d)
        shutil.copy(os.path.join(HERE, kfile), d)
        return os.path.join(d, os.path.basename(kfile)), None
    shutil.copytree(os.path.join(HERE, fixture), d)
    shutil.copy(os.path.join(ROOT, "rtl", "sluice_fifo.v"), os.path.join(d, "rtl"))
    for rel, subs in edits.items():
        p = os.path.join(d, rel)
        with open(p) as f:
            text = f.read()
        for old, new in subs:
            if old not in text:
                raise RuntimeError(f"{case}: '{old}' not in {rel}")
            text = text.replace(old, new)
        with open(p, "w") as f:
            f.write(text)
    return os.path.join(d, os.path.basename(kfile)), d


def run_case(case, kfile, fixture, edits, args, expects):
    src, mdir = prepare(case, kfile, fixture, edits)
    cmd = [sys.executable, HARNESS, "--json", src] + args
    if mdir:
        cmd += ["--module", mdir]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    except subprocess.TimeoutExpired:
        return [f"harness timeout"]
    try:
        res = json.loads(r.stdout[r.stdout.find("["):])
    except ValueError:
        return [f"harness output is not JSON:\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}"]
    got = {x["check"]: x for x in res}
    errs = []
    for check, ok, pattern in expects:
        x = got.get(check)
        if x is None:
            errs.append(f"no '{check}' result (got {sorted(got)})")
        elif x["ok"] != ok:
            errs.append(f"'{check}' {'passed' if x['ok'] else 'failed'}, expected the opposite: {x['detail'][:1500]}")
        elif pattern and not re.search(pattern, x["detail"], re.S):
            errs.append(f"'{check}' detail does not match /{pattern}/: {x['detail'][:1500]}")
    return errs


def run_emu_test():
    exe = os.path.join(WORK, "test_emu")
    os.makedirs(WORK, exist_ok=True)
    srcs = sorted(glob.glob(os.path.join(ROOT, "runtime", "emu", "*.c")))
    so = os.path.join(WORK, "emu_kernels.so")
    r = subprocess.run(["gcc", "-std=gnu11", "-shared", "-fPIC", "-O1", "-g", "-Wall", "-Wextra",
                        "-Werror", "-I", os.path.join(ROOT, "include"),
                        os.path.join(HERE, "emu_kernels.c"), "-o", so],
                       capture_output=True, text=True, timeout=120)
    if r.returncode:
        return ["cannot build emu_kernels.c:\n" + r.stderr]
    errs = []
    # plain, then under ThreadSanitizer and AddressSanitizer+UBSan
    for san in ([], ["-fsanitize=thread"], ["-fsanitize=address,undefined"]):
        r = subprocess.run(["gcc", "-std=gnu11", "-O1", "-g", "-Wall", "-Wextra", "-Werror"] + san +
                           ["-I", os.path.join(ROOT, "include"), "-I", os.path.join(ROOT, "runtime", "emu"),
                            "-rdynamic", os.path.join(HERE, "test_emu.c")] + srcs +
                           ["-o", exe, "-lpthread", "-ldl"], capture_output=True, text=True, timeout=120)
        what = " ".join(san) or "no sanitizer"
        if r.returncode:
            errs.append(f"cannot build test_emu.c ({what}):\n" + r.stderr)
            continue
        try:
            r = subprocess.run([exe, so], capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired:
            errs.append(f"test_emu ({what}) timed out")
            continue
        if r.returncode:
            errs.append(f"test_emu ({what}) failed ({r.returncode}):\n{r.stdout}{r.stderr[-3000:]}")
    return errs


def main():
    only = sys.argv[1:]
    passed = failed = 0
    todo = [c for c in CASES if not only or c[0] in only]
    for case in todo:
        errs = run_case(*case)
        passed, failed = passed + (not errs), failed + bool(errs)
        print(("PASS " if not errs else "FAIL ") + "harness-selftest/" + case[0] +
              ("" if not errs else ": " + "\n    ".join(errs)), flush=True)
    if not only or "emu" in only:
        errs = run_emu_test()
        passed, failed = passed + (not errs), failed + bool(errs)
        print(("PASS " if not errs else "FAIL ") + "harness-selftest/emu-api" +
              ("" if not errs else ": " + "\n    ".join(errs)), flush=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
