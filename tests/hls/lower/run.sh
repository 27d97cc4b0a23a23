#!/bin/sh
# run.sh -- builds tests/hls/lower/test_lower (into $BUILD, default build/)
# and runs it on every .ll file here.  Run from anywhere; exits non-zero
# when a test fails.  The Makefile can build the same program from the
# same sources instead.
set -e
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
build=${BUILD:-$top/build}
cc=${CC:-cc}
llvm_config=${LLVM_CONFIG:-llvm-config-19}
mkdir -p "$build/tests/hls/lower"
exe="$build/tests/hls/lower/test_lower"
# shellcheck disable=SC2046
$cc -std=gnu11 -Wall -Wextra -Werror -g $($llvm_config --cflags) \
	-o "$exe" "$here/test_lower.c" \
	"$top"/hls/front/lower.c "$top"/hls/front/lower_call.c \
	"$top"/hls/front/lower_const.c "$top"/hls/front/lower_globals.c \
	"$top"/hls/front/lower_inst.c "$top"/hls/front/lower_intrinsic.c \
	"$top"/hls/front/lower_util.c "$top/hls/front/prepare_util.c" \
	"$top"/hls/ir/*.c \
	$($llvm_config --ldflags --libs)
exec "$exe" "$@" "$here"
