/* Recursion 10,000 calls deep: past KLEE's default of 8192 stack frames. */
static unsigned depth(unsigned n) { return n ? 1 + depth(n - 1) : 0; }
int main(void) { return depth(10000) == 10000 ? 0 : 1; }
