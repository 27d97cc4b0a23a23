"""scenario.py -- the test scenario that a kernel file carries in a comment.

A kernel file under tests/kernels/ or examples/ describes how to test it in
one comment block:

    /* sluice-test:
       input adc = random(200, seed=1)       # 200 random words, full width
       input x = 1 2 -3 0xff range(0, 10)     # items, appended in order
       start fir(200)                         # one invocation of a started kernel
       start count()                          # ... and another, after it returns
       expect dac = 200                       # 200 words, compared with the CPU
       expect y = range(0, 8)                 # and exactly these values
       hold y                                 # y is not read until the started
                                              # kernels have all returned
       mask s = 0x0000ffff_ffffffff_000000ff  # compare only these bits (padding)
       limit 50000                            # cycle limit of a simulation
       seed 7                                 # seed of gaps and back-pressure
       cycles b[i] - a[i] == 2                # timing-mode assertion, for every i
       modes random timing                    # which simulation modes to run
       sims verilator                         # restrict the simulators
       build --spec gain=5                    # extra options of `sluice build`
       cpu -DGAIN=5                           # extra gcc flags of the CPU reference
       buffer a int32 = range(0, 100)         # a device-memory buffer (kernel pointer
       start vadd(@a, @b, @c, 100)            # arguments), its elements; @a its address
    */

Items of `input` / `expect` (separated by blanks): integer literals
(decimal, 0x.., negative = two's complement at the pipe's width, `_`
allowed), Python-like arithmetic of literals (1<<31), [a, b, c],
range(a[, b[, step]]), repeat(value, n), random(n[, seed=S][, min=A, max=B])
(full-width random words when min/max are absent; the default seed comes
from the pipe name).  `expect P = N` with a single plain number means "N
words"; any other right-hand side lists the exact values.

A `buffer NAME TYPE = items` (TYPE int8 .. int64, uint8 .. uint64) is a
buffer of device memory holding those elements (little-endian bytes); a
start argument `@NAME` is its address.  The harness fills the buffers
through the device memory's host port before any kernel starts, reads them
all back after every started kernel has returned, and compares them with
what the CPU's kernels left in theirs.

`cycles EXPR` is evaluated in the timing mode (no gaps, no back-pressure)
with every port name bound to the list of its handshake cycles, start_K /
done_K to the cycles of kernel K's accepted starts and done pulses; if EXPR
uses `i` it must hold for every i for which all its indexing is in range
(and for at least one).
"""

import ast
import random as _random
import re
import zlib


class ScenarioError(Exception):
    """A malformed scenario; the message starts with file:line."""


class Scenario:
    def __init__(self, path):
        self.path = path
        self.inputs = {}      # pipe -> [(item_src, line)]
        self.starts = []      # [(kernel, [int], line)]
        self.expects = {}     # pipe -> (count or None, [item_src] or None, line)
        self.holds = set()
        self.masks = {}       # pipe -> int
        self.limit = None
        self.seed = 1
        self.cycles = []      # [(expr, line)]
        self.modes = None     # None: default (random, + timing if cycles)
        self.sims = ["verilator", "icarus"]
        self.build_opts = []  # extra `sluice build` options
        self.cpu_flags = []   # extra gcc flags of the CPU reference
        self.line = 0         # line of the block
        self.buffers = {}     # name -> (element bits, signed, [(item_src, line)], line)

    def run_modes(self):
        if self.modes:
            return list(self.modes)
        return ["random", "timing"] if self.cycles else ["random"]


_BLOCK_RE = re.compile(r"/\*\s*sluice-test:(.*?)\*/", re.S)


def find_block(text):
    """Returns (body, first line number) of the scenario block, or None."""
    m = _BLOCK_RE.search(text)
    if not m:
        return None
    return m.group(1), text.count("\n", 0, m.start(1)) + 1


def _split_items(s):
    """Splits on blanks outside brackets: '1 range(0, 3) [4, 5]'."""
    items, depth, cur = [], 0, ""
    for ch in s:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch.isspace() and depth == 0:
            if cur:
                items.append(cur)
            cur = ""
        else:
            cur += ch
    if cur:
        items.append(cur)
    return items


def parse(path, text=None):
    if text is None:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    found = find_block(text)
    if not found:
        raise ScenarioError(f"{path}: no /* sluice-test: ... */ block")
    body, first = found
    sc = Scenario(path)
    sc.line = first
    for n, raw in enumerate(body.split("\n")):
        line = first + n
        where = f"{path}:{line}"
        s = raw.split("#", 1)[0].strip()
        if s.startswith("*"):
            s = s[1:].strip()
        if not s:
            continue
        word, _, rest = s.partition(" ")
        rest = rest.strip()
        if word in ("input", "expect", "mask"):
            name, eq, rhs = rest.partition("=")
            name, rhs = name.strip(), rhs.strip()
            if not eq or not re.fullmatch(r"\w+", name) or not rhs:
                raise ScenarioError(f"{where}: expected '{word} PIPE = ...'")
            if word == "input":
                sc.inputs.setdefault(name, []).extend(
                    (it, line) for it in _split_items(rhs))
            elif word == "mask":
                sc.masks[name] = _literal(rhs, where)
            else:
                if name in sc.expects:
                    raise ScenarioError(f"{where}: second 'expect {name}'")
                items = _split_items(rhs)
                if len(items) == 1 and re.fullmatch(r"[0-9][0-9_]*", items[0]):
                    sc.expects[name] = (int(items[0].replace("_", "")), None, line)
                else:
                    sc.expects[name] = (None, items, line)
        elif word == "start":
            m = re.fullmatch(r"(\w+)\s*(?:\((.*)\))?", rest)
            if not m:
                raise ScenarioError(f"{where}: expected 'start KERNEL(ARGS)'")
            args = []
            if m.group(2) and m.group(2).strip():
                args = [a.strip() if a.strip().startswith("@") else _literal(a, where)
                        for a in m.group(2).split(",")]
                for a in args:
                    if isinstance(a, str) and not re.fullmatch(r"@\w+", a):
                        raise ScenarioError(f"{where}: '{a}': expected @BUFFER")
            sc.starts.append((m.group(1), args, line))
        elif word == "buffer":
            m = re.fullmatch(r"(\w+)\s+(u?)int(8|16|32|64)\s*=\s*(.+)", rest)
            if not m:
                raise ScenarioError(f"{where}: expected 'buffer NAME int32 = ITEMS'")
            if m.group(1) in sc.buffers:
                raise ScenarioError(f"{where}: second 'buffer {m.group(1)}'")
            sc.buffers[m.group(1)] = (int(m.group(3)), not m.group(2),
                                      [(it, line) for it in _split_items(m.group(4))], line)
        elif word == "hold":
            if not re.fullmatch(r"\w+", rest):
                raise ScenarioError(f"{where}: expected 'hold PIPE'")
            sc.holds.add(rest)
        elif word in ("limit", "seed"):
            v = _literal(rest, where)
            if v < (1 if word == "limit" else 0):
                raise ScenarioError(f"{where}: bad {word}")
            setattr(sc, word, v)
        elif word == "cycles":
            try:
                compile(rest, where, "eval")
            except SyntaxError as e:
                raise ScenarioError(f"{where}: bad expression: {e.msg}") from None
            sc.cycles.append((rest, line))
        elif word == "modes":
            modes = rest.split()
            if not modes or any(m not in ("random", "timing") for m in modes):
                raise ScenarioError(f"{where}: modes are 'random' and 'timing'")
            sc.modes = modes
        elif word in ("build", "cpu"):
            if not rest:
                raise ScenarioError(f"{where}: expected '{word} OPTION...'")
            (sc.build_opts if word == "build" else sc.cpu_flags).extend(rest.split())
        elif word == "sims":
            sims = rest.split()
            if not sims or any(x not in ("verilator", "icarus") for x in sims):
                raise ScenarioError(f"{where}: sims are 'verilator' and 'icarus'")
            sc.sims = sims
        else:
            raise ScenarioError(f"{where}: unknown directive '{word}'")
    for _, args, line in sc.starts:
        for a in args:
            if isinstance(a, str) and a[1:] not in sc.buffers:
                raise ScenarioError(f"{path}:{line}: '{a}': no 'buffer {a[1:]}'")
    for pipe in sc.holds:
        if pipe not in sc.expects:
            raise ScenarioError(f"{path}: 'hold {pipe}' without 'expect {pipe}'")
    return sc


# ---- values --------------------------------------------------------------

def _literal(src, where):
    vals = _eval_item(src.strip(), where, 64, "")
    if len(vals) != 1:
        raise ScenarioError(f"{where}: expected one number, got '{src}'")
    return vals[0]


_BINOPS = {
    ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b, ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b, ast.LShift: lambda a, b: a << b,
    ast.RShift: lambda a, b: a >> b, ast.BitOr: lambda a, b: a | b,
    ast.BitAnd: lambda a, b: a & b, ast.BitXor: lambda a, b: a ^ b,
    ast.Pow: lambda a, b: a ** b,
}


def _eval_item(src, where, width, pipe):
    try:
        tree = ast.parse(src, mode="eval").body
    except SyntaxError:
        raise ScenarioError(f"{where}: cannot read '{src}'") from None

    def num(node):
        v = ev(node)
        if len(v) != 1:
            raise ScenarioError(f"{where}: '{src}': expected a number")
        return v[0]

    def ev(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, int) \
                and not isinstance(node.value, bool):
            return [node.value]
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Invert, ast.UAdd)):
            v = num(node.operand)
            return [-v if isinstance(node.op, ast.USub) else ~v if isinstance(node.op, ast.Invert) else v]
        if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
            return [_BINOPS[type(node.op)](num(node.left), num(node.right))]
        if isinstance(node, ast.List):
            out = []
            for e in node.elts:
                out.extend(ev(e))
            return out
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            args = [num(a) for a in node.args]
            kw = {k.arg: num(k.value) for k in node.keywords}
            f = node.func.id
            try:
                if f == "range" and not kw and 1 <= len(args) <= 3:
                    return list(range(*args))
                if f == "repeat" and not kw and len(args) == 2:
                    return [args[0]] * args[1]
                if f == "random" and len(args) == 1 and set(kw) <= {"seed", "min", "max"}:
                    seed = kw.get("seed", zlib.crc32(pipe.encode()))
                    rng = _random.Random(seed)
                    if "min" in kw or "max" in kw:
                        lo = kw.get("min", 0)
                        hi = kw.get("max", (1 << width) - 1)
                        return [rng.randint(lo, hi) for _ in range(args[0])]
                    return [rng.getrandbits(width) for _ in range(args[0])]
            except (TypeError, ValueError) as e:
                raise ScenarioError(f"{where}: '{src}': {e}") from None
            raise ScenarioError(f"{where}: unknown or malformed generator '{f}(...)'")
        raise ScenarioError(f"{where}: cannot read '{src}'")

    return ev(tree)


def fit(value, width, where, what):
    """Two's complement of `value` in `width` bits; error if it does not fit."""
    if -(1 << (width - 1)) <= value < 0:
        return value + (1 << width)
    if 0 <= value < (1 << width):
        return value
    raise ScenarioError(f"{where}: {value} does not fit {what} ({width} bits)")


def words(sc, pipe, items, width):
    """Evaluates [(item_src, line)] into words of `width` bits."""
    out = []
    for src, line in items:
        where = f"{sc.path}:{line}"
        for v in _eval_item(src, where, width, pipe):
            out.append(fit(v, width, where, f"pipe '{pipe}'"))
    return out


def buffer_bytes(sc, name):
    """The initial bytes of buffer `name` (its elements, little-endian)."""
    bits, _, items, _ = sc.buffers[name]
    out = bytearray()
    for src, line in items:
        where = f"{sc.path}:{line}"
        for v in _eval_item(src, where, bits, name):
            out += fit(v, bits, where, f"buffer '{name}'").to_bytes(bits // 8, "little")
    return bytes(out)


def expected_values(sc, pipe, width):
    count, items, line = sc.expects[pipe]
    if items is None:
        return None
    return words(sc, pipe, [(it, line) for it in items], width)


def expected_count(sc, pipe, width):
    count, items, line = sc.expects[pipe]
    return count if items is None else len(expected_values(sc, pipe, width))
