"""module.py -- reads a module directory (`sluice build K.c -o K.sluice`):
checks manifest.json and derives the port shape of its core (the manifest's
"core", sluice_core: kernels and FIFOs with host pipes and kernel control
as ports, what the test benches drive; register-bound spec constants are
inputs held at the manifest's value), and checks that the module agrees
with what the CPU side saw (pipes of the kernel object, kernels of the
source).  `tops` are the modules to lint: the core, and the design's top
(the manifest's "top", sluice_top: the core behind the host bridge) when it
is another module.
"""

import json
import os

import tbgen


class ModuleError(Exception):
    pass


class Module:
    def __init__(self, path):
        self.path = path
        mpath = os.path.join(path, "manifest.json")
        try:
            with open(mpath) as f:
                self.m = json.load(f)
        except OSError as e:
            raise ModuleError(f"{mpath}: cannot read: {e.strerror}") from None
        except ValueError as e:
            raise ModuleError(f"{mpath}: not JSON: {e}") from None
        m = self.m
        if m.get("format") != "sluice-module" or m.get("version") != 1:
            raise ModuleError(f"{mpath}: not a sluice-module version 1 manifest")
        if m.get("state") != "executable":
            raise ModuleError(f"{mpath}: state is '{m.get('state')}', not executable")
        self.core = m.get("core", "sluice_core")
        self.top = m.get("top", "sluice_top")
        if self.core != "sluice_core":
            raise ModuleError(f"{mpath}: core is '{self.core}', the harness drives sluice_core")
        if not isinstance(self.top, str) or not self.top:
            raise ModuleError(f"{mpath}: top is {self.top!r}, not a module name")
        self.tops = [self.core] + ([self.top] if self.top != self.core else [])
        try:
            img = m["images"]["verilog"]
            vdir = os.path.join(path, img.get("dir", "rtl"))
            self.vfiles = [os.path.join(vdir, f) for f in img["files"]]
            self.kernels = m["kernels"]
            self.pipes = m["pipes"]
        except (KeyError, TypeError) as e:
            raise ModuleError(f"{mpath}: missing or malformed field {e}") from None
        for f in self.vfiles:
            if not os.path.exists(f):
                raise ModuleError(f"{mpath}: lists {f}, which does not exist")

    def shape(self):
        ins, outs, ks = [], [], []
        for p in self.pipes:
            kind, d = p.get("kind"), p.get("dir")
            if kind not in ("io", "host"):
                continue
            if d in ("in", "h2d"):
                ins.append(tbgen.Port(p["name"], int(p["width"]), True))
            elif d in ("out", "d2h"):
                outs.append(tbgen.Port(p["name"], int(p["width"]), False))
        dports = {}  # kernel -> its ports of the device memory, in u_devmem's order
        for i, dp in enumerate((self.m.get("device_memory") or {}).get("ports", [])):
            dports.setdefault(dp.get("kernel"), []).append(i)
        for k in self.kernels:
            if k.get("kind") == "started":
                ks.append(tbgen.KernelPorts(
                    k["name"], [(q["name"], int(q["width"])) for q in k.get("params", [])],
                    dports.get(k["name"], ())))
        for p in ins + outs:
            if p.width < 1:
                raise ModuleError(f"pipe {p.name}: width {p.width}")
        for k in ks:
            for n, w in k.params:
                if not 1 <= w <= 64:
                    raise ModuleError(f"kernel {k.name} parameter {n}: width {w} (1..64 supported)")
        specs = [(s["name"], int(s["width"]), int(s["value"]))
                 for s in self.m.get("spec_constants", []) if s.get("binding") == "register"]
        for n, w, _ in specs:
            if not 1 <= w <= 64:
                raise ModuleError(f"spec constant {n}: width {w} (1..64 supported)")
        return tbgen.Shape(ins, outs, ks, specs)

    def check_against(self, cpu_pipes, src_kernels):
        """Differences between the manifest and the CPU view, as messages."""
        errs = []
        mp = {p["name"]: p for p in self.pipes}
        for name, cp in cpu_pipes.items():
            p = mp.get(name)
            if p is None:
                # a pipe no kernel uses may be dropped by the compiler
                continue
            if int(p.get("width", -1)) != cp.width:
                errs.append(f"pipe {name}: manifest width {p.get('width')}, C type is {cp.width} bits")
            if p.get("dir") != cp.dir or p.get("kind") != cp.kind:
                errs.append(f"pipe {name}: manifest says {p.get('kind')}/{p.get('dir')}, "
                            f"the source {cp.kind}/{cp.dir}")
            if cp.min_capacity > 0 and int(p.get("depth", cp.min_capacity)) < cp.min_capacity:
                errs.append(f"pipe {name}: depth {p.get('depth')} < MinCapacity {cp.min_capacity}")
        for name in mp:
            # the compiler's own: device memory's, and those between the
            # parts of a kernel it cut (hls/pass/fission.c)
            if name not in cpu_pipes and not mp[name].get("devmem") and not mp[name].get("split"):
                errs.append(f"pipe {name}: in the manifest but not in the kernel object")
        mk = {k["name"]: k for k in self.kernels}
        for name, sk in src_kernels.items():
            k = mk.get(name)
            if k is None:
                errs.append(f"kernel {name}: in the source but not in the manifest")
                continue
            if k.get("kind") != sk.kind:
                errs.append(f"kernel {name}: manifest kind {k.get('kind')}, source {sk.kind}")
            params = k.get("params", [])
            if len(params) != len(sk.params):
                errs.append(f"kernel {name}: manifest has {len(params)} parameters, source {len(sk.params)}")
        for name in mk:
            if name not in src_kernels and not mk[name].get("split_from"):
                errs.append(f"kernel {name}: in the manifest but not in the source")
        return errs
