// bench/oddeven.c by hand: three banks of sixteen registers that hand a
// block on, so that three blocks are in flight.  The input bank shifts the
// words in as they come; a full bank moves to the sort bank through the
// first (even) phase of compare-exchanges, which then does one phase per
// clock, odd and even in turn, 15 more; the sorted block moves to the
// output bank, which shifts it out.  Each bank takes 16 clocks a block:
// one word per clock on both ports.
module sluice_core (
    input  wire        clk,
    input  wire        rst,
    input  wire [31:0] in_tdata,
    input  wire        in_tvalid,
    output wire        in_tready,
    output wire [31:0] out_tdata,
    output wire        out_tvalid,
    input  wire        out_tready
);
    reg signed [31:0] ib [0:15];        // input bank, word 0 first in
    reg signed [31:0] sb [0:15];        // sort bank
    reg signed [31:0] ob [0:15];        // output bank, word 0 next out
    reg [4:0] icnt, ocnt;               // words in ib, words left in ob
    reg [3:0] phase;                    // the next phase of sb (1..15, 0: done)
    reg sfull;                          // sb holds a block
    // one phase of compare-exchanges on ib (even, for the load) and on sb
    reg signed [31:0] ie [0:15];
    reg signed [31:0] sn [0:15];
    integer i;
    always @(*) begin
        for (i = 0; i < 16; i = i + 1) begin
            ie[i] = ib[i];
            sn[i] = sb[i];
        end
        for (i = 0; i < 16; i = i + 2)
            if (ib[i] > ib[i + 1]) begin
                ie[i] = ib[i + 1];
                ie[i + 1] = ib[i];
            end
        for (i = 0; i < 15; i = i + 1)
            if (i[0] == phase[0] && sb[i] > sb[i + 1]) begin
                sn[i] = sb[i + 1];
                sn[i + 1] = sb[i];
            end
    end
    wire sorted = sfull && phase == 4'd0;
    wire take = in_tvalid && in_tready;
    wire give = out_tvalid && out_tready;
    wire unload = sorted && (ocnt == 5'd0 || (ocnt == 5'd1 && out_tready));
    wire load = icnt[4] && (!sfull || unload);
    assign in_tready = !icnt[4] || load;
    assign out_tdata = ob[0];
    assign out_tvalid = ocnt != 5'd0;
    always @(posedge clk) begin
        if (take) begin
            for (i = 0; i < 15; i = i + 1)
                ib[i] <= ib[i + 1];
            ib[15] <= in_tdata;
        end
        if (load || take)
            icnt <= (load ? 5'd0 : icnt) + {4'd0, take};
        if (load) begin
            for (i = 0; i < 16; i = i + 1)
                sb[i] <= ie[i];
            phase <= 4'd1;
        end else if (sfull && phase != 4'd0) begin
            for (i = 0; i < 16; i = i + 1)
                sb[i] <= sn[i];
            phase <= phase + 4'd1;
        end
        if (load)
            sfull <= 1'b1;
        else if (unload)
            sfull <= 1'b0;
        if (unload) begin
            for (i = 0; i < 16; i = i + 1)
                ob[i] <= sb[i];
            ocnt <= 5'd16;
        end else if (give) begin
            for (i = 0; i < 15; i = i + 1)
                ob[i] <= ob[i + 1];
            ocnt <= ocnt - 5'd1;
        end
        if (rst) begin
            icnt <= 5'd0;
            ocnt <= 5'd0;
            phase <= 4'd0;
            sfull <= 1'b0;
        end
    end
endmodule
