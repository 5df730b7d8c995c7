; Instruction counts of switches (tests/llvm/count.py): each path runs
; alloca, call, load, switch, then its block. The switch counts once, as
; KLEE counts it; e's switch has only a default (a plain branch).
@name = private constant [2 x i8] c"c\00"
declare void @klee_make_symbolic(i8*, i64, i8*)
define i32 @main() {
entry:
  %p = alloca i8
  call void @klee_make_symbolic(i8* %p, i64 1, i8* getelementptr ([2 x i8], [2 x i8]* @name, i64 0, i64 0))
  %c = load i8, i8* %p
  switch i8 %c, label %d [ i8 1, label %a
                           i8 2, label %b
                           i8 5, label %b
                           i8 3, label %e ]
a:
  ret i32 1
b:
  ret i32 2
e:
  switch i8 %c, label %z []
z:
  ret i32 3
d:
  ret i32 0
}
