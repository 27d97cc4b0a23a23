; Control flow: blocks in LLVM order (entry first), phis first with one
; operand per distinct predecessor, constants of a phi materialised before
; the terminator of the incoming block, switch cases, unreachable blocks
; dropped, `unreachable` lowered as ret, blocks named after LLVM's.
; expect-op: bb0 entry:
; expect-op: bb1 loop:
; expect-op: bb2 body:
; expect-op: bb3 sw_a:
; expect-op: bb4 done:
; expect-op: bb5 trap:
; expect-not: dead
; expect-op: %1 = phi.32 [%21, bb0], [%14, bb3]
; expect-op: %21 = const.32 0
; expect-op: switch %8, default bb4, 1 -> bb3, 7 -> bb3, 4294967295 -> bb5
; expect-op: condbr %
; expect-op: %3 = phi.32 [%23, bb2], [%2, bb1], [%24, bb3]
; expect-op: bb4 done:                                     ; preds: bb1 bb2 bb3
; expect-op: br bb1
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @cfg(i32 %n) section "sluice.autorun" {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %sw.a ]
  %acc = phi i32 [ 1, %entry ], [ %acc2, %sw.a ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %done

body:
  %k = and i32 %i, 15
  switch i32 %k, label %done [
    i32 1, label %sw.a
    i32 7, label %sw.a
    i32 -1, label %trap
  ]

sw.a:
  %acc2 = mul i32 %acc, 3
  %i.next = add i32 %i, 1
  %stop = icmp eq i32 %acc2, 81
  br i1 %stop, label %done, label %loop

dead:
  %z = add i32 %n, 1
  br label %done

done:
  %r = phi i32 [ 5, %body ], [ 5, %body ], [ %acc, %loop ], [ 9, %sw.a ], [ %z, %dead ]
  %use = add i32 %r, 1
  ret void

trap:
  unreachable
}
