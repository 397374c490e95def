/* SPDX-License-Identifier: MIT */
/*
 * failalloc.c: the wrapped allocator of failalloc.h.
 */
#include "failalloc.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t k, size_t n);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

static _Atomic unsigned long calls, fail_at, bytes;
static _Atomic long live;
static atomic_int from_env; /* 0: not read yet, 1: read */

static void print_count(void)
{
	fprintf(stderr, "failalloc: %lu allocations\n", atomic_load(&calls));
}

/* at start-up, so that a program that allocates nothing says so */
__attribute__((constructor)) static void read_env(void)
{
	int zero = 0;
	if (!atomic_compare_exchange_strong(&from_env, &zero, 1))
		return;
	const char *v = getenv("URISCAN_FAILALLOC");
	if (v != NULL)
		atomic_store(&fail_at, strtoul(v, NULL, 10));
	v = getenv("URISCAN_FAILALLOC_COUNT");
	if (v != NULL && *v == '1')
		atexit(print_count);
}

/* 1 when this allocation is to fail */
static int fails(void)
{
	read_env();
	unsigned long k = atomic_fetch_add(&calls, 1) + 1;
	if (k == atomic_load(&fail_at)) {
		errno = ENOMEM;
		return 1;
	}
	return 0;
}

void failalloc_set(unsigned long n)
{
	atomic_store(&from_env, 1);
	atomic_store(&calls, 0);
	atomic_store(&bytes, 0);
	atomic_store(&live, 0);
	atomic_store(&fail_at, n);
}

unsigned long failalloc_count(void)
{
	return atomic_load(&calls);
}

long failalloc_live(void)
{
	return atomic_load(&live);
}

unsigned long failalloc_bytes(void)
{
	return atomic_load(&bytes);
}

void *__wrap_malloc(size_t n)
{
	void *p = fails() ? NULL : __real_malloc(n);
	if (p) {
		atomic_fetch_add(&live, 1);
		atomic_fetch_add(&bytes, n);
	}
	return p;
}

void *__wrap_calloc(size_t k, size_t n)
{
	void *p = fails() ? NULL : __real_calloc(k, n);
	if (p) {
		atomic_fetch_add(&live, 1);
		atomic_fetch_add(&bytes, k * n);
	}
	return p;
}

void *__wrap_realloc(void *old, size_t n)
{
	void *p = fails() ? NULL : __real_realloc(old, n);
	if (p && old == NULL)
		atomic_fetch_add(&live, 1);
	if (p)
		atomic_fetch_add(&bytes, n);
	return p;
}

void __wrap_free(void *p)
{
	if (p)
		atomic_fetch_sub(&live, 1);
	__real_free(p);
}
