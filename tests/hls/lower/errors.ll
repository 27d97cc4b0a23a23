; Every construct lowering cannot handle is reported at its line, in C
; terms, and all of them are reported (not only the first).
; (pointer parameter 'p' is a device address; its ptrtoint, line 15, is the address)
; expect-error: 1: kernel 'bad': parameter 's' is a struct, union or array
; expect-error: 3: floating-point arithmetic on _Float16 is not supported
; expect-error: 4: local array 'arr' indexed by a variable needs memories
; expect-error: 5: constant table 'table' indexed by a variable needs memories
; expect-error: 6: global array 'hist' indexed by a variable needs memories
; expect-error: 7: call to 'ext', which is not defined in the kernel sources
; expect-error: 8: calls through function pointers are not supported
; expect-error: 9: inline assembly is not supported
; expect-error: 10: vector types are not supported
; expect-error: 11: unsupported intrinsic 'llvm.smul.fix.i32'
; expect-error: 12: latency properties must be integer constants
; expect-error: 13: pipe 'in' carries 32-bit words but this operation transfers 16 bits
; expect-error: 14: atomic operations are not supported
; expect-error: 16: comparing pointers is not supported
; expect-error: 17: a pointer that can point to different objects is not supported
; expect-error: 18: a switch on a value wider than 64 bits is not supported
; expect-error: 19: call to 'rec' could not be inlined (recursive functions are not supported)
; expect-error: 20: unsupported intrinsic 'llvm.sqrt.f32'
; expect-error: 21: invalid latency kind 7
; expect-error: 22: variable-length arrays are not supported
; expect-error: 23: the pipe of a pipe operation must be one pipe known at compile time
; expect-error: 24: local variable 'v' whose address is taken needs memories
; expect-error: 8: global variable 'fp' accessed through a pointer
; expect-error: 23: a pointer that can point to different objects
; expect-errors: 24
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.sluice_pipe_desc = type { ptr, ptr, i32, i32, i32, i32 }
@.str = private unnamed_addr constant [3 x i8] c"in\00", align 1
@.str.1 = private unnamed_addr constant [8 x i8] c"int32_t\00", align 1
@in = internal constant %struct.sluice_pipe_desc { ptr @.str, ptr @.str.1, i32 4, i32 8, i32 1, i32 1 }, section "sluice.pipes", align 8
@table = internal constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
@hist = internal global [4 x i32] zeroinitializer, align 4
@fp = global ptr null

define void @bad(i32 %n, ptr %p, i64 %s.coerce, float %f, i128 %wide) section "sluice.kernel" !dbg !3 {
entry:
  %arr = alloca [8 x i32], align 4
  %v = alloca i32, align 4
  %fa = fptrunc float %f to half, !dbg !13
  %g = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i32 %n, !dbg !14
  store i32 1, ptr %g, align 4, !dbg !14
  %g2 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i32 %n, !dbg !14
  %l2 = load i32, ptr %g2, !dbg !14
  %t = getelementptr inbounds [4 x i32], ptr @table, i64 0, i32 %n, !dbg !15
  %tv = load i32, ptr %t, align 4, !dbg !15
  %h = getelementptr inbounds [4 x i32], ptr @hist, i64 0, i32 %n, !dbg !16
  store i32 %tv, ptr %h, align 4, !dbg !16
  %e = call i32 @ext(i32 %n), !dbg !17
  %fpv = load ptr, ptr @fp, !dbg !18
  call void %fpv(), !dbg !18
  call void asm sideeffect "nop", ""(), !dbg !19
  %vec = insertelement <2 x i32> undef, i32 %n, i32 0, !dbg !20
  %fx = call i32 @llvm.smul.fix.i32(i32 %n, i32 %n, i32 3), !dbg !21
  call void @sluice.pipe.write.i32(ptr @in, i32 %n, i32 %n, i32 0, i32 0, i32 0), !dbg !22
  call void @sluice.pipe.write.i16(ptr @in, i16 0, i32 0, i32 0, i32 0, i32 0), !dbg !23
  %old = atomicrmw add ptr @hist, i32 1 seq_cst, !dbg !24
  %pi = ptrtoint ptr %p to i64, !dbg !25
  %pc = icmp eq ptr %p, @hist, !dbg !26
  %c = icmp eq i32 %n, 0
  br i1 %c, label %a, label %b, !dbg !27

a:
  br label %b, !dbg !27

b:
  %pp = phi ptr [ @hist, %entry ], [ @table, %a ], !dbg !27
  switch i128 %wide, label %c2 [ i128 1, label %c2 ], !dbg !28

c2:
  call void @rec(i32 %n), !dbg !29
  %fc = call float @llvm.sqrt.f32(float %f), !dbg !30
  call void @sluice.pipe.write.i32(ptr @in, i32 %n, i32 0, i32 1, i32 7, i32 0), !dbg !31
  %ss = call ptr @llvm.stacksave.p0(), !dbg !32
  %sel = select i1 %c, ptr @in, ptr @in, !dbg !33
  call void @sluice.pipe.write.i32(ptr %sel, i32 %n, i32 0, i32 0, i32 0, i32 0), !dbg !33
  store i32 %n, ptr %v, !dbg !34
  %v2 = load i32, ptr %v, !dbg !34
  ret void
}

define void @rec(i32 %x) {
  ret void
}

declare i32 @ext(i32)
declare void @sluice.pipe.write.i32(ptr, i32, i32, i32, i32, i32)
declare void @sluice.pipe.write.i16(ptr, i16, i32, i32, i32, i32)
declare i32 @llvm.smul.fix.i32(i32, i32, i32)
declare float @llvm.sqrt.f32(float)
declare ptr @llvm.stacksave.p0()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "e.c", directory: "/tmp")
!2 = !DISubroutineType(types: !{null})
!3 = distinct !DISubprogram(name: "bad", scope: !1, file: !1, line: 1, type: !2, unit: !0, spFlags: DISPFlagDefinition)
!9 = !{i32 2, !"Debug Info Version", i32 3}
!13 = !DILocation(line: 3, column: 5, scope: !3)
!14 = !DILocation(line: 4, column: 5, scope: !3)
!15 = !DILocation(line: 5, column: 5, scope: !3)
!16 = !DILocation(line: 6, column: 5, scope: !3)
!17 = !DILocation(line: 7, column: 5, scope: !3)
!18 = !DILocation(line: 8, column: 5, scope: !3)
!19 = !DILocation(line: 9, column: 5, scope: !3)
!20 = !DILocation(line: 10, column: 5, scope: !3)
!21 = !DILocation(line: 11, column: 5, scope: !3)
!22 = !DILocation(line: 12, column: 5, scope: !3)
!23 = !DILocation(line: 13, column: 5, scope: !3)
!24 = !DILocation(line: 14, column: 5, scope: !3)
!25 = !DILocation(line: 15, column: 5, scope: !3)
!26 = !DILocation(line: 16, column: 5, scope: !3)
!27 = !DILocation(line: 17, column: 5, scope: !3)
!28 = !DILocation(line: 18, column: 5, scope: !3)
!29 = !DILocation(line: 19, column: 5, scope: !3)
!30 = !DILocation(line: 20, column: 5, scope: !3)
!31 = !DILocation(line: 21, column: 5, scope: !3)
!32 = !DILocation(line: 22, column: 5, scope: !3)
!33 = !DILocation(line: 23, column: 5, scope: !3)
!34 = !DILocation(line: 24, column: 5, scope: !3)
