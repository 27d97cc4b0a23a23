#!/bin/sh
# run.sh -- the lowering's differential test (expr_diff.py): random integer
# expressions through the real front end, the lowered IR evaluated against
# the same C run on the CPU.  (The .ll tests of this directory are run by
# test_lower, which `make` builds and run_tests.py runs as a unit test.)
exec python3 "$(dirname "$0")/expr_diff.py" "$@"
