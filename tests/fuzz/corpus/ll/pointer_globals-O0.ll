target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@g1 = dso_local global i32 1, align 4
@g2 = dso_local global i32 2, align 4
@.str = private unnamed_addr constant [2 x i8] c"x\00", align 1

define dso_local i32 @main() {
entry:
  %retval = alloca i32, align 4
  %x = alloca i8, align 1
  %p = alloca i32*, align 8
  store i32 0, i32* %retval, align 4
  call void @klee_make_symbolic(i8* noundef %x, i64 noundef 1, i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0))
  %0 = load i8, i8* %x, align 1
  %conv = zext i8 %0 to i32
  %cmp = icmp sgt i32 %conv, 50
  %1 = zext i1 %cmp to i64
  %cond = select i1 %cmp, i32* @g1, i32* @g2
  store i32* %cond, i32** %p, align 8
  %2 = load i32*, i32** %p, align 8
  store i32 7, i32* %2, align 4
  %3 = load i32, i32* @g1, align 4
  %mul = mul nsw i32 %3, 10
  %4 = load i32, i32* @g2, align 4
  %add = add nsw i32 %mul, %4
  %5 = load i32*, i32** %p, align 8
  %6 = load i32, i32* %5, align 4
  %add2 = add nsw i32 %add, %6
  ret i32 %add2
}

declare void @klee_make_symbolic(i8* noundef, i64 noundef, i8* noundef)



