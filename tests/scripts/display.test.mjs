// The X display the WebKit tests run in (`startXvfb` in webdriver.mjs)
// takes every client that connects, even at the moment its last client
// leaves. Between two tests the last browser leaves and the next starts;
// an X server that resets itself then (Xvfb's default) drops the newcomer
// before answering it, and WebKitGTK's MiniBrowser said `cannot open
// display` and never gave a session (issue 38). Without `-noreset` this
// test fails: several hundred of its 1,200 clients are refused.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createConnection } from 'node:net';
import { startXvfb } from '../e2e/webdriver.mjs';

const CLIENTS = 4;
const ROUNDS = 300;

/// One X client: connects to `display` (":N"), sends the connection setup
/// (little-endian, protocol 11.0, no authorisation) and reads the first
/// byte of the answer, then leaves. "accepted" when the server said
/// Success (1); otherwise what happened instead.
function connectOnce(display) {
  return new Promise((done) => {
    const socket = createConnection(`/tmp/.X11-unix/X${display.slice(1)}`);
    let outcome = null;
    const settle = (what) => {
      outcome ??= what;
      socket.destroy();
    };
    const timer = setTimeout(() => settle('no answer in 5 s'), 5000);
    socket.on('connect', () => socket.write(Buffer.from([0x6c, 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0])));
    socket.on('data', (d) => settle(d[0] === 1 ? 'accepted' : `refused (status ${d[0]})`));
    socket.on('error', (e) => settle(`failed (${e.code})`));
    socket.on('close', () => {
      clearTimeout(timer);
      done(outcome ?? 'closed before its answer');
    });
  });
}

test('the WebKit tests\' X display takes a new client at any moment, even as its last one leaves', async () => {
  const xvfb = await startXvfb();
  try {
    // Clients that come and go side by side: now and then the last one
    // leaves just as another arrives.
    const outcomes = {};
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let i = 0; i < ROUNDS; i++) {
          const outcome = await connectOnce(xvfb.display);
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        }
      }),
    );
    const total = CLIENTS * ROUNDS;
    assert.deepEqual(
      outcomes,
      { accepted: total },
      `of ${total} clients of ${xvfb.display}, ${total - (outcomes.accepted ?? 0)} were not accepted: ${JSON.stringify(outcomes)}`,
    );
  } finally {
    await xvfb.stop();
  }
});
