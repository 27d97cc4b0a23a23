; generated from tests/hls/lower/c_scale.c by tests/hls/lower/regen.sh
; expect-op: pipe in: int32_t, 32 bits, host h2d, min_capacity 8
; expect-op: spec gain: int32_t, 32 bits = 3
; expect-op: kernel scale(n: i32 signed @0, shift: i8 unsigned @4, neg: i1 unsigned @5, bias: i64 signed @8, us: i16 unsigned @16, ch: i8 signed @18, mode: i32 unsigned @20, ll: i64 signed @24, sc: i8 signed @32) started, args 40 bytes
; expect-op: state total: 32 bits, init 0x7
; expect-op: = state.load.32 total
; expect-op: = pipe.read.32 in anchor=0
; expect-op: pipe.write out, %
; expect-op: latency(exact 2 after anchor 0)
; expect-op: switch %
; expect-op: bb7 sw_epilog:                                ; preds: bb2 bb3 bb4 bb5
; expect-op: = sdiv.32
; expect-op: state.store total, %
; expect-op: ; call1 tests/hls/lower/c_scale.c:34:24
; expect-eval: 0 0 0 0 0 0 0 0 0 =>
; expect-eval: 2 1 1 0x100000005 0 0 0 0 0 => 5 5
source_filename = "tests/hls/lower/c_scale.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.sluice_pipe_desc = type { ptr, ptr, i32, i32, i32, i32 }
%struct.sluice_spec_desc = type { ptr, ptr, i32, ptr }

@.str = private unnamed_addr constant [3 x i8] c"in\00", align 1, !dbg !0
@.str.1 = private unnamed_addr constant [8 x i8] c"int32_t\00", align 1, !dbg !7
@in = internal constant %struct.sluice_pipe_desc { ptr @.str, ptr @.str.1, i32 4, i32 8, i32 1, i32 1 }, section "sluice.pipes", align 8, !dbg !12
@.str.2 = private unnamed_addr constant [4 x i8] c"out\00", align 1, !dbg !38
@out = internal constant %struct.sluice_pipe_desc { ptr @.str.2, ptr @.str.1, i32 4, i32 8, i32 1, i32 2 }, section "sluice.pipes", align 8, !dbg !43
@__sluice_spec_gain = internal constant i32 3, section "sluice.spec", align 4, !dbg !56
@.str.3 = private unnamed_addr constant [5 x i8] c"gain\00", align 1, !dbg !59
@__sluice_specdesc_gain = internal constant %struct.sluice_spec_desc { ptr @.str.3, ptr @.str.1, i32 4, ptr @__sluice_spec_gain }, section "sluice.specdesc", align 8, !dbg !64
@total = internal global i32 7, align 4, !dbg !75
@llvm.compiler.used = appending global [4 x ptr] [ptr @in, ptr @out, ptr @__sluice_spec_gain, ptr @__sluice_specdesc_gain], section "llvm.metadata"

; Function Attrs: noinline nounwind uwtable
define dso_local void @scale(i32 noundef %n, i8 noundef zeroext %shift, i1 noundef zeroext %neg, i64 noundef %bias, i16 noundef zeroext %us, i8 noundef signext %ch, i32 noundef %mode, i64 noundef %ll, i8 noundef signext %sc) #0 section "sluice.kernel" !dbg !84 {
entry:
    #dbg_value(i32 %n, !99, !DIExpression(), !115)
    #dbg_value(i8 %shift, !100, !DIExpression(), !115)
    #dbg_value(i1 %neg, !101, !DIExpression(DW_OP_LLVM_convert, 1, DW_ATE_unsigned, DW_OP_LLVM_convert, 8, DW_ATE_unsigned, DW_OP_stack_value), !115)
    #dbg_value(i64 %bias, !102, !DIExpression(), !115)
    #dbg_value(i16 %us, !103, !DIExpression(), !115)
    #dbg_value(i8 %ch, !104, !DIExpression(), !115)
    #dbg_value(i32 %mode, !105, !DIExpression(), !115)
    #dbg_value(i64 %ll, !106, !DIExpression(), !115)
    #dbg_value(i8 %sc, !107, !DIExpression(), !115)
  %call = call i32 @sluice.state.load.i32(ptr noundef nonnull @total) #3, !dbg !116
    #dbg_value(i32 %call, !108, !DIExpression(), !115)
    #dbg_value(i32 0, !109, !DIExpression(), !117)
  br label %for.cond, !dbg !118

for.cond:                                         ; preds = %sw.epilog, %entry
  %i.0 = phi i32 [ 0, %entry ], [ %inc, %sw.epilog ], !dbg !119
  %t.0 = phi i32 [ %call, %entry ], [ %add21, %sw.epilog ], !dbg !115
    #dbg_value(i32 %t.0, !108, !DIExpression(), !115)
    #dbg_value(i32 %i.0, !109, !DIExpression(), !117)
  %cmp = icmp slt i32 %i.0, %n, !dbg !120
  br i1 %cmp, label %for.body, label %for.end, !dbg !121

for.body:                                         ; preds = %for.cond
  %call1 = call i32 @sluice.pipe.read.i32(ptr noundef nonnull @in, i32 noundef 1, i32 noundef 0, i32 noundef 0, i32 noundef 0) #3, !dbg !122
    #dbg_value(i32 %call1, !111, !DIExpression(), !123)
  %mul = mul nsw i32 %call1, 3, !dbg !124
    #dbg_value(i32 %mul, !114, !DIExpression(), !123)
  %and = and i32 %call1, 3, !dbg !125
  switch i32 %and, label %for.body.unreachabledefault [
    i32 0, label %sw.bb
    i32 1, label %sw.bb2
    i32 3, label %sw.bb3
    i32 2, label %sw.epilog
  ], !dbg !126

sw.bb:                                            ; preds = %for.body
  %conv = zext nneg i8 %shift to i32, !dbg !127
  %shr = ashr i32 %mul, %conv, !dbg !129
    #dbg_value(i32 %shr, !114, !DIExpression(), !123)
  br label %sw.epilog, !dbg !130

sw.bb2:                                           ; preds = %for.body
  %sub = sub nsw i32 0, %mul, !dbg !131
    #dbg_value(i32 %sub, !114, !DIExpression(), !123)
  br label %sw.epilog, !dbg !132

sw.bb3:                                           ; preds = %for.body
  %or = or i32 %call1, 1, !dbg !133
  %div = sdiv i32 %mul, %or, !dbg !134
    #dbg_value(i32 %div, !114, !DIExpression(), !123)
  br label %sw.epilog, !dbg !135

for.body.unreachabledefault:                      ; preds = %for.body
  unreachable

sw.epilog:                                        ; preds = %for.body, %sw.bb3, %sw.bb2, %sw.bb
  %y.0 = phi i32 [ %mul, %for.body ], [ %div, %sw.bb3 ], [ %sub, %sw.bb2 ], [ %shr, %sw.bb ], !dbg !123
    #dbg_value(i32 %y.0, !114, !DIExpression(), !123)
  %cmp4 = icmp slt i32 %y.0, 0, !dbg !136
  %sub6 = sub nsw i32 0, %y.0, !dbg !136
  %cond = select i1 %cmp4, i32 %sub6, i32 %y.0, !dbg !136
  %y.1 = select i1 %neg, i32 %cond, i32 %y.0, !dbg !136
    #dbg_value(i32 %y.1, !114, !DIExpression(), !123)
  %cmp7 = icmp sgt i32 %y.1, 100, !dbg !137
  %.y.1 = select i1 %cmp7, i32 100, i32 %y.1, !dbg !138
    #dbg_value(i32 %.y.1, !114, !DIExpression(), !123)
    #dbg_value(!DIArgList(i32 %t.0, i32 %.y.1, i8 %sc, i64 %ll, i32 %mode, i8 %ch, i16 %us), !108, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 6, DW_OP_LLVM_convert, 16, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_plus, DW_OP_LLVM_arg, 5, DW_OP_LLVM_convert, 8, DW_ATE_signed, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_plus, DW_OP_LLVM_arg, 4, DW_OP_plus, DW_OP_LLVM_arg, 3, DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_plus, DW_OP_LLVM_arg, 2, DW_OP_LLVM_convert, 8, DW_ATE_signed, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_plus, DW_OP_plus, DW_OP_stack_value), !115)
  %0 = trunc i64 %bias to i32, !dbg !139
  %conv24 = add i32 %.y.1, %0, !dbg !139
  call void @sluice.pipe.write.i32(ptr noundef nonnull @out, i32 noundef %conv24, i32 noundef 0, i32 noundef 1, i32 noundef 1, i32 noundef 2) #3, !dbg !140
  %conv13 = zext i16 %us to i32, !dbg !141
    #dbg_value(!DIArgList(i32 %t.0, i32 %.y.1, i8 %sc, i64 %ll, i32 %mode, i8 %ch, i32 %conv13), !108, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 6, DW_OP_plus, DW_OP_LLVM_arg, 5, DW_OP_LLVM_convert, 8, DW_ATE_signed, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_plus, DW_OP_LLVM_arg, 4, DW_OP_plus, DW_OP_LLVM_arg, 3, DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_plus, DW_OP_LLVM_arg, 2, DW_OP_LLVM_convert, 8, DW_ATE_signed, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_plus, DW_OP_plus, DW_OP_stack_value), !115)
  %add = add i32 %.y.1, %conv13, !dbg !142
    #dbg_value(!DIArgList(i32 %t.0, i32 %add, i8 %sc, i64 %ll, i32 %mode, i8 %ch), !108, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 5, DW_OP_LLVM_convert, 8, DW_ATE_signed, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_plus, DW_OP_LLVM_arg, 4, DW_OP_plus, DW_OP_LLVM_arg, 3, DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_plus, DW_OP_LLVM_arg, 2, DW_OP_LLVM_convert, 8, DW_ATE_signed, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_plus, DW_OP_plus, DW_OP_stack_value), !115)
  %conv14 = sext i8 %ch to i32, !dbg !143
    #dbg_value(!DIArgList(i32 %t.0, i32 %add, i8 %sc, i64 %ll, i32 %mode, i32 %conv14), !108, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 5, DW_OP_plus, DW_OP_LLVM_arg, 4, DW_OP_plus, DW_OP_LLVM_arg, 3, DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_plus, DW_OP_LLVM_arg, 2, DW_OP_LLVM_convert, 8, DW_ATE_signed, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_plus, DW_OP_plus, DW_OP_stack_value), !115)
  %add15 = add i32 %add, %conv14, !dbg !144
    #dbg_value(!DIArgList(i32 %t.0, i32 %add15, i8 %sc, i64 %ll, i32 %mode), !108, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 4, DW_OP_plus, DW_OP_LLVM_arg, 3, DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_plus, DW_OP_LLVM_arg, 2, DW_OP_LLVM_convert, 8, DW_ATE_signed, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_plus, DW_OP_plus, DW_OP_stack_value), !115)
  %add16 = add i32 %add15, %mode, !dbg !145
    #dbg_value(!DIArgList(i32 %t.0, i32 %add16, i8 %sc, i64 %ll), !108, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 3, DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_plus, DW_OP_LLVM_arg, 2, DW_OP_LLVM_convert, 8, DW_ATE_signed, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_plus, DW_OP_plus, DW_OP_stack_value), !115)
  %conv17 = trunc i64 %ll to i32, !dbg !146
    #dbg_value(!DIArgList(i32 %t.0, i32 %add16, i8 %sc, i32 %conv17), !108, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 3, DW_OP_plus, DW_OP_LLVM_arg, 2, DW_OP_LLVM_convert, 8, DW_ATE_signed, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_plus, DW_OP_plus, DW_OP_stack_value), !115)
  %add18 = add i32 %add16, %conv17, !dbg !147
    #dbg_value(!DIArgList(i32 %t.0, i32 %add18, i8 %sc), !108, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_LLVM_convert, 8, DW_ATE_signed, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_plus, DW_OP_plus, DW_OP_stack_value), !115)
  %conv19 = sext i8 %sc to i32, !dbg !148
    #dbg_value(!DIArgList(i32 %t.0, i32 %add18, i32 %conv19), !108, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_plus, DW_OP_plus, DW_OP_stack_value), !115)
  %add20 = add i32 %add18, %conv19, !dbg !149
    #dbg_value(!DIArgList(i32 %t.0, i32 %add20), !108, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !115)
  %add21 = add i32 %t.0, %add20, !dbg !150
    #dbg_value(i32 %add21, !108, !DIExpression(), !115)
  %inc = add nuw nsw i32 %i.0, 1, !dbg !151
    #dbg_value(i32 %inc, !109, !DIExpression(), !117)
  br label %for.cond, !dbg !152, !llvm.loop !153

for.end:                                          ; preds = %for.cond
  call void @sluice.state.store.i32(ptr noundef nonnull @total, i32 noundef %t.0) #3, !dbg !157
  ret void, !dbg !158
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare !dbg !159 i32 @sluice.state.load.i32(ptr noundef) #2

declare !dbg !163 i32 @sluice.pipe.read.i32(ptr noundef, i32 noundef, i32 noundef, i32 noundef, i32 noundef) #2

declare !dbg !167 void @sluice.pipe.write.i32(ptr noundef, i32 noundef, i32 noundef, i32 noundef, i32 noundef, i32 noundef) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare !dbg !170 void @sluice.state.store.i32(ptr noundef, i32 noundef) #2

attributes #0 = { noinline nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind }

!llvm.dbg.cu = !{!14}
!llvm.module.flags = !{!77, !78, !79, !80, !81, !82}
!llvm.ident = !{!83}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(scope: null, file: !2, line: 21, type: !3, isLocal: true, isDefinition: true)
!2 = !DIFile(filename: "tests/hls/lower/c_scale.c", directory: "/work/main", checksumkind: CSK_MD5, checksum: "182b4279b81c17e5730b0967f2a6fdb0")
!3 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 24, elements: !5)
!4 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!5 = !{!6}
!6 = !DISubrange(count: 3)
!7 = !DIGlobalVariableExpression(var: !8, expr: !DIExpression())
!8 = distinct !DIGlobalVariable(scope: null, file: !2, line: 21, type: !9, isLocal: true, isDefinition: true)
!9 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 64, elements: !10)
!10 = !{!11}
!11 = !DISubrange(count: 8)
!12 = !DIGlobalVariableExpression(var: !13, expr: !DIExpression())
!13 = distinct !DIGlobalVariable(name: "in", scope: !14, file: !2, line: 21, type: !45, isLocal: true, isDefinition: true)
!14 = distinct !DICompileUnit(language: DW_LANG_C11, file: !2, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !15, retainedTypes: !28, globals: !37, splitDebugInlining: false, nameTableKind: None)
!15 = !{!16, !21}
!16 = !DICompositeType(tag: DW_TAG_enumeration_type, file: !2, line: 25, baseType: !17, size: 32, elements: !18)
!17 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!18 = !{!19, !20}
!19 = !DIEnumerator(name: "MODE_A", value: 0)
!20 = !DIEnumerator(name: "MODE_B", value: 1)
!21 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "sluice_latency_kind", file: !22, line: 73, baseType: !17, size: 32, elements: !23)
!22 = !DIFile(filename: "include/sluice.h", directory: "/work/main", checksumkind: CSK_MD5, checksum: "aeafecbbc9e65cb0f1c96858da2abec4")
!23 = !{!24, !25, !26, !27}
!24 = !DIEnumerator(name: "SLUICE_NONE", value: 0)
!25 = !DIEnumerator(name: "SLUICE_EXACT", value: 1)
!26 = !DIEnumerator(name: "SLUICE_MAX", value: 2)
!27 = !DIEnumerator(name: "SLUICE_MIN", value: 3)
!28 = !{!17, !29, !34}
!29 = !DIDerivedType(tag: DW_TAG_typedef, name: "int32_t", file: !30, line: 26, baseType: !31)
!30 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/stdint-intn.h", directory: "", checksumkind: CSK_MD5, checksum: "55bcbdc3159515ebd91d351a70d505f4")
!31 = !DIDerivedType(tag: DW_TAG_typedef, name: "__int32_t", file: !32, line: 41, baseType: !33)
!32 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/types.h", directory: "", checksumkind: CSK_MD5, checksum: "d108b5f93a74c50510d7d9bc0ab36df9")
!33 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!34 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint32_t", file: !35, line: 26, baseType: !36)
!35 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/stdint-uintn.h", directory: "", checksumkind: CSK_MD5, checksum: "2bf2ae53c58c01b1a1b9383b5195125c")
!36 = !DIDerivedType(tag: DW_TAG_typedef, name: "__uint32_t", file: !32, line: 42, baseType: !17)
!37 = !{!0, !7, !12, !38, !43, !56, !59, !64, !75}
!38 = !DIGlobalVariableExpression(var: !39, expr: !DIExpression())
!39 = distinct !DIGlobalVariable(scope: null, file: !2, line: 22, type: !40, isLocal: true, isDefinition: true)
!40 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 32, elements: !41)
!41 = !{!42}
!42 = !DISubrange(count: 4)
!43 = !DIGlobalVariableExpression(var: !44, expr: !DIExpression())
!44 = distinct !DIGlobalVariable(name: "out", scope: !14, file: !2, line: 22, type: !45, isLocal: true, isDefinition: true)
!45 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !46)
!46 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "sluice_pipe_desc", file: !22, line: 80, size: 256, elements: !47)
!47 = !{!48, !51, !52, !53, !54, !55}
!48 = !DIDerivedType(tag: DW_TAG_member, name: "name", scope: !46, file: !22, line: 81, baseType: !49, size: 64)
!49 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !50, size: 64)
!50 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !4)
!51 = !DIDerivedType(tag: DW_TAG_member, name: "type", scope: !46, file: !22, line: 82, baseType: !49, size: 64, offset: 64)
!52 = !DIDerivedType(tag: DW_TAG_member, name: "size", scope: !46, file: !22, line: 83, baseType: !17, size: 32, offset: 128)
!53 = !DIDerivedType(tag: DW_TAG_member, name: "min_capacity", scope: !46, file: !22, line: 84, baseType: !33, size: 32, offset: 160)
!54 = !DIDerivedType(tag: DW_TAG_member, name: "kind", scope: !46, file: !22, line: 85, baseType: !33, size: 32, offset: 192)
!55 = !DIDerivedType(tag: DW_TAG_member, name: "dir", scope: !46, file: !22, line: 86, baseType: !33, size: 32, offset: 224)
!56 = !DIGlobalVariableExpression(var: !57, expr: !DIExpression())
!57 = distinct !DIGlobalVariable(name: "__sluice_spec_gain", scope: !14, file: !2, line: 23, type: !58, isLocal: true, isDefinition: true)
!58 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !29)
!59 = !DIGlobalVariableExpression(var: !60, expr: !DIExpression())
!60 = distinct !DIGlobalVariable(scope: null, file: !2, line: 23, type: !61, isLocal: true, isDefinition: true)
!61 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 40, elements: !62)
!62 = !{!63}
!63 = !DISubrange(count: 5)
!64 = !DIGlobalVariableExpression(var: !65, expr: !DIExpression())
!65 = distinct !DIGlobalVariable(name: "__sluice_specdesc_gain", scope: !14, file: !2, line: 23, type: !66, isLocal: true, isDefinition: true)
!66 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !67)
!67 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "sluice_spec_desc", file: !22, line: 89, size: 256, elements: !68)
!68 = !{!69, !70, !71, !72}
!69 = !DIDerivedType(tag: DW_TAG_member, name: "name", scope: !67, file: !22, line: 90, baseType: !49, size: 64)
!70 = !DIDerivedType(tag: DW_TAG_member, name: "type", scope: !67, file: !22, line: 91, baseType: !49, size: 64, offset: 64)
!71 = !DIDerivedType(tag: DW_TAG_member, name: "size", scope: !67, file: !22, line: 92, baseType: !17, size: 32, offset: 128)
!72 = !DIDerivedType(tag: DW_TAG_member, name: "value", scope: !67, file: !22, line: 93, baseType: !73, size: 64, offset: 192)
!73 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !74, size: 64)
!74 = !DIDerivedType(tag: DW_TAG_const_type, baseType: null)
!75 = !DIGlobalVariableExpression(var: !76, expr: !DIExpression())
!76 = distinct !DIGlobalVariable(name: "total", scope: !14, file: !2, line: 26, type: !34, isLocal: true, isDefinition: true)
!77 = !{i32 7, !"Dwarf Version", i32 5}
!78 = !{i32 2, !"Debug Info Version", i32 3}
!79 = !{i32 1, !"wchar_size", i32 4}
!80 = !{i32 8, !"PIC Level", i32 2}
!81 = !{i32 7, !"PIE Level", i32 2}
!82 = !{i32 7, !"uwtable", i32 2}
!83 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!84 = distinct !DISubprogram(name: "scale", scope: !2, file: !2, line: 28, type: !85, scopeLine: 31, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !14, retainedNodes: !98)
!85 = !DISubroutineType(types: !86)
!86 = !{null, !29, !87, !90, !91, !94, !4, !95, !96, !97}
!87 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint8_t", file: !35, line: 24, baseType: !88)
!88 = !DIDerivedType(tag: DW_TAG_typedef, name: "__uint8_t", file: !32, line: 38, baseType: !89)
!89 = !DIBasicType(name: "unsigned char", size: 8, encoding: DW_ATE_unsigned_char)
!90 = !DIBasicType(name: "_Bool", size: 8, encoding: DW_ATE_boolean)
!91 = !DIDerivedType(tag: DW_TAG_typedef, name: "int64_t", file: !30, line: 27, baseType: !92)
!92 = !DIDerivedType(tag: DW_TAG_typedef, name: "__int64_t", file: !32, line: 44, baseType: !93)
!93 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!94 = !DIBasicType(name: "unsigned short", size: 16, encoding: DW_ATE_unsigned)
!95 = !DIDerivedType(tag: DW_TAG_typedef, name: "mode_e", file: !2, line: 25, baseType: !16)
!96 = !DIBasicType(name: "long long", size: 64, encoding: DW_ATE_signed)
!97 = !DIBasicType(name: "signed char", size: 8, encoding: DW_ATE_signed_char)
!98 = !{!99, !100, !101, !102, !103, !104, !105, !106, !107, !108, !109, !111, !114}
!99 = !DILocalVariable(name: "n", arg: 1, scope: !84, file: !2, line: 28, type: !29)
!100 = !DILocalVariable(name: "shift", arg: 2, scope: !84, file: !2, line: 28, type: !87)
!101 = !DILocalVariable(name: "neg", arg: 3, scope: !84, file: !2, line: 28, type: !90)
!102 = !DILocalVariable(name: "bias", arg: 4, scope: !84, file: !2, line: 28, type: !91)
!103 = !DILocalVariable(name: "us", arg: 5, scope: !84, file: !2, line: 29, type: !94)
!104 = !DILocalVariable(name: "ch", arg: 6, scope: !84, file: !2, line: 29, type: !4)
!105 = !DILocalVariable(name: "mode", arg: 7, scope: !84, file: !2, line: 29, type: !95)
!106 = !DILocalVariable(name: "ll", arg: 8, scope: !84, file: !2, line: 29, type: !96)
!107 = !DILocalVariable(name: "sc", arg: 9, scope: !84, file: !2, line: 30, type: !97)
!108 = !DILocalVariable(name: "t", scope: !84, file: !2, line: 32, type: !34)
!109 = !DILocalVariable(name: "i", scope: !110, file: !2, line: 33, type: !29)
!110 = distinct !DILexicalBlock(scope: !84, file: !2, line: 33, column: 2)
!111 = !DILocalVariable(name: "x", scope: !112, file: !2, line: 34, type: !29)
!112 = distinct !DILexicalBlock(scope: !113, file: !2, line: 33, column: 34)
!113 = distinct !DILexicalBlock(scope: !110, file: !2, line: 33, column: 2)
!114 = !DILocalVariable(name: "y", scope: !112, file: !2, line: 35, type: !29)
!115 = !DILocation(line: 0, scope: !84)
!116 = !DILocation(line: 32, column: 15, scope: !84)
!117 = !DILocation(line: 0, scope: !110)
!118 = !DILocation(line: 33, column: 7, scope: !110)
!119 = !DILocation(line: 33, scope: !110)
!120 = !DILocation(line: 33, column: 24, scope: !113)
!121 = !DILocation(line: 33, column: 2, scope: !110)
!122 = !DILocation(line: 34, column: 24, scope: !112)
!123 = !DILocation(line: 0, scope: !112)
!124 = !DILocation(line: 35, column: 17, scope: !112)
!125 = !DILocation(line: 36, column: 13, scope: !112)
!126 = !DILocation(line: 36, column: 3, scope: !112)
!127 = !DILocation(line: 37, column: 17, scope: !128)
!128 = distinct !DILexicalBlock(scope: !112, file: !2, line: 36, column: 18)
!129 = !DILocation(line: 37, column: 13, scope: !128)
!130 = !DILocation(line: 37, column: 24, scope: !128)
!131 = !DILocation(line: 38, column: 15, scope: !128)
!132 = !DILocation(line: 38, column: 19, scope: !128)
!133 = !DILocation(line: 39, column: 22, scope: !128)
!134 = !DILocation(line: 39, column: 17, scope: !128)
!135 = !DILocation(line: 39, column: 28, scope: !128)
!136 = !DILocation(line: 41, column: 7, scope: !112)
!137 = !DILocation(line: 43, column: 9, scope: !112)
!138 = !DILocation(line: 43, column: 7, scope: !112)
!139 = !DILocation(line: 45, column: 20, scope: !112)
!140 = !DILocation(line: 45, column: 3, scope: !112)
!141 = !DILocation(line: 44, column: 22, scope: !112)
!142 = !DILocation(line: 44, column: 20, scope: !112)
!143 = !DILocation(line: 44, column: 27, scope: !112)
!144 = !DILocation(line: 44, column: 25, scope: !112)
!145 = !DILocation(line: 44, column: 40, scope: !112)
!146 = !DILocation(line: 44, column: 49, scope: !112)
!147 = !DILocation(line: 44, column: 47, scope: !112)
!148 = !DILocation(line: 44, column: 64, scope: !112)
!149 = !DILocation(line: 44, column: 62, scope: !112)
!150 = !DILocation(line: 44, column: 5, scope: !112)
!151 = !DILocation(line: 33, column: 30, scope: !113)
!152 = !DILocation(line: 33, column: 2, scope: !113)
!153 = distinct !{!153, !121, !154, !155, !156}
!154 = !DILocation(line: 46, column: 2, scope: !110)
!155 = !{!"llvm.loop.mustprogress"}
!156 = !{!"llvm.loop.unroll.disable"}
!157 = !DILocation(line: 47, column: 2, scope: !84)
!158 = !DILocation(line: 48, column: 1, scope: !84)
!159 = !DISubprogram(name: "t_load_32", linkageName: "sluice.state.load.i32", scope: !160, file: !160, line: 25, type: !161, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!160 = !DIFile(filename: "tests/hls/lower/intermediate.h", directory: "/work/main", checksumkind: CSK_MD5, checksum: "6e9fbd4ca884636c2af96e8f9d7bc625")
!161 = !DISubroutineType(types: !162)
!162 = !{!34, !73}
!163 = !DISubprogram(name: "t_read_32", linkageName: "sluice.pipe.read.i32", scope: !160, file: !160, line: 25, type: !164, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!164 = !DISubroutineType(types: !165)
!165 = !{!34, !166, !33, !33, !33, !33}
!166 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !45, size: 64)
!167 = !DISubprogram(name: "t_write_32", linkageName: "sluice.pipe.write.i32", scope: !160, file: !160, line: 25, type: !168, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!168 = !DISubroutineType(types: !169)
!169 = !{null, !166, !34, !33, !33, !33, !33}
!170 = !DISubprogram(name: "t_store_32", linkageName: "sluice.state.store.i32", scope: !160, file: !160, line: 25, type: !171, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!171 = !DISubroutineType(types: !172)
!172 = !{null, !73, !34}
