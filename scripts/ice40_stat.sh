#!/bin/sh
# ice40_stat.sh MODULE.sluice [TOP [SYNTH]] -- LUTs, FFs, carries, RAMs and
# DSPs of a module's Verilog after Yosys synthesis (no place and route), as
# one line:
#   luts=123 ffs=45 carry=12 bram=0 dsp=0
# TOP is the module synthesised: sluice_core by default (the kernels and
# their FIFOs), sluice_top for the whole design with the host bridge.
# SYNTH is the synthesis command: "synth_ice40 -dsp" by default (the UP5K's
# SB_MAC16 take the multiplies), "synth_ice40" for parts without DSPs.
set -eu
mod=$1
top=${2:-sluice_core}
synth=${3:-synth_ice40 -dsp}
files=$(python3 -c 'import json,sys; m=json.load(open(sys.argv[1]+"/manifest.json")); print(" ".join(sys.argv[1]+"/rtl/"+f for f in m["images"]["verilog"]["files"]))' "$mod")
log=$(mktemp)
trap 'rm -f "$log"' EXIT
yosys -q -p "read_verilog $files; $synth -top $top; tee -o $log stat" >/dev/null
awk '
/SB_LUT4/ {luts += $2}
/SB_DFF/ {ffs += $2}
/SB_CARRY/ {carry += $2}
/SB_RAM40_4K/ {bram += $2}
/SB_MAC16/ {dsp += $2}
END {printf "luts=%d ffs=%d carry=%d bram=%d dsp=%d\n", luts, ffs, carry, bram, dsp}' "$log"
