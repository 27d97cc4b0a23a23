#!/usr/bin/env bash
#
# What `sluice report` says of pipelined loops (hls/sched/modulo.c), on the
# kernels of tests/kernels/ whose cycles the harness checks:
#
#   ii1        pipelined_div: the autorun body, a divider long, at II 1;
#   onecycle   pipelined_stream: its read and write complete in one cycle,
#              so one cycle per iteration without pipelining;
#   ii2        pipelined_recurrence: II 2, and the limit names the phi that
#              carries the recurrence and its source lines;
#   fir        examples/fir for iCE40: the sample loop at II 1, its exit
#              test decided an iteration ahead; for the simulator target
#              one cycle per iteration;
#   json/html  `sluice report --json` and `--html` carry the same loop;
#   nopipe     a loop of one cycle per iteration is said to gain nothing;
#   pragma-*   `#pragma clang loop pipeline(disable)` keeps a loop
#              sequential; pipeline_initiation_interval(N) is honoured, or
#              warned about with the pipe that prevents it;
#   verify     every kernel of tests/kernels/ and examples/ builds with the
#              schedule verifier on (a debug build runs sched_verify);
#   trip       the trip count of a loop with constant bounds, and none
#              where the bound is an argument;
#   fence-needed  fence_request without its sluice_fence() hangs;
#   mul-clock  mul_unit's power series for iCE40: at 48 MHz its product
#              goes through rtl/sluice_mul.v (II 3, its latency: the next
#              iteration takes the product from the unit's output, 4
#              cycles an iteration), at 10 MHz it stays combinational (1
#              cycle);
#   mem-*      bench/hist's read-modify-write of block RAM: II 1 at 35 MHz
#              on iCE40 (the read forwards the word written in its cycle);
#              II 1 at 48 MHz too, where block RAM's late word, the
#              increment and the write do not fit one cycle: the write
#              comes a cycle after the word and forwards it late into the
#              next iteration's read (the memory listed so); II 2 at 60
#              MHz with the memory named as the limit (the increment and
#              the write no longer fit one cycle either, and the write
#              comes two cycles after the word); mem_rom's two
#              reads of a ROM on its two ports at II 1; the memories
#              listed with their size and ports.
#   logic-bypass  bench/aes128's rounds at II 1 on iCE40: each state byte
#              goes round through an S-box in block RAM and the XORs after
#              it, and the next round reads it as those XORs compute it
#              (a bypass from logic, shown in the schedule), not from its
#              register a cycle later (II 2).
#   rom-*      tests/kernels/rom_ports.c: a ROM gets a read port for each
#              read of a loop's iteration, in copies of one read port on
#              iCE40 and two on the ECP5 (II 1 there); on the UP5K the
#              copies would take 34 of its 30 block RAMs, and the 1 KiB
#              table keeps 13 ports (II 2, the memory named as the limit);
#              synth_ice40 maps the copies to 30 SB_RAM40_4K, none to logic.
#   memories-json  the same memories in --json (reports.memories: reads,
#              read ports, copies) and in --html;
#   loop-merge tests/kernels/pipelined_loop_merge.c: a loop with a counted
#              loop inside made one loop, said so ("with the loop at line
#              N inside it") in the text and in --json (inner_loop); where
#              the loops stay apart, the report says why (apart).
#   cut-*      tests/kernels/fission.c: a kernel that reads a block and
#              then writes from it is cut in two that run at once, said in
#              the text ("kernels cut from others") and in --json
#              (reports.cuts, with the bits handed over); kernels whose
#              parts share a pipe or carry a value back stay whole;
#              bench/oddeven, which hands its 16 words over at each
#              cut, is cut twice for the ECP5 and once for Gowin, whose
#              budget of the bits a kernel's cuts may hand over takes
#              only one (fission.c, cut_bits); aes128's first part
#              hands over the words it reads, not those words XORed
#              with the key, which its rounds compute (cut-less-logic).
#              A part
#              that only reads the word it is handed keeps it in the pipe
#              until it is done with it: mix4's loop (taken in its last
#              iteration, the pipe a register slice), oddeven's and aes128's
#              writes (taken in their block's last state but one, the
#              words of aes128 assembled from bytes in each write's
#              state).
#   lut-hop-ecp5  bench/oddeven on the ECP5: its sort does a phase a
#              cycle, the compare fed through a select by the compare
#              before it paying the route between the carry chains
#              (delay.c, lut_hop); the report names that recurrence.
#   cut-keeps  bench/sha256_lead: its state H, carried from block to block of
#              a message, passes through the first part only, so the rounds
#              keep it (fission.c, struct kept) and the kernel runs as
#              reads | rounds | writes; the rounds take each block's words
#              at once, so the pipe into them has no register (direct,
#              fifo_size.c) and the report says so.
#   crc-net    bench/crc32's eight unrolled bit steps at the clocks its
#              hand-written reference reaches (78 MHz on iCE40, 247 on
#              ECP5): II 1, each CRC bit a two-level LUT network
#              (hls/sched/bitnet.c), not a chain of 24 gates.
#   window-tap bench/sha256_lead's rounds (sha256_2) at II 1 for 48 MHz: the adds of line
#              58 that make the next message word read the window early
#              (taps, hls/rtlgen/window.c), and the sums that make e and a
#              add the terms that wait for the round before last
#              (hls/pass/recur_adds.c): S1(e) and Ch two adds before e,
#              S0(a) and Maj two before a;
#   carry-in-over  bench/axpb on the ECP5 at 288 MHz: its x + 2x is over
#              the clock alone, and the + 1 after it (its carry-in) stays
#              in its cycle, which is the read's (its word comes from a
#              register: delay_word_ns): 2 stages, not 3.
#   part-*     tests/kernels/mem_partition.c: pairs of reads and writes of
#              a RAM and four reads of a ROM an iteration at II 1, each
#              memory in two banks (hls/pass/partition.c), listed as such
#              (on the sim target);
#              with --partition coef=1 the pair loop is II 2 and names the
#              memory; a --partition of no memory is a warning;
#              SLUICE_PARTITION on a global and on a local array
#              (tests/kernels/mem_partition_attr.c) splits them so;
#   mem-cse    tests/kernels/mem_mixed.c's `recs[k].v ^= x` reads its word
#              once (hls/pass/mem_cse.c), not twice: 2 reads of the bank
#              of odd words, where 3 were.
#   mul-sext16 tests/kernels/i16_mac.c on iCE40: an int16_t * int16_t
#              product goes to sluice_mul as one signed 16 x 16 piece
#              (.EXT(1): one SB_MAC16), not three pieces of a 32-bit one.
#   float-*    float arithmetic in a pipelined loop at II 1 (its units
#              take an operation a cycle), and a running float sum whose
#              recurrence through the adder is named as the limit: II 8,
#              the adder's latency, its phi read from the adder's output
#              (a bypass, shown in the schedule), not II 9.
#   sum-restart  bench/fdot on iCE40: the running sum that starts again at
#              0 (its element loop made one with the loop over vectors)
#              takes the 0 in the adder's second output register
#              (sluice_fadd's y0, its synchronous reset from the element
#              count's test), not through a select after the adder's
#              output; the module computes right.
#   loop-carrier  bench/oddeven on iCE40: its sort (oddeven_2, a loop not pipelined)
#              writes its phis whether it goes round or not, and the
#              writes after it read the last phase's words from them: no
#              register of their own; the module sorts right.
#   read-ahead  the same sort's exit block, which writes a block's words,
#              takes the next block's word without waiting for it and
#              enters the sort itself when it has it (read_ahead.c): said
#              in the text and in --json (read_ahead).
#   exit-in-loop  on the ECP5 and the iCE40 that exit block runs in the
#              sort's last cycle (read_ahead.c, fold): 16 cycles a block,
#              said in the text and in --json (exit_in_last_cycle).
#   early-phi  bench/sha256_lead for Gowin (whole): its message words and digest words
#              go into the registers of the phis they go to as they are
#              read or computed; the module hashes right.
#   shared-phi  bench/sha256_lead on iCE40: the state H[] that its rounds take
#              from the block loop's phis lives in the rounds' loop's
#              phis' registers (values.c, plan_shared_regs), not in both;
#              tests/kernels/loops_nested.c's acc likewise; both modules
#              compute right.
#   shared-phi-exit  tests/kernels/carried_window.c on iCE40: the window
#              that the exit of its loop over blocks (entered from the
#              test of a message's count too, which gives it the outer
#              loop's window) hands on lives in the outer loop's
#              registers, and those in the block loop's: 4 registers of
#              the window, not 12; it computes right.
#   window-once  bench/sha256 (SHA-256 with the words taken as the
#              rounds run) on iCE40 at 26 MHz: its window of 16 words is
#              16 registers, written by the rounds alone (the loop's phis
#              written in its last iteration too, and read after it:
#              values.c, carry_phis); its digest writes are cut off
#              (fission.c) and the loop over blocks tests its count in
#              one state (exit_test.c); it computes right.
#   edge-branch  bench/sha256_lead for Gowin (whole): the phis of an edge are written,
#              and the rounds' loop is entered, on the condition of the
#              branch that takes the edge (no decode of state_next).
#   entry-select  bench/aes128 on iCE40: its rounds and the loop over
#              blocks around them are one loop at II 1 (the state takes
#              the block's word in its first round, a select built into
#              its bypass's multiplexer: the round's logic passes one
#              LUT); the module encrypts right.  bench/oddeven's sort,
#              whose phis no unit's result feeds, is not made one with
#              the loop around it (that select would be a level more in
#              its recurrence: II 3, not 2).
#   tdata-case  bench/oddeven's writer and tests/kernels/write_by_state.c
#              on iCE40: a write port's word is a case on the state, the
#              writes of pipelined loops in front of it; both compute right.
#   entry-register  tests/kernels/entry_select.c: the select on the
#              first round drops the state's register where only the
#              block's kept read waits, and keeps it where each round
#              reads a key word too; both compute right.
#
# Usage: tests/sched/run_pipeline_report.sh   (outputs in build/tests/sched/)
# Prints one line per test and "N passed, N failed"; exits 1 if any failed.

set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$root/build/tests/sched
sluice=${SLUICE:-$root/build/bin/sluice}
rm -rf "$out"
mkdir -p "$out" || exit 1
pass=0 fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }

report() { # name source [build options] -> report text in $out/name.txt
	rm -rf "$out/$1.sluice"
	"$sluice" build "$2" -o "$out/$1.sluice" --no-sim-image "${@:3}" >"$out/$1.log" 2>&1 &&
		"$sluice" report "$out/$1.sluice" >"$out/$1.txt" 2>&1
}

expect() { # test file pattern what
	if grep -q -- "$3" "$out/$2.txt"; then ok "$1"; else bad "$1" "no '$3' in the report ($out/$2.txt)"; fi
}

report mul48 "$root/tests/kernels/mul_unit.c" --target ice40 &&
	expect mul-clock-48 mul48 "powers, loop for_body  (mul_unit.c:32): II 3, 4 cycles per iteration" ||
	bad mul-clock-48 "build failed ($out/mul48.log)"
report mul10 "$root/tests/kernels/mul_unit.c" --target ice40 --clock 10 &&
	expect mul-clock-10 mul10 "powers, loop for_body  (mul_unit.c:32): 1 cycle per iteration" ||
	bad mul-clock-10 "build failed ($out/mul10.log)"
report hist35 "$root/bench/hist.c" --target ice40 --clock 35 &&
	expect mem-ii1 hist35 "hist_kernel, loop entry  (hist.c:22): II 1," ||
	bad mem-ii1 "build failed ($out/hist35.log)"
report hist48 "$root/bench/hist.c" --target ice40 &&
	expect mem-late-ii1 hist48 "hist_kernel, loop entry  (hist.c:22): II 1, 3 cycles per iteration" &&
	expect mem-late-list hist48 "hist_kernel, 'hist'  (hist.c:14): 256 words of 32 bits (8192 bits), RAM, 1 read on 1 port, 1 write (a read forwards the word written in its cycle, and the word the iteration ahead writes as it comes out)" ||
	bad mem-late "build failed ($out/hist48.log)"
report hist60 "$root/bench/hist.c" --target ice40 --clock 60 &&
	expect mem-ii2 hist60 "hist_kernel, loop entry  (hist.c:22): II 2," ||
	bad mem-ii2 "build failed ($out/hist60.log)"
if [ -e "$out/hist60.txt" ]; then
	tr -d '\n' <"$out/hist60.txt" >"$out/hist60.flat.txt"
	expect mem-limit hist60.flat "II 2, .*II limited by memory 'hist' (2 accesses per iteration"
fi
[ -e "$out/hist35.txt" ] &&
	expect mem-list hist35 "hist_kernel, 'hist'  (hist.c:14): 256 words of 32 bits (8192 bits), RAM, 1 read on 1 port, 1 write (a read forwards the word written in its cycle)\$"
report crc78 "$root/bench/crc32.c" --target ice40 --clock 78 &&
	expect crc-net-ice40 crc78 "crc32, loop for_cond  (crc32.c:16): II 1," ||
	bad crc-net-ice40 "build failed ($out/crc78.log)"
report crc247 "$root/bench/crc32.c" --target ecp5 --clock 247 &&
	expect crc-net-ecp5 crc247 "crc32, loop for_cond  (crc32.c:16): II 1," ||
	bad crc-net-ecp5 "build failed ($out/crc247.log)"
# the sort's two compare-and-swap phases: at 20 MHz both in a cycle; at 25
# the hop from the first select into the second compare's carry chain
# (delay.c, CHAIN_FROM_CARRY) leaves them over 40 ns, a phase a cycle
report odd20 "$root/bench/oddeven.c" --target ice40 --clock 20 &&
	expect chain-hop-fits odd20 "oddeven_2, loop for_cond25_preheader  (oddeven.c:29): 1 cycle per iteration" ||
	bad chain-hop-fits "build failed ($out/odd20.log)"
report odd25 "$root/bench/oddeven.c" --target ice40 --clock 25 &&
	expect chain-hop odd25 "oddeven_2, loop for_cond25_preheader  (oddeven.c:29): 2 cycles per iteration" ||
	bad chain-hop "build failed ($out/odd25.log)"
report sha "$root/bench/sha256_lead.c" --target ice40 &&
	expect window-tap sha "sha256_2, loop for_body73  (sha256_lead.c:37): II 1," ||
	bad window-tap "build failed ($out/sha.log)"
# an add over the clock by itself (bench/axpb's x + 2x on the ECP5 at 288
# MHz, 3.2 ns of the 2.9 left) keeps the + 1 after it, its carry-in, in its
# cycle, the read's: 2 stages, not 3 (sdc_problem.c, walk_from)
report axpb288 "$root/bench/axpb.c" --target ecp5 --clock 288 &&
	expect carry-in-over axpb288 "axpb, loop entry  (axpb.c:15): II 1, 2 cycles per iteration in 2 stages" ||
	bad carry-in-over "build failed ($out/axpb288.log)"
report part "$root/tests/kernels/mem_partition.c" &&
	expect part-ii1 part "mem_partition, loop for_body53  (mem_partition.c:34): II 1," &&
	expect part-rom-ii1 part "mem_partition, loop for_body110  (mem_partition.c:40): II 1," &&
	expect part-banks part "'coef' bank 1 of 2 (its elements 1 mod 2)  (mem_partition.c:16): 512 words of 32 bits" ||
	bad part "build or report failed ($out/part.log)"
report partoff "$root/tests/kernels/mem_partition.c" --partition coef=1 \
	--partition nothere=4 &&
	expect part-off partoff "II limited by memory 'coef' (2 accesses per iteration" ||
	bad part-off "build or report failed ($out/partoff.log)"
report mixed "$root/tests/kernels/mem_mixed.c" &&
	expect mem-cse mixed "'recs' bank 1 of 2 (its elements 1 mod 2)  (mem_mixed.c:22): 200 words of 32 bits (6400 bits), RAM, 2 reads on 1 port, 2 writes" ||
	bad mem-cse "build or report failed ($out/mixed.log)"
report partattr "$root/tests/kernels/mem_partition_attr.c" &&
	expect part-attr-global partattr "'coef' bank 3 of 4 (its elements 3 mod 4)" &&
	expect part-attr-local partattr "'big' bank 1 of 2 (its elements 1 mod 2)" ||
	bad part-attr "build or report failed ($out/partattr.log)"
if grep -q "warning: --partition nothere: no memory of that name" "$out/partoff.log"; then
	ok part-unknown
else
	bad part-unknown "no warning for --partition nothere ($out/partoff.log)"
fi
report i16 "$root/tests/kernels/i16_mac.c" --target ice40 &&
	if grep -q 'sluice_mul #(.WIDTH(32), .SPLIT(16), .EXT(1))' "$out/i16.sluice/rtl/kernel_mac.v" &&
		! grep -q 'sluice_mul #(.WIDTH(32), .SPLIT(16)) ' "$out/i16.sluice/rtl/kernel_mac.v"; then
		ok mul-sext16
	else
		bad mul-sext16 "an int16_t product is not one signed piece ($out/i16.sluice/rtl)"
	fi
report fstream "$root/tests/kernels/float_stream.c" --target ice40 &&
	expect float-ii1 fstream "float_stream, loop for_cond  (float_stream.c:18): II 1," &&
	expect float-sum fstream "II limited by recurrence through the phi 's_0' (line 31): the phi 's_0' (line 31) -> the fadd 'add'" &&
	expect float-sum-ii8 fstream "float_sum, loop for_cond  (float_stream.c:30): II 8," &&
	expect float-sum-ii7 fstream "the fadd 'add' (line 31) (1 cycle over at II 7)" &&
	expect float-sum-bypass fstream "%0 = phi.32 \[0, bb0\], \[%3, bb1\] .*%3 from its unit" ||
	bad float "build or report failed ($out/fstream.log)"
report rom "$root/tests/kernels/mem_rom.c" --target ice40 &&
	expect mem-rom-ii1 rom "mem_rom, loop for_cond  (mem_rom.c:59): II 1," &&
	expect mem-rom-ports rom "'table'  (mem_rom.c:11): 256 words of 32 bits (8192 bits), ROM, 2 reads on 2 ports, 0 writes" ||
	bad mem-rom "build or report failed ($out/rom.log)"
report romports "$root/tests/kernels/rom_ports.c" --target ice40 &&
	expect rom-copies romports "'sbox'  (rom_ports.c:26): 256 words of 8 bits (2048 bits), ROM, 4 reads on 4 ports, 0 writes, in 4 copies of 1 read port each" &&
	expect rom-budget romports "'mix'  (rom_ports.c:27): 256 words of 32 bits (8192 bits), ROM, 16 reads on 13 ports, 0 writes, in 13 copies" &&
	tr -d '\n' <"$out/romports.txt" >"$out/romports.flat.txt" &&
	expect rom-budget-ii romports.flat "rom_ports, loop for_cond  (rom_ports.c:37): II 2,.*II limited by memory 'mix'" ||
	bad rom-ports "build or report failed ($out/romports.log)"
# the same in --json (reports.memories) and in --html
if "$sluice" report "$out/romports.sluice" --json >"$out/romports.json" 2>&1 &&
	python3 -c 'import json,sys
m = {x["name"]: x for x in json.load(open(sys.argv[1]))["reports"]["memories"]}
assert (m["mix"]["reads"], m["mix"]["read_ports"], m["mix"]["copies"], m["mix"]["rom"]) == (16, 13, 13, True), m
assert (m["sbox"]["depth"], m["sbox"]["width"], m["sbox"]["copies"]) == (256, 8, 4), m' "$out/romports.json" &&
	"$sluice" report "$out/romports.sluice" --html "$out/romports.html" &&
	grep -q "<h2>Memories</h2>" "$out/romports.html"; then
	ok memories-json
else
	bad memories-json "sluice report --json or --html: no or wrong memories ($out/romports.json)"
fi
# the copies are block RAM: Yosys maps each to one SB_RAM40_4K (the 1 KiB
# table's copies to two), none to logic
if [ -f "$out/romports.sluice/rtl/kernel_rom_ports.v" ] &&
	yosys -q -l "$out/romports.yosys.log" -p "read_verilog -sv $out/romports.sluice/rtl/kernel_rom_ports.v;
		synth_ice40 -top kernel_rom_ports; tee -o $out/romports.stat.txt stat" >/dev/null 2>&1; then
	brams=$(awk '$1 == "SB_RAM40_4K" { print $2 }' "$out/romports.stat.txt")
	if [ "${brams:-0}" -eq 30 ] && ! grep -q "using FF mapping" "$out/romports.yosys.log"; then
		ok rom-brams
	else
		bad rom-brams "${brams:-no} SB_RAM40_4K, 30 wanted ($out/romports.yosys.log)"
	fi
else
	bad rom-brams "synth_ice40 of rom_ports failed ($out/romports.yosys.log)"
fi
report romports5 "$root/tests/kernels/rom_ports.c" --target ecp5 &&
	expect rom-copies-ecp5 romports5 "'mix'  (rom_ports.c:27): 256 words of 32 bits (8192 bits), ROM, 16 reads on 16 ports, 0 writes, in 8 copies of 2 read ports each" &&
	expect rom-ii1-ecp5 romports5 "rom_ports, loop for_cond  (rom_ports.c:37): II 1," ||
	bad rom-ports-ecp5 "build or report failed ($out/romports5.log)"
report aes "$root/bench/aes128.c" --target ice40 &&
	expect logic-bypass aes "aes128_2, loop for_body104  (aes128.c:76): II 1," &&
	expect logic-bypass-shown aes "from its logic as it is computed" ||
	bad logic-bypass "build or report failed ($out/aes.log)"
# aes128's last part assembles its words from the word handed to it, byte
# by byte (an or of fields, moved to each write's state) in the state of
# each write: it keeps the word in the pipe, and a register of its own
# only for the last write's bytes, after the word is taken
if [ -f "$out/aes.sluice/rtl/kernel_aes128_2_2.v" ] &&
	[ "$(grep -c "captured in" "$out/aes.sluice/rtl/kernel_aes128_2_2.v")" = 1 ] &&
	grep -q "pipe_read_[0-9]*_reg; // captured in" "$out/aes.sluice/rtl/kernel_aes128_2_2.v"; then
	ok cut-kept-fields
else
	bad cut-kept-fields "kernel_aes128_2_2 copies what it reads ($out/aes.sluice/rtl)"
fi
# aes128's first part hands over the words it reads and the key, not the
# words XORed with the key: its rounds XOR them in the multiplexer of their
# first round (fission.c, hand_over_less_logic)
if [ -f "$out/aes.sluice/rtl/kernel_aes128.v" ] &&
	[ "$(grep -c "wire \[31:0\] xor" "$out/aes.sluice/rtl/kernel_aes128.v")" = 0 ] &&
	[ "$(grep -c "wire \[31:0\] xor.* = pipe_read" "$out/aes.sluice/rtl/kernel_aes128_2.v")" = 4 ]; then
	ok cut-less-logic
else
	bad cut-less-logic "kernel_aes128 XORs the words it hands over ($out/aes.sluice/rtl)"
fi
if report merge "$root/tests/kernels/pipelined_loop_merge.c" --target ice40 &&
	"$sluice" report "$out/merge.sluice" --json >"$out/merge.json" 2>&1 &&
	python3 -c 'import json,sys
l = {x["kernel"]: x for x in json.load(open(sys.argv[1]))["reports"]["loops"]}
assert l["hash8"]["ii"] == 1 and l["hash8"]["inner_loop"]["line"] == 37, l["hash8"]
assert l["frame"]["inner_loop"] is None and l["chain"]["inner_loop"] is None, l
assert "computed from this loop" in l["chain"]["apart"] and l["hash8"]["apart"] is None, l' "$out/merge.json"; then
	expect loop-merge merge "hash8, loop for_body  (pipelined_loop_merge.c:34): II 1,"
	expect loop-merge-said merge "with the loop at line 37 inside it, as one loop"
	expect loop-apart merge "not one loop with the loop around it: 'framed' is used in this loop and at line"
else
	bad loop-merge "build, report or --json failed ($out/merge.log, $out/merge.json)"
fi
if report cut "$root/tests/kernels/fission.c" --target ice40 &&
	"$sluice" report "$out/cut.sluice" --json >"$out/cut.json" 2>&1 &&
	python3 -c 'import json,sys
c = {x["from"]: x for x in json.load(open(sys.argv[1]))["reports"]["cuts"]}
assert sorted(c) == ["mix4", "pace", "rounds", "rounds_2"], c
assert c["mix4"]["kernel"] == "mix4_2" and c["mix4"]["bits"] == 128, c
assert c["rounds"]["kernel"] == "rounds_2" and c["rounds_2"]["kernel"] == "rounds_2_2", c
assert c["pace"]["bits"] == 1 and c["pace"]["loc"]["line"] == 48, c
assert c["mix4"]["kept"] and not c["rounds"]["kept"], c' "$out/cut.json"; then
	expect cut-said cut "mix4_2: the part of mix4's loop from fission.c:35 on; it takes 128 bits"
	expect cut-kept cut "mix4_2 keeps each word in the pipe until it is done with it"
	# kept: the pipe is a register slice, and mix4_2 holds no copy of the word
	if grep -q "READY_THROUGH(1)) fifo_mix4_2_in" "$out/cut.sluice/rtl/sluice_core.v" &&
		! grep -qE "reg \[127:0\] \w+; // phi" "$out/cut.sluice/rtl/kernel_mix4_2.v"; then
		ok cut-kept-rtl
	else
		bad cut-kept-rtl "fifo_mix4_2_in not a slice, or kernel_mix4_2 copies the word ($out/cut.sluice/rtl)"
	fi
	expect cut-merged cut "mix4_2, loop for_body23  (fission.c:34): II 1,"
	expect cut-whole cut "runs, loop for_body  (fission.c:59): 1 cycle per iteration"
else
	bad cut "build, report or --json failed ($out/cut.log, $out/cut.json)"
fi
if report oddeven "$root/bench/oddeven.c" --target gowin &&
	report oddeven5 "$root/bench/oddeven.c" --target ecp5; then
	expect cut-ecp5 oddeven5 "oddeven_2_2: the part of oddeven_2's loop from oddeven.c:36 on; it takes 512 bits"
	# its 16 writes read the word from the pipe, taken in their block's last state
	expect cut-kept-end oddeven5 "oddeven_2_2 keeps each word in the pipe until it is done with it"
	# on the ECP5 too a compare fed by a select that a compare feeds pays
	# the route between the carry chains (delay.c, lut_hop): a phase of
	# the sort a cycle, as nextpnr places it (II 1 placed at 81 MHz)
	tr -d '\n' <"$out/oddeven5.txt" >"$out/oddeven5.flat.txt"
	expect lut-hop-ecp5 oddeven5.flat "oddeven_2, loop for_cond25_preheader  (oddeven.c:29): 2 cycles per iteration.*recurrence through the phi '[^']*' (line 16): the sgt %[0-9]* (line 16) -> the select [^>]*> the select [^>]*> the phi [^>]*> the sgt %[0-9]* (line 16) (1 cycle over at II 1)"
	if grep -qE "oddeven_2_2_in_tready = \(\(state_reg == S_\w+_14\)" \
		"$out/oddeven5.sluice/rtl/kernel_oddeven_2_2.v"; then
		ok cut-kept-end-rtl
	else
		bad cut-kept-end-rtl "kernel_oddeven_2_2 takes its word elsewhere than in its 15th state ($out/oddeven5.sluice/rtl)"
	fi
	# Gowin's budget, 512 bits, takes one of its two cuts of 512
	if [ "$(grep -c "the part of" "$out/oddeven.txt")" = 1 ]; then
		ok cut-budget
	else
		bad cut-budget "oddeven not cut once for Gowin, within its 512 bits ($out/oddeven.txt)"
	fi
else
	bad cut-budget "build failed ($out/oddeven.log, $out/oddeven5.log)"
fi
if [ -f "$out/sha.txt" ]; then
	expect cut-keeps sha "sha256_2: the part of sha256's loop from sha256_consts.h:25 on; it takes 513 bits"
	expect cut-keeps-writes sha "sha256_2_2: the part of sha256_2's loop"
	expect cut-direct sha "sha256_2 takes each word at once; the pipe has no register of its own"
	if ! grep -q "fifo_sha256_2_in" "$out/sha.sluice/rtl/sluice_core.v" &&
		grep -q "fifo_sha256_2_2_in" "$out/sha.sluice/rtl/sluice_core.v"; then
		ok cut-direct-rtl
	else
		bad cut-direct-rtl "sha256_2_in has a FIFO, or sha256_2_2_in none ($out/sha.sluice/rtl)"
	fi
else
	bad cut-keeps "build failed ($out/sha.log)"
fi
# an iteration holds behind one that holds also across empty cycles
# (pipeline.c, L_stop_c): cycle 2 of vadd's loop, which waits for nothing
# itself, reads no valid bit but its own
if report vadd "$root/examples/vadd/vadd.c" --target ice40 --device-memory 4K; then
	v="$out/vadd.sluice/rtl/kernel_vadd.v"
	if grep -q "assign for_body_hold_2 = for_body_v\[2\] && (for_body_stop_3);" "$v" &&
		grep -q "assign for_body_stop_3 = for_body_hold_3 || for_body_hold_4;" "$v"; then
		ok hold-across-bubbles
	else
		bad hold-across-bubbles "cycle 2's hold is not 'v[2] && stop_3' ($v)"
	fi
else
	bad hold-across-bubbles "build failed ($out/vadd.log)"
fi
report div "$root/tests/kernels/pipelined_div.c" &&
	expect ii1 div "pipelined loop, II 1" || bad ii1 "build failed ($out/div.log)"
report stream "$root/tests/kernels/pipelined_stream.c" &&
	expect onecycle stream "not pipelined: one cycle per iteration already" ||
	bad onecycle "build failed ($out/stream.log)"
if report rec "$root/tests/kernels/pipelined_recurrence.c"; then
	expect ii2 rec "pipelined loop, II 2"
	expect ii2-limit rec "II limited by recurrence through the phi 'acc"
	expect ii2-lines rec "the add 'add' (line 18)"
else
	bad ii2 "build failed ($out/rec.log)"
fi
# --json for tools, --html for people
if "$sluice" report "$out/rec.sluice" --json >"$out/rec.json" 2>&1 &&
	python3 -c 'import json,sys
l = json.load(open(sys.argv[1]))["reports"]["loops"][0]
assert l["pipelined"] and l["ii"] == 2 and l["stages"] == 2, l
assert "recurrence" in l["limit"] and any(o["op"].startswith("pipe.write ys") for o in l["ops"]), l' "$out/rec.json"; then
	ok json
else
	bad json "sluice report --json: $(tail -3 "$out/rec.json")"
fi
if "$sluice" report "$out/rec.sluice" --html "$out/rec.html" && grep -q "II limited by recurrence" "$out/rec.html" &&
	grep -q "iteration 1" "$out/rec.html"; then
	ok html
else
	bad html "sluice report --html wrote no schedule ($out/rec.html)"
fi
"$sluice" report "$out/nothing.sluice" --json >"$out/err.txt" 2>&1
if [ $? = 1 ] && grep -q "error" "$out/err.txt"; then ok report-error; else bad report-error "no error for a missing module"; fi

# on iCE40 the sample loop is pipelined at II 1: its exit test (add,
# signed compare, branch) does not fit one 48 MHz cycle, and the loop
# counts by one to n, so the test is the sign of a 33-bit count of the
# iterations left (hls/pass/exit_test.c)
if report fir "$root/examples/fir/fir.c" --target ice40; then
	expect fir fir "for_body: pipelined loop, II 1"
	expect fir-ahead fir "= phi.33 \[%[0-9]*, bb0\], \[%[0-9]*, bb1\]"
else
	bad fir "build failed ($out/fir.log)"
fi
report fir-sim "$root/examples/fir/fir.c" &&
	expect fir-sim fir-sim "loop for_body  (fir.c:21): 1 cycle per iteration" || bad fir-sim "build failed ($out/fir-sim.log)"

# a loop that reads three words of one pipe takes three cycles an
# iteration anyway: its add, compare and branch fit them, and it keeps
# the compare (no count of the iterations left beside it; bench/aes128's
# loop over blocks, which reads four, 1010 -> 982 LUT on the UP5K)
cat >"$out/three.c" <<'C'
#include <sluice.h>
SLUICE_IO_PIPE_IN(a, uint32_t, 0);
SLUICE_IO_PIPE_OUT(b, uint32_t, 0);
SLUICE_KERNEL void k(uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = sluice_read(a), y = sluice_read(a), z = sluice_read(a);
		sluice_write(b, (x ^ y) + z);
	}
}
C
if report three "$out/three.c" --target ice40; then
	expect three-ii three "k, loop for_body  (three.c:6): 3 cycles per iteration"
	if grep -q "phi.33" "$out/three.txt"; then
		bad three-compare "the loop counts its iterations left ($out/three.txt)"
	else
		ok three-compare
	fi
else
	bad three "build failed ($out/three.log)"
fi

# the loops around an inner loop count their iterations left too: the
# last block of each (j's for_inc, i's for_end) tests a register's bit
# in one state, not the add, the compare and the branch in three
# (hls/pass/exit_test.c, a loop of several blocks); the count lives in
# the loop's first block
if report nested "$root/tests/kernels/loops_nested.c" --target ice40; then
	expect nested-latch-j nested "bb5 for_inc: 1 state"
	expect nested-latch-i nested "bb6 for_end: 1 state"
	expect nested-count-phi nested "= phi.33 \[%[0-9]*, bb0\], \[%[0-9]*, bb6\]"
else
	bad nested "build failed ($out/nested.log)"
fi

cat >"$out/one.c" <<'C'
#include <sluice.h>
SLUICE_IO_PIPE_IN(a, int32_t, 0);
SLUICE_IO_PIPE_OUT(b, int32_t, 0);
SLUICE_KERNEL void k(int32_t n)
{
	int32_t s = 0;
	for (int32_t i = 0; i < n; i++)
		s += i;
	sluice_write(b, s + sluice_read(a));
}
C
report one "$out/one.c" &&
	expect nopipe one "not pipelined: one cycle per iteration already" || bad nopipe "build failed"

# clang's loop pragmas reach the scheduler
pragma() { # name pragma-line extra-read
	cat >"$out/$1.c" <<C
#include <sluice.h>
SLUICE_IO_PIPE_IN(xs, int32_t, 0);
SLUICE_IO_PIPE_OUT(ys, int32_t, 0);
SLUICE_KERNEL void k(int32_t n)
{
$2
	for (int32_t i = 0; i < n; i++) {
		int32_t x = sluice_read(xs);
		sluice_write(ys, (x + i$3) / (n | 1));
	}
}
C
	report "$1" "$out/$1.c"
}
pragma off "#pragma clang loop pipeline(disable)" "" &&
	expect pragma-off off "not pipelined: #pragma clang loop pipeline(disable)" ||
	bad pragma-off "build failed ($out/off.log)"
pragma ii1 "#pragma clang loop pipeline_initiation_interval(1)" " + sluice_read(xs)" &&
	expect pragma-ii-unmet ii1 "II 2 (requested 1)" || bad pragma-ii-unmet "build failed ($out/ii1.log)"
if grep -q "ii1.c:7:.*warning: loop not pipelined at the requested initiation interval 1: pipe 'xs': 2 operations" "$out/ii1.log"; then
	ok pragma-ii-warning
else
	bad pragma-ii-warning "no warning naming the pipe ($out/ii1.log)"
fi
pragma ii2 "#pragma clang loop pipeline_initiation_interval(2)" " + sluice_read(xs)" &&
	expect pragma-ii-met ii2 "II 2 (requested 2)" || bad pragma-ii-met "build failed ($out/ii2.log)"
if grep -q "warning" "$out/ii2.log"; then bad pragma-ii-quiet "a warning for a met II"; else ok pragma-ii-quiet; fi
if pragma ii0 "#pragma clang loop pipeline_initiation_interval(0)" ""; then
	bad pragma-ii0 "II 0 accepted"
elif grep -q "error:" "$out/ii0.log"; then
	ok pragma-ii0
else
	bad pragma-ii0 "no error for II 0 ($out/ii0.log)"
fi

n=0 bad_builds=""
for src in "$root"/tests/kernels/*.c "$root"/examples/*/*.c; do
	grep -q 'SLUICE_KERNEL\|SLUICE_AUTORUN' "$src" || continue
	name=$(basename "$src" .c)
	rm -rf "$out/v.sluice"
	if ! "$sluice" build "$src" -o "$out/v.sluice" --no-sim-image >"$out/v.log" 2>&1; then
		grep -q "internal error" "$out/v.log" && bad_builds="$bad_builds $name"
	fi
	n=$((n + 1))
done
if [ -z "$bad_builds" ]; then ok "verify ($n kernels, no internal error)"; else bad verify "internal errors in:$bad_builds"; fi

# trip counts of loops with constant bounds, in the text and the JSON
cat >"$out/trip.c" <<'C'
#include <sluice.h>
SLUICE_IO_PIPE_IN(xs, int32_t, 0);
SLUICE_IO_PIPE_OUT(ys, int32_t, 0);
SLUICE_KERNEL void k(int32_t n)
{
	for (int32_t i = 0; i < 1000; i++)
		sluice_write(ys, sluice_read(xs) * n + i);
	for (int32_t i = 0; i < n; i++)
		sluice_write(ys, sluice_read(xs));
}
C
if report trip "$out/trip.c" --target ice40; then
	expect trip trip "trip count 1000 per entry"
	if [ "$(grep -c "trip count" "$out/trip.txt")" = 1 ] &&
		"$sluice" report "$out/trip.sluice" --json | python3 -c 'import json,sys
l = json.load(sys.stdin)["reports"]["loops"]
assert [x["trip_count"] for x in l] == [1000, 0], l'; then
		ok trip-json
	else
		bad trip-json "a trip count where none is known, or not in --json"
	fi
else
	bad trip "build failed ($out/trip.log)"
fi

# a module of a kernel with a sluice-test block passes its scenario
sim_ok() { # test name source
	if python3 "$root/tests/harness/harness.py" --module "$out/$2.sluice" --no-lint \
		"$3" >"$out/$2-sim.log" 2>&1; then
		ok "$1"
	else
		bad "$1" "$3 built as $2 fails its scenario ($out/$2-sim.log)"
	fi
}

# a running float sum that starts again at 0 takes the 0 in its adder's
# second output register (values.c, plan_zeroed): no select of the
# adder's result on the recurrence through the adder
if report restart "$root/bench/fdot.c" --target ice40 &&
	grep -qE "^        \.clr\(!cmp_[0-9]+_reg[_0-9]*\),$" "$out/restart.sluice/rtl/kernel_fdot.v" &&
	grep -qE "^        \.y0\(select_[0-9]+\),$" "$out/restart.sluice/rtl/kernel_fdot.v" &&
	! grep -qE "wire \[31:0\] select_[0-9]+ = .* \? add_" "$out/restart.sluice/rtl/kernel_fdot.v"; then
	sim_ok sum-restart restart "$root/bench/fdot.c"
else
	bad sum-restart "kernel_fdot selects its sum and 0 after the adder ($out/restart.sluice/rtl)"
fi

# a loop that is not pipelined hands its last values on from its phis'
# registers (values.c, plan_carriers): bench/oddeven's sort, whose last
# phase's 16 words go to the writes, keeps no register of its own for
# them, and sorts right
if report carrier "$root/bench/oddeven.c" --target ice40 &&
	grep -q "round its loop or not" "$out/carrier.sluice/rtl/kernel_oddeven_2.v" &&
	! grep -q "reg \[31:0\] .*captured in S_for_cond25_preheader_1" \
		"$out/carrier.sluice/rtl/kernel_oddeven_2.v"; then
	sim_ok loop-carrier carrier "$root/bench/oddeven.c"
else
	bad loop-carrier "kernel_oddeven_2 copies its sort's last values ($out/carrier.sluice/rtl)"
fi

# a write port's word is chosen by a case on the state (fsm.c, emit_tdata),
# which Yosys makes a parallel multiplexer, not a chain of compares:
# bench/oddeven's writer, its 16 words in 16 states (the module is the
# one loop-carrier simulates); tests/kernels/write_by_state.c, whose
# loop's write comes first by its stage valid bit and whose two states
# that write n share an arm
w2=$out/carrier.sluice/rtl/kernel_oddeven_2_2.v
wbs=$out/wbs.sluice/rtl/kernel_write_by_state.v
if [ -f "$w2" ] && grep -q "^    reg \[31:0\] out_tdata_by_state;" "$w2" &&
	[ "$(grep -c "^        S_for_cond44_preheader_in_[0-9]*: out_tdata_by_state = " "$w2")" = 15 ] &&
	grep -q "^    assign out_tdata = out_tdata_by_state;" "$w2" &&
	report wbs "$root/tests/kernels/write_by_state.c" --target ice40 &&
	grep -q "^        S_for_end_0, S_for_end_2: out_tdata_by_state = pipe_read_" "$wbs" &&
	grep -q "^    assign out_tdata = for_body_v\[1\] ? add[0-9a-z_]* :" "$wbs"; then
	sim_ok tdata-case wbs "$root/tests/kernels/write_by_state.c"
else
	bad tdata-case "a write port's word is not a case on the state ($w2, $wbs)"
fi
if grep -q "takes the word of pipe 'oddeven_2_in' that the next entry starts with, when it is there (read ahead)" \
		"$out/carrier.txt" 2>/dev/null &&
	"$sluice" report "$out/carrier.sluice" --json | python3 -c '
import json, sys
l = {x["kernel"]: x for x in json.load(sys.stdin)["reports"]["loops"]}
assert l["oddeven_2"]["read_ahead"] == "oddeven_2_in" and l["oddeven"]["read_ahead"] is None, l'
then
	ok read-ahead
else
	bad read-ahead "the sort of bench/oddeven does not read ahead ($out/carrier.txt)"
fi
# on the ECP5 the sort's exit block, its write and its read ahead, runs in
# the sort's last cycle (read_ahead.c, fold): the kernel keeps no state
# for it, a block of 16 words takes the sort's 16 cycles, the words of the
# block read ahead go into the phis' registers as they come (no register
# of their own), and the module sorts right.  On the iCE40 too: there the
# write's word goes into the register of its cut pipe with no multiplexer
# before it, and the branch, which waits for the take, only to the state
# register (delay.c, delay_operand_ns and branch_ns).
if grep -q "its exit block runs in its last cycle and takes the word of pipe 'oddeven_2_in'" \
		"$out/oddeven5.txt" 2>/dev/null &&
	grep -q "^kernel oddeven_2: 4 states in 3 blocks" "$out/oddeven5.txt" &&
	! grep -q "reg \[511:0\]" "$out/oddeven5.sluice/rtl/kernel_oddeven_2.v" &&
	grep -q "its exit block runs in its last cycle and takes the word of pipe 'oddeven_2_in'" \
		"$out/carrier.txt" &&
	grep -q "^kernel oddeven_2: 4 states in 3 blocks" "$out/carrier.txt" &&
	"$sluice" report "$out/oddeven5.sluice" --json | python3 -c '
import json, sys
l = {x["kernel"]: x for x in json.load(sys.stdin)["reports"]["loops"]}
assert l["oddeven_2"]["exit_in_last_cycle"] is True and l["oddeven"]["exit_in_last_cycle"] is False, l'
then
	sim_ok exit-in-loop oddeven5 "$root/bench/oddeven.c"
else
	bad exit-in-loop "the sort of bench/oddeven on the ECP5 or the iCE40 keeps its exit block apart ($out/oddeven5.txt, $out/carrier.txt)"
fi

# a value that an edge carries to a phi goes into the phi's register as it
# is computed (share.c, plan_early_phis): bench/sha256_lead's message words go
# straight into its rounds' window, and its digest words into H[], which
# its writes read.  For Gowin, whose budget of cut bits (512) does not take
# the block's 513, sha256 stays one kernel (on iCE40 and ECP5 its reads,
# rounds and writes are cut apart: cut-keeps)
if report early "$root/bench/sha256_lead.c" --target gowin &&
	grep -q "for the edge to" "$out/early.sluice/rtl/kernel_sha256.v" &&
	! grep -q "captured in S_for_cond26_preheader" "$out/early.sluice/rtl/kernel_sha256.v" &&
	! grep -q "reg \[31:0\] add1[0-9]*_[0-9]*_reg; // captured in S_for_end" \
		"$out/early.sluice/rtl/kernel_sha256.v"; then
	sim_ok early-phi early "$root/bench/sha256_lead.c"
else
	bad early-phi "kernel_sha256 keeps its words in registers before its phis ($out/early.sluice/rtl)"
fi

# a phi read only in its block, which goes only to the block of a phi that
# takes its value, lives in that phi's register (values.c,
# plan_shared_regs): bench/sha256_lead's rounds (sha256_2 on iCE40) keep the
# state H[] in their loop's phis, not in the block loop's phis as well;
# tests/kernels/loops_nested.c's acc has 3 registers, not 4: the phi of the
# block before the while loop (the middle loop's header) lives in the while
# loop's
if [ -f "$out/sha.sluice/rtl/kernel_sha256_2.v" ] &&
	! grep -q "// phi of block for_body73_in\$" "$out/sha.sluice/rtl/kernel_sha256_2.v" &&
	[ "$(grep -c "reg \[31:0\] [a-z0-9_]*; // phi of pipelined loop for_body73; before it, of block for_body73_in\$" \
		"$out/sha.sluice/rtl/kernel_sha256_2.v")" = 8 ]; then
	sim_ok shared-phi sha "$root/bench/sha256_lead.c"
else
	bad shared-phi "kernel_sha256_2 keeps H[] in two registers ($out/sha.sluice/rtl)"
fi
if report nested "$root/tests/kernels/loops_nested.c" --target ice40 &&
	[ "$(grep -c "reg \[31:0\] acc_.*; // phi of" "$out/nested.sluice/rtl/kernel_loops_nested.v")" = 3 ] &&
	grep -q "reg \[31:0\] acc_[0-9_]*_reg; // phi of pipelined loop while_body; before it, of block while_cond_preheader\$" \
		"$out/nested.sluice/rtl/kernel_loops_nested.v"; then
	sim_ok shared-phi-nested nested "$root/tests/kernels/loops_nested.c"
else
	bad shared-phi-nested "kernel_loops_nested keeps acc in a register for each loop ($out/nested.sluice/rtl)"
fi
# that phi may take from the other block's edge the other phi itself,
# which writes nothing when they share: tests/kernels/carried_window.c's
# window, which the exit of the loop over blocks takes from the message's
# count test (none) and from the last block, lives in the outer loop's
# registers, and the outer loop's, whose test goes to that exit or into the
# loop over blocks, in those of the block loop's (values.c,
# plan_shared_exits; 12 registers of the window before, then 8)
if report window "$root/tests/kernels/carried_window.c" --target ice40 &&
	[ "$(grep -c "reg \[31:0\] W_.*; // phi of" "$out/window.sluice/rtl/kernel_carried_window.v")" = 4 ] &&
	[ "$(grep -c "reg \[31:0\] W_[0-9a-z_]*_reg; // phi of block for_body23; at other times, of blocks for_cond_loopexit, for_cond and for_cond20_preheader\$" \
		"$out/window.sluice/rtl/kernel_carried_window.v")" = 4 ]; then
	sim_ok shared-phi-exit window "$root/tests/kernels/carried_window.c"
else
	bad shared-phi-exit "kernel_carried_window keeps its window in three sets of registers ($out/window.sluice/rtl)"
fi

# the window of a SHA-256 whose words are taken as the rounds run, which
# the rounds, the loop over blocks and the loop over messages carry, is
# one set of registers that only the rounds write (and the entry, with
# its undefined start): the phis of the rounds are written in their last
# iteration too, the block loop's exit reads their last values from them
# (values.c, carry_phis), and the loops' phis share the rounds' registers
# (plan_shared_regs, plan_shared_exits).  Its 8 digest writes run in a
# kernel of their own while the next block runs, and the block that
# closes the loop over blocks takes one state
v="$out/fips.sluice/rtl/kernel_sha256.v"
if report fips "$root/bench/sha256.c" --target ice40 --clock 26 &&
	[ "$(grep -c "reg \[31:0\] W_" "$v")" = 16 ] &&
	[ "$(grep "W_[0-9a-z_]*_reg <= " "$v" | grep "state_reg ==" | grep -vc "state_reg == S_entry_0")" = 0 ]; then
	sim_ok window-once fips "$root/bench/sha256.c"
else
	bad window-once "kernel_sha256 of bench/sha256.c keeps or writes its window elsewhere ($out/fips.sluice/rtl)"
fi
if [ -f "$out/fips.txt" ]; then
	expect cut-digest fips "sha256_2: the part of sha256's loop from sha256.c:71 on; it takes 256 bits"
	expect block-latch fips "if_end_exit: 1 state"
fi

# the phis of an edge are written, and a pipelined loop entered, on the
# condition of the branch that takes the edge, not on a decode of the
# whole next state (regs.c, fsm_goes_to; pipeline.c): bench/sha256_lead's
# rounds are entered from the last read's state alone
if [ -f "$out/early.sluice/rtl/kernel_sha256.v" ] &&
	! grep -q "if (state_next == " "$out/early.sluice/rtl/kernel_sha256.v" &&
	grep -q "for_body73_v\[0\] <= (!stall && ((state_reg == S_for_cond26_preheader_15)))" \
		"$out/early.sluice/rtl/kernel_sha256.v"; then
	ok edge-branch
else
	bad edge-branch "kernel_sha256 decodes state_next for an edge or the loop's entry ($out/early.sluice/rtl)"
fi

# aes128's rounds take each block's word in their first round, through the
# multiplexer of the state's bypass: first ? the word : the round's logic
# (the round before is always there when it is not the first: the
# phi's register is not read); oddeven's sort stays apart from its outer loop
if grep -q "with the loop at line 76 inside it, as one loop" "$out/aes.txt" &&
	grep -qE "wire \[7:0\] s_sroa_[0-9_]+ = first_[0-9]+_reg \? [a-z0-9_]+ : s_sroa_[0-9_]+;" \
		"$out/aes.sluice/rtl/kernel_aes128_2.v" &&
	! grep -qE ": s_sroa_[0-9_]+_reg;" "$out/aes.sluice/rtl/kernel_aes128_2.v" &&
	"$sluice" report "$out/carrier.sluice" >"$out/carrier.txt" 2>&1 &&
	! grep -q "as one loop" "$out/carrier.txt"; then
	sim_ok entry-select aes "$root/bench/aes128.c"
else
	bad entry-select "aes128's rounds and blocks are not one loop with the word in the bypass, or oddeven's sort is ($out/aes.sluice/rtl, $out/carrier.txt)"
fi

# the select on first drops the state's register only where nothing but
# the kept read of an entry's first iteration holds an iteration apart
# from the one before it (pipeline.c, pipe_ahead_when_selected):
# tests/kernels/entry_select.c's `rounds` has none, `keyed` reads a key
# word in every round and keeps it; both compute right under random
# timing
report entry "$root/tests/kernels/entry_select.c" --target ice40
if [ -d "$out/entry.sluice/rtl" ] &&
	grep -qE "wire \[7:0\] s_sroa_[0-9_]+ = first_[0-9]+_reg \? [a-z0-9_]+ : s_sroa_[0-9_]+;" \
		"$out/entry.sluice/rtl/kernel_rounds_2.v" &&
	! grep -qE ": s_sroa_[0-9_]+_reg;" "$out/entry.sluice/rtl/kernel_rounds_2.v" &&
	grep -qE "wire \[7:0\] s_sroa_[0-9_]+ = \(\(for_body[0-9]+_v\[1\]\) & !first_[0-9]+_reg\) \? .* : s_sroa_[0-9_]+_reg;" \
		"$out/entry.sluice/rtl/kernel_keyed_2.v"; then
	sim_ok entry-register entry "$root/tests/kernels/entry_select.c"
else
	bad entry-register "the rounds keep the state's register or the keyed rounds lose it ($out/entry.sluice/rtl)"
fi

# the fence is what keeps fence_request's request ahead of its answer:
# without it the write and the read complete together or not at all, and
# the client and its server wait for each other (a hang, not wrong data)
sed 's/^\t\tsluice_fence();$//' "$root/tests/kernels/fence_request.c" >"$out/nofence.c"
if grep -q "^[[:space:]]*sluice_fence();" "$out/nofence.c"; then
	bad fence-needed "could not remove the fence from fence_request.c"
elif python3 "$root/tests/harness/harness.py" --sims verilator --modes timing --no-lint \
	"$out/nofence.c" >"$out/nofence.log" 2>&1; then
	bad fence-needed "fence_request without its fence passed ($out/nofence.log)"
elif grep -q "hang: not finished" "$out/nofence.log"; then
	ok fence-needed
else
	bad fence-needed "no hang reported without the fence ($out/nofence.log)"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
