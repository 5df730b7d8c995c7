; early.ll — an early return and a diamond (no loop). Blocks in order:
; 0 entry, 1 a, 2 b, 3 c, 4 d, 5 early. Acyclic entry-to-exit paths:
; 0-1-2-3-4 (5 blocks), 0-1-2-4 (4), 0-5 (2).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.x = private unnamed_addr constant [2 x i8] c"x\00", align 1

define i32 @main() {
entry:
  %p = alloca i8, align 1
  call void @klee_make_symbolic(i8* %p, i64 1, i8* getelementptr inbounds ([2 x i8], [2 x i8]* @.x, i64 0, i64 0))
  %x = load i8, i8* %p, align 1
  %c1 = icmp ugt i8 %x, 200
  br i1 %c1, label %early, label %a
a:
  %y = add i8 %x, 1
  br label %b
b:
  %c2 = icmp ugt i8 %y, 100
  br i1 %c2, label %c, label %d
c:
  br label %d
d:
  %r = phi i32 [ 1, %c ], [ 2, %b ]
  ret i32 %r
early:
  ret i32 3
}

declare void @klee_make_symbolic(i8*, i64, i8*)
