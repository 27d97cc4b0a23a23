/*
 * fp_vectors.c -- test vectors for the floating-point units of rtl/
 * (sluice_fadd, sluice_fmul, sluice_fdiv, sluice_fcmp, sluice_fcvt_*),
 * with the results this machine's CPU computes in C (float and double
 * arithmetic, default rounding: to nearest, ties to even).
 *
 * Usage: fp_vectors UNIT N > vectors.hex
 *
 *   UNIT   add32 mul32 div32 cmp32 add64 mul64 div64 cmp64 (32: float,
 *          64: double); i2f32_IW_S, i2f64_IW_S (IW 32 or 64 bits, S 1
 *          for signed, 0 for unsigned, to float / double); f2i32_IW_S,
 *          f2i64_IW_S (float / double to the integer); f2f32 (float to
 *          double), f2f64 (double to float)
 *   N      how many vectors: the edge cases first, then random ones
 *
 * One vector a line, a single 256-bit hex word {ctl, a, b, y}, 64 bits
 * each, values right-aligned: ctl bit 0 is fadd's sub; y is the CPU's
 * result (fcmp: {unord, eq, lt}).  Floating-point to integer conversions
 * outside the integer's range (and of NaN) are undefined in C and x86
 * gives its "integer indefinite" for them; the vectors hold RISC-V's
 * fcvt results instead (saturation to the minimum or maximum, NaN to the
 * maximum), computed here from the operand, which is what the units
 * give.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(void)
{
	uint64_t x = rng_state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	rng_state = x;
	return x;
}

static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint64_t d2u(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static double u2d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }

/* the format of the floating-point operands: 32 or 64 bits */
static int fw;
static int ew(void) { return fw == 32 ? 8 : 11; }
static int mw(void) { return fw == 32 ? 23 : 52; }
static uint64_t fmask(void) { return fw == 32 ? 0xffffffffull : ~0ull; }

/* a number of the format from sign, exponent field and mantissa field */
static uint64_t mk(int s, uint64_t e, uint64_t m)
{
	return ((uint64_t)s << (fw - 1)) | (e << mw()) | (m & ((1ull << mw()) - 1));
}

/* a random operand: a random bit pattern, or a random mantissa with an
 * exponent drawn from the interesting ones, or near `near` (same or close
 * exponent) when given */
static uint64_t random_operand(uint64_t near, int have_near)
{
	uint64_t r = rnd(), emax = (1ull << ew()) - 1;
	uint64_t m = rnd() >> (64 - mw());
	int s = (int)(rnd() & 1);
	if (have_near && (r & 3) != 0) {
		int64_t e = (int64_t)((near >> mw()) & emax);
		e += (int64_t)(rnd() % 5) - 2;
		if (e < 0)
			e = 0;
		if (e >= (int64_t)emax)
			e = (int64_t)emax - 1;
		if ((r & 12) == 0) /* the same top mantissa bits: cancellation */
			m = (near & ((1ull << mw()) - 1)) ^ (rnd() >> (64 - mw() + (int)(rnd() % (unsigned)mw())));
		return mk(s, (uint64_t)e, m);
	}
	switch ((r >> 4) & 7) {
	case 0:
	case 1:
	case 2:
		return rnd() & fmask();
	case 3:
		return mk(s, 0, m >> (rnd() % (unsigned)mw())); /* denormal */
	case 4:
		return mk(s, 1 + rnd() % 3, m);                /* smallest normals */
	case 5:
		return mk(s, emax - 1 - rnd() % 3, m);         /* largest finite */
	default:
		return mk(s, (emax >> 1) - 4 + rnd() % 9, m);  /* around 1 */
	}
}

static uint64_t edges[64];
static int nedges;

static void make_edges(void)
{
	uint64_t emax = (1ull << ew()) - 1, bias = emax >> 1, top = 1ull << (mw() - 1);
	uint64_t v[] = {
		mk(0, 0, 0), mk(0, emax, 0), mk(0, emax, top), mk(0, emax, 1), mk(0, emax, top | 5),
		mk(0, 0, 1), mk(0, 0, 2), mk(0, 0, 3), mk(0, 0, top), mk(0, 0, (1ull << mw()) - 1),
		mk(0, 1, 0), mk(0, 1, 1), mk(0, 2, 0), mk(0, emax - 1, (1ull << mw()) - 1),
		mk(0, emax - 1, 0), mk(0, bias, 0), mk(0, bias, 1), mk(0, bias, (1ull << mw()) - 1),
		mk(0, bias + 1, 0), mk(0, bias - 1, 0), mk(0, bias, top), mk(0, bias + 1, top),
		mk(0, bias + mw(), 0), mk(0, bias + mw() + 1, 1), mk(0, bias - mw() - 1, 0),
		mk(0, bias + 1, top | 1), mk(0, 3 * bias / 2, 12345), mk(0, bias / 2, 777),
		mk(0, bias - 2, (1ull << mw()) - 1),
	};
	nedges = 0;
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		edges[nedges++] = v[i];
		edges[nedges++] = v[i] | (1ull << (fw - 1));
	}
}

/* the CPU's result of a float / double op on bit patterns */
static uint64_t fop(char op, uint64_t a, uint64_t b, int sub)
{
	if (fw == 32) {
		volatile float x = u2f((uint32_t)a), y = u2f((uint32_t)b), r;
		switch (op) {
		case 'a': r = sub ? x - y : x + y; break;
		case 'm': r = x * y; break;
		case 'd': r = x / y; break;
		default:
			return (uint64_t)(isunordered(x, y) << 2 | (x == y) << 1 | (x < y));
		}
		return f2u(r);
	}
	volatile double x = u2d(a), y = u2d(b), r;
	switch (op) {
	case 'a': r = sub ? x - y : x + y; break;
	case 'm': r = x * y; break;
	case 'd': r = x / y; break;
	default:
		return (uint64_t)(isunordered(x, y) << 2 | (x == y) << 1 | (x < y));
	}
	return d2u(r);
}

static void emit(uint64_t ctl, uint64_t a, uint64_t b, uint64_t y)
{
	printf("%016llx%016llx%016llx%016llx\n", (unsigned long long)ctl, (unsigned long long)a,
	       (unsigned long long)b, (unsigned long long)y);
}

/* a pair of operands whose exact result is a rounding tie or near one:
 * b is half an ulp of a (times 1 or 3), so a + b ties */
static void tie_pair(uint64_t *a, uint64_t *b)
{
	uint64_t emax = (1ull << ew()) - 1;
	uint64_t e = 1 + mw() + 2 + rnd() % (emax - mw() - 4);
	*a = mk((int)(rnd() & 1), e, rnd());
	*b = mk((int)(rnd() & 1), e - mw() - 1 + (rnd() % 3) - 1, (rnd() & 1) ? 0 : 1ull << (mw() - 1));
}

static void binary(char op, long n)
{
	long k = 0;
	uint64_t emax = (1ull << ew()) - 1, bias = emax >> 1;
	for (int i = 0; i < nedges && k < n; i++)
		for (int j = 0; j < nedges && k < n; j++, k++) {
			int sub = op == 'a' && (i + j) % 3 == 0;
			emit((uint64_t)sub, edges[i], edges[j], fop(op, edges[i], edges[j], sub));
		}
	while (k < n) {
		uint64_t a = random_operand(0, 0), b, r = rnd();
		int sub = op == 'a' && (r & 1);
		switch ((r >> 1) & 7) {
		case 0:
		case 1:
			b = random_operand(a, 1);
			break;
		case 2:
			if (op == 'a') {
				tie_pair(&a, &b);
			} else {
				/* exponents that meet at the edges of the range */
				int64_t ea = (int64_t)(rnd() % emax), t = (int64_t)(rnd() % (2 * mw() + 8)) - mw() - 4;
				int64_t eb = op == 'm' ? (int64_t)bias - ea + t : ea - (int64_t)bias - t;
				if ((rnd() & 1) && op == 'm')
					eb = (int64_t)(2 * emax) - (int64_t)bias - ea + t - (int64_t)emax;
				if (eb < 0)
					eb = 0;
				if (eb >= (int64_t)emax)
					eb = (int64_t)emax - 1;
				a = mk((int)(rnd() & 1), (uint64_t)ea, rnd());
				b = mk((int)(rnd() & 1), (uint64_t)eb, rnd() >> (rnd() % 3 == 0 ? rnd() % 64 : 0));
			}
			break;
		case 3:
			b = edges[rnd() % (unsigned)nedges];
			if (r & 256) {
				uint64_t t = a;
				a = b;
				b = t;
			}
			break;
		case 4:
			/* exact: b = -a or a with a few bits changed */
			b = a ^ (rnd() & 1 ? 1ull << (fw - 1) : rnd() & 7);
			break;
		default:
			b = random_operand(0, 0);
			break;
		}
		a &= fmask();
		b &= fmask();
		emit((uint64_t)sub, a, b, fop(op, a, b, sub));
		k++;
	}
}

/* integer -> floating point */
static uint64_t i2f(uint64_t v, int iw, int s)
{
	if (fw == 32) {
		volatile float f;
		if (iw == 32)
			f = s ? (float)(int32_t)v : (float)(uint32_t)v;
		else
			f = s ? (float)(int64_t)v : (float)v;
		return f2u(f);
	}
	volatile double d;
	if (iw == 32)
		d = s ? (double)(int32_t)v : (double)(uint32_t)v;
	else
		d = s ? (double)(int64_t)v : (double)v;
	return d2u(d);
}

/* floating point -> integer, C's truncation where C defines it, RISC-V's
 * fcvt saturation elsewhere */
static uint64_t f2i(uint64_t a, int iw, int s)
{
	double x = fw == 32 ? (double)u2f((uint32_t)a) : u2d(a);
	uint64_t imask = iw == 32 ? 0xffffffffull : ~0ull;
	uint64_t maxv = s ? imask >> 1 : imask, minv = s ? (imask >> 1) + 1 : 0;
	double lim = ldexp(1.0, s ? iw - 1 : iw); /* first value too big */
	if (isnan(x))
		return maxv;
	if (x >= lim)
		return maxv;
	if (s ? x <= -lim - 1 || (x < -lim && trunc(x) < -lim) : x <= -1.0)
		return minv;
	if (fw == 32) {
		volatile float f = (float)x;
		if (iw == 32)
			return s ? (uint64_t)(uint32_t)(int32_t)f : (uint64_t)(uint32_t)f;
		return s ? (uint64_t)(int64_t)f : (uint64_t)f;
	}
	volatile double d = x;
	if (iw == 32)
		return s ? (uint64_t)(uint32_t)(int32_t)d : (uint64_t)(uint32_t)d;
	return s ? (uint64_t)(int64_t)d : (uint64_t)d;
}

static uint64_t f2f(uint64_t a)
{
	if (fw == 32) {
		volatile double d = (double)u2f((uint32_t)a);
		return d2u(d);
	}
	volatile float f = (float)u2d(a);
	return f2u(f);
}

static void conversions(char kind, int iw, int s, long n)
{
	long k = 0;
	uint64_t imask = iw == 32 ? 0xffffffffull : ~0ull;
	if (kind == 'i') {
		int64_t base[] = {0, 1, 2, 3, 7, 1 << 23, 1 << 24, 1 << 25, 1ll << 31, 1ll << 32,
			          1ll << 52, 1ll << 53, 1ll << 54, 1ll << 62, 1ll << 63, 0x7fffffffll,
			          0x12345678ll, 0xffffffll, 0x1ffffffll, 0x20000003ll};
		for (size_t i = 0; i < sizeof base / sizeof base[0]; i++)
			for (int d = -3; d <= 3; d++)
				for (int neg = 0; neg < 2; neg++, k++) {
					uint64_t v = (uint64_t)(base[i] + d);
					if (neg)
						v = -v;
					v &= imask;
					emit(0, v, 0, i2f(v, iw, s));
				}
		while (k < n) {
			uint64_t v = rnd() >> (rnd() % 64);
			if (rnd() & 1)
				v = -v;
			/* ties: a few low bits set to 10...0 pattern below the rounding point */
			if ((rnd() & 3) == 0)
				v = (v & ~0xffull) | 0x80;
			v &= imask;
			emit(0, v, 0, i2f(v, iw, s));
			k++;
		}
		return;
	}
	if (kind == 'f') {
		/* edges, and every integer boundary as a float and its neighbours */
		for (int i = 0; i < nedges; i++, k++)
			emit(0, edges[i], 0, f2i(edges[i], iw, s));
		double vals[] = {0.0, 0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 16777215.0, 16777216.0, 16777217.0,
			         9007199254740991.0, 9007199254740992.0, 2147483647.0, 2147483648.0,
			         4294967295.0, 4294967296.0, 9223372036854775807.0, 18446744073709551616.0,
			         2147483646.5, 4294967294.5, 0.999999};
		for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++)
			for (int d = -4; d <= 4; d++)
				for (int neg = 0; neg < 2; neg++, k++) {
					uint64_t a;
					if (fw == 32) {
						float f = (float)vals[i];
						uint32_t u = f2u(f) + (uint32_t)d;
						a = neg ? u ^ 0x80000000u : u;
					} else {
						uint64_t u = d2u(vals[i]) + (uint64_t)(int64_t)d;
						a = neg ? u ^ (1ull << 63) : u;
					}
					emit(0, a, 0, f2i(a, iw, s));
				}
		while (k < n) {
			uint64_t a, r = rnd();
			uint64_t bias = ((1ull << ew()) - 1) >> 1;
			if (r & 1)
				a = random_operand(0, 0);
			else /* values of every integer magnitude */
				a = mk((int)((r >> 1) & 1), bias - 2 + rnd() % (uint64_t)(iw + 4), rnd());
			a &= fmask();
			emit(0, a, 0, f2i(a, iw, s));
			k++;
		}
		return;
	}
	/* f2f */
	for (int i = 0; i < nedges; i++, k++)
		emit(0, edges[i], 0, f2f(edges[i]));
	while (k < n) {
		uint64_t a, r = rnd();
		if (fw == 64 && (r & 3) == 0) {
			/* around float's range: overflow, denormals, underflow */
			uint64_t e = (r & 4) ? 1023 + 125 + rnd() % 6 : 1023 - 126 - rnd() % 28;
			a = mk((int)((r >> 3) & 1), e, rnd());
			if ((r & 16) != 0) /* ties: the bits below float's last one 100..0 */
				a = (a & ~((1ull << 29) - 1)) | (1ull << 28);
		} else {
			a = random_operand(0, 0);
		}
		a &= fmask();
		emit(0, a, 0, f2f(a));
		k++;
	}
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: fp_vectors UNIT N\n");
		return 2;
	}
	const char *u = argv[1];
	long n = atol(argv[2]);
	int iw = 32, s = 1;
	fw = strstr(u, "64") == u + 3 ? 64 : 32;
	(void)sscanf(u + 5, "_%d_%d", &iw, &s);
	make_edges();
	if (!strncmp(u, "add", 3))
		binary('a', n);
	else if (!strncmp(u, "mul", 3))
		binary('m', n);
	else if (!strncmp(u, "div", 3))
		binary('d', n);
	else if (!strncmp(u, "cmp", 3))
		binary('c', n);
	else if (!strncmp(u, "i2f", 3))
		conversions('i', iw, s, n);
	else if (!strncmp(u, "f2i", 3))
		conversions('f', iw, s, n);
	else if (!strncmp(u, "f2f", 3))
		conversions('2', 0, 0, n);
	else {
		fprintf(stderr, "fp_vectors: unknown unit %s\n", u);
		return 2;
	}
	return 0;
}
