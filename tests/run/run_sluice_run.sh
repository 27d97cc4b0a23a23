#!/usr/bin/env bash
#
# `sluice run` on a real module: tests/run/scale_sum.c built once with
# `sluice build` (simulator image included) into build/tests/run/, then run
# without a host program, checking exact output values:
#
#   - text in/out: decimal, hex and negative values, signed and unsigned
#     printing (int32_t, uint64_t, uint8_t in / int8_t out), stdin/stdout;
#   - binary in/out: 5000 random words, byte for byte;
#   - --start with arguments, two starts of one kernel in order, the
#     summary saying each returned;
#   - :COUNT reads exactly that many words; a count the module never
#     delivers ends in libsluice's deadlock diagnosis;
#   - errors: the cycle limit (what is pending), a binary file that is not
#     a whole number of words, a text value that does not fit, an unknown
#     pipe, a wrong number of arguments, a value out of an argument's range;
#     exit status 1 for run errors, 2 for command-line errors;
#   - a module without a host link is refused with the reason;
#   - a float kernel argument and float and double host pipes
#     (tests/run/fscale.c), and a float argument that is no number;
#   - --trace writes a waveform.
#
# Usage: tests/run/run_sluice_run.sh      (from the repository root)
# Prints one line per check and "N passed, N failed"; exits 1 if any failed.

set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
sluice=$root/build/bin/sluice
out=$root/build/tests/run
mod=$out/scale_sum.sluice
src=tests/run/scale_sum.c
mkdir -p "$out/work" || exit 1
w=$out/work
rm -f "$w"/*

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
		[ -s "$w/err" ] && sed 's/^/    stderr: /' "$w/err" | head -12
		failed=$((failed + 1))
	fi
}

same() { # FILE EXPECTED-TEXT
	local got
	got=$(cat "$1")
	if [ "$got" != "$2" ]; then
		echo "    $1: got:      $(echo "$got" | head -8 | tr '\n' ' ')"
		echo "    $1: expected: $(echo "$2" | head -8 | tr '\n' ' ')"
		return 1
	fi
}

has() { # FILE TEXT
	grep -qF -- "$2" "$1" || { echo "    $1 lacks: $2"; return 1; }
}

if [ ! -x "$sluice" ]; then
	echo "FAIL: $sluice is missing (run make)"
	echo "0 passed, 1 failed"
	exit 1
fi

# ---- the module, built once (again when the source or the compiler changes)
lib=$mod/sim/libsluice_sim.so
if [ ! -f "$lib" ] || [ "$src" -nt "$lib" ] || [ "$sluice" -nt "$lib" ]; then
	rm -rf "$mod"
	SLUICE_SIM_CACHE=$root/build/sim/cache "$sluice" build -q "$src" -o "$mod" >"$w/err" 2>&1
	check "sluice build $src (simulator image included)" test -f "$lib"
	if [ ! -f "$lib" ]; then
		echo "$passed passed, $failed failed"
		exit 1
	fi
fi

run() { # ARGS...: runs sluice run, status in $rc, stderr in $w/err
	"$sluice" run "$mod" "$@" 2>"$w/err"
	rc=$?
}

# ---- text in/out: values, signedness, several outputs at once ---------------------
printf '1 -2 0x10\n# a comment line\n2147483647   -2147483648 # and a trailing one\n7\n' >"$w/in.txt"
# relative names are the caller's: run from the work directory
(cd "$w" && "$sluice" run "$mod" --start scale=-3,6 --in in=in.txt --out out=o.txt \
	--out sums=s.txt 2>err)
rc=$?
check "text in/out: exit status 0" test $rc = 0
check "text in/out: int32_t out is factor * x, wrapping, printed signed" \
	same "$w/o.txt" "$(printf '%s\n' -3 6 -48 2147483651 -2147483648 -21 |
		python3 -c 'import sys; [print((int(l) + 2**31) % 2**32 - 2**31) for l in sys.stdin]')"
check "text in/out: uint64_t sums printed unsigned" \
	same "$w/s.txt" "$(python3 -c 'print(sum((x * -3) % 2**32 for x in [1, -2, 16, 2147483647, -2147483648, 7]))')"
check "summary: the kernel started once and returned, words per pipe" \
	eval 'has "$w/err" "kernel scale        started 1 time, returned" &&
	      has "$w/err" "6 words written from in.txt" && has "$w/err" "6 words read to o.txt"'

# 8-bit pipes through stdin and stdout, the autorun kernel
printf '0 1 127 128 255 0x7f' | run --in bytes_in=- --out bytes_out=- -q >"$w/bytes.txt"
check "stdin/stdout, uint8_t in, int8_t out (x ^ 0x80, printed signed)" \
	eval 'test $rc = 0 && same "$w/bytes.txt" "$(printf "%s\n" -128 -127 -1 0 127 -1)"'
check "-q prints nothing on stderr" test ! -s "$w/err"

# ---- binary in/out -------------------------------------------------------------------
python3 - "$w" <<'EOF'
import random, struct, sys
random.seed(7)
xs = [random.randint(-2**31, 2**31 - 1) for _ in range(5000)]
open(sys.argv[1] + "/in.bin", "wb").write(struct.pack("<5000i", *xs))
ys = [((x * 65537 + 2**31) % 2**32) - 2**31 for x in xs]
open(sys.argv[1] + "/expect.bin", "wb").write(struct.pack("<5000i", *ys))
open(sys.argv[1] + "/expect_sum.bin", "wb").write(struct.pack("<Q", sum(y % 2**32 for y in ys)))
EOF
run --start scale=65537,5000 --in in="$w/in.bin" --out out="$w/o.bin" --out sums="$w/s.bin"
check "binary in/out: 5000 words, exit status 0" test $rc = 0
check "binary in/out: out matches byte for byte" cmp -s "$w/o.bin" "$w/expect.bin"
check "binary in/out: sums (uint64_t) matches" cmp -s "$w/s.bin" "$w/expect_sum.bin"

# ---- two starts in order, --text for a .dat name ---------------------------------------
printf '10 20 30 40 50' >"$w/in5.dat"
run --text --start scale=2,3 --start scale=-1,2 --in in="$w/in5.dat" --out out="$w/o5.dat" \
	--out sums="$w/s5.dat"
check "two starts in order: 2*(10 20 30), -1*(40 50)" \
	eval 'test $rc = 0 && same "$w/o5.dat" "$(printf "%s\n" 20 40 60 -40 -50)"'
check "two starts in order: one sum each" \
	same "$w/s5.dat" "$(printf "%s\n" 120 $((2 ** 32 - 40 + 2 ** 32 - 50)))"
check "summary: started 2 times, returned" has "$w/err" "started 2 times, returned"

# ---- :COUNT ------------------------------------------------------------------------------
run --start scale=1,5 --in in="$w/in5.dat" --text --out out="$w/c.txt:3" --out sums="$w/cs.txt"
check ":COUNT reads exactly 3 of the 5 words" \
	eval 'test $rc = 0 && same "$w/c.txt" "$(printf "%s\n" 10 20 30)"'
check ":COUNT: a note that more words were there" has "$w/err" "has more words than the 3 asked for"
SLUICE_DEADLOCK_CYCLES=50000 run --start scale=1,5 --in in="$w/in5.dat" --text \
	--out out="$w/c.txt:8" -q
check ":COUNT the module never delivers: libsluice's deadlock diagnosis, status 1" \
	eval 'test $rc = 1 && has "$w/err" "sluice: error: reading word 6 of 8 from pipe '"'out'"': deadlock"'

SLUICE_DEADLOCK_CYCLES=50000 run --start scale=2,10 -q
check "a started kernel whose input no --in feeds: deadlock diagnosis and a note" \
	eval 'test $rc = 1 && has "$w/err" "waiting for kernel '"'scale'"': deadlock" &&
	      has "$w/err" "kernel '"'scale'"' reads host pipe '"'in'"', which no --in feeds"'

# ---- errors --------------------------------------------------------------------------------
run --start scale=1,100 --in in="$w/in5.dat" --text --cycles 40k -q
check "cycle limit: status 1, says what is pending" \
	eval 'test $rc = 1 && has "$w/err" "the run did not end within 40000 cycles (--cycles)" &&
	      has "$w/err" "kernel '"'scale'"' is still running"'

printf 'abcdef' >"$w/six.bin"
run --in in="$w/six.bin" -q
check "binary file of 6 bytes for 4-byte words: status 1, names file and size" \
	eval 'test $rc = 1 && has "$w/err" "six.bin: 6 bytes is not a whole number of the 4-byte words of pipe '"'in'"' (int32_t)"'

printf '1\n2\n256\n' >"$w/big.txt"
run --in bytes_in="$w/big.txt" -q
check "text value out of range: status 1, file:line and the range" \
	eval 'test $rc = 1 && has "$w/err" "big.txt:3: '"'256'"' is out of range: pipe '"'bytes_in'"' (uint8_t) takes 0 to 255"'

run --in nope="$w/in5.dat" -q
check "unknown pipe: status 2, lists the host pipes" \
	eval 'test $rc = 2 && has "$w/err" "has no host pipe '"'nope'"' (its host pipes: '"'in'"' (h2d, int32_t)"'

run --out in="$w/x.txt" -q
check "--out of an h2d pipe: status 2" \
	eval 'test $rc = 2 && has "$w/err" "host pipe '"'in'"' is h2d"'

run --start scale=3 -q
check "wrong argument count: status 2, lists the parameters" \
	eval 'test $rc = 2 && has "$w/err" "kernel '"'scale'"' takes 2 arguments: factor (signed 32-bit), n (unsigned 32-bit), not 1"'

run --start scale=3,-1 -q
check "negative value for an unsigned argument: status 2" \
	eval 'test $rc = 2 && has "$w/err" "argument 2 (n) '"'-1'"' is negative: n takes 0 to 4294967295"'

run --start flip -q
check "starting an autorun kernel: status 2" \
	eval 'test $rc = 2 && has "$w/err" "'"'flip'"' is an autorun kernel"'

run --bogus -q
check "unknown option: status 2" eval 'test $rc = 2 && has "$w/err" "unknown option '"'--bogus'"'"'

"$sluice" run "$w/no-such.sluice" 2>"$w/err"
rc=$?
check "missing module: status 1 with libsluice's message" \
	eval 'test $rc = 1 && has "$w/err" "sluice: error: loading"'

# a design the host cannot reach (autorun kernel, I/O pipes only) has no host link, no
# simulator image, and says so instead of failing on the image
rm -rf "$w/nolink.sluice"
"$sluice" build tests/kernels/pipelined_stream.c -o "$w/nolink.sluice" -q 2>"$w/err" &&
	"$sluice" run "$w/nolink.sluice" 2>"$w/err"
rc=$?
check "no host link: status 1, says why" \
	eval 'test $rc = 1 && has "$w/err" "has no host link: it has no host pipes, no kernels started by the host" &&
		! grep -q s_axis_link "$w/nolink.sluice/rtl/sluice_top.v" &&
		grep -q "\"host_link\": false" "$w/nolink.sluice/manifest.json"'

# ---- float arguments and pipes ---------------------------------------------------------------
rm -rf "$w/fscale.sluice"
printf '1.5\n-2\n3.25\n' >"$w/fin.txt"
SLUICE_SIM_CACHE=$root/build/sim/cache "$sluice" build -q tests/run/fscale.c -o "$w/fscale.sluice" \
	2>"$w/err" &&
	"$sluice" run "$w/fscale.sluice" --start fscale=3,2.5 --in in="$w/fin.txt" \
		--out out="$w/fout.txt" --out total="$w/ftotal.txt" -q 2>"$w/err"
rc=$?
check "float argument and float/double pipes: 1.5 -2 3.25 times 2.5 plus 0.5, and their sum" \
	eval 'test $rc = 0 && test "$(tr "\n" " " <"$w/fout.txt")" = "4.25 -4.5 8.625 " &&
		test "$(cat "$w/ftotal.txt")" = "8.375"'
"$sluice" run "$w/fscale.sluice" --start fscale=3,x1 -q 2>"$w/err"
rc=$?
check "a float argument that is not a number: status 2, says it takes a float" \
	eval 'test $rc = 2 && has "$w/err" "s takes a float"'

# ---- waveform --------------------------------------------------------------------------------
run --start scale=2,3 --in in="$w/in5.dat" --text --out out="$w/t.txt:3" --trace "$w/run.fst" -q
check "--trace writes an FST waveform" \
	eval 'test $rc = 0 && test "$(stat -c %s "$w/run.fst" 2>/dev/null || echo 0)" -gt 1000'

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
