target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [2 x i8] c"x\00", align 1

define dso_local i32 @main() local_unnamed_addr {
  %1 = alloca i8, align 1
  call void @llvm.lifetime.start.p0i8(i64 1, i8* nonnull %1)
  call void @klee_make_symbolic(i8* noundef nonnull %1, i64 noundef 1, i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0))
  %2 = load i8, i8* %1, align 1
  %3 = icmp eq i8 %2, 0
  br i1 %3, label %7, label %4

4:
  %5 = zext i8 %2 to i32
  %6 = call fastcc i32 @gcd(i32 noundef %5, i32 noundef 12)
  br label %7

7:
  %8 = phi i32 [ %6, %4 ], [ 99, %0 ]
  call void @llvm.lifetime.end.p0i8(i64 1, i8* nonnull %1)
  ret i32 %8
}

declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture)

declare void @klee_make_symbolic(i8* noundef, i64 noundef, i8* noundef) local_unnamed_addr

define internal fastcc i32 @gcd(i32 noundef %0, i32 noundef %1) unnamed_addr {
  %3 = icmp eq i32 %1, 0
  br i1 %3, label %7, label %4

4:
  %5 = srem i32 %0, %1
  %6 = call fastcc i32 @gcd(i32 noundef %1, i32 noundef %5)
  br label %7

7:
  %8 = phi i32 [ %6, %4 ], [ %0, %2 ]
  ret i32 %8
}

declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture)



