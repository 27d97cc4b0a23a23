// bench/sha256.c by hand: one round per clock.  A block's words are
// taken one per clock and shifted into the 16-word window of the message
// schedule, which then makes one word per clock; each clock also adds the
// next round's h, K[t] and W[t] into a register (h + K + W of round t is
// known a round ahead: h is the g before it), so that the round itself
// adds that, S1(e) and Ch(e, f, g) for T1 and T1 + S0(a) + Maj(a, b, c).
// Round t runs in the clock after word t is taken; the block ends with a
// clock that adds the working registers into the state and moves the
// state into an 8-word output register, which shifts it out while the next
// block goes on.  A block takes 66 clocks, a message one more for its
// block count.
module sluice_core (
    input  wire        clk,
    input  wire        rst,
    input  wire [31:0] in_tdata,
    input  wire        in_tvalid,
    output wire        in_tready,
    output wire [31:0] digest_tdata,
    output wire        digest_tvalid,
    input  wire        digest_tready
);
    function [31:0] rotr;
        input [31:0] x;
        input integer n;
        rotr = (x >> n) | (x << (32 - n));
    endfunction

    reg [31:0] H [0:7];                 // the state
    reg [31:0] a, b, c, d, e, f, g, h;  // the working variables
    reg [31:0] w [0:15];                // W[t-15] .. W[t] after word t
    reg [31:0] hkw;                     // h + K[t] + W[t] of the next round
    reg [31:0] ob [0:7];                // the state going out, H0 first
    reg [3:0] ocnt;                     // words left in ob
    reg [31:0] left;                    // blocks left in the message
    reg [6:0] s;                        // 0-15: take word s (and run round
                                        // s - 1); 16-64: round s - 1; 65: end
    reg head;                           // waiting for a block count
    reg [31:0] k;
    always @(*) begin
        case (s[5:0])
            6'd0: k = 32'h428a2f98; 6'd1: k = 32'h71374491; 6'd2: k = 32'hb5c0fbcf; 6'd3: k = 32'he9b5dba5;
            6'd4: k = 32'h3956c25b; 6'd5: k = 32'h59f111f1; 6'd6: k = 32'h923f82a4; 6'd7: k = 32'hab1c5ed5;
            6'd8: k = 32'hd807aa98; 6'd9: k = 32'h12835b01; 6'd10: k = 32'h243185be; 6'd11: k = 32'h550c7dc3;
            6'd12: k = 32'h72be5d74; 6'd13: k = 32'h80deb1fe; 6'd14: k = 32'h9bdc06a7; 6'd15: k = 32'hc19bf174;
            6'd16: k = 32'he49b69c1; 6'd17: k = 32'hefbe4786; 6'd18: k = 32'h0fc19dc6; 6'd19: k = 32'h240ca1cc;
            6'd20: k = 32'h2de92c6f; 6'd21: k = 32'h4a7484aa; 6'd22: k = 32'h5cb0a9dc; 6'd23: k = 32'h76f988da;
            6'd24: k = 32'h983e5152; 6'd25: k = 32'ha831c66d; 6'd26: k = 32'hb00327c8; 6'd27: k = 32'hbf597fc7;
            6'd28: k = 32'hc6e00bf3; 6'd29: k = 32'hd5a79147; 6'd30: k = 32'h06ca6351; 6'd31: k = 32'h14292967;
            6'd32: k = 32'h27b70a85; 6'd33: k = 32'h2e1b2138; 6'd34: k = 32'h4d2c6dfc; 6'd35: k = 32'h53380d13;
            6'd36: k = 32'h650a7354; 6'd37: k = 32'h766a0abb; 6'd38: k = 32'h81c2c92e; 6'd39: k = 32'h92722c85;
            6'd40: k = 32'ha2bfe8a1; 6'd41: k = 32'ha81a664b; 6'd42: k = 32'hc24b8b70; 6'd43: k = 32'hc76c51a3;
            6'd44: k = 32'hd192e819; 6'd45: k = 32'hd6990624; 6'd46: k = 32'hf40e3585; 6'd47: k = 32'h106aa070;
            6'd48: k = 32'h19a4c116; 6'd49: k = 32'h1e376c08; 6'd50: k = 32'h2748774c; 6'd51: k = 32'h34b0bcb5;
            6'd52: k = 32'h391c0cb3; 6'd53: k = 32'h4ed8aa4a; 6'd54: k = 32'h5b9cca4f; 6'd55: k = 32'h682e6ff3;
            6'd56: k = 32'h748f82ee; 6'd57: k = 32'h78a5636f; 6'd58: k = 32'h84c87814; 6'd59: k = 32'h8cc70208;
            6'd60: k = 32'h90befffa; 6'd61: k = 32'ha4506ceb; 6'd62: k = 32'hbef9a3f7; 6'd63: k = 32'hc67178f2;
        endcase
    end
    wire [31:0] s0 = rotr(w[1], 7) ^ rotr(w[1], 18) ^ (w[1] >> 3);
    wire [31:0] s1 = rotr(w[14], 17) ^ rotr(w[14], 19) ^ (w[14] >> 10);
    wire [31:0] wnext = s < 7'd16 ? in_tdata : (s1 + w[9]) + (s0 + w[0]);
    wire [31:0] S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    wire [31:0] S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
    wire [31:0] ch = (e & f) ^ (~e & g);
    wire [31:0] maj = (a & b) ^ (a & c) ^ (b & c);
    wire [31:0] t1 = hkw + S1 + ch;
    wire [31:0] t2 = S0 + maj;
    wire ofree = ocnt == 4'd0 || (ocnt == 4'd1 && digest_tready);
    wire words = !head && s < 7'd16;
    wire take = in_tvalid && in_tready;
    wire step = words ? take : !head && (s != 7'd65 || ofree);
    wire round = step && s != 7'd0 && s != 7'd65;
    wire fin = step && s == 7'd65;
    assign in_tready = head || s < 7'd16;
    assign digest_tdata = ob[0];
    assign digest_tvalid = ocnt != 4'd0;
    integer i;
    always @(posedge clk) begin
        if (step && s < 7'd64) begin
            for (i = 0; i < 15; i = i + 1)
                w[i] <= w[i + 1];
            w[15] <= wnext;
            hkw <= (s == 7'd0 ? h : g) + k + wnext;
        end
        if (round) begin
            h <= g; g <= f; f <= e; e <= d + t1;
            d <= c; c <= b; b <= a; a <= t1 + t2;
        end
        if (head && take) begin
            H[0] <= 32'h6a09e667; H[1] <= 32'hbb67ae85; H[2] <= 32'h3c6ef372; H[3] <= 32'ha54ff53a;
            H[4] <= 32'h510e527f; H[5] <= 32'h9b05688c; H[6] <= 32'h1f83d9ab; H[7] <= 32'h5be0cd19;
            a <= 32'h6a09e667; b <= 32'hbb67ae85; c <= 32'h3c6ef372; d <= 32'ha54ff53a;
            e <= 32'h510e527f; f <= 32'h9b05688c; g <= 32'h1f83d9ab; h <= 32'h5be0cd19;
            left <= in_tdata;
            head <= in_tdata == 32'd0;
            s <= 7'd0;
        end
        if (fin) begin
            H[0] <= H[0] + a; H[1] <= H[1] + b; H[2] <= H[2] + c; H[3] <= H[3] + d;
            H[4] <= H[4] + e; H[5] <= H[5] + f; H[6] <= H[6] + g; H[7] <= H[7] + h;
            a <= H[0] + a; b <= H[1] + b; c <= H[2] + c; d <= H[3] + d;
            e <= H[4] + e; f <= H[5] + f; g <= H[6] + g; h <= H[7] + h;
            ob[0] <= H[0] + a; ob[1] <= H[1] + b; ob[2] <= H[2] + c; ob[3] <= H[3] + d;
            ob[4] <= H[4] + e; ob[5] <= H[5] + f; ob[6] <= H[6] + g; ob[7] <= H[7] + h;
            ocnt <= 4'd8;
            left <= left - 32'd1;
            head <= left == 32'd1;
            s <= 7'd0;
        end else begin
            if (digest_tvalid && digest_tready) begin
                for (i = 0; i < 7; i = i + 1)
                    ob[i] <= ob[i + 1];
                ocnt <= ocnt - 4'd1;
            end
            if (step && !head)
                s <= s + 7'd1;
        end
        if (rst) begin
            head <= 1'b1;
            s <= 7'd0;
            ocnt <= 4'd0;
        end
    end
endmodule
