/* The list of benchmarks: BENCH(name, help), each defining
** int bench_NAME(int argc, char **argv) in bench_NAME.c, and SCRIPT(name,
** help), each bench/NAME.py run by bench_script.c. */
BENCH(nop, "does nothing (checks the harness)")
BENCH(eval, "evaluator: ns per node of a large shared DAG under fresh assignments")
BENCH(build, "builder: hash-consed nodes built per second, hash-cons hit rate")
BENCH(fig1, "toyvm fig1.s: eager vs pending (random-path) until the assertion failure")
BENCH(fork, "pending forks per second and bytes per pending state")
BENCH(chain, "solver chain: toyvm programs in eager mode, chain on vs off")
BENCH(solver, "backends: cadical vs z3 on a directory of .smt2 queries (or --generate one)")
BENCH(seeded, "toyvm fig1.s and checksum.s: solver queries until one seed's path ends, eager vs pending")
BENCH(rom, "cadical: reads of constant tables, ROM encoding vs an ite per write (old), plus .smt2 files given")
#ifdef SXL_EXAMPLES_DIR
BENCH(llvm, "symx-llvm: fig1.c eager vs pending (random-path); concrete speed on fib(25)")
BENCH(memcap, "symx-llvm: peak resident size of a path explosion under max_memory 64 and 256, pending vs eager")
SCRIPT(directed, "symx-llvm --target: instructions until the target per searcher (bench/directed.py; its ARGS)")
SCRIPT(multitarget, "symx-llvm --targets-file: Otter's multi-target experiment, uncovered lines of bc and m4 reached per searcher (bench/multitarget.py --real WORK)")
SCRIPT(cuts, "symx-llvm --cut: Converse's toys per cut mode, coverage of the original (bench/cuts.py)")
SCRIPT(hybrid, "AFL++ + symx-llvm as a peer vs AFL++ alone: edges over time, crashes (bench/hybrid.py)")
#endif
