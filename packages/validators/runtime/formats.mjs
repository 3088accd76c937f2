// The string formats the spec uses, and only those: the generated validators import the ones they check from this
// module instead of ajv-formats' whole table, so a browser bundle of one operation carries the format checks it uses,
// not thirty (pnpm bench, "validator of one operation"). tools/codegen registers the same functions with ajv (byFormat),
// and fails generation on a format missing here, so a new format in the spec is added here first.
// Each function is ajv-formats 3.0.1's full (not fast) format of the same name, copied unchanged (MIT, Copyright (c)
// 2020 Evgeny Poberezkin); runtime/formats.test.ts checks they agree with ajv-formats on generated strings. The JSDoc
// types and assertions are ours (ajv calls a format only with a string).

/** @param {number} year */
function isLeapYear(year) {
  // https://tools.ietf.org/html/rfc3339#appendix-C
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** full-date, RFC 3339 section 5.6 @param {string} str */
function date(str) {
  const matches = /** @type {[string, string, string, string] | null} DATE's three groups always take part */ (DATE.exec(str));
  if (!matches) return false;
  const year = +matches[1];
  const month = +matches[2];
  const day = +matches[3];
  const days = /** @type {number} used only once month is known to be 1..12 */ (DAYS[month]);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : days);
}

const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;

/** full-time with a required time zone, RFC 3339 section 5.6 (leap seconds allowed at 23:59:60 UTC) @param {string} str */
function time(str) {
  // TIME's groups 1-3 always take part in a match; the time zone's (4-7) may not.
  const matches = /** @type {[string, string, string, string, ...(string | undefined)[]] | null} */ (TIME.exec(str));
  if (!matches) return false;
  const hr = +matches[1];
  const min = +matches[2];
  const sec = +matches[3];
  const tz = matches[4];
  const tzSign = matches[5] === '-' ? -1 : 1;
  const tzH = +(matches[6] || 0);
  const tzM = +(matches[7] || 0);
  if (tzH > 23 || tzM > 59 || !tz) return false;
  if (hr <= 23 && min <= 59 && sec < 60) return true;
  const utcMin = min - tzM * tzSign;
  const utcHr = hr - tzH * tzSign - (utcMin < 0 ? 1 : 0);
  return (utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1) && sec < 61;
}

const DATE_TIME_SEPARATOR = /t|\s/i;

/** date-time, RFC 3339 section 5.6 @param {string} str */
function dateTime(str) {
  const parts = str.split(DATE_TIME_SEPARATOR);
  return parts.length === 2 && date(/** @type {string} one of two parts */ (parts[0])) && time(/** @type {string} one of two parts */ (parts[1]));
}

const NOT_URI_FRAGMENT = /\/|:/;
const URI =
  /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;

/** uri, RFC 3986 (http://jmrware.com/articles/2009/uri_regexp/URI_regex.html) @param {string} str */
function uri(str) {
  return NOT_URI_FRAGMENT.test(str) && URI.test(str);
}

export { date, dateTime, uri };

/**
 * Each function by its JSON Schema format name, for tools/codegen: it registers them with ajv, and the generated code
 * imports a format's function by the name it is exported under here (an ES module's bundle then keeps only those).
 */
// Marked pure: a bundler cannot tell that Object.freeze has no side effects, and would otherwise keep this table, and
// through it every format, in a bundle that never reads it (test/tree-shaking.test.ts).
export const byFormat = /* @__PURE__ */ Object.freeze({ date, 'date-time': dateTime, uri });
