// Parameters the spec marks case-insensitive (x-case-insensitive) are upper-cased before they are checked, so
// `market=binance` is validated, and handed back, as `BINANCE`. Only a few operations have one, so their generated
// modules bring this (`caseInsensitive`, tools/codegen/src/validators.mjs) and runtime/operation.mjs calls
// it from there: the bundle of any other operation leaves it out (one operation's browser bundle -44 B min+gzip, pnpm bench).

/**
 * The function that upper-cases, in place, the string values of the named parameters.
 * @param {readonly (readonly [string, string])[]} parameters each as [location, name] (['path', 'market']), split by
 *   codegen so a call splits nothing
 * @returns {(params: Record<string, Record<string, unknown>>) => void}
 */
function upperCaseParameters(parameters) {
  return (params) => {
    for (const [location, name] of parameters) {
      const values = /** @type {Record<string, unknown>} */ (params[location]);
      const value = values[name];
      if (typeof value === 'string') values[name] = value.toUpperCase();
    }
  };
}

export { upperCaseParameters };
