#!/usr/bin/env bash
#
# Tests of the host link (runtime/link/ and the bridge RTL in rtl/):
#
#   - test_proto: C unit test of runtime/link/proto.c (CRC, framing, the
#     link state machine against a scripted device), built with gcc and
#     clang, and once under ASan/UBSan;
#   - fuzz_proto: proto.c's receive path under ASan/UBSan, fed a correct
#     device stream mixed with random bytes, damaged frames and frames with
#     a good CRC that must be dropped (seeds 1, 2, 3 and $FUZZ_SEED,
#     default 4);
#   - cosim: the real proto.c against the real bridge RTL under Verilator
#     (tests/runtime/cosim_top.v + cosim_main.cpp), scenario by scenario:
#     control registers, bulk and 1-word throughput, ping-pong latency,
#     100k words under random back-pressure and byte damage both ways,
#     a kernel that stops reading, a host that stops reading, reconnects,
#     garbage on the wire into the bridge (fuzz: the kernels must see
#     exactly the words written, and the session must complete after it);
#     twice, with a 64-word flip-flop FIFO and a 512-word block-RAM FIFO
#     behind H2D pipe 0; and once more on a link of 16-byte beats in plain
#     framing (the bridge's LINK_W = 16, the simulator's link), where
#     nothing is damaged but forged and repeated frames come between the
#     host's (forge: the kernels must see exactly the words written); and
#     on 8-byte beats behind the FT245 synchronous FIFO PHY
#     (tests/runtime/cosim_ft_top.v), the harness playing the FTDI chip at
#     60 MHz against the bridge at 48 MHz, and at 100 MHz for bulk and
#     forge, checking the bus rules.
#
# Usage: tests/runtime/run.sh [BUILD_DIR]     (default build/runtime-tests)
#
# Prints one line per test (with the figures the cosim prints) and closes
# with "N passed, N failed"; exits 1 if any failed.

set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

build=${1:-$root/build/runtime-tests}
mkdir -p "$build" || exit 1
build=$(cd "$build" && pwd)
log=$build/log
rm -rf "$log"
mkdir -p "$log" || exit 1
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}

passed=0
failed=0

result() {
    local name=$1 rc=$2 extra=${3:-}
    if [ "$rc" = 0 ]; then
        echo "PASS: $name$extra"
        passed=$((passed + 1))
    else
        echo "FAIL: $name (log: $log/$name.log)"
        grep -E '^FAIL|rror' "$log/$name.log" | head -10 | sed 's/^/    /'
        failed=$((failed + 1))
    fi
}

link=$root/runtime/link
rtl=$root/rtl
cflags="-std=gnu11 -Wall -Wextra -Werror -O2 -g -I$link"

#
# Unit test of proto.c
#
for cc in gcc clang-19; do
    if ! command -v $cc >/dev/null; then
        continue
    fi
    name=test_proto_$cc
    if $cc $cflags -o "$build/$name" "$here/test_proto.c" "$link/proto.c" >"$log/$name.log" 2>&1 &&
        "$build/$name" >>"$log/$name.log" 2>&1; then
        result "$name" 0 " ($(tail -1 "$log/$name.log"))"
    else
        result "$name" 1
    fi
done

name=test_proto_asan
if gcc $cflags -fsanitize=address,undefined -fno-sanitize-recover=all -o "$build/$name" \
        "$here/test_proto.c" "$link/proto.c" >"$log/$name.log" 2>&1 &&
    "$build/$name" >>"$log/$name.log" 2>&1; then
    result "$name" 0 " ($(tail -1 "$log/$name.log"))"
else
    result "$name" 1
fi

name=fuzz_proto
if gcc $cflags -fsanitize=address,undefined -fno-sanitize-recover=all -o "$build/$name" \
        "$here/fuzz_proto.c" "$link/proto.c" >"$log/$name.log" 2>&1 &&
    "$build/$name" "${FUZZ_SEED:-4}" >>"$log/$name.log" 2>&1; then
    result "$name" 0 " ($(tail -1 "$log/$name.log"))"
    grep -E '^PASS: seed' "$log/$name.log" | sed 's/^PASS: /    /'
else
    result "$name" 1
fi

# the unit-test runner (tests/run_tests.py) looks for build/tests/runtime/test_proto
mkdir -p "$root/build/tests/runtime" && cp "$build/test_proto_gcc" "$root/build/tests/runtime/test_proto" 2>/dev/null

#
# Co-simulation
#
rtl_srcs="$rtl/sluice_host_bridge.v $rtl/sluice_crc.v $rtl/sluice_link_rx.v $rtl/sluice_link_tx.v
    $rtl/sluice_link_ring.v $rtl/sluice_link_dispatch.v $rtl/sluice_csr.v $rtl/sluice_link_txbuf.v
    $rtl/sluice_link_sender.v $rtl/sluice_plain_rx.v $rtl/sluice_plain_tx.v $rtl/sluice_fifo.v"

# build_cosim DEPTH LINK_W [ft]: the harness for H2D pipe 0 of DEPTH words,
# on a link of LINK_W bytes a cycle (1: the byte link; 16: plain framing);
# with ft, behind the FT245 PHY
build_cosim() {
    local depth=$1 w=$2 ft=${3:-}
    local dir=$build/cosim${depth}_w$w$ft
    local top=cosim_top srcs="$here/cosim_top.v $rtl_srcs" defs=""
    if [ -n "$ft" ]; then
        top=cosim_ft_top
        srcs="$here/cosim_ft_top.v $srcs $rtl/sluice_ft245_phy.v $rtl/sluice_async_fifo.v"
        defs=-DFT245
    fi
    rm -rf "$dir"
    mkdir -p "$dir"
    gcc $cflags -c "$link/proto.c" -o "$dir/proto.o" &&
        verilator --cc --exe --build -j "$jobs" -O2 -Wall --Mdir "$dir" --top-module $top \
            --prefix Vcosim_top -GDEPTH0="32'd$depth" -GLINK_W="$w" \
            -CFLAGS "-O2 -I$link -I$root/sim -DDEPTH0=$depth -DLINK_W=$w $defs" \
            $srcs "$here/cosim_main.cpp" "$dir/proto.o" -o cosim
}

# the plain link is lossless: the scenarios that damage bytes are the byte
# link's alone
scenarios_w1="csr bulk oneword pingpong stress heavy nokernel hostfull reconnect fuzz"
scenarios_w16="csr bulk oneword pingpong nokernel hostfull reconnect forge"
# the FT245 PHY; @MHZ: the bridge's clock, if not 48 MHz
scenarios_w8ft="csr bulk oneword pingpong nokernel hostfull reconnect forge bulk@100 forge@100"

for cfg in 64:1 512:1 64:16 64:8ft; do
    depth=${cfg%:*} w=${cfg#*:} ft=
    case $w in *ft) w=${w%ft} ft=ft ;; esac
    sfx=depth$depth
    [ "$w" = 1 ] || sfx=${sfx}_beat$w
    [ -z "$ft" ] || sfx=${sfx}_ft245
    name=cosim_build_$sfx
    build_cosim "$depth" "$w" $ft >"$log/$name.log" 2>&1
    rc=$?
    result "$name" $rc
    [ $rc = 0 ] || continue
    pids=()
    eval "scenarios=\$scenarios_w$w$ft"
    for sc in $scenarios; do
        mhz=48
        case $sc in *@*) mhz=${sc#*@} ;; esac
        FT_SYS_MHZ=$mhz "$build/cosim${depth}_w$w$ft/cosim" "${sc%@*}" 1 >"$log/cosim_${sc/@/_}_$sfx.log" 2>&1 &
        pids+=("$!:${sc/@/_}")
        while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
            sleep 0.2
        done
    done
    for p in "${pids[@]}"; do
        wait "${p%%:*}"
        rc=$?
        sc=${p#*:}
        name=cosim_${sc}_$sfx
        result "$name" $rc " ($(grep -E '^[0-9]+ passed' "$log/$name.log"))"
        grep -E '^  (throughput|round trip|cycles|garbage)' "$log/$name.log" | sed 's/^  /    /'
    done
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
