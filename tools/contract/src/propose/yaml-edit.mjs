// Edits of a hand-written YAML file as text, so a proposed patch shows only the lines it adds: the `yaml` library
// parses the file and gives each node's source range, and the new lines are spliced in at the end of the map or
// list they join, in its indentation. (Re-serializing the parsed document would re-fold and re-quote lines nobody
// changed: most files of spec/ do not survive a round trip byte for byte.)
import YAML from 'yaml';

/**
 * How new YAML is written: the spec's own style (single quotes, no folding), and YAML 1.1's quoting, so a string a
 * 1.1 reader would take for a date or a boolean (`2026-11-20 14:00:00`, `yes`) stays a string for every reader.
 */
const STYLE = /** @type {const} */ ({ lineWidth: 0, singleQuote: true, indent: 2, version: '1.1' });

export class YamlEditError extends Error {}

/** @param {string} text */
function parse(text) {
  const doc = YAML.parseDocument(text);
  if (doc.errors.length) throw new YamlEditError(`not valid YAML: ${doc.errors[0]?.message}`);
  return doc;
}

/** @param {string} text  @param {(string | number)[]} path */
function nodeAt(text, path) {
  const doc = parse(text);
  return path.length ? doc.getIn(path, true) : doc.contents;
}

/** The column a node starts at.  @param {string} text  @param {number} offset */
const columnOf = (text, offset) => offset - (text.lastIndexOf('\n', offset - 1) + 1);

/** @param {string} text  @param {number} at  @param {string} insert */
const splice = (text, at, insert) => text.slice(0, at) + insert + text.slice(at);

/**
 * Adds keys to the block map at `path`, creating the missing maps on the way (`properties`, `headers`, …). Keys that
 * exist are an error: a proposal never overwrites.
 * @param {string} text  @param {(string | number)[]} path  @param {Record<string, unknown>} entries
 */
export function addEntries(text, path, entries) {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = nodeAt(text, path.slice(0, depth));
    if (node === undefined) continue;
    if (!YAML.isMap(node)) throw new YamlEditError(`${path.slice(0, depth).join('.') || '(root)'} is not a map`);
    if (node.flow) throw new YamlEditError(`${path.slice(0, depth).join('.') || '(root)'} is a flow map; edit it by hand`);
    /** @type {Record<string, unknown>} */
    let add = entries;
    for (const key of path.slice(depth).reverse()) add = { [key]: add };
    for (const key of Object.keys(add)) if (node.has(key)) throw new YamlEditError(`${[...path.slice(0, depth), key].join('.')} exists already`);
    const [start, end] = /** @type {[number, number, number]} */ (node.range);
    const indent = ' '.repeat(node.items.length ? columnOf(text, start) : columnOf(text, start) + 2);
    const lines = YAML.stringify(add, STYLE)
      .trimEnd()
      .split('\n')
      .map((line) => (line ? indent + line : line))
      .join('\n');
    return splice(text, end, `${text[end - 1] === '\n' || end === 0 ? '' : '\n'}${lines}\n`);
  }
  throw new YamlEditError('no map to add to');
}

/**
 * Appends values to the list at `path` (flow `[a, b]` or block `- a`).
 * @param {string} text  @param {(string | number)[]} path  @param {unknown[]} values
 */
export function appendItems(text, path, values) {
  const node = nodeAt(text, path);
  if (!YAML.isSeq(node)) throw new YamlEditError(`${path.join('.')} is not a list`);
  const scalars = values.map((v) => YAML.stringify(v, STYLE).trimEnd());
  const [start, end] = /** @type {[number, number, number]} */ (node.range);
  if (node.flow) {
    const close = text.lastIndexOf(']', end);
    return splice(text, close, `${node.items.length ? ', ' : ''}${scalars.join(', ')}`);
  }
  const indent = ' '.repeat(columnOf(text, start));
  return splice(text, end, `${text[end - 1] === '\n' ? '' : '\n'}${scalars.map((s) => `${indent}- ${s}`).join('\n')}\n`);
}

/**
 * Adds a label to the `x-source` of the map at `path` (`; ` between labels), or gives it one.
 * @param {string} text  @param {(string | number)[]} path  @param {string} label
 */
export function addSource(text, path, label) {
  const node = nodeAt(text, [...path, 'x-source']);
  if (node === undefined) return addEntries(text, path, { 'x-source': label });
  if (!YAML.isScalar(node) || typeof node.value !== 'string') throw new YamlEditError(`${[...path, 'x-source'].join('.')} is not a string`);
  const [start, valueEnd] = /** @type {[number, number, number]} */ (node.range);
  const replaced = YAML.stringify(`${node.value}; ${label}`, STYLE).trimEnd();
  return text.slice(0, start) + replaced + text.slice(valueEnd);
}

/** The plain value at `path`, or undefined.  @param {string} text  @param {(string | number)[]} path */
export function valueIn(text, path) {
  const doc = parse(text);
  const node = doc.getIn(path, true);
  return node === undefined ? undefined : YAML.isNode(node) ? node.toJS(doc) : node;
}
