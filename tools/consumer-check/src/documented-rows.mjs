// Writes one `@ts-expect-error` per documented object schema: reading a misspelt field must not compile. A schema
// marked `x-unpublished-shape` stays open (its other fields are unknown, not absent), so it is left out.

/** @param {{ components?: { schemas?: Record<string, any> } }} document the bundled spec */
export function documentedRowChecks(document) {
  const lines = ["import type { components } from '@laevitas-api/types';", ''];
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    const fields = Object.keys(schema?.properties ?? {});
    const [first] = fields;
    if (first === undefined || schema['x-unpublished-shape'] || !isObjectSchema(schema)) continue;
    const typo = misspell(first, fields);
    lines.push(
      `declare const ${name}: components['schemas']['${name}'];`,
      `// @ts-expect-error \`${typo}\` is a misspelling of \`${fields[0]}\`, not a field of ${name}`,
      `void ${name}${/^[A-Za-z_$][\w$]*$/.test(typo) ? `.${typo}` : `[${JSON.stringify(typo)}]`};`,
    );
  }
  return lines.join('\n') + '\n';
}

/** @param {{type?: string | string[]}} schema */
function isObjectSchema(schema) {
  return schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'));
}

/** `close` → `clsoe`: the last two letters swapped, as a hurried typist would; never another real field. */
export function misspell(/** @type {string} */ field, /** @type {string[]} */ fields) {
  let typo = field.length > 1 ? field.slice(0, -2) + field.at(-1) + field.at(-2) : `${field}${field}`;
  while (typo === field || fields.includes(typo)) typo += '_';
  return typo;
}
