target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [2 x i8] c"x\00", align 1

define dso_local i32 @main() local_unnamed_addr {
  %1 = alloca i8, align 1
  call void @llvm.lifetime.start.p0i8(i64 1, i8* nonnull %1)
  call void @klee_make_symbolic(i8* noundef nonnull %1, i64 noundef 1, i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0))
  %2 = load i8, i8* %1, align 1
  %3 = icmp eq i8 %2, 122
  %4 = select i1 %3, i32 10, i32 4
  call void @llvm.lifetime.end.p0i8(i64 1, i8* nonnull %1)
  ret i32 %4
}

declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture)

declare void @klee_make_symbolic(i8* noundef, i64 noundef, i8* noundef) local_unnamed_addr

declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture)



