target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [2 x i8] c"x\00", align 1

define dso_local i32 @main() {
entry:
  %retval = alloca i32, align 4
  %x = alloca i8, align 1
  store i32 0, i32* %retval, align 4
  call void @klee_make_symbolic(i8* noundef %x, i64 noundef 1, i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0))
  %0 = load i8, i8* %x, align 1
  %conv = zext i8 %0 to i32
  %cmp = icmp eq i32 %conv, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:
  store i32 99, i32* %retval, align 4
  br label %return

if.end:
  %1 = load i8, i8* %x, align 1
  %conv2 = zext i8 %1 to i32
  %call = call i32 @gcd(i32 noundef %conv2, i32 noundef 12)
  store i32 %call, i32* %retval, align 4
  br label %return

return:
  %2 = load i32, i32* %retval, align 4
  ret i32 %2
}

declare void @klee_make_symbolic(i8* noundef, i64 noundef, i8* noundef)

define internal i32 @gcd(i32 noundef %a, i32 noundef %b) {
entry:
  %retval = alloca i32, align 4
  %a.addr = alloca i32, align 4
  %b.addr = alloca i32, align 4
  store i32 %a, i32* %a.addr, align 4
  store i32 %b, i32* %b.addr, align 4
  %0 = load i32, i32* %b.addr, align 4
  %cmp = icmp eq i32 %0, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:
  %1 = load i32, i32* %a.addr, align 4
  store i32 %1, i32* %retval, align 4
  br label %return

if.end:
  %2 = load i32, i32* %b.addr, align 4
  %3 = load i32, i32* %a.addr, align 4
  %4 = load i32, i32* %b.addr, align 4
  %rem = srem i32 %3, %4
  %call = call i32 @gcd(i32 noundef %2, i32 noundef %rem)
  store i32 %call, i32* %retval, align 4
  br label %return

return:
  %5 = load i32, i32* %retval, align 4
  ret i32 %5
}



