/* chars.h — character classes the way gnulib writes small helpers: an inline
** definition here, the one external definition in chars.c, which the build
** puts in an archive (libchars.a). An optimizing native build inlines every
** call and so links no member of it; the -O0 bitcode still calls it, so
** symx-cc must take the member from the archive (what m4 needs). */
#ifndef CHARS_H
#define CHARS_H
inline int chars_is_digit(char ch) { return ch >= '0' && ch <= '9'; }
inline int chars_is_space(char ch) { return ch == ' ' || ch == '\n' || ch == '\t'; }
#endif
