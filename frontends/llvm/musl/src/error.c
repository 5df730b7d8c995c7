/* glibc's error() and error_at_line(), which musl does not have: a program
** configured against glibc (every gnulib one) calls them instead of
** compiling gnulib's own. Without them the call would leave the program
** for the host's glibc, whose message escapes the path's captured stderr
** and names the interpreter instead of the program. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char *__progname_full;

void (*error_print_progname)(void);
unsigned int error_message_count;
int error_one_per_line;

static void report(int status, int errnum, const char *file, unsigned line,
                   const char *fmt, va_list ap)
{
	fflush(stdout);
	/* glibc's layout: "prog: msg", "prog:file:line: msg" */
	if (error_print_progname) error_print_progname();
	else fprintf(stderr, file ? "%s:" : "%s: ", __progname_full ? __progname_full : "");
	if (file) fprintf(stderr, "%s:%u: ", file, line);
	vfprintf(stderr, fmt, ap);
	if (errnum) fprintf(stderr, ": %s", strerror(errnum));
	fputc('\n', stderr);
	fflush(stderr);
	error_message_count++;
	if (status) exit(status);
}

void error(int status, int errnum, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(status, errnum, 0, 0, fmt, ap);
	va_end(ap);
}

void error_at_line(int status, int errnum, const char *file, unsigned line,
                   const char *fmt, ...)
{
	static const char *last_file;
	static unsigned last_line;
	if (error_one_per_line) { /* glibc remembers the site only then */
		if (line == last_line &&
		    (file == last_file || (file && last_file && !strcmp(file, last_file))))
			return;
		last_file = file;
		last_line = line;
	}
	va_list ap;
	va_start(ap, fmt);
	report(status, errnum, file, line, fmt, ap);
	va_end(ap);
}
