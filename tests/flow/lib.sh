# tests/flow/lib.sh -- what the flow's test scripts share; sourced, not run.
#
#   ok NAME, bad NAME WHY   one line per test (the runner's format), counted
#   expect_error NAME TEXT COMMAND...
#                           passes when COMMAND fails and says TEXT
#   finish                  "N passed, N failed", and the exit status

pass=0
fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }

expect_error() {
    local name=$1 text=$2
    shift 2
    local o
    o=$("$@" 2>&1)
    local st=$?
    if [ $st -ne 0 ] && echo "$o" | grep -qF -- "$text"; then
        ok "$name"
    else
        bad "$name" "exit $st, expected '$text' in: $(echo "$o" | tail -8)"
    fi
}

finish() {
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
    exit
}
