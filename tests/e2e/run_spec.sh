#!/usr/bin/env bash
#
# tests/e2e/run_spec.sh -- specialization constants bound at build time,
# end to end on the simulator:
#
#   - `sluice build tests/e2e/spec/gain.c --spec-register gain
#     --spec-register gain_shift` writes a module whose manifest says
#     "binding": "register" for those two and "folded" for bias, whose
#     sluice_core has the inputs spec_gain and spec_gain_shift, and whose
#     sluice_top wires them from the host bridge's spec_values;
#   - its host program (spec/host.c, built with pkg-config sluice) runs the
#     started kernel with the default gain, then after
#     sluice_module_set_spec(gain) twice, and the autorun kernel before and
#     after setting gain_shift; a folded constant refuses another value;
#   - `--spec bias=7` records the value in the manifest; an unknown name,
#     a value that does not fit and a malformed --spec are errors that say
#     so.
#
# Usage: tests/e2e/run_spec.sh     (from anywhere)
# One PASS/FAIL line per check, then "N passed, N failed"; exit status 1 if
# any failed.  Work files: build/e2e/spec/.

set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root" || exit 1

out=$root/build/e2e/spec
sluice=$root/build/bin/sluice
src=tests/e2e/spec/gain.c
rm -rf "$out"
mkdir -p "$out" || exit 1
export PKG_CONFIG_PATH=$root/build${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
export SLUICE_SIM_CACHE=${SLUICE_SIM_CACHE:-$root/build/sim/cache}
unset SLUICE_DEVICE SLUICE_TRACE SLUICE_DEADLOCK_CYCLES

passed=0
failed=0

check() { # NAME, then a command whose status decides
    local name=$1
    shift
    if "$@"; then
        echo "PASS: $name"
        passed=$((passed + 1))
    else
        echo "FAIL: $name"
        [ -s "$out/err" ] && sed 's/^/    stderr: /' "$out/err" | head -15
        failed=$((failed + 1))
    fi
}

# binding MODULE NAME: the manifest's binding and value of constant NAME
binding() {
    python3 -c 'import json, sys
m = json.load(open(sys.argv[1] + "/manifest.json"))
print(" ".join("%s %d" % (s["binding"], s["value"]) for s in m["spec_constants"] if s["name"] == sys.argv[2]))' "$1" "$2"
}

mod=$out/gain.sluice
check "sluice build $src --spec-register gain --spec-register gain_shift" \
    "$sluice" build "$src" -o "$mod" -q --spec-register gain --spec-register gain_shift 2>"$out/err"
check "the manifest: gain and gain_shift are registers, bias is folded" \
    test "$(binding "$mod" gain)/$(binding "$mod" gain_shift)/$(binding "$mod" bias)" = \
    "register 3/register 1/folded 65534"
check "sluice_core has the inputs spec_gain and spec_gain_shift, not spec_bias" \
    bash -c "grep -q 'input  wire \[31:0\]     spec_gain,' '$mod/rtl/sluice_core.v' &&
             grep -q 'spec_gain_shift' '$mod/rtl/sluice_core.v' &&
             ! grep -q 'spec_bias' '$mod/rtl/sluice_core.v'"
check "sluice_top drives them from the bridge's spec words 0 and 2" \
    bash -c "grep -q '\.spec_gain(spec_values\[31:0\])' '$mod/rtl/sluice_top.v' &&
             grep -q '\.spec_gain_shift(spec_values\[71:64\])' '$mod/rtl/sluice_top.v'"

# shellcheck disable=SC2046
if cc -std=gnu11 -O2 -g -Wall -Wextra -Werror tests/e2e/spec/host.c \
    $(pkg-config --cflags --libs sluice) -o "$out/host" 2>"$out/err"; then
    timeout -k 5 300 "$out/host" "$mod" >"$out/host.log" 2>&1
    rc=$?
    grep -E '^(PASS|FAIL): |^      ' "$out/host.log"
    p=$(grep -c '^PASS: ' "$out/host.log")
    f=$(grep -c '^FAIL: ' "$out/host.log")
    passed=$((passed + p))
    failed=$((failed + f))
    if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
        echo "FAIL: the host program exited with status $rc"
        tail -15 "$out/host.log" | sed 's/^/    /'
        failed=$((failed + 1))
    fi
else
    check "cc tests/e2e/spec/host.c \$(pkg-config --cflags --libs sluice)" false
fi

# --spec NAME=VALUE, and its errors (Verilog only: no simulator image)
check "--spec bias=7 --spec gain=-9: the manifest records the folded values" \
    bash -c "'$sluice' build '$src' -o '$out/set.sluice' -q --no-sim-image --spec bias=7 \
                 --spec gain=-9 2>'$out/err' &&
             [ \"\$(python3 -c 'import json; m = json.load(open(\"$out/set.sluice/manifest.json\"));
print(sorted((s[\"name\"], s[\"binding\"], s[\"value\"]) for s in m[\"spec_constants\"]))')\" = \
               \"[('bias', 'folded', 7), ('gain', 'folded', 4294967287), ('gain_shift', 'folded', 1)]\" ]"

# errs NAME TEXT OPTIONS...: the build fails with TEXT in its message
errs() {
    local name=$1 text=$2
    shift 2
    check "$name" bash -c "! '$sluice' build '$src' -o '$out/bad.sluice' -q --no-sim-image $* \
        2>'$out/err' && grep -qF -- \"$text\" '$out/err'"
}
errs "--spec of an unknown name is an error naming the declared ones" \
    "no specialization constant named 'nope' in the sources (they declare 'gain', 'bias', 'gain_shift')" \
    --spec nope=1
errs "--spec-register of an unknown name is an error" \
    "--spec-register nope: no specialization constant named 'nope'" --spec-register nope
errs "--spec with a value beyond the type's range is an error" \
    "--spec bias=40000: the value does not fit the constant's type int16_t" --spec bias=40000
errs "--spec with a negative value for an unsigned type is an error" \
    "the value does not fit the constant's type uint8_t" --spec gain_shift=-1
errs "--spec with a value that is not a number is an error" \
    "--spec gain=x1: 'x1' is not a number" --spec gain=x1
errs "--spec without NAME=VALUE is an error" "expected NAME=VALUE" --spec gain

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
