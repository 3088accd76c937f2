// The five XML escapes, shared by the JUnit writers of the conformance run and of Dredd's report.
/** @type {(s: unknown) => string} */
export const xmlEscape = (s) =>
  String(s).replace(
    /[<>&'"]/g,
    (c) => /** @type {Record<string, string>} */ ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
