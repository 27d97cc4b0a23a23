/*
 * run.h -- `sluice run`: runs a module on a device (the simulator by
 * default) without a host program, feeding its host pipes from files.
 * Kept apart from driver.h: this is the one command that links libsluice.
 */
#ifndef SLUICE_DRIVER_RUN_H
#define SLUICE_DRIVER_RUN_H

/* argv[0] is "run".  Returns the process exit status: 0 when the run ended
 * normally, 1 when it failed (the module, a file, the device, a deadlock,
 * the cycle limit), 2 for a wrong command line. */
int cmd_run(int argc, char **argv);

#endif
