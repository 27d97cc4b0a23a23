#!/usr/bin/env python3
"""expr_diff.py -- differential test of the front end's lowering.

For each seed, writes a kernel of random integer expressions (the
arithmetic, comparisons, shifts, min/max, rotates, bit counts, byte swaps,
saturating and overflow-checking operations that clang and LLVM turn into
the IR ops and intrinsics front_lower handles), and the same expressions
as a host C program.  The kernel goes through the real front end
(`sluice build --dump-ir`); the intermediate LLVM form it dumps
(NN-front.ll) is lowered again by build/tests/hls/lower/test_lower, whose
evaluator runs the IR on a few argument sets and must write the words the
host program printed.

    tests/hls/lower/expr_diff.py [--seeds N] [--first S] [-j N] [--keep DIR]

Needs `make` (build/bin/sluice, build/tests/hls/lower/test_lower) and a C
compiler (cc).  Prints one line per failing seed, then `N passed, N failed`.
"""

import argparse
import concurrent.futures
import os
import random
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
SLUICE = os.path.join(ROOT, "build", "bin", "sluice")
LOWER = os.path.join(ROOT, "build", "tests", "hls", "lower", "test_lower")

HELPERS = """
static inline uint32_t rotl(uint32_t x, uint32_t n)
{ n &= 31; return (x << n) | (x >> ((32 - n) & 31)); }
static inline uint32_t uaddsat(uint32_t x, uint32_t y)
{ uint32_t s = x + y; return s < x ? 0xffffffffu : s; }
static inline uint32_t sabs(uint32_t x)
{ int32_t v = (int32_t)x; return v < 0 ? 0u - x : x; }
static inline uint32_t ovf(uint32_t x, uint32_t y)
{
	int32_t r; uint32_t m;
	bool o = __builtin_sadd_overflow((int32_t)x, (int32_t)y, &r);
	bool o2 = __builtin_mul_overflow(x, y, &m);
	return (uint32_t)r ^ (o ? 0x100u : 0u) ^ (o2 ? 0x10000u : 0u) ^ m;
}
"""

PARAMS = "uint32_t a, int32_t b, uint8_t c, int16_t d, uint64_t e"


def leaf(rng):
    if rng.random() < 0.6:
        return rng.choice(["a", "(uint32_t)b", "(uint32_t)c",
                           "(uint32_t)(int32_t)d", "(uint32_t)e",
                           "(uint32_t)(e >> 32)"])
    return "%uu" % rng.choice([0, 1, 2, 3, 5, 7, 31, 32, 255, 0x7fffffff,
                               0x80000000, 0xffffffff, rng.getrandbits(32)])


def expr(rng, depth):
    """A uint32_t expression with no undefined behaviour."""
    if depth == 0:
        return leaf(rng)
    x, y = expr(rng, depth - 1), expr(rng, depth - 1)
    return rng.choice([
        f"({x} + {y})", f"({x} - {y})", f"({x} * {y})",
        f"({x} / ({y} | 1u))", f"({x} % ({y} | 1u))",
        f"({x} & {y})", f"({x} | {y})", f"({x} ^ {y})",
        f"({x} << ({y} & 31u))", f"({x} >> ({y} & 31u))",
        f"(uint32_t)((int32_t){x} >> ({y} & 31u))",
        f"(uint32_t)((int32_t){x} / (int32_t)(({y} | 1u) & 0x7fffffffu))",
        f"({x} < {y} ? {x} : {y})",
        f"((int32_t){x} > (int32_t){y} ? {x} : {y})",
        f"rotl({x}, {y})",
        f"(uint32_t)__builtin_popcount({x})",
        f"({x} ? (uint32_t)__builtin_clz({x}) : 32u)",
        f"({x} ? (uint32_t)__builtin_ctz({x}) : 32u)",
        f"__builtin_bswap32({x})",
        f"uaddsat({x}, {y})",
        f"(uint32_t)(int32_t)(int8_t){x}",
        f"sabs({x})",
        f"ovf({x}, {y})",
    ])


def programs(seed):
    rng = random.Random(seed)
    exprs = [expr(rng, rng.randrange(1, 5)) for _ in range(6)]
    args = [(rng.getrandbits(32), rng.getrandbits(32) - 2**31,
             rng.getrandbits(8), rng.getrandbits(16) - 2**15,
             rng.getrandbits(64)) for _ in range(4)]
    args += [(0, 0, 0, 0, 0), (0xffffffff, -2**31, 255, -32768, 2**64 - 1)]
    body = "".join(f"\tuint32_t v{i} = {x};\n\tOUT(v{i});\n"
                   for i, x in enumerate(exprs))
    kernel = ("#include <sluice.h>\n"
              "SLUICE_HOST_PIPE(o, uint64_t, 1, SLUICE_D2H);\n"
              + HELPERS.replace("static inline",
                                "static inline __attribute__((always_inline))")
              + "#define OUT(v) sluice_write(o, (uint64_t)(v))\n"
              + f"SLUICE_KERNEL void k({PARAMS})\n{{\n{body}}}\n")
    calls = "".join(
        f'\tprintf("; expect-eval: %#x %#x %#x %#x %#llx =>", {a}u, '
        f'(uint32_t){b}, {c}u, (uint16_t){d}, {e}ull);\n'
        f"\tk({a}u, {b}, {c}, {d}, {e}ull);\n\tputs(\"\");\n"
        for a, b, c, d, e in args)
    host = ("#include <stdbool.h>\n#include <stdint.h>\n#include <stdio.h>\n"
            + HELPERS
            + '#define OUT(v) printf(" %#llx", (unsigned long long)(v))\n'
            + f"static void k({PARAMS})\n{{\n{body}}}\n"
            + f"int main(void)\n{{\n{calls}\treturn 0;\n}}\n")
    return kernel, host


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=120)
    return p.returncode, p.stdout


def one(seed, work):
    kernel, host = programs(seed)
    d = os.path.join(work, str(seed))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "k.c"), "w") as f:
        f.write(kernel)
    with open(os.path.join(d, "h.c"), "w") as f:
        f.write(host)
    rc, out = run([os.environ.get("CC", "cc"), "-w", "-O0", "h.c", "-o", "h"], d)
    if rc:
        return f"host compile failed:\n{out}"
    rc, expect = run(["./h"], d)
    if rc:
        return f"host program failed:\n{expect}"
    rc, out = run([SLUICE, "build", "k.c", "-o", "k.sluice", "--no-sim-image", "--dump-ir=ir"], d)
    front = [n for n in sorted(os.listdir(os.path.join(d, "ir")))
             if n.endswith("-front.ll")] if os.path.isdir(os.path.join(d, "ir")) else []
    if not front:
        return f"sluice build failed (exit {rc}):\n{out}"
    with open(os.path.join(d, "ir", front[0])) as f:
        ll = f.read()
    with open(os.path.join(d, "t.ll"), "w") as f:
        f.write(expect + ll)
    rc, out = run([LOWER, "t.ll"], d)
    return None if rc == 0 else out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=12)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--keep", help="keep the generated files in this directory")
    ap.add_argument("-j", "--jobs", type=int, default=4)
    a = ap.parse_args()
    for exe in (SLUICE, LOWER):
        if not os.access(exe, os.X_OK):
            print(f"not built: {os.path.relpath(exe, ROOT)} (run make)")
            print("0 passed, 1 failed")
            return 1
    work = a.keep or tempfile.mkdtemp(prefix="sluice-expr-diff-")
    passed = failed = 0
    seeds = range(a.first, a.first + a.seeds)
    try:
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
            for seed, why in zip(seeds, pool.map(lambda s: one(s, work), seeds)):
                if why is None:
                    passed += 1
                else:
                    failed += 1
                    print(f"FAIL seed {seed}: {why.strip()[:2000]}")
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
