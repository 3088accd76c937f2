// The rules of the release gate, one entry each: whether a change under it breaks a consumer, and why, in the words
// the report prints. Direction decides: what a client SENDS (parameters, request bodies, channel parameters, the
// messages it publishes) may only get looser; what it RECEIVES (responses, headers, the events it is sent) may only
// get richer in fields, never looser in shape.
//
// Enum members, by direction: removing a member a client may SEND breaks (it gets 400); adding a member to what a
// client RECEIVES is additive, as Stripe's and GitHub's compatibility policies say (clients must tolerate values they
// do not know; our types are open for that reason), and it is listed in the diff so a reader sees it. Removing a
// member from a response value set is additive too (the client receives fewer distinct values).

/** @typedef {{breaking: boolean, why: string}} Rule */

/** @type {Record<string, Rule>} */
export const RULES = {
  'operation-removed': { breaking: true, why: 'calls to it fail (404), and the typed client loses the method' },
  'operation-renamed': { breaking: true, why: "the operationId is the typed client's method name; code calling the old name stops compiling" },
  'operation-action-changed': { breaking: true, why: 'a stream operation now flows the other way' },
  'parameter-removed': { breaking: true, why: 'a client sending it gets 400, or its code stops compiling' },
  'parameter-required': { breaking: true, why: 'a client that does not send it gets 400' },
  'parameter-serialization-changed': { breaking: true, why: 'the same value is now written differently on the wire (style/explode)' },
  'request-body-required': { breaking: true, why: 'a client that sends no body gets 400' },
  'request-field-required': { breaking: true, why: 'a client that leaves it out gets 400' },
  'request-field-removed': { breaking: true, why: 'the schema forbids unknown fields, so a client that still sends it gets 400' },
  'request-enum-removed': { breaking: true, why: 'a client that sends a value no longer in the set gets 400' },
  'request-type-narrowed': { breaking: true, why: 'a client that sends a value of the dropped type (or null) gets 400' },
  'request-range-narrowed': { breaking: true, why: 'a value that was valid before (range, length, pattern, format, const) is now rejected' },
  'request-media-removed': { breaking: true, why: 'a client sending that content type gets 415' },
  'response-removed': { breaking: true, why: 'a client expecting that success response (or content type) no longer gets it' },
  'response-field-removed': { breaking: true, why: 'code reading the field gets undefined' },
  'response-field-retyped': { breaking: true, why: 'code reading the field may now receive a type (or null) it was not written for' },
  'response-field-optional': { breaking: true, why: 'code that relied on the field being present gets undefined' },
  'response-header-removed': { breaking: true, why: 'code reading the header gets nothing' },
  'security-narrowed': { breaking: true, why: 'a caller authorized the way it was before is refused (401)' },
  'security-scheme-changed': { breaking: true, why: 'credentials sent the documented way (header, name, scheme) are no longer read' },
  'server-removed': { breaking: true, why: 'clients configured with that base URL (or host) stop reaching the API' },
  'server-variable-narrowed': { breaking: true, why: 'a base URL built with the removed variable value no longer matches a server' },
  'channel-removed': { breaking: true, why: 'subscriptions to it fail' },
  'channel-address-changed': { breaking: true, why: 'clients subscribe by address; the old address no longer exists' },
  'channel-parameter-removed': { breaking: true, why: 'channel names built with it no longer match' },
  'message-removed': { breaking: true, why: 'a message a client sends or handles no longer exists' },
  'message-content-type-changed': { breaking: true, why: 'the message is encoded differently' },
  // additive
  'operation-added': { breaking: false, why: 'new capability' },
  'parameter-added': { breaking: false, why: 'optional: existing calls are unaffected' },
  'request-enum-added': { breaking: false, why: 'requests may only loosen: more values accepted' },
  'request-field-added': { breaking: false, why: 'optional: existing calls are unaffected' },
  'request-loosened': { breaking: false, why: 'requests may only loosen' },
  'response-field-added': { breaking: false, why: 'responses may only enrich' },
  'response-enum-added': { breaking: false, why: 'clients tolerate unknown values (Stripe and GitHub policy); listed so a reader sees it' },
  'response-enum-removed': { breaking: false, why: 'a client receives fewer distinct values' },
  'response-added': { breaking: false, why: 'responses may only enrich' },
  'response-header-added': { breaking: false, why: 'responses may only enrich' },
  'security-widened': { breaking: false, why: 'more ways to authenticate' },
  'server-added': { breaking: false, why: 'another base URL' },
  'channel-added': { breaking: false, why: 'new capability' },
  'message-added': { breaking: false, why: 'new capability' },
};

/** @param {string} rule */
export function ruleOf(rule) {
  const found = RULES[rule];
  if (!found) throw new Error(`release gate: unknown rule ${rule}`);
  return found;
}
