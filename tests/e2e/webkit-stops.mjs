// What WebKitWebDriver answers when the page's web process dies, hangs,
// reloads under a script, or a script throws a string: the evidence for
// issue 23 item 3 (BENCHMARKS.md, "WebKit's other stops"). A command, not
// part of the test run (about a minute):
//
//   node tests/e2e/webkit-stops.mjs            # all four
//   node tests/e2e/webkit-stops.mjs kill       # one: string, reload, hang, kill
//
// Each case opens the app (dist/) in a new MiniBrowser, polls it with a
// small script every 200 ms, does one thing to it, and prints every answer
// that was not a plain result, with its time after the deed.

import { execFileSync } from 'node:child_process';
import { serve } from './server.mjs';
import { startDriver, sleep } from './webdriver.mjs';

const cases = process.argv[2] ? [process.argv[2]] : ['string', 'reload', 'hang', 'kill'];
const server = await serve('/', {});
const said = [];
const driver = await startDriver('webkit', {
  log: (t) => /CRASHED|terminated/i.test(t) && said.push(t.trim()),
});

/// The web process of the driver's browser (the newest).
function webProcess() {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,comm='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/));
  const browser = rows.find(([, ppid, comm]) => +ppid === driver.pid && comm.startsWith('MiniBrowser'));
  const web = rows.filter(([, ppid, comm]) => browser && ppid === browser[0] && comm.startsWith('WebKitWebProces'));
  return web.length ? Math.max(...web.map(([pid]) => +pid)) : null;
}

async function answer(fn) {
  const t = Date.now();
  try {
    const v = await fn();
    return { ok: JSON.stringify(v)?.slice(0, 60), ms: Date.now() - t };
  } catch (e) {
    return { error: `${e.error ?? ''}: ${String(e.message).replace(/ \(\/session.*$/, '').slice(0, 160)}`, ms: Date.now() - t };
  }
}

for (const what of cases) {
  said.length = 0;
  const s = await driver.newSession({ width: 1024, height: 768 });
  await s.setTimeouts({ script: 30000, pageLoad: 60000, implicit: 0 });
  await s.get(`${server.url}?lang=en&speed=instant`);
  const out = [];
  const t0 = Date.now();
  if (what === 'string') {
    out.push(['throw "boom"', await answer(() => s.execute('throw "boom"'))]);
    out.push(['return Promise.reject("boom")', await answer(() => s.execute('return Promise.reject("boom")'))]);
    out.push(['throw new Error("boom")', await answer(() => s.execute('throw new Error("boom")'))]);
  } else if (what === 'reload') {
    // 20 reloads, each raced by 20 scripts.
    let errors = 0;
    for (let k = 0; k < 20; k++) {
      await s.execute('setTimeout(() => location.reload(), 0); return 1');
      for (let j = 0; j < 20; j++) {
        const a = await answer(() => s.execute('return document.readyState'));
        if (a.error) out.push([`reload ${k}, script ${j}`, a]), errors++;
      }
    }
    out.push(['400 scripts racing 20 reloads', { errors }]);
  } else {
    const pid = webProcess();
    const poll = (async () => {
      for (let j = 0; j < 40 && (out.length < 3 || what === 'hang'); j++) {
        const at = ((Date.now() - t0) / 1000).toFixed(1);
        const a = await answer(() => s.execute('return document.readyState'));
        if (a.error || a.ms > 2000) out.push([`poll at ${at} s`, a]);
        await sleep(200);
      }
    })();
    await sleep(1000);
    if (what === 'kill') {
      process.kill(pid, 'SIGKILL');
      out.push([`SIGKILL web process ${pid} at ${((Date.now() - t0) / 1000).toFixed(1)} s`, {}]);
    } else {
      // A web process that answers nothing for 45 s (stopped), then goes on.
      process.kill(pid, 'SIGSTOP');
      out.push([`SIGSTOP web process ${pid} for 45 s`, {}]);
      setTimeout(() => process.kill(pid, 'SIGCONT'), 45000);
    }
    await Promise.race([poll, sleep(75000)]);
  }
  console.log(`\n${what}:`);
  for (const [k, v] of out) console.log(`  ${k}: ${JSON.stringify(v)}`);
  for (const line of said) console.log(`  MiniBrowser: ${line.replace(/\s+/g, ' ')}`);
  await s.close().catch(() => {});
}
await driver.stop();
await server.close();
process.exit(0);
