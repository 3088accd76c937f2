// Checks the options given to createClient: each setting with its check compiled from settings.ts by tools/codegen
// (generated/check-settings.ts), the hooks for their type, and no unknown key. A typo such as `timout` or a negative
// timeout fails at once, naming the option and the rule, instead of being silently ignored.
import { SETTINGS } from '../generated/check-settings.js';

/** The options that are code or objects (not settings): checked for their kind, never printed by toJSON. */
export const HOOKS: Record<string, 'function' | 'object' | 'array'> = {
  fetch: 'function',
  fetchOptions: 'object',
  middleware: 'array',
  logger: 'object',
  onRequest: 'function',
  onResponse: 'function',
  validators: 'object',
};

export function checkClientOptions(options: object): void {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    // Own keys only: `constructor` or `toString` is an unknown option, not the prototype's.
    if (Object.hasOwn(HOOKS, key)) {
      const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
      if (kind !== HOOKS[key]) problems.push(`options.${key} must be a${HOOKS[key] === 'array' ? 'n' : ''} ${HOOKS[key]}`);
    } else if (Object.hasOwn(SETTINGS, key)) problems.push(...SETTINGS[key]!(value, `options.${key}`));
    else problems.push(`options.${key} is not an option (known: ${[...Object.keys(SETTINGS), ...Object.keys(HOOKS)].join(', ')})`);
  }
  if (problems.length) throw new TypeError(`Invalid client options: ${[...new Set(problems)].join('; ')}`);
}
