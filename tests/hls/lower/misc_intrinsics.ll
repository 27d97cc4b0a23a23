; Intrinsics that vanish (dbg, lifetime, assume, noalias scope, prefetch),
; that are their first argument (expect, annotation) or a constant
; (is.constant: false), and those that are errors in C terms.
; expect-error: 7: local array 'buf' indexed by a variable needs memories
; expect-error: 8: traps (__builtin_trap, sanitizer checks) are not supported
; expect-error: 9: unsupported intrinsic 'llvm.ushl.sat.i32'
; expect-errors: 3
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.sluice_pipe_desc = type { ptr, ptr, i32, i32, i32, i32 }
@s.o = private unnamed_addr constant [2 x i8] c"o\00", align 1
@s.t = private unnamed_addr constant [9 x i8] c"uint32_t\00", align 1
@o = internal constant %struct.sluice_pipe_desc { ptr @s.o, ptr @s.t, i32 4, i32 4, i32 0, i32 0 }, section "sluice.pipes"
@.ann = private constant [2 x i8] c"a\00"

define void @k(i32 %n) section "sluice.kernel" !dbg !3 {
entry:
  %buf = alloca [4 x i32]
  call void @llvm.lifetime.start.p0(i64 16, ptr %buf)
  call void @llvm.assume(i1 true)
  call void @llvm.experimental.noalias.scope.decl(metadata !20)
  call void @llvm.prefetch.p0(ptr %buf, i32 0, i32 3, i32 1)
  %e = call i32 @llvm.expect.i32(i32 %n, i32 1)
  %a = call i32 @llvm.annotation.i32.p0(i32 %e, ptr @.ann, ptr @.ann, i32 1)
  %c = call i1 @llvm.is.constant.i32(i32 %a)
  %cz = zext i1 %c to i32
  %r = add i32 %a, %cz
  call void @sluice.pipe.write.i32(ptr @o, i32 %r, i32 0, i32 0, i32 0, i32 0)
  call void @llvm.memset.p0.i64(ptr %buf, i8 0, i64 16, i1 false), !dbg !10
  call void @llvm.trap(), !dbg !11
  %u = call i32 @llvm.ushl.sat.i32(i32 %n, i32 %n), !dbg !12
  call void @llvm.lifetime.end.p0(i64 16, ptr %buf)
  ret void
}

declare void @sluice.pipe.write.i32(ptr, i32, i32, i32, i32, i32)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare void @llvm.assume(i1)
declare void @llvm.experimental.noalias.scope.decl(metadata)
declare void @llvm.prefetch.p0(ptr, i32, i32, i32)
declare i32 @llvm.expect.i32(i32, i32)
declare i32 @llvm.annotation.i32.p0(i32, ptr, ptr, i32)
declare i1 @llvm.is.constant.i32(i32)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.trap()
declare i32 @llvm.ushl.sat.i32(i32, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "m.c", directory: "/tmp")
!2 = !DISubroutineType(types: !{null})
!3 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !2, unit: !0, spFlags: DISPFlagDefinition)
!9 = !{i32 2, !"Debug Info Version", i32 3}
!10 = !DILocation(line: 7, column: 5, scope: !3)
!11 = !DILocation(line: 8, column: 5, scope: !3)
!12 = !DILocation(line: 9, column: 5, scope: !3)
!20 = !{!21}
!21 = distinct !{!21, !22}
!22 = distinct !{!22}
