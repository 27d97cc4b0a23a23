#!/usr/bin/env bash
#
# Tests of the hand-written RTL library (rtl/):
#
#   - each testbench under tests/rtl/ in several parameter sets, under
#     Icarus (iverilog -g2005) and under Verilator (--main --timing; the
#     testbenches drive their own clock, so no C++ of ours is needed);
#   - verilator --lint-only -Wall is clean for each module, for a few
#     parameter sets each;
#   - yosys synth_ice40 maps a 512x32 FIFO to SB_RAM40_4K, a 16x32 one to
#     flip-flops (to SB_RAM40_4K with RAM_MIN_DEPTH 16), and synthesizes a 32-bit signed divider; with -dsp, a
#     32-bit sluice_mul to three SB_MAC16 and a 16-bit one to one; the
#     device memory (sluice_devmem) of 4096 bytes keeps its RAM in
#     SB_RAM40_4K (8 of them, besides the host FIFO's);
#   - yosys finds no combinational path from one side of a FIFO to the
#     other, nor from the divider's or the multiplier's inputs to its
#     outputs, nor from a pipelined floating-point unit's, nor from the
#     device memory's requests to its answers or to its request readies,
#     or from its answer readies to anything;
#   - the floating-point units (sluice_fadd, sluice_fmul, sluice_fdiv,
#     sluice_fcmp, sluice_fcvt_*) in float and double, under both
#     simulators, against vectors with this machine's CPU results
#     (tests/rtl/fp_vectors.c, compiled with cc, writes them);
#   - the board-level pieces (sluice_uart_rx, sluice_uart_tx,
#     sluice_reset_gen, sluice_led_pulse): tests/rtl/sluice_uart_tb.v under
#     both simulators at DIV 2 to 104, lint, synth_ice40 with no latch and
#     the receiver within a size budget, no combinational path through the
#     UART or the LED stretcher, and the reset generator synthesized for
#     iCE40 and for ECP5 and simulated from configuration with Yosys's cell
#     models (the initial values of its flip-flops must survive synthesis).
#
# Usage: tests/rtl/run.sh [BUILD_DIR]     (default build/rtl-tests)
#
# Everything is written under BUILD_DIR, one log per test in BUILD_DIR/log.
# JOBS (default: the number of CPUs) tests run at once; ONLY, an extended
# regular expression, runs just the tests whose names match it.  Prints one
# line per test and closes with "N passed, N failed"; exits 1 if any failed.

set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
rtl=$root/rtl

build=${1:-build/rtl-tests}
mkdir -p "$build" || exit 1
build=$(cd "$build" && pwd)
log=$build/log
rm -rf "$log"
mkdir -p "$log" || exit 1

jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}

for tool in iverilog vvp verilator yosys make; do
    if ! command -v "$tool" >/dev/null; then
        echo "run.sh: $tool not found" >&2
        exit 1
    fi
done

#
# Test kinds.  Each runs in its own directory, $build/$name, prints to its
# log and returns non-zero on failure.
#

# icarus TOP SOURCES... -- PARAM=VALUE...
icarus() {
    local top=$1 srcs=() params=()
    shift
    while [ $# -gt 0 ] && [ "$1" != -- ]; do srcs+=("$1"); shift; done
    shift
    for p in "$@"; do params+=("-P$top.$p"); done
    iverilog -g2005 -Wall -o "$build/$name/sim.vvp" -s "$top" "${params[@]}" "${srcs[@]}" &&
        vvp -n "$build/$name/sim.vvp"
}

# The Verilator runtime (verilated.o and friends) is the same for every
# model; it is compiled once, by prepare_verilator, and copied into each
# model's directory after verilator has written its makefile, so make finds
# it up to date.  Models are compiled with -O0: they run for a second or
# two, and compiling them is most of the time these tests take.
vlrt=$build/verilator-runtime

prepare_verilator() {
    rm -rf "$vlrt"
    verilator --cc --exe --main --timing --Mdir "$vlrt" \
        --top-module sluice_fifo_tb "$rtl/sluice_fifo.v" "$here/sluice_fifo_tb.v" &&
        make -s -C "$vlrt" -f Vsluice_fifo_tb.mk \
            verilated.o verilated_threads.o verilated_timing.o
}

# verilator_sim TOP SOURCES... -- PARAM=VALUE...
verilator_sim() {
    local top=$1 srcs=() params=() dir=$build/$name/obj
    shift
    while [ $# -gt 0 ] && [ "$1" != -- ]; do srcs+=("$1"); shift; done
    shift
    for p in "$@"; do params+=("-G$p"); done
    rm -rf "$dir"
    verilator --cc --exe --main --timing --Mdir "$dir" --top-module "$top" \
        "${params[@]}" "${srcs[@]}" || return 1
    cp "$vlrt"/verilated*.o "$dir"/ 2>/dev/null
    make -s -C "$dir" -f "V$top.mk" OPT_FAST=-O0 OPT_SLOW=-O0 >/dev/null || return 1
    "$dir/V$top"
}

# The vector writer, compiled once before the tests run.
fpvec=$build/fp_vectors

prepare_fp_vectors() {
    ${CC:-cc} -std=gnu11 -O2 -Wall -Wextra -Werror -o "$fpvec" "$here/fp_vectors.c" -lm
}

# fp SIM VECTORS N MODULE PARAM=VALUE...: N vectors of kind VECTORS
# (fp_vectors' UNIT) into vectors.hex, then sluice_fp_tb on MODULE
fp() {
    local sim=$1 vec=$2 n=$3 module=$4
    shift 4
    "$fpvec" "$vec" "$n" >vectors.hex &&
        $sim sluice_fp_tb "$rtl/$module.v" "$here/sluice_fp_tb.v" -- NV="$n" "$@"
}

# The sources of MODULE: its file and those of the modules it instantiates
sources() {
    case $1 in
    sluice_devmem) echo "$rtl/sluice_devmem.v $rtl/sluice_fifo.v" ;;
    *) echo "$rtl/$1.v" ;;
    esac
}

# lint MODULE -GPARAM=VALUE...
lint() {
    local module=$1
    shift
    verilator --lint-only -Wall "$@" --top-module "$module" $(sources "$module")
}

# synth MODULE PARAM=VALUE...: synth_ice40, then the cell statistics
synth() {
    local module=$1 chparam=""
    shift
    for p in "$@"; do chparam="$chparam -set ${p%%=*} ${p#*=}"; done
    yosys -q -l "$build/$name/yosys.log" -p "read_verilog -defer $(sources "$module");
        chparam$chparam $module; synth_ice40 -top $module;
        tee -o $build/$name/stat.txt stat" >/dev/null || return 1
    cat "$build/$name/stat.txt"
}

# synth_dsp MODULE N PARAM=VALUE...: synth_ice40 -dsp maps it to N SB_MAC16
synth_dsp() {
    local module=$1 want=$2 chparam=""
    shift 2
    for p in "$@"; do chparam="$chparam -set ${p%%=*} ${p#*=}"; done
    yosys -q -l "$build/$name/yosys.log" -p "read_verilog -defer $rtl/$module.v;
        chparam$chparam $module; synth_ice40 -dsp -top $module;
        tee -o $build/$name/stat.txt stat" >/dev/null || return 1
    local got
    got=$(cells SB_MAC16)
    echo "SB_MAC16: $got (want $want)"
    [ "$got" = "$want" ]
}

# no_comb_path MODULE FROM TO PARAM=VALUE...: no path from the ports FROM
# (space-separated) to the ports TO that does not pass through a flip-flop
# (after proc, flip-flops are $dff cells; memory writes have no outputs;
# submodules are flattened into MODULE)
no_comb_path() {
    local module=$1 from=$2 to=$3 chparam="" f="" t=""
    shift 3
    for p in "$@"; do chparam="$chparam -set ${p%%=*} ${p#*=}"; done
    for p in $from; do f="$f w:$p"; [ "$f" != " w:$p" ] && f="$f %u"; done
    for p in $to; do t="$t w:$p"; [ "$t" != " w:$p" ] && t="$t %u"; done
    yosys -q -p "read_verilog -defer $(sources "$module"); chparam$chparam $module;
        hierarchy -top $module; proc; flatten; opt_clean;
        select -assert-any $f %co*:-\$dff $f %d;
        select -assert-none $f %co*:-\$dff $t %i"
}

# synth_clean MODULE PARAM=VALUE...: synth_ice40 infers no latch
synth_clean() {
    synth "$@" || return 1
    if grep "^Latch inferred" "$build/$name/yosys.log"; then
        return 1
    fi
}

# synth_small MODULE MAX_LUT MAX_FF PARAM=VALUE...: synth_clean, and at
# most MAX_LUT SB_LUT4 and MAX_FF flip-flops
synth_small() {
    local module=$1 max_lut=$2 max_ff=$3
    shift 3
    synth_clean "$module" "$@" || return 1
    echo "SB_LUT4: $(cells SB_LUT4) (at most $max_lut), FF: $(ffs) (at most $max_ff)"
    [ "$(cells SB_LUT4)" -le "$max_lut" ] && [ "$(ffs)" -le "$max_ff" ]
}

# Yosys's data directory (its cell models)
yosys_datdir() {
    if command -v yosys-config >/dev/null; then
        yosys-config --datdir
    else
        echo "$(dirname "$(command -v yosys)")/../share/yosys"
    fi
}

# reset_gen_netlist FAMILY PARAM=VALUE...: sluice_reset_gen synthesized by
# synth_FAMILY (ice40, ecp5) with HAS_BUTTON=1 and the bench's CYCLES and
# BUTTON_ACTIVE_LOW, then sluice_uart_tb under Icarus with that netlist and
# Yosys's models of the family's cells (whose flip-flops start at the
# value the netlist gives them, as the FPGA's do at configuration)
reset_gen_netlist() {
    local family=$1 chparam="" p lib
    shift
    for p in "$@"; do
        case $p in
        CYCLES=* | BUTTON_ACTIVE_LOW=*) chparam="$chparam -set ${p%%=*} ${p#*=}" ;;
        esac
    done
    lib=$(yosys_datdir)/$family
    yosys -q -l "$build/$name/yosys.log" -p "read_verilog -defer $rtl/sluice_reset_gen.v;
        chparam$chparam -set HAS_BUTTON 1 sluice_reset_gen; synth_$family -top sluice_reset_gen;
        tee -o $build/$name/stat.txt stat; write_verilog -noattr $build/$name/netlist.v" >/dev/null || return 1
    cat "$build/$name/stat.txt"
    iverilog -g2005 -Wall -DSLUICE_RESET_GEN_NETLIST -DNO_ICE40_DEFAULT_ASSIGNMENTS -I"$lib" \
        -o "$build/$name/sim.vvp" -s sluice_uart_tb $(for p in "$@"; do echo "-Psluice_uart_tb.$p"; done) \
        "$build/$name/netlist.v" "$lib/cells_sim.v" $uart_srcs "$here/sluice_uart_tb.v" 2>"$build/$name/iverilog.log" ||
        { cat "$build/$name/iverilog.log"; return 1; }
    vvp -n "$build/$name/sim.vvp"
}

cells() {
    awk -v c="$1" '$1 == c { n += $2 } END { print n + 0 }' "$build/$name/stat.txt"
}

ffs() {
    awk '$1 ~ /^SB_DFF/ { n += $2 } END { print n + 0 }' "$build/$name/stat.txt"
}

synth_uses_bram() {
    synth "$@" || return 1
    local n
    n=$(cells SB_RAM40_4K)
    echo "SB_RAM40_4K: $n"
    [ "$n" -ge 1 ]
}

synth_no_bram() {
    synth "$@" || return 1
    [ "$(cells SB_RAM40_4K)" -eq 0 ]
}

# synth_brams MODULE MIN PARAM=VALUE...: at least MIN SB_RAM40_4K
synth_brams() {
    local module=$1 want=$2 n
    shift 2
    synth "$module" "$@" || return 1
    n=$(cells SB_RAM40_4K)
    echo "SB_RAM40_4K: $n (want at least $want)"
    [ "$n" -ge "$want" ]
}

#
# The tests
#

tests=()

fifo_configs=(
    "WIDTH=8 DEPTH=1"
    "WIDTH=8 DEPTH=1 READY_THROUGH=1"
    "WIDTH=33 DEPTH=1 READY_THROUGH=1"
    "WIDTH=1 DEPTH=2"
    "WIDTH=32 DEPTH=3"
    "WIDTH=32 DEPTH=16"
    "WIDTH=16 DEPTH=31"
    "WIDTH=300 DEPTH=4"
    "WIDTH=7 DEPTH=5 RAM_MIN_DEPTH=4"
    "WIDTH=16 DEPTH=33"
    "WIDTH=32 DEPTH=512"
    "WIDTH=1030 DEPTH=40"
)

div_configs=()
for w in 1 7 8 16 32 64; do
    for s in 0 1; do
        div_configs+=("WIDTH=$w SIGNED=$s")
    done
done

tag() {
    echo "$1" | sed -e 's/WIDTH=/w/; s/DEPTH=/d/; s/RAM_MIN_DEPTH=/ram/; s/SIGNED=/s/; s/SPLIT=/split/; s/READY_THROUGH=/rt/; s/ /_/g'
}

for c in "${fifo_configs[@]}"; do
    for sim in icarus verilator_sim; do
        tests+=("fifo_$(tag "$c")_${sim%_sim}|$sim sluice_fifo_tb $rtl/sluice_fifo.v $here/sluice_fifo_tb.v -- $c")
    done
done

for c in "${div_configs[@]}"; do
    for sim in icarus verilator_sim; do
        tests+=("div_$(tag "$c")_${sim%_sim}|$sim sluice_div_tb $rtl/sluice_div.v $here/sluice_div_tb.v -- $c")
    done
done

for g in "-GWIDTH=1 -GDEPTH=1" "-GDEPTH=1 -GREADY_THROUGH=1" "-GDEPTH=2" "-GDEPTH=16" "-GWIDTH=300 -GDEPTH=4" \
         "-GWIDTH=7 -GDEPTH=5 -GRAM_MIN_DEPTH=4" "-GDEPTH=512"; do
    tests+=("lint_fifo_$(tag "${g//-G/}")|lint sluice_fifo $g")
done

for c in "WIDTH=1" "WIDTH=8" "WIDTH=16" "WIDTH=17" "WIDTH=32" "WIDTH=24 SPLIT=18" \
         "WIDTH=32 EXT=1" "WIDTH=32 EXT=2" "WIDTH=36 SPLIT=18 EXT=1" "WIDTH=20 EXT=1"; do
    for sim in icarus verilator_sim; do
        tests+=("mul_$(tag "$c")_${sim%_sim}|$sim sluice_mul_tb $rtl/sluice_mul.v $here/sluice_mul_tb.v -- $c")
    done
    tests+=("lint_mul_$(tag "$c")|lint sluice_mul $(echo " $c" | sed 's/ / -G/g')")
done
tests+=("synth_mul_32_three_SB_MAC16|synth_dsp sluice_mul 3 WIDTH=32")
tests+=("synth_mul_32_sext_one_SB_MAC16|synth_dsp sluice_mul 1 WIDTH=32 EXT=1")
tests+=("synth_mul_16_one_SB_MAC16|synth_dsp sluice_mul 1 WIDTH=16")
tests+=("no_comb_path_mul_w32|no_comb_path sluice_mul 'a b ce' 'p' WIDTH=32")

for g in "-GWIDTH=1 -GSIGNED=0" "-GWIDTH=1 -GSIGNED=1" "-GWIDTH=8 -GSIGNED=0" \
         "-GWIDTH=32 -GSIGNED=1" "-GWIDTH=64 -GSIGNED=1"; do
    tests+=("lint_div_$(tag "${g//-G/}")|lint sluice_div $g")
done

tests+=("synth_fifo_512x32_infers_SB_RAM40_4K|synth_uses_bram sluice_fifo WIDTH=32 DEPTH=512")
tests+=("synth_fifo_16x32_uses_flip_flops|synth_no_bram sluice_fifo WIDTH=32 DEPTH=16")
# the generator's choice for 16 to 31 words of 512 bits and more (hls/rtlgen/core.c)
tests+=("synth_fifo_16x32_ram_min_16_infers_SB_RAM40_4K|synth_uses_bram sluice_fifo WIDTH=32 DEPTH=16 RAM_MIN_DEPTH=16")
tests+=("synth_div_32_signed|synth sluice_div WIDTH=32 SIGNED=1")

for c in "DEPTH=1" "DEPTH=2" "DEPTH=16" "DEPTH=512"; do
    tests+=("no_comb_path_fifo_$(tag "$c")_m_to_s|no_comb_path sluice_fifo 'm_axis_tready' 's_axis_tready count' $c")
    tests+=("no_comb_path_fifo_$(tag "$c")_s_to_m|no_comb_path sluice_fifo 's_axis_tdata s_axis_tvalid' 'm_axis_tdata m_axis_tvalid count' $c")
done
tests+=("no_comb_path_fifo_d1_rt1_s_to_m|no_comb_path sluice_fifo 's_axis_tdata s_axis_tvalid' 'm_axis_tdata m_axis_tvalid count' DEPTH=1 READY_THROUGH=1")
tests+=("no_comb_path_div_w8_s1|no_comb_path sluice_div 'a b ce' 'quot rem' WIDTH=8 SIGNED=1")

# the device memory: the testbench in several configurations, lint, the
# RAM in block RAM, no path from requests to answers nor from answer
# readies to anything
devmem_configs=(
    "NPORTS=3 BYTES=1024 TAGW=8 RSP_DEPTH=4 CHECK=0"
    "NPORTS=3 BYTES=1024 TAGW=8 RSP_DEPTH=4 CHECK=1 ALLOCS=8"
    "NPORTS=1 AW=9 BYTES=0 TAGW=1 RSP_DEPTH=2 CHECK=1 ALLOCS=1"
    "NPORTS=2 AW=32 BYTES=4096 TAGW=20 RSP_DEPTH=33 CHECK=0"
    "NPORTS=3 AW=32 BYTES=1000 TAGW=16 RSP_DEPTH=5 CHECK=1 ALLOCS=4"
)

devmem_tag() {
    echo "$1" | sed -e 's/NPORTS=/p/; s/AW=/aw/; s/BYTES=/b/; s/TAGW=/tag/; s/RSP_DEPTH=/rsp/; s/CHECK=/check/; s/ALLOCS=/allocs/; s/ /_/g'
}

for c in "${devmem_configs[@]}"; do
    for sim in icarus verilator_sim; do
        tests+=("devmem_$(devmem_tag "$c")_${sim%_sim}|$sim sluice_devmem_tb $rtl/sluice_devmem.v $rtl/sluice_fifo.v $here/sluice_devmem_tb.v -- $c")
    done
done

for c in "NPORTS=1 TAGW=1" "NPORTS=3 TAGW=16 CHECK=1" "NPORTS=1 AW=6 TAGW=20 CHECK=1 ALLOCS=1" \
         "NPORTS=3 AW=32 BYTES=4096 RSP_DEPTH=2" "NPORTS=2 AW=12 BYTES=24 RSP_DEPTH=33 CHECK=1 ALLOCS=256" \
         "NPORTS=255 AW=28 BYTES=0 TAGW=16"; do
    tests+=("lint_devmem_$(devmem_tag "$c")|lint sluice_devmem $(echo " $c" | sed 's/ / -G/g')")
done

tests+=("synth_devmem_p1_b4096_check0_RAM_in_SB_RAM40_4K|synth_brams sluice_devmem 12 NPORTS=1 BYTES=4096 CHECK=0")
tests+=("synth_devmem_p3_b4096_check0|synth sluice_devmem NPORTS=3 BYTES=4096 CHECK=0")
tests+=("no_comb_path_devmem_req_to_rsp|no_comb_path sluice_devmem 'req_tdata req_tvalid host_cmd_tdata host_cmd_tvalid' 'rsp_tdata rsp_tvalid host_data_tdata host_data_tvalid' NPORTS=2 BYTES=1024 CHECK=1 ALLOCS=4")
tests+=("no_comb_path_devmem_req_to_ready|no_comb_path sluice_devmem 'req_tdata req_tvalid host_cmd_tdata host_cmd_tvalid' 'req_tready host_cmd_tready' NPORTS=3 BYTES=1024 CHECK=1 ALLOCS=4")
tests+=("no_comb_path_devmem_rsp_ready|no_comb_path sluice_devmem 'rsp_tready host_data_tready' 'req_tready host_cmd_tready rsp_tdata rsp_tvalid host_data_tdata host_data_tvalid' NPORTS=2 BYTES=1024")

# floating point: "name|module|vectors|N|testbench parameters"
F32="EW=8 MW=23"
F64="EW=11 MW=52"
fp_configs=(
    "fadd_f32|sluice_fadd|add32|4000|UNIT=0 $F32"
    "fadd_f64|sluice_fadd|add64|4000|UNIT=0 $F64"
    "fmul_f32|sluice_fmul|mul32|4000|UNIT=1 $F32"
    "fmul_f64|sluice_fmul|mul64|4000|UNIT=1 $F64"
    "fdiv_f32|sluice_fdiv|div32|4000|UNIT=2 $F32"
    "fdiv_f64|sluice_fdiv|div64|4000|UNIT=2 $F64"
    "fcmp_f32|sluice_fcmp|cmp32|4000|UNIT=3 $F32"
    "fcmp_f64|sluice_fcmp|cmp64|4000|UNIT=3 $F64"
    "f2f_f32_to_f64|sluice_fcvt_f2f|f2f32|3000|UNIT=6 $F32 EWO=11 MWO=52"
    "f2f_f64_to_f32|sluice_fcvt_f2f|f2f64|3000|UNIT=6 $F64 EWO=8 MWO=23"
)
for f in 32 64; do
    for iw in 32 64; do
        for s in 0 1; do
            [ $f = 32 ] && fmt=$F32 || fmt=$F64
            fp_configs+=("i2f_i${iw}_s${s}_to_f$f|sluice_fcvt_i2f|i2f${f}_${iw}_$s|2000|UNIT=4 $fmt IW=$iw SIGNED=$s")
            fp_configs+=("f2i_f${f}_to_i${iw}_s$s|sluice_fcvt_f2i|f2i${f}_${iw}_$s|2000|UNIT=5 $fmt IW=$iw SIGNED=$s")
        done
    done
done

for c in "${fp_configs[@]}"; do
    IFS='|' read -r n m v nv p <<<"$c"
    for sim in icarus verilator_sim; do
        tests+=("${n}_${sim%_sim}|fp $sim $v $nv $m $p")
    done
done

# lint, and no path from inputs to outputs, of each unit in both formats
for fmt in "f32|$F32" "f64|$F64"; do
    t=${fmt%%|*}
    g="-G${fmt#*|}"
    g=${g// / -G}
    for m in fadd fmul fdiv fcmp; do
        tests+=("lint_${m}_$t|lint sluice_$m $g")
    done
    for m in fadd fmul fdiv; do
        tests+=("no_comb_path_${m}_$t|no_comb_path sluice_$m 'a b ce' 'y' ${fmt#*|}")
    done
    for c in "32 1" "64 0"; do
        set -- $c
        tests+=("lint_fcvt_i2f_i$1_s$2_$t|lint sluice_fcvt_i2f $g -GIW=$1 -GSIGNED=$2")
        tests+=("lint_fcvt_f2i_i$1_s$2_$t|lint sluice_fcvt_f2i $g -GIW=$1 -GSIGNED=$2")
    done
    tests+=("no_comb_path_fcvt_i2f_$t|no_comb_path sluice_fcvt_i2f 'a ce' 'y' ${fmt#*|} IW=64")
    tests+=("no_comb_path_fcvt_f2i_$t|no_comb_path sluice_fcvt_f2i 'a ce' 'y' ${fmt#*|} IW=64")
done
tests+=("lint_fcvt_f2f_f32_to_f64|lint sluice_fcvt_f2f -GEWI=8 -GMWI=23 -GEWO=11 -GMWO=52")
tests+=("lint_fcvt_f2f_f64_to_f32|lint sluice_fcvt_f2f -GEWI=11 -GMWI=52 -GEWO=8 -GMWO=23")
tests+=("no_comb_path_fcvt_f2f_f64_to_f32|no_comb_path sluice_fcvt_f2f 'a ce' 'y' EWI=11 MWI=52 EWO=8 MWO=23")

# the board-level pieces: the UART PHY, the reset generator, the LED pulse
# (the bench's sources but the reset generator, which reset_gen_netlist
# replaces)
uart_srcs="$rtl/sluice_uart_rx.v $rtl/sluice_uart_tx.v $rtl/sluice_led_pulse.v"
uart_configs=(
    "DIV=4 BYTES=400"
    "DIV=5 BYTES=400 CYCLES=1 BUTTON_ACTIVE_LOW=0 HOLD=1"
    "DIV=13 BYTES=300 CYCLES=2 HOLD=33"
    "DIV=104 BYTES=100 CYCLES=200 HOLD=5 SEED=7"
    "DIV=2 BYTES=400 CYCLES=3 BUTTON_ACTIVE_LOW=0 HOLD=2"
    "DIV=3 BYTES=400 SEED=3"
)

uart_tag() {
    echo "$1" | sed -e 's/ *BYTES=[0-9]*//; s/ *SEED=[0-9]*//; s/DIV=/div/; s/CYCLES=/cyc/; s/BUTTON_ACTIVE_LOW=/btnlow/; s/HOLD=/hold/; s/ /_/g'
}

for c in "${uart_configs[@]}"; do
    for sim in icarus verilator_sim; do
        tests+=("uart_$(uart_tag "$c")_${sim%_sim}|$sim sluice_uart_tb $uart_srcs $rtl/sluice_reset_gen.v $here/sluice_uart_tb.v -- $c")
    done
done
for f in ice40 ecp5; do
    tests+=("reset_gen_netlist_${f}_uart_div4|reset_gen_netlist $f DIV=4 BYTES=100")
    tests+=("reset_gen_netlist_${f}_cyc200_btnlow0_uart_div5|reset_gen_netlist $f DIV=5 BYTES=100 CYCLES=200 BUTTON_ACTIVE_LOW=0")
done

for g in "-GDIV=4" "-GDIV=5" "-GDIV=16" "-GDIV=104" "-GDIV=1000"; do
    tests+=("lint_uart_rx_$(uart_tag "${g//-G/}")|lint sluice_uart_rx $g")
done
for g in "-GDIV=2" "-GDIV=3" "-GDIV=4" "-GDIV=104" "-GDIV=1000"; do
    tests+=("lint_uart_tx_$(uart_tag "${g//-G/}")|lint sluice_uart_tx $g")
done
for g in "-GCYCLES=16" "-GCYCLES=1 -GHAS_BUTTON=1" "-GCYCLES=2 -GHAS_BUTTON=1 -GBUTTON_ACTIVE_LOW=0" \
         "-GCYCLES=100000 -GHAS_BUTTON=1"; do
    tests+=("lint_reset_gen_$(echo "${g//-G/}" | sed 's/CYCLES=/cyc/; s/HAS_BUTTON=/btn/; s/BUTTON_ACTIVE_LOW=/low/; s/ /_/g')|lint sluice_reset_gen $g")
done
for g in "-GHOLD=1" "-GHOLD=2" "-GHOLD=7" "-GHOLD=1048576"; do
    tests+=("lint_led_pulse_$(uart_tag "${g//-G/}")|lint sluice_led_pulse $g")
done

tests+=("synth_uart_rx_div4_small|synth_small sluice_uart_rx 30 30 DIV=4")
tests+=("synth_uart_rx_div104|synth_clean sluice_uart_rx DIV=104")
tests+=("synth_uart_tx_div4|synth_clean sluice_uart_tx DIV=4")
tests+=("synth_uart_tx_div104|synth_clean sluice_uart_tx DIV=104")
tests+=("synth_reset_gen_cyc16_btn1|synth_clean sluice_reset_gen CYCLES=16 HAS_BUTTON=1")
tests+=("synth_led_pulse_hold1048576|synth_clean sluice_led_pulse HOLD=1048576")

tests+=("no_comb_path_uart_tx|no_comb_path sluice_uart_tx 's_axis_tdata s_axis_tvalid' 'tx s_axis_tready' DIV=4")
tests+=("no_comb_path_uart_rx|no_comb_path sluice_uart_rx 'rx m_axis_tready' 'm_axis_tdata m_axis_tvalid frame_error overrun' DIV=4")
tests+=("no_comb_path_led_pulse|no_comb_path sluice_led_pulse 'pulse' 'led' HOLD=7")

#
# Run them, JOBS at a time
#

. "$here/jobs.sh"

details() {
    case $1 in
    synth_*) ice40_counts ;;
    reset_gen_netlist_*) bench_counts "$1" ;;
    fifo_* | div_* | devmem_* | fadd_* | fmul_* | fdiv_* | fcmp_* | i2f_* | f2i_* | f2f_* | uart_*) bench_counts "$1" ;;
    esac
}

if ! prepare_verilator >"$log/verilator-runtime.log" 2>&1; then
    echo "run.sh: cannot build the Verilator runtime (log: $log/verilator-runtime.log)" >&2
fi

if ! prepare_fp_vectors >"$log/fp-vectors.log" 2>&1; then
    echo "run.sh: cannot build tests/rtl/fp_vectors.c (log: $log/fp-vectors.log)" >&2
fi

run_tests
