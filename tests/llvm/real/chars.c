#include "chars.h"

extern inline int chars_is_digit(char ch);
extern inline int chars_is_space(char ch);
