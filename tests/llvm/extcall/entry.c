/* --entry-point and --max-stack-frames (extcall.py's option checks). */
int depth(int n) { return n ? 1 + depth(n - 1) : 0; }
int start(void) { return depth(50) == 50 ? 3 : 4; }
int main(void) { return 9; }
