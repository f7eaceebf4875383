#!/usr/bin/env bash
# The network lab of issue 35: two homes behind two home routers, and "the
# internet" between them, in network namespaces of this machine (as root).
#
#   bash tests/e2e/lab/netlab.sh up cone|symmetric [DELAY_MS]
#   bash tests/e2e/lab/netlab.sh move | roam | leave | cut | uncut   (Cy's network
#                                     changes, below)
#   bash tests/e2e/lab/netlab.sh table-roam | table-leave   (the table's
#                                     network changes, below)
#   bash tests/e2e/lab/netlab.sh down
#
#   mojo-h1 (the table's home)          mojo-h2 (the phone's home)
#   10.1.0.10 ── mojo-r1 ──┐        ┌── mojo-r2 ── 192.168.1.10
#        (lan) 10.1.0.1    │        │    192.168.1.1 (lan)
#              198.51.100.2 (wan)  203.0.113.2 (wan)
#                          │        │
#                    198.51.100.1  203.0.113.1
#              mojo-inet: 192.0.2.1 and .2 (coturn 3478, the site 443)
#
# The routers are home routers: nftables masquerade on the wan side, plain
# (a cone NAT: a source port keeps its mapping whatever the destination)
# or `random` (a symmetric NAT: a new port for every destination, as many
# mobile networks do), UDP mappings forgotten after 30 s of silence (an
# nft `ct timeout` policy), and new packets from the wan to the router
# itself dropped, as home routers do (otherwise the other side's first
# packet can take the NAT's port, and hole punching fails).
#
# Nothing links these namespaces to the machine's own network: no veth
# leaves them, and each has a resolver that points nowhere
# (/etc/netns/NAME/resolv.conf, which `ip netns exec` puts in place).
# The browsers run inside mojo-h1 and mojo-h2 (tests/e2e/lab/lab.mjs).
#
# DELAY_MS (default 0): every packet from one home to the other, and every
# UDP packet coturn sends, is held that long in mojo-inet (lab/delay.py, a
# TUN device: this kernel has no netem), so two devices are DELAY_MS apart
# one way, directly or through the relay.
set -euo pipefail

# MOJO_LAB (default "mojo"): the namespaces' prefix and the run folder's,
# so that a second lab (a long measurement) can run beside the tests'.
LAB="${MOJO_LAB:-mojo}"
NSES=("$LAB-inet" "$LAB-r1" "$LAB-r2" "$LAB-r3" "$LAB-r4" "$LAB-h1" "$LAB-h2" "$LAB-h3")
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
RUN="/run/$LAB-lab"
# The TURN server's test user (tests/e2e/lab/lab.mjs says the same).
TURN_USER=mojo
TURN_PASSWORD=lab-relay-pass

die() {
  echo "netlab: error: $*" >&2
  exit 1
}
[[ "$LAB" =~ ^[a-z][a-z0-9]{0,7}$ ]] || die "MOJO_LAB '$LAB': up to 8 lower-case letters and digits"

down() {
  if [ -f "$RUN/pids" ]; then
    while read -r pid; do kill "$pid" 2>/dev/null || true; done <"$RUN/pids"
  fi
  for ns in "${NSES[@]}"; do
    if ip netns pids "$ns" >/dev/null 2>&1; then
      for pid in $(ip netns pids "$ns"); do kill -9 "$pid" 2>/dev/null || true; done
      ip netns del "$ns" 2>/dev/null || true
    fi
    rm -rf "/etc/netns/$ns"
  done
  rm -rf "$RUN"
}

in_ns() {
  local ns="$1"
  shift
  ip netns exec "$ns" "$@"
}

# veth A(in ns1) <-> B(in ns2)
link() {
  ip link add "$2" netns "$1" type veth peer name "$4" netns "$3"
}

addr() {
  in_ns "$1" ip addr add "$3" dev "$2"
  in_ns "$1" ip link set "$2" up
}

router_rules() {
  local nat="$1"
  local how="masquerade"
  [ "$nat" = symmetric ] && how="masquerade random"
  cat <<EOF
table ip home {
  ct timeout udp30 {
    protocol udp;
    l3proto ip;
    policy = { unreplied: 30, replied: 30 }
  }
  chain pre {
    type filter hook prerouting priority filter; policy accept;
    meta l4proto udp ct timeout set "udp30"
  }
  chain out {
    type filter hook output priority filter; policy accept;
    meta l4proto udp ct timeout set "udp30"
  }
  chain input {
    type filter hook input priority filter; policy accept;
    iifname "wan" ct state new drop
  }
  chain forward {
    type filter hook forward priority filter; policy accept;
    iifname "wan" ct state new drop
  }
  chain post {
    type nat hook postrouting priority srcnat; policy accept;
    oifname "wan" $how
  }
}
EOF
}

up() {
  local nat="$1" delay="${2:-0}"
  case "$nat" in cone | symmetric) ;; *) die "NAT kind '$nat': cone or symmetric" ;; esac
  [ "$(id -u)" = 0 ] || die "needs root (ip netns)"
  command -v nft >/dev/null || [ -x /usr/sbin/nft ] || die "nft is missing: apt-get install nftables (scripts/setup.sh)"
  export PATH="$PATH:/usr/sbin:/sbin"
  down
  mkdir -p "$RUN"
  for ns in "${NSES[@]}"; do
    ip netns add "$ns" || die "cannot make network namespace $ns"
    # IPv4 only: no IPv6 address comes up seconds later (duplicate address
    # detection), which Chromium took for a network change and failed a
    # page load with (net::ERR_NETWORK_CHANGED).
    in_ns "$ns" sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1
    in_ns "$ns" ip link set lo up
    mkdir -p "/etc/netns/$ns"
    # A resolver that points nowhere: no name is ever looked up outside.
    echo "nameserver 127.0.0.53" >"/etc/netns/$ns/resolv.conf"
  done

  # The internet: the routers' wan links and the services' address.
  link $LAB-inet i1 $LAB-r1 wan
  link $LAB-inet i2 $LAB-r2 wan
  addr $LAB-inet i1 198.51.100.1/24
  addr $LAB-inet i2 203.0.113.1/24
  in_ns $LAB-inet ip addr add 192.0.2.1/32 dev lo
  in_ns $LAB-inet ip addr add 192.0.2.2/32 dev lo
  in_ns $LAB-inet sysctl -qw net.ipv4.ip_forward=1

  # The homes, and a third device in the second home on a network of
  # its own (Cy's phone on the home's second Wi-Fi), whose network changes
  # (`move`) to a mobile one behind a third router.
  link $LAB-r1 lan $LAB-h1 eth0
  link $LAB-r2 lan $LAB-h2 eth0
  link $LAB-r2 lan2 $LAB-h3 eth0
  addr $LAB-r2 lan2 192.168.2.1/24
  addr $LAB-h3 eth0 192.168.2.10/24
  in_ns $LAB-h3 ip route add default via 192.168.2.1
  link $LAB-inet i3 $LAB-r3 wan
  addr $LAB-inet i3 100.64.0.1/24
  addr $LAB-r3 wan 100.64.0.2/24
  in_ns $LAB-r3 ip route add default via 100.64.0.1
  in_ns $LAB-r3 sysctl -qw net.ipv4.ip_forward=1
  router_rules symmetric | in_ns $LAB-r3 nft -f - || die "nftables refused the mobile router's rules"
  # The table's mobile network (its own carrier, behind a symmetric NAT,
  # 100.65.0.2 on the internet's side), which it roams to (`table-roam`).
  link $LAB-inet i4 $LAB-r4 wan
  addr $LAB-inet i4 100.65.0.1/24
  addr $LAB-r4 wan 100.65.0.2/24
  in_ns $LAB-r4 ip route add default via 100.65.0.1
  in_ns $LAB-r4 sysctl -qw net.ipv4.ip_forward=1
  router_rules symmetric | in_ns $LAB-r4 nft -f - || die "nftables refused the table's mobile router's rules"
  addr $LAB-r1 wan 198.51.100.2/24
  addr $LAB-r2 wan 203.0.113.2/24
  addr $LAB-r1 lan 10.1.0.1/24
  addr $LAB-r2 lan 192.168.1.1/24
  addr $LAB-h1 eth0 10.1.0.10/24
  addr $LAB-h2 eth0 192.168.1.10/24
  in_ns $LAB-r1 ip route add default via 198.51.100.1
  in_ns $LAB-r2 ip route add default via 203.0.113.1
  in_ns $LAB-h1 ip route add default via 10.1.0.1
  in_ns $LAB-h2 ip route add default via 192.168.1.1
  for r in $LAB-r1 $LAB-r2; do
    in_ns "$r" sysctl -qw net.ipv4.ip_forward=1
    router_rules "$nat" | in_ns "$r" nft -f - || die "nftables refused the router's rules in $r"
  done
  echo "$nat" >"$RUN/nat"

  if [ "$delay" -gt 0 ]; then
    # Through tun0, where delay.py holds them: every packet passing from
    # one router to the other (a direct path), and every UDP packet the
    # internet's own servers send (coturn's half of a relayed path). Back
    # from tun0 a packet is routed as usual (no rule matches it again).
    # Packets for the servers themselves are not held (the `local` table
    # comes first, as it must: ARP asks it whether 198.51.100.1 is ours).
    in_ns $LAB-inet python3 "$here/delay.py" tun0 "$delay" >"$RUN/delay.log" 2>&1 &
    echo $! >>"$RUN/pids"
    for _ in $(seq 50); do in_ns $LAB-inet ip link show tun0 >/dev/null 2>&1 && break; sleep 0.05; done
    in_ns $LAB-inet ip link show tun0 >/dev/null 2>&1 || die "the delay's tun0 did not come up ($(cat "$RUN/delay.log"))"
    in_ns $LAB-inet ip link set tun0 up
    for f in all default tun0 i1 i2; do in_ns $LAB-inet sysctl -qw "net.ipv4.conf.$f.rp_filter=0"; done
    in_ns $LAB-inet sysctl -qw net.ipv4.conf.tun0.accept_local=1
    in_ns $LAB-inet ip route add default dev tun0 table 100
    in_ns $LAB-inet ip rule add priority 10 iif i1 lookup 100
    in_ns $LAB-inet ip rule add priority 11 iif i2 lookup 100
    in_ns $LAB-inet ip rule add priority 12 iif lo from 192.0.2.0/24 ipproto udp lookup 100
  fi
  echo "$delay" >"$RUN/delay"

  # The internet's STUN and TURN server (Debian's coturn): STUN on
  # 192.0.2.1 and .2 (two addresses, for the NAT's self-check below), TURN
  # with the lab's test user, relaying from 192.0.2.1.
  command -v turnserver >/dev/null || die "turnserver is missing: apt-get install coturn (scripts/setup.sh)"
  in_ns $LAB-inet turnserver -n --listening-ip=192.0.2.1 --listening-ip=192.0.2.2 \
    --relay-ip=192.0.2.1 --listening-port=3478 --realm=mojo.lab --userdb="$RUN/turndb" \
    --lt-cred-mech --user="$TURN_USER:$TURN_PASSWORD" --no-tls --no-dtls --no-cli \
    --min-port=49152 --max-port=49999 --no-software-attribute \
    --log-file="$RUN/turn.log" --simple-log >/dev/null 2>&1 &
  echo $! >>"$RUN/pids"

  # Is it the internet it should be? Each home asks the two STUN
  # addresses what they see of one socket: the router's wan address, one port behind
  # a cone NAT, two behind a symmetric one.
  local wan seen ports
  for h in 1 2; do
    wan=198.51.100.2
    [ "$h" = 2 ] && wan=203.0.113.2
    for _ in $(seq 40); do
      seen="$(in_ns "$LAB-h$h" python3 "$here/stun.py" 192.0.2.1:3478 192.0.2.2:3478)"
      [[ "$seen" != *null* ]] && break
      sleep 0.1
    done
    [[ "$seen" != *null* ]] || die "$LAB-h$h: no STUN answer from 192.0.2.1: $seen ($(tail -5 "$RUN/turn.log" 2>/dev/null))"
    [[ "$seen" == *"\"$wan:"* ]] || die "$LAB-h$h: STUN saw $seen, not the router's $wan"
    if [ "$nat" = cone ] && [[ "$seen" != *'"mappings": 1}' ]]; then die "$LAB-h$h: a cone NAT gave two mappings: $seen"; fi
    if [ "$nat" = symmetric ] && [[ "$seen" != *'"mappings": 2}' ]]; then die "$LAB-h$h: a symmetric NAT gave one mapping: $seen"; fi
    echo "netlab: $LAB-h$h behind a $nat NAT: $seen"
  done
}

# Cy's network changes at once (Wi-Fi to mobile data, the Wi-Fi gone
# first): its home's link goes, a link to the mobile router (a symmetric
# NAT, 100.64.0.2 on the internet's side) comes, with a new address.
move() {
  [ -f "$RUN/nat" ] || die "the lab is not up"
  ip -n "$LAB-r2" link del lan2
  link $LAB-r3 lan $LAB-h3 eth1
  addr $LAB-r3 lan 10.20.0.1/24
  addr $LAB-h3 eth1 10.20.0.10/24
  in_ns $LAB-h3 ip route add default via 10.20.0.1
  echo "netlab: $LAB-h3 moved to the mobile network (10.20.0.10 behind 100.64.0.2)"
}

# Cy's network changes the gentle way, as a phone hands over from Wi-Fi to
# mobile data (`roam`): the mobile network comes and becomes the default,
# for the sockets opened from then on, while the sockets already open keep
# the home's network (as Android keeps a socket on the network it was made
# on): a rule per UDP port open now, and one for the home's address. The
# home's network goes later (`leave`).
roam() {
  [ -f "$RUN/nat" ] || die "the lab is not up"
  hand_over $LAB-h3 $LAB-r3 10.20.0 192.168.2.1 192.168.2.10 102
}

# hand_over NS ROUTER NET HOME_GATEWAY HOME_ADDRESS TABLE: the device in NS
# gets a second network behind ROUTER (NET.1, the device NET.10), which
# becomes its default; its home's address and every UDP socket open now
# keep the home's gateway (routing table TABLE).
hand_over() {
  local ns=$1 router=$2 net=$3 gateway=$4 home=$5 table=$6
  link "$router" lan "$ns" eth1
  addr "$router" lan "$net.1/24"
  addr "$ns" eth1 "$net.10/24"
  in_ns "$ns" ip route add default via "$gateway" table "$table"
  in_ns "$ns" ip rule add from "$home" table "$table"
  local port kept=0
  for port in $(in_ns "$ns" ss -Huan | awk '{n = split($4, a, ":"); print a[n]}' | sort -un); do
    in_ns "$ns" ip rule add ipproto udp sport "$port" table "$table"
    kept=$((kept + 1))
  done
  in_ns "$ns" ip route replace default via "$net.1"
  echo "netlab: $ns on both networks, the mobile one the default ($kept sockets kept on the home's)"
}

leave() {
  ip -n "$LAB-r2" link del lan2
  echo "netlab: $LAB-h3 left the home's network"
}

# The table's network changes the gentle way, as a tablet hands over from
# its home's Wi-Fi to its mobile data (`table-roam`, as `roam` for Cy): the
# mobile network comes and becomes the default, the sockets already open
# keep the home's; the home's network goes later (`table-leave`).
table_roam() {
  [ -f "$RUN/nat" ] || die "the lab is not up"
  hand_over $LAB-h1 $LAB-r4 10.30.0 10.1.0.1 10.1.0.10 101
}

table_leave() {
  ip -n "$LAB-r1" link del lan
  echo "netlab: $LAB-h1 left the home's network"
}

# Cy's mobile network loses the internet (a train in a tunnel): the
# mobile router's link to it goes down.
cut() {
  ip -n "$LAB-r3" link set wan down
  echo "netlab: $LAB-h3's mobile network lost the internet"
}

# ...and gets it back (out of the tunnel): the link up, its default route
# again (the kernel dropped it with the link).
uncut() {
  ip -n "$LAB-r3" link set wan up
  in_ns $LAB-r3 ip route replace default via 100.64.0.1
  echo "netlab: $LAB-h3's mobile network has the internet again"
}

case "${1:-}" in
up) up "${2:-}" "${3:-0}" ;;
down) down ;;
move) move ;;
cut) cut ;;
uncut) uncut ;;
roam) roam ;;
leave) leave ;;
table-roam) table_roam ;;
table-leave) table_leave ;;
*)
  echo "usage: netlab.sh up cone|symmetric [DELAY_MS] | move | roam | leave | cut | uncut | table-roam | table-leave | down" >&2
  exit 2
  ;;
esac
