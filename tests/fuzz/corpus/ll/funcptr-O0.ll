target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [2 x i8] c"x\00", align 1
@__const.main.fs = private unnamed_addr constant [3 x i32 (i32)*] [i32 (i32)* @f0, i32 (i32)* @f1, i32 (i32)* @f2], align 16

define dso_local i32 @main() {
entry:
  %retval = alloca i32, align 4
  %x = alloca i8, align 1
  %fs = alloca [3 x i32 (i32)*], align 16
  store i32 0, i32* %retval, align 4
  call void @klee_make_symbolic(i8* noundef %x, i64 noundef 1, i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0))
  %0 = bitcast [3 x i32 (i32)*]* %fs to i8*
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 16 %0, i8* align 16 bitcast ([3 x i32 (i32)*]* @__const.main.fs to i8*), i64 24, i1 false)
  %1 = load i8, i8* %x, align 1
  %conv = zext i8 %1 to i32
  %rem = srem i32 %conv, 3
  %idxprom = sext i32 %rem to i64
  %arrayidx = getelementptr inbounds [3 x i32 (i32)*], [3 x i32 (i32)*]* %fs, i64 0, i64 %idxprom
  %2 = load i32 (i32)*, i32 (i32)** %arrayidx, align 8
  %call = call i32 %2(i32 noundef 10)
  ret i32 %call
}

declare void @klee_make_symbolic(i8* noundef, i64 noundef, i8* noundef)

define internal i32 @f0(i32 noundef %v) {
entry:
  %v.addr = alloca i32, align 4
  store i32 %v, i32* %v.addr, align 4
  %0 = load i32, i32* %v.addr, align 4
  %add = add nsw i32 %0, 1
  ret i32 %add
}

define internal i32 @f1(i32 noundef %v) {
entry:
  %v.addr = alloca i32, align 4
  store i32 %v, i32* %v.addr, align 4
  %0 = load i32, i32* %v.addr, align 4
  %mul = mul nsw i32 %0, 2
  ret i32 %mul
}

define internal i32 @f2(i32 noundef %v) {
entry:
  %v.addr = alloca i32, align 4
  store i32 %v, i32* %v.addr, align 4
  %0 = load i32, i32* %v.addr, align 4
  %sub = sub nsw i32 %0, 3
  ret i32 %sub
}

declare void @llvm.memcpy.p0i8.p0i8.i64(i8* noalias nocapture writeonly, i8* noalias nocapture readonly, i64, i1 immarg)



