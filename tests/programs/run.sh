#!/usr/bin/env bash
#
# Whole programs (`sluice build --main`): each program here is built for
# the CPU (gcc, its main's return value printed) and as a module whose
# kernel 'program' runs main() on the simulator (`sluice run`), and the
# two results must agree; a program that calls printf is an error at its
# line.
#
# Usage: tests/programs/run.sh      (from the repository root)
# Prints one line per check and "N passed, N failed"; exits 1 if any failed.

set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
sluice=$root/build/bin/sluice
out=$root/build/tests/programs
mkdir -p "$out" || exit 1

passed=0
failed=0
pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() { echo "FAIL: $1"; [ -n "${2:-}" ] && [ -s "$2" ] && sed 's/^/    /' "$2" | head -15; failed=$((failed + 1)); }

printf 'int user_main(void);\n#include <stdio.h>\nint main(void) { printf("%%d\\n", user_main()); return 0; }\n' \
	>"$out/native_main.c"

for src in tests/programs/selfcheck.c tests/programs/sieve.c; do
	name=$(basename "$src" .c)
	if ! { gcc -std=gnu11 -O1 -Dmain=user_main -c -o "$out/$name.o" "$src" &&
		gcc -O1 -o "$out/$name.native" "$out/$name.o" "$out/native_main.c"; } \
		>"$out/$name.gcc.log" 2>&1; then
		fail "$name (gcc)" "$out/$name.gcc.log"
		continue
	fi
	want=$("$out/$name.native")
	if ! "$sluice" build "$src" --main -q -o "$out/$name.sluice" >"$out/$name.build.log" 2>&1; then
		fail "$name (sluice build --main)" "$out/$name.build.log"
		continue
	fi
	got=$("$sluice" run "$out/$name.sluice" --start program --out result=-:1 -q \
		2>"$out/$name.run.log")
	if [ "$got" = "$want" ]; then
		pass "$name: main() returns $got on the simulator, as on the CPU"
	else
		echo "    CPU: $want, simulator: ${got:-nothing}"
		fail "$name" "$out/$name.run.log"
	fi
done

# printf has no hardware: an error at its line, and no module
if "$sluice" build tests/programs/printf.c --main -q -o "$out/printf.sluice" \
	>"$out/printf.log" 2>&1; then
	fail "printf: the build succeeded" "$out/printf.log"
elif grep -q "tests/programs/printf.c:9:2: error: call to external function 'printf'" "$out/printf.log"; then
	pass "printf: an error at its line"
else
	fail "printf: not the error expected" "$out/printf.log"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
