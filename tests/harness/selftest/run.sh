#!/bin/sh
# The test harness's self-test (no compiler needed): hand-written hardware
# fixtures that must pass, broken variants that must fail with the right
# message, CPU-side failure reports, and the emulation library's C API.
exec python3 "$(dirname "$0")/selftest.py" "$@"
