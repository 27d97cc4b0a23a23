; Pipe descriptors -> ir_pipe (one per name, even when two descriptors, as
; after llvm-link, carry it), spec constants, pipe ops with their latency
; props, read_nb's {iN, i1} as an N+1-bit value, kernel state with its
; initializer in host byte order.
; expect-op: pipe samples: int32_t, 32 bits, kernel none, min_capacity 16
; expect-op: pipe in: int32_t, 32 bits, host h2d, min_capacity 8
; expect-op: pipe out: int32_t, 32 bits, host d2h, min_capacity 8
; expect-op: pipe adc: uint16_t, 16 bits, io in, min_capacity 0
; expect-op: pipe dac: uint16_t, 16 bits, io out, min_capacity 0
; expect-not: samples.1
; expect-op: spec gain: int32_t, 32 bits = 4294967293
; expect-op: = pipe.read.32 in anchor=0
; expect-op: pipe.write out, %4 latency(exact 2 after anchor 0)
; expect-op: = pipe.read_nb.17 adc anchor=4 latency(min 1 after anchor 0)
; expect-op: = extract.1 %6[16 +: 1]
; expect-op: = extract.16 %6[0 +: 16]
; expect-op: = pipe.write_nb.1 dac, %
; expect-op: pipe.write samples, %
; expect-op: state counter: 32 bits, init 0x5
; expect-op: state gs: 64 bits, init 0x200000001
; expect-op: = state.load.32 counter
; expect-op: state.store gs, %
; expect-op: ; x k.c:12:17
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.sluice_pipe_desc = type { ptr, ptr, i32, i32, i32, i32 }
%struct.sluice_spec_desc = type { ptr, ptr, i32, ptr }
%struct.st = type { i8, i32 }

@.str = private unnamed_addr constant [8 x i8] c"samples\00", align 1
@.str.1 = private unnamed_addr constant [8 x i8] c"int32_t\00", align 1
@samples = internal constant %struct.sluice_pipe_desc { ptr @.str, ptr @.str.1, i32 4, i32 16, i32 0, i32 0 }, section "sluice.pipes", align 8, !dbg !20
@.str.2 = private unnamed_addr constant [3 x i8] c"in\00", align 1
@in = internal constant %struct.sluice_pipe_desc { ptr @.str.2, ptr @.str.1, i32 4, i32 8, i32 1, i32 1 }, section "sluice.pipes", align 8
@.str.3 = private unnamed_addr constant [4 x i8] c"out\00", align 1
@out = internal constant %struct.sluice_pipe_desc { ptr @.str.3, ptr @.str.1, i32 4, i32 8, i32 1, i32 2 }, section "sluice.pipes", align 8
@.str.4 = private unnamed_addr constant [4 x i8] c"adc\00", align 1
@.str.5 = private unnamed_addr constant [9 x i8] c"uint16_t\00", align 1
@adc = internal constant %struct.sluice_pipe_desc { ptr @.str.4, ptr @.str.5, i32 2, i32 0, i32 2, i32 3 }, section "sluice.pipes", align 8
@.str.6 = private unnamed_addr constant [4 x i8] c"dac\00", align 1
@dac = internal constant %struct.sluice_pipe_desc { ptr @.str.6, ptr @.str.5, i32 2, i32 0, i32 2, i32 4 }, section "sluice.pipes", align 8
@samples.1 = internal constant %struct.sluice_pipe_desc { ptr @.str, ptr @.str.1, i32 4, i32 16, i32 0, i32 0 }, section "sluice.pipes", align 8
@__sluice_spec_gain = internal constant i32 -3, section "sluice.spec", align 4
@.str.7 = private unnamed_addr constant [5 x i8] c"gain\00", align 1
@__sluice_specdesc_gain = internal constant %struct.sluice_spec_desc { ptr @.str.7, ptr @.str.1, i32 4, ptr @__sluice_spec_gain }, section "sluice.specdesc", align 8
@gs = dso_local global %struct.st { i8 1, i32 2 }, align 4
@counter = internal global i32 5, align 4

define void @scale(i32 %n) section "sluice.kernel" !dbg !3 {
entry:
  %cnt = call i32 @sluice.state.load.i32(ptr @counter)
  %g = call i64 @sluice.state.load.i64(ptr @gs)
  %x = call i32 @sluice.pipe.read.i32(ptr @in, i32 1, i32 0, i32 0, i32 0), !dbg !10
  %w = add i32 %x, %cnt
  call void @sluice.pipe.write.i32(ptr @out, i32 %w, i32 0, i32 1, i32 1, i32 2)
  %nb = call { i16, i1 } @sluice.pipe.read_nb.i16(ptr @adc, i32 5, i32 1, i32 3, i32 1)
  %ok = extractvalue { i16, i1 } %nb, 1
  %v = extractvalue { i16, i1 } %nb, 0
  %wok = call i1 @sluice.pipe.write_nb.i16(ptr @dac, i16 %v, i32 0, i32 0, i32 0, i32 0)
  call void @sluice.pipe.write.i32(ptr @samples.1, i32 %n, i32 0, i32 0, i32 0, i32 0)
  %cnt2 = add i32 %cnt, 1
  call void @sluice.state.store.i32(ptr @counter, i32 %cnt2)
  call void @sluice.state.store.i64(ptr @gs, i64 %g)
  ret void
}

declare i32 @sluice.pipe.read.i32(ptr, i32, i32, i32, i32)
declare void @sluice.pipe.write.i32(ptr, i32, i32, i32, i32, i32)
declare { i16, i1 } @sluice.pipe.read_nb.i16(ptr, i32, i32, i32, i32)
declare i1 @sluice.pipe.write_nb.i16(ptr, i16, i32, i32, i32, i32)
declare i32 @sluice.state.load.i32(ptr)
declare i64 @sluice.state.load.i64(ptr)
declare void @sluice.state.store.i32(ptr, i32)
declare void @sluice.state.store.i64(ptr, i64)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.c", directory: "/tmp")
!2 = !DISubroutineType(types: !{null})
!3 = distinct !DISubprogram(name: "scale", scope: !1, file: !1, line: 11, type: !2, unit: !0, spFlags: DISPFlagDefinition)
!9 = !{i32 2, !"Debug Info Version", i32 3}
!10 = !DILocation(line: 12, column: 17, scope: !3)
!20 = !DIGlobalVariableExpression(var: !21, expr: !DIExpression())
!21 = distinct !DIGlobalVariable(name: "samples", scope: !0, file: !1, line: 2, type: !22, isLocal: true, isDefinition: true)
!22 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
