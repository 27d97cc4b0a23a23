#!/bin/sh
# demo.sh -- `make demo`: the whole host flow on this machine, with no FPGA.
#
# Compiles the two-kernel example examples/pipeline/pipeline.c (a moving
# average feeding a threshold detector) into a module whose device image is
# a Verilator model of the generated Verilog, compiles the host program
# examples/pipeline/host.c against libsluice and the module's generated
# typed header, and runs it: 20000 samples go through the simulated design
# over the host link, from two host threads, and every word that comes back
# is checked against a C model.  Prints each command before it runs it, the
# schedule in one line per kernel, what the host program checked and how
# fast it went, and where the module's report is.  Work files: build/demo/.
# Exits non-zero if any step fails.
set -eu
cd "$(dirname "$0")/.."
out=build/demo
mod=$out/pipeline.sluice
host=$out/pipeline-host
samples=${DEMO_SAMPLES:-20000}
export PKG_CONFIG_PATH=build${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
mkdir -p "$out"

step() {
	echo
	echo "== $*"
}

step "1. compile the kernels into a module (C -> Verilog -> simulator model)"
echo "\$ sluice build examples/pipeline/pipeline.c -o $mod"
rm -rf "$mod"
build/bin/sluice build examples/pipeline/pipeline.c -o "$mod"
echo "   $mod/manifest.json      what the module holds: kernels, pipes, images"
echo "   $mod/rtl/               the Verilog: $(ls "$mod/rtl" | wc -l) files, top module sluice_top"
echo "   $mod/sim/               the simulator image (Verilator model of sluice_top)"
echo "   $mod/pipeline.h         typed accessors for the host program"
echo "   schedule:$(build/bin/sluice report "$mod" | sed -n 's/^kernel \([^:]*\): \(.*\)/ \1 \2;/p' | tr -d '\n' | sed 's/;$//')"

step "2. compile the host program against libsluice"
echo "\$ cc examples/pipeline/host.c -I $mod \$(pkg-config --cflags --libs sluice) -pthread -o $host"
# shellcheck disable=SC2046
${CC:-cc} -std=gnu11 -O2 -Wall -Wextra -Werror examples/pipeline/host.c -I "$mod" \
	$(pkg-config --cflags --libs sluice) -pthread -o "$host"

step "3. run it on the simulated device"
echo "\$ $host $mod $samples"
"$host" "$mod" "$samples"

step "done"
echo "The host program streamed $samples samples through smooth -> detect on a"
echo "cycle-accurate simulation of the generated hardware (kernels, FIFOs and the"
echo "host-link bridge), checked every word, and timed it (see the lines above)."
echo "  schedule and resources:  build/bin/sluice report $mod   ($mod/report.txt)"
echo "  a waveform of the run:   SLUICE_TRACE=run.fst $host $mod 200"
echo "  more examples:           examples/README.md"
