#!/usr/bin/env bash
# Makes, once, the self-signed certificate of `HTTPS=1 bash scripts/play.sh`
# and keeps it: every device accepts it once, and a new certificate would
# ask them all again. It is made again only when this machine has a network
# address that the certificate does not name (another Wi-Fi, a new lease).
#   bash scripts/https-cert.sh [DIR]   # default .play-https/ (git-ignored)
# Writes DIR/cert.pem and DIR/key.pem (the key readable by this user only);
# prints the certificate's SHA-256 fingerprint, which a device can compare
# with what its browser shows before accepting it.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
DIR="${1:-.play-https}"
mkdir -p "$DIR"
cert="$DIR/cert.pem"
key="$DIR/key.pem"

if ! command -v openssl >/dev/null; then
  echo "https-cert: error: openssl is missing: sudo apt-get install openssl" >&2
  exit 1
fi

# The names the certificate must carry: this machine's IPv4 and IPv6
# addresses on the network, its name (and name.local, as phones see it by
# mDNS), and localhost.
names=("DNS:localhost" "IP:127.0.0.1" "IP:::1")
host="$(hostname 2>/dev/null || true)"
if [ -n "$host" ] && [ "$host" != localhost ]; then
  names+=("DNS:$host" "DNS:${host%%.*}.local")
fi
# (MOJO_CERT_IPS: more addresses, space-separated; the network lab's site
# is served from an address on its loopback, which `hostname -I` omits.)
for ip in $(hostname -I 2>/dev/null || true) ${MOJO_CERT_IPS:-}; do
  case "$ip" in
    fe80:*) ;; # link-local: not an address a browser opens
    *) names+=("IP:$ip") ;;
  esac
done

# Kept if it names every IPv4 address of this machine (the addresses
# phones open; openssl prints IPv6 in another form than `hostname -I`).
missing=""
if [ -s "$cert" ] && [ -s "$key" ]; then
  have="$(openssl x509 -in "$cert" -noout -ext subjectAltName 2>/dev/null | tr ',' '\n' | sed 's/^ *//; s/IP Address:/IP:/')"
  for ip in $(hostname -I 2>/dev/null || true) ${MOJO_CERT_IPS:-}; do
    case "$ip" in fe80:* | *:*) continue ;; esac
    grep -qx "IP:$ip" <<<"$have" || missing="$missing $ip"
  done
  if [ -z "$missing" ] && openssl x509 -in "$cert" -noout -checkend 86400 >/dev/null; then
    echo "https-cert: kept $cert (devices that accepted it before need not accept it again)"
    openssl x509 -in "$cert" -noout -fingerprint -sha256 | sed 's/^.*=/  SHA-256 fingerprint: /'
    exit 0
  fi
  if [ -n "$missing" ]; then
    echo "https-cert: this machine's address changed (${missing# }): making a new certificate; every device must accept it again"
  else
    echo "https-cert: the certificate expires within a day: making a new one; every device must accept it again"
  fi
fi

san="$(IFS=,; echo "${names[*]}")"
umask 077
# A leaf certificate of its own (not a CA: nobody can sign others with it),
# for a server, valid 825 days (the longest Apple devices take).
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
  -days 825 -subj "/CN=Mojo on ${host:-this computer}" \
  -addext "subjectAltName=$san" \
  -addext "basicConstraints=critical,CA:FALSE" \
  -addext "keyUsage=critical,digitalSignature" \
  -addext "extendedKeyUsage=serverAuth" \
  -keyout "$key" -out "$cert" 2>/dev/null
chmod 644 "$cert"
echo "https-cert: made $cert for ${san//,/, }"
openssl x509 -in "$cert" -noout -fingerprint -sha256 | sed 's/^.*=/  SHA-256 fingerprint: /'
