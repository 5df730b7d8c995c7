#define SHIFT 1
