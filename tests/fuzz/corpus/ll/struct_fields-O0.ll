target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.pt = type { i32, i8, i32 }

@.str = private unnamed_addr constant [2 x i8] c"x\00", align 1
@__const.main.p = private unnamed_addr constant %struct.pt { i32 1, i8 97, i32 2 }, align 4

define dso_local i32 @main() {
entry:
  %retval = alloca i32, align 4
  %x = alloca i8, align 1
  %p = alloca %struct.pt, align 4
  store i32 0, i32* %retval, align 4
  call void @klee_make_symbolic(i8* noundef %x, i64 noundef 1, i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0))
  %0 = bitcast %struct.pt* %p to i8*
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 4 %0, i8* align 4 bitcast (%struct.pt* @__const.main.p to i8*), i64 12, i1 false)
  %1 = load i8, i8* %x, align 1
  %tag = getelementptr inbounds %struct.pt, %struct.pt* %p, i32 0, i32 1
  store i8 %1, i8* %tag, align 4
  %tag1 = getelementptr inbounds %struct.pt, %struct.pt* %p, i32 0, i32 1
  %2 = load i8, i8* %tag1, align 4
  %conv = sext i8 %2 to i32
  %cmp = icmp eq i32 %conv, 122
  %3 = zext i1 %cmp to i64
  %cond = select i1 %cmp, i32 9, i32 3
  %y = getelementptr inbounds %struct.pt, %struct.pt* %p, i32 0, i32 2
  store i32 %cond, i32* %y, align 4
  %x3 = getelementptr inbounds %struct.pt, %struct.pt* %p, i32 0, i32 0
  %4 = load i32, i32* %x3, align 4
  %y4 = getelementptr inbounds %struct.pt, %struct.pt* %p, i32 0, i32 2
  %5 = load i32, i32* %y4, align 4
  %add = add nsw i32 %4, %5
  ret i32 %add
}

declare void @klee_make_symbolic(i8* noundef, i64 noundef, i8* noundef)

declare void @llvm.memcpy.p0i8.p0i8.i64(i8* noalias nocapture writeonly, i8* noalias nocapture readonly, i64, i1 immarg)



