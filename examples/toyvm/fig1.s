; Figure 1 of "Pending Constraints in Symbolic Execution for Better
; Exploration and Seeding" (ASE'20), DFS_FRIENDLY undefined:
;   bool isSpace; char str[6];            (both symbolic)
;   if (isSpace) str[0] = '_'; else str[0] = '\0';
;   for (int i = 1; i < 6; i++)
;     for (char j = 0; j < str[i]; j++) str[i-1]++;
;   fib(15);
;   assert(!isSpace);
; Memory: isSpace at 0, str at 1..6. r0 stays 0.
        sym   0, 1, isSpace
        sym   1, 6, str
        ldb   r1, r0, 0
        br    eq r1, 0, else
        mov   r2, 95            ; '_'
        stb   r0, 1, r2
        jmp   loops
else:   stb   r0, 1, r0         ; '\0'
loops:  mov   r3, 1             ; i = 1
outer:  br    sge r3, 6, fibcall
        mov   r4, 0             ; j = 0 (signed char)
inner:  ldsb  r5, r3, 1         ; str[i]
        br    sge r4, r5, next
        ldb   r6, r3, 0         ; str[i-1]++
        add   r6, r6, 1
        stb   r3, 0, r6
        add   r4, r4, 1         ; j++
        jmp   inner
next:   add   r3, r3, 1
        jmp   outer
fibcall: mov  r1, 15
        call  fib
        ldb   r1, r0, 0         ; assert(!isSpace)
        set   eq r8, r1, 0
        assert r8
        halt
; fib(r1) -> r2, recursive
fib:    br    ne r1, 0, fib1
        mov   r2, 0
        ret
fib1:   br    ne r1, 1, fib2
        mov   r2, 1
        ret
fib2:   push  r1
        sub   r1, r1, 1
        call  fib
        pop   r1
        push  r2
        sub   r1, r1, 2
        call  fib
        pop   r7
        add   r2, r2, r7
        ret
