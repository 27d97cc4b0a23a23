/*
 * exit_in_loop.c -- tests/kernels/read_ahead.c's kernels built for the
 * ECP5, where a loop's exit block, which writes the result and takes the
 * next word without waiting for it, runs in the loop's last cycle
 * (hls/pass/read_ahead.c, fold): with the words there (timing mode) a
 * word costs the loop's cycles alone, its write and the next word's take
 * in the clock of its last iteration: mixer() five cycles a word (six
 * with the exit block a state of its own), counted() four (five).  The
 * loops' phis take, on the exit that found a word, the values made of
 * it, and go round on their own otherwise.  table()'s sum leaves no room
 * for the write in its loop's cycle: its exit block stays a state of its
 * own, nine cycles a word (eight iterations and the exit block).
 */
#include "read_ahead.c"

/* sluice-test:
   input in = random(60, seed=5) [0, 1, 0xffffffff_ffffffff, 0x80000000_00000000] random(36, seed=6)
   expect out = 100
   cycles out[i + 1] - out[i] == 5
   input cin = random(80, seed=7) [0, 1, 0xffffffff]
   expect cout = 83
   cycles cout[i + 1] - cout[i] == 4
   cycles cin[i + 1] == cout[i]
   input tin = random(50, seed=8) [0, 0xffffffff]
   expect tout = 52
   cycles tout[i + 1] - tout[i] == 9
   cycles tin[i + 1] == tout[i]
   build --target ecp5
*/
