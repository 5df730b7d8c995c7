; ModuleID = '/work/wt/fuzz/tests/llvm/progs/branch_simple.c'
source_filename = "/work/wt/fuzz/tests/llvm/progs/branch_simple.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [2 x i8] c"x\00", align 1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @main() #0 !dbg !10 {
  %1 = alloca i32, align 4
  %2 = alloca i8, align 1
  store i32 0, i32* %1, align 4
  call void @llvm.dbg.declare(metadata i8* %2, metadata !16, metadata !DIExpression()), !dbg !18
  call void @klee_make_symbolic(i8* noundef %2, i64 noundef 1, i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0)), !dbg !19
  %3 = load i8, i8* %2, align 1, !dbg !20
  %4 = zext i8 %3 to i32, !dbg !20
  %5 = icmp sgt i32 %4, 100, !dbg !22
  br i1 %5, label %6, label %7, !dbg !23

6:                                                ; preds = %0
  store i32 1, i32* %1, align 4, !dbg !24
  br label %8, !dbg !24

7:                                                ; preds = %0
  store i32 0, i32* %1, align 4, !dbg !25
  br label %8, !dbg !25

8:                                                ; preds = %7, %6
  %9 = load i32, i32* %1, align 4, !dbg !26
  ret i32 %9, !dbg !26
}

; Function Attrs: nofree nosync noun[ind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

declare void @klee_make_symbolic(i8* noundef, i64 noundef, i8* noundef) #2

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}
!llvm.ident = !{!4}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "/work/wt/fuzz/tests/llvm/progs/branch_simple.c", directory: "/tmp/llc", checksumkind: CSK_MD5, checksum: "174aaa7365bce20754ac9569126d612c")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 1}
!8 = !{i32 7, !"frame-pointer", i32 2}
!9 = !{!"Debian clang version 14.0.6"}
!10 = distinct !DISubprogram(name: "main", scope: !11, file: !11, line: 7, type: !12, scopeLine: 7, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !15)
!11 = !DIFile(filename: "/work/wt/fuzz/tests/llvm/progs/branch_simple.c", directory: "", checksumkind: CSK_MD5, checksum: "174aaa7365bce20754ac9569126d612c")
!12 = !DISubroutineType(types: !13)
!13 = !{!14}
!14 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!15 = !{}
!16 = !DILocalVariable(name: "x", scope: !10, file: !11, line: 8, type: !17)
!17 = !DIBasicType(name: "unsigned char", size: 8, encoding: DW_ATE_unsigned_char)
!18 = !DILocation(line: 8, column: 17, scope: !10)
!19 = !DILocation(line: 9, column: 3, scope: !10)
!20 = !DILocation(line: 10, column: 7, scope: !21)
!21 = distinct !DILexicalBlock(scope: !10, file: !11, line: 10, column: 7)
!22 = !DILocation(line: 10, column: 9, scope: !21)
!23 = !DILocation(line: 10, column: 7, scope: !10)
!24 = !DILocation(line: 11, column: 5, scope: !21)
!25 = !DILocation(line: 12, column: 3, scope: !10)
!26 = !DILocation(line: 13, column: 1, scope: !10)
