# sluice -- top-level build.
#
#   make            build the compiler (build/bin/sluice) and the test programs
#   make deps       install the toolchain from Debian's packages when missing;
#                   `make deps BOARD=NAME` also what the board's family takes
#                   (an ECP5 or Gowin board: YoWASP's tools from PyPI, into
#                   build/venv-fpga)
#   make test       deps (if needed), build, run every test; ends "N passed, N failed"
#   make bench      cycles per word, iCE40 and ECP5 resources and Fmax per
#                   example and bench/ kernel, beside hand-written RTL
#                   (bench/RESULTS.md), then the ECP5 and Gowin board builds
#                   (tests/flow/run_board_other.sh: Fmax, LUTs, seconds),
#                   then every example built for the iCEBreaker, ULX3S and
#                   Tang Nano 9K and a host pipe's throughput on the virtual
#                   board (scripts/bench.py --boards); installs their tools
#                   (YoWASP's and apycula, from PyPI) into build/venv-fpga
#                   first (scripts/deps.sh --fpga-pypi); what lacks its tools
#                   is skipped
#   make demo       the end-to-end demo (host program on the simulator)
#   make install    into PREFIX (default /usr/local)
#
# Build outputs go to build/ only.

LLVM_CONFIG ?= llvm-config-19
CC ?= cc
BUILD ?= build
PREFIX ?= /usr/local

# Debug builds verify the IR after every pass; `make NDEBUG=1` drops that.
OPT ?= -O2 -g
WARN := -Wall -Wextra -Werror
CSTD := -std=gnu11
ifeq ($(NDEBUG),1)
OPT += -DNDEBUG
endif

HAVE_LLVM := $(shell command -v $(LLVM_CONFIG) >/dev/null 2>&1 && echo yes)
ifeq ($(HAVE_LLVM),yes)
LLVM_CFLAGS := $(shell $(LLVM_CONFIG) --cflags | sed 's/-std=[^ ]*//g')
LLVM_LIBS := $(shell $(LLVM_CONFIG) --ldflags) -lLLVM-$(shell $(LLVM_CONFIG) --version | cut -d. -f1)
endif

CFLAGS_ALL = $(CSTD) $(OPT) $(WARN) -Iinclude -Ihls $(CFLAGS)
HLS_CFLAGS = $(CFLAGS_ALL) $(LLVM_CFLAGS)

HLS_SRC := $(shell find hls -name '*.c' | sort)
HLS_OBJ := $(HLS_SRC:%.c=$(BUILD)/obj/%.o)
# every object but the driver's main, `sluice run` and `sluice vboard`
# (which need libsluice): what unit tests link against
HLS_LIB_OBJ := $(filter-out $(BUILD)/obj/hls/driver/main.o $(BUILD)/obj/hls/driver/run%.o $(BUILD)/obj/hls/driver/vboard.o,$(HLS_OBJ))

# libsluice: the host runtime (its rules are further down)
RT_SRC := $(wildcard runtime/*.c runtime/device/*.c runtime/link/*.c) sim/sim_api.c
RT_OBJ := $(RT_SRC:%.c=$(BUILD)/obj/pic/%.o)

TEST_SRC := $(shell find tests/hls -name 'test_*.c' 2>/dev/null | sort)
TEST_BIN := $(TEST_SRC:%.c=$(BUILD)/%)

EMU_SRC := $(wildcard runtime/emu/*.c)
EMU_LIB := $(if $(EMU_SRC),$(BUILD)/lib/libsluice_emu.so)

.PHONY: all deps test bench demo clean install check-deps
all: $(BUILD)/bin/sluice $(TEST_BIN) $(EMU_LIB) $(BUILD)/sluice.pc

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(HLS_CFLAGS) -MMD -MP -c $< -o $@

# `sluice run` links libsluice's objects in: the binary needs no rpath
$(BUILD)/bin/sluice: $(HLS_OBJ) $(RT_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(OPT) -o $@ $^ $(LLVM_LIBS) -ljansson -ldl -lpthread -lm

$(BUILD)/tests/%: tests/%.c $(HLS_LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(HLS_CFLAGS) -o $@ $^ $(LLVM_LIBS) -ljansson -lm

$(BUILD)/lib/libsluice_emu.so: $(EMU_SRC) $(wildcard include/sluice/*.h) include/sluice.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(OPT) $(WARN) -Iinclude -fPIC -shared -o $@ $(EMU_SRC) -ljansson -ldl -lpthread

$(BUILD)/sluice.pc: sluice.pc.in
	@mkdir -p $(dir $@)
	sed -e 's|@PREFIX@|$(abspath .)|g' -e 's|@INCLUDEDIR@|$(abspath include)|g' \
	    -e 's|@LIBDIR@|$(abspath $(BUILD)/lib)|g' $< > $@

# ---- libsluice: the host runtime (runtime/, runtime/device/, runtime/link/)
RT_CFLAGS = $(CSTD) $(OPT) $(WARN) -Iinclude -fPIC -fvisibility=hidden $(CFLAGS)
RT_LIB := $(if $(RT_SRC),$(BUILD)/lib/libsluice.so)

$(BUILD)/obj/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/lib/libsluice.so: $(RT_OBJ)
	@mkdir -p $(dir $@)
	$(CC) -shared -o $@ $^ -ljansson -ldl -lpthread

# runtime tests link the objects: they reach the private device hook
RT_TEST_SRC := $(wildcard tests/runtime/test_api*.c)
RT_TEST_BIN := $(RT_TEST_SRC:%.c=$(BUILD)/%)
$(RT_TEST_BIN): $(BUILD)/tests/runtime/%: tests/runtime/%.c tests/runtime/fake_device.c \
		tests/runtime/fake_device.h tests/runtime/api_test.h tests/runtime/cosim_manifest.h $(RT_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(OPT) $(WARN) -Iinclude -o $@ $< tests/runtime/fake_device.c $(RT_OBJ) \
		-ljansson -ldl -lpthread

# the simulated USB bus that test_api_usb loads in place of libusb
$(BUILD)/tests/runtime/libfake_usb.so: tests/runtime/fake_libusb.c tests/runtime/fake_libusb.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(OPT) $(WARN) -fPIC -shared -o $@ tests/runtime/fake_libusb.c
$(BUILD)/tests/runtime/test_api_usb: $(BUILD)/tests/runtime/libfake_usb.so \
	$(BUILD)/tests/runtime/libft_board.so

# A board's RTL verilated into tests/runtime/lib$(1).so, which a transport
# test loads behind its simulated peer: $(1) the name (the C++ harness is
# tests/runtime/$(1).cpp, the model's class V$(1)), $(2) the top module,
# $(3) the Verilog, $(4) Verilator's -G parameters, $(5) more headers.  The
# parameters go in a file that changes when they do, so that the model is
# built again for new ones.
define verilated_board
ifneq ($$(file <$(BUILD)/tests/runtime/$(1).params),$(4))
$$(shell mkdir -p $(BUILD)/tests/runtime)
$$(file >$(BUILD)/tests/runtime/$(1).params,$(4))
endif
$(BUILD)/tests/runtime/lib$(1).so: tests/runtime/$(1).cpp $(5) $(3) $(BUILD)/tests/runtime/$(1).params
	@rm -rf $(BUILD)/tests/runtime/$(1) && mkdir -p $(BUILD)/tests/runtime/$(1)
	verilator --cc -O3 -Wall --top-module $(2) --prefix V$(1) -Mdir $(BUILD)/tests/runtime/$(1) \
		$(4) -CFLAGS "-fPIC -I$(CURDIR)/tests/runtime -I$(CURDIR)/sim" \
		$(3) $(CURDIR)/tests/runtime/$(1).cpp
	$$(MAKE) -s -C $(BUILD)/tests/runtime/$(1) -f V$(1).mk OPT_FAST=-O2 OPT_GLOBAL=-O2 \
		V$(1)__ALL.a $(1).o verilated.o verilated_threads.o
	$(CXX) -shared -o $$@ $(addprefix $(BUILD)/tests/runtime/$(1)/,$(1).o V$(1)__ALL.a \
		verilated.o verilated_threads.o) -pthread -latomic
endef
# the bridge and its library, as every board top has them
BRIDGE_RTL := tests/runtime/cosim_top.v \
	$(addprefix rtl/sluice_,async_fifo.v host_bridge.v crc.v link_rx.v link_tx.v \
	link_ring.v link_dispatch.v csr.v link_txbuf.v link_sender.v plain_rx.v plain_tx.v fifo.v)

# a board with an FT245 FIFO link (the PHY, the bridge, loopback pipes),
# which test_api_usb puts behind the simulated chip
$(eval $(call verilated_board,ft_board,cosim_ft_top,tests/runtime/cosim_ft_top.v \
	rtl/sluice_ft245_phy.v $(BRIDGE_RTL),-GDEPTH0="32'd64" -GLINK_W=8 -GDOWN_CYCLES=48000,\
	tests/runtime/ft_chip.h))
# a card with a PCIe DMA engine's streams (the adapter, the bridge,
# loopback pipes), which test_api_pcie puts behind the simulated XDMA nodes
$(eval $(call verilated_board,pcie_board,cosim_pcie_top,tests/runtime/cosim_pcie_top.v \
	rtl/sluice_pcie_stream.v $(BRIDGE_RTL),-GDEPTH0="32'd64" -GLINK_W=16 -GIDLE=16 \
	-GMAX_BEATS=256,sim/sim_port.h))
$(BUILD)/tests/runtime/test_api_pcie: $(BUILD)/tests/runtime/libpcie_board.so

$(BUILD)/tests/runtime/test_proto: tests/runtime/test_proto.c runtime/link/proto.c runtime/link/proto.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(OPT) $(WARN) -Iruntime/link -o $@ tests/runtime/test_proto.c runtime/link/proto.c

# the host bridge with a loopback core, verilated for the runtime's sim tests
COSIM_RTL := tests/runtime/cosim_top.v $(wildcard rtl/sluice_*.v)
$(BUILD)/sim/cosim/libsim.so: sim/sim_shim.cpp sim/sim_abi.h sim/sim_port.h sim/build-model.sh $(COSIM_RTL)
	SLUICE_SIM_CACHE=$(BUILD)/sim/cache sim/build-model.sh $@ cosim_top $(BUILD)/sim/cosim/obj $(COSIM_RTL)

all: $(RT_LIB) $(RT_TEST_BIN) $(if $(wildcard tests/runtime/test_proto.c),$(BUILD)/tests/runtime/test_proto) $(if $(wildcard sim/sim_shim.cpp),$(BUILD)/sim/cosim/libsim.so)

-include $(RT_OBJ:.o=.d)

deps:
	scripts/deps.sh $(if $(BOARD),--board $(BOARD))

check-deps:
	@scripts/deps.sh --check || scripts/deps.sh

test: check-deps
	$(MAKE) all
	python3 tests/run_tests.py -j 2

demo: check-deps
	$(MAKE) all
	scripts/demo.sh

bench: check-deps
	$(MAKE) all
	scripts/deps.sh --fpga-pypi || echo "bench: some FPGA tools did not install (see above); what needs them is skipped"
	python3 scripts/bench.py --family ice40,ecp5 --matched
	tests/flow/run_board_other.sh
	python3 scripts/bench.py --boards

# Installs the compiler, libsluice and its headers, and what the compiler
# reads at run time (PREFIX/share/sluice: the kernel header, rtl/, sim/,
# boards/);
# then `sluice` is on PATH and `pkg-config sluice` finds the runtime.
SHARE := $(PREFIX)/share/sluice
install: all
	install -d $(PREFIX)/bin $(PREFIX)/lib/pkgconfig $(PREFIX)/include/sluice \
		$(SHARE)/include/sluice $(SHARE)/rtl $(SHARE)/sim $(SHARE)/boards
	install -m 755 $(BUILD)/bin/sluice $(PREFIX)/bin/sluice
	install -m 644 $(RT_LIB) $(EMU_LIB) $(PREFIX)/lib/
	install -m 644 include/sluice.h $(PREFIX)/include/
	install -m 644 include/sluice/*.h $(PREFIX)/include/sluice/
	install -m 644 include/sluice.h $(SHARE)/include/
	install -m 644 include/sluice/*.h $(SHARE)/include/sluice/
	install -m 644 rtl/*.v $(SHARE)/rtl/
	install -m 644 sim/sim_abi.h sim/sim_port.h sim/sim_shim.cpp $(SHARE)/sim/
	install -m 755 sim/build-model.sh $(SHARE)/sim/
	install -m 644 boards/*.board $(SHARE)/boards/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@INCLUDEDIR@|$(PREFIX)/include|g' \
	    -e 's|@LIBDIR@|$(PREFIX)/lib|g' sluice.pc.in > $(PREFIX)/lib/pkgconfig/sluice.pc

clean:
	rm -rf $(BUILD)

-include $(HLS_OBJ:.o=.d)
