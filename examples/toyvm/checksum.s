; checksum.s — a magic-value gate for seeding (issue 6): the CRC-32 of the
; first 4 input bytes must equal 0x72120eb2 (the CRC-32 of "SEED"). The CRC
; is computed bit by bit with a branch per bit, as real code does, so each
; of the 2^32 paths through it fixes the 4 bytes: exploration without a
; seed has to hit the one path out of 2^32 that passes. Behind the gate a
; second stage branches on bytes 4..7 and fails an assertion on in[4] >= 128
; followed by "BUG". A seed "SEED" + 4 zero bytes passes the gate and takes
; the in[4] < 128 side; the rest of the second stage is left for the solver.
; Memory: in at 0..7. r0 stays 0.
        sym   0, 8, in
        mov   r1, 0xffffffff      ; crc
        mov   r2, 0               ; byte index
byte:   br    uge r2, 4, check
        ldb   r3, r2, 0
        xor   r1, r1, r3
        mov   r4, 0               ; bit index
bit:    br    uge r4, 8, nextb
        and   r5, r1, 1
        shr   r1, r1, 1
        br    eq r5, 0, skip
        xor   r1, r1, 0xedb88320
skip:   add   r4, r4, 1
        jmp   bit
nextb:  add   r2, r2, 1
        jmp   byte
check:  xor   r1, r1, 0xffffffff
        br    ne r1, 0x72120eb2, reject
; behind the gate
        ldb   r3, r0, 4
        br    ult r3, 128, small
        ldb   r3, r0, 5
        br    ne r3, 66, done      ; 'B'
        ldb   r3, r0, 6
        br    ne r3, 85, done      ; 'U'
        ldb   r3, r0, 7
        br    ne r3, 71, done      ; 'G'
        assert r0                  ; the bug behind the gate
small:  ldb   r3, r0, 5
        br    eq r3, 0, done
        add   r6, r6, 1
done:   halt
reject: halt
