/* test_cadical_rand_ack_inc.c — random differential test, arrays by ackermann, incremental 1. */
#define RAND_ARRAYS "ackermann"
#define RAND_INCREMENTAL 1
#define RAND_SEED 1
#define RAND_QUERIES 4000
#include "test_cadical_rand.h"
