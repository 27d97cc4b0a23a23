; generated from tests/hls/lower/c_wide.c by tests/hls/lower/regen.sh
; expect-op: pipe pk: struct pkt, 128 bits, kernel none, min_capacity 4
; expect-op: state st: 64 bits, init 0x300020001
; expect-op: state big: 128 bits, init 0x8000000000000000fffffffffffffffe
; expect-op: = pipe.read.128 pk
; expect-op: = const.128 0x123456789abcdef0fedcba9876543210
; expect-op: = xor.128
; expect-op: = lshr.128
; expect-op: = trunc.64
; expect-op: = const.128 0xffffffffffffffffffffffffffffff85
; expect-op: state.store st, %
source_filename = "tests/hls/lower/c_wide.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.sluice_pipe_desc = type { ptr, ptr, i32, i32, i32, i32 }
%struct.stats = type { i8, i16, i32 }

@.str = private unnamed_addr constant [3 x i8] c"pk\00", align 1, !dbg !0
@.str.1 = private unnamed_addr constant [11 x i8] c"struct pkt\00", align 1, !dbg !7
@pk = internal constant %struct.sluice_pipe_desc { ptr @.str, ptr @.str.1, i32 16, i32 4, i32 0, i32 0 }, section "sluice.pipes", align 8, !dbg !12
@.str.2 = private unnamed_addr constant [4 x i8] c"o64\00", align 1, !dbg !27
@.str.3 = private unnamed_addr constant [9 x i8] c"uint64_t\00", align 1, !dbg !32
@o64 = internal constant %struct.sluice_pipe_desc { ptr @.str.2, ptr @.str.3, i32 8, i32 2, i32 0, i32 0 }, section "sluice.pipes", align 8, !dbg !37
@.str.4 = private unnamed_addr constant [5 x i8] c"flag\00", align 1, !dbg !52
@.str.5 = private unnamed_addr constant [8 x i8] c"uint8_t\00", align 1, !dbg !57
@flag = internal constant %struct.sluice_pipe_desc { ptr @.str.4, ptr @.str.5, i32 1, i32 2, i32 0, i32 0 }, section "sluice.pipes", align 8, !dbg !62
@st = dso_local global %struct.stats { i8 1, i16 2, i32 3 }, align 4, !dbg !64
@big = internal global i128 -170141183460469231713240559642174554114, align 16, !dbg !77
@llvm.compiler.used = appending global [3 x ptr] [ptr @pk, ptr @o64, ptr @flag], section "llvm.metadata"

; Function Attrs: noinline nounwind uwtable
define dso_local void @unpack() #0 section "sluice.kernel" !dbg !86 {
entry:
  %call = call i64 @sluice.state.load.i64(ptr noundef nonnull @st) #4, !dbg !102
    #dbg_value(i64 %call, !90, !DIExpression(DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 8, DW_ATE_unsigned, DW_OP_stack_value, DW_OP_LLVM_fragment, 0, 8), !103)
    #dbg_value(i64 %call, !90, !DIExpression(DW_OP_constu, 8, DW_OP_shr, DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 24, DW_ATE_unsigned, DW_OP_stack_value, DW_OP_LLVM_fragment, 8, 24), !103)
    #dbg_value(i64 %call, !90, !DIExpression(DW_OP_constu, 32, DW_OP_shr, DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_stack_value, DW_OP_LLVM_fragment, 32, 32), !103)
  %call1 = call { i64, i64 } @sluice.state.load.i128(ptr noundef nonnull @big) #4, !dbg !104
  %0 = extractvalue { i64, i64 } %call1, 0, !dbg !104
  %1 = extractvalue { i64, i64 } %call1, 1, !dbg !104
  %coerce.sroa.2.0.insert.ext = zext i64 %1 to i128, !dbg !105
  %coerce.sroa.2.0.insert.shift = shl nuw i128 %coerce.sroa.2.0.insert.ext, 64, !dbg !105
  %coerce.sroa.0.0.insert.ext = zext i64 %0 to i128, !dbg !105
  %coerce.sroa.0.0.insert.insert = or disjoint i128 %coerce.sroa.2.0.insert.shift, %coerce.sroa.0.0.insert.ext, !dbg !105
    #dbg_value(i128 %coerce.sroa.0.0.insert.insert, !91, !DIExpression(), !103)
  %call2 = call { i64, i64 } @sluice.pipe.read.i128(ptr noundef nonnull @pk, i32 noundef 0, i32 noundef 0, i32 noundef 0, i32 noundef 0) #4, !dbg !106
  %2 = extractvalue { i64, i64 } %call2, 0, !dbg !106
  %3 = extractvalue { i64, i64 } %call2, 1, !dbg !106
    #dbg_value(i64 %2, !92, !DIExpression(DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_stack_value, DW_OP_LLVM_fragment, 0, 32), !103)
  %w.sroa.6.0.extract.shift = lshr i64 %2, 32, !dbg !107
    #dbg_value(i128 poison, !92, !DIExpression(DW_OP_LLVM_convert, 128, DW_ATE_unsigned, DW_OP_LLVM_convert, 16, DW_ATE_unsigned, DW_OP_stack_value, DW_OP_LLVM_fragment, 32, 16), !103)
  %w.sroa.7.0.extract.shift = lshr i64 %2, 48, !dbg !107
    #dbg_value(i128 poison, !92, !DIExpression(DW_OP_LLVM_convert, 128, DW_ATE_unsigned, DW_OP_LLVM_convert, 8, DW_ATE_unsigned, DW_OP_stack_value, DW_OP_LLVM_fragment, 48, 8), !103)
    #dbg_value(i128 poison, !92, !DIExpression(DW_OP_LLVM_convert, 128, DW_ATE_unsigned, DW_OP_LLVM_convert, 8, DW_ATE_unsigned, DW_OP_stack_value, DW_OP_LLVM_fragment, 56, 8), !103)
    #dbg_value(i64 %3, !92, !DIExpression(DW_OP_LLVM_fragment, 64, 64), !103)
    #dbg_value(i64 %2, !93, !DIExpression(DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_stack_value, DW_OP_LLVM_fragment, 0, 32), !103)
    #dbg_value(i128 poison, !93, !DIExpression(DW_OP_LLVM_convert, 128, DW_ATE_unsigned, DW_OP_LLVM_convert, 16, DW_ATE_unsigned, DW_OP_stack_value, DW_OP_LLVM_fragment, 32, 16), !103)
    #dbg_value(i128 poison, !93, !DIExpression(DW_OP_LLVM_convert, 128, DW_ATE_unsigned, DW_OP_LLVM_convert, 8, DW_ATE_unsigned, DW_OP_stack_value, DW_OP_LLVM_fragment, 48, 8), !103)
    #dbg_value(i128 poison, !93, !DIExpression(DW_OP_LLVM_convert, 128, DW_ATE_unsigned, DW_OP_LLVM_convert, 8, DW_ATE_unsigned, DW_OP_stack_value, DW_OP_LLVM_fragment, 56, 8), !103)
    #dbg_value(i64 %3, !93, !DIExpression(DW_OP_LLVM_fragment, 64, 64), !103)
  %conv = and i64 %w.sroa.6.0.extract.shift, 65535, !dbg !108
  %add = add i64 %conv, %2, !dbg !109
  %conv4 = and i64 %w.sroa.7.0.extract.shift, 255, !dbg !110
  %add5 = add i64 %add, %conv4, !dbg !111
  %conv6 = and i64 %add5, 4294967295, !dbg !112
  %add7 = add i64 %conv6, %3, !dbg !113
  call void @sluice.pipe.write.i64(ptr noundef nonnull @o64, i64 noundef %add7, i32 noundef 0, i32 noundef 0, i32 noundef 0, i32 noundef 0) #4, !dbg !114
    #dbg_value(i128 24197857203266734881846307747534221840, !100, !DIExpression(), !103)
  %w.sroa.9.0.insert.ext = zext i64 %3 to i128, !dbg !115
  %w.sroa.9.0.insert.shift = shl nuw i128 %w.sroa.9.0.insert.ext, 64, !dbg !115
  %4 = and i64 %2, -4294967296, !dbg !115
  %5 = zext i64 %4 to i128, !dbg !115
  %w.sroa.6.0.insert.insert = or disjoint i128 %w.sroa.9.0.insert.shift, %5, !dbg !115
  %w.sroa.0.0.extract.trunc.mask = and i64 %2, 4294967295, !dbg !115
  %w.sroa.0.0.insert.ext = zext nneg i64 %w.sroa.0.0.extract.trunc.mask to i128, !dbg !115
  %w.sroa.0.0.insert.insert = or disjoint i128 %w.sroa.6.0.insert.insert, %w.sroa.0.0.insert.ext, !dbg !115
  %xor = xor i128 %w.sroa.0.0.insert.insert, 24197857203266734881846307747534221840, !dbg !116
  %cmp = icmp ugt i128 %xor, 5, !dbg !117
  %conv9 = zext i1 %cmp to i8, !dbg !118
  call void @sluice.pipe.write.i8(ptr noundef nonnull @flag, i8 noundef zeroext %conv9, i32 noundef 0, i32 noundef 0, i32 noundef 0, i32 noundef 0) #4, !dbg !119
  %add10 = add i128 %w.sroa.0.0.insert.insert, -123, !dbg !120
  %shr = lshr i128 %add10, 64, !dbg !121
  %conv11 = trunc nuw i128 %shr to i64, !dbg !122
  call void @sluice.pipe.write.i64(ptr noundef nonnull @o64, i64 noundef %conv11, i32 noundef 0, i32 noundef 0, i32 noundef 0, i32 noundef 0) #4, !dbg !123
  %shr12 = lshr i128 %coerce.sroa.0.0.insert.insert, 3, !dbg !124
  %conv13 = trunc i128 %shr12 to i64, !dbg !125
  call void @sluice.pipe.write.i64(ptr noundef nonnull @o64, i64 noundef %conv13, i32 noundef 0, i32 noundef 0, i32 noundef 0, i32 noundef 0) #4, !dbg !126
    #dbg_value(i64 %call, !101, !DIExpression(DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 8, DW_ATE_unsigned, DW_OP_stack_value, DW_OP_LLVM_fragment, 0, 8), !103)
    #dbg_value(i64 %call, !101, !DIExpression(DW_OP_constu, 8, DW_OP_shr, DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 24, DW_ATE_unsigned, DW_OP_stack_value, DW_OP_LLVM_fragment, 8, 24), !103)
    #dbg_value(i64 %call, !101, !DIExpression(DW_OP_constu, 32, DW_OP_shr, DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_stack_value, DW_OP_LLVM_fragment, 32, 32), !103)
  %inc = add i64 %call, 1, !dbg !127
    #dbg_value(i64 %call, !101, !DIExpression(DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 8, DW_ATE_unsigned, DW_OP_plus_uconst, 1, DW_OP_stack_value, DW_OP_LLVM_fragment, 0, 8), !103)
    #dbg_value(i64 %call, !90, !DIExpression(DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 8, DW_ATE_unsigned, DW_OP_plus_uconst, 1, DW_OP_stack_value, DW_OP_LLVM_fragment, 0, 8), !103)
    #dbg_value(i64 %call, !90, !DIExpression(DW_OP_constu, 8, DW_OP_shr, DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 24, DW_ATE_unsigned, DW_OP_stack_value, DW_OP_LLVM_fragment, 8, 24), !103)
    #dbg_value(!DIArgList(i64 %call, i64 %3), !90, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 32, DW_OP_shr, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value, DW_OP_LLVM_fragment, 32, 32), !103)
    #dbg_value(!DIArgList(i64 %call, i64 %3), !101, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 32, DW_OP_shr, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value, DW_OP_LLVM_fragment, 32, 32), !103)
  %add1633 = shl i64 %3, 32, !dbg !128
  %s0.sroa.8.0.extract.shift34 = add i64 %call, %add1633, !dbg !128
  %s0.sroa.8.0.insert.shift = and i64 %s0.sroa.8.0.extract.shift34, -4294967296, !dbg !128
  %s0.sroa.6.0.insert.ext = and i64 %call, 4294967040, !dbg !128
  %s0.sroa.6.0.insert.insert = or disjoint i64 %s0.sroa.8.0.insert.shift, %s0.sroa.6.0.insert.ext, !dbg !128
  %s0.sroa.0.0.insert.ext = and i64 %inc, 255, !dbg !128
  %s0.sroa.0.0.insert.insert = or disjoint i64 %s0.sroa.6.0.insert.insert, %s0.sroa.0.0.insert.ext, !dbg !128
  call void @sluice.state.store.i64(ptr noundef nonnull @st, i64 noundef %s0.sroa.0.0.insert.insert) #4, !dbg !128
  ret void, !dbg !129
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare !dbg !130 i64 @sluice.state.load.i64(ptr noundef) #2

declare !dbg !136 { i64, i64 } @sluice.state.load.i128(ptr noundef) #2

declare !dbg !139 { i64, i64 } @sluice.pipe.read.i128(ptr noundef, i32 noundef, i32 noundef, i32 noundef, i32 noundef) #2

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #3

declare !dbg !143 void @sluice.pipe.write.i64(ptr noundef, i64 noundef, i32 noundef, i32 noundef, i32 noundef, i32 noundef) #2

declare !dbg !146 void @sluice.pipe.write.i8(ptr noundef, i8 noundef zeroext, i32 noundef, i32 noundef, i32 noundef, i32 noundef) #2

declare !dbg !149 void @sluice.state.store.i64(ptr noundef, i64 noundef) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { noinline nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { nounwind }

!llvm.dbg.cu = !{!14}
!llvm.module.flags = !{!79, !80, !81, !82, !83, !84}
!llvm.ident = !{!85}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(scope: null, file: !2, line: 29, type: !3, isLocal: true, isDefinition: true)
!2 = !DIFile(filename: "tests/hls/lower/c_wide.c", directory: "/work/main", checksumkind: CSK_MD5, checksum: "7ea80ceca22e0a217d0cb8f5bf2d6b19")
!3 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 24, elements: !5)
!4 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!5 = !{!6}
!6 = !DISubrange(count: 3)
!7 = !DIGlobalVariableExpression(var: !8, expr: !DIExpression())
!8 = distinct !DIGlobalVariable(scope: null, file: !2, line: 29, type: !9, isLocal: true, isDefinition: true)
!9 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 88, elements: !10)
!10 = !{!11}
!11 = !DISubrange(count: 11)
!12 = !DIGlobalVariableExpression(var: !13, expr: !DIExpression())
!13 = distinct !DIGlobalVariable(name: "pk", scope: !14, file: !2, line: 29, type: !39, isLocal: true, isDefinition: true)
!14 = distinct !DICompileUnit(language: DW_LANG_C11, file: !2, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !15, globals: !26, splitDebugInlining: false, nameTableKind: None)
!15 = !{!16, !17, !18, !23, !24}
!16 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!17 = !DIBasicType(name: "unsigned __int128", size: 128, encoding: DW_ATE_unsigned)
!18 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint64_t", file: !19, line: 27, baseType: !20)
!19 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/stdint-uintn.h", directory: "", checksumkind: CSK_MD5, checksum: "2bf2ae53c58c01b1a1b9383b5195125c")
!20 = !DIDerivedType(tag: DW_TAG_typedef, name: "__uint64_t", file: !21, line: 45, baseType: !22)
!21 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/types.h", directory: "", checksumkind: CSK_MD5, checksum: "d108b5f93a74c50510d7d9bc0ab36df9")
!22 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!23 = !DIBasicType(name: "__int128", size: 128, encoding: DW_ATE_signed)
!24 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint32_t", file: !19, line: 26, baseType: !25)
!25 = !DIDerivedType(tag: DW_TAG_typedef, name: "__uint32_t", file: !21, line: 42, baseType: !16)
!26 = !{!0, !7, !12, !27, !32, !37, !52, !57, !62, !64, !77}
!27 = !DIGlobalVariableExpression(var: !28, expr: !DIExpression())
!28 = distinct !DIGlobalVariable(scope: null, file: !2, line: 30, type: !29, isLocal: true, isDefinition: true)
!29 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 32, elements: !30)
!30 = !{!31}
!31 = !DISubrange(count: 4)
!32 = !DIGlobalVariableExpression(var: !33, expr: !DIExpression())
!33 = distinct !DIGlobalVariable(scope: null, file: !2, line: 30, type: !34, isLocal: true, isDefinition: true)
!34 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 72, elements: !35)
!35 = !{!36}
!36 = !DISubrange(count: 9)
!37 = !DIGlobalVariableExpression(var: !38, expr: !DIExpression())
!38 = distinct !DIGlobalVariable(name: "o64", scope: !14, file: !2, line: 30, type: !39, isLocal: true, isDefinition: true)
!39 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !40)
!40 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "sluice_pipe_desc", file: !41, line: 80, size: 256, elements: !42)
!41 = !DIFile(filename: "include/sluice.h", directory: "/work/main", checksumkind: CSK_MD5, checksum: "aeafecbbc9e65cb0f1c96858da2abec4")
!42 = !{!43, !46, !47, !48, !50, !51}
!43 = !DIDerivedType(tag: DW_TAG_member, name: "name", scope: !40, file: !41, line: 81, baseType: !44, size: 64)
!44 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !45, size: 64)
!45 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !4)
!46 = !DIDerivedType(tag: DW_TAG_member, name: "type", scope: !40, file: !41, line: 82, baseType: !44, size: 64, offset: 64)
!47 = !DIDerivedType(tag: DW_TAG_member, name: "size", scope: !40, file: !41, line: 83, baseType: !16, size: 32, offset: 128)
!48 = !DIDerivedType(tag: DW_TAG_member, name: "min_capacity", scope: !40, file: !41, line: 84, baseType: !49, size: 32, offset: 160)
!49 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!50 = !DIDerivedType(tag: DW_TAG_member, name: "kind", scope: !40, file: !41, line: 85, baseType: !49, size: 32, offset: 192)
!51 = !DIDerivedType(tag: DW_TAG_member, name: "dir", scope: !40, file: !41, line: 86, baseType: !49, size: 32, offset: 224)
!52 = !DIGlobalVariableExpression(var: !53, expr: !DIExpression())
!53 = distinct !DIGlobalVariable(scope: null, file: !2, line: 31, type: !54, isLocal: true, isDefinition: true)
!54 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 40, elements: !55)
!55 = !{!56}
!56 = !DISubrange(count: 5)
!57 = !DIGlobalVariableExpression(var: !58, expr: !DIExpression())
!58 = distinct !DIGlobalVariable(scope: null, file: !2, line: 31, type: !59, isLocal: true, isDefinition: true)
!59 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 64, elements: !60)
!60 = !{!61}
!61 = !DISubrange(count: 8)
!62 = !DIGlobalVariableExpression(var: !63, expr: !DIExpression())
!63 = distinct !DIGlobalVariable(name: "flag", scope: !14, file: !2, line: 31, type: !39, isLocal: true, isDefinition: true)
!64 = !DIGlobalVariableExpression(var: !65, expr: !DIExpression())
!65 = distinct !DIGlobalVariable(name: "st", scope: !14, file: !2, line: 32, type: !66, isLocal: false, isDefinition: true)
!66 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "stats", file: !2, line: 24, size: 64, elements: !67)
!67 = !{!68, !72, !76}
!68 = !DIDerivedType(tag: DW_TAG_member, name: "n", scope: !66, file: !2, line: 25, baseType: !69, size: 8)
!69 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint8_t", file: !19, line: 24, baseType: !70)
!70 = !DIDerivedType(tag: DW_TAG_typedef, name: "__uint8_t", file: !21, line: 38, baseType: !71)
!71 = !DIBasicType(name: "unsigned char", size: 8, encoding: DW_ATE_unsigned_char)
!72 = !DIDerivedType(tag: DW_TAG_member, name: "max", scope: !66, file: !2, line: 26, baseType: !73, size: 16, offset: 16)
!73 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint16_t", file: !19, line: 25, baseType: !74)
!74 = !DIDerivedType(tag: DW_TAG_typedef, name: "__uint16_t", file: !21, line: 40, baseType: !75)
!75 = !DIBasicType(name: "unsigned short", size: 16, encoding: DW_ATE_unsigned)
!76 = !DIDerivedType(tag: DW_TAG_member, name: "sum", scope: !66, file: !2, line: 27, baseType: !24, size: 32, offset: 32)
!77 = !DIGlobalVariableExpression(var: !78, expr: !DIExpression())
!78 = distinct !DIGlobalVariable(name: "big", scope: !14, file: !2, line: 33, type: !23, isLocal: true, isDefinition: true)
!79 = !{i32 7, !"Dwarf Version", i32 5}
!80 = !{i32 2, !"Debug Info Version", i32 3}
!81 = !{i32 1, !"wchar_size", i32 4}
!82 = !{i32 8, !"PIC Level", i32 2}
!83 = !{i32 7, !"PIE Level", i32 2}
!84 = !{i32 7, !"uwtable", i32 2}
!85 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!86 = distinct !DISubprogram(name: "unpack", scope: !2, file: !2, line: 35, type: !87, scopeLine: 36, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !14, retainedNodes: !89)
!87 = !DISubroutineType(types: !88)
!88 = !{null}
!89 = !{!90, !91, !92, !93, !100, !101}
!90 = !DILocalVariable(name: "s0", scope: !86, file: !2, line: 37, type: !18)
!91 = !DILocalVariable(name: "bg", scope: !86, file: !2, line: 38, type: !17)
!92 = !DILocalVariable(name: "w", scope: !86, file: !2, line: 39, type: !17)
!93 = !DILocalVariable(name: "p", scope: !86, file: !2, line: 40, type: !94)
!94 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "pkt", file: !2, line: 18, size: 128, elements: !95)
!95 = !{!96, !97, !98, !99}
!96 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !94, file: !2, line: 19, baseType: !24, size: 32)
!97 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !94, file: !2, line: 20, baseType: !73, size: 16, offset: 32)
!98 = !DIDerivedType(tag: DW_TAG_member, name: "c", scope: !94, file: !2, line: 21, baseType: !69, size: 8, offset: 48)
!99 = !DIDerivedType(tag: DW_TAG_member, name: "d", scope: !94, file: !2, line: 22, baseType: !18, size: 64, offset: 64)
!100 = !DILocalVariable(name: "k", scope: !86, file: !2, line: 43, type: !17)
!101 = !DILocalVariable(name: "s", scope: !86, file: !2, line: 50, type: !66)
!102 = !DILocation(line: 37, column: 16, scope: !86)
!103 = !DILocation(line: 0, scope: !86)
!104 = !DILocation(line: 38, column: 25, scope: !86)
!105 = !DILocation(line: 38, column: 20, scope: !86)
!106 = !DILocation(line: 39, column: 24, scope: !86)
!107 = !DILocation(line: 39, column: 20, scope: !86)
!108 = !DILocation(line: 42, column: 25, scope: !86)
!109 = !DILocation(line: 42, column: 23, scope: !86)
!110 = !DILocation(line: 42, column: 31, scope: !86)
!111 = !DILocation(line: 42, column: 29, scope: !86)
!112 = !DILocation(line: 42, column: 19, scope: !86)
!113 = !DILocation(line: 42, column: 35, scope: !86)
!114 = !DILocation(line: 42, column: 2, scope: !86)
!115 = !DILocation(line: 46, column: 24, scope: !86)
!116 = !DILocation(line: 46, column: 22, scope: !86)
!117 = !DILocation(line: 46, column: 27, scope: !86)
!118 = !DILocation(line: 46, column: 19, scope: !86)
!119 = !DILocation(line: 46, column: 2, scope: !86)
!120 = !DILocation(line: 47, column: 33, scope: !86)
!121 = !DILocation(line: 47, column: 70, scope: !86)
!122 = !DILocation(line: 47, column: 19, scope: !86)
!123 = !DILocation(line: 47, column: 2, scope: !86)
!124 = !DILocation(line: 49, column: 33, scope: !86)
!125 = !DILocation(line: 49, column: 19, scope: !86)
!126 = !DILocation(line: 49, column: 2, scope: !86)
!127 = !DILocation(line: 52, column: 5, scope: !86)
!128 = !DILocation(line: 55, column: 2, scope: !86)
!129 = !DILocation(line: 56, column: 1, scope: !86)
!130 = !DISubprogram(name: "t_load_64", linkageName: "sluice.state.load.i64", scope: !131, file: !131, line: 26, type: !132, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!131 = !DIFile(filename: "tests/hls/lower/intermediate.h", directory: "/work/main", checksumkind: CSK_MD5, checksum: "6e9fbd4ca884636c2af96e8f9d7bc625")
!132 = !DISubroutineType(types: !133)
!133 = !{!18, !134}
!134 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !135, size: 64)
!135 = !DIDerivedType(tag: DW_TAG_const_type, baseType: null)
!136 = !DISubprogram(name: "t_load_128", linkageName: "sluice.state.load.i128", scope: !131, file: !131, line: 27, type: !137, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!137 = !DISubroutineType(types: !138)
!138 = !{!17, !134}
!139 = !DISubprogram(name: "t_read_128", linkageName: "sluice.pipe.read.i128", scope: !131, file: !131, line: 27, type: !140, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!140 = !DISubroutineType(types: !141)
!141 = !{!17, !142, !49, !49, !49, !49}
!142 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !39, size: 64)
!143 = !DISubprogram(name: "t_write_64", linkageName: "sluice.pipe.write.i64", scope: !131, file: !131, line: 26, type: !144, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!144 = !DISubroutineType(types: !145)
!145 = !{null, !142, !18, !49, !49, !49, !49}
!146 = !DISubprogram(name: "t_write_8", linkageName: "sluice.pipe.write.i8", scope: !131, file: !131, line: 23, type: !147, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!147 = !DISubroutineType(types: !148)
!148 = !{null, !142, !69, !49, !49, !49, !49}
!149 = !DISubprogram(name: "t_store_64", linkageName: "sluice.state.store.i64", scope: !131, file: !131, line: 26, type: !150, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!150 = !DISubroutineType(types: !151)
!151 = !{null, !134, !18}
