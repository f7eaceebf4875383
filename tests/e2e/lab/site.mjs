// The network lab's web site, run inside the "internet" namespace
// (lab.mjs starts it with `ip netns exec mojo-inet`): the release build
// under /games/mojo/ over https on 192.0.2.1:443, with the deployer's
// network.json. Its address is printed as one line of JSON once it
// listens; it stops when its standard input closes (the test is gone).
//   node site.mjs CERT KEY NETWORK_JSON
import { readFileSync } from 'node:fs';
import { serve } from '../server.mjs';

const [cert, key, network] = process.argv.slice(2);
const files = network === undefined ? {} : { 'network.json': network };
const server = await serve('/games/mojo/', {
  host: '192.0.2.1',
  port: 443,
  tls: { cert: readFileSync(cert), key: readFileSync(key) },
  files,
});
console.log(JSON.stringify({ url: server.url, origin: server.origin }));
process.stdin.resume();
process.stdin.on('end', async () => {
  await server.close();
  process.exit(0);
});
