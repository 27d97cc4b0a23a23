"""bench_vboard.py -- the virtual board's host-pipe throughput, for `make
bench` (scripts/bench.py --boards with the iCEBreaker among them, or
--vboard alone).

examples/bulk built for the iCEBreaker (the board table's module,
scripts/bench_boards.py, else built here), its host program
(examples/bulk/host.c: 1 MiB each way through the kernel, which gives a
word for each it takes) on `sluice vboard`, as tests/flow/run_vboard.sh
runs it, --reps times.  The figure is in simulated cycles: vboard's count
at its exit, over the whole run (connection included), in the line's byte
times (10 bits of the board's uart_div cycles a byte), against the
payload ceiling of the protocol (runtime/link/proto.h): payload bytes per
line byte of the largest DATA frame the pipe's words fill (255 bytes of
payload at most, whole words), with the escapes random data costs (2 byte
values of 256 are sent as two bytes).  The board's clock runs freely,
whether or not the host program keeps up, so a host slow to answer
(other work on the machine) leaves the line idle for more cycles; that
only adds cycles, so the table gives the shortest run, and every run's
figure.

Each run is followed by one on scripts/vboard_tap.c (vboard's loop,
logging every byte of the line with its cycle), so that both see the
machine alike; the log of the shortest run on the tap says where the
byte times of each direction go: frames by type, and the idle stretches
by what held the sender back at their start, as far as the line shows it
(the send window full, the device's receive buffer full of frames not yet
acknowledged, no credit, or none of these: the host had not sent yet).
The table goes between <!-- bench:host-pipes-vboard --> markers of
bench/RESULTS.md; JSON in build/bench/vboard.json.
"""

import bisect
import collections
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import time

import bench_boards
from bench_boards import ROOT, SLUICE, WORK, rel, say

sys.path.insert(0, os.path.join(ROOT, "tests", "harness"))
import util  # noqa: E402

JSON_OUT = os.path.join(ROOT, "build", "bench", "vboard.json")
VBOARD = "icebreaker"
VBOARD_EXAMPLE = "bulk"
VBOARD_MIB = 1

# ---- the virtual board: the line's payload ceiling ---------------------------

def proto_constants():
    """The wire constants of runtime/link/proto.h."""
    with open(os.path.join(ROOT, "runtime", "link", "proto.h")) as f:
        text = f.read()
    c = {k: int(v, 0) for k, v in re.findall(r"#define (SL_\w+) (0x[0-9A-Fa-f]+|\d+)\b", text)}
    for k in ("SL_FLAG", "SL_ESC", "SL_CRC_BYTES", "SL_SEQ_HDR", "SL_MAX_PAYLOAD",
              "SL_STATUS_HDR"):
        if k not in c:
            raise RuntimeError(f"runtime/link/proto.h defines no {k}")
    return c


def frame_line_bytes(payload, pc):
    """Line bytes of a DATA frame of `payload` random bytes sent back to
    back (the opening FLAG left out, proto.h section 2): header, payload,
    CRC, the closing FLAG, and one byte more for each byte equal to FLAG or
    ESC (2 values of 256: the payload's, the CRC's and the sequence
    number's bytes; TYPE and a pipe id below ESC never are)."""
    esc = 2 / 256
    return pc["SL_SEQ_HDR"] + payload + pc["SL_CRC_BYTES"] + 1 + \
        (payload + pc["SL_CRC_BYTES"] + 1) * esc


def ceiling(word_bytes, pc, max_payload=None):
    """(payload bytes, line bytes, payload per line byte) of the largest
    DATA frame of whole words."""
    p = (max_payload or pc["SL_MAX_PAYLOAD"]) // word_bytes * word_bytes
    line = frame_line_bytes(p, pc)
    return p, line, p / line


# ---- the virtual board: running it ---------------------------------------------

def host_program(mod, work, ex):
    """examples/EX/host.c compiled against libsluice, the module's header
    on the include path."""
    exe = os.path.join(work, ex + ".host")
    flags = bench_boards.libsluice_flags()
    r = util.run(["cc", "-std=gnu11", "-O2", "-Wall", "-Wextra", "-Werror", "-I" + mod,
                  os.path.join(ROOT, "examples", ex, "host.c"), *flags, "-pthread",
                  "-o", exe], timeout=120, cwd=ROOT)
    if r.returncode:
        raise RuntimeError(f"examples/{ex}/host.c does not compile:\n" + r.stderr.strip())
    return exe


def with_board(cmd, tty, host_cmd, board, up_timeout=900, timeout=1800):
    """Starts cmd (a virtual board that links its terminal at tty), runs
    host_cmd against it once the terminal is there, then stops the board
    with SIGTERM.  Returns (host Result, board's stdout, board's stderr,
    host wall seconds)."""
    env = dict(os.environ)
    env.setdefault("SLUICE_SIM_CACHE", os.path.join(ROOT, "build", "sim", "cache"))
    if os.path.lexists(tty):
        os.remove(tty)
    vb = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, errors="replace", start_new_session=True)
    h, secs, t0 = None, 0.0, time.perf_counter()
    try:
        while not os.path.exists(tty) and vb.poll() is None and \
                time.perf_counter() - t0 < up_timeout:
            time.sleep(0.05)
        if os.path.exists(tty) and vb.poll() is None:
            henv = dict(env, SLUICE_DEVICE=f"{board}:{tty}")
            t1 = time.perf_counter()
            h = util.run(host_cmd, timeout=timeout, cwd=ROOT, env=henv)
            secs = time.perf_counter() - t1
    finally:
        if vb.poll() is None:
            vb.send_signal(signal.SIGTERM)
        try:
            out, err = vb.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(vb.pid, signal.SIGKILL)
            out, err = vb.communicate()
    if h is None:
        raise RuntimeError(f"{os.path.basename(cmd[0])}: its terminal did not come up "
                           f"(exit {vb.returncode}):\n{err.strip()[-1500:]}")
    return h, out, err, secs


HOST_WORDS = re.compile(r"(\d+) words in through .*?, (\d+) out through")
VB_CYCLES = re.compile(r"stopped after (\d+) cycles")
VB_LINE = re.compile(r"the line carried (\d+) bytes to the board and (\d+) from it")


def vboard_once(mod, exe, tty):
    """One run of the host program through `sluice vboard` of mod."""
    h, _, err, secs = with_board([SLUICE, "vboard", mod, "--link", tty], tty,
                                 [exe, mod, str(VBOARD_MIB)], VBOARD)
    mc, mw = VB_CYCLES.search(err), HOST_WORDS.search(h.stdout)
    if h.returncode or not mc or not mw:
        raise RuntimeError(f"the host program on the virtual board: exit {h.returncode}:\n"
                           + (h.stderr + h.stdout).strip()[-800:] + "\n" + err.strip()[-800:])
    ml = VB_LINE.search(err)
    return {"cycles": int(mc.group(1)), "host_wall_s": secs,
            "vboard_says": err.strip().splitlines()[-1],
            "words": [int(mw.group(1)), int(mw.group(2))],
            "line_bytes": [int(ml.group(1)), int(ml.group(2))] if ml else None}


def vboard_figures(mod, exe, runs, pc):
    """The shortest run's payload throughput in the line's byte times,
    against the ceiling; every run's beside it.  The board's clock runs
    freely, so a host program that is slow to answer (other work on the
    machine) leaves the line idle for more cycles: that only adds cycles,
    so the shortest run is the one least disturbed."""
    with open(os.path.join(mod, "manifest.json")) as f:
        m = json.load(f)
    img = m["images"][VBOARD]
    div = int(img["uart_div"])
    run = min(runs, key=lambda r: r["cycles"])
    cycles, secs = run["cycles"], run["host_wall_s"]
    byte_times = cycles / (10 * div)
    wb = {p["dir"]: p["width"] // 8 for p in m["pipes"] if p.get("kind") == "host"}
    res = {"module": rel(mod), "program": rel(exe), "mib": VBOARD_MIB, "uart_div": div,
           "uart_baud": img.get("uart_baud"), "clock_mhz": img.get("clock_mhz"),
           "cycles": cycles, "byte_times": byte_times, "host_wall_s": secs,
           "mcycles_per_s": cycles / secs / 1e6,
           "runs_cycles": [r["cycles"] for r in runs], "vboard_says": run["vboard_says"]}
    for i, d in enumerate(("h2d", "d2h")):
        p, lb, c = ceiling(wb[d], pc)
        payload = run["words"][i] * wb[d]
        line = run["line_bytes"][i] if run["line_bytes"] else None
        res[d] = {"payload_bytes": payload, "line_bytes": line,
                  "line_share": line / byte_times if line else None,
                  "payload_per_byte_time": payload / byte_times,
                  "ceiling": c, "ceiling_frame": [p, lb],
                  "of_ceiling": payload / byte_times / c,
                  "of_ceiling_runs": [r["words"][i] * wb[d] / (r["cycles"] / (10 * div)) / c
                                      for r in runs]}
    return res


# ---- the virtual board: where the line's byte times go ------------------------

def tap_program(work):
    exe = os.path.join(work, "vboard_tap")
    src = os.path.join(ROOT, "scripts", "vboard_tap.c")
    api = os.path.join(ROOT, "sim", "sim_api.c")
    if not os.path.exists(exe) or os.path.getmtime(exe) < max(os.path.getmtime(src),
                                                              os.path.getmtime(api)):
        r = util.run(["cc", "-std=gnu11", "-O2", "-Wall", "-Wextra", "-Werror",
                      "-I" + os.path.join(ROOT, "sim"), src,
                      api, "-o", exe, "-ldl"],
                     timeout=120, cwd=ROOT)
        if r.returncode:
            raise RuntimeError("scripts/vboard_tap.c does not compile:\n" + r.stderr.strip())
    return exe


def read_tap(path, bt):
    """The tap's log as two lists of (start cycle, byte), one a direction,
    the cycle each byte to the board was queued in (by start cycle), and
    the last cycle."""
    with open(path, "rb") as f:
        data = f.read()
    h2d, d2h, queued, free, end, i = [], [], {}, 0, 0, 0
    while i + 13 <= len(data):
        kind, cycle, n = chr(data[i]), int.from_bytes(data[i + 1:i + 9], "little"), \
            int.from_bytes(data[i + 9:i + 13], "little")
        b = data[i + 13:i + 13 + n]
        i += 13 + n
        if kind == "H":  # behind what is queued, back to back
            t = max(cycle, free)
            for x in b:
                h2d.append((t, x))
                queued[t] = cycle
                t += bt
            free = t
        elif kind == "D":  # received in the middle of the stop bit
            for j, x in enumerate(b):
                d2h.append((cycle - (len(b) - j) * bt, x))
        else:
            end = cycle
    return h2d, d2h, queued, end


def frames(stream, pc, bt):
    """The frames of a byte stream: (first byte's cycle, cycle after the
    closing FLAG, body without CRC, line bytes); and the line bytes of
    FLAGs that close nothing (opening FLAGs after a pause)."""
    out, cur, esc, start, nbytes, lone = [], bytearray(), False, None, 0, 0
    for t, x in stream:
        if x == pc["SL_FLAG"]:
            if cur:
                out.append((start, t + bt, bytes(cur[:-pc["SL_CRC_BYTES"]]), nbytes + 1))
            else:
                lone += 1
            cur, esc, start, nbytes = bytearray(), False, None, 0
            continue
        if start is None:
            start = t
        nbytes += 1
        if x == pc["SL_ESC"]:
            esc = True
            continue
        cur.append(x ^ 0x20 if esc else x)
        esc = False
    return out, lone


def idle_stretches(stream, bt):
    return [(t0 + bt, t1 - t0 - bt) for (t0, _), (t1, _) in zip(stream, stream[1:])
            if t1 - t0 > bt]


def _last(times, items, t):
    i = bisect.bisect_right(times, t) - 1
    return items[i] if i >= 0 else None


def _quantiles(v):
    v = sorted(v)
    return {"median": v[len(v) // 2], "p90": v[int(0.9 * (len(v) - 1))], "max": v[-1]} \
        if v else None


def line_breakdown(path, div, wb_h2d, pc):
    """Where the byte times of each direction go, from the tap's log."""
    bt = 10 * div
    h2d, d2h, queued, end = read_tap(path, bt)
    hf, hlone = frames(h2d, pc, bt)
    df, dlone = frames(d2h, pc, bt)
    is_seq = lambda b: 1 <= b[0] <= 0x0F
    dev_st = [(b1, body) for _, b1, body, _ in df if body[0] == 0x10]
    host_st = [(b1, body) for _, b1, body, _ in hf if body[0] == 0x10]
    dev_st_t, host_st_t = [t for t, _ in dev_st], [t for t, _ in host_st]
    # the device's limits, from its answer to the host's identity read
    # (CSR_RDATA of address 0: RXBUF is word 4, TXCFG word 5)
    rxbuf, slots, txframe = None, None, None
    for _, _, body, _ in df:
        if body[0] == 0x04 and body[2] == 0 and body[3] == 0 and len(body) >= 4 + 24:
            w = [int.from_bytes(body[4 + 4 * k:8 + 4 * k], "little") for k in range(6)]
            rxbuf, slots, txframe = w[4], w[5] & 0xFF, (w[5] >> 8) & 0xFFFF
            break
    if rxbuf is None:
        raise RuntimeError("the tap's log has no answer to the identity read")
    maxw = min(pc["SL_MAX_PAYLOAD"], rxbuf // 2 - pc["SL_SEQ_HDR"]) // wb_h2d

    def seq_frames(fr):
        return [(a, body) for a, _, body, _ in fr if is_seq(body)]
    hseq, dseq = seq_frames(hf), seq_frames(df)
    hseq_t, dseq_t = [a for a, _ in hseq], [a for a, _ in dseq]
    words_before, acc = [], 0
    for _, body in hseq:
        words_before.append(acc)
        if body[0] == 0x01:
            acc += (len(body) - pc["SL_SEQ_HDR"]) // wb_h2d

    def sent_seq(seqt, seqf, t):
        k = bisect.bisect_right(seqt, t)
        return k, (seqf[k - 1][1][1] + 1) % 256 if k else 0

    # to the board, as the host knew it: the device's last STATUS on the line
    h_idle = collections.Counter()
    for t, g in idle_stretches(h2d, bt):
        st = _last(dev_st_t, dev_st, t)
        if st is None:
            h_idle["connecting"] += g
            continue
        body = st[1]
        k, nxt = sent_seq(hseq_t, hseq, t)
        unacked = (nxt - body[2]) % 256
        inflight = sum(len(hseq[j][1]) for j in range(max(0, k - unacked), k))
        limit = body[8] | body[9] << 8
        credit = (limit - (words_before[k] if k < len(words_before) else acc)) % 65536
        credit = 0 if credit >= 32768 else credit
        if credit == 0:
            h_idle["no credit"] += g
        elif unacked and rxbuf - inflight < pc["SL_SEQ_HDR"] + wb_h2d * min(maxw, credit):
            h_idle["receive buffer"] += g
        else:
            h_idle["host"] += g
    # from the board, as the device knew it: the host's last STATUS
    d_idle = collections.Counter()
    for t, g in idle_stretches(d2h, bt):
        st = _last(host_st_t, host_st, t)
        if st is None:
            d_idle["connecting"] += g
            continue
        _, nxt = sent_seq(dseq_t, dseq, t)
        d_idle["window" if (nxt - st[1][2]) % 256 >= slots else "nothing to send"] += g

    def use(fr, lone, stream, idle):
        kinds = collections.Counter()
        payload = 0
        for _, _, body, n in fr:
            k = {0x01: "DATA", 0x10: "STATUS"}.get(body[0], "other frames")
            kinds[k] += n
            if body[0] == 0x01:
                payload += len(body) - pc["SL_SEQ_HDR"]
        kinds["other frames"] += lone
        span = (stream[0][0], stream[-1][0] + bt) if stream else (0, 0)
        out = {"line_bytes": len(stream), "payload_bytes": payload,
               "bytes": dict(kinds),
               "idle_cycles": dict(idle),
               "before_and_after_cycles": span[0] + end - span[1],
               "frames": dict(collections.Counter(
                   {0x01: "DATA", 0x10: "STATUS"}.get(b[0], "other") for _, _, b, _ in fr))}
        return out

    res = {"cycles": end, "byte_times": end / bt, "device_rxbuf": rxbuf,
           "device_tx_slots": slots, "device_tx_frame": txframe,
           "h2d": use(hf, hlone, h2d, h_idle), "d2h": use(df, dlone, d2h, d_idle)}
    # DATA frame sizes, and what the device's STATUS frames carried new
    for d, fr in (("h2d", hf), ("d2h", df)):
        sizes = [len(b) - pc["SL_SEQ_HDR"] for _, _, b, _ in fr if b[0] == 0x01]
        res[d]["data_payload_mean"] = statistics.mean(sizes) if sizes else None
        res[d]["data_payload_max"] = max(sizes) if sizes else None
    for d, sts in (("d2h", dev_st), ("h2d", host_st)):
        res[d]["status_flags"] = {"POLL": sum(1 for _, b in sts if b[1] & pc["SL_SF_POLL"]),
                                  "NAK": sum(1 for _, b in sts if b[1] & pc["SL_SF_NAK"])}
        why = collections.Counter()
        for (_, a), (_, b) in zip(sts, sts[1:]):
            acked, cred = a[2] != b[2], a[8:] != b[8:]
            why["ACK and credit" if acked and cred else "ACK" if acked else
                "credit only" if cred else "nothing new"] += 1
        res[d]["status_news"] = dict(why)
    # how long a frame from the board waits for its ACK (end of the frame
    # to the end of the host STATUS that acknowledges it), and how long
    # the host's STATUS frames wait in the queue toward the line
    ends, lap, prev = {}, 0, None
    for a, b1, body, _ in df:
        if is_seq(body):
            s = body[1]
            if prev is not None and s < prev and prev - s > 128:
                lap += 256
            prev = s
            ends.setdefault(lap + s, b1)
    delays, acked, lap = [], 0, 0
    for t, body in host_st:
        while lap + body[2] < acked - 128:
            lap += 256
        for s in range(acked, lap + body[2]):
            if s in ends:
                delays.append(t - ends[s])
        acked = max(acked, lap + body[2])
    res["d2h"]["ack_delay_cycles"] = _quantiles(delays)
    res["h2d"]["status_queue_cycles"] = _quantiles(
        [a - queued[a] for a, _, body, _ in hf if body[0] == 0x10])
    res["d2h"]["window_cycles"] = slots * frame_line_bytes(txframe - pc["SL_SEQ_HDR"], pc) * bt
    return res


def tap_once(mod, exe, host, tty, log, div):
    """One run of the host program on the tap; the log's last cycle."""
    so = os.path.join(mod, "vboard", "libsluice_vboard.so")
    h, _, err, secs = with_board([exe, so, tty, log], tty, [host, mod, str(VBOARD_MIB)], VBOARD)
    if h.returncode or not HOST_WORDS.search(h.stdout):
        raise RuntimeError(f"the host program on the tap: exit {h.returncode}:\n" +
                           (h.stderr + h.stdout).strip()[-800:] + "\n" + err.strip()[-800:])
    return {"cycles": read_tap(log, 10 * div)[3], "log": log, "host_wall_s": secs}


def tap_figures(mod, vb, runs, pc):
    """Where the byte times of the shortest run on the tap go."""
    with open(os.path.join(mod, "manifest.json")) as f:
        m = json.load(f)
    wb = {p["dir"]: p["width"] // 8 for p in m["pipes"] if p.get("kind") == "host"}
    best = min(runs, key=lambda r: r["cycles"])
    res = line_breakdown(best["log"], vb["uart_div"], wb["h2d"], pc)
    res["host_wall_s"] = best["host_wall_s"]
    res["log"] = rel(best["log"])
    res["runs_cycles"] = [r["cycles"] for r in runs]
    # the largest DATA frame the device sends, against the ceiling
    p, lb, c = ceiling(wb["d2h"], pc, res["device_tx_frame"] - pc["SL_SEQ_HDR"])
    res["d2h"]["largest_frame"] = {"payload": p, "line_bytes": lb, "payload_per_line_byte": c,
                                   "of_ceiling": c / vb["d2h"]["ceiling"]}
    return res


def pct(x, total):
    return f"{100.0 * x / total:.1f} %"


def md_vboard(vb, tap):
    """The virtual board's table (and the breakdown) in Markdown."""
    h, d = vb["h2d"], vb["d2h"]
    p, lb, c = h["ceiling_frame"][0], h["ceiling_frame"][1], h["ceiling"]
    lines = [
        f"examples/{VBOARD_EXAMPLE} on `sluice vboard` ({VBOARD}, {vb['uart_baud']} baud, "
        f"{vb['uart_div']} cycles a bit at {vb['clock_mhz']:g} MHz): {vb['mib']} MiB each way in "
        f"{vb['cycles']:,} cycles (the shortest of {len(vb['runs_cycles'])} runs), "
        f"{vb['byte_times']:,.0f} byte times of the line "
        f"(the simulator at {vb['mcycles_per_s']:.1f} M cycles/s); the ceiling: "
        f"{p} payload bytes in {lb:.2f} line bytes, {100 * c:.1f} %.",
        "",
        "| | to the board | from the board |",
        "| --- | --- | --- |",
        f"| payload | {h['payload_bytes']:,} bytes | {d['payload_bytes']:,} bytes |"]
    if h.get("line_bytes"):
        lines.append(f"| line bytes (share of the byte times) | {h['line_bytes']:,} "
                     f"({100 * h['line_share']:.1f} %) | {d['line_bytes']:,} "
                     f"({100 * d['line_share']:.1f} %) |")
    lines += [f"| payload per byte time | {100 * h['payload_per_byte_time']:.1f} % | "
              f"{100 * d['payload_per_byte_time']:.1f} % |",
              f"| share of the ceiling ({100 * c:.1f} %) | **{100 * h['of_ceiling']:.1f} %** | "
              f"**{100 * d['of_ceiling']:.1f} %** |"]
    if len(vb["runs_cycles"]) > 1:
        lines.append(f"| the same, each of the {len(vb['runs_cycles'])} runs | "
                     + " | ".join(", ".join(f"{100 * x:.1f}" for x in sorted(v["of_ceiling_runs"],
                                                                          reverse=True))
                                  for v in (h, d)) + " |")
    if tap:
        bt = 10 * vb["uart_div"]
        tot = tap["byte_times"]
        lf = tap["d2h"]["largest_frame"]
        lines += ["", f"Where the byte times go (the same on scripts/vboard_tap.c, the "
                  f"shortest of {len(tap['runs_cycles'])} runs, each after one of those above: "
                  f"{tap['cycles']:,} cycles, {tot:,.0f} byte times; the device's receive "
                  f"buffer {tap['device_rxbuf']} bytes, its send window "
                  f"{tap['device_tx_slots']} frames of {tap['device_tx_frame']} bytes, its "
                  f"largest DATA frame {lf['payload']} bytes of payload in "
                  f"{lf['line_bytes']:.2f} line bytes, {100 * lf['payload_per_line_byte']:.1f} %,"
                  f" {100 * lf['of_ceiling']:.1f} % of the ceiling):", "",
                  "| share of the byte times | to the board | from the board |",
                  "| --- | --- | --- |"]
        a, b = tap["h2d"], tap["d2h"]

        def row(label, x, y):
            lines.append(f"| {label} | {x} | {y} |")
        row("DATA frames (their payload)",
            f"{pct(a['bytes'].get('DATA', 0), tot)} ({pct(a['payload_bytes'], tot)})",
            f"{pct(b['bytes'].get('DATA', 0), tot)} ({pct(b['payload_bytes'], tot)})")
        row("mean payload of a DATA frame", f"{a['data_payload_mean']:.1f} bytes",
            f"{b['data_payload_mean']:.1f} bytes")
        row("STATUS frames", pct(a["bytes"].get("STATUS", 0), tot),
            pct(b["bytes"].get("STATUS", 0), tot))
        row("other frames (connection, registers) and opening FLAGs",
            pct(a["bytes"].get("other frames", 0), tot),
            pct(b["bytes"].get("other frames", 0), tot))
        labels = [("window", "idle: send window full, waiting for an ACK"),
                  ("receive buffer", "idle: the device's receive buffer full of "
                   "unacknowledged frames"),
                  ("no credit", "idle: no credit (the pipe's FIFO full)"),
                  ("host", "idle: credit and room, the host sent nothing yet"),
                  ("nothing to send", "idle: nothing to send"),
                  ("connecting", "idle: connecting")]
        for k, label in labels:
            x, y = a["idle_cycles"].get(k, 0), b["idle_cycles"].get(k, 0)
            if x or y:
                row(label, pct(x / bt, tot) if x else "", pct(y / bt, tot) if y else "")
        row("idle before the first byte and after the last",
            pct(a["before_and_after_cycles"] / bt, tot),
            pct(b["before_and_after_cycles"] / bt, tot))
    return "\n".join(lines) + "\n"


def print_vboard(vb, tap):
    h, d = vb["h2d"], vb["d2h"]
    say(f"virtual board: {vb['cycles']} cycles, {vb['byte_times']:.0f} byte times; payload per "
        f"byte time {100 * h['payload_per_byte_time']:.1f} % to the board, "
        f"{100 * d['payload_per_byte_time']:.1f} % from it; the ceiling {100 * h['ceiling']:.2f} %"
        f" ({h['ceiling_frame'][0]} bytes in {h['ceiling_frame'][1]:.3f}); so "
        f"{100 * h['of_ceiling']:.1f} % and {100 * d['of_ceiling']:.1f} % of it (target 90 %: "
        + ("met" if min(h["of_ceiling"], d["of_ceiling"]) >= 0.9 else "not met") + ")")
    if tap:
        b = tap["d2h"]
        q = b["ack_delay_cycles"]
        say(f"virtual board: device STATUS frames, what each carried new: {b['status_news']}, "
            f"flags {b['status_flags']}; host STATUS frames: {tap['h2d']['status_news']}, "
            f"flags {tap['h2d']['status_flags']}")
        w = tap["h2d"]["status_queue_cycles"]
        if q and w:
            say(f"virtual board: a frame from the board waits for its ACK {q['median']} cycles "
                f"(median; 90 % {q['p90']}, most {q['max']}); the send window holds "
                f"{b['window_cycles']:.0f} cycles of frames; the host's STATUS frames wait "
                f"{w['median']} cycles (median; 90 % {w['p90']}) behind the bytes queued toward "
                "the board")


# ---- all of it ------------------------------------------------------------------

def manifest(mod):
    try:
        with open(os.path.join(mod, "manifest.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def run(args, update_results):
    """--vboard (or --boards with the iCEBreaker): the throughput, the
    breakdown, the table.  Returns the exit status."""
    rc = 0
    out = None
    try:
        pc = proto_constants()
        mod = os.path.join(WORK, VBOARD, VBOARD_EXAMPLE + ".sluice")
        if VBOARD not in manifest(mod).get("images", {}):
            rec = bench_boards.build(os.path.join(ROOT, "examples", VBOARD_EXAMPLE,
                                                  VBOARD_EXAMPLE + ".c"), VBOARD,
                                     args.tool_timeout * 3)
            if rec["status"] != "ok":
                raise RuntimeError(f"examples/{VBOARD_EXAMPLE} for {VBOARD}: {rec['status']}"
                                   + (": " + rec["error"] if rec.get("error") else ""))
        work = os.path.join(WORK, "vboard")
        os.makedirs(work, exist_ok=True)
        host = host_program(mod, work, VBOARD_EXAMPLE)
        tap_exe = tap_program(work)
        div = manifest(mod)["images"][VBOARD]["uart_div"]
        reps = max(1, args.reps)
        # the two alternate, so that both see the machine as it is
        runs, taps = [], []
        for i in range(reps):
            say(f"virtual board: {rel(host)} {rel(mod)} {VBOARD_MIB} through `sluice vboard`, "
                f"then through scripts/vboard_tap.c, run {i + 1} of {reps}" +
                (" (verilating the board design the first time)" if not i else ""))
            runs.append(vboard_once(mod, host, os.path.join(work, "vboard.tty")))
            taps.append(tap_once(mod, tap_exe, host, os.path.join(work, "tap.tty"),
                                 os.path.join(work, f"tap{i}.log"), div))
        vb = vboard_figures(mod, host, runs, pc)
        tap = tap_figures(mod, vb, taps, pc)
        out = {"run": vb, "tap": tap, "runs": runs}
        print_vboard(vb, tap)
        table = md_vboard(vb, tap)
        print("\n" + table)
        update_results("host-pipes-vboard", table)
    except (RuntimeError, OSError, KeyError) as e:
        say(f"virtual board: {e}")
        rc = 1
    os.makedirs(os.path.dirname(JSON_OUT), exist_ok=True)
    with open(JSON_OUT, "w") as f:
        json.dump(out, f, indent=1)
    say(f"virtual board: JSON in {rel(JSON_OUT)}")
    return rc
