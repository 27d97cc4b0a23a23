#!/bin/sh
# ice40_stat.sh MODULE.sluice [TOP] -- LUTs, FFs, carries and RAMs of a
# module's Verilog after Yosys synth_ice40 (no place and route), as one line:
#   luts=123 ffs=45 carry=12 bram=0 dsp=0
# TOP is the module synthesised: sluice_core by default (the kernels and
# their FIFOs), sluice_top for the whole design with the host bridge.
set -eu
mod=$1
top=${2:-sluice_core}
files=$(python3 -c 'import json,sys; m=json.load(open(sys.argv[1]+"/manifest.json")); print(" ".join(sys.argv[1]+"/rtl/"+f for f in m["images"]["verilog"]["files"]))' "$mod")
log=$(mktemp)
trap 'rm -f "$log"' EXIT
yosys -q -p "read_verilog $files; synth_ice40 -top $top; tee -o $log stat" >/dev/null
awk '
/SB_LUT4/ {luts += $2}
/SB_DFF/ {ffs += $2}
/SB_CARRY/ {carry += $2}
/SB_RAM40_4K/ {bram += $2}
/SB_MAC16/ {dsp += $2}
END {printf "luts=%d ffs=%d carry=%d bram=%d dsp=%d\n", luts, ffs, carry, bram, dsp}' "$log"
