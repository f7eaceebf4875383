#!/usr/bin/env bash
# Builds the web app (release) and serves dist/ on this machine.
#   PORT=9000 bash scripts/play.sh      # default port 8080
#   HOST=0.0.0.0 bash scripts/play.sh   # also to the local network (a tablet,
#                                       # phones): prints the LAN address
# A service worker (offline play) needs https or localhost: at a LAN address
# the game plays online only. For offline play on a tablet, deploy dist/ to
# any static https host (README, "Deploy").
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
PORT="${PORT:-8080}"
HOST="${HOST:-127.0.0.1}"

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

echo
echo "  Mojo is ready. Open: http://127.0.0.1:$PORT/"
if [ "$HOST" != "127.0.0.1" ] && [ "$HOST" != "localhost" ]; then
  # The addresses other devices on this network can open.
  lan="$(hostname -I 2>/dev/null || true)"
  for ip in $lan; do
    case "$ip" in
      *:*) ;; # python's http.server on 0.0.0.0 answers IPv4 only
      *) echo "  On this network:  http://$ip:$PORT/" ;;
    esac
  done
  echo "  (a LAN address is plain http: the game plays there, but offline play,"
  echo "   the camera and the clipboard need https or localhost; see README)"
fi
echo "  (serving dist/; press Ctrl+C to stop)"
echo
exec python3 -m http.server "$PORT" --bind "$HOST" --directory dist
