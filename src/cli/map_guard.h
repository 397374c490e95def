/* SPDX-License-Identifier: MIT */
/*
 * map_guard.h: reading a mapped file that shrinks under the reader.
 *
 * A page of a file mapping that lies past the file's end (it was truncated
 * after mmap, as log rotation does) raises SIGBUS when read: the process
 * would die. A mapping registered here is guarded instead: the first such
 * read maps zero pages over the rest of the mapping (from the faulting
 * page on), records where the loss began, and the read goes on (it sees
 * NUL bytes). The reader then asks map_guard_lost() and stops with
 * MAP_GUARD_ESHRANK. A file that grows or is replaced (renamed over) does
 * not fault: the mapping keeps the bytes that were there.
 *
 * Any thread may read a guarded mapping (extract -j N); add and remove are
 * called by the thread that maps and unmaps it, around all the reading.
 * A SIGBUS outside every guarded mapping keeps its default action.
 */
#ifndef URISCAN_CLI_MAP_GUARD_H
#define URISCAN_CLI_MAP_GUARD_H

#include <stddef.h>
#include <stdint.h>

/* errno of a read that stopped because the file shrank (input.c reports
 * it with map_guard_lost_at()). */
#define MAP_GUARD_ESHRANK 100001

/* Guard [p, p + len), the bytes of its file from file_off on. Returns a
 * slot for map_guard_lost and map_guard_remove, or -1 (no slot or no
 * handler: the caller should read instead of mapping). */
int map_guard_add(const void *p, size_t len, uint64_t file_off);
/* Whether a read in slot's mapping found the file shorter (then
 * map_guard_lost_at() says from which byte of the file). */
int map_guard_lost(int slot);
/* Stop guarding (before munmap). */
void map_guard_remove(int slot);
/* The file offset of the first byte lost at the last loss. */
uint64_t map_guard_lost_at(void);
/* A loss found otherwise (fstat: the file is now `size` bytes); a file
 * cut inside a page reads NULs past its end without any SIGBUS. */
void map_guard_note_lost(uint64_t size);

#endif
