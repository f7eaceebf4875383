// Where the main thread's time goes while bots play: a CPU profile of a
// table of bots in headless Chromium (DevTools protocol), reported as the
// longest busy stretches (runs of samples with no idle gap over 1 ms, which
// is what a long task is made of) with the functions that filled them, and
// the functions with the most time overall.
//
//   bash scripts/profile.sh [seconds] [throttle] [kinds]   # builds with names, then runs this
//   node scripts/profile.mjs --dist DIR [--seconds 15] [--throttle 1] [--kinds hard,hard,medium,easy]
//
// The build must keep function names: scripts/profile.sh builds one without
// wasm-opt (which strips them). Figures are diagnostic (BENCHMARKS.md, "Speed"),
// not a budget: scripts/budget.sh measures the budgets.
import { opt, openBotTable } from './bot-table.mjs';

const dir = opt('dist', null);
if (!dir) {
  console.error('profile: --dist DIR is required (see the head of scripts/profile.mjs)');
  process.exit(2);
}
const seconds = Number(opt('seconds', '15'));
const throttle = Number(opt('throttle', '1'));
const kinds = opt('kinds', 'hard,hard,medium,easy').split(',');

const { page, cdp, close } = await openBotTable({ dir, kinds, speed: 'instant' });
try {
  if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.waitForTimeout(seconds * 1000);
  const { profile } = await cdp.send('Profiler.stop');
  report(profile);
} finally {
  await close();
}

function report(profile) {
  const node = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id) => node.get(id).callFrame.functionName || '(anonymous)';
  const stack = (id) => {
    const names = new Set();
    for (let p = id; p != null; p = parent.get(p)) names.add(name(p));
    return names;
  };
  const idle = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);
  const total = new Map();
  const spans = [];
  let t = profile.startTime;
  let span = null;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    if (idle.has(name(id))) {
      if (span && t - span.end > 1000) {
        spans.push(span);
        span = null;
      }
      return;
    }
    span ??= { start: t, end: t, fns: new Map() };
    span.end = t;
    for (const f of stack(id)) {
      span.fns.set(f, (span.fns.get(f) ?? 0) + dt);
      total.set(f, (total.get(f) ?? 0) + dt);
    }
  });
  if (span) spans.push(span);
  const ms = (us) => (us / 1000).toFixed(1).padStart(7);
  // Our code and the browser calls it makes, not the glue around them.
  const ours = (f) => !idle.has(f) && !/closures|externref shim|js-to-wasm|wasm-to-js|^\(anonymous\)$|^real$/.test(f);
  console.log(`profile: ${seconds} s of a table of ${kinds.join(', ')} at ?speed=instant, CPU throttling ${throttle}x`);
  console.log('longest busy stretches (ms) and what filled them:');
  for (const s of spans.sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 5)) {
    const top = [...s.fns].filter(([f]) => ours(f)).sort((a, b) => b[1] - a[1]).slice(0, 5);
    console.log(`${ms(s.end - s.start)}  ${top.map(([f, us]) => `${f.slice(0, 70)} ${(us / 1000).toFixed(1)}`).join(' | ')}`);
  }
  console.log('most time overall (ms, inclusive):');
  for (const [f, us] of [...total].filter(([f]) => ours(f)).sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`${ms(us)}  ${f.slice(0, 120)}`);
  }
}
