/*
 * commands.h: subcommands of uriscan(1) that live in their own files.
 * Each takes the arguments after the command name and returns the exit
 * status; output goes through output.h (out_init has been called).
 */
#ifndef URISCAN_CLI_COMMANDS_H
#define URISCAN_CLI_COMMANDS_H

/* uriscan extract (cmd_extract.c) */
int cmd_extract(int argc, char **argv);

/* uriscan log (cmd_log.c) */
int cmd_log(int argc, char **argv);

#endif
