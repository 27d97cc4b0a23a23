/*
 * device/pcie.c -- the PCIe transport, "pcie:/dev/NAME": a board whose host
 * bridge sits behind a PCIe DMA engine exposed as a character device (XDMA,
 * LiteX LitePCIe, ...).
 *
 * Not there yet: it needs a PCIe board and its DMA driver.  Until then
 * opening such a device fails with SLUICE_E_NOT_SUPPORTED and says what is
 * missing; it never opens the node.
 */
#include "../internal.h"

#include <unistd.h>

static int pcie_open(struct sluice_transport **t, const char *arg, char **board)
{
	(void)t;
	(void)board;
	return rt_err(SLUICE_E_NOT_SUPPORTED,
		      "device 'pcie:%s': this libsluice has no PCIe transport yet (it needs a PCIe "
		      "board and its DMA driver; use the simulator, device \"sim\"); %s %s",
		      arg, arg, access(arg, F_OK) ? "does not exist (no board)" : "is there");
}

static void pcie_close(struct sluice_transport *t)
{
	(void)t;
}

const struct sluice_transport_ops rt_pcie_ops = {
	.kind = "pcie",
	.open = pcie_open,
	.close = pcie_close,
};
