; Impossible pipe descriptors, bad latency props, a spec constant declared
; twice with different defaults, state without a definition: each is an
; error at the declaration (the DIGlobalVariable line) or at the call.
; expect-error: 2: pipe 'k1' has an invalid kind 5
; expect-error: 3: host pipe 'h1' has an invalid direction 0 (use SLUICE_H2D or SLUICE_D2H)
; expect-error: 4: pipe 'n1' has a negative MinCapacity (-1)
; expect-error: 5: I/O pipe 'io1' has an invalid direction 1
; expect-error: 6: pipe 'z1' carries a type of 0 bytes
; expect-error: *: 'junk' in section "sluice.pipes" is not a pipe descriptor
; expect-error: 8: specialization constant 'gain' is declared here as int32_t = 4 but elsewhere as int32_t = 3
; expect-error: 10: latency cycles must not be negative (-2)
; expect-error: 11: a latency constraint needs a target anchor
; expect-error: 12: global variable 'ext_state' is declared but not defined in the kernel sources
; expect-error: 13: the initial value of 'ptr_state' holds an address
; expect-errors: 11
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.sluice_pipe_desc = type { ptr, ptr, i32, i32, i32, i32 }
%struct.sluice_spec_desc = type { ptr, ptr, i32, ptr }

@t = private unnamed_addr constant [8 x i8] c"int32_t\00", align 1
@s.k1 = private unnamed_addr constant [3 x i8] c"k1\00", align 1
@s.h1 = private unnamed_addr constant [3 x i8] c"h1\00", align 1
@s.n1 = private unnamed_addr constant [3 x i8] c"n1\00", align 1
@s.io1 = private unnamed_addr constant [4 x i8] c"io1\00", align 1
@s.z1 = private unnamed_addr constant [3 x i8] c"z1\00", align 1
@s.ok = private unnamed_addr constant [3 x i8] c"ok\00", align 1
@k1 = internal constant %struct.sluice_pipe_desc { ptr @s.k1, ptr @t, i32 4, i32 1, i32 5, i32 0 }, section "sluice.pipes", !dbg !20
@h1 = internal constant %struct.sluice_pipe_desc { ptr @s.h1, ptr @t, i32 4, i32 1, i32 1, i32 0 }, section "sluice.pipes", !dbg !21
@n1 = internal constant %struct.sluice_pipe_desc { ptr @s.n1, ptr @t, i32 4, i32 -1, i32 0, i32 0 }, section "sluice.pipes", !dbg !22
@io1 = internal constant %struct.sluice_pipe_desc { ptr @s.io1, ptr @t, i32 4, i32 0, i32 2, i32 1 }, section "sluice.pipes", !dbg !23
@z1 = internal constant %struct.sluice_pipe_desc { ptr @s.z1, ptr @t, i32 0, i32 0, i32 0, i32 0 }, section "sluice.pipes", !dbg !24
@junk = internal constant i32 5, section "sluice.pipes"
@ok = internal constant %struct.sluice_pipe_desc { ptr @s.ok, ptr @t, i32 4, i32 1, i32 0, i32 0 }, section "sluice.pipes"
@s.gain = private unnamed_addr constant [5 x i8] c"gain\00", align 1
@__sluice_spec_gain = internal constant i32 3, section "sluice.spec"
@__sluice_specdesc_gain = internal constant %struct.sluice_spec_desc { ptr @s.gain, ptr @t, i32 4, ptr @__sluice_spec_gain }, section "sluice.specdesc", !dbg !26
@__sluice_spec_gain.1 = internal constant i32 4, section "sluice.spec"
@__sluice_specdesc_gain.1 = internal constant %struct.sluice_spec_desc { ptr @s.gain, ptr @t, i32 4, ptr @__sluice_spec_gain.1 }, section "sluice.specdesc", !dbg !27
@ext_state = external global i32
@ptr_state = internal global ptr @ok

define void @k() section "sluice.autorun" !dbg !3 {
entry:
  call void @sluice.pipe.write.i32(ptr @ok, i32 1, i32 1, i32 1, i32 1, i32 -2), !dbg !10
  call void @sluice.pipe.write.i32(ptr @ok, i32 1, i32 0, i32 0, i32 2, i32 3), !dbg !11
  %e = call i32 @sluice.state.load.i32(ptr @ext_state), !dbg !12
  %p = call i64 @sluice.state.load.i64(ptr @ptr_state), !dbg !13
  ret void
}

declare void @sluice.pipe.write.i32(ptr, i32, i32, i32, i32, i32)
declare i32 @sluice.state.load.i32(ptr)
declare i64 @sluice.state.load.i64(ptr)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "d.c", directory: "/tmp")
!2 = !DISubroutineType(types: !{null})
!3 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 9, type: !2, unit: !0, spFlags: DISPFlagDefinition)
!9 = !{i32 2, !"Debug Info Version", i32 3}
!10 = !DILocation(line: 10, column: 5, scope: !3)
!11 = !DILocation(line: 11, column: 5, scope: !3)
!12 = !DILocation(line: 12, column: 5, scope: !3)
!13 = !DILocation(line: 13, column: 5, scope: !3)
!19 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!20 = !DIGlobalVariableExpression(var: !30, expr: !DIExpression())
!21 = !DIGlobalVariableExpression(var: !31, expr: !DIExpression())
!22 = !DIGlobalVariableExpression(var: !32, expr: !DIExpression())
!23 = !DIGlobalVariableExpression(var: !33, expr: !DIExpression())
!24 = !DIGlobalVariableExpression(var: !34, expr: !DIExpression())
!26 = !DIGlobalVariableExpression(var: !36, expr: !DIExpression())
!27 = !DIGlobalVariableExpression(var: !37, expr: !DIExpression())
!30 = distinct !DIGlobalVariable(name: "k1", scope: !0, file: !1, line: 2, type: !19, isLocal: true, isDefinition: true)
!31 = distinct !DIGlobalVariable(name: "h1", scope: !0, file: !1, line: 3, type: !19, isLocal: true, isDefinition: true)
!32 = distinct !DIGlobalVariable(name: "n1", scope: !0, file: !1, line: 4, type: !19, isLocal: true, isDefinition: true)
!33 = distinct !DIGlobalVariable(name: "io1", scope: !0, file: !1, line: 5, type: !19, isLocal: true, isDefinition: true)
!34 = distinct !DIGlobalVariable(name: "z1", scope: !0, file: !1, line: 6, type: !19, isLocal: true, isDefinition: true)
!36 = distinct !DIGlobalVariable(name: "__sluice_specdesc_gain", scope: !0, file: !1, line: 7, type: !19, isLocal: true, isDefinition: true)
!37 = distinct !DIGlobalVariable(name: "__sluice_specdesc_gain", scope: !0, file: !1, line: 8, type: !19, isLocal: true, isDefinition: true)
