#!/bin/sh
# ice40_stat.sh MODULE.sluice -- LUTs, FFs, carries and RAMs of a module's
# Verilog after Yosys synth_ice40 (no place and route), as one line:
#   luts=123 ffs=45 carry=12 bram=0 dsp=0
set -eu
mod=$1
files=$(python3 -c 'import json,sys; m=json.load(open(sys.argv[1]+"/manifest.json")); print(" ".join(sys.argv[1]+"/rtl/"+f for f in m["images"]["verilog"]["files"]))' "$mod")
log=$(mktemp)
trap 'rm -f "$log"' EXIT
yosys -q -p "read_verilog $files; synth_ice40 -top sluice_top; tee -o $log stat" >/dev/null
awk '
/SB_LUT4/ {luts += $2}
/SB_DFF/ {ffs += $2}
/SB_CARRY/ {carry += $2}
/SB_RAM40_4K/ {bram += $2}
/SB_MAC16/ {dsp += $2}
END {printf "luts=%d ffs=%d carry=%d bram=%d dsp=%d\n", luts, ffs, carry, bram, dsp}' "$log"
