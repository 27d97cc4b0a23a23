/*
 * pointers_global.c -- pointers kept in globals and locals, as csmith's
 * programs have them (hls/front/pointers.c): global pointers initialised
 * with the addresses of globals, of an array's element and of a struct's
 * member, a pointer to a pointer, the null pointer, pointers compared
 * with each other and with addresses, a pointer chosen at run time among
 * several objects (a dereference that is a choice among them), a table of
 * pointers, a local whose address is kept in a pointer, and pointers that
 * keep their targets across kernel runs (the state of a pointer global is
 * the object's number and the offset).
 */
#include <sluice.h>

SLUICE_IO_PIPE_OUT(out, uint32_t, 4);

struct pair {
	int16_t a;
	uint32_t b;
};

static int32_t g_x = 5, g_y = -7;
static uint8_t g_arr[6] = {1, 2, 3, 4, 5, 6};
static struct pair g_s = {-3, 100};

static int32_t *g_p = &g_x;			/* changes at run time */
static int32_t **g_pp = &g_p;			/* never written: folds */
static uint8_t *g_q = &g_arr[2];		/* walks the array */
static uint32_t *g_m = &g_s.b;			/* a struct's member */
static int32_t *g_null = (void *)0;
static int32_t *const g_tab[3] = {&g_x, &g_y, &g_x};

static void bump(int32_t *p, int32_t by)
{
	*p += by;
}

SLUICE_KERNEL void pointers(uint32_t sel)
{
	int32_t local = 40;
	int32_t *lp = &local;
	int32_t **lpp = &lp;

	/* through the pointer to the pointer: g_x on the first run */
	**g_pp += 1;
	sluice_write(out, (uint32_t)*g_p);
	/* a choice among g_x, g_y and the local */
	if (sel & 1)
		*lpp = g_tab[sel % 3];
	bump(*lpp, 3);
	sluice_write(out, (uint32_t)local);
	/* the pointer global moves on: its target is kept across runs */
	g_p = (sel & 2) ? &g_y : g_p == &g_x ? &g_y : &g_x;
	sluice_write(out, g_p == &g_x);
	sluice_write(out, g_null == (void *)0);
	sluice_write(out, g_p != g_null);
	/* a pointer walking an array, kept across runs */
	*g_q += 10;
	sluice_write(out, *g_q);
	g_q = g_q == &g_arr[5] ? &g_arr[0] : g_q + 1;
	/* a struct member */
	*g_m += sel;
	sluice_write(out, g_s.b);
	sluice_write(out, (uint32_t)(int32_t)g_s.a);
	sluice_write(out, (uint32_t)g_x);
	sluice_write(out, (uint32_t)g_y);
	sluice_write(out, g_arr[0] + g_arr[1] * 2u + g_arr[2] * 3u + g_arr[3] * 4u +
				  g_arr[4] * 5u + g_arr[5] * 6u);
}

/* sluice-test:
   start pointers(0)
   start pointers(1)
   start pointers(2)
   start pointers(5)
   start pointers(4)
   expect out = 6 43 0 1 1 13 100 -3 6 -7 121 -6 40 1 1 1 14 101 -3 6 -3 161 7 43 0 1 1 15 103 -3 7 -3 211 -2 40 1 1 1 16 108 -3 10 -2 271 11 43 0 1 1 11 112 -3 11 -2 281
*/
