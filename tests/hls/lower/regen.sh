#!/bin/sh
# regen.sh -- recompiles each tests/hls/lower/c_*.c into c_*.ll, the
# intermediate LLVM form, with the kernel flags of the front end and the
# passes that stand in for its preparation; the `// expect-...` comments of
# the C file become `; expect-...` lines of the .ll.  Run from the top of
# the tree after changing a c_*.c (the .ll files are checked in, so the
# tests need no clang).
set -e
cd "$(dirname "$0")/../../.."
for c in tests/hls/lower/c_*.c; do
	ll=${c%.c}.ll
	{
		echo "; generated from $c by tests/hls/lower/regen.sh"
		sed -n 's|^ *// \(expect-.*\)|; \1|p' "$c"
		clang-19 -std=gnu11 -D__SLUICE_HLS__ -I include -g -O1 \
			-Xclang -disable-llvm-passes -fno-discard-value-names \
			-emit-llvm -S -o - "$c" |
			opt-19 -S -passes='always-inline,function(sroa,early-cse,instcombine<no-verify-fixpoint>,simplifycfg)' |
			grep -v '^; ModuleID'
	} > "$ll.tmp"
	mv "$ll.tmp" "$ll"
done
