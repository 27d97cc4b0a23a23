"""check.py -- judges a simulation log against the CPU reference: words per
output port (first mismatching index, expected vs got, under the scenario's
mask), extra words, done pulses, hangs, and the timing-mode `cycles`
assertions.  Every function returns a list of error messages (empty = pass).
"""

import re

from util import hexw


def _fmt(v, w):
    return "X" if v is None else "0x" + hexw(v, w)


def compare_outputs(ref, log, shape, expected, masks):
    """ref: pipe -> [int] from the CPU; expected: pipe -> count."""
    errs = []
    for q in shape.outputs:
        want = ref.get(q.name, [])
        n = expected.get(q.name, 0)
        got = log.outs.get(q.name, [])
        mask = masks.get(q.name, (1 << q.width) - 1)
        for i in range(min(n, len(got))):
            c, v = got[i]
            if i >= len(want):
                break
            if v is None or (v & mask) != (want[i] & mask):
                more = sum(1 for j in range(i, min(n, len(got), len(want)))
                           if got[j][1] is None or (got[j][1] & mask) != (want[j] & mask))
                errs.append(f"output '{q.name}' word {i} (cycle {c}): expected "
                            f"{_fmt(want[i], q.width)}, got {_fmt(v, q.width)}"
                            + (f" (masked with {_fmt(mask, q.width)})" if q.name in masks else "")
                            + f"; {more} of {min(n, len(got), len(want))} words differ")
                break
        if len(got) < n and log.end == "ok":
            errs.append(f"output '{q.name}': {len(got)} of {n} words arrived")
        elif len(got) > n:
            extra = got[n:]
            errs.append(f"output '{q.name}': {len(extra)} extra word(s) after the expected {n}, "
                        f"first {_fmt(extra[0][1], q.width)} at cycle {extra[0][0]}")
    return errs


def check_run(log, shape, invocations, limit, holds=()):
    """End state: complete run, no X, the right number of done pulses."""
    errs = []
    if log.end is None:
        errs.append("the simulation wrote no end line (crashed?)")
    elif log.end == "limit":
        errs.append(f"hang: not finished after {log.end_cycle} cycles (limit {limit}); "
                    + "; ".join(_state_text(s, holds) for s in log.state))
    elif log.end == "x":
        errs.append(f"X or Z on a control output at cycle {log.end_cycle}")
    for k in shape.kernels:
        if log.early_done.get(k.name):
            errs.append(f"kernel '{k.name}': done at cycle {log.early_done[k.name][0]} while a "
                        f"request of its device-memory ports still waited for the memory")
        if log.unexpected_done.get(k.name):
            errs.append(f"kernel '{k.name}': done pulse without a running invocation "
                        f"at cycle {log.unexpected_done[k.name][0]}")
        n = len(log.dones.get(k.name, []))
        if log.end == "ok" and n != invocations.get(k.name, 0):
            errs.append(f"kernel '{k.name}': {n} done pulses for {invocations.get(k.name, 0)} starts")
    return errs


def _state_text(s, holds):
    f = s.split()
    if f[0] == "in":
        return f"input '{f[1]}' {f[2]} of {f[3]} words taken"
    if f[0] == "out":
        return (f"output '{f[1]}' {f[2]} of {f[3]} words arrived"
                + (" (held until the started kernels finish)" if f[1] in holds else ""))
    if f[0] == "kernel":
        return (f"kernel '{f[1]}' {f[2]} of {f[3]} invocations done"
                + (" (running)" if f[4] != "0" else ""))
    return s


def cycle_assertions(asserts, log, shape, path):
    """Evaluates `cycles EXPR` lines; names: ports -> handshake cycles,
    start_K / done_K -> cycles of kernel K."""
    env = {}
    for p in shape.inputs:
        env[p.name] = log.ins.get(p.name, [])
    for q in shape.outputs:
        env[q.name] = [c for c, _ in log.outs.get(q.name, [])]
    for k in shape.kernels:
        env["start_" + k.name] = log.starts.get(k.name, [])
        env["done_" + k.name] = log.dones.get(k.name, [])
    builtins = {"min": min, "max": max, "abs": abs, "len": len, "all": all,
                "any": any, "range": range, "sorted": sorted, "sum": sum}
    errs = []
    for expr, line in asserts:
        where = f"{path}:{line}"
        code = compile(expr, where, "eval")
        uses_i = re.search(r"\bi\b", expr) is not None
        try:
            if not uses_i:
                if not eval(code, {"__builtins__": builtins}, dict(env)):
                    errs.append(f"{where}: cycles {expr}: false")
                continue
            i, bad = 0, []
            while True:
                try:
                    ok = eval(code, {"__builtins__": builtins}, dict(env, i=i))
                except IndexError:
                    break
                if not ok:
                    bad.append(i)
                i += 1
            if i == 0:
                errs.append(f"{where}: cycles {expr}: no index in range (no handshakes?)")
            elif bad:
                j = bad[0]
                detail = ", ".join(f"{n}[{j}]={env[n][j]}" for n in sorted(env)
                                   if re.search(rf"\b{n}\[i\]", expr) and j < len(env[n]))
                errs.append(f"{where}: cycles {expr}: false for {len(bad)} of {i} indices, "
                            f"first i={j} ({detail})")
        except Exception as e:  # a broken expression is a failed test, not a crash
            errs.append(f"{where}: cycles {expr}: {type(e).__name__}: {e}")
    return errs


def compare_logs(a_text, b_text, a_name, b_name):
    """The two simulators must agree cycle for cycle."""
    a, b = a_text.splitlines(), b_text.splitlines()
    for i in range(max(len(a), len(b))):
        la = a[i] if i < len(a) else "(end of log)"
        lb = b[i] if i < len(b) else "(end of log)"
        if la != lb:
            return [f"{a_name} and {b_name} disagree at log line {i + 1}: "
                    f"{a_name} '{la}', {b_name} '{lb}'"]
    return []
