// Checks the options given to createClient: the settings against the validator generated from settings.ts, the
// hooks for their type, and no unknown key. A typo such as `timout` or a negative timeout fails at once, naming the
// option and the rule, instead of being silently ignored.
import { validate } from './generated/settings-validator.js';
import schema from './generated/settings-schema.json' with { type: 'json' };

const HOOKS: Record<string, 'function' | 'object'> = { fetch: 'function', onRequest: 'function', onResponse: 'function', validators: 'object', payments: 'object' };

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

function describe(error: AjvError): string {
  const path = `options${error.instancePath.replace(/\/([0-9]+)/g, '[$1]').replaceAll('/', '.')}`;
  if (error.keyword === 'enum') return `${path} must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
  if (error.keyword === 'additionalProperties') return `${path}.${String(error.params.additionalProperty)} is not an option`;
  return `${path} ${error.message ?? 'is invalid'}`;
}

export function checkClientOptions(options: object): void {
  const problems: string[] = [];
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (key in HOOKS) {
      if (typeof value !== HOOKS[key]) problems.push(`options.${key} must be a ${HOOKS[key]}`);
    } else if (key in schema.properties) settings[key] = value;
    else problems.push(`options.${key} is not an option (known: ${[...Object.keys(schema.properties), ...Object.keys(HOOKS)].join(', ')})`);
  }
  if (!validate(settings)) {
    // Branch errors of a union (retry: settings or false) repeat the union's own error; keep the union's.
    const errors = ((validate as unknown as { errors: AjvError[] }).errors).filter((e, _, all) => !all.some((u) => u.keyword === 'anyOf' && e !== u && e.instancePath.startsWith(u.instancePath) && e.keyword !== 'anyOf' && e.instancePath === u.instancePath));
    problems.push(...errors.map(describe));
  }
  if (problems.length) throw new TypeError(`Invalid client options: ${[...new Set(problems)].join('; ')}`);
}
