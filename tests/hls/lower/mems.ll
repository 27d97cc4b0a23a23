; Memories (hls/front/promote_mems.c makes these calls of the arrays of
; more than 512 bytes; the lowering does not mind the size): one ir_mem
; per array per kernel, its words of the calls' width, depth = sizeof /
; word bytes, a constant global a ROM, a global's initializer its words
; (word i from bytes [i*K, (i+1)*K), little-endian: bytes 5 6 7 8 make
; the word 0x08070605), a local with no init and named after its alloca,
; made unique beside a global of that name.  The evaluation reads the
; initial words and what was stored: 0x08070605 from @bytes[1],
; 0xfffe from @rom16[2], 2^40 + 7 from @g64[3] after the store, @buf[3]
; (an i8 local) after storing 0xab there, and @g64[0] from its init.
; expect-op: mem bytes: 4 x 32 bits, rom, initialised
; expect-op: mem rom16: 8 x 16 bits, rom, initialised
; expect-op: mem g64: 4 x 64 bits, initialised
; expect-op: mem zeros: 64 x 32 bits
; expect-op: mem g64_2: 16 x 8 bits
; expect-op: = mem.load.32 bytes, %
; expect-op: mem.store g64, %
; expect-op: mem.store g64_2, %
; expect-not: zeros: 64 x 32 bits,
; expect-not: g64_2: 16 x 8 bits,
; expect-not: state
; expect-eval: 2 => 0x08070605 0xfffe 0x10000000007 0xab 0x1122334455667788 0
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.sluice_pipe_desc = type { ptr, ptr, i32, i32, i32, i32 }
@s.o = private unnamed_addr constant [2 x i8] c"o\00", align 1
@s.t = private unnamed_addr constant [9 x i8] c"uint64_t\00", align 1
@o = internal constant %struct.sluice_pipe_desc { ptr @s.o, ptr @s.t, i32 8, i32 8, i32 0, i32 0 }, section "sluice.pipes"
@bytes = internal constant [16 x i8] c"\01\02\03\04\05\06\07\08\09\0A\0B\0C\0D\0E\0F\10", align 4
@rom16 = internal constant [8 x i16] [i16 1, i16 2, i16 -2, i16 4, i16 5, i16 6, i16 7, i16 8], align 2
@g64 = global [4 x i64] [i64 u0x1122334455667788, i64 0, i64 0, i64 9], align 8
@zeros = global [64 x i32] zeroinitializer, align 4

define void @k(i32 %i) section "sluice.kernel" {
entry:
  %g64 = alloca [16 x i8], align 1
  %b = call i32 @sluice.mem.load.i32(ptr @bytes, i64 1)
  %b64 = zext i32 %b to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %b64, i32 0, i32 0, i32 0, i32 0)
  %ix = sext i32 %i to i64
  %r = call i16 @sluice.mem.load.i16(ptr @rom16, i64 %ix)
  %r64 = zext i16 %r to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %r64, i32 0, i32 0, i32 0, i32 0)
  call void @sluice.mem.store.i64(ptr @g64, i64 3, i64 u0x10000000007)
  %g = call i64 @sluice.mem.load.i64(ptr @g64, i64 3)
  call void @sluice.pipe.write.i64(ptr @o, i64 %g, i32 0, i32 0, i32 0, i32 0)
  %ix1 = add i64 %ix, 1
  call void @sluice.mem.store.i8(ptr %g64, i64 %ix1, i8 -85)
  %l = call i8 @sluice.mem.load.i8(ptr %g64, i64 3)
  %l64 = zext i8 %l to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %l64, i32 0, i32 0, i32 0, i32 0)
  %g0 = call i64 @sluice.mem.load.i64(ptr @g64, i64 0)
  call void @sluice.pipe.write.i64(ptr @o, i64 %g0, i32 0, i32 0, i32 0, i32 0)
  %z = call i32 @sluice.mem.load.i32(ptr @zeros, i64 %ix)
  %z64 = zext i32 %z to i64
  call void @sluice.pipe.write.i64(ptr @o, i64 %z64, i32 0, i32 0, i32 0, i32 0)
  ret void
}

declare void @sluice.pipe.write.i64(ptr, i64, i32, i32, i32, i32)
declare i8 @sluice.mem.load.i8(ptr, i64)
declare i16 @sluice.mem.load.i16(ptr, i64)
declare i32 @sluice.mem.load.i32(ptr, i64)
declare i64 @sluice.mem.load.i64(ptr, i64)
declare void @sluice.mem.store.i8(ptr, i64, i8)
declare void @sluice.mem.store.i64(ptr, i64, i64)
