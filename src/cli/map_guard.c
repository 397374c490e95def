/* SPDX-License-Identifier: MIT */
/*
 * map_guard.c: SIGBUS on a mapped file that shrank (map_guard.h). The
 * handler only reads the slot table, calls mmap and stores atomics.
 */
#define _GNU_SOURCE /* MAP_ANONYMOUS */
#include "map_guard.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define SLOTS 64 /* mappings guarded at once: 1 per reader, 1 per -j file */

struct slot {
	_Atomic uintptr_t base; /* 0: free */
	_Atomic uintptr_t len;
	_Atomic uint64_t file_off;
	_Atomic int lost;
};

static struct slot slots[SLOTS];
static _Atomic uint64_t lost_at;
static atomic_flag installed_lock = ATOMIC_FLAG_INIT;
static _Atomic int installed; /* 1: handler in place; -1: cannot be */
static uintptr_t page;

static void on_sigbus(int sig, siginfo_t *si, void *uc)
{
	uintptr_t a = (uintptr_t)si->si_addr;
	(void)uc;
	for (int i = 0; i < SLOTS; i++) {
		uintptr_t b = atomic_load(&slots[i].base);
		uintptr_t n = atomic_load(&slots[i].len);
		if (b == 0 || a < b || a - b >= n)
			continue;
		uintptr_t from = a & ~(page - 1);
		if (from < b)
			from = b;
		/* zeros from the faulting page to the end of the mapping; the
		 * read that faulted is made again on them */
		if (mmap((void *)from, b + n - from, PROT_READ,
		         MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) ==
		    MAP_FAILED)
			break;
		atomic_store(&lost_at, atomic_load(&slots[i].file_off) + (from - b));
		atomic_store(&slots[i].lost, 1);
		return;
	}
	/* not ours (or no zeros): the default action when the read is
	 * made again */
	signal(sig, SIG_DFL);
}

static int install(void)
{
	int st = atomic_load(&installed);

	if (st != 0)
		return st;
	while (atomic_flag_test_and_set(&installed_lock))
		;
	if (atomic_load(&installed) == 0) {
		long pg = sysconf(_SC_PAGESIZE);
		struct sigaction sa;
		page = pg > 0 ? (uintptr_t)pg : 4096;
		memset(&sa, 0, sizeof sa);
		sa.sa_sigaction = on_sigbus;
		sa.sa_flags = SA_SIGINFO | SA_NODEFER;
		sigemptyset(&sa.sa_mask);
		atomic_store(&installed, sigaction(SIGBUS, &sa, NULL) == 0 ? 1 : -1);
	}
	atomic_flag_clear(&installed_lock);
	return atomic_load(&installed);
}

int map_guard_add(const void *p, size_t len, uint64_t file_off)
{
	if (install() != 1 || p == NULL || len == 0)
		return -1;
	for (int i = 0; i < SLOTS; i++) {
		uintptr_t zero = 0;
		/* a free slot has length 0 (matches no address) until
		 * its new owner stores it */
		if (!atomic_compare_exchange_strong(&slots[i].base, &zero,
		                                    (uintptr_t)p))
			continue;
		atomic_store(&slots[i].file_off, file_off);
		atomic_store(&slots[i].lost, 0);
		atomic_store(&slots[i].len, (uintptr_t)len);
		return i;
	}
	return -1;
}

int map_guard_lost(int slot)
{
	return slot >= 0 && atomic_load_explicit(&slots[slot].lost,
	                                         memory_order_relaxed);
}

void map_guard_remove(int slot)
{
	if (slot < 0)
		return;
	atomic_store(&slots[slot].len, 0);
	atomic_store(&slots[slot].base, 0);
}

uint64_t map_guard_lost_at(void)
{
	return atomic_load(&lost_at);
}

void map_guard_note_lost(uint64_t size)
{
	atomic_store(&lost_at, size);
}
