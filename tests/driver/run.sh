#!/usr/bin/env bash
#
# Tests of what `sluice build` writes besides the Verilog (hls/driver/):
#
#   manifest    the host link numbering in manifest.json (design_id, core,
#               link_id, ctrl, arg_word, host_header) for accessors.c, a
#               module with a struct host pipe, a kernel with padded
#               arguments, a kernel without any and two d2h pipes;
#   header      the typed accessor header accessors.h: host code using it
#               compiles and links with -Wall -Wextra -Werror, and host code
#               that passes a wrong type, reads into a wrong pointer,
#               declares the pipe's struct with another size or not at all
#               does not compile;
#   image-fail  a simulator image whose build fails (a stand-in
#               build-model.sh): the error names build.log and quotes it,
#               and the manifest lists no sim image;
#   image-args  the stand-in sees every Verilog file, sluice_top and the
#               cache, and the manifest then lists the image;
#   ice40       --target ice40 builds the Verilog and the header, no image;
#   sim         the real thing, once: the module verilated (progress line,
#               build.log, no work directory left), and host_run.c drives
#               it on the simulator through libsluice and accessors.h.
#
# Usage: tests/driver/run.sh        (outputs in build/tests/driver/)
# Prints one line per test and "N passed, N failed"; exits 1 if any failed.

set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$root/build/tests/driver
sluice=${SLUICE:-$root/build/bin/sluice}
export SLUICE_SIM_CACHE=${SLUICE_SIM_CACHE:-$root/build/sim/cache}
cc=${CC:-cc}
warn="-Wall -Wextra -Werror -I$root/include -I$here"
cflags="-std=gnu11 $warn"

rm -rf "$out"
mkdir -p "$out" || exit 1

passed=0
failed=0
pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() {
    echo "FAIL: $1"
    [ $# -gt 1 ] && [ -f "$2" ] && tail -n 15 "$2" | sed 's/^/    /'
    failed=$((failed + 1))
}

mod=$out/accessors.sluice
hdr=$mod/accessors.h

#
# manifest
#
if "$sluice" build "$here/accessors.c" -o "$mod" --no-sim-image -q >"$out/build.log" 2>&1; then
    if python3 - "$mod" >"$out/manifest.log" 2>&1 <<'EOF'
import json, os, re, sys
d = sys.argv[1]
m = json.load(open(os.path.join(d, "manifest.json")))
def want(what, got, exp):
    if got != exp:
        sys.exit(f"{what}: got {got!r}, want {exp!r}")
want("top", m.get("top"), "sluice_top")
want("core", m.get("core"), "sluice_core")
want("host_header", m.get("host_header"), "accessors.h")
did = m.get("design_id")
if not isinstance(did, int) or not 0 <= did < 1 << 32:
    sys.exit(f"design_id {did!r} is not a 32-bit unsigned integer")
hdr = open(os.path.join(d, "accessors.h")).read()
mt = re.search(r"#define accessors_DESIGN_ID 0x([0-9a-f]{8})u", hdr)
want("the header's accessors_DESIGN_ID", mt and int(mt.group(1), 16), did)
pipes = {p["name"]: p for p in m["pipes"]}
want("pairs link_id", pipes["pairs"].get("link_id"), 0)
want("pairs type", pipes["pairs"].get("type"), "struct pair")
want("sums link_id", pipes["sums"].get("link_id"), 0)
want("ticks link_id", pipes["ticks"].get("link_id"), 1)
ks = {k["name"]: k for k in m["kernels"]}
want("combine ctrl", ks["combine"].get("ctrl"), 0)
want("tick ctrl", ks["tick"].get("ctrl"), 1)
want("combine args_size", ks["combine"]["args_size"], 8)
want("combine params", [(p["name"], p["offset"], p.get("arg_word")) for p in ks["combine"]["params"]],
     [("k", 0, 0), ("n", 4, 1)])
want("images", sorted(m["images"]), ["verilog"])
want("a sim/ directory", os.path.exists(os.path.join(d, "sim")), False)
print("manifest ok")
EOF
    then
        pass "manifest"
    else
        fail "manifest" "$out/manifest.log"
    fi
else
    fail "manifest: sluice build" "$out/build.log"
fi

#
# header: right types compile and link; wrong ones do not
#
if [ -f "$hdr" ] && $cc $cflags -I"$mod" -o "$out/host_ok" "$here/host_ok.c" \
        -L"$root/build/lib" -lsluice >"$out/host_ok.log" 2>&1; then
    pass "header: host code with the right types compiles and links (-Wall -Wextra -Werror)"
else
    fail "header: host code with the right types compiles and links" "$out/host_ok.log"
fi
# the header is also C for clang and C++ (static_assert, no designated
# initializers of its own)
for c in "clang-19 -std=c11 -pedantic" "g++ -std=c++11 -x c++" "g++ -std=c++20 -x c++"; do
    set -- $c
    command -v "$1" >/dev/null || continue
    if $c $warn -I"$mod" -c -o "$out/host_ok.o" "$here/host_ok.c" \
            >"$out/host_ok-$1.log" 2>&1; then
        pass "header: compiles with $c"
    else
        fail "header: compiles with $c" "$out/host_ok-$1.log"
    fi
done

# must_not_compile FILE WHAT EXPECTED-MESSAGE-REGEX: compiles stdin as
# FILE.c, which must fail with a message matching the regex (so that it
# fails for the right reason)
must_not_compile() {
    local name=$1 what=$2 re=$3
    cat >"$out/$name.c"
    if $cc $cflags -I"$mod" -c -o "$out/$name.o" "$out/$name.c" >"$out/$name.log" 2>&1; then
        fail "header: $what is rejected (it compiled)"
    elif grep -Eq "$re" "$out/$name.log"; then
        pass "header: $what is rejected"
    else
        fail "header: $what is rejected, but not with /$re/" "$out/$name.log"
    fi
}

must_not_compile bad_write "an int written to the struct pipe" "incompatible type" <<'EOF'
#include "pair.h"
#include <accessors.h>
int f(sluice_module *mod) { return accessors_pairs_write(mod, 5); }
EOF
must_not_compile bad_read "a read into an int64_t" "incompatible pointer" <<'EOF'
#include "pair.h"
#include <accessors.h>
int f(sluice_module *mod) { int64_t v; return accessors_sums_read(mod, &v); }
EOF
must_not_compile bad_start "a start with too few arguments" "too few arguments" <<'EOF'
#include "pair.h"
#include <accessors.h>
int f(sluice_module *mod) { return accessors_combine_start(mod, 3); }
EOF
must_not_compile bad_size "a struct pair of another size" "carries 4-byte words" <<'EOF'
#include <stdint.h>
struct pair { int32_t x; uint16_t y; };
#include <accessors.h>
int f(sluice_module *mod) { struct pair p = {1, 2}; return accessors_pairs_write(mod, p); }
EOF
must_not_compile no_struct "struct pair not declared" "incomplete type .struct pair" <<'EOF'
#include <accessors.h>
int f(sluice_module *mod) { return accessors_tick_start(mod); }
EOF

#
# image-fail and image-args: a stand-in build-model.sh under a stand-in home
#
fake=$out/fakehome
mkdir -p "$fake/sim"
ln -s "$root/include" "$fake/include"
ln -s "$root/rtl" "$fake/rtl"
cat >"$fake/sim/build-model.sh" <<'EOF'
#!/bin/sh
# records how it was called; fails if FAKE_FAIL is set, else writes OUT.so
{ echo "cache=${SLUICE_SIM_CACHE:-}"; for a in "$@"; do echo "arg=$a"; done; } >"$FAKE_RECORD"
while getopts t:j:w:u:r: opt; do :; done
shift $((OPTIND - 1))
mkdir -p "$3"
if [ -n "${FAKE_FAIL:-}" ]; then
    i=0; while [ $i -lt 30 ]; do echo "noise line $i"; i=$((i + 1)); done
    echo "%Error: the last words of the failed build" >&2
    exit 3
fi
echo "not really a library" >"$1"
EOF

fmod=$out/fail.sluice
if FAKE_FAIL=1 FAKE_RECORD=$out/fail.record SLUICE_HOME=$fake \
        "$sluice" build "$here/accessors.c" -o "$fmod" >"$out/fail.log" 2>&1; then
    fail "image-fail: the build reports the failure (it exited 0)" "$out/fail.log"
elif ! grep -q "sim/build.log" "$out/fail.log" ||
     ! grep -q "the last words of the failed build" "$out/fail.log" ||
     grep -q "noise line 5$" "$out/fail.log"; then
    fail "image-fail: the error names build.log and quotes its last lines" "$out/fail.log"
elif [ -e "$fmod/sim/libsluice_sim.so" ] || ! grep -q "noise line 29" "$fmod/sim/build.log" ||
     ! python3 -c 'import json,sys; sys.exit("sim" in json.load(open(sys.argv[1]))["images"])' \
        "$fmod/manifest.json"; then
    fail "image-fail: no image is left or listed, build.log has it all" "$out/fail.log"
elif ! FAKE_RECORD=$out/again.record SLUICE_HOME=$fake \
        "$sluice" build "$here/accessors.c" -o "$fmod" -q >"$out/again.log" 2>&1; then
    fail "image-fail: the module can be rebuilt after a failed image" "$out/again.log"
else
    pass "image-fail"
fi

amod=$out/args.sluice
if ! FAKE_RECORD=$out/args.record SLUICE_HOME=$fake SLUICE_SIM_CACHE=$out/cache-x \
        "$sluice" build "$here/accessors.c" -o "$amod" -q >"$out/args.log" 2>&1; then
    fail "image-args: sluice build" "$out/args.log"
elif ! python3 - "$amod" "$out/args.record" "$out/cache-x" >"$out/args.check" 2>&1 <<'EOF'
import json, os, sys
d, rec, cache = sys.argv[1:4]
lines = open(rec).read().splitlines()
args = [l[4:] for l in lines if l.startswith("arg=")]
m = json.load(open(os.path.join(d, "manifest.json")))
if lines[0] != "cache=" + cache:
    sys.exit(f"build-model.sh saw {lines[0]!r}, want the cache {cache}")
opts = {}
while args and args[0].startswith("-"):
    opts[args[0]] = args[1] if len(args) > 1 else None
    args = args[2:]
w = opts.pop("-w", None)
if not w or not w.isdigit() or int(w) < 1 or int(w) & (int(w) - 1) or opts:
    sys.exit(f"build-model.sh options -w {w!r} and {opts}, want -w BEAT only")
if args[0] != os.path.join(d, "sim/libsluice_sim.so") or args[1] != "sluice_top" or \
        args[2] != os.path.join(d, "sim/obj"):
    sys.exit(f"build-model.sh arguments {args[:3]}")
want = [os.path.join(d, "rtl", f) for f in m["images"]["verilog"]["files"]]
if sorted(args[3:]) != sorted(want) or not want:
    sys.exit(f"build-model.sh got files {args[3:]}, want {want}")
if m["images"].get("sim") != {"library": "sim/libsluice_sim.so", "abi": 2}:
    sys.exit(f"images.sim is {m['images'].get('sim')!r}")
if os.path.exists(os.path.join(d, "sim/obj")):
    sys.exit("sim/obj was left behind")
if not os.path.exists(os.path.join(d, "sim/build.log")):
    sys.exit("no sim/build.log")
print("ok")
EOF
then
    fail "image-args" "$out/args.check"
elif ! FAKE_RECORD=$out/xdg.record SLUICE_HOME=$fake SLUICE_SIM_CACHE= XDG_CACHE_HOME=$out/xdg \
        "$sluice" build "$here/accessors.c" -o "$out/xdg.sluice" -q >"$out/xdg.log" 2>&1 ||
     ! grep -qx "cache=$out/xdg/sluice/sim" "$out/xdg.record"; then
    fail "image-args: the cache defaults to \$XDG_CACHE_HOME/sluice/sim" "$out/xdg.record"
else
    pass "image-args"
fi

#
# ice40: Verilog and header, no simulator image
#
imod=$out/ice40.sluice
if FAKE_RECORD=$out/ice40.record SLUICE_HOME=$fake \
        "$sluice" build "$here/accessors.c" -o "$imod" --target ice40 -q >"$out/ice40.log" 2>&1 &&
   [ ! -e "$out/ice40.record" ] && [ -f "$imod/ice40.h" ] && [ ! -e "$imod/sim" ] &&
   python3 -c 'import json,sys; m=json.load(open(sys.argv[1])); sys.exit(m["target"] != "ice40" or sorted(m["images"]) != ["verilog"])' \
        "$imod/manifest.json"; then
    pass "ice40: Verilog and header, no simulator image"
else
    fail "ice40: Verilog and header, no simulator image" "$out/ice40.log"
fi

#
# sim: the real model, built once, driven through libsluice
#
smod=$out/sim/accessors.sluice
mkdir -p "$out/sim"
t0=$(date +%s)
if ! "$sluice" build "$here/accessors.c" -o "$smod" >"$out/sim-build.log" 2>&1; then
    fail "sim: sluice build with the simulator image" "$out/sim-build.log"
else
    secs=$(($(date +%s) - t0))
    if ! grep -q "verilating sluice_top" "$out/sim-build.log" ||
       ! grep -q "verilated sluice_top in" "$out/sim-build.log"; then
        fail "sim: the build says that it verilates and how long it took" "$out/sim-build.log"
    elif [ ! -f "$smod/sim/libsluice_sim.so" ] || [ ! -f "$smod/sim/build.log" ] ||
         [ -e "$smod/sim/obj" ]; then
        fail "sim: sim/libsluice_sim.so and build.log are there, sim/obj is not" "$out/sim-build.log"
    elif ! python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1]))["images"].get("sim") != {"library": "sim/libsluice_sim.so", "abi": 2})' \
            "$smod/manifest.json"; then
        fail "sim: the manifest lists the image" "$smod/manifest.json"
    else
        pass "sim: the simulator image ($secs s)"
        if ! $cc $cflags -I"$smod" -o "$out/host_run" "$here/host_run.c" \
                -L"$root/build/lib" -lsluice >"$out/host_run-cc.log" 2>&1; then
            fail "sim: host_run.c compiles" "$out/host_run-cc.log"
        elif LD_LIBRARY_PATH=$root/build/lib timeout 120 "$out/host_run" "$smod" \
                >"$out/host_run.log" 2>&1 && grep -q "host_run: ok" "$out/host_run.log"; then
            pass "sim: host_run drives the module through accessors.h"
        else
            fail "sim: host_run drives the module through accessors.h" "$out/host_run.log"
        fi
    fi
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
