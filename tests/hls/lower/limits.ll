; Widths beyond IR_MAX_WIDTH (4096) are errors, not crashes; functions
; that are declarations or not in a kernel section are no kernels; an
; unreachable block's values are ignored even when a phi names them.
; expect-error: *: kernel 'huge': parameter 'p' has a type that is not supported
; expect-error: *: values wider than 4096 bits are not supported
; expect-error: *: kernel 'huge': parameter 'v' has a type that is not supported
; expect-not: kernel helper
; expect-not: kernel decl
; expect-errors: 3
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @huge(i5000 %p, i32 %n, <4 x i32> %v) section "sluice.kernel" {
entry:
  %w = zext i32 %n to i5000
  %x = add i5000 %w, 1
  %t = trunc i5000 %x to i32
  %ok = zext i32 %t to i4096
  %ok2 = mul i4096 %ok, 340282366920938463463374607431768211457
  br label %exit

dead:
  %z = add i32 %n, 1
  br label %exit

exit:
  %r = phi i32 [ %n, %entry ], [ %z, %dead ]
  ret void
}

define void @helper() {
  ret void
}

declare void @decl() section "sluice.kernel"
