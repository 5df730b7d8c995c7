target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [2 x i8] c"x\00", align 1
@.str.1 = private unnamed_addr constant [6 x i8] c"v=%d\0A\00", align 1

define dso_local i32 @main() {
entry:
  %retval = alloca i32, align 4
  %x = alloca i8, align 1
  store i32 0, i32* %retval, align 4
  call void @klee_make_symbolic(i8* noundef %x, i64 noundef 1, i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0))
  %0 = load i8, i8* %x, align 1
  %conv = zext i8 %0 to i32
  %rem = srem i32 %conv, 7
  %call = call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([6 x i8], [6 x i8]* @.str.1, i64 0, i64 0), i32 noundef %rem)
  ret i32 0
}

declare void @klee_make_symbolic(i8* noundef, i64 noundef, i8* noundef)

declare i32 @printf(i8* noundef, ...)



