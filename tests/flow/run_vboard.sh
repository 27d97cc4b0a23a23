#!/usr/bin/env bash
#
# The virtual board (`sluice vboard`) and libsluice's UART transport, end
# to end: examples/vscale built for the iCEBreaker, its board design (PHY,
# reset and all) in Verilator behind a pseudo-terminal, and the unchanged
# examples/vscale/host.c reaching it with SLUICE_DEVICE=icebreaker:PTY.
#
#   clean       a clean line: all 4096 results right;
#   faults      a line that corrupts, drops and duplicates bytes (1 in 1000
#               each): all results still right (the link's CRC and
#               retries), and the virtual board reports the faults it made;
#   no-image    SLUICE_DEVICE names a board the module has no bitstream
#               for: SLUICE_E_NO_IMAGE, naming the board;
#   gone        the virtual board stopped: the host fails with an error
#               about the line, in bounded time (no hang).
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
mkdir -p "$out" || exit 1
cd "$root" || exit 1

pass=0
fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
vb_pid=

stop_vboard() {
    [ -n "$vb_pid" ] || return 0
    kill -TERM "$vb_pid" 2>/dev/null
    wait "$vb_pid" 2>/dev/null
    vb_pid=
}
trap stop_vboard EXIT

# start_vboard NAME ARGS...: the virtual board in the background, its
# terminal linked at $out/NAME.tty once it is up
start_vboard() {
    local name=$1
    shift
    "$sluice" vboard "$out/vscale.sluice" --link "$out/$name.tty" "$@" \
        >"$out/$name.vboard.out" 2>"$out/$name.vboard.log" &
    vb_pid=$!
    for _ in $(seq 1 600); do
        [ -e "$out/$name.tty" ] && return 0
        kill -0 "$vb_pid" 2>/dev/null || break
        sleep 0.5
    done
    return 1
}

mod=$out/vscale.sluice
if ! "$sluice" build examples/vscale/vscale.c --board icebreaker -o "$mod" \
        >"$out/build.log" 2>&1; then
    bad build "$(tail -20 "$out/build.log")"
    echo "$pass passed, $fail failed"
    exit 1
fi
# shellcheck disable=SC2046
if ! $cc -std=gnu11 -O2 -Wall -Wextra -Werror examples/vscale/host.c \
        $(pkg-config --cflags --libs sluice) -o "$out/host" >"$out/cc.log" 2>&1; then
    bad build "$(cat "$out/cc.log")"
    echo "$pass passed, $fail failed"
    exit 1
fi

# ---- a clean line
if start_vboard clean; then
    t0=$SECONDS
    if SLUICE_DEVICE=icebreaker:$out/clean.tty timeout -k 5 600 "$out/host" "$mod" \
            >"$out/clean.host.log" 2>&1 && grep -q "all correct" "$out/clean.host.log"; then
        ok "clean ($((SECONDS - t0)) s through the virtual board: $(grep "all correct" "$out/clean.host.log" | head -1))"
    else
        bad clean "$(tail -5 "$out/clean.host.log"; tail -5 "$out/clean.vboard.log")"
    fi
    stop_vboard
else
    bad clean "the virtual board did not come up: $(tail -20 "$out/clean.vboard.log")"
fi

# ---- a line with faults
if start_vboard faults --corrupt 0.001 --drop 0.001 --dup 0.001 --seed 7; then
    t0=$SECONDS
    if SLUICE_DEVICE=icebreaker:$out/faults.tty timeout -k 5 900 "$out/host" "$mod" \
            >"$out/faults.host.log" 2>&1 && grep -q "all correct" "$out/faults.host.log"; then
        stop_vboard
        line=$(grep "line faults" "$out/faults.vboard.log")
        if echo "$line" | grep -qE "faults: [1-9][0-9]* corrupted, [1-9][0-9]* dropped, [1-9][0-9]* duplicated"; then
            ok "faults ($((SECONDS - t0)) s; ${line#*line })"
        else
            bad faults "the virtual board made no faults: $line"
        fi
    else
        bad faults "$(tail -5 "$out/faults.host.log"; tail -5 "$out/faults.vboard.log")"
    fi
    stop_vboard
else
    bad faults "the virtual board did not come up: $(tail -20 "$out/faults.vboard.log")"
fi

# ---- a board the module was not built for
if start_vboard other; then
    o=$(SLUICE_DEVICE=upduino3:$out/other.tty timeout -k 5 120 "$out/host" "$mod" 2>&1)
    if [ $? -ne 0 ] && echo "$o" | grep -q "SLUICE_E_NO_IMAGE" &&
        echo "$o" | grep -q "no bitstream for board 'upduino3'"; then
        ok no-image
    else
        bad no-image "$o"
    fi
    # ---- the board goes away
    ln -s "$(readlink "$out/other.tty")" "$out/gone.tty"
    stop_vboard
    t0=$SECONDS
    o=$(SLUICE_DEVICE=icebreaker:$out/gone.tty timeout -k 5 120 "$out/host" "$mod" 2>&1)
    st=$?
    if [ $st -ne 0 ] && [ $st -ne 124 ] && echo "$o" | grep -qiE "line|cannot open|unplugged"; then
        ok "gone (an error after $((SECONDS - t0)) s: $(echo "$o" | head -1 | cut -c1-120))"
    else
        bad gone "exit $st: $o"
    fi
else
    bad no-image "the virtual board did not come up: $(tail -20 "$out/other.vboard.log")"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
