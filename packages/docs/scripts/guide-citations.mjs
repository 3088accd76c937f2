// A guide's source cites the tests behind each claim, as the READMEs do (the readme-claims tests check every
// citation); the published page is for callers, so the citations and the maintainers' HTML comments are taken out
// when a guide is rendered (guides.mjs).

/** Where a citation of the tests that prove a claim starts: `(test: \`path\` › "name"`, `(budgets: …`, or `(\`path\` › …`. */
const CITATION_START = /[ \t]*\n?[ \t]*\((?:\w+: )?`[\w./-]+\.[cm]?[jt]s` › /g;

/**
 * The guide without its maintainers' notes: HTML comments, and the citations of the tests that prove each claim
 * (`(tests: \`packages/client/test/x.test.ts\` › "name", …)`). A guide's source cites its tests as the READMEs do,
 * and the readme-claims tests check every citation; the published page is for callers, who need the claim, not the
 * test file. A citation ends at its closing parenthesis; parentheses inside a quoted test name do not count.
 * @param {string} markdown
 */
export function withoutCitations(markdown) {
  let out = markdown.replace(/<!--[\s\S]*?-->\n*/g, '');
  for (let match = CITATION_START.exec(out); match; match = CITATION_START.exec(out)) {
    let depth = 0;
    let quoted = false;
    let end = match.index + match[0].indexOf('(');
    for (; end < out.length; end++) {
      const c = out[end];
      if (c === '"') quoted = !quoted;
      else if (!quoted && c === '(') depth++;
      else if (!quoted && c === ')' && --depth === 0) break;
    }
    if (depth !== 0) throw new Error(`docs guides: a test citation is not closed: ${out.slice(match.index, match.index + 80)}`);
    out = out.slice(0, match.index) + out.slice(end + 1);
    CITATION_START.lastIndex = match.index;
  }
  return out;
}
