#!/bin/sh
# SPDX-License-Identifier: MIT
# valgrind.sh: meson's exe_wrapper for `meson test --setup valgrind`.
# A test program runs under memcheck: any error, or a definite leak, makes
# it exit 99. A Python test script runs natively (Python itself is not
# under test) with URISCAN_VALGRIND set to the same valgrind command, which
# the scripts put in front of the uriscan programs they start.
# URISCAN_TEST_LIGHT: the tests that run megabytes through the library
# (test_extract) run smaller inputs on the same paths.
URISCAN_TEST_LIGHT=1
export URISCAN_TEST_LIGHT
# --read-inline-info=no --vgdb=no: a start of valgrind 0.6 s of CPU instead
# of 0.78 on the 2-core machine (the CLI cases start uriscan about a hundred
# times); the same errors are found, but a stack in a report names the
# function an inlined one was inlined into, not the inlined one (run
# valgrind by hand for those), and no gdb can attach.
vg="valgrind --quiet --error-exitcode=99 --leak-check=full \
--errors-for-leak-kinds=definite --show-leak-kinds=definite \
--read-inline-info=no --vgdb=no"
case "${1##*/}" in
python*)
  URISCAN_VALGRIND=$vg
  export URISCAN_VALGRIND
  exec "$@"
  ;;
esac
exec $vg "$@"
