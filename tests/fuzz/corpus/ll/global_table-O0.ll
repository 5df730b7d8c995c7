target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [2 x i8] c"x\00", align 1
@table = internal constant [10 x i32] [i32 5, i32 3, i32 8, i32 1, i32 9, i32 0, i32 2, i32 7, i32 4, i32 6], align 16

define dso_local i32 @main() {
entry:
  %retval = alloca i32, align 4
  %x = alloca i8, align 1
  store i32 0, i32* %retval, align 4
  call void @klee_make_symbolic(i8* noundef %x, i64 noundef 1, i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0))
  %0 = load i8, i8* %x, align 1
  %conv = zext i8 %0 to i32
  %cmp = icmp sge i32 %conv, 10
  br i1 %cmp, label %if.then, label %if.end

if.then:
  store i32 0, i32* %retval, align 4
  br label %return

if.end:
  %1 = load i8, i8* %x, align 1
  %idxprom = zext i8 %1 to i64
  %arrayidx = getelementptr inbounds [10 x i32], [10 x i32]* @table, i64 0, i64 %idxprom
  %2 = load i32, i32* %arrayidx, align 4
  %cmp2 = icmp sgt i32 %2, 5
  br i1 %cmp2, label %if.then4, label %if.end5

if.then4:
  store i32 1, i32* %retval, align 4
  br label %return

if.end5:
  store i32 2, i32* %retval, align 4
  br label %return

return:
  %3 = load i32, i32* %retval, align 4
  ret i32 %3
}

declare void @klee_make_symbolic(i8* noundef, i64 noundef, i8* noundef)



