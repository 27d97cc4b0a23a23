# tests/rtl/jobs.sh -- the job runner the RTL test scripts share (sourced,
# not run): runs the tests of the array `tests` ("NAME|COMMAND" each), JOBS
# at a time, each in its own directory $build/NAME with its output in
# $log/NAME.log; prints "PASS: NAME (details)" or "FAIL: NAME (log: ...)"
# with the log's error lines, and closes with "N passed, N failed".
#
# The sourcing script sets build, log, jobs and tests, defines
# `details NAME` (what to show after a passing test; may print nothing),
# then calls run_tests, whose status is 0 when every test passed.
# ONLY=REGEX runs only the tests whose name matches.

# "N LUT4, N FF, N CARRY, N RAM40_4K" of the yosys log of test NAME, for
# the tests that synthesise (their `cells` and `ffs` read $build/NAME).
ice40_counts() {
    echo "$(cells SB_LUT4) LUT4, $(ffs) FF, $(cells SB_CARRY) CARRY, $(cells SB_RAM40_4K) RAM40_4K"
}

# The closing "N passed, N failed" of a self-checking bench's log.
bench_counts() {
    grep -E '^[0-9]+ passed, [0-9]+ failed' "$log/$1.log" | tail -1
}

run_one() {
    local name=$1 cmd=$2
    mkdir -p "$build/$name"
    (cd "$build/$name" && eval "$cmd") >"$log/$name.log" 2>&1
    echo $? >"$log/$name.rc"
}

report() {
    local name=$1 extra
    if [ "$(cat "$log/$name.rc" 2>/dev/null)" = 0 ]; then
        extra=$(details "$name")
        echo "PASS: $name${extra:+ ($extra)}"
        passed=$((passed + 1))
    else
        echo "FAIL: $name (log: $log/$name.log)"
        sed -n -e '/^FAIL/p' -e '/[Ee]rror/p' -e '/^%Warning/p' "$log/$name.log" | head -10 |
            sed 's/^/    /'
        failed=$((failed + 1))
    fi
}

run_tests() {
    local t name r still running=()
    passed=0
    failed=0
    for t in "${tests[@]}"; do
        name=${t%%|*}
        if [ -n "${ONLY:-}" ] && ! echo "$name" | grep -Eq -- "$ONLY"; then
            continue
        fi
        run_one "$name" "${t#*|}" &
        running+=("$!:$name")
        while [ "${#running[@]}" -ge "$jobs" ]; do
            wait -n
            still=()
            for r in "${running[@]}"; do
                if kill -0 "${r%%:*}" 2>/dev/null; then
                    still+=("$r")
                else
                    wait "${r%%:*}"
                    report "${r#*:}"
                fi
            done
            running=("${still[@]}")
        done
    done
    for r in "${running[@]}"; do
        wait "${r%%:*}"
        report "${r#*:}"
    done
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
