target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [2 x i8] c"x\00", align 1

define dso_local i32 @main() {
entry:
  %retval = alloca i32, align 4
  %x = alloca i8, align 1
  %p = alloca i8*, align 8
  %r = alloca i32, align 4
  store i32 0, i32* %retval, align 4
  call void @klee_make_symbolic(i8* noundef %x, i64 noundef 1, i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0))
  %call = call noalias i8* @malloc(i64 noundef 2)
  store i8* %call, i8** %p, align 8
  %0 = load i8, i8* %x, align 1
  %1 = load i8*, i8** %p, align 8
  %arrayidx = getelementptr inbounds i8, i8* %1, i64 0
  store i8 %0, i8* %arrayidx, align 1
  %2 = load i8*, i8** %p, align 8
  %arrayidx1 = getelementptr inbounds i8, i8* %2, i64 1
  store i8 0, i8* %arrayidx1, align 1
  %3 = load i8*, i8** %p, align 8
  %call2 = call i8* @realloc(i8* noundef %3, i64 noundef 16)
  store i8* %call2, i8** %p, align 8
  %4 = load i8*, i8** %p, align 8
  %arrayidx3 = getelementptr inbounds i8, i8* %4, i64 10
  store i8 3, i8* %arrayidx3, align 1
  %5 = load i8*, i8** %p, align 8
  %arrayidx4 = getelementptr inbounds i8, i8* %5, i64 0
  %6 = load i8, i8* %arrayidx4, align 1
  %conv = sext i8 %6 to i32
  %cmp = icmp eq i32 %conv, 113
  %7 = zext i1 %cmp to i64
  %cond = select i1 %cmp, i32 1, i32 0
  store i32 %cond, i32* %r, align 4
  %8 = load i8*, i8** %p, align 8
  call void @free(i8* noundef %8)
  %9 = load i32, i32* %r, align 4
  ret i32 %9
}

declare void @klee_make_symbolic(i8* noundef, i64 noundef, i8* noundef)

declare noalias i8* @malloc(i64 noundef)

declare i8* @realloc(i8* noundef, i64 noundef)

declare void @free(i8* noundef)



