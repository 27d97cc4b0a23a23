#!/bin/bash
# tests/csmith/run.sh -- the csmith part of `make test` (tests/run_tests.py
# runs every tests/**/run.sh from the repository root; exit 0 = pass):
# the fixed quick batch of 30 csmith programs (run.py --quick), built for
# the sim target and again for ice40, a batch of 28 with arrays (8 of them
# with memories) and one of 20 with arrays and pointers; each ends with
# "N passed, N failed" and exits non-zero on any failure.
#
# The regression kernels in tests/csmith/regress/ are ordinary harness test
# kernels; until tests/run_tests.py collects that directory itself, they are
# run here through tests/harness/harness.py (Icarus only, to keep it short).
set -u
cd "$(dirname "$0")/../.."
status=0
python3 tests/csmith/run.py --quick -j 2 || status=1
# the same batch scheduled for iCE40 at 48 MHz: its exit tests counted down,
# multiplies through rtl/sluice_mul.v, narrower chains
python3 tests/csmith/run.py --quick -j 2 --target ice40 || status=1
# programs with arrays (up to 512 bytes: registers and table logic;
# larger ones: memories)
python3 tests/csmith/run.py --quick --with arrays -j 2 || status=1
# programs with arrays and pointers (kept in globals, chosen at run time)
python3 tests/csmith/run.py --quick --with arrays,pointers -j 2 || status=1
if ! grep -q 'csmith' tests/run_tests.py; then
	regress=(tests/csmith/regress/*.c)
	if [ -e "${regress[0]}" ]; then
		python3 tests/harness/harness.py --sims icarus "${regress[@]}" || status=1
	fi
fi
exit $status
