// Which main-thread tasks run long while bots play, and what fills each
// one: a DevTools trace of a table of bots in headless Chromium (script,
// style, layout, paint, garbage collection, by event name). Diagnostic,
// like scripts/profile.mjs (which samples only script): after
// `trunk build --release`,
//
//   node scripts/trace-tasks.mjs [--dist dist] [--seconds 20] [--throttle 4] [--speed normal] [--kinds easy,easy,easy,easy] [--over 40] [--css FILE]
//
// prints every task of `--over` ms and more with the events inside it,
// then the main thread's time in style, layout and paint over the trace.
// `--css FILE` adds a style sheet to the page before tracing: a way to try
// a change of styles (containment, say) on the same build.
import { readFile } from 'node:fs/promises';
import { opt, openBotTable } from './bot-table.mjs';

const dir = opt('dist', 'dist');
const seconds = Number(opt('seconds', '20'));
const throttle = Number(opt('throttle', '4'));
const speed = opt('speed', 'normal');
const over = Number(opt('over', '40'));
const kinds = opt('kinds', 'easy,easy,easy,easy').split(',');
const css = opt('css', null);

const { page, cdp, close } = await openBotTable({ dir, kinds, speed, bypassCsp: css !== null });
try {
  if (css) await page.addStyleTag({ content: await readFile(css, 'utf8') });
  if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', {
    categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline,v8,blink,loading',
    transferMode: 'ReportEvents',
  });
  await page.waitForTimeout(seconds * 1000);
  await cdp.send('Tracing.end');
  await done;
  report(events);
} finally {
  await close();
}

function report(events) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const on = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  // A task's event comes twice, nested (RunTask in
  // ThreadControllerImpl::RunTask): only the outermost counts.
  const tasks = [];
  for (const e of on.filter((x) => x.name === 'RunTask' || x.name === 'ThreadControllerImpl::RunTask').sort((x, y) => x.ts - y.ts || y.dur - x.dur)) {
    const last = tasks.at(-1);
    if (!last || e.ts >= last.ts + last.dur) tasks.push(e);
  }
  const long = tasks.filter((t) => t.dur >= over * 1000);
  const all = tasks.filter((t) => t.dur >= 50000).length;
  console.log(`trace: ${seconds} s, ${kinds.join(',')} at ?speed=${speed}, ${throttle}x: ${tasks.length} tasks, ${all} of 50 ms and over`);
  const t0 = tasks[0]?.ts ?? 0;
  for (const t of long) {
    const inside = on.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur);
    const by = new Map();
    for (const e of inside) {
      if (['RunTask', 'ThreadControllerImpl::RunTask'].includes(e.name)) continue;
      by.set(e.name, (by.get(e.name) ?? 0) + e.dur);
    }
    const top = [...by].sort((a, b) => b[1] - a[1]).slice(0, 8);
    console.log(`${((t.ts - t0) / 1000).toFixed(0).padStart(6)} ms: task ${(t.dur / 1000).toFixed(1)} ms — ${top.map(([n, d]) => `${n} ${(d / 1000).toFixed(1)}`).join(' | ')}`);
    // How much of the page each style and layout pass took on.
    const passes = inside
      .filter((e) => (e.name === 'UpdateLayoutTree' || e.name === 'Layout') && e.dur >= 2000)
      .map((e) =>
        e.name === 'Layout'
          ? `layout ${(e.dur / 1000).toFixed(1)} ms of ${e.args?.beginData?.dirtyObjects ?? '?'}/${e.args?.beginData?.totalObjects ?? '?'} objects`
          : `style ${(e.dur / 1000).toFixed(1)} ms of ${e.args?.elementCount ?? '?'} elements`,
      );
    if (passes.length) console.log(`          ${passes.join('; ')}`);
  }
  // Where the main thread's time went, whatever the tasks' lengths.
  const phases = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'FunctionCall', 'MajorGC', 'MinorGC'];
  const sums = phases.map((name) => {
    const es = on.filter((e) => e.name === name);
    return `${name} ${(es.reduce((a, e) => a + e.dur, 0) / 1000).toFixed(0)} ms/${es.length}`;
  });
  const busy = tasks.reduce((a, t) => a + t.dur, 0) / 1000;
  console.log(`main thread: tasks ${busy.toFixed(0)} ms; ${sums.join(' · ')}`);
}
