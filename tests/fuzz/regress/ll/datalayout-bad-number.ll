target datalayout = "e-m:e-n          8:16:32:64-S128"

define i32 @main() {
  ret i32 0
}
