// What the diagnostic scripts (profile.mjs, trace-tasks.mjs) share: their
// command-line options, and a table of bots in headless Chromium with a
// DevTools session on it, the game just dealt.
import { serve, launch, openPage } from '../tests/e2e/harness.mjs';

/// The value after `--name` on the command line, or `fallback`.
export function opt(name, fallback) {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
}

/// Serves `dir` under /app/, seats `kinds` (bot levels) in the lobby and
/// starts the game at `?speed=speed`. Returns { page, cdp, close }.
/// `bypassCsp`: the page's Content-Security-Policy is not enforced, so that
/// a diagnostic may add a style sheet of its own.
export async function openBotTable({ dir, kinds, speed, bypassCsp = false }) {
  const browser = await launch();
  const server = await serve('/app/', { dir });
  const close = async () => {
    await browser.close();
    await server.close?.();
  };
  try {
    const page = await openPage(browser, null);
    const cdp = await page.context().newCDPSession(page);
    if (bypassCsp) await cdp.send('Page.setBypassCSP', { enabled: true });
    await page.goto(`${server.url}?lang=en&speed=${speed}`);
    for (const [i, kind] of kinds.entries()) {
      if (i >= (await page.locator('.lobby__seat').count())) await page.getByRole('button', { name: '+ Add a seat' }).click();
      await page.locator(`#seat-kind-${i}`).selectOption(kind);
    }
    await page.getByRole('button', { name: 'Start game' }).click();
    await page.locator('.table').waitFor();
    await page.waitForTimeout(300);
    return { page, cdp, close };
  } catch (e) {
    await close();
    throw e;
  }
}
