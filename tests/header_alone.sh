#!/bin/sh
# include/symx.h must compile alone, as C11 and pedantic, with no warnings.
set -e
src=$(dirname "$0")/..
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '#include <symx.h>\nint main(void) { return symx_version_number() > 0 ? 0 : 1; }\n' > "$tmp/h.c"
${CC:-cc} -std=c11 -pedantic -Wall -Wextra -Werror -I "$src/include" -c "$tmp/h.c" -o "$tmp/h.o"
printf '#include <symx/target.h>\nint main(void) { return 0; }\n' > "$tmp/t.c"
${CC:-cc} -std=c11 -pedantic -Wall -Wextra -Werror -I "$src/include" -c "$tmp/t.c" -o "$tmp/t.o"
echo "symx.h and symx/target.h compile alone"
