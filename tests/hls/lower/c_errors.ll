; generated from tests/hls/lower/c_errors.c by tests/hls/lower/regen.sh
; (parameter 'p' is a pointer into device memory: no error)
; expect-error: 30: kernel 'bad': parameter 'q' is a struct, union or array
; expect-error: 34: local array 'buf' indexed by a variable needs memories
; expect-error: 36: constant table 'table' indexed by a variable needs memories
; expect-error: 37: global array 'hist' indexed by a variable needs memories
; expect-error: 38: call to 'rand', which is not defined in the kernel sources
; expect-error: 43: kernel 'notvoid' must return void
; expect-error: 39: call to 'helper' could not be inlined
; expect-errors: 7
source_filename = "tests/hls/lower/c_errors.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.sluice_pipe_desc = type { ptr, ptr, i32, i32, i32, i32 }

@.str = private unnamed_addr constant [2 x i8] c"o\00", align 1, !dbg !0
@.str.1 = private unnamed_addr constant [9 x i8] c"uint32_t\00", align 1, !dbg !7
@o = internal constant %struct.sluice_pipe_desc { ptr @.str, ptr @.str.1, i32 4, i32 2, i32 0, i32 0 }, section "sluice.pipes", align 8, !dbg !12
@table = internal constant [4 x i32] [i32 1, i32 2, i32 3, i32 5], align 16, !dbg !27
@hist = internal global [16 x i32] zeroinitializer, align 16, !dbg !22
@llvm.compiler.used = appending global [1 x ptr] [ptr @o], section "llvm.metadata"

; Function Attrs: nounwind uwtable
define dso_local i32 @helper(i32 noundef %x) #0 !dbg !53 {
entry:
    #dbg_value(i32 %x, !57, !DIExpression(), !58)
  %add = add i32 %x, 1, !dbg !59
  ret i32 %add, !dbg !60
}

; Function Attrs: noinline nounwind uwtable
define dso_local void @bad(i32 noundef %n, ptr noundef %p, i64 %q.coerce, float noundef %f) #1 section "sluice.kernel" !dbg !61 {
entry:
  %buf = alloca [8 x i32], align 16
  %q.sroa.0.0.extract.trunc = trunc i64 %q.coerce to i32
    #dbg_value(i32 %q.sroa.0.0.extract.trunc, !73, !DIExpression(DW_OP_LLVM_fragment, 0, 32), !81)
    #dbg_value(i64 %q.coerce, !73, !DIExpression(DW_OP_constu, 32, DW_OP_shr, DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_stack_value, DW_OP_LLVM_fragment, 32, 32), !81)
    #dbg_value(i32 %n, !71, !DIExpression(), !81)
    #dbg_value(ptr %p, !72, !DIExpression(), !81)
    #dbg_value(float %f, !74, !DIExpression(), !81)
  call void @llvm.lifetime.start.p0(i64 32, ptr nonnull %buf) #5, !dbg !82
    #dbg_declare(ptr %buf, !75, !DIExpression(), !83)
  %mul = fmul float %f, 2.000000e+00, !dbg !84
    #dbg_value(float %mul, !79, !DIExpression(), !81)
  %and = and i32 %n, 7, !dbg !85
  %idxprom = zext nneg i32 %and to i64, !dbg !86
  %arrayidx = getelementptr inbounds [8 x i32], ptr %buf, i64 0, i64 %idxprom, !dbg !86
  store i32 %n, ptr %arrayidx, align 4, !dbg !87, !tbaa !88
  %add = add i32 %n, 1, !dbg !92
  %and1 = and i32 %add, 7, !dbg !93
  %idxprom2 = zext nneg i32 %and1 to i64, !dbg !94
  %arrayidx3 = getelementptr inbounds [8 x i32], ptr %buf, i64 0, i64 %idxprom2, !dbg !94
  %0 = load i32, ptr %arrayidx3, align 4, !dbg !94, !tbaa !88
    #dbg_value(i32 %0, !80, !DIExpression(), !81)
  %and4 = and i32 %n, 3, !dbg !95
  %idxprom5 = zext nneg i32 %and4 to i64, !dbg !96
  %arrayidx6 = getelementptr inbounds [4 x i32], ptr @table, i64 0, i64 %idxprom5, !dbg !96
  %1 = load i32, ptr %arrayidx6, align 4, !dbg !96, !tbaa !88
  %add7 = add i32 %0, %1, !dbg !97
    #dbg_value(i32 %add7, !80, !DIExpression(), !81)
  %and8 = and i32 %n, 15, !dbg !98
  %idxprom9 = zext nneg i32 %and8 to i64, !dbg !99
  %arrayidx10 = getelementptr inbounds [16 x i32], ptr @hist, i64 0, i64 %idxprom9, !dbg !99
  %2 = load i32, ptr %arrayidx10, align 4, !dbg !100, !tbaa !88
  %inc = add i32 %2, 1, !dbg !100
  store i32 %inc, ptr %arrayidx10, align 4, !dbg !100, !tbaa !88
  %call = call i32 @rand() #5, !dbg !101
  %add11 = add i32 %add7, %call, !dbg !102
    #dbg_value(i32 %add11, !80, !DIExpression(), !81)
  %call12 = call i32 @helper(i32 noundef 3), !dbg !103
  %add13 = add i32 %call12, %q.sroa.0.0.extract.trunc, !dbg !104
  %conv = fptoui float %mul to i32, !dbg !105
  %add14 = add i32 %add13, %conv, !dbg !106
  %add15 = add i32 %add11, %add14, !dbg !107
    #dbg_value(i32 %add15, !80, !DIExpression(), !81)
  call void @sluice.pipe.write.i32(ptr noundef nonnull @o, i32 noundef %add15, i32 noundef 0, i32 noundef 0, i32 noundef 0, i32 noundef 0) #5, !dbg !108
  call void @llvm.lifetime.end.p0(i64 32, ptr nonnull %buf) #5, !dbg !109
  ret void, !dbg !109
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: nounwind
declare !dbg !110 i32 @rand() #3

declare !dbg !114 void @sluice.pipe.write.i32(ptr noundef, i32 noundef, i32 noundef, i32 noundef, i32 noundef, i32 noundef) #4

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @notvoid() #1 section "sluice.kernel" !dbg !119 {
entry:
  ret i32 1, !dbg !120
}

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { noinline nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nounwind }

!llvm.dbg.cu = !{!14}
!llvm.module.flags = !{!46, !47, !48, !49, !50, !51}
!llvm.ident = !{!52}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(scope: null, file: !2, line: 17, type: !3, isLocal: true, isDefinition: true)
!2 = !DIFile(filename: "tests/hls/lower/c_errors.c", directory: "/work/main", checksumkind: CSK_MD5, checksum: "fbb2f3859d3cd52949a23a65d6aa8c74")
!3 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 16, elements: !5)
!4 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!5 = !{!6}
!6 = !DISubrange(count: 2)
!7 = !DIGlobalVariableExpression(var: !8, expr: !DIExpression())
!8 = distinct !DIGlobalVariable(scope: null, file: !2, line: 17, type: !9, isLocal: true, isDefinition: true)
!9 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 72, elements: !10)
!10 = !{!11}
!11 = !DISubrange(count: 9)
!12 = !DIGlobalVariableExpression(var: !13, expr: !DIExpression())
!13 = distinct !DIGlobalVariable(name: "o", scope: !14, file: !2, line: 17, type: !33, isLocal: true, isDefinition: true)
!14 = distinct !DICompileUnit(language: DW_LANG_C11, file: !2, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !15, globals: !21, splitDebugInlining: false, nameTableKind: None)
!15 = !{!16, !17}
!16 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!17 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint32_t", file: !18, line: 26, baseType: !19)
!18 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/stdint-uintn.h", directory: "", checksumkind: CSK_MD5, checksum: "2bf2ae53c58c01b1a1b9383b5195125c")
!19 = !DIDerivedType(tag: DW_TAG_typedef, name: "__uint32_t", file: !20, line: 42, baseType: !16)
!20 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/types.h", directory: "", checksumkind: CSK_MD5, checksum: "d108b5f93a74c50510d7d9bc0ab36df9")
!21 = !{!0, !7, !12, !22, !27}
!22 = !DIGlobalVariableExpression(var: !23, expr: !DIExpression())
!23 = distinct !DIGlobalVariable(name: "hist", scope: !14, file: !2, line: 23, type: !24, isLocal: true, isDefinition: true)
!24 = !DICompositeType(tag: DW_TAG_array_type, baseType: !17, size: 512, elements: !25)
!25 = !{!26}
!26 = !DISubrange(count: 16)
!27 = !DIGlobalVariableExpression(var: !28, expr: !DIExpression())
!28 = distinct !DIGlobalVariable(name: "table", scope: !14, file: !2, line: 22, type: !29, isLocal: true, isDefinition: true)
!29 = !DICompositeType(tag: DW_TAG_array_type, baseType: !30, size: 128, elements: !31)
!30 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !17)
!31 = !{!32}
!32 = !DISubrange(count: 4)
!33 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !34)
!34 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "sluice_pipe_desc", file: !35, line: 80, size: 256, elements: !36)
!35 = !DIFile(filename: "include/sluice.h", directory: "/work/main", checksumkind: CSK_MD5, checksum: "aeafecbbc9e65cb0f1c96858da2abec4")
!36 = !{!37, !40, !41, !42, !44, !45}
!37 = !DIDerivedType(tag: DW_TAG_member, name: "name", scope: !34, file: !35, line: 81, baseType: !38, size: 64)
!38 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !39, size: 64)
!39 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !4)
!40 = !DIDerivedType(tag: DW_TAG_member, name: "type", scope: !34, file: !35, line: 82, baseType: !38, size: 64, offset: 64)
!41 = !DIDerivedType(tag: DW_TAG_member, name: "size", scope: !34, file: !35, line: 83, baseType: !16, size: 32, offset: 128)
!42 = !DIDerivedType(tag: DW_TAG_member, name: "min_capacity", scope: !34, file: !35, line: 84, baseType: !43, size: 32, offset: 160)
!43 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!44 = !DIDerivedType(tag: DW_TAG_member, name: "kind", scope: !34, file: !35, line: 85, baseType: !43, size: 32, offset: 192)
!45 = !DIDerivedType(tag: DW_TAG_member, name: "dir", scope: !34, file: !35, line: 86, baseType: !43, size: 32, offset: 224)
!46 = !{i32 7, !"Dwarf Version", i32 5}
!47 = !{i32 2, !"Debug Info Version", i32 3}
!48 = !{i32 1, !"wchar_size", i32 4}
!49 = !{i32 8, !"PIC Level", i32 2}
!50 = !{i32 7, !"PIE Level", i32 2}
!51 = !{i32 7, !"uwtable", i32 2}
!52 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!53 = distinct !DISubprogram(name: "helper", scope: !2, file: !2, line: 25, type: !54, scopeLine: 26, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !14, retainedNodes: !56)
!54 = !DISubroutineType(types: !55)
!55 = !{!17, !17}
!56 = !{!57}
!57 = !DILocalVariable(name: "x", arg: 1, scope: !53, file: !2, line: 25, type: !17)
!58 = !DILocation(line: 0, scope: !53)
!59 = !DILocation(line: 27, column: 11, scope: !53)
!60 = !DILocation(line: 27, column: 2, scope: !53)
!61 = distinct !DISubprogram(name: "bad", scope: !2, file: !2, line: 30, type: !62, scopeLine: 31, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !14, retainedNodes: !70)
!62 = !DISubroutineType(types: !63)
!63 = !{null, !17, !64, !65, !69}
!64 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !17, size: 64)
!65 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "pair", file: !2, line: 19, size: 64, elements: !66)
!66 = !{!67, !68}
!67 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !65, file: !2, line: 20, baseType: !43, size: 32)
!68 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !65, file: !2, line: 20, baseType: !43, size: 32, offset: 32)
!69 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!70 = !{!71, !72, !73, !74, !75, !79, !80}
!71 = !DILocalVariable(name: "n", arg: 1, scope: !61, file: !2, line: 30, type: !17)
!72 = !DILocalVariable(name: "p", arg: 2, scope: !61, file: !2, line: 30, type: !64)
!73 = !DILocalVariable(name: "q", arg: 3, scope: !61, file: !2, line: 30, type: !65)
!74 = !DILocalVariable(name: "f", arg: 4, scope: !61, file: !2, line: 30, type: !69)
!75 = !DILocalVariable(name: "buf", scope: !61, file: !2, line: 32, type: !76)
!76 = !DICompositeType(tag: DW_TAG_array_type, baseType: !17, size: 256, elements: !77)
!77 = !{!78}
!78 = !DISubrange(count: 8)
!79 = !DILocalVariable(name: "g", scope: !61, file: !2, line: 33, type: !69)
!80 = !DILocalVariable(name: "v", scope: !61, file: !2, line: 35, type: !17)
!81 = !DILocation(line: 0, scope: !61)
!82 = !DILocation(line: 32, column: 2, scope: !61)
!83 = !DILocation(line: 32, column: 11, scope: !61)
!84 = !DILocation(line: 33, column: 14, scope: !61)
!85 = !DILocation(line: 34, column: 8, scope: !61)
!86 = !DILocation(line: 34, column: 2, scope: !61)
!87 = !DILocation(line: 34, column: 13, scope: !61)
!88 = !{!89, !89, i64 0}
!89 = !{!"int", !90, i64 0}
!90 = !{!"omnipotent char", !91, i64 0}
!91 = !{!"Simple C/C++ TBAA"}
!92 = !DILocation(line: 35, column: 22, scope: !61)
!93 = !DILocation(line: 35, column: 27, scope: !61)
!94 = !DILocation(line: 35, column: 15, scope: !61)
!95 = !DILocation(line: 36, column: 15, scope: !61)
!96 = !DILocation(line: 36, column: 7, scope: !61)
!97 = !DILocation(line: 36, column: 4, scope: !61)
!98 = !DILocation(line: 37, column: 9, scope: !61)
!99 = !DILocation(line: 37, column: 2, scope: !61)
!100 = !DILocation(line: 37, column: 14, scope: !61)
!101 = !DILocation(line: 38, column: 17, scope: !61)
!102 = !DILocation(line: 38, column: 4, scope: !61)
!103 = !DILocation(line: 39, column: 7, scope: !61)
!104 = !DILocation(line: 39, column: 17, scope: !61)
!105 = !DILocation(line: 39, column: 35, scope: !61)
!106 = !DILocation(line: 39, column: 33, scope: !61)
!107 = !DILocation(line: 39, column: 4, scope: !61)
!108 = !DILocation(line: 40, column: 2, scope: !61)
!109 = !DILocation(line: 41, column: 1, scope: !61)
!110 = !DISubprogram(name: "rand", scope: !111, file: !111, line: 454, type: !112, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!111 = !DIFile(filename: "/usr/include/stdlib.h", directory: "", checksumkind: CSK_MD5, checksum: "4b47dc81a92f1fe77a152c0aac236718")
!112 = !DISubroutineType(types: !113)
!113 = !{!43}
!114 = !DISubprogram(name: "t_write_32", linkageName: "sluice.pipe.write.i32", scope: !115, file: !115, line: 25, type: !116, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!115 = !DIFile(filename: "tests/hls/lower/intermediate.h", directory: "/work/main", checksumkind: CSK_MD5, checksum: "6e9fbd4ca884636c2af96e8f9d7bc625")
!116 = !DISubroutineType(types: !117)
!117 = !{null, !118, !17, !43, !43, !43, !43}
!118 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !33, size: 64)
!119 = distinct !DISubprogram(name: "notvoid", scope: !2, file: !2, line: 43, type: !112, scopeLine: 44, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !14)
!120 = !DILocation(line: 45, column: 2, scope: !119)
