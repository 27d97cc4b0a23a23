; Integer arithmetic, comparisons, casts, select, freeze and bitcast map one
; to one onto IR ops; value names become op names; locations are kept.
; expect-op: kernel arith(a: i32 signed @0, b: i32 unsigned @4, c: i8 signed @8, f: i1 unsigned @9) started, args 12 bytes
; expect-op: = add.32 %0, %1
; expect-op: = sub.32
; expect-op: = mul.32
; expect-op: = udiv.32
; expect-op: = sdiv.32
; expect-op: = urem.32
; expect-op: = srem.32
; expect-op: = and.32
; expect-op: = or.32
; expect-op: = xor.32
; expect-op: = shl.32
; expect-op: = lshr.32
; expect-op: = ashr.32
; expect-op: = eq.1
; expect-op: = ne.1
; expect-op: = ult.1
; expect-op: = ule.1
; expect-op: = ugt.1
; expect-op: = uge.1
; expect-op: = slt.1
; expect-op: = sle.1
; expect-op: = sgt.1
; expect-op: = sge.1
; expect-op: = sext.32 %2
; expect-op: = zext.64
; expect-op: = trunc.16
; expect-op: = select.32
; expect-op: ; sum t.c:3:7
; expect-op: ; x_0 t.c:4:9
; expect-op: ; _9lives
; expect-op: ret
; expect-not: freeze
; expect-not: bitcast
; expect-not: undef
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @arith(i32 %a, i32 zeroext %b, i8 signext %c, i1 zeroext %f) section "sluice.kernel" !dbg !3 {
entry:
  %sum = add nsw i32 %a, %b, !dbg !10
  %x.0 = sub i32 %sum, 7, !dbg !11
  %m = mul i32 %x.0, %a
  %ud = udiv i32 %m, %b
  %sd = sdiv exact i32 %ud, %a
  %ur = urem i32 %sd, %b
  %sr = srem i32 %ur, %a
  %an = and i32 %sr, 255
  %o = or disjoint i32 %an, 256
  %xo = xor i32 %o, -1
  %sh = shl nuw i32 %xo, %b
  %ls = lshr exact i32 %sh, 3
  %as = ashr i32 %ls, %a
  %c1 = icmp eq i32 %as, 0
  %c2 = icmp ne i32 %as, 1
  %c3 = icmp ult i32 %as, 2
  %c4 = icmp ule i32 %as, 3
  %c5 = icmp ugt i32 %as, 4
  %c6 = icmp uge i32 %as, 5
  %c7 = icmp slt i32 %as, 6
  %c8 = icmp sle i32 %as, 7
  %c9 = icmp sgt i32 %as, 8
  %c10 = icmp sge i32 %as, 9
  %cx = sext i8 %c to i32
  %w = zext i32 %cx to i64
  %t = trunc i64 %w to i16
  %fr = freeze i16 %t
  %bc = bitcast i16 %fr to half
  %bd = bitcast half %bc to i16
  %s = select i1 %f, i32 %as, i32 %cx
  %"9lives" = add i16 %bd, 1
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/tmp")
!2 = !DISubroutineType(types: !{null})
!3 = distinct !DISubprogram(name: "arith", scope: !1, file: !1, line: 1, type: !2, unit: !0, spFlags: DISPFlagDefinition)
!9 = !{i32 2, !"Debug Info Version", i32 3}
!10 = !DILocation(line: 3, column: 7, scope: !3)
!11 = !DILocation(line: 4, column: 9, scope: !3)
