// The network lab's web site, run inside the "internet" namespace
// (lab.mjs starts it with `ip netns exec mojo-inet`): the release build
// under /games/mojo/ over https on 192.0.2.1:443, with the deployer's
// network.json and, for WebDriver's pages, the test's init script (see
// server.mjs). It prints one line of JSON once it listens, then one per
// failed answer ({ "error": "HTTP 404 /path" }); it stops when its
// standard input closes (the test is gone).
//   node site.mjs CONFIG.json   ({ cert, key, network?, init? })
import { readFileSync } from 'node:fs';
import { serve } from '../server.mjs';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const server = await serve('/games/mojo/', {
  host: '192.0.2.1',
  port: 443,
  tls: { cert: readFileSync(config.cert), key: readFileSync(config.key) },
  files: config.network === undefined ? {} : { 'network.json': config.network },
  init: config.init ?? null,
});
console.log(JSON.stringify({ url: server.url, origin: server.origin }));
let told = 0;
const tell = setInterval(() => {
  for (; told < server.errors.length; told++) console.log(JSON.stringify({ error: server.errors[told] }));
}, 100);
process.stdin.resume();
process.stdin.on('end', async () => {
  clearInterval(tell);
  await server.close();
  process.exit(0);
});
