import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
const files = [];
const walk = (d) => { for (const e of readdirSync(d)) { const p = join(d,e); statSync(p).isDirectory() ? walk(p) : p.endsWith('.yaml') && files.push(p); } };
walk('spec/components'); walk('spec/paths');
let n = 0;
for (const f of files) {
  const text = readFileSync(f,'utf8');
  const doc = YAML.parseDocument(text);
  const drop = [];
  const visit = (node, ancU) => {
    if (YAML.isMap(node)) {
      const u = node.get('x-unpublished-shape') === true;
      for (const pair of node.items) {
        const k = pair.key?.value;
        if (k === 'additionalProperties' && YAML.isScalar(pair.value) && pair.value.value === true && !u && !ancU && node.has('properties')) drop.push(pair.key.range[0]);
        visit(pair.value, ancU || u);
      }
    } else if (YAML.isSeq(node)) node.items.forEach((n)=>visit(n,ancU));
  };
  visit(doc.contents, false);
  if (!drop.length) continue;
  const lines = text.split('\n');
  const starts = []; let off = 0; for (const l of lines) { starts.push(off); off += l.length + 1; }
  const dropLines = new Set(drop.map((o) => starts.findLastIndex((s) => s <= o)));
  for (const i of dropLines) if (!/^\s*additionalProperties: true\s*$/.test(lines[i])) throw new Error(f + ':' + i + ' ' + lines[i]);
  writeFileSync(f, lines.filter((_, i) => !dropLines.has(i)).join('\n'));
  n += dropLines.size;
}
console.log('removed', n);
