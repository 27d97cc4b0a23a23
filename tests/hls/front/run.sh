#!/bin/sh
# tests/hls/front/run.sh [SLUICE_BIN] -- the front end's diagnostics, and
# the IR it makes.  SLUICE_BIN defaults to build/bin/sluice of this tree.
#
# Each test is one .c file of this directory, or a subdirectory whose .c
# files are compiled together.  Its comments say what must be reported:
#   // expect-error: LINE: text     an error at FILE:LINE: containing text
#   // expect-note: LINE: text      a note at FILE:LINE: containing text
# (FILE is the file holding the comment), or what the IR after the front
# end (the `front` dump of --dump-ir) must hold:
#   // expect-ir: text              a line of it contains text
#   // expect-ir-not: text          no line of it contains text
# A test with diagnostics passes when `sluice build` exits non-zero and
# every expected diagnostic appears.  A test of the IR passes when the
# front end succeeded (its dump exists) and the IR holds what is expected,
# whatever the later stages do (a build may still fail in a back end that
# does not take all of the IR yet), as long as sluice does not crash.
# Prints "N passed, N failed" and exits non-zero when any failed.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SLUICE=${1:-$HERE/../../../build/bin/sluice}
# run from the repository root so paths read tests/hls/front/...
cd "$HERE/../../.." || exit 2
DIR=tests/hls/front
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sluice-front-test.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM
pass=0
fail=0

# check_expectations FILE LOG -> 0 when all of FILE's expectations hold
check_expectations() {
	file=$1
	log=$2
	ok=0
	grep -E '^// expect-(error|note): [0-9]+: ' "$file" >"$TMP/expect" || true
	while IFS= read -r line; do
		kind=$(printf '%s\n' "$line" | sed -E 's|^// expect-(error\|note): .*|\1|')
		num=$(printf '%s\n' "$line" | sed -E 's|^// expect-[a-z]+: ([0-9]+): .*|\1|')
		text=$(printf '%s\n' "$line" | sed -E 's|^// expect-[a-z]+: [0-9]+: ||')
		if ! grep -F -- "$file:$num:" "$log" | grep -F -- "$kind: " |
			grep -q -F -- "$text"; then
			echo "  missing $kind at $file:$num: $text"
			ok=1
		fi
	done <"$TMP/expect"
	return $ok
}

# check_ir FILE IR -> 0 when all of FILE's expect-ir lines hold in IR
check_ir() {
	file=$1
	ir=$2
	ok=0
	grep -E '^// expect-ir(-not)?: ' "$file" >"$TMP/expect-ir" || true
	while IFS= read -r line; do
		case $line in
		'// expect-ir-not: '*)
			text=${line#// expect-ir-not: }
			if grep -q -F -- "$text" "$ir"; then
				echo "  unexpected in the IR: $text"
				ok=1
			fi
			;;
		*)
			text=${line#// expect-ir: }
			if ! grep -q -F -- "$text" "$ir"; then
				echo "  missing in the IR: $text"
				ok=1
			fi
			;;
		esac
	done <"$TMP/expect-ir"
	return $ok
}

run_test() {
	name=$1
	shift
	log="$TMP/$name.log"
	nexp=0
	nir=0
	for f in "$@"; do
		n=$(grep -c -E '^// expect-(error|note): ' "$f")
		nexp=$((nexp + n))
		n=$(grep -c -E '^// expect-ir(-not)?: ' "$f")
		nir=$((nir + n))
	done
	dump=
	ir=
	[ "$nir" -eq 0 ] || dump=--dump-ir=$TMP/$name.ir
	"$SLUICE" build "$@" -o "$TMP/$name.sluice" $dump >"$log" 2>&1
	rc=$?
	ok=0
	for f in "$@"; do
		check_expectations "$f" "$log" || ok=1
	done
	if [ "$nir" -gt 0 ]; then
		ir=$(ls "$TMP/$name.ir/"*-front.ir 2>/dev/null | head -n 1)
		if [ -z "$ir" ]; then
			echo "  no IR after the front end (it reported errors)"
			ok=1
		else
			for f in "$@"; do
				check_ir "$f" "$ir" || ok=1
			done
		fi
	fi
	if [ "$nexp" -eq 0 ] && [ "$nir" -eq 0 ]; then
		echo "  no expectations in $*"
		ok=1
	fi
	if [ "$nexp" -gt 0 ] && [ "$rc" -eq 0 ]; then
		echo "  sluice build succeeded"
		ok=1
	elif [ "$rc" -gt 1 ]; then
		echo "  sluice build exited with status $rc (crash or usage error?)"
		ok=1
	fi
	if [ $ok -eq 0 ]; then
		echo "PASS $name"
		pass=$((pass + 1))
	else
		echo "FAIL $name"
		sed 's/^/  | /' "$log"
		[ -z "$ir" ] || sed 's/^/  ir| /' "$ir"
		fail=$((fail + 1))
	fi
}

for t in "$DIR"/*.c "$DIR"/*/; do
	[ -e "$t" ] || continue
	case $t in
	*/)
		name=$(basename "$t")
		# the glob expands sorted; file names here have no blanks
		set -- "$t"*.c
		run_test "$name" "$@"
		;;
	*)
		run_test "$(basename "$t" .c)" "$t"
		;;
	esac
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
