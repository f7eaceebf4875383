// The game is never left frozen. A wasm trap (WebAssembly.RuntimeError:
// an out-of-bounds access, or a Rust panic, which aborts as `unreachable`)
// leaves the app's instance untrustworthy: its borrows stay held and its
// stack is not unwound, so taps would do nothing from then on. This plain
// script, loaded before the app, treats any such error as fatal and
// reloads the page: the game, the settings and the statistics are saved
// before each move is drawn, so the page comes back where it was, and the
// app shows "The game was restored" (it reads `mojo.restored`).
//
// At most three restores a minute (`mojo.restores`): after that, a plain
// message with Reload and Copy details, drawn here without the wasm. The
// details are the error (or the panic's text, which the app's panic hook
// stored first in `mojo.fault`), the build and the last actions of the
// saved game. Without storage a reload would lose the game: the message
// shows at once.
(() => {
  const FAULT = 'mojo.fault';
  const RESTORES = 'mojo.restores';
  const RESTORED = 'mojo.restored';
  const PER_MINUTE = 3;

  const WORDS = {
    en: {
      title: 'Mojo stopped',
      body: 'Something went wrong several times in a row, so the game was not restored again. Your game is saved. Reload to try again; if it happens again, copy the details for a bug report.',
      reload: 'Reload',
      copy: 'Copy details',
      copied: 'Copied',
      selected: 'The details are selected: copy them with your browser.',
    },
    fr: {
      title: 'Mojo s’est arrêté',
      body: 'Une erreur s’est produite plusieurs fois de suite\u00a0: la partie n’a pas été restaurée une nouvelle fois. Votre partie est sauvegardée. Rechargez pour réessayer\u00a0; si cela se reproduit, copiez les détails pour signaler le problème.',
      reload: 'Recharger',
      copy: 'Copier les détails',
      copied: 'Copié',
      selected: 'Les détails sont sélectionnés\u00a0: copiez-les avec votre navigateur.',
    },
    ru: {
      title: 'Mojo остановилась',
      body: 'Сбой повторился несколько раз подряд, поэтому игра больше не восстанавливается сама. Ваша игра сохранена. Перезагрузите страницу, чтобы попробовать снова; если сбой повторится, скопируйте подробности для сообщения об ошибке.',
      reload: 'Перезагрузить',
      copy: 'Скопировать подробности',
      copied: 'Скопировано',
      selected: 'Подробности выделены: скопируйте их средствами браузера.',
    },
    nl: {
      title: 'Mojo is gestopt',
      body: 'Er ging een paar keer achter elkaar iets mis, dus het spel is niet nog eens hersteld. Je spel is opgeslagen. Laad opnieuw om het nog eens te proberen; gebeurt het weer, kopieer dan de details voor een foutmelding.',
      reload: 'Opnieuw laden',
      copy: 'Details kopiëren',
      copied: 'Gekopieerd',
      selected: 'De details zijn geselecteerd: kopieer ze met je browser.',
    },
    pl: {
      title: 'Mojo się zatrzymało',
      body: 'Coś poszło nie tak kilka razy z rzędu, więc gra nie została przywrócona ponownie. Twoja gra jest zapisana. Odśwież stronę, aby spróbować jeszcze raz; jeśli to się powtórzy, skopiuj szczegóły do zgłoszenia błędu.',
      reload: 'Odśwież',
      copy: 'Kopiuj szczegóły',
      copied: 'Skopiowano',
      selected: 'Szczegóły są zaznaczone: skopiuj je w przeglądarce.',
    },
  };

  const store = (() => {
    try {
      return window.localStorage;
    } catch (e) {
      return null;
    }
  })();
  const read = (key) => {
    try {
      return store ? store.getItem(key) : null;
    } catch (e) {
      return null;
    }
  };
  const write = (key, value) => {
    try {
      if (!store) return false;
      store.setItem(key, value);
      return store.getItem(key) === value;
    } catch (e) {
      return false;
    }
  };

  const fatal = (error) =>
    (typeof WebAssembly !== 'undefined' && error instanceof WebAssembly.RuntimeError) ||
    (error != null && error.name === 'RuntimeError');

  // The page's language is the app's (it sets <html lang>); before the app
  // ran, the browser's.
  const words = () => {
    const lang = (document.documentElement.lang || navigator.language || 'en').slice(0, 2).toLowerCase();
    return WORDS[lang] || WORDS.en;
  };

  const details = (error) => {
    const panic = read(FAULT);
    const app = document.querySelector('[data-build]');
    let actions = 'none saved';
    try {
      const game = JSON.parse(read('mojo.game') || 'null');
      const list = game && game.game && game.game.actions;
      if (Array.isArray(list)) {
        actions = `${list.length} in all; the last ${Math.min(12, list.length)}: ${JSON.stringify(list.slice(-12))}`;
      }
    } catch (e) {
      actions = 'the save could not be read';
    }
    const text = panic || String((error && (error.stack || error.message)) || error);
    return [
      `Mojo stopped: ${panic ? 'a panic' : 'a wasm trap'}`,
      `error: ${text}`,
      `build: ${app ? app.getAttribute('data-build') : 'unknown'}`,
      `page: ${location.pathname}${location.search}`,
      `browser: ${navigator.userAgent}`,
      `time: ${new Date().toISOString()}`,
      `actions: ${actions}`,
    ].join('\n');
  };

  const copy = async (text, area, status, w) => {
    try {
      await navigator.clipboard.writeText(text);
      status.textContent = w.copied;
    } catch (e) {
      area.focus();
      area.select();
      status.textContent = w.selected;
    }
  };

  // The plain message: no wasm, no app styles needed (they help if there).
  const showStopped = (text) => {
    const w = words();
    const box = document.createElement('div');
    box.className = 'fault';
    box.setAttribute('role', 'alertdialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-labelledby', 'fault-title');
    const title = document.createElement('h1');
    title.id = 'fault-title';
    title.textContent = w.title;
    const body = document.createElement('p');
    body.textContent = w.body;
    const area = document.createElement('textarea');
    area.className = 'fault__details';
    area.readOnly = true;
    area.rows = 6;
    area.value = text;
    area.setAttribute('aria-label', w.copy);
    const status = document.createElement('p');
    status.className = 'fault__status';
    status.setAttribute('role', 'status');
    const reload = document.createElement('button');
    reload.type = 'button';
    reload.className = 'button button--primary';
    reload.textContent = w.reload;
    reload.addEventListener('click', () => location.reload());
    const copyButton = document.createElement('button');
    copyButton.type = 'button';
    copyButton.className = 'button';
    copyButton.textContent = w.copy;
    copyButton.addEventListener('click', () => copy(text, area, status, w));
    const row = document.createElement('div');
    row.className = 'fault__buttons';
    row.append(reload, copyButton);
    box.append(title, body, row, status, area);
    const shade = document.createElement('div');
    shade.className = 'fault-shade';
    shade.append(box);
    // The frozen app below cannot be reached any more.
    for (const el of document.body.children) el.setAttribute('inert', '');
    document.body.append(shade);
    reload.focus();
  };

  let down = false;
  const onFault = (error) => {
    if (down || !fatal(error)) return;
    down = true;
    const text = details(error);
    const now = Date.now();
    let times = [];
    try {
      times = JSON.parse(read(RESTORES) || '[]').filter((t) => typeof t === 'number' && now - t < 60000);
    } catch (e) {
      times = [];
    }
    const kept =
      times.length < PER_MINUTE &&
      write(RESTORES, JSON.stringify([...times, now])) &&
      write(RESTORED, JSON.stringify({ at: now, details: text }));
    try {
      if (store) store.removeItem(FAULT);
    } catch (e) {
      // Nothing to clean.
    }
    if (kept) location.reload();
    else showStopped(text);
  };

  window.addEventListener('error', (e) => onFault(e.error));
  window.addEventListener('unhandledrejection', (e) => onFault(e.reason));
})();
