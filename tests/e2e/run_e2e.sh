#!/usr/bin/env bash
#
# tests/e2e/run_e2e.sh -- end-to-end tests of the host flow, as a user runs
# it: `sluice build` of the examples with host programs (vscale, pipeline,
# bulk, vadd) and of pipe_copy128.c into simulator modules, their host
# programs compiled with
# `pkg-config sluice` (-Wall -Wextra -Werror) and run on the simulator,
# and the test programs of this directory on the same modules:
#
#   - each example's host program: exit status 0 and its "all correct" line;
#   - the vscale host built and run exactly as examples/README.md says,
#     from the directory that holds vscale.sluice;
#   - SLUICE_TRACE=run.fst writes a non-empty FST waveform;
#   - the vscale host and errors.c under valgrind memcheck (no errors, no
#     leaks, no suppressions), and the pipeline host (two threads) built
#     with ASan and UBSan;
#   - deadlock.c: a read nothing will answer is SLUICE_E_DEADLOCK naming
#     the pipe and the kernel;
#   - errors.c: corrupt manifest, no sim image, unknown pipe or kernel,
#     sizes that are not whole words, wrong directions;
#   - vadd: pointer arguments over device memory, 1 MiB vectors copied in
#     and out, and a kernel run one element past c stopped by the
#     simulator's check with the store, the pointer and the line named;
#   - devmem.c: the device-memory API: copies at every offset, buffer
#     placement, and its errors;
#   - semantics.c: MinCapacity, non-blocking reads and writes on empty and
#     full pipes, several host threads, 1 MiB in single calls;
#   - pipe_bench.c: two host threads streaming through pipe_copy128.c keep
#     the simulator's link busy (words per cycle);
#   - lockstep.c: a host that sends each word after the result of the one
#     before, on blocks.c, whose loop reads its next word ahead.
#
# Usage: tests/e2e/run_e2e.sh [--rebuild]     (from anywhere)
#
# Modules are built once into build/e2e/NAME.sluice and reused while they
# are newer than their kernel source, the compiler, include/, rtl/ and sim/
# (--rebuild forces it); the Verilator runtime objects are shared through
# $SLUICE_SIM_CACHE (default build/sim/cache).  One PASS/FAIL line per
# check (the test programs print theirs), then "N passed, N failed";
# exit status 1 if any failed.  Logs: build/e2e/log/.  About 30 s on 2
# cores with the modules built, a minute more to build them (more the
# first time, while the Verilator runtime is compiled into the cache).

set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root" || exit 1

out=$root/build/e2e
log=$out/log
sluice=$root/build/bin/sluice
rebuild=0
[ "${1:-}" = "--rebuild" ] && rebuild=1

mkdir -p "$out" || exit 1
rm -rf "$log"
mkdir -p "$log" || exit 1

export PKG_CONFIG_PATH=$root/build${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
export SLUICE_SIM_CACHE=${SLUICE_SIM_CACHE:-$root/build/sim/cache}
unset SLUICE_DEVICE SLUICE_TRACE SLUICE_DEADLOCK_CYCLES
cc=${CC:-cc}
cflags="-std=gnu11 -O2 -g -Wall -Wextra -Werror"
limit=300 # seconds for each program run: a hang is a failure, not a stuck test

passed=0
failed=0

pass() {
    echo "PASS: $1"
    passed=$((passed + 1))
}

# fail NAME LOG: the check's line, then the end of its log
fail() {
    echo "FAIL: $1${2:+ (log: ${2#$root/})}"
    if [ -n "${2:-}" ] && [ -f "$2" ]; then
        tail -15 "$2" | sed 's/^/    /'
    fi
    failed=$((failed + 1))
}

# A test program's own PASS/FAIL lines count as checks; its exit status
# must agree with them.
relay() {
    local name=$1 rc=$2 file=$3 p f
    grep -E '^(PASS|FAIL): |^      ' "$file"
    p=$(grep -c '^PASS: ' "$file")
    f=$(grep -c '^FAIL: ' "$file")
    passed=$((passed + p))
    failed=$((failed + f))
    if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
        fail "$name exited with status $rc" "$file"
    elif [ "$p" = 0 ] && [ "$f" = 0 ]; then
        fail "$name printed no checks" "$file"
    fi
}

if [ ! -x "$sluice" ] || [ ! -f "$root/build/sluice.pc" ] || [ ! -f "$root/build/lib/libsluice.so" ]; then
    fail "build/bin/sluice, build/lib/libsluice.so and build/sluice.pc exist (run make)"
    echo "$passed passed, $failed failed"
    exit 1
fi

# ---- modules ---------------------------------------------------------------

# source NAME: the kernel source of module NAME
source_of() {
    case $1 in
    copy128) echo "tests/e2e/pipe_copy128.c" ;;
    blocks) echo "tests/e2e/blocks.c" ;;
    *) echo "examples/$1/$1.c" ;;
    esac
}

# fresh NAME: the module is there, complete, and newer than what it is made of
fresh() {
    local mod=$out/$1.sluice stamp=$out/$1.stamp
    [ "$rebuild" = 0 ] && [ -f "$stamp" ] && [ -f "$mod/manifest.json" ] &&
        [ -z "$(find "$root/$(dirname "$(source_of "$1")")" "$sluice" "$root/include" "$root/rtl" "$root/sim" \
            -newer "$stamp" -print -quit 2>/dev/null)" ]
}

# build_module NAME: on success, build/e2e/log/build_NAME.ok holds the
# seconds it took, and the stamp the time the build started (so that a
# compiler rebuilt meanwhile makes the next run build again)
build_module() {
    local name=$1 mod=$out/$1.sluice t0=$SECONDS
    rm -rf "$mod" "$out/$name.stamp"
    touch "$out/$name.stamp.new"
    if "$sluice" build "$(source_of "$name")" -o "$mod" >"$log/build_$name.log" 2>&1 &&
        [ -f "$mod/sim/libsluice_sim.so" ] && [ -f "$mod/$name.h" ]; then
        mv "$out/$name.stamp.new" "$out/$name.stamp"
        echo "$((SECONDS - t0))" >"$log/build_$name.ok"
        return 0
    fi
    [ -f "$mod/sim/libsluice_sim.so" ] ||
        echo "sluice build wrote no simulator image ($name.sluice/sim/libsluice_sim.so)" \
            >>"$log/build_$name.log"
    [ -f "$mod/$name.h" ] ||
        echo "sluice build wrote no host header ($name.sluice/$name.h)" >>"$log/build_$name.log"
    return 1
}

modules="vscale pipeline bulk vadd copy128 blocks"
pids=()
for m in $modules; do
    if fresh "$m"; then
        continue
    fi
    build_module "$m" &
    pids+=("$!:$m")
    # two builds at a time: each verilates and compiles a model
    while [ "$(jobs -rp | wc -l)" -ge 2 ]; do
        sleep 0.5
    done
done
built=""
for p in "${pids[@]+"${pids[@]}"}"; do
    wait "${p%%:*}"
    built="$built ${p#*:}"
done
ok_modules=""
for m in $modules; do
    case " $built " in
    *" $m "*)
        if [ -f "$log/build_$m.ok" ]; then
            pass "sluice build $(source_of "$m") -o build/e2e/$m.sluice ($(cat "$log/build_$m.ok") s)"
            ok_modules="$ok_modules $m"
        else
            fail "sluice build $(source_of "$m") -o build/e2e/$m.sluice" "$log/build_$m.log"
        fi
        ;;
    *)
        pass "build/e2e/$m.sluice is up to date (reused)"
        ok_modules="$ok_modules $m"
        ;;
    esac
done
have() {
    case " $ok_modules " in *" $1 "*) return 0 ;; esac
    return 1
}

# ---- host programs -----------------------------------------------------------

# compile NAME OUTPUT SOURCE [FLAGS...]
compile() {
    local name=$1 exe=$2 src=$3
    shift 3
    # shellcheck disable=SC2046
    if $cc $cflags "$@" "$src" $(pkg-config --cflags --libs sluice) -pthread -o "$exe" \
        >"$log/cc_$name.log" 2>&1; then
        return 0
    fi
    fail "$cc $cflags ${src#$root/} \$(pkg-config --cflags --libs sluice)" "$log/cc_$name.log"
    return 1
}

# run_host LOG DESCRIPTION EXPECTED_TEXT COMMAND...: exit 0 and a line
# with the text in its output (build/e2e/log/LOG.log)
run_host() {
    local name=$1 what=$2 want=$3 t0=$SECONDS
    shift 3
    timeout -k 5 "$limit" "$@" >"$log/$name.log" 2>&1
    local rc=$?
    [ $rc = 124 ] && echo "(killed after $limit s)" >>"$log/$name.log"
    if [ $rc = 0 ] && grep -q -- "$want" "$log/$name.log"; then
        pass "$what ($((SECONDS - t0)) s): $(grep -- "$want" "$log/$name.log" | head -1 | sed 's/^host: //')"
        return 0
    fi
    fail "$what (exit status $rc)" "$log/$name.log"
    return 1
}

# run_test NAME COMMAND...: a test program of this directory
run_test() {
    local name=$1
    shift
    timeout -k 5 "$limit" "$@" >"$log/$name.log" 2>&1
    local rc=$?
    [ $rc = 124 ] && echo "FAIL: $name killed after $limit s" >>"$log/$name.log"
    relay "$name" $rc "$log/$name.log"
}

# bench_rate: pipe_bench.c (make bench's host pipe table), a writer and a
# reader thread streaming 8 MiB each way through tests/e2e/pipe_copy128.c
# (128-bit words) at 1 MiB a call, every word checked.  The pipe's FIFO
# carries a word a cycle and the link (16 bytes a cycle) 15 words of a
# DATA frame in its 16 beats; the simulator must not clock them idle
# while the host has words to give, nor the bridge lose cycles between
# frames or spend them on STATUS frames: at least 0.82 words a cycle in
# the cycles in which both threads had a call under way (pipe_bench's
# cycles - away; the best of up to 5 runs).  How many cycles the device
# runs while a thread is between two of its calls follows how the machine
# schedules the threads, not sluice, so those are left out: 0.904 to
# 0.914 measured with the machine's load at 1.5, 0.90 to 0.94 at 5, where
# the raw figure went from 0.83 to 0.91; 0.874 and 0.826 in a `make test`
# on two cores, where the device waited 10 ms at most for a thread to
# come back (now 100 ms: pump.c, PASS_MAX_NS), and a thread's way back
# from one call into its count of the cycles still lies inside the calls.  Before the device waited for a thread
# whose call had all its words (pump.c, rt_wait_round), it was 0.79 to
# 0.89 under load; 0.72 to 0.80 when the model clocked on with its input
# empty, a cycle was lost between frames and a STATUS went every 16
# cycles.
bench_rate() {
    local best=0 i rate
    for i in 1 2 3 4 5; do
        timeout -k 5 "$limit" "$out/pipe_bench" "$out/copy128.sluice" 1048576:8388608 \
            >"$log/pipe_bench.log" 2>&1 || break
        rate=$(sed -n 's/.*"bytes": \([0-9]*\), "word": \([0-9]*\), .*"cycles": \([0-9]*\), "away": \([0-9]*\), "ok": true.*/\1 \2 \3 \4/p' \
            "$log/pipe_bench.log" | awk '{ printf "%.4f", $1 / $2 / ($3 - $4) }')
        [ -n "$rate" ] || break
        best=$(awk -v a="$best" -v b="$rate" 'BEGIN { print (b > a) ? b : a }')
        awk -v b="$best" 'BEGIN { exit !(b >= 0.82) }' && break
    done
    if [ -n "${rate:-}" ] && awk -v b="$best" 'BEGIN { exit !(b >= 0.82) }'; then
        pass "tests/e2e/pipe_bench: 1 MiB calls from two threads keep the link busy ($best words a cycle while both calls were under way, at least 0.82)"
    else
        fail "tests/e2e/pipe_bench: 1 MiB calls from two threads keep the link busy (best $best words a cycle while both calls were under way, want 0.82)" \
            "$log/pipe_bench.log"
    fi
}

if have vscale && compile vscale "$out/vscale-host" examples/vscale/host.c; then
    # exactly as a user runs it: from the directory holding vscale.sluice
    run_host vscale "examples/vscale/host" "all correct" sh -c "cd '$out' && ./vscale-host" &&
        grep -E '^host: (e\.g\.|[0-9]+ clock)' "$log/vscale.log" | sed 's/^/    /'
    rm -f "$out/run.fst"
    if run_host vscale_trace "examples/vscale/host with SLUICE_TRACE=run.fst" "all correct" \
        sh -c "cd '$out' && SLUICE_TRACE=run.fst ./vscale-host"; then
        size=$(stat -c %s "$out/run.fst" 2>/dev/null || echo 0)
        # an FST file opens with its header block, block type 0
        first=$(head -c 1 "$out/run.fst" 2>/dev/null | od -An -tu1 | tr -d ' ')
        if [ "$size" -gt 1000 ] && [ "$first" = 0 ]; then
            pass "SLUICE_TRACE=run.fst wrote an FST waveform: build/e2e/run.fst, $size bytes"
        else
            fail "SLUICE_TRACE=run.fst wrote an FST waveform (run.fst: $size bytes, first byte '$first')"
        fi
    fi
    if command -v valgrind >/dev/null; then
        run_host vscale_valgrind "examples/vscale/host under valgrind memcheck" "all correct" \
            valgrind -q --error-exitcode=1 --leak-check=full \
            "$out/vscale-host" "$out/vscale.sluice"
    else
        fail "valgrind is installed (make deps)"
    fi
fi
if have pipeline && compile pipeline "$out/pipeline-host" examples/pipeline/host.c \
    -I "$out/pipeline.sluice"; then
    run_host pipeline "examples/pipeline/host" "all equal to the C reference" \
        "$out/pipeline-host" "$out/pipeline.sluice" 20000 &&
        grep -E '^host: .*(words/s|cycles simulated)' "$log/pipeline.log" | sed 's/^/    /'
    if compile pipeline_asan "$out/pipeline-host-asan" examples/pipeline/host.c \
        -I "$out/pipeline.sluice" -fsanitize=address,undefined -fno-sanitize-recover=all \
        -fno-omit-frame-pointer; then
        run_host pipeline_asan "examples/pipeline/host with ASan and UBSan (2 threads)" \
            "all equal to the C reference" \
            env ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
            "$out/pipeline-host-asan" "$out/pipeline.sluice" 5000
    fi
fi
if have bulk && compile bulk "$out/bulk-host" examples/bulk/host.c; then
    run_host bulk "examples/bulk/host (4 MiB each way with map/unmap)" "none missing, none extra" \
        "$out/bulk-host" "$out/bulk.sluice" 4
fi

if have vadd && compile vadd "$out/vadd-host" examples/vadd/host.c; then
    run_host vadd "examples/vadd/host (device memory: 1 MiB vectors a + b -> c)" \
        "all 262144 elements correct" "$out/vadd-host" "$out/vadd.sluice"
    run_host vadd_overrun "examples/vadd/host --overrun: the store past c is reported" \
        "SLUICE_E_FAULT: kernel 'vadd': device memory access out of range: the store through 'c' at vadd.c:" \
        "$out/vadd-host" "$out/vadd.sluice" 1000 --overrun
    command -v valgrind >/dev/null &&
        run_host vadd_valgrind "examples/vadd/host under valgrind memcheck" "all 4096 elements correct" \
            valgrind -q --error-exitcode=1 --leak-check=full \
            "$out/vadd-host" "$out/vadd.sluice" 4096
fi

# ---- test programs -------------------------------------------------------------

if have vscale; then
    if compile deadlock "$out/deadlock" "$here/deadlock.c"; then
        run_test deadlock "$out/deadlock" "$out/vscale.sluice"
    fi
    if compile errors "$out/errors" "$here/errors.c"; then
        # two broken copies of the vscale module
        bad=$out/broken
        rm -rf "$bad"
        mkdir -p "$bad"
        cp -r "$out/vscale.sluice" "$bad/corrupt.sluice" &&
            head -c 200 "$out/vscale.sluice/manifest.json" >"$bad/corrupt.sluice/manifest.json" &&
            cp -r "$out/vscale.sluice" "$bad/noimage.sluice" &&
            python3 - "$bad/noimage.sluice/manifest.json" <<'PY'
import json, sys
with open(sys.argv[1]) as f:
    m = json.load(f)
del m["images"]["sim"]
with open(sys.argv[1], "w") as f:
    json.dump(m, f, indent=1)
PY
        run_test errors "$out/errors" "$out/vscale.sluice" "$bad/corrupt.sluice" "$bad/noimage.sluice"
        # the error paths of libsluice (failed loads, a busy device) leak nothing
        command -v valgrind >/dev/null &&
            run_host errors_valgrind "tests/e2e/errors under valgrind memcheck" " 0 failed" \
                valgrind -q --error-exitcode=1 --leak-check=full \
                "$out/errors" "$out/vscale.sluice" "$bad/corrupt.sluice" "$bad/noimage.sluice"
    fi
    if have vadd && compile devmem "$out/devmem" "$here/devmem.c"; then
        run_test devmem "$out/devmem" "$out/vadd.sluice" "$out/vscale.sluice"
    fi
    if compile semantics "$out/semantics" "$here/semantics.c"; then
        run_test semantics "$out/semantics" "$out/vscale.sluice"
    fi
    if have copy128 && compile pipe_bench "$out/pipe_bench" "$here/pipe_bench.c"; then
        bench_rate
    fi
fi
if have blocks; then
    # the design must be the one lockstep.c is about: its loop reads ahead
    if "$sluice" report "$out/blocks.sluice" >"$log/blocks_report.log" 2>&1 &&
        grep -q "(read ahead)" "$log/blocks_report.log"; then
        pass "blocks.sluice: the loop's exit block reads the next word ahead"
    else
        fail "blocks.sluice: the loop's exit block reads the next word ahead" "$log/blocks_report.log"
    fi
    if compile lockstep "$out/lockstep" "$here/lockstep.c"; then
        run_test lockstep "$out/lockstep" "$out/blocks.sluice"
    fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
