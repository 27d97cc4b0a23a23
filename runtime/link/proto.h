/*
 * sluice host-link protocol, version 1.0: the specification, and the
 * host-side encoder, decoder and link state machine (proto.c).
 *
 * The bridge RTL (rtl/sluice_host_bridge.v and its submodules) implements
 * the device side of exactly this text; when the two disagree, this text
 * is right and the other is a bug.
 *
 * ======================================================================
 * 1. Model
 * ======================================================================
 *
 * Host and device are joined by two byte streams, one each way, that may
 * lose, corrupt or insert bytes (a UART) or may be perfect (the simulator,
 * FTDI FIFO, USB bulk, PCIe DMA).  Over them travel:
 *
 *   - host pipe words: H2D pipes (host writes, a kernel reads) and D2H
 *     pipes (a kernel writes, the host reads), each with its own word size;
 *   - control-register (CSR) reads and writes: device information, kernel
 *     start/status, kernel arguments, specialization constants.
 *
 * The guarantees: every pipe word and every CSR write is delivered exactly
 * once, in order, uncorrupted, or the link stops making progress (it never
 * delivers a wrong word); a full device FIFO back-pressures the host and a
 * full host buffer back-pressures the device, through credits, so nothing
 * is ever dropped for lack of room; the host needs to know nothing of FIFO
 * states beyond credits.
 *
 * The layers, bottom up: framing (section 2), frames (3), reliable
 * delivery (4), credits (5), connection (6), control registers (7).
 * Multi-byte fields are little-endian everywhere.
 *
 * ======================================================================
 * 2. Framing
 * ======================================================================
 *
 * A frame on the wire is
 *
 *     FLAG  stuff(BODY || CRC)  FLAG
 *
 *   FLAG = 0x7E.  ESC = 0x7D.  stuff() sends a byte equal to FLAG or ESC
 *   as the two bytes ESC, (byte ^ 0x20), and every other byte as itself
 *   (HDLC/PPP asynchronous framing).  A FLAG on the wire therefore always
 *   delimits a frame, and a receiver resynchronizes on the next FLAG after
 *   any damage: a corrupted or lost byte costs at most the frames it
 *   touches.  Random data grows by 2/256 (0.8 %).
 *
 *   CRC is CRC-32C (Castagnoli: polynomial 0x1EDC6F41, reflected 0x82F63B78,
 *   initial value 0xFFFFFFFF, result inverted; check value of "123456789"
 *   is 0xE3069283) of BODY, sent least significant byte first.
 *
 *   Why CRC-32C and not CRC-16/CCITT: a corrupted frame must never be
 *   delivered.  CRC-16 lets one corrupted frame in 65536 through, which a
 *   noisy UART at 1e-4 byte errors and 1 MB/s reaches within hours (and the
 *   stress test, which corrupts thousands of frames, within one run);
 *   CRC-32C lets one in 4e9 through, and at the lengths used here (at most
 *   263 body bytes, 2100 bits) it has Hamming distance 6: every frame with
 *   up to 5 flipped bits is caught, as is every burst of up to 32 bits.
 *   It costs 2 bytes more per frame and about 100 LUTs per direction.
 *
 *   The sender may omit the opening FLAG of a frame that follows the
 *   closing FLAG of the previous frame with no pause (back to back); after
 *   a pause it sends it.  A receiver treats every FLAG as "end of the
 *   current frame, if any; start of a new one".  Between two FLAGs, a
 *   receiver accepts the bytes as a frame only if: no ESC is followed by a
 *   FLAG (that is an abort), there are at least 1 + 4 bytes after
 *   unstuffing, and the CRC of all but the last 4 equals the last 4.
 *   Anything else is dropped silently (an empty frame, FLAG FLAG, is
 *   idle fill and not an error).
 *
 * ======================================================================
 * 2b. Plain framing, on lossless links of W-byte beats
 * ======================================================================
 *
 * A transport that never loses, corrupts or inserts a byte (the
 * simulator, a USB FIFO, a PCIe DMA stream) may move W bytes a cycle,
 * W a power of two from 4 to 128: the link's width.  Byte stuffing and a
 * CRC would cost the device a byte a cycle; on such a link frames go
 * without them, whole beats each, so that the device takes a frame's
 * payload a beat at a time as it comes in:
 *
 *     HDR  BODY[4..]  PAD
 *
 *   HDR is H = max(8, W) bytes: the body's first 4 bytes (zeros for a
 *   shorter body), its length in bytes (2 bytes, 1 to SL_MAX_BODY), and
 *   zeros.  BODY[4..] (the payload of a sequenced frame, the rest of a
 *   STATUS) follows at byte H, then zeros to a whole number of beats.
 *   A pipe word of up to W bytes whose size divides W never straddles
 *   two beats.
 *
 * The frames, their order and everything above framing (sections 3 to 7)
 * are those of the byte framing; frames are never damaged, so none is
 * dropped and nothing is retransmitted, but the receiver still checks
 * each frame's length against its type.  A header whose length is out of
 * range, or whose reserved bytes are not zero, means the two sides do not
 * agree on the framing (a byte-framed peer, another W): the receiver
 * takes no frame after it until the link is reset (the host: its next
 * connection; the device: its reset).  A LINK_RESET does not realign the
 * stream: it goes on whole, and a frame under way when the host
 * reconnects is finished, so each side keeps its place in it.  Only the
 * transport can realign it: where it can tell that the host has gone, the
 * device drops the frames under way each way (the bridge's link_down) and
 * the host discards what the transport held, so that both start again at
 * a frame's first byte.  An FTDI FIFO does (its clock stops while a host
 * opens the chip: rtl/sluice_ft245_phy.v, runtime/device/usb.c); a PCIe
 * DMA stream does not yet, and there a host killed in the middle of a
 * frame leaves the stream out of step until the FPGA is reset.  Both sides
 * learn W from the transport (the host from its device, the device from
 * its build); there is no negotiation.
 *
 * ======================================================================
 * 3. Frames
 * ======================================================================
 *
 * BODY byte 0 is the frame type.  Types 0x01..0x0F are sequenced (section
 * 4) and have the header
 *
 *     0 TYPE   1 SEQ   2..3 ARG   4.. PAYLOAD (0 to 255 bytes)
 *
 *   DATA      0x01  both ways.  ARG = pipe id (the index of the pipe among
 *                   the H2D pipes for host->device frames, among the D2H
 *                   pipes for device->host frames).  PAYLOAD = 1 or more
 *                   whole words of that pipe, word 0 first, each word the
 *                   C value's bytes in host memory order.
 *   CSR_WR    0x02  host->device.  ARG = CSR word address A.  PAYLOAD =
 *                   4*k bytes (k >= 1): 32-bit values written to A, A+1,
 *                   ... A+k-1, in that order.
 *   CSR_RD    0x03  host->device.  ARG = A.  PAYLOAD = 1 byte k,
 *                   1 <= k <= SL_CSR_RD_MAX.  The device answers with one
 *                   CSR_RDATA frame.
 *   CSR_RDATA 0x04  device->host.  ARG = A.  PAYLOAD = 4*k bytes: the
 *                   values of A .. A+k-1, read after every earlier
 *                   host->device frame has taken effect.
 *
 * Types 0x10 and up are unsequenced (they are never retransmitted; losing
 * one is harmless because every field is absolute, not a delta):
 *
 *   STATUS    0x10  both ways, SL_STATUS_HDR + 2*n bytes:
 *                     0 TYPE  1 FLAGS  2 ACK  3 EXP  4 NEXT  5 EVENTS
 *                     6 SESSION  7 reserved (0)
 *                     8.. n 16-bit credit limits (section 5), one per
 *                         pipe that the sender of the STATUS receives:
 *                         the device lists its H2D pipes, the host its
 *                         D2H pipes, in pipe-id order.
 *                   FLAGS bit 0 NAK: "resend from EXP"; bit 1 POLL:
 *                   "answer with a STATUS now".  ACK, EXP, NEXT: section 4.
 *                   EVENTS (device only, 0 from the host): the number of
 *                   kernel completions so far, mod 256, so that a host
 *                   waiting for a kernel learns of it without polling.
 *                   SESSION: section 6.
 *   LINK_RESET 0x11 host->device, 2 bytes: 0 TYPE  1 SESSION.
 *
 * A frame whose length does not fit its type, or of unknown type, is
 * dropped as if corrupted.
 *
 * ======================================================================
 * 4. Reliable delivery: go-back-N with 8-bit sequence numbers
 * ======================================================================
 *
 * Each direction numbers its sequenced frames 0, 1, 2, ... mod 256.  A
 * sender keeps every frame until it is acknowledged; at most SL_WINDOW
 * (64) frames are unacknowledged at once, so sequence comparisons are
 * unambiguous: "a is ahead of b" means (uint8_t)(a - b) in 1..127.
 *
 * Receiver state: EXP, the next sequence number it will accept, and ACK,
 * the number of frames it has finished with (ACK <= EXP; the device
 * finishes a frame when it has taken it out of its receive buffer, every
 * word handed on toward the FIFO and the CSR access done, and only then is
 * the frame's buffer space free; the host finishes a frame as soon as it
 * accepts it, so its ACK = EXP).
 * A received sequenced frame whose SEQ
 *
 *   == EXP          is accepted: EXP += 1, and its effect happens in order;
 *   is ahead of EXP is dropped, and the receiver sends a STATUS with NAK,
 *                   once per value of EXP (a gap has been seen), and again
 *                   if SEQ is not ahead of the previous dropped SEQ (the
 *                   sender went back, and what it resent was lost too);
 *   otherwise       is a duplicate: dropped, and the receiver sends a
 *                   STATUS, so that the sender learns ACK again.
 *
 * Sender state: BASE (oldest unacknowledged), SEND (next to transmit) and
 * TOP (next to be assigned).  Frames BASE .. SEND-1 have been transmitted.
 * On a STATUS from the peer:
 *
 *   ACK    frames before ACK are acknowledged (ignored unless BASE <= ACK
 *          <= TOP): BASE = ACK, and SEND = max(SEND, ACK);
 *   NAK    SEND = EXP (if BASE <= EXP <= TOP): transmission goes back to
 *          the first frame the peer did not accept, and every later frame
 *          is sent again;
 *   NEXT   the peer's SEND when it built this STATUS: every frame before
 *          NEXT was put on the wire before this STATUS.  The byte stream
 *          keeps order, so if NEXT is ahead of our EXP, frames were lost:
 *          we answer with a NAK (once per EXP, or always if POLL is set).
 *   POLL   answer with a STATUS.
 *
 * Timeouts (the only timers; the device counts clock cycles, the host any
 * unit its transport likes): a side that is waiting (it has frames
 * unacknowledged, or words to send and no credit, or, on the host, a CSR
 * read or the connection outstanding) and has seen no progress (ACK
 * advancing, credit growing, a frame accepted) for its timeout sends a
 * STATUS with POLL.  The answer carries the peer's ACK, EXP and credits,
 * and its NEXT check turns any loss at the tail into a NAK.  Nothing is
 * retransmitted blindly: a lost frame costs one NAK round trip when later
 * traffic follows it, one timeout when it was the last.
 *
 * A STATUS is also sent whenever a field in it has changed (ACK, EVENTS,
 * credits), rate-limited by the sender; see the RTL parameters.
 *
 * ======================================================================
 * 5. Credits
 * ======================================================================
 *
 * Flow control is per pipe and in words, with cumulative 16-bit counters,
 * so that a lost or repeated STATUS does no harm:
 *
 *   SENT   (kept by the writer of a pipe) words put into DATA frames, ever,
 *          mod 2^16, counting each word once however often its frame is
 *          retransmitted;
 *   LIMIT  (kept by the reader, sent in its STATUS frames) the value SENT
 *          may reach: words the reader has consumed + room it has.
 *
 * The writer may frame a word while (uint16_t)(LIMIT - SENT) is in
 * 1..32767 (a difference of 32768 or more means "no credit").  Both start
 * at 0 on connection, so a writer waits for the reader's first STATUS.
 *
 *   H2D: LIMIT = words pushed into the pipe's FIFO + DEPTH - words in the
 *        FIFO; DEPTH is the FIFO's capacity (clamped to 16384).  So the
 *        host never sends a word the FIFO cannot take, and a kernel that
 *        stops reading stops the host, not the link.
 *   D2H: LIMIT = words the host program has read + the host buffer size.
 *        The device takes a word from a D2H FIFO only with credit, so a
 *        host that stops reading stops the kernel (its FIFO fills), not the
 *        link, and CSR traffic goes on.
 *
 * A DATA frame for H2D pipe p carries at most (LIMIT - SENT) words.  The
 * host must also keep the bytes of its unacknowledged sequenced frames
 * (BODY lengths, sum over BASE..TOP-1) within the device's receive buffer
 * (CSR SL_CSR_RXBUF, at least SL_MIN_RXBUF): the device never stalls its
 * receive byte stream, and a frame that does not fit is dropped (and so
 * resent later).
 *
 * ======================================================================
 * 6. Connection
 * ======================================================================
 *
 * The host opens (or re-opens, after its own restart) the link with
 * LINK_RESET carrying a SESSION number it chooses (not 0, different from
 * the last).  The device then clears its link state (sequence numbers,
 * credit counters, receive buffer and unacknowledged frames; words inside
 * the link are lost, words inside the FIFOs are not; kernels and CSRs are
 * untouched), takes the new SESSION and answers with a STATUS.  The host
 * ignores every frame until a STATUS with its SESSION arrives, resends
 * LINK_RESET on timeout, and then sends its own STATUS (its D2H credits).
 * Every STATUS carries the SESSION.  After a device reset SESSION is 0.
 *
 * ======================================================================
 * 7. Control registers (CSR)
 * ======================================================================
 *
 * 32-bit registers at 16-bit word addresses.  Reading an unmapped address
 * gives 0; writing one, or a read-only register, does nothing.
 *
 *   0x0000  MAGIC      RO  SL_DEV_MAGIC, the bytes "SLCE"
 *   0x0001  VERSION    RO  protocol version: major << 8 | minor
 *   0x0002  COUNTS     RO  [7:0] H2D pipes, [15:8] D2H pipes,
 *                          [23:16] started kernels, [31:24] 0
 *   0x0003  CLOCK_HZ   RO  design clock frequency in Hz (0: unknown)
 *   0x0004  RXBUF      RO  device receive buffer in bytes (>= 256)
 *   0x0005  TXCFG      RO  [7:0] device send window in frames,
 *                          [23:8] bytes per device frame (header
 *                          included, >= 64)
 *   0x0006  WORDS      RO  [15:0] argument words, [31:16] spec words
 *   0x0007  DESIGN_ID  RO  identifies the design (the compiler's hash of
 *                          the module), to check a bitstream against a
 *                          module
 *   0x0008  SCRATCH    RW  no effect; for tests and link checks
 *   0x0009  RESET      WO  writing bit 0 = 1 resets the kernels and all
 *                          pipe FIFOs (core reset, 16 cycles); the link
 *                          and the CSRs are untouched
 *   0x0040+i  H2D_INFO(i)  RO  H2D pipe i: [15:0] width in bits,
 *                              [31:16] FIFO depth (saturated at 65535)
 *   0x0080+i  D2H_INFO(i)  RO  D2H pipe i, same layout
 *   0x0100+k  KCTRL(k) kernel k (started kernels, in module order):
 *             write: bit 0 = 1 requests a start; the request is held until
 *                    the kernel accepts it (K_start && !K_busy), so a
 *                    start written while the kernel runs is not lost
 *             read:  bit 0 busy (K_busy or K_done), bit 1 start
 *                    requested and not yet accepted, [31:16]
 *                    completions mod 65536
 *             A kernel is finished when it reads busy = 0, requested = 0.
 *   0x1000+j  ARG(j)   RW  argument word j.  Kernels in module order,
 *                          each kernel's parameters in order, each
 *                          parameter in ceil(width/32) words, least
 *                          significant word first.  Sampled by the kernel
 *                          when it accepts a start.
 *   0x2000+j  SPEC(j)  RW  specialization-constant word j, packed like
 *                          the arguments; reset to the module's values.
 *
 * Pipe ids: H2D pipe i and D2H pipe i are the ARG of DATA frames, the
 * index of the pipe's credit in STATUS frames, and the i of H2D_INFO(i) /
 * D2H_INFO(i); they follow the order of host pipes of each direction in
 * the module manifest.
 *
 * ======================================================================
 * 8. The host side in this file
 * ======================================================================
 *
 * Pure C, no I/O, no printing, no global state; a transport (sim, uart,
 * usb, pcie) drives it:
 *
 *     sl_link_create(&l, &cfg);  sl_link_connect(l, session, now);
 *     loop:
 *         n = sl_link_tx(l, buf, sizeof buf, now);   -> put n bytes on the link
 *         sl_link_rx(l, bytes, got, now);            <- bytes from the link
 *         sl_link_h2d_write / sl_link_d2h_read / sl_link_csr_* as needed
 *
 * "now" is any monotonic clock (cycles for the simulator, milliseconds for
 * a UART); cfg.timeout and cfg.status_gap are in the same unit.  Functions
 * return SL_OK or a negative SL_E_* code; not thread-safe (one lock per
 * link in the caller).
 *
 * Host policy (not protocol): words written to a pipe join the last DATA
 * frame of that pipe while it has not been sent; DATA payloads start at 64
 * bytes, grow by 8 per acknowledged frame up to 255 (and half the device
 * buffer), and halve on every NAK or timeout, because a frame keeps its
 * size when resent and long frames rarely cross a noisy link; a write is
 * not cut into a short frame for lack of device buffer while earlier
 * frames are in flight.  A STATUS goes out at once for a NAK or a POLL,
 * when half the device's send window is unacknowledged, or when the device
 * has less than half our buffer of credit left; otherwise at most every
 * cfg.status_gap.  A host that resets the kernels and FIFOs as it connects
 * (CSR RESET) offers no D2H credit until the reset has been done, so that
 * no word a kernel wrote before it, for an earlier host, comes in.
 */
#ifndef SLUICE_LINK_PROTO_H
#define SLUICE_LINK_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- wire constants ---------------------------------------------------- */

#define SL_PROTO_MAJOR 1
#define SL_PROTO_MINOR 0
#define SL_PROTO_VERSION ((SL_PROTO_MAJOR << 8) | SL_PROTO_MINOR)

#define SL_FLAG 0x7E
#define SL_ESC 0x7D
#define SL_ESC_XOR 0x20
#define SL_CRC_BYTES 4

enum sl_frame_type {
    SL_T_DATA = 0x01,
    SL_T_CSR_WR = 0x02,
    SL_T_CSR_RD = 0x03,
    SL_T_CSR_RDATA = 0x04,
    SL_T_STATUS = 0x10,
    SL_T_LINK_RESET = 0x11,
};

#define SL_SEQ_HDR 4        /* TYPE SEQ ARG_LO ARG_HI */
#define SL_STATUS_HDR 8     /* TYPE FLAGS ACK EXP NEXT EVENTS SESSION 0 */
#define SL_RESET_LEN 2      /* TYPE SESSION */
#define SL_MAX_PAYLOAD 255  /* bytes of payload in a sequenced frame */
#define SL_MAX_BODY (SL_SEQ_HDR + SL_MAX_PAYLOAD)
#define SL_MAX_PIPES 64     /* per direction */
#define SL_WINDOW 64        /* unacknowledged sequenced frames, each way */
#define SL_CSR_RD_MAX 15    /* words in one CSR_RD (fits a 64-byte frame) */

/* STATUS FLAGS */
#define SL_SF_NAK 0x01
#define SL_SF_POLL 0x02

/* what every device provides at least */
#define SL_MIN_RXBUF 256
#define SL_MIN_TX_FRAME 64

#define SL_CREDIT_CLAMP 16384

/* ---- control-register map (word addresses) ----------------------------- */

#define SL_DEV_MAGIC 0x45434C53u /* "SLCE" in memory order */

#define SL_CSR_MAGIC 0x0000
#define SL_CSR_VERSION 0x0001
#define SL_CSR_COUNTS 0x0002
#define SL_CSR_CLOCK_HZ 0x0003
#define SL_CSR_RXBUF 0x0004
#define SL_CSR_TXCFG 0x0005
#define SL_CSR_WORDS 0x0006
#define SL_CSR_DESIGN_ID 0x0007
#define SL_CSR_SCRATCH 0x0008
#define SL_CSR_RESET 0x0009
#define SL_CSR_INFO_WORDS 10 /* 0x0000..0x0009 */
#define SL_CSR_H2D_INFO(i) (0x0040 + (i))
#define SL_CSR_D2H_INFO(i) (0x0080 + (i))
#define SL_CSR_KCTRL(k) (0x0100 + (k))
#define SL_CSR_ARG(j) (0x1000 + (j))
#define SL_CSR_SPEC(j) (0x2000 + (j))

#define SL_KCTRL_START 0x1u        /* write */
#define SL_KCTRL_BUSY 0x1u         /* read */
#define SL_KCTRL_PENDING 0x2u      /* read */
#define SL_KCTRL_DONES(v) ((v) >> 16)

/* ---- status codes ------------------------------------------------------ */

enum {
    SL_OK = 0,
    SL_E_AGAIN = -1,   /* not yet: no credit, window full, no data, ...  */
    SL_E_INVAL = -2,   /* bad argument (pipe id, size, address, ...)      */
    SL_E_NOMEM = -3,
    SL_E_NOSPACE = -4, /* output buffer too small                         */
    SL_E_STATE = -5,   /* not connected, or call out of place             */
};

/* ---- CRC and framing (stateless) --------------------------------------- */

/* CRC-32C of n bytes; pass crc = 0 to start, the result to continue. */
uint32_t sl_crc32c(uint32_t crc, const void *data, size_t n);

/* The wire bytes of one frame: [FLAG] stuff(body || CRC) FLAG, with the
 * opening FLAG only if open_flag.  Writes at most 2 * (n + 4) + 2 bytes
 * (SL_WIRE_MAX(n)) into out.  Returns the number of bytes, or SL_E_NOSPACE
 * if cap is too small (out is then unspecified). */
#define SL_WIRE_MAX(n) (2 * ((n) + SL_CRC_BYTES) + 2)
int sl_frame_encode(const uint8_t *body, size_t n, bool open_flag, uint8_t *out, size_t cap);

/* Receive side of the framing: feed bytes one at a time; a frame whose
 * CRC checks comes out whole.  Frames longer than SL_DEFRAME_MAX body
 * bytes are dropped. */
#define SL_DEFRAME_MAX SL_MAX_BODY /* >= SL_STATUS_HDR + 2 * SL_MAX_PIPES */
struct sl_deframer {
    uint8_t buf[SL_DEFRAME_MAX + SL_CRC_BYTES];
    size_t n;        /* bytes collected since the last FLAG */
    bool esc;        /* the previous byte was ESC */
    bool bad;        /* abort or overflow seen in this frame */
    uint32_t good, dropped; /* statistics: frames accepted / rejected */
};
void sl_deframer_init(struct sl_deframer *d);
/* Returns the body length (>= 1) when byte completes a good frame, whose
 * body is then d->buf[0 .. len-1] until the next call; 0 otherwise. */
size_t sl_deframer_push(struct sl_deframer *d, uint8_t byte);

/* Plain framing (section 2b) on a link of `beat` bytes (a power of two,
 * SL_BEAT_MIN to SL_BEAT_MAX): the bytes of one frame of body n. */
#define SL_BEAT_MIN 4
#define SL_BEAT_MAX 128
#define SL_PLAIN_HDR 8
#define SL_PLAIN_SIZE(n, beat)                                                             \
    (((beat) > SL_PLAIN_HDR ? (beat) : SL_PLAIN_HDR) +                                     \
     ((n) > 4 ? ((n) - 4 + (beat) - 1) / (beat) * (beat) : 0))
/* True for a beat that plain framing allows. */
bool sl_beat_ok(unsigned beat);
/* Writes the frame of body[0..n) (1 <= n <= SL_MAX_BODY) into out: its
 * size, or SL_E_NOSPACE if cap is too small, SL_E_INVAL for a bad n or
 * beat. */
int sl_plain_encode(const uint8_t *body, size_t n, unsigned beat, uint8_t *out, size_t cap);

/* Receive side of plain framing: feed bytes one at a time; a frame comes
 * out whole.  After a header that breaks section 2b, `broken` is set and
 * nothing more comes out until the next init. */
struct sl_plain_deframer {
    uint8_t buf[SL_MAX_BODY];   /* the body of the frame being taken */
    uint8_t hdr[SL_PLAIN_HDR];
    unsigned beat, hsize;       /* W, H */
    size_t n;                   /* bytes of the frame so far */
    size_t len;                 /* its body length, once the header is in */
    bool broken;
    uint32_t good, dropped;
};
void sl_plain_deframer_init(struct sl_plain_deframer *d, unsigned beat);
/* Returns the body length when byte completes a frame, whose body is
 * then d->buf[0 .. len-1] until the next call; 0 otherwise. */
size_t sl_plain_deframer_push(struct sl_plain_deframer *d, uint8_t byte);
/* The same for up to n bytes at once, taken up to the end of the first
 * frame they complete: *used is how many were taken; returns that frame's
 * body length, or 0 when all n were taken and none completed. */
size_t sl_plain_deframer_feed(struct sl_plain_deframer *d, const uint8_t *bytes, size_t n,
                              size_t *used);

/* ---- the host side of the link ----------------------------------------- */

struct sl_link_config {
    unsigned n_h2d, n_d2h;            /* pipes per direction, <= SL_MAX_PIPES */
    const unsigned *h2d_word_bytes;   /* bytes per word, per pipe, 1..255     */
    const unsigned *d2h_word_bytes;
    const uint32_t *d2h_buffer_words; /* host buffer per D2H pipe (words);
                                         NULL or 0: 4096.  Clamped to 16384 */
    uint64_t timeout;                 /* POLL / LINK_RESET retry, in "now" units */
    uint64_t status_gap;              /* least time between unforced STATUSes */
    unsigned beat;                    /* 0: byte framing (section 2); else plain
                                         framing on beats of this many bytes (2b) */
    bool hold_d2h;                    /* give the device no D2H credit until
                                         sl_link_release_d2h */
};

struct sl_link_stats {
    uint64_t frames_sent, frames_resent, bytes_sent, bytes_received;
    uint64_t frames_received, frames_rejected; /* CRC/format failures   */
    uint64_t out_of_order, duplicates, naks_sent, naks_received, polls_sent;
    uint64_t statuses_sent, statuses_received;
};

struct sl_link;

/* Allocates a link for cfg (copied).  SL_E_INVAL for a bad config,
 * SL_E_NOMEM. */
int sl_link_create(struct sl_link **out, const struct sl_link_config *cfg);
void sl_link_destroy(struct sl_link *l);

/* Starts (or restarts) the connection: forgets all state, queues
 * LINK_RESET with session (1..255).  sl_link_connected() turns true when
 * the device answers. */
int sl_link_connect(struct sl_link *l, uint8_t session, uint64_t now);
bool sl_link_connected(const struct sl_link *l);

/* Device limits, from CSRs RXBUF and TXCFG once read (until then the
 * minimums SL_MIN_RXBUF, 2 frames and SL_MIN_TX_FRAME are assumed).
 * SL_E_INVAL if below the minimums. */
int sl_link_set_device_limits(struct sl_link *l, uint32_t rxbuf, uint32_t txcfg);

/* Feeds bytes received from the device. */
void sl_link_rx(struct sl_link *l, const uint8_t *bytes, size_t n, uint64_t now);

/* Bytes to put on the link now (STATUS first, then new or resent frames,
 * whole frames only: cap >= SL_WIRE_MAX(SL_MAX_BODY) is always enough).
 * Returns the number of bytes written to buf, 0 if nothing is to be sent. */
size_t sl_link_tx(struct sl_link *l, uint8_t *buf, size_t cap, uint64_t now);

/* Words pipe may take now (credit, window and device buffer allow). */
size_t sl_link_h2d_space(const struct sl_link *l, unsigned pipe);
/* Frames up to nwords words (nwords * word_bytes bytes at data) for
 * sending; *written (may be NULL) gets how many it took, all of them or
 * as many as sl_link_h2d_space allowed.  SL_E_AGAIN if it took none,
 * SL_E_INVAL for a bad pipe, SL_E_STATE if not connected. */
int sl_link_h2d_write(struct sl_link *l, unsigned pipe, const void *data, size_t nwords,
                      size_t *written);

/* Gives the device its D2H credit, held back since the link was created
 * with cfg.hold_d2h: until then every STATUS offers none, so that the
 * device takes no word out of its FIFOs (a host that resets the kernels
 * and FIFOs as it connects gets no word from before the reset). */
void sl_link_release_d2h(struct sl_link *l);

/* Words received from the device and not yet read. */
size_t sl_link_d2h_avail(const struct sl_link *l, unsigned pipe);
/* Reads up to nwords words (all that are available if fewer) into data;
 * *got (may be NULL) gets the number.  Reading returns credit to the
 * device.  SL_E_AGAIN if none were available, SL_E_INVAL for a bad pipe. */
int sl_link_d2h_read(struct sl_link *l, unsigned pipe, void *data, size_t nwords, size_t *got);

/* Queues a CSR write of n (1..SL_MAX_PAYLOAD/4) words at addr.  Takes
 * effect on the device in order with every other frame.  SL_E_AGAIN if
 * the window or the device buffer is full for now. */
int sl_link_csr_write(struct sl_link *l, uint16_t addr, const uint32_t *vals, unsigned n);
/* Queues a CSR read of n (1..SL_CSR_RD_MAX) words; *ticket identifies it
 * for sl_link_csr_result.  At most SL_WINDOW reads may be outstanding. */
int sl_link_csr_read(struct sl_link *l, uint16_t addr, unsigned n, uint32_t *ticket);
/* SL_OK and the n values once the answer to ticket has arrived (and the
 * ticket is then used up), SL_E_AGAIN before, SL_E_INVAL for an unknown
 * ticket.  Answers may be collected in any order. */
int sl_link_csr_result(struct sl_link *l, uint32_t ticket, uint32_t *vals);

/* Kernel completions reported by the device (STATUS EVENTS), mod 256. */
uint8_t sl_link_events(const struct sl_link *l);
/* True when nothing sent is unacknowledged and nothing waits to be sent. */
bool sl_link_idle(const struct sl_link *l);
void sl_link_get_stats(const struct sl_link *l, struct sl_link_stats *st);

#ifdef __cplusplus
}
#endif

#endif
