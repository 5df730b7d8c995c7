@g = global [4294967296 x i64] zeroinitializer
define i32 @main() {
  ret i32 0
}
