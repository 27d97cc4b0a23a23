#!/usr/bin/env python3
"""run_tests.py -- runs every test of the tree and prints one line per test,
then `N passed, N failed`; exits 1 if any failed.

    tests/run_tests.py [-j N] [--quick] [-k TEXT] [--sims verilator,icarus]
                       [--no-lint] [--cpu-only] [--list] [-v]

What it runs:
  unit     each tests/**/test_*.c as its binary build/tests/**/test_* (built
           by `make`; a missing binary is a failure saying so);
  script   each tests/**/run*.sh (bash, from the repository root; exit 0 = pass);
  kernels  each tests/kernels/*.c and examples/*/*.c with a sluice-test block,
           through tests/harness/harness.py: lines `NAME cpu` (CPU reference),
           `NAME lint`, `NAME verilator`, `NAME icarus`, `NAME crosscheck`.
--quick runs the unit tests and a few kernels on Verilator only (no scripts).
Every command has a timeout; a test that hangs fails with a message.
"""

import argparse
import concurrent.futures
import glob
import json
import os
import signal
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "build")

QUICK_KERNELS = ["kernels/u8_wrap", "kernels/struct_padding", "kernels/chain2",
                 "kernels/latency_exact_min", "kernels/mincap_d2h",
                 "kernels/nb_full_empty", "kernels/global_counter",
                 "examples/fir", "examples/latency"]

UNIT_TIMEOUT = 300
SCRIPT_TIMEOUT = 1800
KERNEL_TIMEOUT = 3600


def run(cmd, timeout, cwd=ROOT, env=None):
    """(returncode, output, timed_out); kills the process group on timeout."""
    try:
        p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True, errors="replace",
                             start_new_session=True)
    except OSError as e:
        return 127, f"cannot run {cmd[0]}: {e}", False
    try:
        out, _ = p.communicate(timeout=timeout)
        return p.returncode, out, False
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, _ = p.communicate()
        return -9, out, True


def tail(text, n=25):
    lines = text.rstrip().splitlines()
    return "\n".join(lines[-n:])


class Job:
    def __init__(self, kind, name, run_fn):
        self.kind, self.name, self.run_fn = kind, name, run_fn


def unit_job(src):
    rel = os.path.relpath(src, ROOT)[:-2]
    exe = os.path.join(BUILD, rel)
    name = rel[len("tests/"):] if rel.startswith("tests/") else rel

    def go():
        if not os.access(exe, os.X_OK):
            return [(name, False, f"not built: {os.path.relpath(exe, ROOT)} (run make)")]
        rc, out, to = run([exe], UNIT_TIMEOUT)
        if to:
            return [(name, False, f"timeout after {UNIT_TIMEOUT} s\n" + tail(out))]
        return [(name, rc == 0, "" if rc == 0 else f"exit status {rc}\n" + tail(out))]
    return Job("unit", name, go)


def script_job(path):
    rel = os.path.relpath(path, ROOT)
    name = rel[len("tests/"):] if rel.startswith("tests/") else rel

    def go():
        rc, out, to = run(["bash", path], SCRIPT_TIMEOUT)
        if to:
            return [(name, False, f"timeout after {SCRIPT_TIMEOUT} s\n" + tail(out))]
        return [(name, rc == 0, "" if rc == 0 else f"exit status {rc}\n" + tail(out))]
    return Job("script", name, go)


def kernel_job(path, args):
    name = os.path.relpath(path, ROOT)[:-2]
    parts = name.split("/")
    if parts[0] == "tests":
        parts = parts[1:]
    if parts[0] == "examples" and len(parts) == 3 and parts[1] == parts[2]:
        parts = parts[:2]
    name = "/".join(parts)

    def go():
        cmd = [sys.executable, os.path.join(ROOT, "tests", "harness", "harness.py"), "--json", path]
        if args.sims:
            cmd += ["--sims", args.sims]
        if args.no_lint:
            cmd.append("--no-lint")
        if args.cpu_only:
            cmd.append("--cpu-only")
        rc, out, to = run(cmd, KERNEL_TIMEOUT)
        if to:
            return [(name, False, f"harness timeout after {KERNEL_TIMEOUT} s\n" + tail(out))]
        start = out.find("[")
        try:
            res = json.loads(out[start:]) if start >= 0 else None
        except ValueError:
            res = None
        if not isinstance(res, list) or not res:
            return [(name, False, f"harness failed (exit {rc}):\n" + tail(out))]
        return [(f"{r['name']} {r['check']}", r["ok"], r["detail"]) for r in res]
    return Job("kernel", name, go)


def collect(args):
    jobs = []
    skip_dirs = (os.path.join(ROOT, "tests", "kernels") + os.sep,
                 os.path.join(ROOT, "tests", "harness") + os.sep)
    for src in sorted(glob.glob(os.path.join(ROOT, "tests", "**", "test_*.c"), recursive=True)):
        if not src.startswith(skip_dirs):
            jobs.append(unit_job(src))
    if not args.quick:
        for sh in sorted(glob.glob(os.path.join(ROOT, "tests", "**", "run*.sh"), recursive=True)):
            jobs.append(script_job(sh))
    kfiles = sorted(glob.glob(os.path.join(ROOT, "tests", "kernels", "*.c"))) + \
        sorted(glob.glob(os.path.join(ROOT, "tests", "csmith", "regress", "*.c"))) + \
        sorted(glob.glob(os.path.join(ROOT, "examples", "*", "*.c")))
    for f in kfiles:
        try:
            with open(f, encoding="utf-8", errors="replace") as fh:
                if "sluice-test:" not in fh.read():
                    continue
        except OSError:
            continue
        j = kernel_job(f, args)
        if args.quick and j.name not in QUICK_KERNELS:
            continue
        jobs.append(j)
    if args.k:
        jobs = [j for j in jobs if any(k in j.name for k in args.k)]
    # kernels take longest: start them first so -j keeps both cores busy
    jobs.sort(key=lambda j: {"kernel": 0, "script": 1, "unit": 2}[j.kind])
    return jobs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-j", type=int, default=2, help="parallel jobs (default 2)")
    ap.add_argument("--quick", action="store_true", help="a fast subset")
    ap.add_argument("-k", action="append", help="only tests whose name contains TEXT")
    ap.add_argument("--sims", help="simulators for kernel tests: verilator,icarus")
    ap.add_argument("--no-lint", action="store_true", help="skip the Verilog lint checks")
    ap.add_argument("--cpu-only", action="store_true", help="kernel tests: CPU reference only")
    ap.add_argument("--list", action="store_true", help="list the tests and exit")
    ap.add_argument("-v", "--verbose", action="store_true", help="details of passing tests too")
    args = ap.parse_args()
    if args.quick and not args.sims:
        args.sims = "verilator"

    jobs = collect(args)
    if args.list:
        for j in jobs:
            print(f"{j.kind:6} {j.name}")
        return 0

    lock = threading.Lock()
    counts = [0, 0]
    t0 = time.time()

    def report(results):
        with lock:
            for name, ok, detail in results:
                counts[0 if ok else 1] += 1
                line = f"{'PASS' if ok else 'FAIL'} {name}"
                if detail and (not ok or args.verbose):
                    lines = detail.rstrip().splitlines()
                    line += ": " + lines[0]
                    if len(lines) > 1:
                        line += "\n" + "\n".join("    " + l for l in lines[1:40])
                print(line, flush=True)

    def guarded(job):
        try:
            return job.run_fn()
        except Exception as e:  # a runner bug must still count as a failure
            return [(job.name, False, f"runner error: {type(e).__name__}: {e}")]

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.j)) as ex:
        futs = [ex.submit(guarded, j) for j in jobs]
        for f in concurrent.futures.as_completed(futs):
            report(f.result())
    print(f"({len(jobs)} jobs in {time.time() - t0:.0f} s)", flush=True)
    print(f"{counts[0]} passed, {counts[1]} failed", flush=True)
    return 1 if counts[1] else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
