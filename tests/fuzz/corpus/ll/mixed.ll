target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.pair = type { i32, i64, [3 x i8] }

@g = global %struct.pair { i32 1, i64 -2, [3 x i8] c"ab\00" }, align 8
@tbl = constant [2 x i32*] [i32* getelementptr (%struct.pair, %struct.pair* @g, i32 0, i32 0), i32* null]
@d = global double 1.5
@f = global float 2.5
@w = global <2 x i16> <i16 1, i16 2>
@alias = alias i32, i32* getelementptr (%struct.pair, %struct.pair* @g, i32 0, i32 0)

declare void @llvm.va_start(i8*)
declare void @llvm.va_end(i8*)
declare i32 @llvm.smax.i32(i32, i32)

define i32 @sum(i32 %n, ...) {
  %ap = alloca i8*, align 8
  %p = bitcast i8** %ap to i8*
  call void @llvm.va_start(i8* %p)
  call void @llvm.va_end(i8* %p)
  ret i32 %n
}

define i32 @main(i32 %argc, i8** %argv) {
entry:
  %a = alloca [4 x i32], i32 %argc
  %q = getelementptr [4 x i32], [4 x i32]* %a, i32 %argc, i64 2
  store i32 7, i32* %q
  store double 3.0, double* @d
  %v = load i32, i32* %q
  %c = icmp sgt i32 %v, 3
  %s = select i1 %c, i32 %v, i32 -1
  %m = call i32 @llvm.smax.i32(i32 %s, i32 0)
  %r = call i32 (i32, ...) @sum(i32 %m, i32 1, i64 2)
  %wide = zext i32 %r to i128
  %t = trunc i128 %wide to i8
  %fp = sitofp i32 %r to float
  br i1 %c, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add nsw i32 %i, 1
  %x = sdiv i32 %i1, %argc
  %e = icmp ult i32 %i1, 10
  br i1 %e, label %loop, label %done
done:
  %res = phi i32 [ %r, %entry ], [ %x, %loop ]
  %fn = load i32*, i32** getelementptr ([2 x i32*], [2 x i32*]* @tbl, i64 0, i64 0)
  %y = load i32, i32* @alias
  switch i32 %y, label %out [ i32 1, label %one
                              i32 2, label %out ]
one:
  unreachable
out:
  ret i32 %res
}
