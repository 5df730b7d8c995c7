/* The list of benchmarks: BENCH(name, help). Each defines
** int bench_NAME(int argc, char **argv) in bench_NAME.c. */
BENCH(nop, "does nothing (checks the harness)")
