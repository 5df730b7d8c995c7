/* ctype.c — ctype.h of symx-llvm's libc (ASCII, "C" locale). */
int isdigit(int c) { return c >= '0' && c <= '9'; }
int isalpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
int isalnum(int c) { return isalpha(c) || isdigit(c); }
int isspace(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
int isupper(int c) { return c >= 'A' && c <= 'Z'; }
int islower(int c) { return c >= 'a' && c <= 'z'; }
int isxdigit(int c) { return isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
int isprint(int c) { return c >= 0x20 && c < 0x7f; }
int ispunct(int c) { return isprint(c) && !isalnum(c) && c != ' '; }
int iscntrl(int c) { return (c >= 0 && c < 0x20) || c == 0x7f; }
int toupper(int c) { return islower(c) ? c - 'a' + 'A' : c; }
int tolower(int c) { return isupper(c) ? c - 'A' + 'a' : c; }

/* glibc's <ctype.h> macros index tables through these functions; the bit
** layout is glibc's on little-endian machines. */
#define BIT(b) ((b) < 8 ? ((1 << (b)) << 8) : ((1 << (b)) >> 8))
static unsigned short ctype_b[384];
static int ctype_up[384], ctype_lo[384];
static const unsigned short *ctype_b_ptr;
static const int *ctype_up_ptr, *ctype_lo_ptr;

static void ctype_init(void) {
  for (int i = 0; i < 384; i++) {
    int c = i - 128;
    unsigned short f = 0;
    if (c >= 0 && c < 128) {
      if (isupper(c)) f |= BIT(0);
      if (islower(c)) f |= BIT(1);
      if (isalpha(c)) f |= BIT(2);
      if (isdigit(c)) f |= BIT(3);
      if (isxdigit(c)) f |= BIT(4);
      if (isspace(c)) f |= BIT(5);
      if (isprint(c)) f |= BIT(6);
      if (isprint(c) && c != ' ') f |= BIT(7);
      if (c == ' ' || c == '\t') f |= BIT(8);
      if (iscntrl(c)) f |= BIT(9);
      if (ispunct(c)) f |= BIT(10);
      if (isalnum(c)) f |= BIT(11);
    }
    ctype_b[i] = f;
    ctype_up[i] = c >= 0 && c < 128 ? toupper(c) : c;
    ctype_lo[i] = c >= 0 && c < 128 ? tolower(c) : c;
  }
  ctype_b_ptr = ctype_b + 128;
  ctype_up_ptr = ctype_up + 128;
  ctype_lo_ptr = ctype_lo + 128;
}

const unsigned short **__ctype_b_loc(void) {
  if (!ctype_b_ptr) ctype_init();
  return &ctype_b_ptr;
}
const int **__ctype_toupper_loc(void) {
  if (!ctype_b_ptr) ctype_init();
  return &ctype_up_ptr;
}
const int **__ctype_tolower_loc(void) {
  if (!ctype_b_ptr) ctype_init();
  return &ctype_lo_ptr;
}
