// Redoc links sidebar sections by path (`/options`) but only finds a section from the hash (`/#/options`) when a page
// is opened fresh, so a section link opened in a new tab would 404 on a static host (or show the top of the page).
// Each section gets a tiny page at its path that forwards to the hash form; operation links are hashes already.

/** Section paths the sidebar of the built page links to (`/options`, `/quick-start`). */
export function sectionSlugs(html) {
  const slugs = new Set();
  for (const [, slug] of html.matchAll(/href="\/([a-z0-9][a-z0-9-]*)"/g)) slugs.add(slug);
  return [...slugs].sort();
}

export function sectionRedirectPage(slug) {
  const target = `../#/${slug}`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<title>Laevitas API reference: ${slug}</title>`,
    `<meta http-equiv="refresh" content="0; url=${target}">`,
    `<script>location.replace(${JSON.stringify(target)} + location.search);</script>`,
    '<link rel="icon" href="/favicon.ico">',
    '</head>',
    `<body><p><a href="${target}">Open the ${slug} section of the Laevitas API reference</a></p></body>`,
    '</html>',
  ].join('\n');
}
