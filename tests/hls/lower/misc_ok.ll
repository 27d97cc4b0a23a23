; The same vanishing and identity intrinsics in a kernel that lowers: the
; value written is n (expect, annotation) + 0 (is.constant).
; expect-eval: 41 => 41
; expect-not: undef
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.sluice_pipe_desc = type { ptr, ptr, i32, i32, i32, i32 }
@s.o = private unnamed_addr constant [2 x i8] c"o\00", align 1
@s.t = private unnamed_addr constant [9 x i8] c"uint32_t\00", align 1
@o = internal constant %struct.sluice_pipe_desc { ptr @s.o, ptr @s.t, i32 4, i32 4, i32 0, i32 0 }, section "sluice.pipes"
@.ann = private constant [2 x i8] c"a\00"

define void @k(i32 %n) section "sluice.kernel" {
entry:
  %buf = alloca [4 x i32]
  call void @llvm.lifetime.start.p0(i64 16, ptr %buf)
  call void @llvm.assume(i1 true)
  call void @llvm.prefetch.p0(ptr %buf, i32 0, i32 3, i32 1)
  %e = call i32 @llvm.expect.i32(i32 %n, i32 1)
  %a = call i32 @llvm.annotation.i32.p0(i32 %e, ptr @.ann, ptr @.ann, i32 1)
  %c = call i1 @llvm.is.constant.i32(i32 %a)
  %cz = zext i1 %c to i32
  %r = add i32 %a, %cz
  call void @sluice.pipe.write.i32(ptr @o, i32 %r, i32 0, i32 0, i32 0, i32 0)
  call void @llvm.lifetime.end.p0(i64 16, ptr %buf)
  ret void
}

declare void @sluice.pipe.write.i32(ptr, i32, i32, i32, i32, i32)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare void @llvm.assume(i1)
declare void @llvm.prefetch.p0(ptr, i32, i32, i32)
declare i32 @llvm.expect.i32(i32, i32)
declare i32 @llvm.annotation.i32.p0(i32, ptr, ptr, i32)
declare i1 @llvm.is.constant.i32(i32)
