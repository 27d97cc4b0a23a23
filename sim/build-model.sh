#!/bin/sh
# sim/build-model.sh -- builds a sluice simulator model: the design's top
# level verilated as class Vsluice_top, with sim/sim_shim.cpp, into one
# shared library that implements sim/sim_abi.h (the "sim" image of a
# module, loaded by libsluice's sim transport).
#
#   sim/build-model.sh [-t fst|vcd|none] [-j N] [-w W | -u DIV [-r LEVEL]] OUT.so TOP WORKDIR FILE.v...
#
#   -w W      the host link moves beats of W bytes a cycle (1, the byte
#             link, by default; else a power of two from 4 to 128, plain
#             framing): TOP is built with LINK_W=W and the shim with
#             SIM_LINK_W=W (sim_link_beat)
#   -u DIV    the top is a board's top level (sluice_board) whose host link
#             is a UART of DIV clocks a bit: the virtual board of `sluice
#             vboard` (sim_shim.cpp, SLUICE_VBOARD_DIV); its device memory
#             is unchecked, as on the board
#   -r LEVEL  the board's reset button rst_btn, held at LEVEL (released)
#
#   OUT.so    the library to write
#   TOP       the top module (sluice_top for generated designs)
#   WORKDIR   scratch directory for Verilator's output (created; reused)
#   FILE.v    every Verilog file of the design
#
# The model is built with SLUICE_DEVMEM_CHECK defined: a design's device
# memory (rtl/sluice_devmem.v) then checks every kernel access against the
# buffers the host allocated, which boards do not.
#
# Tracing defaults to FST (SLUICE_TRACE=run.fst); a model writes one
# format.  With SLUICE_SIM_CACHE=DIR, Verilator's own runtime objects
# (three quarters of the build time, the same for every model) are
# compiled once into DIR and reused.  Exits non-zero with Verilator's or
# the compiler's messages on failure.
set -eu

trace=fst
jobs=${SLUICE_BUILD_JOBS:-2}
div=
rst=
beat=1
usage="usage: $0 [-t fst|vcd|none] [-j N] [-w W | -u DIV [-r LEVEL]] OUT.so TOP WORKDIR FILE.v..."
while getopts t:j:w:u:r: opt; do
    case $opt in
    t) trace=$OPTARG ;;
    j) jobs=$OPTARG ;;
    w) beat=$OPTARG ;;
    u) div=$OPTARG ;;
    r) rst=$OPTARG ;;
    *) echo "$usage" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -lt 4 ]; then
    echo "$usage" >&2
    exit 2
fi
case $beat in
1 | 4 | 8 | 16 | 32 | 64 | 128) ;;
*) echo "$0: -w must be 1 or a power of two from 4 to 128" >&2; exit 2 ;;
esac
check=+define+SLUICE_DEVMEM_CHECK
board="-DSIM_LINK_W=$beat"
link=
[ "$beat" = 1 ] || link="-GLINK_W=$beat"
if [ -n "$div" ]; then
    if [ "$beat" != 1 ]; then
        echo "$0: -w and -u exclude each other (a board's link is its UART)" >&2
        exit 2
    fi
    check=
    board="$board -DSLUICE_VBOARD_DIV=$div"
    [ -z "$rst" ] || board="$board -DSLUICE_VBOARD_RST_IDLE=$rst"
fi
out=$1 top=$2 work=$3
shift 3

here=$(cd "$(dirname "$0")" && pwd)
case $trace in
fst) tflag=--trace-fst ;;
vcd) tflag=--trace ;;
none) tflag= ;;
*) echo "$0: -t must be fst, vcd or none" >&2; exit 2 ;;
esac

# -fno-semantic-interposition: the model's functions call each other
# directly, not through the library's symbol table (Verilator puts the
# design's C++ into one file, Vsluice_top__ALL.cpp): an
# idle cycle of a design with a 16-byte link takes 5 % fewer instructions
# (callgrind)
cflags="-fPIC -fno-semantic-interposition"
mkdir -p "$work"
# shellcheck disable=SC2086
verilator --cc $tflag -O3 -Wno-fatal -Wno-lint -Wno-style --x-assign fast --x-initial fast \
    $check $link \
    --top-module "$top" --prefix Vsluice_top -Mdir "$work" \
    -CFLAGS "$cflags -I$here $board" "$here/sim_shim.cpp" "$@"
# make rebuilds the shim when its sources change, not its flags: a reused
# WORKDIR built with another -w or -u must not keep its sim_shim.o
if [ "$(cat "$work/shim.flags" 2>/dev/null)" != "$board" ]; then
    rm -f "$work/sim_shim.o"
    printf '%s\n' "$board" >"$work/shim.flags"
fi

rtobjs="verilated.o verilated_threads.o"
[ "$trace" = fst ] && rtobjs="$rtobjs verilated_fst_c.o"
[ "$trace" = vcd ] && rtobjs="$rtobjs verilated_vcd_c.o"

cache=
if [ -n "${SLUICE_SIM_CACHE:-}" ]; then
    key="$(verilator --version | awk '{print $2}')-$trace-$(basename "${CXX:-g++}")-nsi"
    cache="$SLUICE_SIM_CACHE/$key"
    for o in $rtobjs; do
        [ -f "$cache/$o" ] || cache_miss=1
    done
fi

make_objs="Vsluice_top__ALL.a sim_shim.o"
if [ -z "$cache" ] || [ -n "${cache_miss:-}" ]; then
    make_objs="$make_objs $rtobjs"
fi
# shellcheck disable=SC2086
make -s -C "$work" -f Vsluice_top.mk -j "$jobs" OPT_FAST=-O2 OPT_GLOBAL=-O2 $make_objs

objs="$work/sim_shim.o"
for o in $rtobjs; do
    if [ -n "$cache" ] && [ -z "${cache_miss:-}" ]; then
        objs="$objs $cache/$o"
    else
        objs="$objs $work/$o"
        if [ -n "$cache" ]; then
            mkdir -p "$cache" && cp "$work/$o" "$cache/$o.$$" && mv "$cache/$o.$$" "$cache/$o"
        fi
    fi
done
mkdir -p "$(dirname "$out")"
# shellcheck disable=SC2086
${CXX:-g++} -shared -o "$out.tmp" $objs "$work/Vsluice_top__ALL.a" -lz -pthread -latomic
mv "$out.tmp" "$out"
