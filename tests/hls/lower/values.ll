; Floating-point values as bits (bitcasts, phis, selects and constants are
; fine; only arithmetic is an error), aggregates in phis, a block whose
; operand is defined in a block laid out after it (lowering goes in
; reverse post-order), two kernels keeping the same global as separate
; state, float state and spec constants, and names made Verilog
; identifiers.
; expect-op: spec scale: double, 64 bits = 4611686018427387904
; expect-op: kernel first() autorun
; expect-op: kernel second(h: i16 unsigned @0, x: i32 unsigned @4, y: i64 unsigned @8) started, args 16 bytes
; expect-op: state acc: 32 bits, init 0x3fc00000
; expect-op: state pair: 32 bits, init 0x3c000007
; expect-op: = const.32 1065353216
; expect-op: = const.16 15360
; expect-op: = const.64 13835058055282163712
; expect-op: ; x_y_z
; expect-op: ; _1st
; expect-op: bb2 early:                                    ; preds: bb3
; expect-op: bb3 late:
; expect-eval: => 0x3f800000 0x7 0x3c00 0x3ff00000
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.sluice_pipe_desc = type { ptr, ptr, i32, i32, i32, i32 }
%struct.sluice_spec_desc = type { ptr, ptr, i32, ptr }
@s.o = private unnamed_addr constant [2 x i8] c"o\00", align 1
@s.t = private unnamed_addr constant [9 x i8] c"uint32_t\00", align 1
@o = internal constant %struct.sluice_pipe_desc { ptr @s.o, ptr @s.t, i32 4, i32 4, i32 0, i32 0 }, section "sluice.pipes"
@s.scale = private unnamed_addr constant [6 x i8] c"scale\00", align 1
@s.double = private unnamed_addr constant [7 x i8] c"double\00", align 1
@__sluice_spec_scale = internal constant double 2.0, section "sluice.spec"
@__sluice_specdesc_scale = internal constant %struct.sluice_spec_desc { ptr @s.scale, ptr @s.double, i32 8, ptr @__sluice_spec_scale }, section "sluice.specdesc"
@acc = internal global float 1.5
@pair = internal global { i16, half } { i16 7, half 1.0 }

define void @first() section "sluice.autorun" {
entry:
  %a = call i32 @sluice.state.load.i32(ptr @acc)
  %p = call i32 @sluice.state.load.i32(ptr @pair)
  %c = icmp eq i32 %a, 0
  br label %early.pre

early.pre:
  br i1 %c, label %late, label %late

early:
  %f = phi float [ %g, %late ]
  %agg = phi { i16, half } [ %agg1, %late ]
  %fi = bitcast float %f to i32
  call void @sluice.pipe.write.i32(ptr @o, i32 %fi, i32 0, i32 0, i32 0, i32 0)
  %e0 = extractvalue { i16, half } %agg, 0
  %e0z = zext i16 %e0 to i32
  call void @sluice.pipe.write.i32(ptr @o, i32 %e0z, i32 0, i32 0, i32 0, i32 0)
  %e1 = extractvalue { i16, half } %agg, 1
  %e1i = bitcast half %e1 to i16
  %e1z = zext i16 %e1i to i32
  call void @sluice.pipe.write.i32(ptr @o, i32 %e1z, i32 0, i32 0, i32 0, i32 0)
  %d = select i1 %c, double -2.0, double 1.0
  %di = bitcast double %d to i64
  %dt = trunc i64 %di to i32
  %dh = lshr i64 %di, 32
  %dht = trunc i64 %dh to i32
  %"x.y-z" = or i32 %dt, %dht
  %"1st" = add i32 %"x.y-z", 0
  call void @sluice.pipe.write.i32(ptr @o, i32 %"1st", i32 0, i32 0, i32 0, i32 0)
  call void @sluice.state.store.i32(ptr @acc, i32 %a)
  ret void

late:
  %g = bitcast i32 1065353216 to float
  %agg0 = insertvalue { i16, half } undef, i16 7, 0
  %agg1 = insertvalue { i16, half } %agg0, half 1.0, 1
  br label %early
}

define void @second(i16 zeroext %h, i32 %x, i64 %y) section "sluice.kernel" !dbg !3 {
entry:
  %a = call i32 @sluice.state.load.i32(ptr @acc)
  call void @sluice.state.store.i32(ptr @acc, i32 %a)
  ret void
}

declare void @sluice.pipe.write.i32(ptr, i32, i32, i32, i32, i32)
declare i32 @sluice.state.load.i32(ptr)
declare void @sluice.state.store.i32(ptr, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "v.c", directory: "/tmp")
!2 = !DISubroutineType(types: !{null, !20, !21, !22})
!3 = distinct !DISubprogram(name: "second", scope: !1, file: !1, line: 1, type: !2, unit: !0, spFlags: DISPFlagDefinition)
!9 = !{i32 2, !"Debug Info Version", i32 3}
!20 = !DIDerivedType(tag: DW_TAG_typedef, name: "my_u16", file: !1, line: 1, baseType: !23)
!21 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !24)
!22 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "e", file: !1, line: 1, baseType: !25, size: 64, elements: !{})
!23 = !DIBasicType(name: "unsigned short", size: 16, encoding: DW_ATE_unsigned)
!24 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint32_t", file: !1, line: 1, baseType: !26)
!25 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!26 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
