#!/usr/bin/env bash
#
# The virtual board (`sluice vboard`) and libsluice's UART transport, end
# to end: the examples built for the iCEBreaker (vadd, which does not fit
# its UP5K, for the iCE40-HX8K Breakout Board), each board design (PHY,
# reset and all) in Verilator behind a pseudo-terminal, and the examples'
# unchanged host programs reaching it with SLUICE_DEVICE=BOARD:PTY.
#
#   vscale, pipeline, bulk, vadd
#               each host program on a clean line, and (but bulk, whose
#               megabyte takes long at the line's rate) on a line that
#               corrupts, drops and duplicates one byte in 500 each way:
#               every result right (the link's CRC and retries), the
#               virtual board reporting the faults it made; vadd with 256
#               elements a vector, its device memory 4 KiB;
#   vscale-pll  vscale with its clock from the PLL (18 MHz), the UART at
#               6 clocks a bit, on the faulty line;
#   fir         the I/O pipes of examples/fir become host pipes on a
#               board: `sluice run --device` feeds them through the
#               virtual board and the output is the filter's, computed
#               here;
#   no-image    SLUICE_DEVICE names a board the module has no bitstream
#               for: SLUICE_E_NO_IMAGE, naming the board;
#   gone        the virtual board stops while a host program runs: the
#               host fails with an error about the line, in bounded time
#               (no hang), and a terminal that is gone cannot be opened.
#
# Usage: tests/flow/run_vboard.sh   (outputs in build/tests/vboard/)
# Prints one line per test and "N passed, N failed"; exits 1 if any failed.

set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$root/build/tests/vboard
sluice=${SLUICE:-$root/build/bin/sluice}
export SLUICE_SIM_CACHE=${SLUICE_SIM_CACHE:-$root/build/sim/cache}
export PKG_CONFIG_PATH=$root/build${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
cc=${CC:-cc}

rm -rf "$out"
# the lines are linked in a directory with a long name, so that every
# device string ("icebreaker:" and the path) is longer than the buffers a
# host program might size for it: a host program must size it for a path
lines=$out/lines-kept-in-a-directory-whose-name-is-long-on-purpose
rm -rf "$lines"
mkdir -p "$out" "$lines" || exit 1
cd "$root" || exit 1

# shellcheck source=tests/flow/lib.sh
. "$here/lib.sh"
vb_pid=

stop_vboard() {
    [ -n "$vb_pid" ] || return 0
    kill -TERM "$vb_pid" 2>/dev/null
    wait "$vb_pid" 2>/dev/null
    vb_pid=
}
trap stop_vboard EXIT

# start_vboard MODULE NAME ARGS...: the virtual board in the background,
# its terminal linked at $lines/NAME.tty once it is up
start_vboard() {
    local mod=$1 name=$2
    shift 2
    "$sluice" vboard "$mod" --link "$lines/$name.tty" "$@" \
        >"$out/$name.vboard.out" 2>"$out/$name.vboard.log" &
    vb_pid=$!
    for _ in $(seq 1 600); do
        [ -e "$lines/$name.tty" ] && return 0
        kill -0 "$vb_pid" 2>/dev/null || break
        sleep 0.5
    done
    return 1
}

# the virtual board's line is a pseudo-terminal; a chroot without devpts
# has none to give
if ! python3 -c 'import pty; pty.openpty()' 2>/dev/null; then
    ok "skipped: this machine makes no pseudo-terminals (devpts is not mounted on /dev/pts), which sluice vboard needs"
    finish
fi

# the board the modules are built for, and the host programs name
board=icebreaker

# build EXAMPLE [OPTIONS...]: its module for $board and its host
build() {
    local ex=$1
    shift
    if ! "$sluice" build "examples/$ex/$ex.c" --board "$board" "$@" -o "$out/$ex.sluice" \
            >"$out/$ex.build.log" 2>&1; then
        bad "$ex" "build failed: $(tail -20 "$out/$ex.build.log")"
        return 1
    fi
    [ -f "examples/$ex/host.c" ] || return 0
    # shellcheck disable=SC2046
    if ! $cc -std=gnu11 -O2 -Wall -Wextra -Werror -I"$out/$ex.sluice" "examples/$ex/host.c" \
            $(pkg-config --cflags --libs sluice) -pthread -o "$out/$ex.host" \
            >"$out/$ex.cc.log" 2>&1; then
        bad "$ex" "the host program does not compile: $(cat "$out/$ex.cc.log")"
        return 1
    fi
}

# host EXAMPLE NAME WANT [VBOARD_ARGS --] HOST_ARGS...: the example's host
# program through a virtual board started with VBOARD_ARGS; passes when it
# exits 0 and prints WANT (and, with faults, when the board made some)
host() {
    local ex=$1 name=$2 want=$3 vargs=()
    shift 3
    if [ "${1:-}" = --faults ]; then
        vargs=(--corrupt 0.002 --drop 0.002 --dup 0.002 --seed 7)
        shift
    fi
    if ! start_vboard "$out/$ex.sluice" "$name" "${vargs[@]+"${vargs[@]}"}"; then
        bad "$name" "the virtual board did not come up: $(tail -20 "$out/$name.vboard.log")"
        return
    fi
    local t0=$SECONDS
    SLUICE_DEVICE=$board:$lines/$name.tty timeout -k 5 900 "$out/$ex.host" \
        "$out/$ex.sluice" "$@" >"$out/$name.host.log" 2>&1
    local st=$?
    stop_vboard
    local faults
    faults=$(grep "line faults" "$out/$name.vboard.log")
    if [ $st -ne 0 ] || ! grep -q -- "$want" "$out/$name.host.log"; then
        bad "$name" "exit $st: $(tail -5 "$out/$name.host.log"; tail -3 "$out/$name.vboard.log")"
    elif [ ${#vargs[@]} -gt 0 ] &&
        ! echo "$faults" | grep -qE "[1-9][0-9]* corrupted, [1-9][0-9]* dropped, [1-9][0-9]* duplicated"; then
        bad "$name" "the virtual board made no faults: $faults"
    else
        ok "$name ($((SECONDS - t0)) s: $(grep -- "$want" "$out/$name.host.log" | head -1 | sed 's/^host: //' | cut -c1-90)${vargs[*]+; ${faults#*line }})"
    fi
}

if build vscale; then
    host vscale vscale "all correct"
    host vscale vscale-faults "all correct" --faults
fi
# the same with its clock from the PLL (18 MHz: the UART at 6 clocks a bit)
if [ -x "$out/vscale.host" ] &&
    "$sluice" build examples/vscale/vscale.c --board icebreaker --clock 18MHz \
        -o "$out/vscale18.sluice" >"$out/vscale18.build.log" 2>&1; then
    cp "$out/vscale.host" "$out/vscale18.host"
    host vscale18 vscale-pll "all correct" --faults
else
    bad vscale-pll "build failed: $(tail -5 "$out/vscale18.build.log")"
fi
if build pipeline; then
    host pipeline pipeline "all equal to the C reference" 3000
    host pipeline pipeline-faults "all equal to the C reference" --faults 3000
fi
if build bulk; then
    host bulk bulk "none missing, none extra" 1
fi
board=hx8k
if build vadd --device-memory 4K; then
    host vadd vadd "all 256 elements correct" 256
    host vadd vadd-faults "all 256 elements correct" --faults 256
fi
board=icebreaker

# ---- fir: its I/O pipes are host pipes on the board
if build fir && start_vboard "$out/fir.sluice" fir; then
    python3 - "$out/fir.in.txt" <<'PY'
import random, sys
random.seed(3)
xs = [random.randint(-30000, 30000) for _ in range(300)]
open(sys.argv[1], "w").write("\n".join(map(str, xs)) + "\n")
PY
    "$sluice" run "$out/fir.sluice" --device "icebreaker:$lines/fir.tty" --start fir=300 \
        --in "adc=$out/fir.in.txt" --out "dac=$out/fir.out.txt:300" >"$out/fir.run.log" 2>&1
    st=$?
    stop_vboard
    if [ $st -eq 0 ] && python3 - "$out/fir.in.txt" "$out/fir.out.txt" <<'PY'
import sys
taps = [-6, 10, 40, 84, 84, 40, 10, -6]
xs = [int(v) for v in open(sys.argv[1]).read().split()]
ys = [int(v) for v in open(sys.argv[2]).read().split()]
line = [0] * 8
want = []
for x in xs:
    line = [x] + line[:7]
    acc = sum(t * v for t, v in zip(taps, line))
    y = (acc >> 8) & 0xFFFF
    want.append(y - 0x10000 if y >= 0x8000 else y)
assert ys == want, f"{len(ys)} outputs, first difference at {next((i for i, (a, b) in enumerate(zip(ys, want)) if a != b), None)}"
PY
    then
        ok "fir (300 samples through the I/O pipes made host pipes, each output the filter's)"
    else
        bad fir "exit $st: $(tail -5 "$out/fir.run.log")"
    fi
fi

# ---- a board the module was not built for; the board going away
if [ -x "$out/vscale.host" ] && start_vboard "$out/vscale.sluice" other; then
    o=$(SLUICE_DEVICE=upduino3:$lines/other.tty timeout -k 5 120 "$out/vscale.host" "$out/vscale.sluice" 2>&1)
    if [ $? -ne 0 ] && echo "$o" | grep -q "SLUICE_E_NO_IMAGE" &&
        echo "$o" | grep -q "no bitstream for board 'upduino3'"; then
        ok no-image
    else
        bad no-image "$o"
    fi
    ln -s "$(readlink "$lines/other.tty")" "$lines/gone.tty"
    stop_vboard
    # the host streams for minutes; the board stops under it
    if [ -x "$out/pipeline.host" ] && start_vboard "$out/pipeline.sluice" gone2; then
        SLUICE_DEVICE=icebreaker:$lines/gone2.tty timeout -k 5 300 "$out/pipeline.host" \
            "$out/pipeline.sluice" 5000000 >"$out/gone.host.log" 2>&1 &
        hp=$!
        sleep 2
        t0=$SECONDS
        stop_vboard
        wait $hp
        st=$?
        if [ $st -ne 0 ] && [ $st -ne 124 ] && grep -qiE "line|unplugged|stopped" "$out/gone.host.log"; then
            ok "gone (an error $((SECONDS - t0)) s after the board stopped: $(grep -iE "line|unplugged|stopped" "$out/gone.host.log" | head -1 | sed 's/^host: //' | cut -c1-100))"
        else
            bad gone "exit $st: $(cat "$out/gone.host.log")"
        fi
    fi
    o=$(SLUICE_DEVICE=icebreaker:$lines/gone.tty timeout -k 5 60 "$out/vscale.host" "$out/vscale.sluice" 2>&1)
    if [ $? -ne 0 ] && echo "$o" | grep -q "cannot open"; then
        ok gone-open
    else
        bad gone-open "$o"
    fi
else
    bad no-image "the virtual board did not come up"
fi

finish
