; nested.ll — nested loops over a symbolic count n = x & 3 (i < n, j < n). Blocks:
; 0 entry, 1 outer head, 2 outer body, 3 inner head, 4 inner body,
; 5 outer latch, 6 exit. Back edges: 4->3 (inner loop, header 3), 5->1
; (outer, header 1). The only acyclic entry-to-exit path: 0-1-6.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.n = private unnamed_addr constant [2 x i8] c"n\00", align 1

define i32 @main() {
entry:
  %p = alloca i8, align 1
  call void @klee_make_symbolic(i8* %p, i64 1, i8* getelementptr inbounds ([2 x i8], [2 x i8]* @.n, i64 0, i64 0))
  %x = load i8, i8* %p, align 1
  %n = and i8 %x, 3
  br label %ohead
ohead:
  %i = phi i8 [ 0, %entry ], [ %i1, %olatch ]
  %s = phi i32 [ 0, %entry ], [ %s2, %olatch ]
  %co = icmp ult i8 %i, %n
  br i1 %co, label %obody, label %exit
obody:
  br label %ihead
ihead:
  %j = phi i8 [ 0, %obody ], [ %j1, %ibody ]
  %s1 = phi i32 [ %s, %obody ], [ %s3, %ibody ]
  %ci = icmp ult i8 %j, %n
  br i1 %ci, label %ibody, label %olatch
ibody:
  %s3 = add i32 %s1, 1
  %j1 = add i8 %j, 1
  br label %ihead
olatch:
  %s2 = phi i32 [ %s1, %ihead ]
  %i1 = add i8 %i, 1
  br label %ohead
exit:
  %c = icmp ugt i32 %s, 1000
  %r = zext i1 %c to i32
  ret i32 %r
}

declare void @klee_make_symbolic(i8*, i64, i8*)
