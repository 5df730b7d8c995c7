/* test_cadical_rand_tiny.c — random differential test over one input byte:
** every UNSAT answer is checked by brute force; option mixes alternate. */
#define RAND_ARRAYS "lemmas"
#define RAND_INCREMENTAL 1
#define RAND_SEED 5
#define RAND_QUERIES 4000
#define RAND_TINY 1
#include "test_cadical_rand.h"
