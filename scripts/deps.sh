#!/bin/sh
# deps.sh -- install the toolchain sluice needs from Debian's packages.
#
#   scripts/deps.sh           install whatever is missing (needs root or sudo)
#   scripts/deps.sh --check   exit 0 when everything is there, 1 otherwise
#   scripts/deps.sh --fpga-pypi [FAMILY...]   also the ECP5 and Gowin tools
#                             Debian lacks (YoWASP's Yosys and nextpnr, ecppack,
#                             apycula's gowin_pack) from PyPI into build/venv-fpga
#                             (scripts/fpga-pypi.sh; no root); FAMILY ecp5 or
#                             gowin, both without one (`make bench`)
#   scripts/deps.sh --board NAME  what building for boards/NAME.board takes:
#                             with --fpga-pypi FAMILY for an ECP5 or Gowin
#                             board (`make deps BOARD=NAME`)
#
# One line per tool: the command (or file) that proves it is there, and the
# Debian 12 package that brings it.  What the tree uses, by its users:
#   the compiler          clang-19, llvm-19-dev, libjansson-dev
#   simulation            verilator (its FST tracing includes zlib.h: zlib1g-dev),
#                         iverilog, g++
#   synthesis (bench, board builds)  yosys, nextpnr-ice40, fpga-icestorm
#   loading bitstreams    openfpgaloader (sluice program)
#   differential tests    csmith, libcsmith-dev (its runtime headers)
#   runtime tests         valgrind (memcheck of host programs), libusb-1.0-0-dev
#   scripts               python3, make, pkg-config; python3-venv (the
#                         venv of --fpga-pypi: Debian's python3 lacks ensurepip)
# Everything else the scripts call (sed, awk, od, cmp, timeout) is in
# every Debian system (coreutils, diffutils, bsdutils, mawk).
set -eu

REQS='
clang-19                 clang-19
llvm-config-19           llvm-19-dev
verilator                verilator
iverilog                 iverilog
yosys                    yosys
nextpnr-ice40            nextpnr-ice40
icepack                  fpga-icestorm
openFPGALoader           openfpgaloader
csmith                   csmith
/usr/include/csmith/csmith.h  libcsmith-dev
/usr/include/jansson.h   libjansson-dev
/usr/include/libusb-1.0/libusb.h libusb-1.0-0-dev
/usr/include/zlib.h      zlib1g-dev
valgrind                 valgrind
pkg-config               pkg-config
python3                  python3
py:ensurepip             python3-venv
make                     make
g++                      g++
'

missing=""
for_each() {
	echo "$REQS" | while read -r what pkg; do
		[ -n "$what" ] || continue
		case "$what" in
		/*) [ -e "$what" ] || echo "$pkg" ;;
		py:*) python3 -c "import ${what#py:}" 2>/dev/null || echo "$pkg" ;;
		*) command -v "$what" >/dev/null 2>&1 || echo "$pkg" ;;
		esac
	done
}
missing=$(for_each | sort -u | tr '\n' ' ')

# the families whose YoWASP tools go into build/venv-fpga, after the
# Debian packages
fpga_pypi=""
families=""
case "${1:-}" in
--fpga-pypi)
	fpga_pypi=yes
	shift
	while [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; do
		families="$families $1"
		shift
	done ;;
--board)
	board=$(dirname "$0")/../boards/${2:-}.board
	if [ -z "${2:-}" ] || [ ! -f "$board" ]; then
		echo "deps: --board needs the name of a board of boards/ (no '${2:-}')" >&2
		exit 2
	fi
	family=$(sed -n 's/^[[:space:]]*family[[:space:]]*=[[:space:]]*\([a-z0-9]*\).*/\1/p' "$board")
	case $family in
	ecp5 | gowin) fpga_pypi=yes families=$family ;;
	esac
	shift 2 ;;
esac
pypi() {
	# shellcheck disable=SC2086
	[ -z "$fpga_pypi" ] || exec "$(dirname "$0")/fpga-pypi.sh" $families
}

if [ "${1:-}" = "--check" ]; then
	if [ -n "$missing" ]; then
		echo "deps: missing packages: $missing"
		exit 1
	fi
	exit 0
fi

if [ -z "$missing" ]; then
	echo "deps: everything is installed"
	pypi
	exit 0
fi

SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
echo "deps: installing $missing"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
echo "deps: done"
pypi
