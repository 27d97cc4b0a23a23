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

int rt_lock_init(struct rt_lock *l)
{
	l->next = l->serving = 0;
	if (pthread_mutex_init(&l->m, NULL))
		return -1;
	if (pthread_cond_init(&l->c, NULL)) {
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

void rt_lock(struct rt_lock *l)
{
	pthread_mutex_lock(&l->m);
	uint64_t ticket = l->next++;
	while (ticket != l->serving)
		pthread_cond_wait(&l->c, &l->m);
	pthread_mutex_unlock(&l->m);
}

void rt_unlock(struct rt_lock *l)
{
	pthread_mutex_lock(&l->m);
	l->serving++;
	if (l->next != l->serving)
		pthread_cond_broadcast(&l->c);
	pthread_mutex_unlock(&l->m);
}

bool rt_lock_contended(struct rt_lock *l)
{
	pthread_mutex_lock(&l->m);
	bool waiting = l->next - l->serving > 1;
	pthread_mutex_unlock(&l->m);
	return waiting;
}
