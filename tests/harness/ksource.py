"""ksource.py -- what the harness reads from a kernel file's C source: its
kernels (started or autorun) and their parameters' widths and signedness.

Used for the CPU reference before (or without) a compiled module; when a
manifest exists the harness checks that it agrees.  Only the declarations
`SLUICE_KERNEL void NAME(T a, T b)` / `SLUICE_AUTORUN void NAME(void)` are
read, after comments are removed; parameter types are the C integer types
and pointers (into device memory: a 64-bit address, `@BUFFER` in a start).
"""

import os
import re

_TYPES = {
    "bool": (1, False), "_Bool": (1, False),
    "char": (8, True), "signed char": (8, True), "unsigned char": (8, False),
    "int8_t": (8, True), "uint8_t": (8, False),
    "short": (16, True), "short int": (16, True), "signed short": (16, True),
    "unsigned short": (16, False), "unsigned short int": (16, False),
    "int16_t": (16, True), "uint16_t": (16, False),
    "int": (32, True), "signed": (32, True), "signed int": (32, True),
    "unsigned": (32, False), "unsigned int": (32, False),
    "int32_t": (32, True), "uint32_t": (32, False),
    "long": (64, True), "long int": (64, True), "unsigned long": (64, False),
    "long long": (64, True), "unsigned long long": (64, False),
    "int64_t": (64, True), "uint64_t": (64, False),
    "size_t": (64, False), "intptr_t": (64, True), "uintptr_t": (64, False),
}

_KERNEL_RE = re.compile(
    r"\bSLUICE_(KERNEL|AUTORUN)\s+(?:static\s+)?void\s+(\w+)\s*\(([^)]*)\)", re.S)


class SourceError(Exception):
    pass


def strip_comments(text):
    """Removes /* */ and // comments, keeping newlines and string literals."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        else:
            out.append(c)
            i += 1
    return "".join(out)


class Param:
    def __init__(self, name, width, signed, pointer=False):
        self.name, self.width, self.signed = name, width, signed
        self.pointer = pointer

    def __repr__(self):
        return f"{self.name}:{'i' if self.signed else 'u'}{self.width}"


class Kernel:
    def __init__(self, name, kind, params):
        self.name, self.kind, self.params = name, kind, params

    def __repr__(self):
        return f"{self.kind} {self.name}({', '.join(map(repr, self.params))})"


_INCLUDE_RE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.M)


def source_text(path, depth=0):
    """The file's text with each `#include "file"` that names a file
    beside it replaced by that file's text (a test kernel that includes the
    bench kernel it checks: tests/kernels/sha256_digest.c)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if depth > 8:
        return text
    here = os.path.dirname(os.path.abspath(path))

    def inline(m):
        inc = os.path.join(here, m.group(1))
        return source_text(inc, depth + 1) if os.path.isfile(inc) else m.group(0)
    return _INCLUDE_RE.sub(inline, text)


def kernels(path):
    """Returns {name: Kernel} in declaration order (of the file and the
    files it includes by a quoted name beside it)."""
    text = strip_comments(source_text(path))
    out = {}
    for m in _KERNEL_RE.finditer(text):
        kind = "started" if m.group(1) == "KERNEL" else "autorun"
        name = m.group(2)
        params = []
        plist = " ".join(m.group(3).split())
        if plist and plist != "void":
            for p in plist.split(","):
                words = p.replace("const ", "").replace("restrict ", "").replace(
                    "*", " * ").split()
                if len(words) < 2:
                    raise SourceError(f"{path}: kernel {name}: cannot read parameter '{p.strip()}'")
                ty, pname = " ".join(words[:-1]), words[-1]
                if ty.endswith("*"):  # into device memory: its 64-bit address
                    params.append(Param(pname, 64, False, pointer=True))
                    continue
                if ty not in _TYPES:
                    raise SourceError(f"{path}: kernel {name}: parameter '{pname}' has type "
                                      f"'{ty}', not a C integer type the harness knows")
                params.append(Param(pname, *_TYPES[ty]))
        if name in out:
            raise SourceError(f"{path}: kernel {name} defined twice")
        out[name] = Kernel(name, kind, params)
    return out


def arg_value(param, v):
    """The C value a parameter gets from scenario integer v (wraps like a
    C conversion to the parameter's type)."""
    if isinstance(v, str):  # @BUFFER: resolved by the caller
        return v
    w = param.width
    u = v & ((1 << w) - 1)
    if w == 1:
        return 1 if v else 0
    if param.signed and u >= 1 << (w - 1):
        return u - (1 << w)
    return u
