#!/usr/bin/env python3
"""What a home's router makes of one UDP socket: sends a STUN Binding
request (RFC 5389) from one socket to each SERVER:PORT given, and prints,
as JSON, the address each server saw ("ip:port"), or null where no answer
came within a second, and how many mappings they make. The lab's self-check: behind a cone NAT both servers
see one mapping; behind a symmetric NAT, two.

    python3 stun.py 192.0.2.1:3478 192.0.2.2:3478
"""

import json
import os
import socket
import struct
import sys

MAGIC = 0x2112A442


def request():
    tid = os.urandom(12)
    return tid, struct.pack("!HHI", 0x0001, 0, MAGIC) + tid


def mapped(answer, tid):
    if len(answer) < 20 or answer[8:20] != tid:
        return None
    kind, length = struct.unpack("!HH", answer[:4])
    if kind != 0x0101:
        return None
    at = 20
    while at + 4 <= 20 + length:
        attr, size = struct.unpack("!HH", answer[at : at + 4])
        value = answer[at + 4 : at + 4 + size]
        if attr == 0x0020 and len(value) >= 8:  # XOR-MAPPED-ADDRESS, IPv4
            port = struct.unpack("!H", value[2:4])[0] ^ (MAGIC >> 16)
            ip = struct.unpack("!I", value[4:8])[0] ^ MAGIC
            return f"{socket.inet_ntoa(struct.pack('!I', ip))}:{port}"
        at += 4 + size + (-size % 4)
    return None


def main():
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("0.0.0.0", 0))
    sock.settimeout(1.0)
    seen = {}
    for server in sys.argv[1:]:
        host, port = server.rsplit(":", 1)
        tid, packet = request()
        seen[server] = None
        for _ in range(3):
            sock.sendto(packet, (host, int(port)))
            try:
                answer, _ = sock.recvfrom(2048)
            except socket.timeout:
                continue
            seen[server] = mapped(answer, tid)
            if seen[server]:
                break
    ports = {v for v in seen.values() if v}
    print(json.dumps({"seen": seen, "mappings": len(ports)}))


if __name__ == "__main__":
    main()
