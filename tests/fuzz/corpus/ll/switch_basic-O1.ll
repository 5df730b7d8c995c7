target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [2 x i8] c"x\00", align 1
@.str.1 = private unnamed_addr constant [4 x i8] c"one\00", align 1
@.str.2 = private unnamed_addr constant [4 x i8] c"two\00", align 1
@.str.3 = private unnamed_addr constant [4 x i8] c"big\00", align 1
@.str.4 = private unnamed_addr constant [6 x i8] c"other\00", align 1

define dso_local i32 @main() local_unnamed_addr {
  %1 = alloca i8, align 1
  call void @llvm.lifetime.start.p0i8(i64 1, i8* nonnull %1)
  call void @klee_make_symbolic(i8* noundef nonnull %1, i64 noundef 1, i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0))
  %2 = load i8, i8* %1, align 1
  switch i8 %2, label %5 [
    i8 1, label %6
    i8 2, label %3
    i8 -56, label %4
  ]

3:
  br label %6

4:
  br label %6

5:
  br label %6

6:
  %7 = phi i8* [ getelementptr inbounds ([6 x i8], [6 x i8]* @.str.4, i64 0, i64 0), %5 ], [ getelementptr inbounds ([4 x i8], [4 x i8]* @.str.3, i64 0, i64 0), %4 ], [ getelementptr inbounds ([4 x i8], [4 x i8]* @.str.2, i64 0, i64 0), %3 ], [ getelementptr inbounds ([4 x i8], [4 x i8]* @.str.1, i64 0, i64 0), %0 ]
  %8 = call i32 @puts(i8* noundef nonnull dereferenceable(1) %7)
  call void @llvm.lifetime.end.p0i8(i64 1, i8* nonnull %1)
  ret i32 0
}

declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture)

declare void @klee_make_symbolic(i8* noundef, i64 noundef, i8* noundef) local_unnamed_addr

declare noundef i32 @puts(i8* nocapture noundef readonly) local_unnamed_addr

declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture)



