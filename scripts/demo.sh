#!/bin/sh
# demo.sh -- what sluice does today, end to end, on this machine:
# compiles the FIR example to Verilog, shows its schedule summary, and runs
# it cycle-accurately under Verilator and Icarus against the same C code run
# on the CPU.  (The host-program demo over host pipes comes with libsluice's
# simulator device.)
set -eu
cd "$(dirname "$0")/.."
out=build/demo
mkdir -p "$out"
echo "== sluice build examples/fir/fir.c -o $out/fir.sluice --emit-verilog $out/fir-rtl"
build/bin/sluice build examples/fir/fir.c -o "$out/fir.sluice" --emit-verilog "$out/fir-rtl"
echo
echo "== generated Verilog"
ls -l "$out/fir-rtl"
echo
echo "== sluice report (first lines)"
build/bin/sluice report "$out/fir.sluice" | head -12
echo
echo "== simulating 200 samples with random valid gaps and back-pressure, compared with the CPU"
python3 tests/harness/harness.py examples/fir/fir.c
