#!/usr/bin/env python3
"""The network lab's delay (netlab.sh): this kernel has no netem, so the
delay is made in user space. Opens the TUN device NAME, reads every packet
the "internet" namespace routes into it (each one that arrived from a
home's router), holds it DELAY_MS, and writes it back, whence the kernel
routes or delivers it as usual. Packets keep their order.

    python3 delay.py NAME DELAY_MS
"""

import collections
import fcntl
import os
import select
import struct
import sys
import time

TUNSETIFF = 0x400454CA
IFF_TUN = 0x0001
IFF_NO_PI = 0x1000


def main():
    name, delay = sys.argv[1], int(sys.argv[2]) / 1000.0
    fd = os.open("/dev/net/tun", os.O_RDWR)
    fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TUN | IFF_NO_PI))
    held = collections.deque()
    while True:
        wait = max(0.0, held[0][0] - time.monotonic()) if held else None
        ready, _, _ = select.select([fd], [], [], wait)
        if ready:
            held.append((time.monotonic() + delay, os.read(fd, 65535)))
        now = time.monotonic()
        while held and held[0][0] <= now:
            os.write(fd, held.popleft()[1])


if __name__ == "__main__":
    main()
