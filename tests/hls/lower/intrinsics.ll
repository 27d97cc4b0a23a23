; Intrinsics of integer arithmetic, checked by running the lowered IR
; (expect-eval) on edge cases; the expected words come from a Python model
; of LLVM's semantics.  Each result is written to pipe `o` (64 bits), in
; the order: umin umax smin smax abs fshl fshr fshl8 fshr8 rotl5 ctpop
; ctlz cttz bswap bitreverse {s,u}add {s,u}sub {s,u}mul.with.overflow
; (result | overflow << 32) uadd.sat usub.sat sadd.sat ssub.sat (i8) scmp
; ucmp (i8) and an insertvalue/extractvalue round trip.
; expect-eval: 0x5 0x7 0x3 0x64 0x64 => 0x5 0x7 0x5 0x7 0x5 0x28 0xa0000000 0x500 0x5000000 0xa0 0x2 0x1d 0x0 0x5000000 0xa0000000 0xc 0xc 0xfffffffe 0x1fffffffe 0x23 0x23 0xc8 0x0 0x7f 0x0 0x0 0x0 0x12
; expect-eval: 0x80000000 0xffffffff 0x24 0x80 0x7f => 0x80000000 0xffffffff 0x80000000 0xffffffff 0x80000000 0xf 0xfffffff 0xff 0xffffff 0x10 0x1 0x0 0x1f 0x80 0x1 0x17fffffff 0x17fffffff 0x80000001 0x180000001 0x180000000 0x180000000 0xff 0x1 0xff 0x80 0xff 0x1 0x80000008
; expect-eval: 0x12345678 0x9abcdef0 0x0 0xfa 0xa => 0x12345678 0x9abcdef0 0x9abcdef0 0x12345678 0x12345678 0x12345678 0x9abcdef0 0x3456789a 0x789abcde 0x468acf02 0xd 0x3 0x3 0x78563412 0x1e6a2c48 0xacf13568 0xacf13568 0x77777788 0x177777788 0x1242d2080 0x1242d2080 0xff 0xf0 0x4 0xf0 0xff 0x1 0x1234acf8
; expect-eval: 0x7fffffff 0x2 0x1f 0x81 0x1 => 0x2 0x7fffffff 0x2 0x7fffffff 0x7fffffff 0x80000001 0xfffffffe 0xffffff00 0xff000000 0xffffffef 0x1f 0x1 0x0 0xffffff7f 0xfffffffe 0x180000001 0x80000001 0x7ffffffd 0x7ffffffd 0x1fffffffe 0xfffffffe 0x82 0x80 0x82 0x80 0xff 0x1 0x80000005
; expect-eval: 0x0 0x0 0x1 0x0 0x80 => 0x0 0x0 0x0 0x0 0x0 0x0 0x0 0x0 0x0 0x0 0x0 0x20 0x20 0x0 0x0 0x0 0x0 0x0 0x0 0x0 0x0 0x80 0x0 0x80 0x7f 0x1 0xff 0x7
; expect-not: fshl
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.sluice_pipe_desc = type { ptr, ptr, i32, i32, i32, i32 }
@.str = private unnamed_addr constant [2 x i8] c"o\00", align 1
@.str.1 = private unnamed_addr constant [9 x i8] c"uint64_t\00", align 1
@o = internal constant %struct.sluice_pipe_desc { ptr @.str, ptr @.str.1, i32 8, i32 64, i32 0, i32 0 }, section "sluice.pipes", align 8

define void @t(i32 %a, i32 %b, i32 %s, i8 %c, i8 %d) section "sluice.kernel" {
entry:
  %r0 = call i32 @llvm.umin.i32(i32 %a, i32 %b)
  %z1 = zext i32 %r0 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z1, i32 0, i32 0, i32 0, i32 0)
  %r1 = call i32 @llvm.umax.i32(i32 %a, i32 %b)
  %z2 = zext i32 %r1 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z2, i32 0, i32 0, i32 0, i32 0)
  %r2 = call i32 @llvm.smin.i32(i32 %a, i32 %b)
  %z3 = zext i32 %r2 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z3, i32 0, i32 0, i32 0, i32 0)
  %r3 = call i32 @llvm.smax.i32(i32 %a, i32 %b)
  %z4 = zext i32 %r3 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z4, i32 0, i32 0, i32 0, i32 0)
  %r4 = call i32 @llvm.abs.i32(i32 %a, i1 false)
  %z5 = zext i32 %r4 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z5, i32 0, i32 0, i32 0, i32 0)
  %r5 = call i32 @llvm.fshl.i32(i32 %a, i32 %b, i32 %s)
  %z6 = zext i32 %r5 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z6, i32 0, i32 0, i32 0, i32 0)
  %r6 = call i32 @llvm.fshr.i32(i32 %a, i32 %b, i32 %s)
  %z7 = zext i32 %r6 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z7, i32 0, i32 0, i32 0, i32 0)
  %r7 = call i32 @llvm.fshl.i32(i32 %a, i32 %b, i32 8)
  %z8 = zext i32 %r7 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z8, i32 0, i32 0, i32 0, i32 0)
  %r8 = call i32 @llvm.fshr.i32(i32 %a, i32 %b, i32 8)
  %z9 = zext i32 %r8 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z9, i32 0, i32 0, i32 0, i32 0)
  %r9 = call i32 @llvm.fshl.i32(i32 %a, i32 %a, i32 37)
  %z10 = zext i32 %r9 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z10, i32 0, i32 0, i32 0, i32 0)
  %r10 = call i32 @llvm.ctpop.i32(i32 %a)
  %z11 = zext i32 %r10 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z11, i32 0, i32 0, i32 0, i32 0)
  %r11 = call i32 @llvm.ctlz.i32(i32 %a, i1 false)
  %z12 = zext i32 %r11 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z12, i32 0, i32 0, i32 0, i32 0)
  %r12 = call i32 @llvm.cttz.i32(i32 %a, i1 false)
  %z13 = zext i32 %r12 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z13, i32 0, i32 0, i32 0, i32 0)
  %r13 = call i32 @llvm.bswap.i32(i32 %a)
  %z14 = zext i32 %r13 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z14, i32 0, i32 0, i32 0, i32 0)
  %r14 = call i32 @llvm.bitreverse.i32(i32 %a)
  %z15 = zext i32 %r14 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z15, i32 0, i32 0, i32 0, i32 0)
  %o0 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %a, i32 %b)
  %v16 = extractvalue { i32, i1 } %o0, 0
  %f16 = extractvalue { i32, i1 } %o0, 1
  %vz16 = zext i32 %v16 to i64
  %fz16 = zext i1 %f16 to i64
  %fs16 = shl i64 %fz16, 32
  %z16 = or i64 %vz16, %fs16
  call void @sluice.pipe.write.i64(ptr @o, i64 %z16, i32 0, i32 0, i32 0, i32 0)
  %o1 = call { i32, i1 } @llvm.uadd.with.overflow.i32(i32 %a, i32 %b)
  %v17 = extractvalue { i32, i1 } %o1, 0
  %f17 = extractvalue { i32, i1 } %o1, 1
  %vz17 = zext i32 %v17 to i64
  %fz17 = zext i1 %f17 to i64
  %fs17 = shl i64 %fz17, 32
  %z17 = or i64 %vz17, %fs17
  call void @sluice.pipe.write.i64(ptr @o, i64 %z17, i32 0, i32 0, i32 0, i32 0)
  %o2 = call { i32, i1 } @llvm.ssub.with.overflow.i32(i32 %a, i32 %b)
  %v18 = extractvalue { i32, i1 } %o2, 0
  %f18 = extractvalue { i32, i1 } %o2, 1
  %vz18 = zext i32 %v18 to i64
  %fz18 = zext i1 %f18 to i64
  %fs18 = shl i64 %fz18, 32
  %z18 = or i64 %vz18, %fs18
  call void @sluice.pipe.write.i64(ptr @o, i64 %z18, i32 0, i32 0, i32 0, i32 0)
  %o3 = call { i32, i1 } @llvm.usub.with.overflow.i32(i32 %a, i32 %b)
  %v19 = extractvalue { i32, i1 } %o3, 0
  %f19 = extractvalue { i32, i1 } %o3, 1
  %vz19 = zext i32 %v19 to i64
  %fz19 = zext i1 %f19 to i64
  %fs19 = shl i64 %fz19, 32
  %z19 = or i64 %vz19, %fs19
  call void @sluice.pipe.write.i64(ptr @o, i64 %z19, i32 0, i32 0, i32 0, i32 0)
  %o4 = call { i32, i1 } @llvm.smul.with.overflow.i32(i32 %a, i32 %b)
  %v20 = extractvalue { i32, i1 } %o4, 0
  %f20 = extractvalue { i32, i1 } %o4, 1
  %vz20 = zext i32 %v20 to i64
  %fz20 = zext i1 %f20 to i64
  %fs20 = shl i64 %fz20, 32
  %z20 = or i64 %vz20, %fs20
  call void @sluice.pipe.write.i64(ptr @o, i64 %z20, i32 0, i32 0, i32 0, i32 0)
  %o5 = call { i32, i1 } @llvm.umul.with.overflow.i32(i32 %a, i32 %b)
  %v21 = extractvalue { i32, i1 } %o5, 0
  %f21 = extractvalue { i32, i1 } %o5, 1
  %vz21 = zext i32 %v21 to i64
  %fz21 = zext i1 %f21 to i64
  %fs21 = shl i64 %fz21, 32
  %z21 = or i64 %vz21, %fs21
  call void @sluice.pipe.write.i64(ptr @o, i64 %z21, i32 0, i32 0, i32 0, i32 0)
  %s0 = call i8 @llvm.uadd.sat.i8(i8 %c, i8 %d)
  %z22 = zext i8 %s0 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z22, i32 0, i32 0, i32 0, i32 0)
  %s1 = call i8 @llvm.usub.sat.i8(i8 %c, i8 %d)
  %z23 = zext i8 %s1 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z23, i32 0, i32 0, i32 0, i32 0)
  %s2 = call i8 @llvm.sadd.sat.i8(i8 %c, i8 %d)
  %z24 = zext i8 %s2 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z24, i32 0, i32 0, i32 0, i32 0)
  %s3 = call i8 @llvm.ssub.sat.i8(i8 %c, i8 %d)
  %z25 = zext i8 %s3 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z25, i32 0, i32 0, i32 0, i32 0)
  %t0 = call i8 @llvm.scmp.i8.i8(i8 %c, i8 %d)
  %z26 = zext i8 %t0 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z26, i32 0, i32 0, i32 0, i32 0)
  %t1 = call i8 @llvm.ucmp.i8.i8(i8 %c, i8 %d)
  %z27 = zext i8 %t1 to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z27, i32 0, i32 0, i32 0, i32 0)
  %lt = icmp ult i32 %a, %b
  %agg0 = insertvalue { i32, i1 } undef, i1 %lt, 1
  %agg1 = insertvalue { i32, i1 } %agg0, i32 %a, 0
  %e0 = extractvalue { i32, i1 } %agg1, 0
  %e1 = extractvalue { i32, i1 } %agg1, 1
  %a16 = trunc i32 %a to i16
  %arr = insertvalue [3 x i16] zeroinitializer, i16 %a16, 1
  %arr2 = insertvalue [3 x i16] %arr, i16 7, 2
  %x1 = extractvalue [3 x i16] %arr2, 1
  %x0 = extractvalue [3 x i16] %arr2, 0
  %x01 = add i16 %x1, %x0
  %x2 = extractvalue [3 x i16] %arr2, 2
  %x012 = add i16 %x01, %x2
  %xz = zext i16 %x012 to i32
  %ze1 = zext i1 %e1 to i32
  %sum0 = add i32 %e0, %ze1
  %sum = add i32 %sum0, %xz
  %z28 = zext i32 %sum to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z28, i32 0, i32 0, i32 0, i32 0)
  ret void
}


declare void @sluice.pipe.write.i64(ptr, i64, i32, i32, i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.fshr.i32(i32, i32, i32)
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.cttz.i32(i32, i1)
declare i32 @llvm.bswap.i32(i32)
declare i32 @llvm.bitreverse.i32(i32)
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32)
declare { i32, i1 } @llvm.uadd.with.overflow.i32(i32, i32)
declare { i32, i1 } @llvm.ssub.with.overflow.i32(i32, i32)
declare { i32, i1 } @llvm.usub.with.overflow.i32(i32, i32)
declare { i32, i1 } @llvm.smul.with.overflow.i32(i32, i32)
declare { i32, i1 } @llvm.umul.with.overflow.i32(i32, i32)
declare i8 @llvm.uadd.sat.i8(i8, i8)
declare i8 @llvm.usub.sat.i8(i8, i8)
declare i8 @llvm.sadd.sat.i8(i8, i8)
declare i8 @llvm.ssub.sat.i8(i8, i8)
declare i8 @llvm.scmp.i8.i8(i8, i8)
declare i8 @llvm.ucmp.i8.i8(i8, i8)
