/* test_cadical_rand_lem_inc.c — random differential test, arrays by lemmas, incremental 1. */
#define RAND_ARRAYS "lemmas"
#define RAND_INCREMENTAL 1
#define RAND_SEED 2
#define RAND_QUERIES 4000
#include "test_cadical_rand.h"
