// sim/sim_port.h -- a beat of the host link to and from a verilated port.
//
// Byte k of a W-byte beat is bits [8k+7:8k] of a tdata port.  Verilator
// makes a port of up to 64 bits an integer (CData, SData, IData, QData)
// and a wider one an array of 32-bit words (VlWide<N>, or a plain array in
// older versions); both index as port[i].  Used by sim/sim_shim.cpp (the
// simulator's model) and tests/runtime/cosim_main.cpp (the host-link
// co-simulation).
#ifndef SLUICE_SIM_PORT_H
#define SLUICE_SIM_PORT_H

#include <cstddef>
#include <cstdint>
#include <type_traits>

template <std::size_t W, typename T>
inline typename std::enable_if<std::is_integral<T>::value>::type to_port(T &port,
                                                                         const uint8_t *b)
{
    static_assert(sizeof(T) >= W, "the link port is narrower than a beat");
    uint64_t v = 0;
    for (std::size_t k = 0; k < W; k++)
        v |= (uint64_t)b[k] << (8 * k);
    port = (T)v;
}

template <std::size_t W, typename T>
inline typename std::enable_if<!std::is_integral<T>::value>::type to_port(T &port,
                                                                          const uint8_t *b)
{
    for (std::size_t i = 0; i < W / 4; i++, b += 4)
        port[i] = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                  (uint32_t)b[3] << 24;
}

template <std::size_t W, typename T>
inline typename std::enable_if<std::is_integral<T>::value>::type from_port(const T &port,
                                                                           uint8_t *b)
{
    uint64_t v = port;
    for (std::size_t k = 0; k < W; k++)
        b[k] = (uint8_t)(v >> (8 * k));
}

template <std::size_t W, typename T>
inline typename std::enable_if<!std::is_integral<T>::value>::type from_port(const T &port,
                                                                            uint8_t *b)
{
    for (std::size_t i = 0; i < W / 4; i++, b += 4) {
        uint32_t w = port[i];
        b[0] = (uint8_t)w;
        b[1] = (uint8_t)(w >> 8);
        b[2] = (uint8_t)(w >> 16);
        b[3] = (uint8_t)(w >> 24);
    }
}

#endif
