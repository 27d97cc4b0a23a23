/*
 * tests/runtime/cosim_manifest.h -- the module manifest of
 * tests/runtime/cosim_top.v's design (its kernel stand-ins and loopback
 * pipes, design id 0xC051A001), for the tests that run that RTL through
 * libsluice: test_api_sim.c on the simulator, test_api_usb.c behind the
 * FT245 PHY.  A printf format: the target, then the images (JSON members).
 */
#ifndef COSIM_MANIFEST_H
#define COSIM_MANIFEST_H

#define COSIM_MANIFEST_FMT \
	"{\"format\": \"sluice-module\", \"version\": 1, \"state\": \"executable\",\n" \
	" \"name\": \"cosim\", \"target\": \"%s\", \"clock_mhz\": 100.0, \"top\": \"cosim_top\",\n" \
	" \"design_id\": 3226574849,\n" \
	" \"kernels\": [\n" \
	"  {\"name\": \"count\", \"kind\": \"started\", \"args_size\": 16, \"params\": [\n" \
	"    {\"name\": \"n\", \"width\": 32, \"signed\": false, \"offset\": 0, \"size\": 4},\n" \
	"    {\"name\": \"tag\", \"width\": 64, \"signed\": false, \"offset\": 8, \"size\": 8}]},\n" \
	"  {\"name\": \"nop\", \"kind\": \"started\", \"args_size\": 0, \"params\": []},\n" \
	"  {\"name\": \"loop0\", \"kind\": \"autorun\", \"args_size\": 0, \"params\": []},\n" \
	"  {\"name\": \"loop1\", \"kind\": \"autorun\", \"args_size\": 0, \"params\": []}],\n" \
	" \"pipes\": [\n" \
	"  {\"name\": \"in0\", \"type\": \"uint32_t\", \"width\": 32, \"min_capacity\": 64, \"depth\": 64,\n" \
	"   \"kind\": \"host\", \"dir\": \"h2d\", \"reader\": \"loop0\", \"writer\": null},\n" \
	"  {\"name\": \"in1\", \"type\": \"struct rgb\", \"width\": 24, \"min_capacity\": 8, \"depth\": 8,\n" \
	"   \"kind\": \"host\", \"dir\": \"h2d\", \"reader\": \"loop1\", \"writer\": null},\n" \
	"  {\"name\": \"out0\", \"type\": \"uint32_t\", \"width\": 32, \"min_capacity\": 16, \"depth\": 16,\n" \
	"   \"kind\": \"host\", \"dir\": \"d2h\", \"reader\": null, \"writer\": \"loop0\"},\n" \
	"  {\"name\": \"out1\", \"type\": \"struct rgb\", \"width\": 24, \"min_capacity\": 4, \"depth\": 4,\n" \
	"   \"kind\": \"host\", \"dir\": \"d2h\", \"reader\": null, \"writer\": \"loop1\"}],\n" \
	" \"spec_constants\": [{\"name\": \"mask\", \"type\": \"uint32_t\", \"width\": 32, \"value\": 10855845}],\n" \
	" \"images\": {%s}}\n"

#endif
