// Prism's validating proxy in front of a live deployment: responses pass through unchanged unless they break the
// schema, in which case `--errors` turns them into a 500 VIOLATIONS problem (so Dredd's status check catches
// violations Dredd itself cannot see).
import { SPEC_BUNDLE } from './paths.mjs';
import { startPrism } from './prism.mjs';

/** @param {{upstream: string, port: number, host?: string}} options */
export function startValidatingProxy({ upstream, port, host = '127.0.0.1' }) {
  return startPrism({ args: ['proxy', SPEC_BUNDLE, upstream, '--errors'], port, host });
}
