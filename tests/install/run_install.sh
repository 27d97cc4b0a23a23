#!/usr/bin/env bash
#
# `make install` into a scratch prefix, then the user's flow from outside
# the source tree with nothing but the installed files: the issue's
# commands, word for word, with PATH and PKG_CONFIG_PATH pointing at the
# prefix (a real install to /usr/local needs neither):
#
#   sluice build vscale.c -o vscale.sluice
#   cc host.c $(pkg-config --cflags --libs sluice) -o host && ./host
#
# Checks that the installed compiler finds its kernel header, rtl/ and the
# simulator's build script under PREFIX/share/sluice, that the .pc file's
# flags compile and link a host program that runs without LD_LIBRARY_PATH,
# and that the host program's results are right (it checks them itself).
# Prints PASS/FAIL lines and "N passed, N failed".

set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$root/build/tests/install
rm -rf "$work"
mkdir -p "$work/user" || exit 1
prefix=$work/prefix
passed=0 failed=0

result() {
    if [ "$1" = 0 ]; then
        echo "PASS: $2"; passed=$((passed + 1))
    else
        echo "FAIL: $2"; sed 's/^/    /' "$3" | tail -15; failed=$((failed + 1))
    fi
}

make -C "$root" -s install PREFIX="$prefix" >"$work/install.log" 2>&1
result $? "make install PREFIX=..." "$work/install.log"

cp "$root/examples/vscale/vscale.c" "$root/examples/vscale/host.c" "$work/user/"
cd "$work/user" || exit 1
export PATH=$prefix/bin:$PATH PKG_CONFIG_PATH=$prefix/lib/pkgconfig
unset SLUICE_HOME

sluice build vscale.c -o vscale.sluice >build.log 2>&1 &&
    [ -f vscale.sluice/sim/libsluice_sim.so ] && [ -f vscale.sluice/vscale.h ]
result $? "the installed sluice builds vscale.c outside the tree (with its simulator image)" build.log

cc host.c $(pkg-config --cflags --libs sluice) -o host >cc.log 2>&1
result $? "cc host.c \$(pkg-config --cflags --libs sluice)" cc.log

./host >host.log 2>&1 && grep -q 'all correct' host.log
result $? "./host runs against the installed libsluice and checks its results" host.log

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
