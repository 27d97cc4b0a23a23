#!/usr/bin/env bash
#
# Tests of the host bridge RTL (rtl/sluice_host_bridge.v and its
# submodules sluice_link_rx, sluice_link_tx, sluice_link_ring,
# sluice_link_dispatch, sluice_link_txbuf, sluice_link_sender, sluice_csr,
# sluice_crc; for plain framing on beats, sluice_plain_rx and
# sluice_plain_tx, which tests/runtime/run.sh runs against the host side):
#
#   - tests/rtl/sluice_host_bridge_tb.v under Icarus (iverilog -g2005) and
#     Verilator (--binary --timing), with the host taking device bytes in
#     every cycle and at random in 50 %, 30 % or 10 % of cycles;
#   - verilator --lint-only -Wall is clean for the bridge in several
#     configurations (no pipes, 1+1, 3+2 of mixed widths, 8-bit words,
#     64 pipes) and for each submodule on its own;
#   - yosys synth_ice40 for 1 H2D + 1 D2H pipe and for 2 + 2 pipes: both
#     buffers in block RAM (2 SB_RAM40_4K), LUT and FF counts printed;
#   - the FT245 synchronous FIFO PHY (rtl/sluice_ft245_phy.v, with
#     sluice_async_fifo; tests/runtime/run.sh runs it against the host
#     side): lint at 8, 16 and 64 bytes a beat, and synth_ice40 at 8 with
#     its two FIFOs in block RAM;
#   - the PCIe stream adapter (rtl/sluice_pcie_stream.v): lint, and
#     tests/rtl/sluice_pcie_stream_tb.v under Icarus with three settings of
#     beat width, IDLE, MAX_BEATS and the DMA engine's readiness.
#
# Usage: tests/rtl/run_bridge.sh [BUILD_DIR]     (default build/rtl-bridge)
#
# Prints one line per test and closes with "N passed, N failed"; exits 1
# if any failed.  The end-to-end test of the bridge with the real host
# side is tests/runtime/run.sh.

set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
rtl=$root/rtl

build=${1:-$root/build/rtl-bridge}
mkdir -p "$build" || exit 1
build=$(cd "$build" && pwd)
log=$build/log
rm -rf "$log"
mkdir -p "$log" || exit 1
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}

for tool in iverilog vvp verilator yosys; do
    if ! command -v "$tool" >/dev/null; then
        echo "run_bridge.sh: $tool not found" >&2
        exit 1
    fi
done

mods="sluice_host_bridge sluice_crc sluice_link_rx sluice_link_tx sluice_link_ring
      sluice_link_dispatch sluice_csr sluice_link_txbuf sluice_link_sender
      sluice_plain_rx sluice_plain_tx"
srcs=""
for m in $mods; do
    srcs="$srcs $rtl/$m.v"
done
tb_srcs="$srcs $rtl/sluice_fifo.v $here/sluice_host_bridge_tb.v"

# ---- test kinds ----------------------------------------------------------

icarus() {
    local pct=$1
    iverilog -g2005 -Wall -o "$build/$name/sim.vvp" -s sluice_host_bridge_tb \
        -Psluice_host_bridge_tb.READY_PCT="$pct" $tb_srcs &&
        vvp -n "$build/$name/sim.vvp"
}

# pcie_stream_tb PARAM=VALUE...: the adapter's bench under Icarus
pcie_stream_tb() {
    local defs=""
    for p in "$@"; do defs="$defs -Psluice_pcie_stream_tb.$p"; done
    iverilog -g2005 -Wall -o "$build/$name/sim.vvp" -s sluice_pcie_stream_tb $defs \
        "$here/sluice_pcie_stream_tb.v" "$rtl/sluice_pcie_stream.v" &&
        vvp -n "$build/$name/sim.vvp"
}

verilator_sim() {
    local pct=$1 dir=$build/$name/obj
    rm -rf "$dir"
    verilator --binary --timing -Wno-fatal -Wno-lint -Wno-style -j 2 --Mdir "$dir" \
        --top-module sluice_host_bridge_tb -GREADY_PCT="$pct" $tb_srcs \
        -CFLAGS -O0 >/dev/null &&
        "$dir/Vsluice_host_bridge_tb"
}

lint_bridge() {
    verilator --lint-only -Wall "$@" --top-module sluice_host_bridge $srcs
}

lint_one() {
    local m=$1
    shift
    local deps="$rtl/$m.v"
    case $m in
    sluice_link_rx | sluice_link_tx) deps="$deps $rtl/sluice_crc.v" ;;
    esac
    verilator --lint-only -Wall "$@" --top-module "$m" $deps
}

phy_srcs="$rtl/sluice_ft245_phy.v $rtl/sluice_async_fifo.v"

lint_phy() {
    verilator --lint-only -Wall "$@" --top-module sluice_ft245_phy $phy_srcs
}

# synth_top TOP SOURCES PARAM=VALUE...: synth_ice40 of TOP, its cell counts
# in stat.txt
synth_top() {
    local top=$1 files=$2 chparam=""
    shift 2
    for p in "$@"; do chparam="$chparam -set ${p%%=*} ${p#*=}"; done
    yosys -q -l "$build/$name/yosys.log" -p "read_verilog -defer $files;
        chparam$chparam $top; synth_ice40 -top $top;
        tee -o $build/$name/stat.txt stat" >/dev/null || return 1
    cat "$build/$name/stat.txt"
}

synth() {
    synth_top sluice_host_bridge "$srcs" "$@" || return 1
    # the byte link: its receive ring and send buffer in block RAM; the
    # plain link keeps nothing, so none
    case " $* " in
    *" LINK_W="*) [ "$(cells SB_RAM40_4K)" -eq 0 ] ;;
    *) [ "$(cells SB_RAM40_4K)" -eq 2 ] ;;
    esac
}

# the PHY's two FIFOs of 8 beats of 64 bits: 4 block RAMs each (256 x 16)
synth_phy() {
    synth_top sluice_ft245_phy "$phy_srcs" LINK_W=8 FIFO_AW=3 || return 1
    [ "$(cells SB_RAM40_4K)" -eq 8 ]
}

cells() {
    awk -v c="$1" '$1 == c { n += $2 } END { print n + 0 }' "$build/$name/stat.txt"
}

ffs() {
    awk '$1 ~ /^SB_DFF/ { n += $2 } END { print n + 0 }' "$build/$name/stat.txt"
}

# ---- the tests -----------------------------------------------------------

tests=()
for pct in 100 50 10; do
    tests+=("bridge_tb_ready${pct}_icarus|icarus $pct")
done
for pct in 100 30; do
    tests+=("bridge_tb_ready${pct}_verilator|verilator_sim $pct")
done

tests+=("lint_bridge_default|lint_bridge")
tests+=("lint_bridge_no_pipes_no_kernels|lint_bridge -GN_H2D=0 -GN_D2H=0 -GN_KERNELS=0 -GARG_WORDS=0")
tests+=("lint_bridge_3h2d_2d2h_mixed|lint_bridge -GN_H2D=3 -GH2D_WIDTHS=48\'h0040_0008_0020 -GH2D_DEPTHS=96\'h40_00000010_00000200 -GH2D_MAXW=64 -GN_D2H=2 -GD2H_WIDTHS=32\'h0018_0040 -GD2H_DEPTHS=64\'h4_00000020 -GD2H_MAXW=64 -GSPEC_WORDS=2 -GN_KERNELS=2 -GARG_WORDS=3 -GTX_SLOT_AW=8 -GTX_SLOTS_AW=1 -GRX_AW=12")
tests+=("lint_bridge_bytes|lint_bridge -GH2D_WIDTHS=8 -GH2D_MAXW=8 -GD2H_WIDTHS=8 -GD2H_MAXW=8 -GTX_SLOT_AW=7 -GSPEC_WORDS=1 -GSPEC_INIT=5")
tests+=("lint_bridge_64_pipes|lint_bridge -GN_H2D=64 -GH2D_WIDTHS=1024\'h0 -GH2D_DEPTHS=2048\'h0 -GN_D2H=64 -GD2H_WIDTHS=1024\'h0 -GD2H_DEPTHS=2048\'h0")
for w in 8 16 64; do
    tests+=("lint_bridge_plain${w}_mixed|lint_bridge -GLINK_W=$w -GN_H2D=3 -GH2D_WIDTHS=48\'h0040_0018_0020 -GH2D_DEPTHS=96\'h40_00000010_00000200 -GH2D_MAXW=64 -GN_D2H=2 -GD2H_WIDTHS=32\'h0018_0400 -GD2H_DEPTHS=64\'h4_00000020 -GD2H_MAXW=1024 -GSPEC_WORDS=2 -GN_KERNELS=2 -GARG_WORDS=3")
done
tests+=("lint_bridge_plain8_no_pipes|lint_bridge -GLINK_W=8 -GN_H2D=0 -GN_D2H=0 -GN_KERNELS=0 -GARG_WORDS=0")
tests+=("lint_bridge_plain16_64_pipes|lint_bridge -GLINK_W=16 -GN_H2D=64 -GH2D_WIDTHS=1024\'h0 -GH2D_DEPTHS=2048\'h0 -GN_D2H=64 -GD2H_WIDTHS=1024\'h0 -GD2H_DEPTHS=2048\'h0")
for m in $mods; do
    [ "$m" = sluice_host_bridge ] && continue
    tests+=("lint_$m|lint_one $m")
done

for w in 8 16 64; do
    tests+=("lint_ft245_phy_beat$w|lint_phy -GLINK_W=$w")
done
tests+=("lint_async_fifo|verilator --lint-only -Wall --top-module sluice_async_fifo $rtl/sluice_async_fifo.v")
tests+=("synth_ice40_ft245_phy_beat8|synth_phy")
tests+=("lint_pcie_stream|verilator --lint-only -Wall --top-module sluice_pcie_stream $rtl/sluice_pcie_stream.v")
tests+=("pcie_stream_tb_w8_ready70|pcie_stream_tb LINK_W=8 IDLE=5 MAX_BEATS=9 READY_PCT=70")
tests+=("pcie_stream_tb_w16_ready30|pcie_stream_tb LINK_W=16 IDLE=5 MAX_BEATS=4096 READY_PCT=30")
tests+=("pcie_stream_tb_w32_ready100|pcie_stream_tb LINK_W=32 IDLE=1 MAX_BEATS=64 READY_PCT=100")
tests+=("synth_ice40_1h2d_1d2h|synth N_H2D=1 N_D2H=1 H2D_DEPTHS=64 N_KERNELS=1 ARG_WORDS=1")
tests+=("synth_ice40_plain8_1h2d_1d2h|synth LINK_W=8 N_H2D=1 N_D2H=1 H2D_DEPTHS=64 N_KERNELS=1 ARG_WORDS=1")
tests+=("synth_ice40_2h2d_2d2h|synth N_H2D=2 H2D_WIDTHS=32\'h00200020 H2D_DEPTHS=64\'h0000004000000040 N_D2H=2 D2H_WIDTHS=32\'h00200020 D2H_DEPTHS=64\'h0000001000000010 N_KERNELS=2 ARG_WORDS=3 SPEC_WORDS=1")

# ---- run them, JOBS at a time --------------------------------------------

. "$here/jobs.sh"

details() {
    case $1 in
    synth_*) ice40_counts ;;
    bridge_tb_* | pcie_stream_tb_*) bench_counts "$1" ;;
    esac
}

run_tests
