// The site's own script (shared by every page, loaded as a module so it never blocks rendering):
// 1. removes the static preview of an operation once Redoc shows that operation itself;
// 2. search across every operation and guide of both families: on the first keystroke it loads MiniSearch and the
//    index built at build time (two cacheable files), then lists links to the matching pages.
const nav = document.getElementById('site-nav');

function dropPreviewWhenRedocShows() {
  const previews = document.getElementById('op-previews');
  if (!previews) return;
  const rendered = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    const section = id && document.querySelector(`[data-section-id="${CSS.escape(id)}"]`);
    return !id || (section && section.querySelector('h1, h2'));
  };
  const observer = new MutationObserver(() => {
    if (rendered()) {
      observer.disconnect();
      previews.remove();
    }
  });
  if (rendered() && document.querySelector('#redoc [data-section-id] h2')) previews.remove();
  else observer.observe(document.getElementById('redoc'), { childList: true, subtree: true });
  // A hash change means the reader moved on inside Redoc: the preview of the first operation is no longer wanted.
  addEventListener('hashchange', () => previews.remove(), { once: true });
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

dropPreviewWhenRedocShows();
search();
