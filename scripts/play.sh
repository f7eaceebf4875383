#!/usr/bin/env bash
# Builds the web app (release) and serves dist/ on this machine.
#   PORT=9000 bash scripts/play.sh      # default port 8080
#   HOST=0.0.0.0 bash scripts/play.sh   # also to the local network (a tablet,
#                                       # phones): prints the LAN address
#   HTTPS=1 HOST=0.0.0.0 bash scripts/play.sh
#       the same over https, with a certificate of this computer's own
#       (made once, kept in .play-https/): each device accepts it once, and
#       then has the camera (QR codes) and the clipboard, which a plain-http
#       network address does not give. Offline play (a service worker):
#       Firefox, once the risk is accepted, yes; Chromium, no (it runs no
#       service worker over a certificate it does not trust). For offline
#       play everywhere, deploy dist/ to any static https host (README).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
PORT="${PORT:-8080}"
HOST="${HOST:-127.0.0.1}"
HTTPS="${HTTPS:-}"

bash scripts/setup.sh
# shellcheck source=scripts/env.sh
. scripts/env.sh

echo "play: building (trunk build --release) ..."
trunk build --release

if ! python3 - "$PORT" "$HOST" <<'PY'
import socket, sys
s = socket.socket()
try:
    s.bind((sys.argv[2], int(sys.argv[1])))
except OSError:
    sys.exit(1)
finally:
    s.close()
PY
then
  echo "play: error: port $PORT on $HOST is in use; choose another: PORT=8081 bash scripts/play.sh" >&2
  exit 1
fi

# The addresses other devices on this network can open (IPv4: the server
# on 0.0.0.0 answers IPv4 only).
lan=()
if [ "$HOST" != "127.0.0.1" ] && [ "$HOST" != "localhost" ]; then
  for ip in $(hostname -I 2>/dev/null || true); do
    case "$ip" in
      *:*) ;;
      *) lan+=("$ip") ;;
    esac
  done
fi

if [ -z "$HTTPS" ] || [ "$HTTPS" = 0 ]; then
  echo
  echo "  Mojo is ready. Open: http://127.0.0.1:$PORT/"
  if [ "$HOST" != "127.0.0.1" ] && [ "$HOST" != "localhost" ]; then
    for ip in "${lan[@]}"; do echo "  On this network:  http://$ip:$PORT/"; done
    echo "  (a LAN address is plain http: the game plays there, but offline play,"
    echo "   the camera and the clipboard need https or localhost:"
    echo "   HTTPS=1 HOST=$HOST bash scripts/play.sh; see README)"
  fi
  echo "  (serving dist/; press Ctrl+C to stop)"
  echo
  exec python3 scripts/serve.py "$PORT" "$HOST" dist
fi

echo
bash scripts/https-cert.sh .play-https
echo
echo "  Mojo is ready over https, with this computer's own certificate."
echo "  On this computer:  https://127.0.0.1:$PORT/"
for ip in "${lan[@]}"; do echo "  On this network:   https://$ip:$PORT/"; done
cat <<TEXT

  Each device warns once that the connection is not private: the
  certificate is this computer's own, signed by no authority. Check that
  the address is the one above, then accept it:
    Chrome, Edge, Android: Advanced > Proceed to the address (unsafe)
    Firefox:               Advanced... > Accept the Risk and Continue
    Safari, iPhone, iPad:  Show Details > visit this website > Visit Website
  (the browser can show the certificate's SHA-256 fingerprint, printed
  above, to compare). A device remembers it until its browser forgets it.

  Then the camera reads the QR codes and the Copy buttons work. Offline
  play: in Firefox, yes; in Chrome, Edge and Android, no (Chromium runs no
  service worker over a certificate it does not trust): for that, deploy
  dist/ to a static https host (README, "Playing on several devices").
  (serving dist/; press Ctrl+C to stop)

TEXT
exec python3 scripts/serve.py "$PORT" "$HOST" dist .play-https/cert.pem .play-https/key.pem
