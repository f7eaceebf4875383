#!/usr/bin/env python3
"""Serves a folder of static files (the web app's dist/), over https when
given a certificate: `scripts/play.sh`'s server.

    python3 scripts/serve.py PORT HOST DIR [CERT KEY]

Prints `serving PORT` once listening (PORT 0: a free port, printed), then
one line per request. Plain http when no certificate is given.
"""

import functools
import http.server
import ssl
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        # Revalidated on every load, as the README asks of hosts (index.html
        # and sw.js must not be cached long): a new build is seen at once,
        # and offline play comes from the service worker, not from a copy
        # the browser kept by guesswork.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


class Quiet(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser that refuses the certificate (before its user accepts
        # it) closes the connection in the handshake: not worth a traceback.
        kind = sys.exc_info()[0]
        if kind is not None and issubclass(kind, (ssl.SSLError, ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def main():
    if len(sys.argv) not in (4, 6):
        sys.exit(__doc__)
    port, host, folder = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    handler = functools.partial(Handler, directory=folder)
    handler.func.extensions_map = {
        **Handler.extensions_map,
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".js": "text/javascript",
    }
    server = Quiet((host, port), handler)
    if len(sys.argv) == 6:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[4], sys.argv[5])
        # The handshake in the request's thread, not in the one that accepts
        # connections: a device that stalls on it holds up nobody else.
        server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
    print(f"serving {server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
