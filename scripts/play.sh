#!/usr/bin/env bash
# Builds the web app (release) and serves dist/ on this machine.
#   PORT=9000 bash scripts/play.sh    # default port 8080
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
PORT="${PORT:-8080}"

bash scripts/setup.sh
# shellcheck source=scripts/env.sh
. scripts/env.sh

echo "play: building (trunk build --release) ..."
trunk build --release

if ! python3 - "$PORT" <<'PY'
import socket, sys
s = socket.socket()
try:
    s.bind(("127.0.0.1", int(sys.argv[1])))
except OSError:
    sys.exit(1)
finally:
    s.close()
PY
then
  echo "play: error: port $PORT on 127.0.0.1 is in use; choose another: PORT=8081 bash scripts/play.sh" >&2
  exit 1
fi

echo
echo "  Mojo is ready. Open: http://127.0.0.1:$PORT/"
echo "  (serving dist/ offline; press Ctrl+C to stop)"
echo
exec python3 -m http.server "$PORT" --bind 127.0.0.1 --directory dist
