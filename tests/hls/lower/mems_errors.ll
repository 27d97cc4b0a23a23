; Memory calls that promote_mems.c never makes are internal errors at the
; call: a missing index, a word that is not 8, 16, 32 or 64 bits, a store
; into a constant table, one array with two word widths; and what is
; left of an array it did not make a memory is an error naming it (an
; extern table declared but not defined).
; expect-error: 1: internal error: malformed call to 'sluice.mem.load.i32'
; expect-error: 2: internal error: malformed call to 'sluice.mem.load.i24'
; expect-error: 3: internal error: a store into constant table 'rom'
; expect-error: 4: internal error: memory 'ram' used with 32-bit and 16-bit words
; expect-error: 5: global variable 'ext' is declared but not defined in the kernel sources
; expect-errors: 5
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@rom = internal constant [8 x i32] zeroinitializer, align 4
@ram = global [8 x i32] zeroinitializer, align 4
@ext = external constant [300 x i32], align 4

define void @k(i64 %i) section "sluice.kernel" !dbg !3 {
entry:
  %a = call i32 @sluice.mem.load.i32(ptr @rom), !dbg !10
  %b = call i24 @sluice.mem.load.i24(ptr @rom, i64 %i), !dbg !11
  call void @sluice.mem.store.i32(ptr @rom, i64 %i, i32 1), !dbg !12
  %c = call i32 @sluice.mem.load.i32(ptr @ram, i64 %i), !dbg !13
  %d = call i16 @sluice.mem.load.i16(ptr @ram, i64 %i), !dbg !13
  %g = getelementptr inbounds [300 x i32], ptr @ext, i64 0, i64 %i, !dbg !14
  %e = load i32, ptr %g, align 4, !dbg !14
  ret void
}

declare i32 @sluice.mem.load.i32(ptr, i64)
declare i24 @sluice.mem.load.i24(ptr, i64)
declare i16 @sluice.mem.load.i16(ptr, i64)
declare void @sluice.mem.store.i32(ptr, i64, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "mems_errors.c", directory: "/tmp")
!2 = !DISubroutineType(types: !{null})
!3 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !2, unit: !0, spFlags: DISPFlagDefinition)
!9 = !{i32 2, !"Debug Info Version", i32 3}
!10 = !DILocation(line: 1, column: 3, scope: !3)
!11 = !DILocation(line: 2, column: 3, scope: !3)
!12 = !DILocation(line: 3, column: 3, scope: !3)
!13 = !DILocation(line: 4, column: 3, scope: !3)
!14 = !DILocation(line: 5, column: 3, scope: !3)
