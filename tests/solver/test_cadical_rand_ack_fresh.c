/* test_cadical_rand_ack_fresh.c — random differential test, arrays by ackermann, incremental 0. */
#define RAND_ARRAYS "ackermann"
#define RAND_INCREMENTAL 0
#define RAND_SEED 3
#define RAND_QUERIES 4000
#include "test_cadical_rand.h"
