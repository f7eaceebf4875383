// The pairing codes of play across devices, written again in JavaScript
// for the tests: a raw WebRTC peer that is not the app (to send forged
// messages), and a check of the format by a second implementation. The
// format is src/net/code.rs's: base43 text, binary fields, a Fletcher-16
// checksum.

/// The codes' format (code.rs's FORMAT).
const FORMAT = 2;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ$*+-./:';
const ICE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const HASHES = [['sha-256', 32], ['sha-384', 48], ['sha-512', 64], ['sha-1', 20]];
const SETUPS = ['actpass', 'active', 'passive'];
const KINDS = ['host', 'srflx', 'prflx', 'relay'];

export function fromText(text) {
  const out = [];
  for (let i = 0; i < text.length; i += 3) {
    const group = text.slice(i, i + 3);
    let n = 0;
    for (let j = group.length - 1; j >= 0; j--) {
      const d = ALPHABET.indexOf(group[j]);
      if (d < 0) throw new Error(`not a code character: ${group[j]}`);
      n = n * 43 + d;
    }
    if (group.length === 3) out.push(n >> 8, n & 255);
    else out.push(n);
  }
  return out;
}

export function toText(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 2) {
    let n = i + 1 < bytes.length ? (bytes[i] << 8) | bytes[i + 1] : bytes[i];
    const digits = i + 1 < bytes.length ? 3 : 2;
    for (let j = 0; j < digits; j++) {
      out += ALPHABET[n % 43];
      n = Math.floor(n / 43);
    }
  }
  return out;
}

function fletcher(bytes) {
  let a = 0;
  let b = 0;
  for (const x of bytes) {
    a = (a + x) % 255;
    b = (b + a) % 255;
  }
  return (b << 8) | a;
}

function readPeer(bytes, at) {
  const flags = bytes[at++];
  const setup = SETUPS[flags & 3];
  const [hash, hashLen] = HASHES[(flags >> 2) & 3];
  const ulen = bytes[at++];
  const plen = bytes[at++];
  const packedLen = Math.ceil(((ulen + plen) * 6) / 8);
  let acc = 0;
  let bits = 0;
  let chars = '';
  for (const b of bytes.slice(at, at + packedLen)) {
    acc = ((acc << 8) | b) & 0xffffff;
    bits += 8;
    while (bits >= 6 && chars.length < ulen + plen) {
      bits -= 6;
      chars += ICE[(acc >> bits) & 63];
    }
  }
  at += packedLen;
  const fingerprint = bytes.slice(at, at + hashLen);
  at += hashLen;
  const n = bytes[at++];
  const candidates = [];
  for (let i = 0; i < n; i++) {
    const tag = bytes[at++];
    const kind = KINDS[(tag >> 2) & 3];
    let addr;
    switch (tag & 3) {
      case 0:
        addr = bytes.slice(at, at + 4).join('.');
        at += 4;
        break;
      case 1: {
        const b = bytes.slice(at, at + 16);
        const parts = [];
        for (let k = 0; k < 16; k += 2) parts.push(((b[k] << 8) | b[k + 1]).toString(16));
        addr = parts.join(':');
        at += 16;
        break;
      }
      case 2: {
        const h = bytes.slice(at, at + 16).map((x) => x.toString(16).padStart(2, '0')).join('');
        addr = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
        at += 16;
        break;
      }
      default: {
        const len = bytes[at++];
        addr = String.fromCharCode(...bytes.slice(at, at + len));
        at += len;
      }
    }
    const port = (bytes[at] << 8) | bytes[at + 1];
    at += 2;
    candidates.push({ addr, port, kind });
  }
  return { peer: { ufrag: chars.slice(0, ulen), pwd: chars.slice(ulen), hash, fingerprint, setup, candidates }, at };
}

function open(text, kind) {
  const code = text.includes('#join=') ? text.split('#join=').pop() : text;
  const bytes = fromText(code.replace(/\s/g, '').toUpperCase());
  const body = bytes.slice(0, -2);
  const sum = (bytes.at(-2) << 8) | bytes.at(-1);
  if (fletcher(body) !== sum) throw new Error('checksum');
  if (body[0] !== ((FORMAT << 4) | kind)) throw new Error(`format/kind byte ${body[0]}`);
  return body;
}

/// { table, seat, peer, relay } of an invitation code (or link); `relay`
/// (the family's, { url, username, password }) only where the code has
/// one, after the peer.
export function readInvitation(text) {
  const b = open(text, 1);
  const table = ((b[1] << 24) | (b[2] << 16) | (b[3] << 8) | b[4]) >>> 0;
  let { peer, at } = readPeer(b, 6);
  let relay = null;
  if (at < b.length) {
    const field = () => {
      const len = b[at++];
      const bytes = b.slice(at, (at += len));
      if (bytes.length !== len) throw new Error('relay cut off');
      return new TextDecoder().decode(new Uint8Array(bytes));
    };
    relay = { url: field(), username: field(), password: field() };
  }
  if (at !== b.length) throw new Error('trailing bytes');
  return { table, seat: b[5], peer, relay };
}

export function readReply(text) {
  const b = open(text, 2);
  const { peer, at } = readPeer(b, 4);
  if (at !== b.length) throw new Error('trailing bytes');
  return { seat: b[1], tag: (b[2] << 8) | b[3], peer };
}

/// The tag a reply repeats: Fletcher-16 of the ufrag's bytes, xor that of
/// the fingerprint.
export function tagOf(peer) {
  return fletcher([...peer.ufrag].map((c) => c.charCodeAt(0))) ^ fletcher(peer.fingerprint);
}

/// A session description around a peer's fields (as the app writes it).
export function toSdp(peer) {
  const lines = [
    'v=0',
    'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    'a=group:BUNDLE 0',
    'a=msid-semantic: WMS',
    'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
    'c=IN IP4 0.0.0.0',
    ...peer.candidates.map(
      (c, i) => `a=candidate:${i + 1} 1 udp ${(126 << 24) | ((65535 - i) << 8) | 255} ${c.addr} ${c.port} typ ${c.kind}`,
    ),
    'a=end-of-candidates',
    `a=ice-ufrag:${peer.ufrag}`,
    `a=ice-pwd:${peer.pwd}`,
    `a=fingerprint:${peer.hash} ${peer.fingerprint.map((x) => x.toString(16).toUpperCase().padStart(2, '0')).join(':')}`,
    `a=setup:${peer.setup}`,
    'a=mid:0',
    'a=sctp-port:5000',
    'a=max-message-size:262144',
  ];
  return lines.join('\r\n') + '\r\n';
}

/// The fields of a description.
export function fromSdp(sdp) {
  const get = (k) => sdp.match(new RegExp(`^a=${k}:(.*)$`, 'm'))?.[1]?.trim();
  const [hash, hex] = get('fingerprint').split(' ');
  const candidates = [...sdp.matchAll(/^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ (\w+)/gim)].map((m) => ({
    addr: m[1],
    port: Number(m[2]),
    kind: m[3],
  }));
  return {
    ufrag: get('ice-ufrag'),
    pwd: get('ice-pwd'),
    hash: hash.toLowerCase(),
    fingerprint: hex.split(':').map((h) => parseInt(h, 16)),
    setup: get('setup'),
    candidates,
  };
}

function writePeer(p) {
  const out = [SETUPS.indexOf(p.setup) | (HASHES.findIndex(([h]) => h === p.hash) << 2), p.ufrag.length, p.pwd.length];
  let acc = 0;
  let bits = 0;
  for (const c of p.ufrag + p.pwd) {
    acc = ((acc << 6) | ICE.indexOf(c)) & 0xffffff;
    bits += 6;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 255);
    }
  }
  if (bits > 0) out.push((acc << (8 - bits)) & 255);
  out.push(...p.fingerprint, p.candidates.length);
  for (const c of p.candidates) {
    const kind = KINDS.indexOf(c.kind) << 2;
    if (/^\d+\.\d+\.\d+\.\d+$/.test(c.addr)) out.push(0 | kind, ...c.addr.split('.').map(Number));
    else if (c.addr.endsWith('.local')) {
      const h = c.addr.replace('.local', '').replaceAll('-', '');
      out.push(2 | kind);
      for (let i = 0; i < 32; i += 2) out.push(parseInt(h.slice(i, i + 2), 16));
    } else {
      out.push(3 | kind, c.addr.length, ...[...c.addr].map((ch) => ch.charCodeAt(0)));
    }
    out.push(c.port >> 8, c.port & 255);
  }
  return out;
}

/// A reply code for `seat`, answering the invitation whose peer has `tag`.
export function writeReply(seat, tag, peer) {
  const body = [(FORMAT << 4) | 2, seat, tag >> 8, tag & 255, ...writePeer(peer)];
  const sum = fletcher(body);
  return toText([...body, sum >> 8, sum & 255]);
}
