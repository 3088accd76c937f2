// Proposed edits → a unified diff of the hand-written spec files. A node of the bundle is found in the source by the
// layout spec/README.md fixes: `#/components/<kind>/<Name>` is `components/<kind>/<Name>.yaml`, and a path item is
// the file `openapi.yaml` references for it; the rest of the pointer is the same inside the file. The diff is in git's
// format (`git apply` takes it) because reviewers read a pull request as a diff of the YAML files.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import YAML from 'yaml';
import { nodeAt, token, tokens } from './locate.mjs';
import { YamlEditError, addEntries, addSource, appendItems, valueIn } from './yaml-edit.mjs';

/** @typedef {import('./infer.mjs').Edit} Edit */

/**
 * @param {string} specDir  @param {string} pointer a JSON pointer into the bundle
 * @returns {{file: string, path: string[]}} the file (relative to specDir) and the path inside it
 */
export function sourceOf(specDir, pointer) {
  const [head, ...rest] = tokens(pointer);
  if (head === 'components' && rest.length >= 2) {
    const [kind, name, ...inside] = /** @type {string[]} */ (rest);
    const file = `components/${kind}/${name}.yaml`;
    if (existsSync(join(specDir, file))) return { file, path: inside };
  }
  if (head === 'paths' && rest.length >= 1) {
    const [route, ...inside] = /** @type {string[]} */ (rest);
    const ref = YAML.parse(readFileSync(join(specDir, 'openapi.yaml'), 'utf8')).paths?.[/** @type {string} */ (route)]?.$ref;
    if (typeof ref === 'string' && existsSync(join(specDir, ref))) return { file: ref.replace(/^\.\//, ''), path: inside };
  }
  throw new YamlEditError(`no source file holds ${pointer}`);
}

/**
 * Applies the edits to the files under specDir (in memory) and returns the diff, with the edits that could not be
 * made and why (they become findings: a person places them).
 * @param {Edit[]} edits  @param {{specDir: string, label?: string, document: Record<string, any>}} options `label` is
 *   how the diff names the spec folder (`spec`, so it applies at the repository root)
 */
export function proposePatch(edits, { specDir, label = 'spec', document }) {
  /** @type {Map<string, {before: string, after: string}>} */
  const files = new Map();
  /** @type {{edit: Edit, reason: string}[]} */
  const refused = [];
  /** @param {string} file  @param {(text: string) => string} change */
  const change = (file, change) => {
    const entry = files.get(file) ?? { before: readFileSync(join(specDir, file), 'utf8'), after: '' };
    const after = change(entry.after || entry.before);
    if (YAML.parseDocument(after).errors.length) throw new YamlEditError(`the edit would break ${file}`);
    files.set(file, { before: entry.before, after });
  };
  for (const edit of edits) {
    try {
      if (edit.kind === 'add-property') {
        const { file, path } = sourceOf(specDir, edit.pointer);
        change(file, (text) => addEntries(text, [...path, 'properties'], { [edit.name]: edit.schema }));
      } else if (edit.kind === 'add-enum-member') {
        const { file, path } = sourceOf(specDir, edit.pointer);
        change(file, (text) => addSource(appendItems(text, [...path, 'enum'], edit.values), path, edit.source));
      } else if (edit.kind === 'add-header') {
        // A shared response is edited where it is defined, for every operation that uses it.
        const ref = nodeAt(document, edit.pointer)?.$ref;
        const { file, path } = sourceOf(specDir, typeof ref === 'string' ? ref.slice(1) : edit.pointer);
        change(file, (text) => addEntries(text, [...path, 'headers'], { [edit.name]: edit.header }));
      } else {
        const { file, path } = sourceOf(specDir, `/paths/${token(edit.operation.path)}/${edit.operation.method}/responses`);
        change(file, (text) => addEntries(text, path, { [String(edit.status)]: withSchema(text, path, edit) }));
      }
    } catch (error) {
      if (!(error instanceof YamlEditError)) throw error;
      refused.push({ edit, reason: error.message });
    }
  }
  const diff = [...files.entries()]
    .filter(([, { before, after }]) => before !== after)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, { before, after }]) => {
      const name = `${label}/${file}`;
      const body = createTwoFilesPatch(`a/${name}`, `b/${name}`, before, after, undefined, undefined, { context: 3 });
      // jsdiff's own first line (`====…`) is not git's; git's is `diff --git`.
      return `diff --git a/${name} b/${name}\n${body.split('\n').slice(1).join('\n').replace(/\t$/gm, '')}`;
    })
    .join('');
  return { diff, files: [...files.keys()].sort().map((f) => `${label}/${f}`), refused };
}

/**
 * An observed status whose body validated against a documented one's schema reuses that schema (as the file writes
 * it); a documented response that is itself a shared `$ref` has no schema here to reuse, so a person decides.
 * @param {string} text  @param {string[]} path the responses map  @param {Extract<Edit, {kind: 'add-status'}>} edit
 */
function withSchema(text, path, edit) {
  if (edit.sameAs === undefined) return edit.response;
  const content = /** @type {Record<string, {schema: unknown}>} */ (edit.response.content);
  const [mediaType] = Object.keys(content);
  const schema = valueIn(text, [...path, String(edit.sameAs), 'content', /** @type {string} */ (mediaType), 'schema']);
  if (schema === undefined)
    throw new YamlEditError(
      `the ${edit.sameAs} response of ${edit.operation.method.toUpperCase()} ${edit.operation.path} is shared; declare ${edit.status} by hand`,
    );
  return { ...edit.response, content: { [/** @type {string} */ (mediaType)]: { ...content[/** @type {string} */ (mediaType)], schema } } };
}

/**
 * A new file as a git diff (`git apply` creates it, and its folders).
 * @param {string} name the path the diff names, from the repository root  @param {string} text
 */
export function newFileDiff(name, text) {
  const lines = text.replace(/\n$/, '').split('\n');
  return (
    [
      `diff --git a/${name} b/${name}`,
      'new file mode 100644',
      '--- /dev/null',
      `+++ b/${name}`,
      `@@ -0,0 +1,${lines.length} @@`,
      ...lines.map((l) => `+${l}`),
    ].join('\n') + '\n'
  );
}

/**
 * The changeset a spec change needs (the release gate fails a spec change without one): a minor of the fixed group,
 * listing what was added.
 * @param {Edit[]} edits  @param {string} date
 */
export function changesetFor(edits, date) {
  const items = edits.map((e) =>
    e.kind === 'add-property'
      ? `- field \`${e.name}\` (${e.pointer.split('/').slice(0, 4).join('/').replace(/^\//, '')})`
      : e.kind === 'add-enum-member'
        ? `- value${e.values.length > 1 ? 's' : ''} ${e.values.map((v) => `\`${v}\``).join(', ')} (${e.pointer.split('/').slice(0, 4).join('/').replace(/^\//, '')})`
        : e.kind === 'add-status'
          ? `- status ${e.status} of \`${e.operation.method.toUpperCase()} ${e.operation.path}\``
          : `- header \`${e.name}\``,
  );
  return [
    '---',
    "'@laevitas-api/types': minor",
    "'@laevitas-api/validators': minor",
    "'@laevitas-api/client': minor",
    "'@laevitas-api/docs': minor",
    "'@laevitas-api/contract': minor",
    '---',
    '',
    `Spec additions the drift watch saw on the live service on ${date} (each with its \`x-source\`):`,
    '',
    ...items,
    '',
  ].join('\n');
}
