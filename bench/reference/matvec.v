// bench/matvec.c by hand: y = A x, one row of A per clock.  The words of
// x are shifted into a register file as they come; a full vector moves to
// the working registers when the rows of the one before have all started,
// so the next vector comes in while this one's rows go out: one word per
// clock on both ports.  A row: the row's eight coefficients (a case on the
// row number, logic) and the vector registered into the eight SB_MAC16s'
// input registers, the products into their output registers, four sums of
// two (a register after each adder: the MAC16s' outputs route far), two of
// four, the total.
module sluice_core (
    input  wire        clk,
    input  wire        rst,
    input  wire [15:0] x_tdata,
    input  wire        x_tvalid,
    output wire        x_tready,
    output wire [31:0] y_tdata,
    output wire        y_tvalid,
    input  wire        y_tready
);
    reg signed [15:0] xs [0:7];         // the words of the next vector
    reg signed [15:0] xv [0:7];         // the vector whose rows are issued
    reg signed [12:0] c [0:7];          // stage 1: a row of A
    reg signed [15:0] xr [0:7];         //          and the vector
    reg signed [28:0] p [0:7];          // stage 2: the products
    reg signed [29:0] s [0:3];          // stage 3: four sums of two
    reg signed [31:0] q0, q1;           // stage 4: two sums of four
    reg [31:0] y;                       // stage 5
    reg [3:0] cnt;                      // words in xs
    reg [2:0] r;                        // the next row to issue
    reg busy, v1, v2, v3, v4, v5;
    reg [103:0] row;                    // coefficients of row r, column 0 lowest
    wire ce = !v5 || y_tready;
    wire last = ce && busy && r == 3'd7;
    wire load = cnt[3] && (!busy || last);
    wire take = x_tvalid && x_tready;
    assign x_tready = !cnt[3] || load;
    assign y_tdata = y;
    assign y_tvalid = v5;
    always @(*) begin
        case (r)
            3'd0: row = {-13'sd3737, 13'sd1678, -13'sd2513, -13'sd3061, -13'sd1020, 13'sd3788, -13'sd1061, -13'sd2238};
            3'd1: row = {-13'sd813, -13'sd2380, 13'sd53, 13'sd4089, 13'sd2550, -13'sd2068, -13'sd2974, -13'sd3398};
            3'd2: row = {13'sd600, -13'sd41, -13'sd897, -13'sd383, -13'sd103, -13'sd334, -13'sd3847, 13'sd1163};
            3'd3: row = {13'sd2122, -13'sd2177, -13'sd122, -13'sd3362, -13'sd797, 13'sd2708, 13'sd3256, -13'sd2521};
            3'd4: row = {13'sd3369, 13'sd3294, -13'sd210, -13'sd756, 13'sd166, -13'sd1910, 13'sd1648, -13'sd3932};
            3'd5: row = {13'sd2575, 13'sd4028, -13'sd3300, -13'sd1979, 13'sd1335, -13'sd3164, 13'sd1852, -13'sd990};
            3'd6: row = {-13'sd3620, 13'sd1318, -13'sd3213, -13'sd1005, 13'sd2700, 13'sd985, -13'sd930, -13'sd3579};
            3'd7: row = {13'sd138, 13'sd1227, 13'sd3305, -13'sd19, -13'sd3391, 13'sd1568, -13'sd2175, -13'sd1323};
        endcase
    end
    integer j;
    always @(posedge clk) begin
        if (take) begin
            for (j = 0; j < 7; j = j + 1)
                xs[j] <= xs[j + 1];
            xs[7] <= x_tdata;
        end
        if (load || take)
            cnt <= (load ? 4'd0 : cnt) + {3'd0, take};
        if (load)
            for (j = 0; j < 8; j = j + 1)
                xv[j] <= xs[j];
        if (ce) begin
            v1 <= busy;
            for (j = 0; j < 8; j = j + 1) begin
                c[j] <= row[13 * j +: 13];
                xr[j] <= xv[j];
            end
            v2 <= v1;
            for (j = 0; j < 8; j = j + 1)
                p[j] <= c[j] * xr[j];
            v3 <= v2;
            for (j = 0; j < 4; j = j + 1)
                s[j] <= p[2 * j] + p[2 * j + 1];
            v4 <= v3;
            q0 <= s[0] + s[1];
            q1 <= s[2] + s[3];
            v5 <= v4;
            y <= q0 + q1;
            if (busy)
                r <= r + 3'd1;
        end
        if (load)
            busy <= 1'b1;
        else if (last)
            busy <= 1'b0;
        if (rst) begin
            cnt <= 4'd0;
            r <= 3'd0;
            busy <= 1'b0;
            v1 <= 1'b0; v2 <= 1'b0; v3 <= 1'b0; v4 <= 1'b0; v5 <= 1'b0;
        end
    end
endmodule
