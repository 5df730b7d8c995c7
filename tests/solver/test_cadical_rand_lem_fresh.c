/* test_cadical_rand_lem_fresh.c — random differential test, arrays by lemmas, incremental 0. */
#define RAND_ARRAYS "lemmas"
#define RAND_INCREMENTAL 0
#define RAND_SEED 4
#define RAND_QUERIES 4000
#include "test_cadical_rand.h"
