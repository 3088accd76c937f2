// The site's own script (shared by every page, loaded as a module so it never blocks rendering):
// 1. removes the static preview of an operation once Redoc shows that operation itself;
// 2. search across every operation and guide of both families: on the first keystroke it loads MiniSearch and the
//    index built at build time (two cacheable files), then lists links to the matching pages;
// 3. the navigation's Menu button on narrow screens, and the mark on the page entry (operation or heading) in view;
// 4. the colour scheme: the system's unless the reader toggles it (remembered on this device);
// 5. "Copy as Markdown": the Markdown twin of the operation the URL names, or of the page, onto the clipboard.
const nav = document.getElementById('site-nav');

function dropPreviewWhenRedocShows() {
  const previews = document.getElementById('op-previews');
  if (!previews) return;
  // The static renders stay in the page (each holds its operation's console), hidden once Redoc shows the section.
  const hide = () => {
    document.documentElement.classList.add('redoc-shown');
    for (const shown of previews.querySelectorAll('.op-preview-shown')) shown.classList.remove('op-preview-shown');
  };
  const rendered = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    const section = id && document.querySelector(`[data-section-id="${CSS.escape(id)}"]`);
    return !id || (section && section.querySelector('h1, h2'));
  };
  const observer = new MutationObserver(() => {
    if (rendered() && document.querySelector('#redoc [data-section-id] h2')) {
      observer.disconnect();
      hide();
    }
  });
  if (rendered() && document.querySelector('#redoc [data-section-id] h2') && !document.querySelector('.op-preview-shown')) hide();
  else observer.observe(document.getElementById('redoc'), { childList: true, subtree: true });
  // A hash change means the reader moved on inside Redoc: the static render of the first operation is no longer wanted.
  addEventListener('hashchange', hide, { once: true });
}

/**
 * Beside Redoc's view, the "Try it" button opens the console of the operation in view (the entry the navigation
 * marks, else the one in the URL) over the page, in that operation's static render; Close (or Escape) returns.
 */
function consoleLauncher() {
  const open = document.getElementById('console-open');
  const previews = document.getElementById('op-previews');
  if (!open || !previews) return;
  const close = () => {
    for (const shown of previews.querySelectorAll('.op-preview-shown')) shown.classList.remove('op-preview-shown');
    open.focus();
  };
  const sync = () => {
    open.hidden = !document.documentElement.classList.contains('redoc-shown');
  };
  new MutationObserver(sync).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  sync();
  open.addEventListener('click', () => {
    const current = nav?.querySelector('.site-entries a[aria-current="location"]')?.hash || location.hash;
    const section = current && document.getElementById(decodeURIComponent(current.slice(1)));
    const target = section?.classList.contains('op-preview') ? section : previews.querySelector('.op-preview');
    if (!target) return;
    target.classList.add('op-preview-shown');
    target.querySelector('details.op-console')?.setAttribute('open', '');
    target.querySelector('.console-form input, .console-form select')?.focus();
  });
  for (const button of previews.querySelectorAll('[data-close-preview]')) button.addEventListener('click', close);
  addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && document.documentElement.classList.contains('redoc-shown') && previews.querySelector('.op-preview-shown')) close();
  });
}

function search() {
  const input = document.getElementById('site-search-input');
  const results = document.getElementById('site-search-results');
  const status = document.getElementById('site-search-status');
  if (!input || !nav) return;
  let engine;
  const load = () =>
    (engine ??= Promise.all([import(nav.dataset.searchLib), fetch(nav.dataset.searchIndex).then((r) => r.text())]).then(([lib, text]) => {
      const { options } = JSON.parse(text);
      return lib.default.loadJSON(JSON.stringify(JSON.parse(text).index), options);
    }));
  const render = async () => {
    const query = input.value.trim();
    if (!query) {
      results.replaceChildren();
      status.textContent = '';
      return;
    }
    const index = await load();
    if (query !== input.value.trim()) return;
    const hits = index.search(query).slice(0, 20);
    results.replaceChildren(
      ...hits.map((hit) => {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = hit.href;
        a.textContent = hit.title;
        const where = document.createElement('span');
        where.className = 'site-search-where';
        where.textContent = hit.kind === 'operation' ? `${hit.route.split(' ').slice(0, 2).join(' ')} · ${hit.section}` : hit.section;
        a.append(where);
        li.append(a);
        return li;
      }),
    );
    status.textContent = hits.length ? `${hits.length} result${hits.length === 1 ? '' : 's'}` : 'No result';
  };
  input.addEventListener('focus', () => load(), { once: true });
  input.addEventListener('input', () => void render());
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') results.querySelector('a')?.click();
    if (event.key === 'Escape') {
      input.value = '';
      void render();
    }
  });
}

/** The Menu button folds the navigation in and out on narrow screens; following a link or Escape folds it. */
function menu() {
  const toggle = nav?.querySelector('.site-nav-toggle');
  if (!nav || !toggle) return;
  const set = (open) => {
    nav.dataset.menu = open ? 'open' : 'closed';
    toggle.setAttribute('aria-expanded', String(open));
  };
  toggle.addEventListener('click', () => set(nav.dataset.menu !== 'open'));
  nav.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('#site-nav-body a')) set(false);
  });
  nav.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && nav.dataset.menu === 'open') {
      set(false);
      toggle.focus();
    }
  });
}

/** Marks the entry of the page's operation or heading at the top of the view with aria-current="location". */
function markEntryInView() {
  const links = [...(nav?.querySelectorAll('.site-entries a') ?? [])];
  if (!links.length) return;
  let queued = false;
  const update = () => {
    queued = false;
    // Below the navigation's bar where it sticks to the top (narrow screens), else from the top of the view.
    const bar = getComputedStyle(nav).position === 'sticky' ? nav.querySelector('.site-nav-bar') : null;
    const top = bar ? bar.getBoundingClientRect().bottom : 0;
    let current;
    for (const link of links) {
      const section = document.querySelector(`[data-section-id="${CSS.escape(link.hash.slice(1))}"]`);
      if (section && section.getBoundingClientRect().top <= top + 80) current = link;
    }
    // At the end of the page the last entries cannot reach the top: the one the reader followed is the one in view.
    if (innerHeight + scrollY >= document.documentElement.scrollHeight - 2) current = links.find((l) => l.hash === location.hash) ?? current;
    for (const link of links) {
      if (link === current) link.setAttribute('aria-current', 'location');
      else link.removeAttribute('aria-current');
    }
    // Keep the mark in sight when the navigation scrolls on its own (the column beside the content).
    if (current && nav.scrollHeight > nav.clientHeight) {
      const box = current.getBoundingClientRect();
      const frame = nav.getBoundingClientRect();
      if (box.top < frame.top || box.bottom > frame.bottom) nav.scrollTop += box.top - frame.top - frame.height / 2;
    }
  };
  const queue = () => {
    if (!queued) requestAnimationFrame(update);
    queued = true;
  };
  addEventListener('scroll', queue, { passive: true });
  addEventListener('hashchange', queue);
  queue();
}

/**
 * Scrolls the navigation column when the current page's link opens low in it (a section far down), so the link and
 * its first entries show; a link in the upper part stays put, and with it the search box at the top.
 */
function revealCurrentPage() {
  const current = nav?.querySelector('#site-nav-body a[aria-current="page"]');
  if (!current || nav.scrollHeight <= nav.clientHeight) return;
  const frame = nav.getBoundingClientRect();
  const link = current.getBoundingClientRect();
  const item = current.parentElement.getBoundingClientRect();
  if (link.top > frame.top + frame.height * 0.6) nav.scrollTop += Math.min(item.bottom - frame.bottom + 16, link.top - frame.top - frame.height / 3);
}

/**
 * Copies the Markdown twin of what the reader is looking at: the operation the URL's hash names (its twin is the
 * section's folder plus `<operationid>.md`), else the page's own `index.md` (the link beside the button).
 */
function copyAsMarkdown() {
  const button = nav?.querySelector('.site-copy-markdown');
  const link = nav?.querySelector('.site-markdown a');
  const status = nav?.querySelector('.site-copy-status');
  if (!button || !link || !navigator.clipboard) return;
  button.hidden = false;
  button.addEventListener('click', async () => {
    const operation = /^#\/[a-z0-9-]+\/([a-z0-9_.-]+)$/i.exec(decodeURIComponent(location.hash));
    const url =
      operation && nav.querySelector(`.site-entries a[href$="${CSS.escape(location.hash)}"]`)
        ? `${location.pathname.replace(/[^/]*$/, '')}${operation[1]}.md`
        : link.getAttribute('href');
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      await navigator.clipboard.writeText(await response.text());
      status.textContent = ' Copied';
    } catch (error) {
      status.textContent = ` Could not copy (${error instanceof Error ? error.message : error})`;
    }
  });
}

/**
 * Dark or light on <html> (Redoc's dark theme and the site's styles read the same class). The inline head script set
 * it before the first paint; Redoc resets it when it hydrates (from its own setting or the system's), so the
 * reader's choice is put back whenever the class moves away from it.
 */
function colorScheme() {
  const button = nav?.querySelector('.site-scheme-toggle');
  const root = document.documentElement;
  if (!button) return;
  let stored;
  try {
    stored = localStorage.getItem('laevitas-docs-scheme');
  } catch {
    stored = null;
  }
  let chosen = root.classList.contains('dark') ? 'dark' : 'light';
  const other = () => (chosen === 'dark' ? 'light' : 'dark');
  const apply = () => {
    if (!root.classList.contains(chosen)) root.classList.add(chosen);
    if (root.classList.contains(other())) root.classList.remove(other());
    button.setAttribute('aria-pressed', String(chosen === 'dark'));
  };
  new MutationObserver(apply).observe(root, { attributes: true, attributeFilter: ['class'] });
  button.hidden = false;
  apply();
  button.addEventListener('click', () => {
    chosen = other();
    stored = chosen;
    try {
      localStorage.setItem('laevitas-docs-scheme', chosen);
    } catch {
      // Private windows may refuse storage: the choice then lasts for this page.
    }
    apply();
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', (event) => {
    if (stored !== 'dark' && stored !== 'light') {
      chosen = event.matches ? 'dark' : 'light';
      apply();
    }
  });
}

colorScheme();
dropPreviewWhenRedocShows();
consoleLauncher();
copyAsMarkdown();
search();
menu();
revealCurrentPage();
markEntryInView();
