#!/bin/sh
# deps.sh -- install the toolchain sluice needs from Debian's packages.
#
#   scripts/deps.sh           install whatever is missing (needs root or sudo)
#   scripts/deps.sh --check   exit 0 when everything is there, 1 otherwise
#
# One line per tool: the command (or file) that proves it is there, and the
# Debian 12 package that brings it.
set -eu

REQS='
clang-19                 clang-19
llvm-config-19           llvm-19-dev
verilator                verilator
iverilog                 iverilog
yosys                    yosys
nextpnr-ice40            nextpnr-ice40
icepack                  fpga-icestorm
csmith                   csmith
/usr/include/csmith/csmith.h  libcsmith-dev
/usr/include/jansson.h   libjansson-dev
/usr/include/libusb-1.0/libusb.h libusb-1.0-0-dev
pkg-config               pkg-config
python3                  python3
make                     make
g++                      g++
'

missing=""
for_each() {
	echo "$REQS" | while read -r what pkg; do
		[ -n "$what" ] || continue
		case "$what" in
		/*) [ -e "$what" ] || echo "$pkg" ;;
		*) command -v "$what" >/dev/null 2>&1 || echo "$pkg" ;;
		esac
	done
}
missing=$(for_each | sort -u | tr '\n' ' ')

if [ "${1:-}" = "--check" ]; then
	if [ -n "$missing" ]; then
		echo "deps: missing packages: $missing"
		exit 1
	fi
	exit 0
fi

if [ -z "$missing" ]; then
	echo "deps: everything is installed"
	exit 0
fi

SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
echo "deps: installing $missing"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
echo "deps: done"
