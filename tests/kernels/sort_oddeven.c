/*
 * sort_oddeven.c -- the kernel of bench/oddeven.c (16 words in a local
 * array of registers sorted by an odd-even transposition sort of
 * compare-and-swap phases), checked against exact values: a block in
 * reverse order, one with duplicates and both extremes, one of random
 * words and one of few distinct values.
 */
#include "../../bench/oddeven.c"

/* sluice-test:
   input in = [16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
   input in = [5, -1, 5, -1, 0, 0, 1<<31, 2147483647, 3, 2, 1, 0, -2, -3, 5, 5]
   input in = [-550643329, 1582461184, -1076616359, 992926496, -394488212, -474863119, -1838539192, -236928898, -1579513480, -2124663886, 1175076011, -1432438260, 540007073, -501551273, -2054840292, -365472879]
   input in = [-2, -1, -3, -1, -1, 3, 1, 1, -3, 1, 2, 2, -1, -3, -1, -1]
   expect out = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 1<<31, -3, -2, -1, -1, 0, 0, 0, 1, 2, 3, 5, 5, 5, 5, 2147483647, -2124663886, -2054840292, -1838539192, -1579513480, -1432438260, -1076616359, -550643329, -501551273, -474863119, -394488212, -365472879, -236928898, 540007073, 992926496, 1175076011, 1582461184, -3, -3, -3, -2, -1, -1, -1, -1, -1, -1, 1, 1, 1, 2, 2, 3]
*/
