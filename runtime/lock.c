/*
 * lock.c -- the device lock: a ticket lock, so that threads get the device
 * in the order they asked for it.
 *
 * A thread blocked in a host pipe call releases the device between two
 * rounds of clocking the simulator; with a plain mutex it would usually
 * take it straight back, and a thread that could make progress (the writer
 * that the blocked reader waits for) would starve, and the deadlock
 * detector would see nothing move.  Here a released device goes to the
 * thread that has waited longest.
 */
#include "internal.h"

#include <errno.h>
#include <time.h>

int rt_lock_init(struct rt_lock *l)
{
	pthread_condattr_t a;
	l->next = l->serving = 0;
	l->passing = 0;
	if (pthread_mutex_init(&l->m, NULL))
		return -1;
	if (pthread_condattr_init(&a)) {
		pthread_mutex_destroy(&l->m);
		return -1;
	}
	int rc = pthread_condattr_setclock(&a, CLOCK_MONOTONIC) || pthread_cond_init(&l->c, &a);
	pthread_condattr_destroy(&a);
	if (rc) {
		pthread_mutex_destroy(&l->m);
		return -1;
	}
	return 0;
}

void rt_lock_destroy(struct rt_lock *l)
{
	pthread_cond_destroy(&l->c);
	pthread_mutex_destroy(&l->m);
}

/* Takes a ticket and waits for its turn; l->m held. */
static void take_turn(struct rt_lock *l)
{
	uint64_t ticket = l->next++;
	if (l->passing)
		pthread_cond_broadcast(&l->c); /* a holder in rt_lock_pass waits for this */
	while (ticket != l->serving)
		pthread_cond_wait(&l->c, &l->m);
}

/* Ends the holder's turn; l->m held. */
static void end_turn(struct rt_lock *l)
{
	l->serving++;
	if (l->next != l->serving)
		pthread_cond_broadcast(&l->c);
}

void rt_lock(struct rt_lock *l)
{
	pthread_mutex_lock(&l->m);
	take_turn(l);
	pthread_mutex_unlock(&l->m);
}

void rt_unlock(struct rt_lock *l)
{
	pthread_mutex_lock(&l->m);
	end_turn(l);
	pthread_mutex_unlock(&l->m);
}

void rt_lock_pass(struct rt_lock *l, int64_t max_ns)
{
	struct timespec until;
	clock_gettime(CLOCK_MONOTONIC, &until);
	until.tv_sec += max_ns / 1000000000;
	until.tv_nsec += max_ns % 1000000000;
	if (until.tv_nsec >= 1000000000) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000;
	}
	pthread_mutex_lock(&l->m);
	end_turn(l);
	l->passing++;
	while (l->next == l->serving &&
	       pthread_cond_timedwait(&l->c, &l->m, &until) != ETIMEDOUT)
		;
	l->passing--;
	take_turn(l);
	pthread_mutex_unlock(&l->m);
}

bool rt_lock_contended(struct rt_lock *l)
{
	pthread_mutex_lock(&l->m);
	bool waiting = l->next - l->serving > 1;
	pthread_mutex_unlock(&l->m);
	return waiting;
}
