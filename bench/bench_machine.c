/* SPDX-License-Identifier: MIT */
/*
 * bench_machine.c: describes the machine and the build for the report's
 * header (CPU, its SIMD, pinning, kernel, date, compiler). Reads only; no
 * timing.
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "bench_harness.h"
#include "uriscan.h"

struct bench_machine machine = {.cpu_model = "unknown", .pinned = "no",
                                 .kernel = "unknown", .simd = "unknown"};

/* The SIMD level of uriscan's run skips in use (uriscan_simd_level: the
 * highest the CPU has unless the environment caps it: docs/extraction.md),
 * and which caps are set: a run's figures depend on both. */
static void describe_simd(void)
{
	static const char *const caps[] = {"URISCAN_NO_SIMD", "URISCAN_NO_AVX2",
	                                   "URISCAN_NO_AVX512"};
	char set[96] = "";
	for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
		const char *v = getenv(caps[i]);
		if (v != NULL && v[0] != '\0' && strcmp(v, "0") != 0)
			snprintf(set + strlen(set), sizeof set - strlen(set),
			         "%s%s=%.8s", set[0] ? " " : "", caps[i], v);
	}
	snprintf(machine.simd, sizeof machine.simd, "uriscan uses %s; %s",
	         uriscan_simd_level(), set[0] ? set : "no URISCAN_NO_* set");
}

void describe_machine(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	if (f) {
		char line[512];
		while (fgets(line, sizeof line, f)) {
			if (strncmp(line, "model name", 10) == 0) {
				char *c = strchr(line, ':');
				if (c) {
					c++;
					while (*c == ' ' || *c == '\t')
						c++;
					c[strcspn(c, "\n")] = '\0';
					snprintf(machine.cpu_model,
					         sizeof machine.cpu_model, "%s",
					         c);
				}
				break;
			}
		}
		fclose(f);
	}
	describe_simd();
	machine.ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t cs;
	CPU_ZERO(&cs);
	if (sched_getaffinity(0, sizeof cs, &cs) == 0 && CPU_COUNT(&cs) == 1) {
		for (int c = 0; c < CPU_SETSIZE; c++)
			if (CPU_ISSET(c, &cs))
				snprintf(machine.pinned, sizeof machine.pinned,
				         "cpu %d", c);
	}
	struct utsname u;
	if (uname(&u) == 0)
		snprintf(machine.kernel, sizeof machine.kernel, "%.60s %.90s",
		         u.sysname, u.release);
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(machine.date_utc, sizeof machine.date_utc,
	         "%Y-%m-%dT%H:%M:%SZ", &tm);
}

const char *compiler(void)
{
#if defined(__clang__)
	return "clang " __clang_version__;
#elif defined(__GNUC__)
	return "gcc " __VERSION__;
#else
	return "unknown";
#endif
}
