target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [2 x i8] c"x\00", align 1
@__const.main.fs = private unnamed_addr constant [3 x i32 (i32)*] [i32 (i32)* @f0, i32 (i32)* @f1, i32 (i32)* @f2], align 16

define dso_local i32 @main() local_unnamed_addr {
  %1 = alloca i8, align 1
  call void @llvm.lifetime.start.p0i8(i64 1, i8* nonnull %1)
  call void @klee_make_symbolic(i8* noundef nonnull %1, i64 noundef 1, i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0))
  %2 = load i8, i8* %1, align 1
  %3 = urem i8 %2, 3
  %4 = zext i8 %3 to i64
  %5 = getelementptr inbounds [3 x i32 (i32)*], [3 x i32 (i32)*]* @__const.main.fs, i64 0, i64 %4
  %6 = load i32 (i32)*, i32 (i32)** %5, align 8
  %7 = call i32 %6(i32 noundef 10)
  call void @llvm.lifetime.end.p0i8(i64 1, i8* nonnull %1)
  ret i32 %7
}

declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture)

declare void @klee_make_symbolic(i8* noundef, i64 noundef, i8* noundef) local_unnamed_addr

define internal i32 @f0(i32 noundef %0) {
  %2 = add nsw i32 %0, 1
  ret i32 %2
}

define internal i32 @f1(i32 noundef %0) {
  %2 = shl nsw i32 %0, 1
  ret i32 %2
}

define internal i32 @f2(i32 noundef %0) {
  %2 = add nsw i32 %0, -3
  ret i32 %2
}

declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture)



