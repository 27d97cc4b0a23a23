// bench/div32.c by hand: a pipelined restoring divider, one quotient bit
// per stage, 32 stages and a registered divisor in each; a new division
// every clock.  Both inputs are taken together, both outputs given
// together.
module sluice_core (
    input  wire        clk,
    input  wire        rst,
    input  wire [31:0] num_tdata,
    input  wire        num_tvalid,
    output wire        num_tready,
    input  wire [31:0] den_tdata,
    input  wire        den_tvalid,
    output wire        den_tready,
    output wire [31:0] quo_tdata,
    output wire        quo_tvalid,
    input  wire        quo_tready,
    output wire [31:0] rem_tdata,
    output wire        rem_tvalid,
    input  wire        rem_tready
);
    localparam N = 32;
    reg [N:0] v;                    // v[i]: stage i holds a division
    reg [31:0] r [0:N];             // partial remainder after stage i
    reg [31:0] aq [0:N];            // dividend bits still to come, then quotient bits
    reg [31:0] b [0:N];             // divisor
    wire ce = !v[N] || (quo_tready && rem_tready);
    assign num_tready = ce && den_tvalid;
    assign den_tready = ce && num_tvalid;
    assign quo_tvalid = v[N] && rem_tready;
    assign rem_tvalid = v[N] && quo_tready;
    assign quo_tdata = aq[N];
    assign rem_tdata = r[N];
    integer i;
    reg [32:0] t;
    always @(posedge clk) begin
        if (ce) begin
            v[0] <= num_tvalid && den_tvalid;
            r[0] <= 32'd0;
            aq[0] <= num_tdata;
            b[0] <= den_tdata | 32'd1;
            for (i = 0; i < N; i = i + 1) begin
                t = {r[i], aq[i][31]} - {1'b0, b[i]};
                v[i + 1] <= v[i];
                b[i + 1] <= b[i];
                r[i + 1] <= t[32] ? {r[i][30:0], aq[i][31]} : t[31:0];
                aq[i + 1] <= {aq[i][30:0], !t[32]};
            end
        end
        if (rst)
            v <= {(N + 1){1'b0}};
    end
endmodule
